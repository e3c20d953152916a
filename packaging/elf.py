"""Strip what the dynamic loader never reads from the bundle's Linux libraries, and prove it.

The loader maps a library's PT_LOAD segments; everything the program uses lies in its allocated
sections, which those segments carry. The full symbol table (.symtab, .strtab) and the debug
information are not allocated: `strip` removes them. On a library that auditwheel's patchelf
rewrote, strip may also move or cut the segments, which is how a blind full strip broke NumPy's
OpenBLAS ("ELF load command address/offset not page-aligned"). So each library is stripped into
a copy, and the copy is kept only when its `loaded_image` is the original's: every allocated
section with the same bytes at the same address, mapped by a segment with the same permissions,
every segment loadable, and the other program headers (dynamic section, TLS, exception frames,
stack) alike. Where in the file a segment lies, and the padding after its last section, may differ.
"""

import hashlib
import struct
import subprocess
from pathlib import Path

_PT_LOAD = 1
_SHF_ALLOC = 0x2
_SHT_NOBITS = 8
_SHF_TLS = 0x400


def loaded_image(path: Path) -> tuple | None:
    """What the dynamic loader makes of a 64-bit little-endian ELF file, as comparable data; None
    for a file it could not map (or that is not ELF64)."""
    data = path.read_bytes()
    if data[:4] != b"\x7fELF" or data[4:6] != b"\x02\x01":
        return None
    kind, machine, _, entry, program_headers, section_headers = struct.unpack_from("<HHIQQQ", data, 0x10)
    program_size, program_count, section_size, section_count, names_index = struct.unpack_from("<HHHHH", data, 0x36)
    segments = [struct.unpack_from("<IIQQQQQQ", data, program_headers + i * program_size) for i in range(program_count)]
    loads = [segment for segment in segments if segment[0] == _PT_LOAD]
    if any(align > 1 and offset % align != address % align for _, _, offset, address, _, _, _, align in loads):
        return None
    others = sorted(
        (kind_, flags, address, file_size, memory_size, align)
        for kind_, flags, _, address, _, file_size, memory_size, align in segments
        if kind_ != _PT_LOAD
    )
    headers = [
        struct.unpack_from("<IIQQQQIIQQ", data, section_headers + i * section_size) for i in range(section_count)
    ]
    names_offset = headers[names_index][4] if section_count else 0
    sections = []
    for name, section_kind, flags, address, _, size, *_ in headers:
        if not flags & _SHF_ALLOC or size == 0:
            continue
        if section_kind == _SHT_NOBITS and flags & _SHF_TLS:
            mapping = (None, 0)  # .tbss takes no room in a segment: PT_TLS (in `others`) sizes it
        else:
            mapping = _mapping(loads, address, size, section_kind == _SHT_NOBITS)
        if mapping is None:
            return None
        segment_flags, file_offset = mapping
        content = b"" if section_kind == _SHT_NOBITS else data[file_offset : file_offset + size]
        label = data[names_offset + name : data.index(b"\0", names_offset + name)]
        sections.append((label, section_kind, address, size, segment_flags, hashlib.sha256(content).digest()))
    load_shapes = sorted((flags, address, align) for _, flags, _, address, _, _, _, align in loads)
    return (kind, machine, entry), tuple(load_shapes), tuple(others), tuple(sorted(sections))


def _mapping(loads: list[tuple], address: int, size: int, zero_filled: bool) -> tuple[int, int] | None:
    """(flags, file offset) of the segment that maps [address, address + size): from the file, or
    for a zero-filled section (.bss) within the segment's memory size."""
    for _, flags, offset, start, _, file_size, memory_size, _ in loads:
        end = start + (memory_size if zero_filled else file_size)
        if start <= address and address + size <= end:
            return flags, offset + address - start
    return None


def strip_libraries(folder: Path) -> tuple[int, list[Path]]:
    """Strip each shared library under `folder` of its symbol table and debug information where
    that leaves its `loaded_image` unchanged (else of the debug information alone, if that does);
    the bytes saved and the libraries left as they were."""
    saved, kept = 0, []
    for path in sorted(folder.rglob("*.so*")):
        if path.is_symlink() or not path.is_file():
            continue
        sections = subprocess.run(["readelf", "-S", "-W", str(path)], capture_output=True, text=True).stdout
        if ".symtab" not in sections and ".debug_" not in sections:
            continue
        original = loaded_image(path)
        stripped = path.with_name(path.name + ".stripped")
        for mode in ("--strip-all", "--strip-debug"):
            subprocess.run(["strip", mode, "-o", str(stripped), str(path)], check=True)
            if original is not None and loaded_image(stripped) == original:
                saved += path.stat().st_size - stripped.stat().st_size
                stripped.chmod(path.stat().st_mode)
                stripped.replace(path)
                break
        else:
            stripped.unlink()
            kept.append(path)
    return saved, kept
