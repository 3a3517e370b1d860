"""The learning tree's tools: the generator writes the tree and its figures, goes on from its progress file,
and leaves no progress file behind once done; the whole proof passes a sound tree and names a bad leaf."""

from __future__ import annotations

from ai.exact.analysis import ExactAnalyzer
from ai.explain.values import ExactValues
from ai.learn.builder import build_tree
from ai.learn.tree import FRONTIER_LEAF, read_tree, tree_text
from assets.sealed_text import seal, unseal
from game.connect4 import ConnectFour
from tools import check_learn_tree, make_learn_tree

#: A position of best play, the first player to move: the tree below closes in 5 plies.
ROOT = "4444443265555532333226"


def test_the_tool_writes_the_closed_tree_and_its_figures(tmp_path, capsys):
    out, progress = tmp_path / "tree.txt", tmp_path / "progress.txt"
    args = ["--root", ROOT, "--plies", "0", "--out", str(out), "--progress", str(progress)]
    assert make_learn_tree.main(args) == 0
    tree = read_tree(out)
    assert tree.root.moves == ROOT and FRONTIER_LEAF not in {node.leaf for node in tree.leaves()}
    printed = capsys.readouterr().out
    assert f"| nodes | {len(tree)} |" in printed and "| frontier leaves (solver) | 0 |" in printed
    assert not progress.exists()


def test_the_tool_goes_on_from_its_progress_to_the_same_tree(tmp_path, capsys):
    values = ExactValues(ExactAnalyzer(threads=1))
    whole, _ = build_tree(ConnectFour.from_moves(ROOT), values)
    bounded, _ = build_tree(ConnectFour.from_moves(ROOT), values, plies=2)
    out, progress = tmp_path / "tree.txt", tmp_path / "progress.txt"
    progress.write_text(tree_text(bounded), encoding="utf-8", newline="")
    args = ["--root", ROOT, "--plies", "0", "--out", str(out), "--progress", str(progress)]
    assert make_learn_tree.main(args) == 0
    assert f"going on from {progress}" in capsys.readouterr().out
    assert out.read_text(encoding="utf-8") == tree_text(whole)


def test_a_progress_file_of_another_root_is_not_used(tmp_path, capsys):
    other, _ = build_tree(ConnectFour.from_moves(ROOT + "66"), ExactValues(ExactAnalyzer(threads=1)), plies=1)
    out, progress = tmp_path / "tree.txt", tmp_path / "progress.txt"
    progress.write_text(tree_text(other), encoding="utf-8", newline="")
    args = ["--root", ROOT, "--plies", "0", "--out", str(out), "--progress", str(progress)]
    assert make_learn_tree.main(args) == 0
    assert "not used: the tree is of another root or learner" in capsys.readouterr().out
    assert read_tree(out).root.moves == ROOT


def test_the_whole_proof_passes_a_sound_tree_and_names_a_leaf_that_does_not_prove(tmp_path, capsys):
    tree, _ = build_tree(ConnectFour.from_moves(ROOT), ExactValues(ExactAnalyzer(threads=1)))
    path = tmp_path / "tree.txt"
    path.write_text(tree_text(tree), encoding="utf-8", newline="")
    assert check_learn_tree.main(["--tree", str(path)]) == 0
    assert f"{len(tree)} positions won by the solver" in capsys.readouterr().out
    # A double threat renamed a forcing line: the file reads, the leaf does not prove.
    leaf = next(node for node in tree.leaves() if node.leaf == "double_threat")
    text = unseal(tree_text(tree).encode())
    header, body = text.split("\n", 1)
    edited = body.replace(f"{leaf.moves} - double_threat", f"{leaf.moves} - forcing_line")
    path.write_text(seal(header[: -len("00000000")] + "\n" + edited), encoding="utf-8", newline="")
    assert check_learn_tree.main(["--tree", str(path)]) == 1
    assert f"{leaf.moves}: no forcing_line proves the learner's win" in capsys.readouterr().out
