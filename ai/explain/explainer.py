"""Explaining a position or a move: the finders propose claims, the checks prove them against the game's
rules and the exact solver, and only the proven ones are handed out.

Cheap enough for the engine's thread: a position met in play takes milliseconds (docs/benchmarks.md); every
explanation is bounded by ``seconds`` (and the caller's budget), and one that runs out is dropped whole
(:attr:`Explanation.timed_out`), never shown half proven. Call it off the window's thread: the solver may
search.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from ai.claims import (
    Claim,
    DoubleThreat,
    HandsOver,
    LeavesPlan,
    PlanClaim,
    Result,
    WinNow,
    states_result,
)
from ai.contracts import UNBOUNDED, Budget, SearchStopped
from ai.exact.analysis import ExactAnalyzer, solver_supports
from ai.explain import parity, tactics
from ai.explain.board import BoardView
from ai.explain.checks import check
from ai.explain.road import booked_road, find_road
from ai.explain.road_book import RoadBook, shipped_road_book
from ai.explain.values import ExactValues, Memory
from ai.plans import Goal, Plan
from game.cells import Cell
from game.connect4 import ConnectFour

#: The longest an explanation may take, in seconds, before it is dropped.
DEADLINE_SECONDS = 2.0


class PlanFinder(Protocol):
    """Finds a plan for ``side`` in ``game``, the other side to move, or None; raises SearchStopped when
    ``budget`` ends (:func:`ai.explain.plan.find_plan` is one). ``steady_nodes``: the most nodes of its
    steady search (:mod:`ai.explain.plan.steady`, the dear part), 0 for none; a finder without one ignores
    it."""

    def __call__(
        self, game: ConnectFour, side: int, budget: Budget = ..., *, steady_nodes: int = ...
    ) -> Plan | None: ...


@dataclass(frozen=True)
class Explanation:
    """The proven claims about a position or a move (``claims``), the ones that failed their check
    (``dropped``, for the benchmark: never shown), and whether the time ran out (``timed_out``: then both are
    empty, and nothing is shown)."""

    claims: tuple[Claim, ...]
    dropped: tuple[Claim, ...]
    timed_out: bool = False


def explainable(game: ConnectFour) -> bool:
    """Whether the explainer speaks about ``game``: Connect Four the exact solver takes, not over."""
    return isinstance(game, ConnectFour) and solver_supports(game) and not game.is_over()


def explain_position(
    game: ConnectFour,
    analyzer: ExactAnalyzer,
    budget: Budget = UNBOUNDED,
    seconds: float = DEADLINE_SECONDS,
    find_plan: PlanFinder | None = None,
    memory: Memory | None = None,
    roads: RoadBook | None = None,
) -> Explanation:
    """The proven reasons of ``game``'s value: tactics of the side to move, both sides' threats and their
    parity, zugzwang, and the waiting side's plan (found by ``find_plan``, where given); where none of them
    states the result, the road along the best line to the first position where one does. ``memory``: what
    earlier explanations with the same ``find_plan`` learnt, used and added to (a road from the position
    before, or through this one, is found again at little cost). ``roads``: the road book whose lines are
    tried before a road is searched (:mod:`ai.explain.road_book`; the shipped one where None). Raises
    ValueError where the game is not :func:`explainable`."""
    if not explainable(game):
        raise ValueError("no explanation for a finished game or a board the solver does not take")
    return _proven(
        lambda values: [
            (game, claim)
            for claim in position_candidates(game, _unless_lost(find_plan, values), values.budget)
        ],
        analyzer,
        budget,
        seconds,
        road_from=lambda values: (game, _road(game, values, find_plan, roads)),
        memory=memory,
        game=game,
    )


def explain_move(
    game: ConnectFour,
    move: int,
    analyzer: ExactAnalyzer,
    budget: Budget = UNBOUNDED,
    seconds: float = DEADLINE_SECONDS,
    find_plan: PlanFinder | None = None,
    memory: Memory | None = None,
    roads: RoadBook | None = None,
) -> Explanation:
    """The proven reasons of ``move`` (a legal column) in ``game``: what it does (wins, blocks, makes a double
    threat, starts a forcing line), and where it is worse than the best move, what it throws away (hands a
    cell over, lets the opponent make a double threat or a forcing line, or hand zugzwang over); where it
    keeps the best result, the plan its mover then holds. Where none of them states a result, the road from
    the position after the move (what the move allows, or leads to). ``memory`` and ``roads`` as for
    :func:`explain_position`. Raises ValueError for an illegal move or a game that is not
    :func:`explainable`."""
    if not explainable(game) or move not in game.moves():
        raise ValueError("no explanation for this move")
    child = tactics.after(game, move)

    def candidates(values: ExactValues) -> list[tuple[ConnectFour, Claim]]:
        side = game.to_move()
        results = values.move_results(game)
        worse = results[move] < max(results.values())
        view = BoardView(game)
        landing = view.landing(move)
        found: list[tuple[ConnectFour, Claim]] = [
            (game, claim) for claim in move_candidates(game, view, move) if _starts_with(claim, landing)
        ]
        if worse:
            found += [
                (game, claim) for claim in tactics.hands_over(game, view, side) if claim.cells[0] == landing
            ]
            found += [
                (game, claim)
                for claim in _left_plan(game, move, _unless_lost(find_plan, values), values.budget)
            ]
        if child.is_over():
            return found
        child_view = BoardView(child)
        if worse:
            opponent = [
                *tactics.win_now(child_view),
                *tactics.making_double_threats(child, child_view),
                *tactics.forcing_line(child, child_view),
                *parity.zugzwang(child_view),
            ]
            if not any(isinstance(claim, HandsOver) and claim.whose != side for _, claim in found):
                found += [(child, claim) for claim in opponent if claim.side != side]
        else:
            found += [(child, claim) for claim in parity.zugzwang(child_view) if claim.side == side]
            plans = _unless_lost(find_plan, values)
            found += [(child, claim) for claim in _plans(child, side, plans, values.budget)]
        return found

    def road_from(values: ExactValues) -> tuple[ConnectFour, Claim | None]:
        return child, None if child.is_over() else _road(child, values, find_plan, roads)

    def enough(claim: Claim) -> bool:
        # A move that hands the opponent a winning cell is explained by that: it states the move's result.
        return states_result(claim) or (isinstance(claim, HandsOver) and claim.result is not None)

    return _proven(candidates, analyzer, budget, seconds, road_from, enough, memory, game)


def _road(
    game: ConnectFour, values: ExactValues, find_plan: PlanFinder | None, roads: RoadBook | None
) -> Claim | None:
    """The road from ``game`` to its first proven reason (see :mod:`ai.explain.road`), or None: the line
    ``roads`` (the shipped road book where None) holds from ``game``, where it proves; else the one searched
    now: the plans without the steady search first, at every position the road meets; the steady plans only
    where those end no road (the dear claims of :mod:`ai.explain.road`)."""
    quick = without_steady(find_plan)

    def cheap(position: ConnectFour) -> Iterable[Claim]:
        return result_candidates(position, quick, values)

    def later(position: ConnectFour) -> list[Claim]:
        return waiting_plan(position, find_plan, values)

    dear = None if find_plan is None else later
    line = (shipped_road_book() if roads is None else roads).line(game)
    if line is not None:
        road = booked_road(game, values, line, cheap, dear)
        if road is not None:
            return road
    return find_road(game, values, cheap, later=dear)


def without_steady(find_plan: PlanFinder | None) -> PlanFinder | None:
    """``find_plan`` with no steady search."""
    if find_plan is None:
        return None
    finder = find_plan

    def without_steady(
        game: ConnectFour, side: int, budget: Budget = UNBOUNDED, *, steady_nodes: int = 0
    ) -> Plan | None:
        return finder(game, side, budget, steady_nodes=0)

    return without_steady


def _unless_lost(find_plan: PlanFinder | None, values: ExactValues) -> PlanFinder | None:
    """``find_plan``, asked only for a side the solver does not see losing: a plan promises at least a draw,
    so a losing side's would fail its check, and looking for it costs the whole of the finder's budget."""
    if find_plan is None:
        return None
    finder = find_plan

    def unless_lost(game: ConnectFour, side: int, budget: Budget = UNBOUNDED, **options: int) -> Plan | None:
        if values.result_for(game, side) < 0:
            return None
        return finder(game, side, budget, **options)

    return unless_lost


def _left_plan(game: ConnectFour, move: int, find_plan: PlanFinder | None, budget: Budget) -> list[Claim]:
    """The plan the side to move held before the opponent's last move, where ``move`` leaves it (its answer
    is elsewhere), as a claim."""
    if find_plan is None or game.ply() == 0:
        return []
    parent = game.copy()
    last = parent.undo()
    side = game.to_move()
    plan = find_plan(parent, side, budget=budget)
    if plan is None:
        return []
    try:
        answer = plan.answer(game.copy())
    except LookupError:
        return []
    view = BoardView(game)
    moved, answered = view.landing(move), view.landing(answer) if answer in game.moves() else None
    if answer == move or moved is None or answered is None:
        return []
    opponent_cell = BoardView(parent).landing(last)
    rules = [
        reply.rule for reply in plan.responses if reply.when == opponent_cell and reply.answer == answered
    ]
    return [LeavesPlan(side, (moved, answered), None, rule=rules[0] if rules else None, plan=plan)]


def _starts_with(claim: Claim, landing: Cell | None) -> bool:
    """Whether a move candidate is about the stone at ``landing``: a double threat made there, or a claim
    whose first cell it is (the cell won at, blocked, of the forcing line's first stone, handed over from)."""
    if isinstance(claim, DoubleThreat):
        return claim.move is not None and claim.move == landing
    return bool(claim.cells) and claim.cells[0] == landing


def move_candidates(game: ConnectFour, view: BoardView, move: int) -> list[Claim]:
    """What the side to move's ``move`` could do: win, block, make a double threat, start a forcing line, hand
    the opponent's cell over (each claim about the stone it drops)."""
    landing = view.landing(move)
    found: list[Claim] = []
    for claim in tactics.win_now(view):
        if landing is not None and landing in claim.cells:
            found.append(WinNow(claim.side, (landing,)))
    found += tactics.block(view)
    found += tactics.making_double_threats(game, view)
    found += tactics.forcing_line(game, view)
    found += tactics.hands_over(game, view, 1 - view.to_move)
    return found


def position_candidates(game: ConnectFour, find_plan: PlanFinder | None, budget: Budget) -> list[Claim]:
    """Every claim the finders propose about ``game`` (the plan finder within ``budget``): where the side to
    move wins at once, only that."""
    view = BoardView(game)
    wins = tactics.win_now(view)
    if wins:
        return wins
    return [
        *tactics.block(view),
        *tactics.standing_double_threat(view),
        *tactics.making_double_threats(game, view),
        *tactics.forcing_line(game, view),
        *tactics.hands_over(game, view, 1 - view.to_move),
        *parity.threat_claims(view),
        *parity.zugzwang(view),
        *_plans(game, 1 - game.to_move(), find_plan, budget),
    ]


def result_candidates(
    game: ConnectFour, find_plan: PlanFinder | None, values: ExactValues
) -> Iterator[Claim]:
    """The claims the finders propose about ``game`` that could state its result (a win now, a double
    threat, a forcing line, zugzwang, the waiting side's plan): what a road may end at. Lazily, in that order
    (the plan, the dearest, last), and only the kinds whose result could be the side's exact result by
    ``values`` (a double threat or a forcing line says its side wins, a plan that its side does not lose):
    the others could never end a road, so nobody looks for them."""
    view = BoardView(game)
    wins = tactics.win_now(view)
    if wins:
        yield from wins
        return
    mover = game.to_move()
    if values.result_for(game, 1 - mover) > 0:
        yield from tactics.standing_double_threat(view)
    if values.result_for(game, mover) > 0:
        yield from tactics.making_double_threats(game, view)
        yield from tactics.forcing_line(game, view)
    yield from parity.zugzwang(view)
    yield from waiting_plan(game, find_plan, values)


def waiting_plan(game: ConnectFour, find_plan: PlanFinder | None, values: ExactValues) -> list[Claim]:
    """The plan of the side not to move in ``game`` as a claim, where ``find_plan`` finds one; not looked for
    where the solver sees that side losing (a plan promises at least a draw)."""
    if values.result_for(game, 1 - game.to_move()) < 0:
        return []
    return _plans(game, 1 - game.to_move(), find_plan, values.budget)


def _plans(game: ConnectFour, side: int, find_plan: PlanFinder | None, budget: Budget) -> list[Claim]:
    """``side``'s plan in ``game`` (the other side to move) as a claim, where ``find_plan`` finds one."""
    if find_plan is None:
        return []
    plan = find_plan(game, side, budget=budget)
    if plan is None:
        return []
    cells = tuple(sorted({cell for use in plan.rules for cell in use.cells}))
    result = Result.WIN if plan.goal is Goal.WIN else Result.AT_LEAST_DRAW
    return [PlanClaim(side, cells, result, plan=plan)]


def _proven(
    candidates: Callable[[ExactValues], Iterable[tuple[ConnectFour, Claim]]],
    analyzer: ExactAnalyzer,
    budget: Budget,
    seconds: float,
    road_from: Callable[[ExactValues], tuple[ConnectFour, Claim | None]],
    enough: Callable[[Claim], bool] = states_result,
    memory: Memory | None = None,
    game: ConnectFour | None = None,
) -> Explanation:
    """The candidates (each with the position it speaks about) split into the proven and the dropped, within
    ``seconds``; where no proven one is ``enough`` (states a result), the road ``road_from`` proposes (with
    the position it starts from), checked the same way. An explanation whose claims run out of time is
    dropped whole; a road that does is left out, and the claims proven before it stand. ``memory``, made
    ready for ``game``'s board, is what the values remember."""
    values = ExactValues(analyzer, budget.until(time.monotonic() + seconds), memory, game)
    passed: list[Claim] = []
    failed: list[Claim] = []
    try:
        for position, claim in candidates(values):
            values.budget.check()
            (passed if check(position, claim, values) else failed).append(claim)
    except SearchStopped:
        if budget.stopped():
            raise
        return Explanation((), (), timed_out=True)
    if any(enough(claim) for claim in passed):
        return Explanation(tuple(passed), tuple(failed))
    try:
        position, road = road_from(values)
        if road is not None:
            (passed if check(position, road, values) else failed).append(road)
    except SearchStopped:
        # A road not found in time is left out; the reasons proven before it stand.
        if budget.stopped():
            raise
    return Explanation(tuple(passed), tuple(failed))
