"""Playing strength that every level must have: wins in one taken, losses in one blocked, fastest wins chosen,
and a perfect Tic-tac-toe player that never loses."""

from __future__ import annotations

import random

import pytest

from ai.contracts import Limits
from ai.exact.analysis import ExactAnalyzer
from ai.play.levels import levels_for
from ai.play.thinker import Thinker
from ai.score import from_benchmark, plies_to_end
from game import ConnectFour, TicTacToe
from tests.conftest import TESTSETS


def chosen_move(thinker: Thinker, game, limits: Limits) -> int:
    results = list(thinker.think(game, limits))
    return results[-1].best_move


def level_limits(game_name: str) -> list[Limits]:
    # The max level's think time is short here: what is checked is the choice, not the strength at 3 s.
    return [level.limits(max_seconds=0.3) for level in levels_for(game_name)]


def winning_moves(game) -> list[int]:
    found = []
    for move in game.moves():
        game.apply(move)
        if game.winner() is not None:
            found.append(move)
        game.undo()
    return found


def line_direction(game) -> set[str]:
    """Directions of the winning lines on a won board."""
    cells = game.winning_cells()
    directions = set()
    for row, column in cells:
        for name, (dr, dc) in {
            "vertical": (1, 0),
            "horizontal": (0, 1),
            "diagonal": (1, 1),
            "anti": (1, -1),
        }.items():
            if all((row + i * dr, column + i * dc) in cells for i in range(game.k)):
                directions.add(name)
    return directions


def sample_positions(make, count, seed, keep):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = make()
        while not game.is_over():
            if keep(game):
                found.append(game.copy())
                break
            game.apply(rng.choice(game.moves()))
    return found


def opponent_wins_after(game, move) -> bool:
    game.apply(move)
    try:
        return not game.is_over() and bool(winning_moves(game))
    finally:
        game.undo()


@pytest.mark.parametrize("make", [ConnectFour, TicTacToe, lambda: TicTacToe(4)], ids=["c4", "ttt3", "ttt4"])
def test_every_level_takes_a_win_in_one(make):
    positions = sample_positions(make, 40, "win-in-one", lambda g: bool(winning_moves(g)))
    directions = set()
    thinker = Thinker(table_entries=1 << 14, seed=1)
    for game in positions:
        for limits in level_limits(game.name):
            move = chosen_move(thinker, game, limits)
            assert move in winning_moves(game), (game.moves_text(), limits)
        game.apply(winning_moves(game)[0])
        directions |= line_direction(game)
    assert directions == {"vertical", "horizontal", "diagonal", "anti"}


def opponent_threats(game) -> list[int]:
    """Moves of the side to move that fill a cell where the opponent would complete a line."""
    opponent = game.stones(1 - game.to_move())
    found = []
    for move in game.moves():
        if game.has_line(opponent | game.stone_bit(move)):
            found.append(move)
    return found


def single_blockable_threat(game) -> bool:
    """The side to move cannot win now, the opponent threatens exactly one cell, and blocking it is safe."""
    if winning_moves(game):
        return False
    threats = opponent_threats(game)
    return len(threats) == 1 and not opponent_wins_after(game, threats[0])


# Connect Four on 10 positions (plies 7 to 18): its depth-10 level's pure-Python searches take nine tenths of
# the time, and a level that lets a single threat through misses it wherever the threat stands.
@pytest.mark.parametrize(("make", "count"), [(ConnectFour, 10), (TicTacToe, 30)], ids=["c4", "ttt3"])
def test_every_level_blocks_a_loss_in_one(make, count):
    positions = sample_positions(make, count, "block", single_blockable_threat)
    thinker = Thinker(table_entries=1 << 14, seed=2)
    for game in positions:
        [block] = opponent_threats(game)
        for limits in level_limits(game.name):
            assert chosen_move(thinker, game, limits) == block, (game.moves_text(), limits)


def test_levels_choose_the_fastest_win_they_can_see():
    """On end-game benchmark positions that are won, a level deep enough to see the win picks a move whose
    exact score is the best one (the fastest win), never a slower win."""
    analyzer = ExactAnalyzer(solver_slots=1 << 18)
    thinker = Thinker(table_entries=1 << 16, seed=3)
    checked = 0
    for line in (TESTSETS / "Test_L3_R1").read_text().splitlines()[:120]:
        moves, score = line.split()
        if int(score) <= 0:
            continue
        game = ConnectFour.from_moves(moves)
        plies = plies_to_end(from_benchmark(int(score), game.ply(), 42))
        exact = analyzer.move_scores(game)
        for limits in level_limits("connect4"):
            if limits.depth is not None and limits.depth < plies:
                continue
            move = chosen_move(thinker, game, limits)
            assert exact[move] == int(score), (moves, limits, exact)
            checked += 1
    assert checked > 100


def test_perfect_tictactoe_never_loses_against_any_strategy():
    thinker = Thinker(table_entries=1 << 16, seed=4)
    perfect = Limits()
    decisions = 0

    def explore(game, ai_player):
        nonlocal decisions
        if game.is_over():
            assert game.winner() in (None, ai_player), game.moves_text()
            return
        if game.to_move() == ai_player:
            decisions += 1
            game.apply(chosen_move(thinker, game, perfect))
            explore(game, ai_player)
            game.undo()
        else:
            for move in game.moves():
                game.apply(move)
                explore(game, ai_player)
                game.undo()

    explore(TicTacToe(), 0)
    explore(TicTacToe(), 1)
    assert decisions > 500
