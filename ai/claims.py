"""The reasons the explainer gives, as typed facts (never prose): the window's words and ``ponder explain``
turn them into text.

Every claim names its ``side`` (0 the first player, 1 the second), the ``result`` it states for that side
where it states one (None where it states none: a threat is a fact about the board, not a result), and its
``cells`` (``(column, row)`` from 0, row 0 at the bottom). What each kind asserts, exactly (the checks in
:mod:`ai.explain.checks` test these sentences, nothing looser):

- :class:`WinNow`: ``side`` is to move and a stone in any of ``cells`` (each playable) completes four.
- :class:`Block`: ``side`` is to move, the opponent would complete four at ``cells[0]`` (playable), and every
  other move of ``side`` lets the opponent complete four at once.
- :class:`DoubleThreat`: after ``move`` (a stone of ``side`` at that cell, or nothing when None), ``side``
  has two winning cells the opponent cannot both stop: both playable, or ``stacked`` (the second directly
  above the first, the first playable); the opponent cannot win at once; ``side`` wins.
- :class:`HandsOver`: ``side`` is to move; a stone at ``cells[0]`` lands directly under ``cells[1]``, a
  winning cell of ``whose``. For the opponent's cell the move loses (the opponent plays there and wins);
  for ``side``'s own, the opponent blocks it there, and the move is worse than ``side``'s best.
- :class:`ForcingLine`: ``cells`` are the line's stones, ``side``'s and the opponent's in turn, from a
  position with ``side`` to move: each stone of ``side`` but the last makes a winning cell the opponent must
  take at once (every other reply lets ``side`` complete four), the last makes a double threat or completes
  four, and ``side`` wins.
- :class:`OddThreat`, :class:`EvenThreat`: ``cells`` are empty cells, none playable now, where a stone of
  ``side`` would complete four, in odd (1, 3, 5 counted from 1) or even rows.
- :class:`Zugzwang`: ``side`` controls zugzwang with the threats ``cells`` (empty where none are needed), and
  the odd/even rules give ``side`` ``result``: ``rule`` says which rule (:class:`ZugzwangRule`).
- :class:`PlanClaim`: following ``plan`` (:mod:`ai.explain.plan`) gives ``side`` its goal.
- :class:`LeavesPlan`: ``side`` is to move and held ``plan`` before the opponent's last move (a plan for the
  position before it, which holds); the plan answers that move at ``cells[1]``, ``side`` plays at
  ``cells[0]`` instead, and that move is worse than ``side``'s best; ``rule`` is the plan's rule for the
  answer where the plan's fixed replies name one.
- :class:`Road`: ``line`` (at least one stone, at most :data:`ROAD_PLIES`) is a line of best play from the
  position, the side to move first, each move keeping the position's value for its mover; after it ``then``
  (a claim that states a result: a win now, a double threat, a forcing line, zugzwang or a plan) holds, for
  ``side``; ``result`` is ``side``'s exact result, a win where ``then`` states a win, a draw where it states
  (at least) a draw. ``cells`` is empty: the line and ``then`` name the cells.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import ClassVar, TypeAlias

from ai.plans import Plan, Rule
from game.cells import Cell


class Result(enum.Enum):
    """The result a claim states for its side, under best play from both sides."""

    WIN = "win"
    DRAW = "draw"
    AT_LEAST_DRAW = "at_least_draw"
    LOSS = "loss"


class Kind(enum.Enum):
    """The kinds of claim, as ``ponder explain --json`` names them."""

    WIN_NOW = "win_now"
    BLOCK = "block"
    DOUBLE_THREAT = "double_threat"
    HANDS_OVER = "hands_over"
    FORCING_LINE = "forcing_line"
    ODD_THREAT = "odd_threat"
    EVEN_THREAT = "even_threat"
    ZUGZWANG = "zugzwang"
    PLAN = "plan"
    LEAVES_PLAN = "leaves_plan"
    ROAD = "road"


@dataclass(frozen=True)
class ClaimBase:
    """What every claim has: its side, the result it states (or None) and its cells. Code takes a
    :data:`Claim`, never this base: a new kind is a subclass added to that union."""

    kind: ClassVar[Kind]
    side: int
    cells: tuple[Cell, ...]
    result: Result | None


@dataclass(frozen=True)
class WinNow(ClaimBase):
    kind: ClassVar[Kind] = Kind.WIN_NOW
    result: Result | None = Result.WIN


@dataclass(frozen=True)
class Block(ClaimBase):
    kind: ClassVar[Kind] = Kind.BLOCK
    result: Result | None = None


@dataclass(frozen=True)
class DoubleThreat(ClaimBase):
    kind: ClassVar[Kind] = Kind.DOUBLE_THREAT
    result: Result | None = Result.WIN
    #: The cell of the stone that makes it, None when it is on the board already.
    move: Cell | None = None
    stacked: bool = False


@dataclass(frozen=True)
class HandsOver(ClaimBase):
    kind: ClassVar[Kind] = Kind.HANDS_OVER
    result: Result | None = None
    #: Whose winning cell is handed over: the opponent's (the move loses) or the mover's own.
    whose: int = 0


@dataclass(frozen=True)
class ForcingLine(ClaimBase):
    kind: ClassVar[Kind] = Kind.FORCING_LINE
    result: Result | None = Result.WIN


@dataclass(frozen=True)
class OddThreat(ClaimBase):
    kind: ClassVar[Kind] = Kind.ODD_THREAT
    result: Result | None = None


@dataclass(frozen=True)
class EvenThreat(ClaimBase):
    kind: ClassVar[Kind] = Kind.EVEN_THREAT
    result: Result | None = None


class ZugzwangRule(enum.Enum):
    """The odd/even rules the explainer states (docs/explanations.md gives each in full)."""

    #: The first player, to move, has an odd threat; the second has no threat below it in its column and no
    #: even threat: filling the other columns pair by pair, the second player must give the threat's cell up.
    ODD_THREAT_HOLDS = "odd_threat_holds"
    #: The first player is to move with every column holding an even number of empty cells, and has no
    #: group left it could complete on odd rows alone: the second player answers every move directly above it
    #: (claimeven) and so takes every even row; with a group of its own on even rows alone it wins.
    CLAIMEVEN_EVERYWHERE = "claimeven_everywhere"


@dataclass(frozen=True)
class Zugzwang(ClaimBase):
    kind: ClassVar[Kind] = Kind.ZUGZWANG
    rule: ZugzwangRule = ZugzwangRule.ODD_THREAT_HOLDS


@dataclass(frozen=True)
class PlanClaim(ClaimBase):
    """``cells`` are every cell the plan's rules use; ``plan`` the plan itself."""

    kind: ClassVar[Kind] = Kind.PLAN
    plan: Plan | None = field(default=None, compare=False)


@dataclass(frozen=True)
class LeavesPlan(ClaimBase):
    kind: ClassVar[Kind] = Kind.LEAVES_PLAN
    result: Result | None = None
    rule: Rule | None = None
    plan: Plan | None = field(default=None, compare=False)


#: The longest road, in plies (stones of both sides).
ROAD_PLIES = 12


@dataclass(frozen=True)
class Road(ClaimBase):
    kind: ClassVar[Kind] = Kind.ROAD
    result: Result | None = None
    #: The stones of the line, the side to move's first, then in turn.
    line: tuple[Cell, ...] = ()
    #: What holds after the line: a claim about the position it reaches that states ``side``'s result.
    then: Claim | None = None


#: Every kind of claim, closed: the code that handles claims (the JSON export, the words, the checks, the
#: board's marks) matches on it, each ``match`` ending in a case the type check proves unreachable, so a kind
#: added here and handled nowhere fails ``mypy``, not a player (docs/development.md, "A new claim kind").
Claim: TypeAlias = (
    WinNow
    | Block
    | DoubleThreat
    | HandsOver
    | ForcingLine
    | OddThreat
    | EvenThreat
    | Zugzwang
    | PlanClaim
    | LeavesPlan
    | Road
)


def states_result(claim: Claim) -> bool:
    """Whether ``claim`` says who gets what from the position it is about (a win now, a double threat, a
    forcing line, zugzwang, a plan, a road), rather than a fact of the board or of one move."""
    return claim.result is not None and isinstance(
        claim, WinNow | DoubleThreat | ForcingLine | Zugzwang | PlanClaim | Road
    )
