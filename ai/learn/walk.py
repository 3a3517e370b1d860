"""The proof of a learning tree, by the exact solver and the explainer's checks, sharing nothing with how the
generator chose: every position of the tree is a win for the learner (so every move of the tree keeps it),
and every proven leaf's claim is found again and proven by :func:`ai.explain.checks.check` (a plan replayed
against every reply). The structure itself (every reply present, every node reached) is checked when the
tree is read (:func:`ai.learn.tree.read_tree`).

The test that walks the shipped tree reads it whole and proves a sample of its positions and leaves (the
whole proof takes longer than a test may: 18 to 77 s on the shared machine, most of it solving positions
past the opening book); ``tools/check_learn_tree.py`` proves every one.
"""

from __future__ import annotations

from collections.abc import Iterable

from ai.explain.values import ExactValues
from ai.learn.leaves import leaf_claim
from ai.learn.tree import FRONTIER_LEAF, LearnNode, LearnTree


def node_faults(tree: LearnTree, nodes: Iterable[LearnNode], values: ExactValues) -> list[str]:
    """Each of ``nodes`` (of ``tree``) that is no win for the learner: one line each (none: they all hold).
    Over every node this proves every move of the tree too: the position a move leads to is a node (or the
    learner's four, which the reader checks), so it is a win."""
    faults = []
    for node in nodes:
        if values.result_for(node.game(), tree.side) <= 0:
            faults.append(f"{node.moves or '-'}: the learner does not win there")
    return faults


def leaf_faults(tree: LearnTree, leaves: Iterable[LearnNode], values: ExactValues) -> list[str]:
    """Each of ``leaves`` (of ``tree``) whose claim is not found again or does not prove: one line each."""
    faults = []
    for node in leaves:
        if node.leaf is None or node.leaf == FRONTIER_LEAF:
            continue
        if leaf_claim(node.game(), tree.side, values, kind=node.leaf) is None:
            faults.append(f"{node.moves or '-'}: no {node.leaf} proves the learner's win")
    return faults


def sample(leaves: list[LearnNode], count: int) -> list[LearnNode]:
    """``count`` of ``leaves`` at even steps through them (all of them where there are no more), the first
    and the last among them: the same every time."""
    if count >= len(leaves):
        return list(leaves)
    if count <= 1:
        return leaves[:count]
    step = (len(leaves) - 1) / (count - 1)
    return [leaves[round(index * step)] for index in range(count)]
