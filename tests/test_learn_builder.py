"""The learning tree's generator: from a root where the first player wins, a whole tree (every reply, one
winning move, proven leaves), the same every time; bounded by plies or nodes it stops at frontier leaves,
and a build goes on from its frontier to the same tree as one run."""

from __future__ import annotations

from collections import Counter

import pytest

from ai.exact.analysis import ExactAnalyzer
from ai.explain.values import ExactValues
from ai.learn.builder import Figures, TreeBuilder, build_tree
from ai.learn.leaves import LEAF_KINDS, leaf_claim
from ai.learn.tree import FRONTIER_LEAF, read_tree, tree_text
from game.connect4 import ConnectFour

#: Along a line of best play, the first player to move and winning: the tree below closes in 3 plies, one
#: of its leaves a plan (found by the plan finder, replayed against every reply).
ROOT = "444444326555553233322676"
#: Two moves earlier on the same line: the tree below closes in 5 plies, with plans and double threats.
DEEPER_ROOT = "4444443265555532333226"


@pytest.fixture(scope="module")
def values() -> ExactValues:
    return ExactValues(ExactAnalyzer(threads=1))


def test_a_closed_tree_keeps_the_win_and_ends_every_branch_at_a_proven_leaf(tmp_path, values):
    tree, figures = build_tree(from_moves(DEEPER_ROOT), values)
    assert tree.root.moves == DEEPER_ROOT and tree.side == 0
    path = tmp_path / "tree.txt"
    path.write_text(tree_text(tree), encoding="utf-8", newline="")
    read = read_tree(path)
    assert dict(read.nodes) == dict(tree.nodes)
    assert figures.nodes == len(tree) and FRONTIER_LEAF not in figures.leaves
    assert figures.leaves["plan"] >= 1 and sum(figures.leaves.values()) == len(tree.leaves())
    for node in tree:
        game = node.game()
        assert values.result_for(game, 0) > 0, node.moves
        if node.move is not None:
            assert values.move_results(game)[node.move] > 0, node.moves
        if node.leaf is not None:
            assert node.leaf in LEAF_KINDS
            claim = leaf_claim(game, 0, values, kind=node.leaf)
            assert claim is not None and claim.side == 0, node.moves
    assert figures.depth == max(len(node.moves) for node in tree) - len(DEEPER_ROOT)


def test_the_build_is_the_same_every_time(values):
    first, _ = build_tree(from_moves(DEEPER_ROOT), values)
    again, _ = build_tree(from_moves(DEEPER_ROOT), ExactValues(ExactAnalyzer(threads=1)))
    assert tree_text(first) == tree_text(again)


def test_a_bound_on_plies_leaves_frontier_leaves_and_the_build_goes_on_from_them(values):
    whole, _ = build_tree(from_moves(DEEPER_ROOT), values)
    bounded, figures = build_tree(from_moves(DEEPER_ROOT), values, plies=2)
    assert figures.leaves[FRONTIER_LEAF] > 0 and figures.depth <= 2
    # A frontier leaf is no proven claim: it stands where the whole tree goes on.
    for node in bounded.leaves():
        if node.leaf == FRONTIER_LEAF:
            assert len(node.moves) - len(DEEPER_ROOT) == 2
            assert whole.node(node.game()) is not None and whole.node(node.game()).node.leaf is None
    builder = TreeBuilder(from_moves(DEEPER_ROOT), values)
    builder.resume(bounded)
    assert tree_text(builder.build()) == tree_text(whole)


def test_a_bound_on_nodes_is_never_passed(values):
    tree, figures = build_tree(from_moves(DEEPER_ROOT), values, max_nodes=5)
    assert 1 <= len(tree) <= 5 and figures.leaves[FRONTIER_LEAF] > 0


def test_the_progress_after_each_ply_is_a_whole_tree(tmp_path, values):
    seen: list[int] = []

    def after_ply(tree):
        path = tmp_path / "progress.txt"
        path.write_text(tree_text(tree), encoding="utf-8", newline="")
        seen.append(len(read_tree(path)))

    tree = TreeBuilder(from_moves(ROOT), values).build(after_ply)
    assert len(seen) >= 2 and seen == sorted(seen) and seen[-1] == len(tree)


def test_a_root_the_side_to_move_does_not_win_is_refused(values):
    with pytest.raises(ValueError, match="does not win"):
        TreeBuilder(from_moves(DEEPER_ROOT[:-1]), values)


def test_the_figures_count_the_learners_turns_and_the_leaves(values):
    tree, figures = build_tree(from_moves(ROOT), values)
    assert figures == Figures.of(tree, figures.seconds, figures.examined)
    assert figures.learner_nodes == sum(1 for node in tree if len(node.moves) % 2 == 0)
    assert figures.leaves == Counter(node.leaf for node in tree.leaves())
    assert figures.nodes == len(tree) and FRONTIER_LEAF not in figures.leaves


def from_moves(moves: str) -> ConnectFour:
    return ConnectFour.from_moves(moves)
