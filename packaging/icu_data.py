"""Leave out of Qt's ICU data library (libicudata.so, 32 MB) the parts no code in the bundle can reach.

Only Qt links to ICU in the Linux bundle, and the ICU functions QtCore imports are collation
(ucol_*: QCollator), case mapping with a locale (u_strToUpper/Lower: QLocale::toUpper/toLower),
character-set converters (ucnv_*: QStringConverter for encodings Qt has no codec of its own for)
and time zones (ucal_open, ucal_getCanonicalTimeZoneID, ucal_getTimeZoneDisplayName: QTimeZone).
Qt formats numbers, dates, currencies and the names of languages and countries from its own CLDR
tables, finds word and line breaks with its own Unicode tables, and never transliterates or
spells numbers out. So these ICU data trees are never opened, and go (15 MB):

    lang/ region/ curr/ unit/   display names of languages, regions, currencies, units
    brkitr/                     break iterator rules and dictionaries
    translit/ rbnf/             transliterators, spelled-out numbers

Kept, item for item unchanged: collation (coll/), time zones (zone/, zoneinfo64 and the other
top-level tables), the locales' own data, converters (*.cnv, cnvalias.icu), normalisation and
property data. packaging/README.md has the evidence (`packaging/check_icu.py`): QCollator,
toUpper/toLower, time zone names and every converter give the same results with either library.

The data is ICU's "common data" package (the icudtNN_dat symbol): a data header, a table of
contents (count, then name and data offsets relative to the table, names sorted), the names,
and the items, each 16-byte aligned. The smaller package is written the same way and linked
into a library with the same soname and symbol by the system's C compiler.
"""

import re
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

DROPPED_TREES = ("lang", "region", "curr", "unit", "brkitr", "translit", "rbnf")
ICU_IMPORTS = re.compile(r"^(ucol|ucnv|ucal|u_strTo(Upper|Lower)|UCNV_(FROM|TO)_U_CALLBACK)")
"""The ICU functions the trees above are out of reach of; `trim_library` refuses when the
bundle imports any other."""
_ALIGN = 16
_PAD = b"\xaa"
"""What pkgdata fills alignment gaps with."""


def unpack(blob: bytes) -> tuple[bytes, list[tuple[str, bytes]]]:
    """The data header and the items (name, bytes up to the next item) of a common data package."""
    (header_size,) = struct.unpack_from("<H", blob, 0)
    if blob[2:4] != b"\xda\x27" or blob[12:16] != b"CmnD":
        raise ValueError("not an ICU common data package")
    (count,) = struct.unpack_from("<I", blob, header_size)
    entries = [struct.unpack_from("<II", blob, header_size + 4 + 8 * index) for index in range(count)]
    items = []
    for index, (name_offset, data_offset) in enumerate(entries):
        start = header_size + name_offset
        name = blob[start : blob.index(b"\0", start)].decode("ascii")
        end = header_size + entries[index + 1][1] if index + 1 < count else len(blob)
        items.append((name, blob[header_size + data_offset : end]))
    return blob[:header_size], items


def pack(header: bytes, items: list[tuple[str, bytes]]) -> bytes:
    """A common data package of these items, laid out as ICU's pkgdata lays it out."""
    names = b"".join(name.encode("ascii") + b"\0" for name, _ in items)
    table_size = 4 + 8 * len(items)
    first = _aligned(len(header) + table_size + len(names)) - len(header)
    entries, name_offset, data_offset = [], table_size, first
    for name, data in items:
        entries.append(struct.pack("<II", name_offset, data_offset))
        name_offset += len(name) + 1
        data_offset += _aligned(len(data))
    body = [struct.pack("<I", len(items)), *entries, names, _PAD * (first - table_size - len(names))]
    body += [data + _PAD * (_aligned(len(data)) - len(data)) for _, data in items]
    return header + b"".join(body)


def _aligned(size: int) -> int:
    return (size + _ALIGN - 1) // _ALIGN * _ALIGN


def _dropped(name: str, dropped: tuple[str, ...] = DROPPED_TREES) -> bool:
    """`icudt73l/lang/de.res` is in the lang tree; `icudt73l/de.res` in none."""
    parts = name.split("/")
    return len(parts) > 2 and parts[1] in dropped


def trimmed(blob: bytes, dropped: tuple[str, ...] = DROPPED_TREES) -> bytes:
    header, items = unpack(blob)
    return pack(header, [(name, data) for name, data in items if not _dropped(name, dropped)])


def data_symbol(library: Path) -> tuple[str, bytes]:
    """The icudtNN_dat symbol's name and bytes in a libicudata library."""
    symbols = subprocess.run(["readelf", "--dyn-syms", "-W", str(library)], capture_output=True, text=True).stdout
    match = re.search(
        r"^\s*\d+:\s+([0-9a-f]+)\s+(\d+|0x[0-9a-f]+)\s+OBJECT\s+GLOBAL\s+\S+\s+\d+\s+(icudt\d+_dat)$", symbols, re.M
    )
    if match is None:
        raise ValueError(f"{library.name} has no icudtNN_dat symbol")
    address, size = int(match.group(1), 16), int(match.group(2), 0)
    sections = subprocess.run(["readelf", "-S", "-W", str(library)], capture_output=True, text=True).stdout
    for line in sections.splitlines():
        fields = re.match(r"\s*\[\s*\d+\]\s+\S+\s+PROGBITS\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)", line)
        if fields:
            start, offset, length = (int(value, 16) for value in fields.groups())
            if start <= address < start + length:
                data = library.read_bytes()[offset + address - start : offset + address - start + size]
                return match.group(3), data
    raise ValueError(f"{library.name}: no section holds {match.group(3)}")


def build_library(blob: bytes, symbol: str, soname: str, target: Path, compiler: str) -> None:
    """A shared library with `soname` that exports `symbol` holding `blob`, as ICU's own does."""
    with tempfile.TemporaryDirectory() as scratch:
        (Path(scratch) / "data.bin").write_bytes(blob)
        source = Path(scratch) / "data.S"
        source.write_text(
            f"\t.section .rodata\n\t.balign {_ALIGN}\n\t.globl {symbol}\n\t.type {symbol}, @object\n"
            f'{symbol}:\n\t.incbin "data.bin"\n\t.size {symbol}, . - {symbol}\n'
            '\t.section .note.GNU-stack,"",@progbits\n'
        )
        subprocess.run(
            [compiler, "-shared", "-nostdlib", "-o", str(target.resolve()), f"-Wl,-soname,{soname}", "data.S"],
            cwd=scratch,
            check=True,
        )


def imported_icu_functions(folder: Path, version: str) -> set[str]:
    """The ICU functions (`ucol_open_73`: ICU names carry its major version) that the bundle's
    libraries other than ICU's own import."""
    found = set()
    for path in folder.rglob("*.so*"):
        if path.is_symlink() or not path.is_file() or path.name.startswith("libicu"):
            continue
        symbols = subprocess.run(["readelf", "--dyn-syms", "-W", str(path)], capture_output=True, text=True).stdout
        found |= set(re.findall(rf"\bUND\s+(\w+_{version})(?:@\S+)?$", symbols, re.M))
    return found


def trim_library(folder: Path) -> int:
    """Replace the bundle's libicudata with one without DROPPED_TREES; the bytes saved (0 when
    there is none, no C compiler, or the bundle imports ICU functions beyond ICU_IMPORTS)."""
    libraries = [path for path in folder.rglob("libicudata.so*") if path.is_file() and not path.is_symlink()]
    compiler = shutil.which("cc") or shutil.which("gcc")
    if not libraries or compiler is None:
        print("ICU data left whole: " + ("no libicudata" if not libraries else "no C compiler"))
        return 0
    saved = 0
    for library in libraries:
        version = library.name.rsplit(".so.", 1)[-1].split(".")[0]
        unexpected = {name for name in imported_icu_functions(folder, version) if not ICU_IMPORTS.match(name)}
        if unexpected:
            print(f"ICU data left whole: the bundle imports {', '.join(sorted(unexpected))}")
            return 0
        symbol, blob = data_symbol(library)
        smaller = trimmed(blob)
        replacement = library.with_name(library.name + ".trimmed")
        build_library(smaller, symbol, library.name, replacement, compiler)
        kept = [(name, data) for name, data in unpack(blob)[1] if not _dropped(name)]
        padded = [(name, data + _PAD * (_aligned(len(data)) - len(data))) for name, data in kept]
        if data_symbol(replacement) != (symbol, smaller) or unpack(smaller)[1] != padded:
            replacement.unlink()
            raise SystemExit(f"the trimmed {library.name} does not hold what was meant")
        saved += library.stat().st_size - replacement.stat().st_size
        replacement.chmod(library.stat().st_mode)
        replacement.replace(library)
    return saved
