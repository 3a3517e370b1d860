"""Builds the learning tree (``assets/c4-learn-7x6.txt``, format in :mod:`ai.learn.tree`): the first
player's win on 7 x 6 as one winning move at each of its turns and every reply of the second player below it,
down to proven leaves (:mod:`ai.learn.leaves`) or to the frontier (``solver`` leaves) where the build stops.

Usage: python tools/make_learn_tree.py [--root MOVES] [--plies N] [--max-nodes N] [--look N] [--out FILE]
                                       [--progress FILE] [--close K] [--close-nodes N]

How the tree is built, and how the learner's move is chosen: :mod:`ai.learn.builder`. ``--plies`` bounds how
far below the root the tree reaches (0: no bound), ``--max-nodes`` how many nodes it may hold; a position that
is no leaf past either becomes a frontier leaf. The shipped tree is the opening part: ``--plies 12`` from the
empty board (today's plans prove no leaf in the first plies of good play; docs/benchmarks.md, "Learn to win").

Resumable: after each ply the tree so far (its waiting positions as frontier leaves) is written to the
progress file (``tools/learn-progress-7x6.txt``), which a new run from the same root goes on from; a completed
run deletes it. The output is written atomically and read back with the game's own reader.

``--close K`` then measures what the frontier stands for: K frontier leaves, taken at even steps through the
file's order, are each built to the end (no bound on plies, at most ``--close-nodes`` nodes each), and their
sizes printed: whether the plans of today close the tree below them, and with how many nodes.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.explain.values import ExactValues  # noqa: E402
from ai.learn.builder import DEFAULT_LOOK, Figures, TreeBuilder  # noqa: E402
from ai.learn.tree import (  # noqa: E402
    FRONTIER_LEAF,
    LEARN_TREE_PATH,
    LearnTree,
    LearnTreeError,
    read_tree,
    tree_text,
)
from game.connect4 import ConnectFour  # noqa: E402
from game.protocol import IllegalMove  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

DEFAULT_PROGRESS = ROOT / "tools" / "learn-progress-7x6.txt"
DEFAULT_PLIES = 12
DEFAULT_MAX_NODES = 20_000


def write_tree(path: Path, tree: LearnTree) -> None:
    """``tree`` into ``path`` atomically."""
    partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    partial.write_text(tree_text(tree), encoding="utf-8", newline="")
    os.replace(partial, path)


def figures_table(figures: Figures) -> list[str]:
    """The figures as a Markdown table (docs/benchmarks.md's form)."""
    proven = sum(count for kind, count in figures.leaves.items() if kind != FRONTIER_LEAF)
    rows = [
        "| figure | value |",
        "|---|---|",
        f"| nodes | {figures.nodes} |",
        f"| of them the learner's turns | {figures.learner_nodes} |",
        f"| depth (plies below the root) | {figures.depth} |",
        f"| leaves proven | {proven} |",
    ]
    rows += [
        f"| leaves: {kind} | {count} |"
        for kind, count in sorted(figures.leaves.items())
        if kind != FRONTIER_LEAF
    ]
    rows += [
        f"| frontier leaves (solver) | {figures.leaves[FRONTIER_LEAF]} |",
        f"| positions examined for a leaf | {figures.examined} |",
        f"| time | {figures.seconds:.0f} s |",
    ]
    return rows


def close_sample(tree: LearnTree, values: ExactValues, count: int, most: int, look: int) -> None:
    """Builds ``count`` of ``tree``'s frontier leaves to the end (see the module's docstring), printing
    each."""
    frontier = [node for node in tree if node.leaf == FRONTIER_LEAF]
    if not frontier or count <= 0:
        return
    step = max(1, len(frontier) // count)
    chosen = frontier[::step][:count]
    print(f"closing {len(chosen)} of {len(frontier)} frontier leaves (at most {most} nodes each):")
    print("| frontier position | nodes | depth | closed | time |")
    print("|---|---|---|---|---|")
    sizes = []
    for node in chosen:
        started = time.monotonic()
        builder = TreeBuilder(node.game(), values, None, most, look)
        below = builder.build()
        figures = Figures.of(below, time.monotonic() - started, builder.examined)
        closed = FRONTIER_LEAF not in figures.leaves
        sizes.append(figures.nodes)
        shown = "yes" if closed else f"no ({figures.leaves[FRONTIER_LEAF]} frontier leaves left)"
        print(
            f"| {node.moves} | {figures.nodes} | {figures.depth} | {shown} | {figures.seconds:.0f} s |",
            flush=True,
        )
    mean = sum(sizes) / len(sizes)
    print(
        f"mean {mean:.0f} nodes a frontier leaf: the whole tree would hold about "
        f"{len(tree) - len(frontier) + mean * len(frontier):.0f} nodes (an estimate from the sample)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--root", default="", help="the root's moves from the empty board (default: empty)")
    parser.add_argument("--plies", type=int, default=DEFAULT_PLIES, help="plies below the root, 0: no bound")
    parser.add_argument("--max-nodes", type=int, default=DEFAULT_MAX_NODES, help="the most nodes")
    parser.add_argument(
        "--look",
        type=int,
        default=DEFAULT_LOOK,
        help="the learner's moves the look-ahead tries below the one it chooses (default 0)",
    )
    parser.add_argument("--out", type=Path, default=LEARN_TREE_PATH, help="the tree file to write")
    parser.add_argument("--progress", type=Path, default=DEFAULT_PROGRESS, help="the progress file")
    parser.add_argument(
        "--close", type=int, default=0, metavar="K", help="frontier leaves to build to the end"
    )
    parser.add_argument("--close-nodes", type=int, default=20_000, help="the most nodes of each of them")
    args = parser.parse_args(argv)
    if args.plies < 0 or args.max_nodes < 1 or args.look < 0:
        parser.error("--plies and --look must be 0 or more, --max-nodes 1 or more")
    try:
        root = ConnectFour.from_moves(args.root)
    except IllegalMove as error:
        parser.error(f"--root: {error}")
    started = time.monotonic()
    values = ExactValues(ExactAnalyzer(threads=1))
    try:
        builder = TreeBuilder(root, values, args.plies or None, args.max_nodes, args.look)
    except ValueError as error:
        parser.error(f"--root: {error}")
    if args.progress.exists():
        try:
            builder.resume(read_tree(args.progress))
            print(f"going on from {args.progress}")
        except (LearnTreeError, ValueError) as error:
            print(f"{args.progress} not used: {error}")

    def after_ply(tree: LearnTree) -> None:
        write_tree(args.progress, tree)
        figures = Figures.of(tree, time.monotonic() - started, builder.examined)
        leaves = ", ".join(f"{kind} {count}" for kind, count in sorted(figures.leaves.items()))
        print(f"  ply {figures.depth}: {figures.nodes} nodes ({leaves}), {figures.seconds:.0f} s", flush=True)

    tree = builder.build(after_ply)
    figures = Figures.of(tree, time.monotonic() - started, builder.examined)
    write_tree(args.out, tree)
    if read_tree(args.out).nodes != tree.nodes:
        raise RuntimeError(f"{args.out}: read back, the tree differs from the one written")
    args.progress.unlink(missing_ok=True)
    print(
        f"wrote {args.out}: the tree from {args.root or 'the empty board'}, {args.out.stat().st_size} bytes"
    )
    print("\n".join(figures_table(figures)))
    print(machine_line())
    close_sample(tree, values, args.close, args.close_nodes, args.look)
    return 0


if __name__ == "__main__":
    sys.exit(main())
