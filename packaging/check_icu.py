"""Check that Qt gives the same results with a trimmed ICU data library (icu_data.py) as with its own.

    python packaging/check_icu.py dist/sensemaking-desktop/_internal/PySide6/Qt/lib/libicudata.so.73

Runs this file's `probe` twice in a Python that has PySide6 built against the same ICU: once as
it is, once with the trimmed library preloaded (LD_PRELOAD: the loader then takes it for the one
QtCore's ICU asks for by soname), and compares what Qt's ICU-backed functions return: for every
locale Qt knows, QCollator's order of a word list (plain and numeric), toUpper and toLower, and
time zone names (standard, daylight and generic; long, short and offset); and the converters
QStringConverter lists, and whether each opens (PySide6 cannot run one; their data, *.cnv,
stay byte for byte). Exits 1 on any difference.
"""

import functools
import json
import os
import subprocess
import sys
from pathlib import Path

WORDS = (
    "Äpfel apfel Apfel Zebra ähnlich Österreich Ostern čaj Chata cha hrad ch Ångström Ærø ß ss straße Strasse "
    "İstanbul ıslak Iğdır ǅemal Ĳssel ijs 10 9 1.5 a-b ab a_b résumé resume Résumé ﬁnal ΐ Ωμέγα щука шар "
    "ґанок їжак 漢字 かな カナ 한글 ท้อง ꦗꦮ"
).split()
CASE_SAMPLE = "istanbul İI ıi ß ǆǅ ΐ ﬁ Ŀ ĳ Σίσυφος ΌΣΟΣ ǰ i̇"
ZONES = ("Europe/Prague", "Europe/Kyiv", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC")


def probe() -> dict:
    from PySide6.QtCore import QCollator, QLocale, QStringConverter, QStringDecoder, QStringEncoder, QTimeZone

    maps = Path("/proc/self/maps").read_text().splitlines()
    result: dict = {
        "icudata": sorted({line.split()[-1] for line in maps if "libicudata" in line}),
        "locales": {},
        "converters": {},
    }
    locales = QLocale.matchingLocales(
        QLocale.Language.AnyLanguage, QLocale.Script.AnyScript, QLocale.Country.AnyTerritory
    )
    times = (QTimeZone.TimeType.StandardTime, QTimeZone.TimeType.DaylightTime, QTimeZone.TimeType.GenericTime)
    names = (QTimeZone.NameType.LongName, QTimeZone.NameType.ShortName, QTimeZone.NameType.OffsetName)
    zones = [QTimeZone(zone.encode()) for zone in ZONES]
    for locale in locales:
        collator = QCollator(locale)
        plain = sorted(WORDS, key=functools.cmp_to_key(collator.compare))
        collator.setNumericMode(True)
        numeric = sorted(WORDS, key=functools.cmp_to_key(collator.compare))
        zone_names = [zone.displayName(time, name, locale) for zone in zones for time in times for name in names]
        result["locales"][locale.bcp47Name() + "|" + locale.name()] = [
            plain,
            numeric,
            locale.toUpper(CASE_SAMPLE),
            locale.toLower(CASE_SAMPLE),
            zone_names,
        ]
    for codec in QStringConverter.availableCodecs():  # PySide6 cannot call a converter; the *.cnv data are kept
        decoder, encoder = QStringDecoder(codec), QStringEncoder(codec)
        result["converters"][codec] = [decoder.isValid(), decoder.name(), encoder.isValid(), encoder.name()]
    return result


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments == ["--probe"]:
        print(json.dumps(probe(), ensure_ascii=False), flush=True)
        os._exit(0)  # PySide6 6.x can abort while finalising the interpreter after QStringDecoder use
    trimmed = Path(arguments[0]).resolve()
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    runs = []
    for preload in (None, str(trimmed)):
        env = {**environment, **({"LD_PRELOAD": preload} if preload else {})}
        output = subprocess.run(
            [sys.executable, __file__, "--probe"], env=env, capture_output=True, text=True, check=True
        )
        runs.append(json.loads(output.stdout))
    whole, smaller = runs
    if smaller["icudata"] != [str(trimmed)] or whole["icudata"] == smaller["icudata"]:
        raise SystemExit(f"the trimmed library was not the one loaded: {whole['icudata']} {smaller['icudata']}")
    locale_differences = [name for name in whole["locales"] if whole["locales"][name] != smaller["locales"].get(name)]
    codec_differences = [
        name for name in whole["converters"] if whole["converters"][name] != smaller["converters"].get(name)
    ]
    zone_names = sum(len(values[4]) for values in whole["locales"].values())
    print(
        f"{len(whole['locales'])} locales (collation of {len(WORDS)} words plain and numeric, case mapping, "
        f"{zone_names} time zone names), {len(whole['converters'])} converters: "
        f"{len(locale_differences)} locales and {len(codec_differences)} converters differ"
    )
    for name in locale_differences[:5] + codec_differences[:5]:
        print("  differs:", name)
    return 1 if locale_differences or codec_differences else 0


if __name__ == "__main__":
    raise SystemExit(main())
