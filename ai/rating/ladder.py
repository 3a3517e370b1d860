"""The ladder: each Connect Four level's measured rating, and how its moves keep the result, read from the
file the game ships (``assets/c4-ladder-7x6.txt``).

The file is made by ``tools/make_ladder.py`` from a tournament between the levels, a random mover (the floor,
and the scale's anchor: it is rated ANCHOR_RATING by definition) and the max level. This module trusts no line
of it: it checks the checksum, which covers every byte, the header, every line's format and that the numbers
agree with each other, and refuses a file that fails any check with one :class:`LadderFileError` naming the
line and the reason.

File format (text, UTF-8, fields separated by one space)::

    ponder-ladder <version> <width>x<height> games=<G> anchor=random:<rating> draws=<nu> rungs=<R> crc32=<hex>
    <name> <rating> <low> <high> <games> <points> <stage> <stage> <stage> <stage>
    ...

* the header: the format version (2), the board, the tournament's games, the anchor, the fitted draw
  parameter (see :mod:`ai.rating.elo`), how many rung lines follow and the CRC-32 of every other byte of the
  file (see :mod:`assets.sealed_text`). Files of format 1, whose checksum covered the rung lines alone (so
  that the draw parameter went unchecked), are refused naming their version;
* one line per rung, weakest first: ``random``, the levels' depths ascending, ``max``; its rating and the
  bounds of its 95 % confidence interval (integers, the anchor's interval is the anchor itself), its games and
  points in the tournament (a win 1, a draw 0.5);
* one field per stage of the game (STAGES, by the stones on the board before the move):
  ``<asked>/<kept>:<asked>/<best>`` counts of that rung's moves there: where a move could lose the result,
  how many kept it; where a result-keeping move could be slower, how many were a best move (see
  :mod:`ai.rating.observe`).
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from ai.file_problems import LadderProblem
from ai.play.levels import Level, levels_for
from ai.rating.observe import Observation
from assets import DataFileError, asset_path, read_data_file
from assets.sealed_text import CHECKSUM_FIELD, seal, unseal
from game.problems import Problem

MAGIC = "ponder-ladder"
VERSION = 2
#: Where the game finds its ladder.
LADDER_PATH = asset_path("c4-ladder-7x6.txt")
#: The floor of the ladder and its anchor: a player choosing among the legal moves at random.
RANDOM = "random"
#: The random mover's rating, by definition; every other rating is measured from it.
ANCHOR_RATING = 500
#: Stages of the game by the stones on the board before the move: first and last included.
STAGES: tuple[tuple[int, int], ...] = ((0, 9), (10, 19), (20, 29), (30, 41))
#: More rungs than any ladder of this program has: a header claiming more is corrupt.
MAX_RUNGS = 64

_HEADER = re.compile(
    rf"{MAGIC} {VERSION} (\d+)x(\d+) games=(\d+) anchor={RANDOM}:(-?\d+) draws=(\d+(?:\.\d+)?) rungs=(\d+) "
    r"crc32=[0-9a-f]{8}"
)
_STAGE = re.compile(r"(\d+)/(\d+):(\d+)/(\d+)")


#: The board the ladder rates, as games name it.
RATED_VARIANT = "connect4 7x6"


class LadderFileError(DataFileError):
    """A ladder file that cannot be used (missing, truncated, corrupt, or for another board): its ``reason``
    a :class:`~ai.file_problems.LadderProblem`, or plain English for damage only a broken writer makes."""


def rung_name(level: Level) -> str:
    """The ladder's name for a level: its depth, or ``max``."""
    return "max" if level.depth is None else str(level.depth)


def stage_of(stones: int) -> int:
    """The index in STAGES of the stage a move with ``stones`` stones on the board belongs to."""
    for index, (first, last) in enumerate(STAGES):
        if first <= stones <= last:
            return index
    raise ValueError(f"{stones} stones is beyond the board")


@dataclass(frozen=True)
class StageCounts:
    """How one rung's moves answered in one stage (see :mod:`ai.rating.observe`)."""

    kept_asked: int = 0
    kept: int = 0
    best_asked: int = 0
    best: int = 0

    def add(self, observation: Observation) -> StageCounts:
        """These counts with one more move."""
        return StageCounts(
            self.kept_asked + observation.asks_kept,
            self.kept + (observation.asks_kept and observation.kept),
            self.best_asked + observation.asks_best,
            self.best + (observation.asks_best and observation.best),
        )

    def kept_rate(self) -> float:
        """The share of moves that kept the result where one could lose it, with one virtual move of each
        kind (so never 0 or 1: no single move is impossible for any player)."""
        return (self.kept + 1) / (self.kept_asked + 2)

    def best_rate(self) -> float:
        """The share of best moves where a slower one kept the result too, smoothed as :meth:`kept_rate`."""
        return (self.best + 1) / (self.best_asked + 2)

    def field(self) -> str:
        return f"{self.kept_asked}/{self.kept}:{self.best_asked}/{self.best}"


@dataclass(frozen=True)
class Rung:
    """One player of the ladder: its rating with a 95 % interval, its tournament record, its stage counts."""

    name: str
    rating: int
    low: int
    high: int
    games: int
    points: float
    stages: tuple[StageCounts, ...] = field(default=tuple(StageCounts() for _ in STAGES))

    def line(self) -> str:
        points = f"{self.points:g}"
        stages = " ".join(counts.field() for counts in self.stages)
        return f"{self.name} {self.rating} {self.low} {self.high} {self.games} {points} {stages}"


@dataclass(frozen=True)
class Ladder:
    """The measured ladder of one board, weakest rung first."""

    board: tuple[int, int]
    games: int
    rungs: tuple[Rung, ...]
    draw_rate: float

    def rung(self, name: str) -> Rung | None:
        return next((rung for rung in self.rungs if rung.name == name), None)

    def rating_of(self, level: Level) -> int | None:
        """The level's measured rating, or None if the ladder has no such rung."""
        rung = self.rung(rung_name(level))
        return None if rung is None else rung.rating

    def levels(self) -> tuple[tuple[Level, int], ...]:
        """Every level the ladder rates with its rating, weakest first (the random mover is no level)."""
        rated = []
        for level in levels_for("connect4"):
            rating = self.rating_of(level)
            if rating is not None:
                rated.append((level, rating))
        return tuple(rated)


def file_text(ladder: Ladder) -> str:
    """The file that holds ``ladder``."""
    body = "".join(rung.line() + "\n" for rung in ladder.rungs)
    width, height = ladder.board
    header = (
        f"{MAGIC} {VERSION} {width}x{height} games={ladder.games} anchor={RANDOM}:{ANCHOR_RATING} "
        f"draws={ladder.draw_rate:.4f} rungs={len(ladder.rungs)}{CHECKSUM_FIELD}"
    )
    return seal(header + "\n" + body)


def _expected_names() -> tuple[str, ...]:
    return (RANDOM,) + tuple(rung_name(level) for level in levels_for("connect4"))


def parse_ladder(data: bytes, source: Path | str = "ladder file") -> Ladder:
    """The ladder the file's bytes ``data`` hold; raises :class:`LadderFileError` on any fault (see the module
    docstring)."""
    # The magic and the version are read before the checksum, so that a file of another format is told as
    # such: its checksum is not this format's.
    fields = data.split(b"\n", 1)[0].split(b" ")
    if fields[0] != MAGIC.encode():
        raise LadderFileError(source, Problem.of(LadderProblem.NO_HEADER))
    version = fields[1].decode("utf-8", "replace") if len(fields) > 1 else ""
    if version != str(VERSION):
        raise LadderFileError(
            source, Problem.of(LadderProblem.WRONG_VERSION, version=version, expected=VERSION)
        )
    try:
        lines = unseal(data).split("\n")
    except ValueError as error:
        raise LadderFileError(source, str(error)) from None
    header = _HEADER.fullmatch(lines[0])
    if header is None:
        raise LadderFileError(source, Problem.of(LadderProblem.NO_HEADER))
    width, height, games, anchor, draws, count = header.groups()
    if (int(width), int(height)) != (7, 6):
        raise LadderFileError(
            source, Problem.of(LadderProblem.WRONG_BOARD, width=int(width), height=int(height))
        )
    if int(anchor) != ANCHOR_RATING:
        raise LadderFileError(source, f"anchored at {anchor}, not {ANCHOR_RATING}")
    rung_count = int(count)
    if not 0 < rung_count <= MAX_RUNGS or len(lines) < rung_count + 1:
        raise LadderFileError(source, f"the header promises {count} rungs, the file is shorter")
    body_lines = lines[1 : rung_count + 1]
    if any(line for line in lines[rung_count + 1 :]):
        raise LadderFileError(source, f"more lines than the {count} rungs the header promises")
    rungs = tuple(_parse_rung(line, number, source) for number, line in enumerate(body_lines, 2))
    if tuple(rung.name for rung in rungs) != _expected_names():
        found, expected = " ".join(rung.name for rung in rungs), " ".join(_expected_names())
        raise LadderFileError(source, f"rungs {found}, not this game's levels {expected}")
    if rungs[0].rating != ANCHOR_RATING:
        raise LadderFileError(source, f"the random mover is rated {rungs[0].rating}, not the anchor")
    total_games = sum(rung.games for rung in rungs)
    if total_games != 2 * int(games):
        raise LadderFileError(source, f"the rungs' games do not add up to the {games} games of the header")
    return Ladder((7, 6), int(games), rungs, float(draws))


def _parse_rung(line: str, number: int, source: Path | str) -> Rung:
    """The rung of line ``number`` of the file ``source``; raises :class:`LadderFileError` naming the line."""
    try:
        return _rung(line)
    except ValueError as error:
        raise LadderFileError(
            source, Problem.of(LadderProblem.BAD_LINE, number=number, reason=str(error))
        ) from None


def _rung(line: str) -> Rung:
    """The rung a line of the file holds; raises ValueError saying what is wrong with it (plain English)."""
    fields = line.split(" ")
    if len(fields) != 6 + len(STAGES):
        raise ValueError(f"{len(fields)} fields, expected {6 + len(STAGES)}")
    name = fields[0]
    try:
        rating, low, high, games = (int(text) for text in fields[1:5])
        points = float(fields[5])
    except ValueError:
        raise ValueError("a rating, a bound or a count is not a number") from None
    if not low <= rating <= high:
        raise ValueError(f"the rating {rating} lies outside its interval [{low}, {high}]")
    if games < 0 or not math.isfinite(points) or not 0 <= points <= games or (2 * points) % 1:
        raise ValueError(f"{points} points from {games} games")
    stages = []
    for text in fields[6:]:
        match = _STAGE.fullmatch(text)
        if match is None:
            raise ValueError(f"'{text[:20]}' is not a stage's counts")
        kept_asked, kept, best_asked, best = (int(group) for group in match.groups())
        if kept > kept_asked or best > best_asked:
            raise ValueError(f"more moves counted than asked in '{text}'")
        stages.append(StageCounts(kept_asked, kept, best_asked, best))
    return Rung(name, rating, low, high, games, points, tuple(stages))


def read_ladder(path: Path = LADDER_PATH) -> Ladder:
    """The ladder in ``path``; raises :class:`LadderFileError` (never another error) if it cannot be used."""
    try:
        data = read_data_file(path)
    except FileNotFoundError:
        raise LadderFileError(path, Problem.of(LadderProblem.MISSING)) from None
    except OSError as error:
        unreadable = Problem.of(LadderProblem.UNREADABLE, reason=error.strerror or str(error))
        raise LadderFileError(path, unreadable) from None
    return parse_ladder(data, path)


@functools.lru_cache(maxsize=1)
def shipped_ladder() -> Ladder | LadderFileError:
    """The game's own ladder, read once; the error instead where it cannot be used (the game then shows no
    ratings and says why)."""
    try:
        return read_ladder()
    except LadderFileError as error:
        return error


def ladder_for(variant: str) -> Ladder | None:
    """The measured ladder of the board ``variant`` (as games name it: ``"connect4 7x6"``); None where no
    ladder rates that board, or the shipped ladder cannot be used."""
    ladder = shipped_ladder()
    if isinstance(ladder, LadderFileError) or variant != RATED_VARIANT:
        return None
    return ladder
