"""Proves a learning tree whole (``assets/c4-learn-7x6.txt`` by default): reads it with the game's reader
(every reply present, every node reached), then by the exact solver every position is a win for the learner,
and every proven leaf's claim is found again and proven by the explainer's checks (:mod:`ai.learn.walk`).
The test suite does the same on a sample (tests/test_learn_tree_walk.py); this is the whole proof.

Usage: python tools/check_learn_tree.py [--tree FILE]

Prints each fault, then the figures; exit status 0 when every position and leaf holds, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.explain.values import ExactValues  # noqa: E402
from ai.learn.tree import FRONTIER_LEAF, LEARN_TREE_PATH, LearnTreeError, read_tree  # noqa: E402
from ai.learn.walk import leaf_faults, node_faults  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tree", type=Path, default=LEARN_TREE_PATH, help="the tree file to prove")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        tree = read_tree(args.tree)
    except LearnTreeError as error:
        print(error)
        return 1
    values = ExactValues(ExactAnalyzer(threads=1))
    faults = node_faults(tree, tree, values)
    solved = time.monotonic() - started
    leaves = [node for node in tree.leaves() if node.leaf != FRONTIER_LEAF]
    faults += leaf_faults(tree, leaves, values)
    for fault in faults:
        print(fault)
    print(
        f"{args.tree}: {len(tree)} positions won by the solver in {solved:.0f} s, {len(leaves)} leaves "
        f"proven again, {len(faults)} faults, {time.monotonic() - started:.0f} s in all"
    )
    print(machine_line())
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
