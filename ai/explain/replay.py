"""A plan proven by playing it: its strategy against every reply of the opponent where the tree of the game
left is small enough, else against the exact solver's best tries and many random ones. Shares nothing with
the plan finder but the :class:`~ai.plans.Plan` it is handed.

The plan fails where the opponent completes four, where its strategy has no answer (LookupError) or answers
with a move that is not legal, and, for the goal WIN, where the board fills without the plan's side
completing four.
"""

from __future__ import annotations

import random

from ai.explain.values import ExactValues
from ai.plans import Goal, Plan
from game.connect4 import ConnectFour

#: Past this many positions (the opponent to move) the tree is not walked whole: the plan is played against
#: the solver's best tries and random replies instead.
EXHAUSTIVE_POSITIONS = 3000
#: Games played against the solver's best tries (ties broken at random) where the tree is too big.
BEST_TRIES = 12
#: Games played against random replies where the tree is too big.
RANDOM_TRIES = 1000


class _TooBig(Exception):
    """The tree has more positions than the exhaustive walk takes."""


class _Failed(Exception):
    """A line where the plan does not keep its promise."""


def replay_plan(game: ConnectFour, plan: Plan, values: ExactValues, seed: int = 0) -> bool:
    """Whether ``plan`` keeps its goal from ``game`` (the opponent of ``plan.side`` to move) in every game
    tried: all of them where the tree holds at most EXHAUSTIVE_POSITIONS positions. The solver's
    SearchStopped (``values``' budget) passes through."""
    try:
        try:
            _walk(game.copy(), plan, values, set())
        except _TooBig:
            generator = random.Random(seed)
            for _ in range(BEST_TRIES):
                _play_line(game.copy(), plan, values, generator, best=True)
            for _ in range(RANDOM_TRIES):
                _play_line(game.copy(), plan, values, generator, best=False)
    except _Failed:
        return False
    return True


def _answer(game: ConnectFour, plan: Plan) -> None:
    """Plays the plan's answer in ``game`` (the plan's side to move), or raises _Failed."""
    try:
        column = plan.answer(game.copy())
    except LookupError:
        raise _Failed from None
    if column not in game.moves():
        raise _Failed
    game.apply(column)


def _settled(game: ConnectFour, plan: Plan) -> bool:
    """Whether the game is over, raising _Failed where it ended against the plan's promise."""
    if game.winner() is not None:
        if game.winner() != plan.side:
            raise _Failed
        return True
    if game.is_over():
        if plan.goal is Goal.WIN:
            raise _Failed
        return True
    return False


def _walk(game: ConnectFour, plan: Plan, values: ExactValues, seen: set[tuple[int, int]]) -> None:
    """Every reply of the opponent (to move in ``game``) and the plan's answer, to the end of the game."""
    key = (game.key(), game.ply())
    if key in seen:
        return
    seen.add(key)
    if len(seen) > EXHAUSTIVE_POSITIONS:
        raise _TooBig
    if len(seen) % 64 == 0:
        values.budget.check()
    for column in game.moves():
        child = game.copy()
        child.apply(column)
        if _settled(child, plan):
            continue
        _answer(child, plan)
        if not _settled(child, plan):
            _walk(child, plan, values, seen)


def _play_line(
    game: ConnectFour, plan: Plan, values: ExactValues, generator: random.Random, best: bool
) -> None:
    """One game from ``game``: the opponent plays at random (``best``: at random among its moves of the best
    exact result), the plan answers."""
    while True:
        values.budget.check()
        moves = game.moves()
        if best:
            results = values.move_results(game)
            top = max(results.values())
            moves = [column for column in moves if results[column] == top]
        game.apply(generator.choice(moves))
        if _settled(game, plan):
            return
        _answer(game, plan)
        if _settled(game, plan):
            return
