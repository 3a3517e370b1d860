"""A plan proven by playing it: its strategy against every reply of the opponent where the tree of the game
left is small enough, else against the exact solver's best tries and many random ones. Shares nothing with
the plan finder but the :class:`~ai.plans.Plan` it is handed.

The plan fails where the opponent completes four, where its strategy has no answer (LookupError) or answers
with a move that is not legal, and, for the goal WIN, where the board fills without the plan's side
completing four.

Cheap where the games meet again: the strategy is a pure function of the position (the contract of
:class:`~ai.plans.Plan`), so its answer is asked once per position (and last move) in one replay, and a game
against random replies that reaches a position whose every continuation the exhaustive walk already played
through stops there (it could only have passed). Neither changes which plans pass.
"""

from __future__ import annotations

import random

from ai.explain.values import ExactValues, PositionKey
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


class _Replay:
    """What one replay of a plan has learnt: the strategy's answers (None: it had none), by position and the
    move that led there, and the positions (the opponent to move) whose every continuation the exhaustive
    walk played through without the plan failing."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.answers: dict[tuple[int, int, int], int | None] = {}
        self.proven: set[PositionKey] = set()

    def answer(self, game: ConnectFour, last: int) -> None:
        """Plays the plan's answer in ``game`` (the plan's side to move, ``last`` the move just played there),
        or raises _Failed."""
        # The last move is part of the memo's key, so that a strategy reading it is asked again.
        memo = (game.key(), game.ply(), last)
        if memo in self.answers:
            column = self.answers[memo]
        else:
            try:
                column = self.plan.answer(game.copy())
            except LookupError:
                column = None
            self.answers[memo] = column
        if column is None or column not in game.moves():
            raise _Failed
        game.apply(column)


def replay_plan(game: ConnectFour, plan: Plan, values: ExactValues, seed: int = 0) -> bool:
    """Whether ``plan`` keeps its goal from ``game`` (the opponent of ``plan.side`` to move) in every game
    tried: all of them where the tree holds at most EXHAUSTIVE_POSITIONS positions. The solver's
    SearchStopped (``values``' budget) passes through."""
    replay = _Replay(plan)
    try:
        try:
            _walk(game.copy(), replay, values, set())
        except _TooBig:
            generator = random.Random(seed)
            for _ in range(BEST_TRIES):
                _play_line(game.copy(), replay, values, generator, best=True)
            for _ in range(RANDOM_TRIES):
                _play_line(game.copy(), replay, values, generator, best=False)
    except _Failed:
        return False
    return True


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


def _walk(game: ConnectFour, replay: _Replay, values: ExactValues, seen: set[PositionKey]) -> None:
    """Every reply of the opponent (to move in ``game``) and the plan's answer, to the end of the game;
    ``game``'s position is proven once every line from it has been played through. ``game`` is played on
    and taken back to where it was, unless the walk raises (then it is left anywhere: hand it a copy)."""
    key = (game.key(), game.ply())
    if key in seen:
        # Played through already: a position's ply only grows along a game, so it is not an ancestor.
        return
    seen.add(key)
    if len(seen) > EXHAUSTIVE_POSITIONS:
        raise _TooBig
    if len(seen) % 64 == 0:
        values.budget.check()
    plan = replay.plan
    # Each reply and answer are taken back after their subtree (no copy of the game a move): a failure or a
    # tree too big ends the walk, and the game walked with it.
    for column in game.moves():
        game.apply(column)
        if not _settled(game, plan):
            replay.answer(game, column)
            if not _settled(game, plan):
                _walk(game, replay, values, seen)
            game.undo()
        game.undo()
    replay.proven.add(key)


def _play_line(
    game: ConnectFour, replay: _Replay, values: ExactValues, generator: random.Random, best: bool
) -> None:
    """One game from ``game``: the opponent plays at random (``best``: at random among its moves of the best
    exact result), the plan answers; it stops at a position the walk proved."""
    plan = replay.plan
    while (game.key(), game.ply()) not in replay.proven:
        values.budget.check()
        moves = game.moves()
        if best:
            results = values.move_results(game)
            top = max(results.values())
            moves = [column for column in moves if results[column] == top]
        move = generator.choice(moves)
        game.apply(move)
        if _settled(game, plan):
            return
        replay.answer(game, move)
        if _settled(game, plan):
            return
