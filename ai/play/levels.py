"""The difficulty ladder: levels are search depths in plies, the same scale for every game, plus "max".

"max" searches deeper and deeper until the result is proven or its time is up, so it plays perfectly wherever
the search can prove the outcome in time, and otherwise plays the move of its deepest completed search.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ai.contracts import Limits
from game.catalog import game_spec
from game.numerals import whole_number
from game.problems import Problem, Refused

#: Think time of the max level unless the player sets another.
DEFAULT_MAX_SECONDS = 3.0
#: The longest think time of the max level a player may set (the command line, the settings file).
MAX_THINK_SECONDS = 3600.0


@dataclass(frozen=True)
class Level:
    """One rung of the ladder: ``depth`` plies, or None for the max level."""

    depth: int | None

    @property
    def label(self) -> str:
        """``"depth 4"`` or ``"max"``, in English always: the tally's files keep it (the player reads
        :func:`ui.words.texts.level_name`)."""
        return "max" if self.depth is None else f"depth {self.depth}"

    def limits(self, max_seconds: float = DEFAULT_MAX_SECONDS) -> Limits:
        if self.depth is None:
            return Limits(seconds=max_seconds)
        return Limits(depth=self.depth)


MAX = Level(None)


class LevelProblem(enum.Enum):
    """Why a level asked for is refused (the words package words it); the value is its English name."""

    #: ``level`` (as given, shortened) is not offered for the game ``game``, whose levels are ``choices``.
    NOT_OFFERED = "level not offered"


def levels_for(game_name: str) -> tuple[Level, ...]:
    """Every level offered for ``game_name`` (its depths are in :mod:`game.catalog`), weakest first, "max"
    last."""
    return tuple(Level(depth) for depth in game_spec(game_name).depths) + (MAX,)


def parse_level(text: str, game_name: str) -> Level:
    """``"4"`` or ``"max"`` -> a Level offered for the game; raises :class:`~game.problems.Refused`
    (:attr:`LevelProblem.NOT_OFFERED`, naming the choices) for any other."""
    offered = levels_for(game_name)
    if text.strip().lower() == "max":
        return MAX
    depth = whole_number(text.strip())
    if depth is not None and Level(depth) in offered:
        return Level(depth)
    choices = ", ".join(str(level.depth) for level in offered if level.depth is not None)
    # A long text (a damaged file's) is not repeated whole in a message a person reads.
    shown = text if len(text) <= 12 else text[:11] + "\u2026"
    raise Refused(Problem.of(LevelProblem.NOT_OFFERED, level=shown, game=game_name, choices=choices))
