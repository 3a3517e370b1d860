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

from game.cells import Cell
from game.connect4 import ConnectFour


class Rule(enum.Enum):
    """Allis's nine rules (his thesis, chapter 6), the odd threat a winning plan is built on, the replies a
    search chose where the rules alone do not hold yet (:mod:`ai.explain.plan.replies`), and the items of a
    steady plan (:mod:`ai.explain.plan.steady`: claimodd pairs, urgent cells, miai pairs, the tempo
    column)."""

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
    REPLIES = "replies"
    CLAIMODD = "claimodd"
    URGENT = "urgent"
    MIAI = "miai"
    TEMPO = "tempo"


class Goal(enum.Enum):
    """What following a plan guarantees its side."""

    AT_LEAST_DRAW = "at_least_draw"
    WIN = "win"


#: The rules only a steady plan uses (its strategy a priority list: complete four, block, then its items).
STEADY_RULES = (Rule.CLAIMODD, Rule.URGENT, Rule.MIAI, Rule.TEMPO)

#: The rules whose instances are two cells of one column, the lower answered by the upper.
COLUMN_PAIR_RULES = (Rule.CLAIMEVEN, Rule.VERTICAL, Rule.CLAIMODD)


@dataclass(frozen=True)
class RuleUse:
    """One instance of a rule: the rule and the cells it claims or pairs, lowest first (a reply of
    :attr:`Rule.REPLIES`: the opponent's cell, then the answer; in :meth:`Plan.summary` every opponent's cell
    with the same answer, then that answer; a steady plan's tempo cells: in the order its strategy takes
    them).

    ``parity_only`` marks an instance that solves none of the opponent's groups and holds no cell of the group
    the plan wins by: it is there only so that every move in its cells has its answer among them (the columns
    around it keep their parity). Following the plan still means answering in it.
    """

    rule: Rule
    cells: tuple[Cell, ...]
    parity_only: bool = False


@dataclass(frozen=True)
class ColumnPairs:
    """Pairs of one column rule (claimeven or vertical) filling each of ``columns`` from row ``bottom`` to row
    ``top`` (counted from 0): in each of those columns, every move of the opponent there is answered directly
    above it. ``parity_only`` as for :class:`RuleUse`, true only where every pair of them is."""

    rule: Rule
    columns: tuple[int, ...]
    bottom: int
    top: int
    parity_only: bool


#: One line of a plan's compact form: a run of column pairs over several columns, or any other instance.
SummaryItem = ColumnPairs | RuleUse


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

    def summary(self) -> tuple[SummaryItem, ...]:
        """The plan's rules in the fewest items a player reads: the claimevens (and verticals) of a column
        that follow one another from one row up become one run, and runs over the same rows in several
        columns one :class:`ColumnPairs` ("claimeven in columns a, c, f, rows 3 to 6"), and the searched
        replies with the same answer one item ("reply d4 to a1, b1 and c2"). Every other instance stays as
        it is. The items that count come first (in the order of :attr:`rules`, runs after the other
        instances, lowest first, a steady plan's tempo cells after the runs), those for ``parity_only`` last.
        Nothing is dropped: the items hold every cell of :attr:`rules`."""
        others: list[RuleUse] = []
        column_pairs: list[RuleUse] = []
        replies: dict[tuple[Cell, bool], list[Cell]] = {}
        for use in self.rules:
            cells = use.cells
            if use.rule in COLUMN_PAIR_RULES and len(cells) == 2 and cells[0][0] == cells[1][0]:
                column_pairs.append(use)
            elif use.rule is Rule.REPLIES:
                replies.setdefault((cells[-1], use.parity_only), []).extend(cells[:-1])
            else:
                others.append(use)
        others += [
            RuleUse(Rule.REPLIES, (*sorted(whens), answer), parity_only)
            for (answer, parity_only), whens in replies.items()
        ]
        runs: dict[tuple[Rule, int, bool], list[tuple[int, int]]] = {}
        for use in sorted(column_pairs, key=lambda use: use.cells[0]):
            (column, lower), (_column, upper) = use.cells
            spans = runs.setdefault((use.rule, column, use.parity_only), [])
            if spans and spans[-1][1] + 1 == lower:
                spans[-1] = (spans[-1][0], upper)
            else:
                spans.append((lower, upper))
        grouped: dict[tuple[Rule, int, int, bool], list[int]] = {}
        for (rule, column, parity_only), spans in runs.items():
            for bottom, top in spans:
                grouped.setdefault((rule, bottom, top, parity_only), []).append(column)
        pairs = [
            ColumnPairs(rule, tuple(sorted(columns)), bottom, top, parity_only)
            for (rule, bottom, top, parity_only), columns in grouped.items()
        ]
        pairs.sort(key=lambda item: (item.bottom, item.top, item.rule.value, item.columns))
        # A steady plan's tempo cells come last: where no other item answers.
        tempo = [use for use in others if use.rule is Rule.TEMPO]
        items: list[SummaryItem] = [*(use for use in others if use.rule is not Rule.TEMPO), *pairs, *tempo]
        return tuple(item for item in items if not item.parity_only) + tuple(
            item for item in items if item.parity_only
        )
