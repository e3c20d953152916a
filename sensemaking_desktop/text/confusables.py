"""Forms of a text for matching phrases that someone may have disguised.

A person can hide "ignore previous instructions" from a plain pattern while a language model
still reads it: full-width or mathematical letters (𝐢𝐠𝐧𝐨𝐫𝐞), zero-width characters inside words
(ign\u200bore), and letters of another script that look the same (Cyrillic "о" and "е" in
"ignоrе"). `matching_forms` gives the text as NFKC with format characters removed, and, where a
word mixes Latin with Cyrillic or Greek, that word with its look-alikes folded either way. A word
written in one script is never folded, so genuine Ukrainian, Czech or Greek text is matched as
written. The forms are for matching only; the text graded or stored is never changed here.
"""

import re
import unicodedata

_TO_LATIN = str.maketrans(
    # Cyrillic
    "аеіјорсухѕһԁԛԝАВЕКМНОРСТХІЈЅУҮ"
    # Greek
    "αεικνορτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeijopcyxshdqwABEKMHOPCTXIJSYYaeikvoptuxABEZHIKMNOPTYX",
)
_LATIN_VARIANTS = str.maketrans("ıȷɡɑ", "ijga")
"""Latin letters that NFKC leaves alone and that pass for ASCII ones (dotless i, script g)."""
_TO_CYRILLIC = str.maketrans("aeiopcyxAEIOPCTXBHKM", "аеіорсухАЕІОРСТХВНКМ")
_WORD = re.compile(r"\w+")


def matching_forms(text: str) -> list[str]:
    """The distinct forms of `text` to match against: normalised, then with mixed-script words
    folded to Latin and to Cyrillic (only where that changes something)."""
    plain = normalised(text)
    forms = [plain]
    for table, script in ((_TO_LATIN, "LATIN"), (_TO_CYRILLIC, "CYRILLIC")):
        folded = _fold_mixed_words(plain, table, script)
        if folded not in forms:
            forms.append(folded)
    return forms


def normalised(text: str) -> str:
    """NFKC (full-width, mathematical and ligature letters as plain ones) without format
    characters (zero-width spaces and joiners, soft hyphens, direction marks, byte-order marks),
    and the Latin variants above as ASCII letters."""
    composed = unicodedata.normalize("NFKC", text).translate(_LATIN_VARIANTS)
    return "".join(char for char in composed if unicodedata.category(char) != "Cf")


def _fold_mixed_words(text: str, table: dict[int, str], script: str) -> str:
    """Fold the look-alikes in each word that holds letters of more than one script, towards `script`."""
    return _WORD.sub(lambda word: _fold(word.group(), table, script), text)


def _fold(word: str, table: dict[int, str], script: str) -> str:
    scripts = {_script(char) for char in word if char.isalpha()}
    if len(scripts) < 2 or (script == "CYRILLIC" and "CYRILLIC" not in scripts):
        return word
    return word.translate(table)


def _script(char: str) -> str:
    """The script a letter belongs to, by its Unicode name's first word (LATIN, CYRILLIC, GREEK...)."""
    return unicodedata.name(char, "UNKNOWN").split(" ", 1)[0]
