"""Where a branch of the learning tree may end: a position where a claim of the explainer's proves the
learner's win with a strategy the learner can follow against every reply.

:func:`leaf_claim` is the one place that decides it, for the tree's generator (:mod:`ai.learn.builder`), for
``ponder learn --json`` (which finds each leaf's claim again) and for the test that walks the tree. The claims
it takes (:data:`LEAF_KINDS`) are those whose proof in :mod:`ai.explain.checks` covers every reply of the
opponent, not a line of best play only:

* with the learner to move: a win at once (``win_now``), a move that makes a double threat
  (``double_threat``), a forcing line (``forcing_line``: every stone makes a threat the opponent must block,
  the last a double threat or four);
* with the opponent to move: the learner's double threat already on the board (``double_threat``), or a plan
  of the learner's that wins (``plan``: Allis's rules, replayed against every reply of the opponent).

A road (a line of best play into such a claim) is no leaf: the opponent may leave the road with another
losing move, and the tree covers every reply itself, ply by ply. Zugzwang claims are no leaf either: their
check compares the rule's result with the solver's and replays no strategy.

The finders are deterministic (the plan finder counts search nodes, not time), so a leaf's claim found again
from the same position is the same claim. Where the plan finder learns more (new kinds of plans), more
positions become leaves and the generator makes a smaller tree; nothing here changes.
"""

from __future__ import annotations

from collections.abc import Iterator

from ai.claims import Claim, Kind, PlanClaim, Result
from ai.explain import tactics
from ai.explain.board import BoardView
from ai.explain.checks import check
from ai.explain.explainer import PlanFinder
from ai.explain.plan import find_plan
from ai.explain.values import ExactValues
from ai.plans import Goal
from game.connect4 import ConnectFour

#: The kinds of claim that end a branch (their names, as ``ponder explain --json`` gives them).
LEAF_KINDS = (Kind.WIN_NOW.value, Kind.DOUBLE_THREAT.value, Kind.FORCING_LINE.value, Kind.PLAN.value)


def leaf_claim(
    game: ConnectFour,
    learner: int,
    values: ExactValues,
    kind: str | None = None,
    plans: PlanFinder = find_plan,
) -> Claim | None:
    """The first proven claim (by :func:`ai.explain.checks.check`) of :data:`LEAF_KINDS` (``kind`` alone,
    where given) that states ``learner``'s win in ``game`` (not over), in the order of the module's
    docstring; None where none proves. The solver's SearchStopped passes through (``values``' budget)."""
    for claim in _candidates(game, learner, values, plans):
        if claim.side != learner or claim.result is not Result.WIN:
            continue
        if kind is not None and claim.kind.value != kind:
            continue
        if check(game, claim, values):
            return claim
    return None


def _candidates(game: ConnectFour, learner: int, values: ExactValues, plans: PlanFinder) -> Iterator[Claim]:
    """The finders' proposals, cheapest first, each found only when the ones before it have failed."""
    view = BoardView(game)
    if game.to_move() == learner:
        yield from tactics.win_now(view)
        yield from tactics.making_double_threats(game, view)
        yield from tactics.forcing_line(game, view)
        return
    yield from tactics.standing_double_threat(view)
    plan = plans(game, learner, budget=values.budget)
    if plan is not None and plan.goal is Goal.WIN:
        cells = tuple(sorted({cell for use in plan.rules for cell in use.cells}))
        yield PlanClaim(learner, cells, Result.WIN, plan=plan)
