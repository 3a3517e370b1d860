"""``ponder learn``: the tree's figures, or one JSON object per position with each leaf's claim proven again;
a damaged tree or a leaf that does not prove is said with exit status 1, bad arguments with 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from ai.exact.analysis import ExactAnalyzer
from ai.explain.values import ExactValues
from ai.learn.builder import build_tree
from ai.learn.tree import tree_text
from assets.sealed_text import seal, unseal
from game.connect4 import ConnectFour
from ui.command_line.tools import run_tool

#: A position of best play, the first player to move: the tree below ends at three double threats and three
#: plans.
ROOT = "4444443265555532333226"


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_tool("learn", args, io.StringIO(""), out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def tree_text_of_root() -> str:
    """The tree file of the tree from :data:`ROOT`."""
    tree, _ = build_tree(ConnectFour.from_moves(ROOT), ExactValues(ExactAnalyzer(threads=1)))
    return tree_text(tree)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tree.txt"
    path.write_text(text, encoding="utf-8", newline="")
    return path


def test_json_gives_every_position_its_move_or_its_proven_leaf(tmp_path, tree_text_of_root):
    status, out, err = run(["--json", "--tree", str(write(tmp_path, tree_text_of_root))])
    assert status == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == len(tree_text_of_root.splitlines()) - 1
    assert lines[0] == {"moves": ROOT, "move": 7, "leaf": None}
    by_moves = {line["moves"]: line for line in lines}
    for line in lines:
        first_to_move = len(line["moves"]) % 2 == 0
        if first_to_move:
            # A first player's position has a move or a leaf, never both.
            assert (line["move"] is None) != (line["leaf"] is None), line
        else:
            assert line["move"] is None
            if line["leaf"] is None:
                # Every reply of the second player is a position of the tree (or this tree's transposition).
                game = ConnectFour.from_moves(line["moves"])
                assert all(line["moves"] + str(column + 1) in by_moves for column in game.moves())
        leaf = line["leaf"]
        if leaf is not None:
            assert leaf["side"] == "first" and leaf["result"] == "win"
            assert leaf["kind"] in ("win_now", "double_threat", "forcing_line", "plan")
    kinds = sorted(line["leaf"]["kind"] for line in lines if line["leaf"])
    assert kinds == ["double_threat", "double_threat", "double_threat", "plan", "plan", "plan"]
    plan = next(line["leaf"] for line in lines if line["leaf"] and line["leaf"]["kind"] == "plan")
    # As explain --json prints a plan: its rules, the replies to make, its compact form.
    assert plan["rules"] and plan["responses"] and plan["summary"]


def test_a_frontier_leaf_says_the_solver_knows_the_win_and_nothing_more(tmp_path):
    tree, _ = build_tree(ConnectFour.from_moves(ROOT), ExactValues(ExactAnalyzer(threads=1)), plies=1)
    status, out, _ = run(["--json", "--tree", str(write(tmp_path, tree_text(tree)))])
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert lines[1]["leaf"] == {"kind": "solver", "side": "first", "result": "win", "cells": []}
    status, out, _ = run(["--tree", str(write(tmp_path, tree_text(tree)))])
    assert status == 0 and out.splitlines()[-1].endswith("is proven yet): 1")


def test_the_summary_counts_positions_turns_and_leaves(tmp_path, tree_text_of_root):
    status, out, err = run(["--tree", str(write(tmp_path, tree_text_of_root))])
    assert status == 0 and err == ""
    assert out.splitlines() == [
        f"the first player: the win from {ROOT} as a tree to learn",
        "  positions: 11",
        "  deepest branch: 3 plies",
        "  the first player to move: 7, with a move to learn: 4",
        "  proven leaves: 6 (double_threat 3, plan 3)",
        "  frontier, where the tree stops (the exact solver knows the win there, no reason a person can "
        "follow is proven yet): 0",
    ]


def test_a_damaged_tree_is_named_with_its_reason(tmp_path, tree_text_of_root):
    damaged = tree_text_of_root.replace(f"{ROOT} 7 -", f"{ROOT} 5 -")
    status, out, err = run(["--json", "--tree", str(write(tmp_path, damaged))])
    assert status == 1 and out == ""
    assert "tree.txt" in err and "checksum" in err
    status, _, err = run(["--tree", str(tmp_path / "absent.txt")])
    assert status == 1 and "absent.txt: cannot read it" in err


def test_a_leaf_that_does_not_prove_stops_the_output_with_its_position(tmp_path, tree_text_of_root):
    # A plan's leaf renamed a win at once (the opponent is to move there: the learner cannot win at once):
    # sealed again, the file reads, but no such claim is found there.
    text = unseal(tree_text_of_root.encode())
    header, body = text.split("\n", 1)
    plan_leaf = next(line for line in body.splitlines() if line.endswith(" plan"))
    edited = body.replace(plan_leaf, plan_leaf.replace(" plan", " win_now"))
    path = write(tmp_path, seal(header[: -len("00000000")] + "\n" + edited))
    status, out, err = run(["--json", "--tree", str(path)])
    assert status == 1
    assert f"the leaf at {plan_leaf.split()[0]} (win_now) is not proven" in err
    assert len(out.splitlines()) < len(text.splitlines()) - 1


@pytest.mark.parametrize("args", [["--bogus"], ["--tree"], ["extra"]])
def test_bad_arguments_are_a_usage_error(args):
    with pytest.raises(SystemExit) as exit_:
        run(args)
    assert exit_.value.code == 2
