"""The shipped learning tree, walked: read whole (every reply of the second player present, every node
reached, one move or a leaf at each of the first player's turns), and by the exact solver and the explainer's
checks a sample of its positions won and of its leaves proven again. The whole proof (every position, every
leaf: 18 to 77 s) is ``tools/check_learn_tree.py`` (docs/benchmarks.md, "Learn to win")."""

from __future__ import annotations

import pytest

from ai.exact.analysis import ExactAnalyzer
from ai.explain.values import ExactValues
from ai.learn.leaves import LEAF_KINDS
from ai.learn.tree import FRONTIER_LEAF, LearnTree, read_tree
from ai.learn.walk import leaf_faults, node_faults, sample

#: Positions the test solves (besides the opening's, which the book answers at once), and leaves of each
#: kind it proves again: a few seconds.
SAMPLED_NODES = 150
SAMPLED_LEAVES = 30
#: The opening every sample includes whole: the plies a learner meets first.
OPENING_PLIES = 6


@pytest.fixture(scope="module")
def tree() -> LearnTree:
    return read_tree()


@pytest.fixture(scope="module")
def values() -> ExactValues:
    return ExactValues(ExactAnalyzer(threads=1))


def test_the_shipped_tree_is_the_first_players_win_from_the_empty_board(tree):
    assert tree.side == 0 and tree.root.moves == "" and tree.root.move == 3
    assert {node.leaf for node in tree.leaves()} <= {*LEAF_KINDS, FRONTIER_LEAF}
    # The tree reaches past its opening, and some of its branches end at a proven claim.
    assert any(node.leaf in LEAF_KINDS for node in tree.leaves())
    assert max(len(node.moves) for node in tree) > OPENING_PLIES


def test_the_positions_of_the_opening_and_a_sample_are_the_first_players_win(tree, values):
    nodes = list(tree)
    opening = [node for node in nodes if len(node.moves) <= OPENING_PLIES]
    later = [node for node in nodes if len(node.moves) > OPENING_PLIES]
    assert node_faults(tree, [*opening, *sample(later, SAMPLED_NODES)], values) == []


@pytest.mark.parametrize("kind", LEAF_KINDS)
def test_a_sample_of_each_kind_of_leaf_is_proven_again(tree, values, kind):
    leaves = [node for node in tree.leaves() if node.leaf == kind]
    assert leaf_faults(tree, sample(leaves, SAMPLED_LEAVES), values) == []


def test_the_sample_is_spread_over_the_whole_and_the_same_every_time():
    items = list(range(100))
    assert sample(items, 5) == [0, 25, 50, 74, 99] == sample(items, 5)
    assert sample(items[:3], 5) == [0, 1, 2] and sample(items, 1) == [0]
