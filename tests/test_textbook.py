"""The textbook algorithms on hand-built trees, and the engine's search against plain minimax."""

from __future__ import annotations

import math
import random

import pytest

from ai.heuristic.evaluate import ThreatEvaluator
from ai.heuristic.search import Searcher
from ai.heuristic.table import TranspositionTable
from ai.heuristic.textbook import ExplicitTree, alphabeta, maxn, minimax
from ai.score import WIN
from game import ConnectFour, TicTacToe

# The classic two-ply tree: MAX chooses among a1, a2, a3; MIN then picks a leaf.
TWO_PLY = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def leaf_value(tree):
    return tree.leaf()


def test_minimax_on_the_two_ply_tree():
    value, move = minimax(ExplicitTree(TWO_PLY), math.inf, leaf_value)
    assert value == 3
    assert move == 0  # a1


def test_alphabeta_matches_minimax_and_skips_leaves():
    tree = ExplicitTree(TWO_PLY)
    value, move = alphabeta(tree, math.inf, leaf_value)
    assert (value, move) == (3, 0)
    # After a1 is worth 3, a2's first leaf (2) refutes a2: its 4 and 6 are never looked at.
    assert tree.leaves_visited == [3, 12, 8, 2, 14, 5, 2]
    assert len(tree.leaves_visited) < 9


def test_maxn_player_c_takes_its_best_vector():
    # A (player 0) chooses between two B nodes; each B node chooses between C nodes; C picks a leaf.
    tree = [
        [[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
        [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]],
    ]
    c_node = ExplicitTree(tree[0][0], players=3)
    # Let the C node be the root's player 2 by walking to it from the real root.
    full = ExplicitTree(tree, players=3)
    full.apply(0)
    full.apply(0)
    assert full.to_move() == 2
    assert maxn(full, math.inf, leaf_value) == ((1, 2, 6), 0)
    assert c_node.to_move() == 0  # sanity: a detached subtree would start with player 0
    # Whole tree: B at [0] sees C's choices (1,2,6) and (6,1,2); B takes (1,2,6) (2 > 1). B at [1]: C picks
    # (5,1,1) or (1,5,2)->(1,5,2); (7,7,1) or (5,4,5)->(5,4,5); B takes (1,5,2) (5 > 4). A takes (1,2,6).
    full = ExplicitTree(tree, players=3)
    assert maxn(full, math.inf, leaf_value) == ((1, 2, 6), 0)


def oracle_value(root_ply, evaluate):
    """Leaf scoring for textbook minimax matching the engine's negamax scale, from player 0's side."""

    def value(game):
        if game.winner() is not None:
            score = WIN - (game.ply() - root_ply)
            return score if game.winner() == 0 else -score
        if game.is_over():
            return 0
        score = evaluate(game)
        return score if game.to_move() == 0 else -score

    return value


def random_position(make, rng, max_moves):
    while True:
        game = make()
        for _ in range(rng.randrange(max_moves + 1)):
            if game.is_over():
                break
            game.apply(rng.choice(game.moves()))
        if not game.is_over():
            return game


@pytest.mark.parametrize(
    ("make", "positions", "max_depth", "max_moves"),
    [
        (lambda: TicTacToe(3), 150, 5, 6),
        (lambda: TicTacToe(4), 60, 3, 10),
        (lambda: ConnectFour(), 120, 3, 30),
        (lambda: ConnectFour(5, 4), 60, 4, 14),
    ],
)
def test_alpha_beta_with_table_equals_minimax(make, positions, max_depth, max_moves):
    rng = random.Random(42)
    for _ in range(positions):
        game = random_position(make, rng, max_moves)
        depth = rng.randint(1, max_depth)
        evaluate = ThreatEvaluator.for_game(game)
        expected, _ = minimax(game.copy(), depth, oracle_value(game.ply(), evaluate))
        # A small shared table, so that entries of earlier positions and collisions are part of the test.
        searcher = Searcher(TranspositionTable(997), rng=random.Random(1))
        results = list(searcher.iterate(game, max_depth=depth))
        sign = 1 if game.to_move() == 0 else -1
        assert results[-1].score.value == sign * expected, (game.moves_text(), depth)
