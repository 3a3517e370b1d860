"""What a plan is: the rule instances it uses, and the strategy a player follows with it.

A plan belongs to one side (``side``: 0 the first player, 1 the second) and starts at a position where the
*other* side is to move (Allis's defender waits for the opponent's move). Following it means: after each
opponent move, play :meth:`Plan.answer`. The plan promises its ``goal``: the opponent never completes a four
(``AT_LEAST_DRAW``), or in addition the plan's side completes its odd threat (``WIN``). Nothing here proves
that promise; the explainer checks every plan against the exact solver and by replaying it before a player
sees it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from game.connect4 import ConnectFour

#: ``(column, row)``, both counted from 0, row 0 at the bottom.
Cell = tuple[int, int]


class Rule(enum.Enum):
    """Allis's nine rules (his thesis, chapter 6), and the odd threat a winning plan is built on."""

    CLAIMEVEN = "claimeven"
    BASEINVERSE = "baseinverse"
    VERTICAL = "vertical"
    AFTEREVEN = "aftereven"
    LOWINVERSE = "lowinverse"
    HIGHINVERSE = "highinverse"
    BASECLAIM = "baseclaim"
    BEFORE = "before"
    SPECIALBEFORE = "specialbefore"
    ODD_THREAT = "odd_threat"


class Goal(enum.Enum):
    """What following a plan guarantees its side."""

    AT_LEAST_DRAW = "at_least_draw"
    WIN = "win"


@dataclass(frozen=True)
class RuleUse:
    """One instance of a rule: the rule and the cells it claims or pairs, lowest first."""

    rule: Rule
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Response:
    """A reply: when the opponent takes ``when``, the plan's side takes ``answer``, following ``rule``."""

    when: Cell
    answer: Cell
    rule: Rule


@dataclass(frozen=True)
class Plan:
    """A strategy for ``side`` from the position ``start`` (a move string, the other side to move).

    ``responses`` are the fixed replies a person can read off the board (drawn in the window, printed by
    ``ponder explain``); ``strategy`` is the whole strategy: given a position reached from ``start`` by the
    opponent's moves and the plan's own answers, with ``side`` to move, the column to play. It must be a pure
    function of the position, and it may raise ``LookupError`` where the plan has no answer (which the
    checks count as the plan failing).
    """

    side: int
    goal: Goal
    start: str
    rules: tuple[RuleUse, ...]
    responses: tuple[Response, ...]
    strategy: Callable[[ConnectFour], int]

    def answer(self, game: ConnectFour) -> int:
        """The column the plan plays in ``game`` (``side`` to move); see the class's contract."""
        return self.strategy(game)
