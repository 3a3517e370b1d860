"""Text data files sealed by a checksum of every other byte: the puzzles, the ladder, the learning tree and
the road book (the last two read by :func:`read_sealed_lines`).

The file's first line, its header, ends in `` crc32=`` and eight lowercase hex digits: the CRC-32 of the
file's bytes with those eight digits left out, the header's other fields included. A CRC-32 sees every change
of up to 32 bits in a row, so a damaged byte anywhere, the checksum's own digits too, is refused before any
field is read. The checksum is worked out over bytes, before the text is decoded, so that a damaged byte is
told as damage rather than as text that is not UTF-8, and nothing (a line end turned ``\\r\\n``) is changed
unseen by reading.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from pathlib import Path

from assets import DataFileError, read_data_file

#: What the header's checksum field starts with; the eight digits follow it, and end the header.
CHECKSUM_FIELD = " crc32="
DIGITS = 8
_HEX = frozenset(b"0123456789abcdef")


def seal(text: str) -> str:
    """``text`` with its checksum written in: its first line must end in :data:`CHECKSUM_FIELD` (without
    digits)."""
    newline = text.find("\n")
    header_end = len(text) if newline < 0 else newline
    if not text[:header_end].endswith(CHECKSUM_FIELD):
        raise ValueError(f"the header does not end in {CHECKSUM_FIELD.strip()!r}")
    return f"{text[:header_end]}{zlib.crc32(text.encode('utf-8')):08x}{text[header_end:]}"


def unseal(data: bytes) -> str:
    """The text of ``data`` once its checksum matches; raises ValueError saying what is wrong."""
    header_end = _header_end(data)
    digits = header_end - DIGITS
    checksum = data[digits:header_end]
    if digits < 0 or not data[:digits].endswith(CHECKSUM_FIELD.encode()) or not set(checksum) <= _HEX:
        raise ValueError("the header does not end in a checksum (crc32= and 8 lowercase hex digits)")
    if zlib.crc32(data[header_end:], zlib.crc32(data[:digits])) != int(checksum, 16):
        raise ValueError("checksum mismatch: the file is damaged")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        # Only a writer's fault can get here: the checksum vouches for the bytes.
        raise ValueError("not UTF-8 text") from None


def _header_end(data: bytes) -> int:
    """Where the first line ends (its newline, or the end of a file of one line)."""
    end = data.find(b"\n")
    return len(data) if end < 0 else end


def read_sealed_lines(path: Path, refused: Callable[[Path, str], DataFileError]) -> list[str]:
    """The lines of the sealed text file at ``path``, its header first (each without its line end); raises
    ``refused(path, reason)`` where the file cannot be read, its checksum does not match or its last line
    has no end (a file cut short)."""
    try:
        data = read_data_file(path)
    except OSError as error:
        raise refused(path, f"cannot read it: {error.strerror or error}") from None
    try:
        text = unseal(data)
    except ValueError as error:
        raise refused(path, f"line 1: {error}") from None
    if not text.endswith("\n"):
        raise refused(path, "the last line does not end the file")
    return text[:-1].split("\n")
