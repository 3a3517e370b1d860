"""The exact solver against a plain, memoised negamax over the game's own rules, on boards of several shapes.

The benchmark sets only hold 7 x 6 positions; these boards exercise the solver's other shapes, among them the
8 x 7 board whose keys are 64 bits wide and whose move ranking packs eight wide lanes into one int.
"""

from __future__ import annotations

import functools
import random

import pytest

from ai.contracts import ILLEGAL_MOVE
from game import ConnectFour
from tests.conftest import column_scores


def oracle_score(game: ConnectFour, memo: dict[int, int]) -> int:
    """The exact score in the solver's convention, by trying every move (memoised by position key)."""
    key = game.key()
    if key not in memo:
        best_possible = (game.width * game.height + 1 - game.ply()) // 2
        best = None
        for move in game.moves():
            score = move_score(game, move, memo)
            best = score if best is None else max(best, score)
            if best == best_possible:
                break  # a win with the next stone: nothing scores higher
        memo[key] = best
    return memo[key]


@functools.cache
def oracle_memo(width: int, height: int) -> dict[int, int]:
    """The oracle's memo for one board shape, kept for the whole module: its scores are the rules' own,
    whichever core a test checks, so each core's test reads what the other's computed."""
    return {}


def move_score(game: ConnectFour, column: int, memo: dict[int, int]) -> int:
    """The score of playing ``column``, ``ILLEGAL_MOVE`` if it is full: a win with the ``n``-th stone of the
    winner scores ``(cells + 1 - moves) // 2``, where ``moves`` is the number of stones before the winning
    one."""
    if column not in game.moves():
        return ILLEGAL_MOVE
    cells = game.width * game.height
    game.apply(column)
    try:
        if game.winner() is not None:
            return (cells + 1 - (game.ply() - 1)) // 2
        return 0 if game.is_over() else -oracle_score(game, memo)
    finally:
        game.undo()


def random_positions(width: int, height: int, stones: int, count: int, seed: str) -> list[ConnectFour]:
    """``count`` distinct positions with ``stones`` stones, reached by random play, where the game goes on."""
    rng = random.Random(seed)
    positions: dict[int, ConnectFour] = {}
    while len(positions) < count:
        game = ConnectFour(width, height)
        while game.ply() < stones and not game.is_over():
            game.apply(rng.choice(game.moves()))
        if game.is_over() or game.ply() < stones:
            continue
        positions[game.key()] = game
    return list(positions.values())


@pytest.mark.parametrize(
    ("width", "height", "stones", "count"),
    [
        (4, 4, 0, 1),
        (4, 4, 4, 40),
        (5, 4, 8, 40),
        (6, 4, 12, 30),
        (4, 5, 8, 30),
        (6, 5, 18, 20),
        (8, 7, 46, 30),
    ],
)
def test_solver_agrees_with_plain_negamax(solver_class, width, height, stones, count):
    solver = solver_class(width, height, table_slots=1 << 17)
    memo = oracle_memo(width, height)
    wrong = []
    for game in random_positions(width, height, stones, count, f"oracle-{width}x{height}"):
        player = game.to_move()
        expected = oracle_score(game, memo)
        got = solver.solve(game.stones(player), game.occupied(), game.ply())
        weak = solver.solve(game.stones(player), game.occupied(), game.ply(), weak=True)
        if got != expected or weak != (expected > 0) - (expected < 0):
            wrong.append((game.moves_text(), expected, got, weak))
        columns = column_scores(solver, game.stones(player), game.occupied(), game.ply())
        if columns != [move_score(game, column, memo) for column in range(width)]:
            wrong.append((game.moves_text(), "analyze", columns))
    assert not wrong, f"{len(wrong)} wrong (moves, exact, solver, weak): {wrong[:3]}"


@pytest.mark.parametrize(("width", "height", "stones", "count"), [(5, 4, 8, 25), (6, 5, 16, 12)])
def test_window_searches_keep_the_fail_soft_contract(solver_class, width, height, stones, count):
    """What ``solve``'s bisection relies on, for every null window across the score range and some wide ones,
    one table kept throughout (so stored bounds from earlier windows are used): a result <= alpha is an upper
    bound of the true score, one >= beta a lower bound, one in between the score itself."""
    solver = solver_class(width, height, table_slots=1 << 17)
    memo = oracle_memo(width, height)
    rng = random.Random(f"windows-{width}x{height}")
    broken = []
    for game in random_positions(width, height, stones, count, f"windows-{width}x{height}"):
        current, mask, moves = game.stones(game.to_move()), game.occupied(), game.ply()
        if solver.can_win_next(current, mask):
            continue  # the search's precondition: the side to move cannot win at once
        true = oracle_score(game, memo)
        edges = range(solver.min_score - 2, solver.max_score + 3)
        windows = [(low, low + 1) for low in edges[:-1]]
        windows += [tuple(sorted(rng.sample(edges, 2))) for _ in range(8)]
        rng.shuffle(windows)
        for alpha, beta in windows:
            result = solver._negamax(current, mask, moves, alpha, beta)
            if true <= alpha:
                kept = true <= result <= alpha
            elif true >= beta:
                kept = beta <= result <= true
            else:
                kept = result == true
            if not kept:
                broken.append((game.moves_text(), true, (alpha, beta), result))
    assert not broken, f"{len(broken)} break the contract (moves, score, window, result): {broken[:3]}"


@pytest.mark.parametrize(("width", "height", "stones", "count"), [(5, 4, 8, 20), (6, 5, 16, 12)])
def test_score_at_most_agrees_with_the_exact_score(solver_class, width, height, stones, count):
    """One null-window question, asked on both sides of the true score (and at it), on positions where the
    side to move can win at once too."""
    solver = solver_class(width, height, table_slots=1 << 17)
    memo = oracle_memo(width, height)
    wrong = []
    for game in random_positions(width, height, stones, count, f"at-most-{width}x{height}"):
        current, mask, moves = game.stones(game.to_move()), game.occupied(), game.ply()
        true = oracle_score(game, memo)
        for bound in (true - 2, true - 1, true, true + 1):
            if solver.score_at_most(current, mask, moves, bound) != (true <= bound):
                wrong.append((game.moves_text(), true, bound))
    assert not wrong, f"{len(wrong)} wrong (moves, score, bound): {wrong[:3]}"
