"""A weak solution as a tree a person can learn: at each of the learner's turns one move, below it every reply
of the opponent, down to leaves where something proven (a plan, a road into one) finishes the win.

The tree is made by ``tools/make_learn_tree.py``, which proves every node with the exact solver and every
leaf by replay; this module trusts no line of it, though. :func:`read_tree` checks what can be checked
without a solver (the checksum over every byte, the header, every line's format, that each position is a
legal unfinished game, that each learner's node has a playable move or a leaf, that every reply of the
opponent below the learner's move is in the tree, that no position is there twice, that every node is reached
from the root) and refuses a file that fails any check with one :class:`LearnTreeError` naming the line and
the reason.

Positions are nodes, not move orders: a position reached by two move orders (a transposition) or its mirror
image (columns in reverse order) is one node, stored under the move string first written for it.
:meth:`LearnTree.node` finds the node of any game and says whether the game is its mirror image;
:meth:`LearnTree.learner_move` turns the stored move into the game's column. :meth:`LearnTree.children` lists
the tree's moves from a node, each with the key of the node it leads to.

File format (text, UTF-8, one node a line, fields separated by one space)::

    ponder-learn <version> <width>x<height> side=<first|second> count=<nodes> crc32=<8 hex digits>
    <moves> <move> <leaf>
    ...

* the header: the format version (1), the board, whose win the tree teaches (the *learner*), how many node
  lines follow, and the CRC-32 of every other byte of the file (see :mod:`assets.sealed_text`);
* ``moves``: the position, as the moves from the empty board (one digit per move, columns from 1), ``-`` for
  the empty board;
* ``move``: at a learner's node (the learner to move) without a leaf, the learner's move (a column from 1);
  ``-`` elsewhere;
* ``leaf``: ``-`` for an inner node, else the kind of the claim (``ponder explain --json``'s ``kind``) that
  proves the learner's win from here: the tree's branch ends at it; or ``solver`` (:data:`FRONTIER_LEAF`),
  where the tree stops before any such claim is proven: the exact solver knows the learner wins there (every
  move of the tree keeps the win), but no strategy a person can follow is proven from there yet. A tree
  with such leaves is the opening part of a tree, not a whole one.

A node with the opponent to move is a leaf or has a child for every legal reply. The first line is the root
(the position the tree starts from); the other lines are sorted by the length of ``moves``, then ``moves``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from ai.exact.book import canonical_key
from assets import DataFileError, asset_path
from assets.sealed_text import CHECKSUM_FIELD, read_sealed_lines, seal
from game.connect4 import ConnectFour
from game.protocol import IllegalMove

MAGIC = "ponder-learn"
VERSION = 1
WIDTH, HEIGHT = 7, 6
#: Where the game finds the first player's win as a tree.
LEARN_TREE_PATH = asset_path("c4-learn-7x6.txt")

#: The leaf where the tree stops without a proven claim: the solver's win, nothing a person can learn yet.
FRONTIER_LEAF = "solver"

_SIDES = {"first": 0, "second": 1}
_HEADER = re.compile(r"ponder-learn (\d+) (\d)x(\d) side=(first|second) count=(\d+) crc32=[0-9a-f]{8}")
_LINE = re.compile(r"(-|[1-7]{1,42}) (-|[1-7]) (-|[a-z_]{1,32})")


class LearnTreeError(DataFileError):
    """A tree file that cannot be used: missing, unreadable, damaged or not a whole tree."""


@dataclass(frozen=True)
class LearnNode:
    """One position of the tree: ``moves`` from the empty board (the first move order written for it), the
    learner's ``move`` there (a column from 0; None at the opponent's nodes and at leaves) and ``leaf``, the
    kind of the claim that proves the learner's win from here (None at an inner node)."""

    moves: str
    move: int | None
    leaf: str | None

    def game(self) -> ConnectFour:
        """The node's position (the moves are known to be legal: the tree was checked when read)."""
        return ConnectFour.from_moves(self.moves, WIDTH, HEIGHT)


@dataclass(frozen=True)
class Child:
    """A move of the tree from a node: its ``column`` (from 0, on the node's own board, not its mirror
    image's), the position ``after`` it, and ``key``, the key under which the tree keeps the node of that
    position (:func:`position_key`: a position and its mirror image share it); None where the move ends the
    game (in a tree read by :func:`read_tree`, always with the learner's four)."""

    column: int
    after: ConnectFour
    key: int | None


@dataclass(frozen=True)
class NodeMatch:
    """A game's node, and whether the game is the node's mirror image (its columns in reverse order)."""

    node: LearnNode
    mirrored: bool


@dataclass(frozen=True)
class LearnTree:
    """The learner's (``side``: 0 the first player, 1 the second) win from ``root`` as a whole tree: every
    node by the canonical key of its position (:func:`ai.exact.book.canonical_key`)."""

    side: int
    root: LearnNode
    nodes: Mapping[int, LearnNode]

    def node(self, game: ConnectFour) -> NodeMatch | None:
        """The node of ``game``'s position or of its mirror image; None where the tree has neither (the game
        left the tree)."""
        key = game.key()
        node = self.nodes.get(canonical_key(key, WIDTH, HEIGHT))
        if node is None:
            return None
        return NodeMatch(node, node.game().key() != key)

    def learner_move(self, game: ConnectFour) -> int | None:
        """The tree's move for the learner in ``game`` (a column from 0, mirrored where the game is the node's
        mirror image); None off the tree, at a leaf and where the opponent is to move."""
        found = self.node(game)
        if found is None or found.node.move is None:
            return None
        return WIDTH - 1 - found.node.move if found.mirrored else found.node.move

    def children(self, node: LearnNode) -> list[Child]:
        """The tree's moves from ``node``, in order: none at a leaf, the learner's one move at a learner's
        node, every legal reply at an opponent's node (in the order the game lists its moves: the centre
        first). Two replies may reach one node (a position and its mirror image are one node: the mirror
        replies of a symmetric position); each is listed. A child's ``key`` need not be in :attr:`nodes`
        for a tree not yet checked (:func:`read_tree` checks that it is)."""
        if node.leaf is not None:
            return []
        game = node.game()
        children = []
        for column in [node.move] if node.move is not None else game.moves():
            after = game.copy()
            after.apply(column)
            children.append(Child(column, after, None if after.is_over() else position_key(after)))
        return children

    def leaves(self) -> list[LearnNode]:
        """The leaves, each a branch of the tree to learn, in the file's order."""
        return [node for node in self if node.leaf is not None]

    def __iter__(self) -> Iterator[LearnNode]:
        """Every node, the root first, then by the length of the moves and the moves."""
        others = sorted((node for node in self.nodes.values() if node is not self.root), key=_order)
        return iter([self.root, *others])

    def __len__(self) -> int:
        return len(self.nodes)


def _order(node: LearnNode) -> tuple[int, str]:
    return len(node.moves), node.moves


def position_key(game: ConnectFour) -> int:
    """The key a position and its mirror image share in the tree."""
    return canonical_key(game.key(), game.width, game.height)


def tree_text(tree: LearnTree) -> str:
    """The file :func:`read_tree` reads back as ``tree``, sealed by its checksum."""
    side = "first" if tree.side == 0 else "second"
    lines = [f"{MAGIC} {VERSION} {WIDTH}x{HEIGHT} side={side} count={len(tree)}{CHECKSUM_FIELD}"]
    for node in tree:
        move = "-" if node.move is None else str(node.move + 1)
        lines.append(f"{node.moves or '-'} {move} {node.leaf or '-'}")
    return seal("\n".join(lines) + "\n")


def read_tree(path: Path = LEARN_TREE_PATH) -> LearnTree:
    """The tree in ``path``, checked (see the module's docstring); raises :class:`LearnTreeError` saying why
    it cannot be used."""
    lines = read_sealed_lines(path, LearnTreeError)
    header = _HEADER.fullmatch(lines[0])
    if header is None:
        raise LearnTreeError(path, "line 1: not a tree file of this program (no header)")
    version, width, height, side_name, count = header.groups()
    if int(version) != VERSION:
        raise LearnTreeError(path, f"line 1: format version {version}, this program reads version {VERSION}")
    if (int(width), int(height)) != (WIDTH, HEIGHT):
        raise LearnTreeError(path, f"line 1: a {width}x{height} board, this program teaches {WIDTH}x{HEIGHT}")
    if int(count) != len(lines) - 1 or int(count) == 0:
        raise LearnTreeError(path, f"truncated or extra lines ({len(lines) - 1} for {count} nodes)")
    side = _SIDES[side_name]
    nodes: dict[int, LearnNode] = {}
    first_line: dict[int, int] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            key, node = _parse_node(line, side)
        except ValueError as error:
            raise LearnTreeError(path, f"line {number}: {error}") from None
        if key in nodes:
            raise LearnTreeError(path, f"line {number}: the position of line {first_line[key]} again")
        nodes[key] = node
        first_line[key] = number
    root = next(iter(nodes.values()))
    tree = LearnTree(side, root, nodes)
    try:
        _check_whole(tree)
    except ValueError as error:
        raise LearnTreeError(path, str(error)) from None
    return tree


def _parse_node(line: str, side: int) -> tuple[int, LearnNode]:
    """One node line's position key and node; raises ValueError saying what is wrong with it."""
    match = _LINE.fullmatch(line)
    if match is None:
        raise ValueError("not a node (moves, move and leaf, each - where there is none)")
    moves_field, move_field, leaf_field = match.groups()
    moves = "" if moves_field == "-" else moves_field
    try:
        game = ConnectFour.from_moves(moves, WIDTH, HEIGHT)
    except IllegalMove as error:
        raise ValueError(f"not a legal game: {error}") from None
    if game.is_over():
        raise ValueError("the game is over there")
    move = None if move_field == "-" else int(move_field) - 1
    leaf = None if leaf_field == "-" else leaf_field
    if game.to_move() == side:
        if (move is None) == (leaf is None):
            raise ValueError("a learner's node has either a move or a leaf")
        if move is not None and move not in game.moves():
            raise ValueError(f"column {move + 1} cannot be played there")
    elif move is not None:
        raise ValueError("the opponent is to move there: the tree has no move for it")
    return position_key(game), LearnNode(moves, move, leaf)


def _check_whole(tree: LearnTree) -> None:
    """Raises ValueError unless every learner's move and every reply below one leads to a node of the tree
    (or ends the game in the learner's win) and every node is reached from the root."""
    reached = {position_key(tree.root.game())}
    waiting = [tree.root]
    while waiting:
        node = waiting.pop()
        for child in tree.children(node):
            if child.key is None:
                if child.after.winner() != tree.side:
                    shown = node.moves or "-"
                    raise ValueError(
                        f"after {shown} column {child.column + 1} ends the game without the learner's win"
                    )
                continue
            found = tree.nodes.get(child.key)
            if found is None:
                raise ValueError(
                    f"the position after {node.moves or '-'} column {child.column + 1} is not in the tree"
                )
            if child.key not in reached:
                reached.add(child.key)
                waiting.append(found)
    if len(reached) != len(tree.nodes):
        stray = next(node for key, node in tree.nodes.items() if key not in reached)
        raise ValueError(f"the position {stray.moves or '-'} is not reached from the root")
