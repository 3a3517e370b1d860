"""The road book: the roads of the first moves, searched ahead of time.

In the first plies the road to a proven reason is long and its search wide (every winning move of the winner,
a dozen plies deep, each position solved), far more than an explanation's two seconds; and those few
positions come back in every game. So ``tools/make_road_book.py`` searches them once, with time to spend,
and writes the line of each road found here (a position the game reaches along such a line, later in the
game, gets the rest of it: a road's tail is a road). The book holds lines only, never claims: the explainer
finds the claim at a line's end with its own finders and proves the whole road with its own checks
(:mod:`ai.explain.checks`) before anyone sees it, as it does a road it found itself; a line that no longer
leads to a proven reason (the finders changed since the book was made) is passed over, and the explainer
searches as it would without a book.

This module trusts no line either: :func:`read_road_book` checks the checksum over every byte, the header,
every line's format, that each position is a legal unfinished game, that its line is legal from it, at most
:data:`~ai.claims.ROAD_PLIES` stones long and ends no game, and that no position is there twice (a position
and its mirror image are one), and refuses a file that fails any check with one :class:`RoadBookError`
naming the line and the reason.

File format (text, UTF-8, one position a line, fields separated by one space)::

    ponder-roads <version> <width>x<height> count=<positions> crc32=<8 hex digits>
    <moves> <line>
    ...

* the header: the format version (1), the board, how many position lines follow, and the CRC-32 of every
  other byte of the file (see :mod:`assets.sealed_text`);
* ``moves``: the position, as the moves from the empty board (one digit per move, columns from 1), ``-`` for
  the empty board; sorted by length, then by the digits;
* ``line``: the road's stones from there, as columns from 1, the side to move first.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ai.claims import ROAD_PLIES
from ai.exact.book import canonical_key
from assets import DataFileError, asset_path
from assets.sealed_text import CHECKSUM_FIELD, read_sealed_lines, seal
from game.connect4 import ConnectFour
from game.protocol import IllegalMove

MAGIC = "ponder-roads"
VERSION = 1
WIDTH, HEIGHT = 7, 6
#: Where the game finds its road book.
ROAD_BOOK_PATH = asset_path("c4-roads-7x6.txt")

log = logging.getLogger(__name__)

_HEADER = re.compile(r"ponder-roads (\d+) (\d)x(\d) count=(\d+) crc32=[0-9a-f]{8}")
_LINE = re.compile(rf"(-|[1-7]{{1,42}}) ([1-7]{{1,{ROAD_PLIES}}})")


class RoadBookError(DataFileError):
    """A road book that cannot be used: missing, unreadable or damaged."""


@dataclass(frozen=True)
class RoadBook:
    """The lines of the roads searched ahead of time, each under the canonical key of its position
    (:func:`ai.exact.book.canonical_key`), as columns from 0 on the board of the position stored;
    ``deepest``, the most stones of a position stored."""

    lines: Mapping[int, tuple[str, tuple[int, ...]]]
    deepest: int = 0

    def line(self, game: ConnectFour) -> tuple[int, ...] | None:
        """The road's line from ``game`` as columns from 0: the book's own for its position (mirrored where
        ``game`` is the mirror image of the position stored), else the rest of the line of an earlier
        position of the game that the game has followed since (a road's tail is a road); None where there
        is neither, or the board is not 7 x 6."""
        if (game.width, game.height) != (WIDTH, HEIGHT):
            return None
        own = self._stored(game)
        if own is not None or not self.lines:
            return own
        earlier = game.copy()
        played: list[int] = []
        while earlier.ply() > 0 and len(played) < ROAD_PLIES - 1:
            played.insert(0, earlier.undo())
            if earlier.ply() > self.deepest:
                continue
            line = self._stored(earlier)
            if line is not None and len(line) > len(played) and line[: len(played)] == tuple(played):
                return line[len(played) :]
        return None

    def _stored(self, game: ConnectFour) -> tuple[int, ...] | None:
        """The line stored for ``game``'s position or its mirror image, in ``game``'s columns."""
        key = game.key()
        found = self.lines.get(canonical_key(key, WIDTH, HEIGHT))
        if found is None:
            return None
        moves, line = found
        if ConnectFour.from_moves(moves, WIDTH, HEIGHT).key() == key:
            return line
        return tuple(WIDTH - 1 - column for column in line)


#: The book of no roads: the explainer without one searches every road itself.
EMPTY_BOOK = RoadBook({})


@functools.cache
def shipped_road_book() -> RoadBook:
    """The game's road book, read once; :data:`EMPTY_BOOK` where it cannot be used (a warning is logged: the
    explainer then searches every road itself, so it says less in the first moves, nothing false)."""
    try:
        return read_road_book(ROAD_BOOK_PATH)
    except RoadBookError as error:
        log.warning("road book not used, roads are searched instead: %s", error)
        return EMPTY_BOOK


def book_text(lines: Mapping[str, str]) -> str:
    """The file text of the roads ``lines`` (position moves, ``""`` for the empty board -> the line's
    columns from 1, as digits), sealed."""
    ordered = sorted(lines.items(), key=lambda item: (len(item[0]), item[0]))
    body = "".join(f"{moves or '-'} {line}\n" for moves, line in ordered)
    return seal(f"{MAGIC} {VERSION} {WIDTH}x{HEIGHT} count={len(ordered)}{CHECKSUM_FIELD}\n{body}")


def read_road_book(path: Path = ROAD_BOOK_PATH) -> RoadBook:
    """The road book in ``path``, checked (see the module's docstring); raises :class:`RoadBookError` saying
    why it cannot be used."""
    lines = read_sealed_lines(path, RoadBookError)
    header = _HEADER.fullmatch(lines[0])
    if header is None:
        raise RoadBookError(path, "line 1: not a road book of this program (no header)")
    version, width, height, count = (int(field) for field in header.groups())
    if version != VERSION:
        raise RoadBookError(path, f"line 1: format version {version}, this program reads version {VERSION}")
    if (width, height) != (WIDTH, HEIGHT):
        raise RoadBookError(path, f"line 1: a {width}x{height} board, the roads are for {WIDTH}x{HEIGHT}")
    if len(lines) - 1 != count:
        raise RoadBookError(path, f"truncated or extra lines ({len(lines) - 1} for {count} positions)")
    roads: dict[int, tuple[str, tuple[int, ...]]] = {}
    first_line: dict[int, int] = {}
    for number, text_line in enumerate(lines[1:], 2):
        try:
            moves, line = _parsed(text_line)
        except ValueError as error:
            raise RoadBookError(path, f"line {number}: {error}") from None
        key = canonical_key(ConnectFour.from_moves(moves, WIDTH, HEIGHT).key(), WIDTH, HEIGHT)
        if key in roads:
            raise RoadBookError(path, f"line {number}: the position of line {first_line[key]} again")
        roads[key] = (moves, line)
        first_line[key] = number
    return RoadBook(roads, max((len(moves) for moves, _ in roads.values()), default=0))


def _parsed(text: str) -> tuple[str, tuple[int, ...]]:
    """One line's position (its moves) and road (columns from 0); raises ValueError saying what is wrong."""
    match = _LINE.fullmatch(text)
    if match is None:
        raise ValueError("not '<moves> <line>' (digits 1 to 7; '-' for the empty board)")
    moves = "" if match[1] == "-" else match[1]
    try:
        game = ConnectFour.from_moves(moves, WIDTH, HEIGHT)
    except IllegalMove as error:
        raise ValueError(f"the moves {moves} are not a legal game ({error})") from None
    if game.is_over():
        raise ValueError("the position is a finished game")
    line = tuple(int(digit) - 1 for digit in match[2])
    for column in line:
        if game.is_over():
            raise ValueError("the road goes on after the game is over")
        if column not in game.moves():
            raise ValueError(f"the road plays column {column + 1}, which is full there")
        game.apply(column)
    if game.is_over():
        raise ValueError("the road ends the game (a road ends at a position with a reason)")
    return moves, line
