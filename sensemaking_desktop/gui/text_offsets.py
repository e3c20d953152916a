"""Python counts characters in code points, Qt in UTF-16 units; these convert between them so a
span or a cursor means the same place on both sides (text with emoji or rare CJK differs)."""


def to_qt(text: str, offset: int) -> int:
    return len(text[:offset].encode("utf-16-le")) // 2


def from_qt(text: str, position: int) -> int:
    return len(text.encode("utf-16-le")[: 2 * position].decode("utf-16-le", errors="ignore"))
