"""How far today's plans close the learning tree: the tree built to the end (no bound on plies) from deeper
roots, positions of one line of best play where the first player is to move, with each look-ahead asked.

Usage: python bench/learn_tree.py [--line MOVES] [--plies 12,14,16,18,20] [--looks 0,1] [--max-nodes N]

The line (by default one game of best play: the first player's fastest win, the second player's slowest
loss, each the first such move in the centre-first order, as ``ponder move`` plays it with the solver) is cut
after each of ``--plies`` stones; from each such root the tree of :mod:`ai.learn.builder` is built, at most
``--max-nodes`` nodes (past it the rest of the tree is left at the frontier, and the row says so). One row per
root and look-ahead: nodes, depth, leaves by kind, whether it closed, the time.
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
from ai.learn.builder import Figures, TreeBuilder  # noqa: E402
from ai.learn.tree import FRONTIER_LEAF  # noqa: E402
from game.connect4 import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

#: A game of best play from the empty board (see the module's docstring): the first player wins at ply 41.
BEST_LINE = "4444443265555532333226762352666111777771"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--line", default=BEST_LINE, help="the line the roots are cut from")
    parser.add_argument(
        "--plies", default="12,14,16,18,20", help="where the line is cut (even: first to move)"
    )
    parser.add_argument("--looks", default="0,1", help="the look-aheads to build with")
    parser.add_argument("--max-nodes", type=int, default=20_000, help="the most nodes of each tree")
    args = parser.parse_args()
    plies = [int(ply) for ply in args.plies.split(",")]
    looks = [int(look) for look in args.looks.split(",")]
    print("| root (ply) | look-ahead | nodes | depth | leaves | closed | time |")
    print("|---|---|---|---|---|---|---|")
    for ply in plies:
        root = ConnectFour.from_moves(args.line[:ply])
        for look in looks:
            # A fresh analyzer for each build: the time includes the solving it needs.
            values = ExactValues(ExactAnalyzer(threads=1))
            started = time.monotonic()
            builder = TreeBuilder(root, values, None, args.max_nodes, look)
            tree = builder.build()
            figures = Figures.of(tree, time.monotonic() - started, builder.examined)
            leaves = ", ".join(
                f"{kind} {count}" for kind, count in sorted(figures.leaves.items()) if kind != FRONTIER_LEAF
            )
            closed = "yes" if FRONTIER_LEAF not in figures.leaves else f"no ({figures.leaves[FRONTIER_LEAF]})"
            print(
                f"| {args.line[:ply]} ({ply}) | {look} | {figures.nodes} | {figures.depth} | {leaves} | "
                f"{closed} | {figures.seconds:.0f} s |",
                flush=True,
            )
    print(machine_line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
