"""The learning tree's file: what is written is read back, mirror images and transpositions are one node, and
a damaged or partial tree is refused with the line and the reason (never another exception)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.learn.tree import LearnNode, LearnTree, LearnTreeError, position_key, read_tree, tree_text
from assets.sealed_text import seal, unseal
from game.connect4 import ConnectFour

#: Red (the learner) has a1, b1, c1 and Yellow is to move: every reply but d1 loses at d1 at once; after d1
#: the branch ends (its leaf's kind is what the file says; the format alone cannot prove it).
ROOT = "11223"


def small_tree() -> LearnTree:
    root = LearnNode(ROOT, None, None)
    nodes = {position_key(root.game()): root}
    for reply in range(1, 8):
        leaf = reply == 4
        node = LearnNode(f"{ROOT}{reply}", None if leaf else 3, "plan" if leaf else None)
        nodes[position_key(node.game())] = node
    return LearnTree(0, root, nodes)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tree.txt"
    path.write_text(text, encoding="utf-8", newline="")
    return path


def test_a_tree_is_read_back_as_written(tmp_path):
    tree = small_tree()
    read = read_tree(write(tmp_path, tree_text(tree)))
    assert read.side == 0 and read.root == tree.root
    assert dict(read.nodes) == dict(tree.nodes)
    assert len(read.leaves()) == 1 and read.leaves()[0].moves == ROOT + "4"
    unseal(tree_text(tree).encode())  # the checksum holds


def test_the_mirror_image_finds_the_node_and_its_move_mirrored(tmp_path):
    tree = read_tree(write(tmp_path, tree_text(small_tree())))
    direct = ConnectFour.from_moves(ROOT + "1")
    mirror = ConnectFour.from_moves("77665" + "7")
    assert tree.learner_move(direct) == 3 and tree.learner_move(mirror) == 3
    found = tree.node(mirror)
    assert found is not None and found.mirrored and found.node.moves == ROOT + "1"
    assert tree.node(ConnectFour.from_moves(ROOT + "1")).mirrored is False
    # A transposition (the same stones in another order) is the same node.
    assert tree.node(ConnectFour.from_moves("22113")) is not None
    assert tree.node(ConnectFour.from_moves("4")) is None
    assert tree.learner_move(ConnectFour.from_moves(ROOT)) is None


def test_the_children_are_the_trees_moves_in_order_each_with_the_key_of_its_node():
    tree = small_tree()
    replies = tree.children(tree.root)
    # Every reply of Yellow, centre first, each reaching its node.
    assert [child.column for child in replies] == [3, 2, 4, 1, 5, 0, 6]
    assert [child.after.moves_text() for child in replies] == [
        ROOT + str(child.column + 1) for child in replies
    ]
    assert [tree.nodes[child.key].moves for child in replies] == [
        ROOT + str(c + 1) for c in (3, 2, 4, 1, 5, 0, 6)
    ]
    # The learner's one move, here Red's four: no node below it.
    (win,) = tree.children(tree.nodes[position_key(ConnectFour.from_moves(ROOT + "1"))])
    assert win.column == 3 and win.key is None and win.after.winner() == 0
    # A leaf has none.
    assert tree.children(tree.nodes[position_key(ConnectFour.from_moves(ROOT + "4"))]) == []
    # In a symmetric position the mirror replies reach one node, and both are listed.
    symmetric = tree.children(LearnNode("4", None, None))
    keys = {child.column: child.key for child in symmetric}
    assert len(symmetric) == 7 and keys[2] == keys[4] and keys[1] == keys[5] and keys[0] == keys[6]
    assert len(set(keys.values())) == 4


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (lambda lines: lines[:-1], "truncated or extra lines"),
        (lambda lines: [*lines[:-1], lines[-1].replace(" 4 -", " - -")], "either a move or a leaf"),
        (lambda lines: [*lines[:-1], lines[-1].replace(" 4 -", " 9 -")], "not a node"),
        (lambda lines: [*lines[:-1], "1122334 - -"], "the game is over"),
        (lambda lines: [*lines[:-1], "11223 - -"], "again"),
        (lambda lines: [*lines[:-1], "x - -"], "not a node"),
        (lambda lines: [*lines[:-1], "1111111 - -"], "not a legal game"),
    ],
)
def test_a_damaged_tree_is_refused_with_its_line(tmp_path, edit, reason):
    header, *lines = tree_text(small_tree()).rstrip("\n").split("\n")
    edited = edit(lines)
    # The count of the original lines stays in the header: a line dropped is told as such, the others
    # keep the count of the lines there.
    count = len(lines) if len(edited) < len(lines) else len(edited)
    head = header.split(" count=")[0] + f" count={count} crc32="
    path = write(tmp_path, seal(head + "\n" + "\n".join(edited) + "\n"))
    with pytest.raises(LearnTreeError, match=reason):
        read_tree(path)


def test_a_missing_reply_or_a_stray_node_is_refused(tmp_path):
    tree = small_tree()
    without = dict(tree.nodes)
    del without[position_key(ConnectFour.from_moves(ROOT + "7"))]
    partial = LearnTree(0, tree.root, without)
    text = tree_text(partial)
    with pytest.raises(LearnTreeError, match="after 11223 column 7 is not in the tree"):
        read_tree(write(tmp_path, text))
    stray = dict(tree.nodes)
    node = LearnNode("4", None, None)
    stray[position_key(node.game())] = node
    with pytest.raises(LearnTreeError, match="not reached from the root"):
        read_tree(write(tmp_path, tree_text(LearnTree(0, tree.root, stray))))


def test_a_damaged_byte_or_a_missing_file_is_refused(tmp_path):
    text = tree_text(small_tree())
    with pytest.raises(LearnTreeError, match="checksum"):
        read_tree(write(tmp_path, text.replace("11223", "11224", 1)))
    with pytest.raises(LearnTreeError, match="cannot read it"):
        read_tree(tmp_path / "none.txt")
