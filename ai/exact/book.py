"""The Connect Four opening book: exact scores of 7 x 6 positions that take the solver long, read from a file.

The book is made by ``tools/make_book.py`` with the project's own solver and shipped as
``assets/c4-book-7x6.bin``; :class:`ai.exact.analysis.ExactAnalyzer` looks positions up in it before solving.
It
holds a position's exact score in the benchmark convention (see :func:`ai.score.to_benchmark`), for the side
to move. A position and its mirror image (columns in reverse order) have the same score, so only one of them
is stored, under the smaller of their two keys (:func:`canonical_key`).

File format, all integers little-endian::

    offset  size  what
    0       8     magic b"PONDERBK"
    8       1     format version (3)
    9       1     board width
    10      1     board height
    11      1     the deepest ply (stones played) of any position held
    12      4     number of entries N
    16      4     CRC-32 of every other byte of the file: the header's first 16 bytes, then the compressed
                  entries
    20      ...   the entries' bytes in eight planes (byte 0 of every entry, then byte 1 of every entry, ...,
                  byte 7), compressed by zlib (RFC 1950)

An entry is ``canonical key << 8 | (score + 128)``; the entries are sorted ascending. A key is Pons' key of
the position, the side to move's stones plus the occupied cells on the bitboard layout of
:mod:`game.kinarow` (below 2**49 on 7 x 6), so an entry is one unsigned 64-bit word and a lookup is a binary
search. In sorted order the high bytes of neighbouring entries are nearly always equal, so their planes
shrink to almost nothing: the file is a fifth of the entries' size. Loading reads the file once, checks its
header, size and checksum, and refuses anything else with a :class:`BookError` naming the file and the
reason apart (the window names the file alone, the command line and the log its path); the game then warns
once and solves instead. Every byte of the file is checked: the checksum covers all the others
(a CRC-32 sees every change of up to 32 bits in a row), and the checksum's own bytes must match them. Files
of the earlier formats (1: the entries uncompressed; 2: a checksum of the entries alone, so that a changed
header byte such as the deepest ply went unseen) are refused, naming their version.
"""

from __future__ import annotations

import os
import struct
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Iterable
from pathlib import Path

from ai.file_problems import BookProblem
from assets import DataFileError, asset_path, read_data_file
from game.problems import Problem

MAGIC = b"PONDERBK"
VERSION = 3
#: More entries than any book of this program holds: a header claiming more is corrupt (and would ask the
#: decompressor for gigabytes).
MAX_ENTRIES = 1 << 26
ENTRY_BYTES = 8
HEADER = struct.Struct("<8sBBBBII")
#: The header's bytes before its checksum, which the checksum covers (with everything after the header).
CHECKED_HEADER_BYTES = HEADER.size - 4
#: Where the game finds its book.
BOOK_PATH = asset_path("c4-book-7x6.bin")


class BookError(DataFileError):
    """A book file that cannot be used (missing, truncated, corrupt, or for another board)."""


def mirror_key(key: int, width: int, height: int) -> int:
    """The key of the mirror image: each column's ``height + 1`` bits moved to the mirrored column."""
    bits = height + 1
    column = (1 << bits) - 1
    mirrored = 0
    for index in range(width):
        mirrored |= ((key >> (index * bits)) & column) << ((width - 1 - index) * bits)
    return mirrored


def canonical_key(key: int, width: int, height: int) -> int:
    """The key a position and its mirror image are stored under: the smaller of the two."""
    return min(key, mirror_key(key, width, height))


class OpeningBook:
    """Exact scores by canonical key for one board size (see the module docstring)."""

    def __init__(self, width: int, height: int, max_ply: int, entries: array[int]) -> None:
        self.width, self.height, self.max_ply = width, height, max_ply
        self._entries = entries

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def entries(self) -> array[int]:
        """The entries (``canonical key << 8 | (score + 128)``, ascending), as native 64-bit
        words: the compiled solver core reads them in place. Not to be changed."""
        return self._entries

    def score(self, key: int) -> int | None:
        """The exact score of the position with Pons key ``key`` (for the side to move), or None if absent."""
        wanted = canonical_key(key, self.width, self.height)
        index = bisect_left(self._entries, wanted << 8)
        if index < len(self._entries) and self._entries[index] >> 8 == wanted:
            return (self._entries[index] & 255) - 128
        return None

    def items(self) -> Iterable[tuple[int, int]]:
        """``(canonical key, score)`` of every entry, in key order."""
        return (((entry >> 8), (entry & 255) - 128) for entry in self._entries)

    @classmethod
    def load(cls, path: Path) -> OpeningBook:
        """Reads a book file; raises BookError saying why it cannot be used."""
        try:
            data = read_data_file(Path(path))
        except OSError as error:
            unreadable = Problem.of(BookProblem.UNREADABLE, reason=error.strerror or str(error))
            raise BookError(path, unreadable) from None
        if len(data) < HEADER.size:
            raise BookError(path, Problem.of(BookProblem.NO_HEADER))
        magic, version, width, height, max_ply, count, checksum = HEADER.unpack_from(data)
        if magic != MAGIC:
            raise BookError(path, Problem.of(BookProblem.NOT_A_BOOK))
        if version != VERSION:
            raise BookError(path, Problem.of(BookProblem.WRONG_VERSION, version=version, expected=VERSION))
        if count > MAX_ENTRIES:
            raise BookError(path, Problem.of(BookProblem.TOO_MANY_ENTRIES, count=count))
        stored = memoryview(data)[HEADER.size :]
        if _checksum(data[:CHECKED_HEADER_BYTES], stored) != checksum:
            raise BookError(path, Problem.of(BookProblem.CHECKSUM))
        body = _unpack_planes(_inflate(path, stored, count), count)
        if len(body) != ENTRY_BYTES * count:
            raise BookError(path, Problem.of(BookProblem.WRONG_SIZE, size=len(body), count=count))
        # The checksum vouches for the header as written, not for its writer: the solver's core refuses a
        # deepest ply beyond the board's cells, so such a book is refused here, where the reason is told.
        if not (0 < width and 0 < height and max_ply < width * height):
            raise BookError(path, f"corrupt, a {width} x {height} board to ply {max_ply}")
        entries = array("Q")
        entries.frombytes(body)
        if sys.byteorder != "little":
            entries.byteswap()
        # The order of the entries is the writer's contract (``write`` sorts, the book's tests check the
        # shipped file): checking it here would hold the GIL for about 80 ms, and a wrong order is no damage
        # the checksum would miss.
        return cls(width, height, max_ply, entries)

    @staticmethod
    def write(path: Path, width: int, height: int, max_ply: int, scores: dict[int, int]) -> None:
        """Writes ``scores`` (canonical key -> score) as a book file, atomically (a temporary file
        renamed)."""
        entries = array("Q", sorted((key << 8) | (score + 128) for key, score in scores.items()))
        if sys.byteorder != "little":
            entries.byteswap()
        body = entries.tobytes()
        planes = b"".join(body[index::ENTRY_BYTES] for index in range(ENTRY_BYTES))
        stored = zlib.compress(planes, 9)
        checked = HEADER.pack(MAGIC, VERSION, width, height, max_ply, len(entries), 0)[:CHECKED_HEADER_BYTES]
        header = checked + struct.pack("<I", _checksum(checked, stored))
        path = Path(path)
        partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        partial.write_bytes(header + stored)
        os.replace(partial, path)


def _checksum(checked_header: bytes, stored: bytes | memoryview) -> int:
    """The CRC-32 the header stores: of its bytes before the checksum, then of the compressed entries."""
    return zlib.crc32(stored, zlib.crc32(checked_header))


def _inflate(path: Path, stored: memoryview, count: int) -> bytes:
    """The decompressed planes of a version 2 book: at most one byte more than ``count`` entries take, so that
    a corrupt file cannot make the reader allocate more. (zlib works without the GIL.)"""
    inflater = zlib.decompressobj()
    try:
        planes = inflater.decompress(stored, ENTRY_BYTES * count + 1)
    except zlib.error as error:
        raise BookError(path, f"corrupt, {error}") from None
    if not inflater.eof:
        raise BookError(path, "truncated or extra bytes, its compressed entries do not end well")
    if inflater.unused_data:
        raise BookError(path, "extra bytes after its compressed entries")
    return planes


def _unpack_planes(planes: bytes, count: int) -> bytes | bytearray:
    """The entries' bytes in entry order from their eight planes (see the module docstring); a wrong length
    is returned as it is, for the caller to refuse."""
    if len(planes) != ENTRY_BYTES * count:
        return planes
    body = bytearray(len(planes))
    for index in range(ENTRY_BYTES):
        body[index::ENTRY_BYTES] = planes[index * count : (index + 1) * count]
    return body


_shipped: OpeningBook | BookError | None = None


def shipped_book() -> OpeningBook:
    """The game's own 7 x 6 book, read on first use; raises BookError (the same one at every call, the file
    read once) when it cannot be used."""
    global _shipped
    if _shipped is None:
        try:
            book = OpeningBook.load(BOOK_PATH)
            if (book.width, book.height) != (7, 6):
                raise BookError(BOOK_PATH, f"for a {book.width} x {book.height} board, not 7 x 6")
            _shipped = book
        except BookError as error:
            _shipped = error
    if isinstance(_shipped, BookError):
        raise _shipped
    return _shipped
