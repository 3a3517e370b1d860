"""The player's puzzle record, kept between runs in ``puzzles.json`` of the data folder: the streak of puzzles
solved without a wrong move, the best streak, a puzzle rating, and the counts.

The rating is an Elo rating against the puzzles': a puzzle's own rating comes from its grade (how weak a
level of the engine still finds the move) and its length; solving one without a wrong move scores 1 against
it, a first wrong move 0. The file is one :class:`~ui.state.store.JsonStore` of :data:`PUZZLE_FILE`. No pygame
here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace

from ai.play.levels import MAX
from ai.puzzles import GRADES, Puzzle
from ui.state.options import FirstPlayer, Mode, PlayOptions
from ui.state.store import FileKind, JsonObject

#: A new player's rating, and the rating of an easy puzzle of two moves.
START_RATING = 1200
#: Rating points a grade adds to a puzzle (easy first), and each move of its length beyond two.
GRADE_POINTS = dict(zip(GRADES, (0, 250, 500, 750), strict=True))
LENGTH_POINTS = 20
#: How far one result moves the rating (the Elo K factor).
K = 32
#: Every number of the record stays in 0 ..= this: what is saved is what a later start accepts.
MAX_VALUE = 1_000_000


def puzzle_rating(puzzle: Puzzle) -> int:
    """A puzzle's rating: harder grades and longer wins rate higher."""
    return START_RATING - 200 + GRADE_POINTS[puzzle.grade] + LENGTH_POINTS * (puzzle.win_in - 2)


@dataclass(frozen=True)
class PuzzleRecord:
    """What is kept: the current and the best streak, the rating, and how many were solved and failed."""

    streak: int = 0
    best_streak: int = 0
    rating: int = START_RATING
    solved: int = 0
    failed: int = 0

    def after(self, puzzle: Puzzle, clean: bool) -> PuzzleRecord:
        """The record after ``puzzle`` was solved without a wrong move (``clean``) or got one."""
        expected = 1 / (1 + 10 ** ((puzzle_rating(puzzle) - self.rating) / 400))
        rating = _bounded(round(self.rating + K * ((1.0 if clean else 0.0) - expected)))
        if clean:
            streak = _bounded(self.streak + 1)
            return replace(
                self,
                streak=streak,
                best_streak=max(self.best_streak, streak),
                rating=rating,
                solved=_bounded(self.solved + 1),
            )
        return replace(self, streak=0, rating=rating, failed=_bounded(self.failed + 1))


def _bounded(value: int) -> int:
    return max(0, min(value, MAX_VALUE))


def parse(data: JsonObject) -> PuzzleRecord:
    """The record of the file's JSON object; raises ValueError naming a value that is not a count."""
    values = {}
    for name in ("streak", "best_streak", "rating", "solved", "failed"):
        value = data.get(name, getattr(PuzzleRecord(), name))
        if type(value) is not int or not 0 <= value <= MAX_VALUE:
            raise ValueError(f"'{name}' {value!r} is not a count")
        values[name] = value
    return PuzzleRecord(**values)


def dump(record: PuzzleRecord) -> JsonObject:
    return dict(asdict(record))


PUZZLE_FILE = FileKind("puzzles.json", "Puzzle record", parse, dump, PuzzleRecord)


def choose_puzzle(puzzles: Sequence[Puzzle], rating: int, rng: random.Random) -> Puzzle:
    """A puzzle for a player of ``rating``: at random among those rated within 150 points of it, else the
    nearest."""
    near = [puzzle for puzzle in puzzles if abs(puzzle_rating(puzzle) - rating) <= 150]
    if near:
        return rng.choice(near)
    return min(puzzles, key=lambda puzzle: abs(puzzle_rating(puzzle) - rating))


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
