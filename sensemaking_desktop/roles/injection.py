"""Instructions to the grader hidden in an answer: found sentence by sentence and removed before grading.

An audit raised grades by up to 12 points with injected lines the first patterns missed: German
paraphrases, Czech, and English disguised with zero-width characters or Cyrillic look-alike
letters (issue 32). So each sentence is matched in every form `text.confusables.matching_forms`
gives (NFKC, format characters removed, mixed-script words folded), against phrases in the
languages the app grades in (English, German, Czech, Ukrainian, with Russian's near forms) and
their common paraphrases: ignoring the instructions, asking for a grade, claiming the grade the
answer deserves, addressing the grader, and chat-template tokens.

A pattern pairs a verb aimed at the grader with what an answer never needs to say ("full marks",
"previous instructions"), so a genuine answer that gives, ignores or rates something is left alone.
"""

import re
from dataclasses import dataclass

from sensemaking_desktop.text.confusables import matching_forms

_HIGH_GRADE = (
    r"(\b100\b|\bfull (marks?|points?|score|credit)|\bmaximum (grade|score|points|marks?)|\b5\s*/\s*5\b"
    r"|\b5 out of 5\b|\btop (score|grade|marks?)|\bperfect (score|grade|marks?)|\ban a\b|\ba\+)"
)
_ENGLISH = [
    r"\b(ignore|disregard|forget|override|bypass|set aside)\b.{0,60}"
    r"\b(instructions?|above|previous|prior|rubric|rules|prompt|guidelines|criteria|everything before)\b",
    r"\b(do not|don't|never) (follow|apply)\b.{0,30}\b(instructions?|rubric|guidelines|grading criteria)\b",
    r"\bnew (instructions?|task|rules)\s*:",
    r"\b(give|award|assign)\b.{0,20}\b(me|this( answer)?|the (student|answer)|it|him|her)\b.{0,30}" + _HIGH_GRADE,
    r"\bplease\b.{0,30}" + _HIGH_GRADE,
    r"\b(grade|score|rate|mark)\b (this|me|it|my answer)\b.{0,30}" + _HIGH_GRADE,
    r"\b(this|my) answer (is|should be) (graded|scored|rated|marked)\b",
    r"\b(this|my|the) answer (deserves|merits|earns|is worth|must get|should get)\b.{0,30}" + _HIGH_GRADE,
    r"\b(mark|treat|count|consider|accept) (this|my|the) answer as (fully )?(correct|right|perfect|excellent)\b",
    r"\b(the )?(correct|right|appropriate) (grade|score|mark) (is|would be|for this)\b",
    r"\byou (are|must|should|will) (now )?(an? )?(grader|evaluator|assistant|ai|model|give|grade|award|score)\b",
    r"\bas an? (ai|language model|grader|evaluator)\b",
    r"^\s*(system|assistant)\s*:",
    r"<\|[a-z_]+\|>|\[/?inst\]|<</?sys>>|<start_of_turn>|<end_of_turn>",
    r"\b(grader|evaluator|examiner|marker)s?\b.{0,40}\b(should|must|please|need to)\b",
    r"\banswer>>>|<<<answer\b",
]
_GERMAN_HIGH = r"(\b(volle|maximale|höchste|beste)\w* (punkt|note|bewertung)\w*|\b100 ?(punkt\w*|%|prozent)|\bbestnote)"
_CZECH_HIGH = (
    r"(\b100 ?(bod\w*|%|procent)|\bpln\w* (počet|počtem|počtu)|\bmaxim\w* (počet|bod\w*|hodnocení)"
    r"|\bnejvyšší\w* (počet|hodnocení|známk\w*)|\bna výbornou\b|\bjedničk\w*)"
)
_UKRAINIAN_HIGH = (
    r"(\b100 ?(бал\w*|%|відсот\w*)|\b12 бал\w*|\b(максимальн|найвищ|высш|повн)\w* (бал|оцінк|оценк)\w*"
    r"|\bвідмінно\b)"
)
_GERMAN = [
    r"\b(ignoriere|ignorier|ignorieren sie|vergiss|vergessen sie|missachte|missachten sie|übergehe|überspringe)\b"
    r".{0,60}\b(anweisung\w*|vorgaben|regeln|oben|bisherig\w*|vorherig\w*|kriterien|bewertungsschema|prompt)\b",
    r"\bneue (anweisung\w*|aufgabe|regeln)\s*:",
    r"\b(gib|gebt|geben sie|vergib|vergeben sie)\b.{0,40}" + _GERMAN_HIGH,
    r"\b(volle|maximale) punkt(zahl|e)\b|\bbestnote\b|\bhöchstpunktzahl\b",
    r"\b(bewerte|benote|bewerten sie|benoten sie)\b.{0,40}\b(100|5\s*/\s*5|voll\w*|sehr gut)\b",
    r"\b(diese|meine|die) antwort (verdient|bekommt|erhält|muss|soll)\b.{0,40}(" + _GERMAN_HIGH + r"|\beine 1\b)",
    r"\bich (verdiene|bekomme|erhalte)\b.{0,30}" + _GERMAN_HIGH,
    r"\b(werte|werten sie|betrachte|behandle|zähle) (diese|meine|die) antwort\b.{0,20}"
    r"\bals (richtig|korrekt|perfekt|vollständig)\b",
    r"^\s*(liebe[rs]? )?(bewerter\w*|prüfer\w*|korrektor\w*)\s*[,:]",
    r"\b(bewerter\w*|prüfer\w*|korrektor\w*)\b.{0,40}\bbitte\b",
    r"\bdu bist (jetzt|nun|ab sofort)\b.{0,30}\b(bewerter|prüfer|assistent|ki|modell)\b",
]
_CZECH = [
    r"\b(ignoruj|ignorujte|zapomeň|zapomeňte|nedbej|nedbejte|přeskoč|přeskočte|nerespektuj|nerespektujte)\b"
    r".{0,60}\b(pokyn\w*|instrukc\w*|pravid\w*|zadání|výše|kritéri\w*)",
    r"\bnové (pokyny|instrukce|zadání)\s*:",
    r"\b(dej|dejte|přiděl|přidělte|uděl|udělte|ohodnoť|ohodnoťte|oznámkuj|oznámkujte|hodnoť|hodnoťte)\b.{0,40}"
    + _CZECH_HIGH,
    r"(\b(odpověď|řešení)\b.{0,20}\bzaslouží|\bzasloužím si)\b.{0,40}" + _CZECH_HIGH,
    r"\b(považuj|považujte|ber|berte|označ|označte) (tuto|mou|moji|tu|tuhle) odpověď\b.{0,20}"
    r"\bza (správn\w*|perfektní|bezchybn\w*)",
    r"^\s*(hodnotiteli|zkoušející|opravující)\s*[,:]",
    r"\b(hodnotitel\w*|zkoušející|opravující)\b.{0,40}\bprosím\b",
]
_UKRAINIAN = [
    r"\b(ігноруй|ігноруйте|игнорируй|игнорируйте|забудь|забудьте|не зважай|не зважайте|знехтуй|знехтуйте)\b"
    r".{0,60}\b(інструкці\w*|инструкци\w*|вказів\w*|указани\w*|правил\w*|попередн\w*|предыдущ\w*|вище|выше|критері\w*)",
    r"\bнові (інструкції|вказівки|правила)\s*:",
    r"\b(постав|поставте|поставь|поставьте|дай|дайте|оціни|оцініть|оцени|оцените|вистав|виставте)\b.{0,40}"
    + _UKRAINIAN_HIGH,
    r"\b(відповідь|ответ|я)\b.{0,20}\b(заслуговує|заслуговую|заслуживает|заслуживаю)\b.{0,40}" + _UKRAINIAN_HIGH,
    r"\b(вважай|вважайте|зарахуй|зарахуйте|прийми|прийміть) (цю|мою) відповідь\b.{0,20}"
    r"\b(правильн\w*|ідеальн\w*|бездоганн\w*)",
    r"^\s*(оцінювачу|екзаменаторе|перевіряючий)\s*[,:]",
    r"\b(оцінювач\w*|екзаменатор\w*)\b.{0,40}\bбудь ласка\b",
]
_INJECTION = re.compile(
    "|".join(f"(?:{pattern})" for pattern in _ENGLISH + _GERMAN + _CZECH + _UKRAINIAN), re.IGNORECASE
)
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|\n|$)")


@dataclass(frozen=True)
class Injection:
    """The answer with any sentences addressed to the grader removed, and those sentences."""

    cleaned: str
    removed: list[str]


def find_injection(answer: str) -> Injection:
    """Split off the sentences that try to instruct the grader; the rest is what gets graded."""
    kept, removed = [], []
    for match in _SENTENCE.finditer(answer):
        sentence = match.group()
        (removed if speaks_to_grader(sentence) else kept).append(sentence)
    return Injection(cleaned=re.sub(r"\s+", " ", "".join(kept)).strip(), removed=[s.strip() for s in removed])


def speaks_to_grader(sentence: str) -> bool:
    """Whether any form of `sentence` (disguises undone) matches an instruction to the grader."""
    return any(_INJECTION.search(form) for form in matching_forms(sentence))
