"""The player's puzzle record, kept between runs in ``puzzles.json`` of the data folder: the streak of puzzles
solved without a wrong move, the best streak, a puzzle rating, and the counts.

The rating is a Glicko-2 rating (with its uncertainty: provisional for a newcomer) against the puzzles': a
puzzle's own rating comes from its grade (how weak a level of the engine still finds the move) and its
length; solving one without a wrong move scores 1 against it, a first wrong move 0. A newcomer's first
puzzles are short, and a missed puzzle comes back later until it is solved. The file is one
:class:`~ui.state.files.store.JsonStore` of :data:`PUZZLE_FILE`. No pygame
here.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace

from ai.play.levels import MAX
from ai.puzzles import GRADES, Puzzle
from ai.rating.glicko import NEW_DEVIATION, NEW_VOLATILITY, Glicko
from game.language import N_, _, number
from ui.state.files.store import FileKind, JsonObject
from ui.state.options import FirstPlayer, Mode, PlayOptions

#: A new player's rating, and the rating of an easy puzzle of two moves (the shortest the file holds).
START_RATING = 1200
#: Rating points a grade adds to a puzzle (easy first), and each move of its length beyond two. A move more
#: to find weighs about as much as a grade harder, so that the puzzles lengthen as the rating grows.
GRADE_POINTS = dict(zip(GRADES, (0, 150, 300, 450), strict=True))
LENGTH_POINTS = 100
#: Puzzles are chosen rated within this many points of the player.
NEAR = 150
#: How sure a puzzle's own rating is (it comes from its grade and length, not from games): a Glicko deviation.
PUZZLE_DEVIATION = 100.0
#: A record of an older version (no deviation) that has seen puzzles is this sure of its rating.
SETTLED_DEVIATION = 150.0
#: The deviation and volatility stay in these bounds (what is saved, a later start reads).
MIN_DEVIATION = 30.0
MIN_VOLATILITY, MAX_VOLATILITY = 0.01, 0.5
#: Every this many puzzles, a missed one comes back; at most this many are remembered.
RETRY_EVERY = 3
MAX_MISSED = 20
#: Every number of the record stays in 0 ..= this: what is saved is what a later start accepts.
MAX_VALUE = 1_000_000


def puzzle_rating(puzzle: Puzzle) -> int:
    """A puzzle's rating: harder grades and longer wins rate higher."""
    return START_RATING + GRADE_POINTS[puzzle.grade] + LENGTH_POINTS * (puzzle.win_in - 2)


@dataclass(frozen=True)
class PuzzleRecord:
    """What is kept: the current and the best streak, the puzzle rating with its deviation and volatility
    (Glicko-2, :mod:`ai.rating.glicko`), how many were solved and failed, and the puzzles missed (their
    positions, oldest first) that come back until solved."""

    streak: int = 0
    best_streak: int = 0
    rating: int = START_RATING
    solved: int = 0
    failed: int = 0
    deviation: float = NEW_DEVIATION
    volatility: float = NEW_VOLATILITY
    missed: tuple[str, ...] = ()

    @property
    def glicko(self) -> Glicko:
        return Glicko(self.rating, self.deviation, self.volatility)

    @property
    def tried(self) -> int:
        return self.solved + self.failed

    def after(self, puzzle: Puzzle, clean: bool) -> PuzzleRecord:
        """The record after ``puzzle`` was solved without a wrong move (``clean``) or got one."""
        rated = self.glicko.after([(puzzle_rating(puzzle), PUZZLE_DEVIATION, 1.0 if clean else 0.0)])
        changed = replace(
            self,
            rating=_bounded(round(rated.rating)),
            deviation=max(MIN_DEVIATION, rated.deviation),
            volatility=min(max(rated.volatility, MIN_VOLATILITY), MAX_VOLATILITY),
        )
        if clean:
            streak = _bounded(self.streak + 1)
            return replace(
                changed,
                streak=streak,
                best_streak=max(self.best_streak, streak),
                solved=_bounded(self.solved + 1),
                missed=tuple(moves for moves in self.missed if moves != puzzle.moves),
            )
        missed = (*(moves for moves in self.missed if moves != puzzle.moves), puzzle.moves)[-MAX_MISSED:]
        return replace(changed, streak=0, failed=_bounded(self.failed + 1), missed=missed)


def _bounded(value: int) -> int:
    return max(0, min(value, MAX_VALUE))


def parse(data: JsonObject) -> PuzzleRecord:
    """The record of the file's JSON object; raises ValueError naming a value out of its range. A record of an
    older version, without a deviation, is as sure as its number of puzzles says."""
    values: dict[str, int] = {}
    for name in ("streak", "best_streak", "rating", "solved", "failed"):
        value = data.get(name, getattr(PuzzleRecord(), name))
        if type(value) is not int or not 0 <= value <= MAX_VALUE:
            raise ValueError(_("'{name}' {value!r} is not a count").format(name=name, value=value))
        values[name] = value
    tried = values["solved"] + values["failed"]
    deviation = _number(data, "deviation", NEW_DEVIATION if tried == 0 else SETTLED_DEVIATION)
    volatility = _number(data, "volatility", NEW_VOLATILITY)
    if not MIN_DEVIATION <= deviation <= NEW_DEVIATION:
        raise ValueError(
            _("'deviation' {deviation!r} is not in {low} to {high}").format(
                deviation=deviation, low=number(MIN_DEVIATION, None), high=number(NEW_DEVIATION, None)
            )
        )
    if not MIN_VOLATILITY <= volatility <= MAX_VOLATILITY:
        raise ValueError(
            _("'volatility' {volatility!r} is not in {low} to {high}").format(
                volatility=volatility, low=number(MIN_VOLATILITY, None), high=number(MAX_VOLATILITY, None)
            )
        )
    missed = data.get("missed", [])
    if (
        not isinstance(missed, list)
        or len(missed) > MAX_MISSED
        or not all(isinstance(moves, str) and moves.isdigit() and len(moves) <= 42 for moves in missed)
    ):
        raise ValueError(_("'missed' is not a list of at most {most} positions").format(most=MAX_MISSED))
    return PuzzleRecord(**values, deviation=deviation, volatility=volatility, missed=tuple(missed))


def _number(data: JsonObject, name: str, default: float) -> float:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(_("'{name}' {value!r} is not a number").format(name=name, value=value))
    return float(value)


def dump(record: PuzzleRecord) -> JsonObject:
    data: JsonObject = dict(asdict(record))
    data["missed"] = list(record.missed)
    return data


PUZZLE_FILE = FileKind("puzzles.json", N_("Puzzle record"), parse, dump, PuzzleRecord)


def choose_puzzle(puzzles: Sequence[Puzzle], record: PuzzleRecord, rng: random.Random) -> Puzzle:
    """The next puzzle for a player of ``record``: every :data:`RETRY_EVERY` th puzzle, the oldest missed one
    still in the set; otherwise one at random among those rated within :data:`NEAR` points of the player, and
    while the player's rating is provisional none rated above it (a newcomer, at :data:`START_RATING`, gets
    the shortest easy puzzles: a win in 2); when none is that near, the nearest."""
    if record.missed and record.tried % RETRY_EVERY == RETRY_EVERY - 1:
        by_moves = {puzzle.moves: puzzle for puzzle in puzzles}
        again = next((by_moves[moves] for moves in record.missed if moves in by_moves), None)
        if again is not None:
            return again
    highest = record.rating if record.glicko.provisional else record.rating + NEAR
    near = [puzzle for puzzle in puzzles if record.rating - NEAR <= puzzle_rating(puzzle) <= highest]
    if near:
        return rng.choice(near)
    return min(puzzles, key=lambda puzzle: abs(puzzle_rating(puzzle) - record.rating))


def puzzle_options(puzzle: Puzzle) -> PlayOptions:
    """The board of ``puzzle``: its position on 7 x 6, the player to move against the max level (the
    perfect defender), the values of the player's moves proven on their time (as for the coach)."""
    return PlayOptions(
        game="connect4",
        width=7,
        height=6,
        mode=Mode.COMPUTER,
        level=MAX,
        first=FirstPlayer.HUMAN,
        moves=puzzle.moves,
        coach=True,
    )
