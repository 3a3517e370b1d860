"""``ponder learn``: the learning tree (the first player's win as a tree a person can learn, made by
``tools/make_learn_tree.py``, format in :mod:`ai.learn.tree`) for people (its figures) and for other tools
(``--json``: one object per position, each leaf's claim found again and proven as ``explain`` proves it).

The tree is read with the game's own reader, which refuses a damaged file (exit status 1, the file and the
reason on stderr); a leaf whose claim no longer proves is said the same way, after the positions before it.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from ai.exact.analysis import ExactAnalyzer
from ai.explain.export import JsonValue, claim_json, side_json
from ai.explain.values import ExactValues
from ai.learn.leaves import leaf_claim
from ai.learn.tree import FRONTIER_LEAF, LEARN_TREE_PATH, LearnTree, LearnTreeError, read_tree
from game.language import _, ngettext
from game.language import number as written_number
from ui.command_line.long_jobs import usable_book
from ui.words.claim_words import side_names


def build_learn_parser(program: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"{program} learn",
        description=_(
            "The first player's win on 7x6 as a tree to learn: at each of its turns one winning move, below "
            "it every reply of the second player, down to a leaf where a proven reason (a win at once, a "
            "double threat, a forcing line, a plan) finishes the win, or to the frontier where the tree "
            "stops: there the exact solver knows the win, but no reason a person can follow is proven yet. "
            "Prints the tree's figures."
        ),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=_(
            "one JSON object per position instead: moves (from the empty board), move (the first player's "
            "column from 1, or null), leaf (the claim that proves the win there, as explain --json prints "
            "it, found and proven again; kind solver at the frontier; null at an inner position)"
        ),
    )
    parser.add_argument(
        "--tree",
        type=Path,
        metavar="FILE",
        help=_("a tree file made by tools/make_learn_tree.py (default: the game's own)"),
    )
    return parser


def learn_tool(program: str, argv: list[str], out: TextIO, err: TextIO) -> int:
    """``ponder learn``: the tree's figures, or with ``--json`` its positions (see
    :func:`build_learn_parser`); the exit status (0 ok, 1 an unusable tree file or a leaf that does not
    prove; argparse exits with 2 for bad arguments)."""
    args = build_learn_parser(program).parse_args(argv)
    try:
        tree = read_tree(args.tree or LEARN_TREE_PATH)
    except LearnTreeError as error:
        print(_("{program} learn: error: {error}").format(program=program, error=error), file=err)
        return 1
    if not args.json:
        for line in summary_lines(tree):
            print(line, file=out)
        return 0
    import json

    book = usable_book(f"{program} learn", err)
    values = ExactValues(ExactAnalyzer(book=lambda: book))
    try:
        for position in json_lines(tree, values):
            print(json.dumps(position), file=out, flush=True)
    except LeafNotProven as error:
        message = _("{program} learn: error: {path}: the leaf at {moves} ({kind}) is not proven")
        shown = message.format(
            program=program, path=args.tree or LEARN_TREE_PATH, moves=error.moves or "-", kind=error.kind
        )
        print(shown, file=err)
        return 1
    return 0


class LeafNotProven(Exception):
    """A leaf of the tree whose claim the finders no longer find or the checks no longer prove."""

    def __init__(self, moves: str, kind: str) -> None:
        super().__init__(f"{moves or '-'}: {kind}")
        self.moves, self.kind = moves, kind


def json_lines(tree: LearnTree, values: ExactValues) -> Iterator[dict[str, JsonValue]]:
    """One object per node of ``tree``, in the file's order; raises :class:`LeafNotProven` at a leaf whose
    claim does not prove."""
    for node in tree:
        leaf: dict[str, JsonValue] | None = None
        if node.leaf == FRONTIER_LEAF:
            leaf = {"kind": FRONTIER_LEAF, "side": side_json(tree.side), "result": "win", "cells": []}
        elif node.leaf is not None:
            claim = leaf_claim(node.game(), tree.side, values, kind=node.leaf)
            if claim is None:
                raise LeafNotProven(node.moves, node.leaf)
            leaf = claim_json(claim)
        yield {"moves": node.moves, "move": None if node.move is None else node.move + 1, "leaf": leaf}


def summary_lines(tree: LearnTree) -> list[str]:
    """The tree's figures in words: its positions and depth, the learner's turns, the leaves by kind and the
    frontier."""
    nodes = list(tree)
    depth = max(len(node.moves) for node in nodes) - len(tree.root.moves)
    turns = sum(1 for node in nodes if node.game().to_move() == tree.side)
    moves = sum(1 for node in nodes if node.move is not None)
    leaves = Counter(node.leaf for node in nodes if node.leaf is not None)
    frontier = leaves.pop(FRONTIER_LEAF, 0)
    side = side_names()[tree.side]

    def written(count: int) -> str:
        return written_number(count, None)

    kinds = ", ".join(f"{kind} {written(leaves[kind])}" for kind in sorted(leaves))
    lines = [
        _("{side}: the win from {root} as a tree to learn").format(
            side=side, root=tree.root.moves or _("the empty board")
        ),
        _("positions: {count}").format(count=written(len(nodes))),
        ngettext("deepest branch: {depth} ply", "deepest branch: {depth} plies", depth).format(
            depth=written(depth)
        ),
        _("{side} to move: {turns}, with a move to learn: {moves}").format(
            side=side, turns=written(turns), moves=written(moves)
        ),
        _("proven leaves: {count}").format(count=written(sum(leaves.values())))
        + (f" ({kinds})" if kinds else ""),
        _(
            "frontier, where the tree stops (the exact solver knows the win there, no reason a person can "
            "follow is proven yet): {count}"
        ).format(count=written(frontier)),
    ]
    return [lines[0], *("  " + line for line in lines[1:])]
