"""Exact Connect Four scores on the public benchmark positions (the subset in tests/data/c4-testsets)."""

from __future__ import annotations

import random

import pytest

from ai.exact.analysis import ExactAnalyzer
from ai.exact.base import SolverBase
from ai.exact.python_core import ConnectFourSolver
from bench.testsets import position_of
from game import ConnectFour
from tests.conftest import read_positions as read_set


@pytest.fixture
def solver(solver_class) -> SolverBase:
    return solver_class(table_slots=1 << 20)


def solve(solver: SolverBase, moves: str, weak: bool = False) -> int:
    game = ConnectFour.from_moves(moves)
    return solver.solve(game.stones(game.to_move()), game.occupied(), game.ply(), weak)


# Every shipped position of the two easy sets; a seeded sample of the medium ones, and the first positions of
# the hard opening set (whose single positions take up to minutes), keep the suite within a few minutes.
SAMPLES = {"Test_L3_R1": 300, "Test_L2_R1": 300, "Test_L1_R1": 60, "Test_L2_R2": 8}
FIRST_OF_HARD_SET = 4


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_exact_scores_match_the_benchmark(solver, name):
    rows = read_set(name)
    if SAMPLES[name] < len(rows):
        rows = random.Random(f"sample-{name}").sample(rows, SAMPLES[name])
    wrong = [(moves, expected, got) for moves, expected in rows if (got := solve(solver, moves)) != expected]
    assert not wrong, f"{len(wrong)} wrong, first: {wrong[:3]}"


def test_first_positions_of_the_hard_opening_set(solver):
    rows = read_set("Test_L1_R2")[:FIRST_OF_HARD_SET]
    wrong = [(moves, expected, got) for moves, expected in rows if (got := solve(solver, moves)) != expected]
    assert not wrong, f"{len(wrong)} wrong, first: {wrong[:3]}"


def test_weak_scores_are_the_signs(solver):
    for moves, expected in read_set("Test_L3_R1")[:200]:
        assert solve(solver, moves, weak=True) == (expected > 0) - (expected < 0)


def test_every_move_analysis_agrees_with_the_score():
    analyzer = ExactAnalyzer(solver_slots=1 << 20)
    for moves, expected in read_set("Test_L3_R1")[:150]:
        game = ConnectFour.from_moves(moves)
        scores = analyzer.move_scores(game)
        assert len(scores) == 7
        assert max(scores) == expected
        for column, score in enumerate(scores):
            assert (score == -1000) == (column not in game.moves())


def test_node_counts_are_deterministic(solver_class):
    first, second = solver_class(table_slots=1 << 18), solver_class(table_slots=1 << 18)
    for moves, _ in read_set("Test_L2_R1")[:20]:
        solve(first, moves)
        solve(second, moves)
    assert first.nodes == second.nodes > 0


def test_clear_empties_the_table_in_place_and_the_solver_still_solves():
    solver = ConnectFourSolver(table_slots=1 << 16)
    game = ConnectFour.from_moves("52753311433677442422121")  # from Test_L2_R1: score 8
    player = game.to_move()
    score = solver.solve(game.stones(player), game.occupied(), game.ply())
    table = solver.table
    assert any(table)
    solver.clear()
    assert solver.table is table and not any(table)
    assert solver.solve(game.stones(player), game.occupied(), game.ply()) == score


@pytest.mark.parametrize(
    "name", ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"]
)
def test_the_benchmark_harness_reads_positions_as_the_game_does(name):
    for moves, _ in read_set(name):
        game = ConnectFour.from_moves(moves)
        assert position_of(moves) == (game.stones(game.to_move()), game.occupied(), game.ply()), moves
