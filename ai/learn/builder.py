"""Making the learning tree: from a root, at each of the learner's turns one winning move, below it every
reply of the opponent, down to leaves (:mod:`ai.learn.leaves`), or to the frontier where the build stops.

The build goes ply by ply (breadth first), each ply's positions in the order of their move strings, so a run
gives the same tree every time. A position met again, by another move order or as its mirror image, is the
node already there (:func:`ai.learn.tree.position_key`). At each position, in turn:

1. where :func:`~ai.learn.leaves.leaf_claim` proves the learner's win, the position is a leaf of that
   claim's kind;
2. where it lies ``plies`` below the root, or where its children would take the tree past ``max_nodes``
   nodes, it is a frontier leaf (:data:`~ai.learn.tree.FRONTIER_LEAF`): the exact solver knows the learner
   wins there (every move of the tree keeps the win), but no claim a person can follow is proven yet;
3. with the opponent to move, every reply is a child;
4. with the learner to move, one winning move (by the exact solver) is the child: the one whose subtree
   looks smallest.

How the learner's move is chosen (a bounded look-ahead, greedy above it): each winning move is given a cost,
the nodes it would add: a position already in the tree costs nothing (the transposition is learned once), a
leaf costs 1, an opponent's position 1 plus its replies' costs, a learner's position 1 plus its cheapest
winning move's cost; past ``look`` learner's moves below the one chosen, a learner's position that is no
leaf costs :data:`OPEN_COST` (what an open branch adds at the least: a move, the replies, the next moves).
The cheapest move is taken, the first in the game's centre-first order among equals; a move straight into a
leaf is taken at once. Every position the look-ahead proves a leaf or not is remembered, so the ply below
finds it known.

The exact solver answers which moves win (the opening book, then the compiled solver); the claims are
proven as the explainer proves them (:func:`ai.explain.checks.check`).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from ai.explain.values import ExactValues
from ai.learn.leaves import leaf_claim
from ai.learn.tree import FRONTIER_LEAF, LearnNode, LearnTree, position_key
from game.connect4 import ConnectFour

#: The cost the look-ahead gives a learner's position that it leaves open (see the module's docstring).
OPEN_COST = 8
#: How many of the learner's moves below the one it chooses the look-ahead tries, by default: none (it sees
#: which replies lead to leaves). One more made the trees from deeper roots 15-35% smaller for 2 to 10 times
#: the time, and the opening's first plies 40 times slower (docs/benchmarks.md, "Learn to win").
DEFAULT_LOOK = 0

#: Proves a leaf: the kind of the claim that proves the learner's win in a position (learner to move or
#: not), or None (:func:`ai.learn.leaves.leaf_claim`'s kind, by default).
LeafKind = Callable[[ConnectFour, int, ExactValues], str | None]


def proven_kind(game: ConnectFour, learner: int, values: ExactValues) -> str | None:
    """The kind of :func:`~ai.learn.leaves.leaf_claim`'s claim in ``game``, or None."""
    claim = leaf_claim(game, learner, values)
    return None if claim is None else claim.kind.value


@dataclass
class Figures:
    """What a build made: nodes, the deepest node's plies below the root, the leaves by kind (the
    frontier's as :data:`~ai.learn.tree.FRONTIER_LEAF`), the seconds it took and the positions it proved a
    leaf or not."""

    nodes: int = 0
    learner_nodes: int = 0
    depth: int = 0
    leaves: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    examined: int = 0

    @staticmethod
    def of(tree: LearnTree, seconds: float = 0.0, examined: int = 0) -> Figures:
        root_ply = len(tree.root.moves)
        return Figures(
            nodes=len(tree),
            learner_nodes=sum(1 for node in tree if node.game().to_move() == tree.side),
            depth=max(len(node.moves) for node in tree) - root_ply,
            leaves=Counter(node.leaf for node in tree if node.leaf is not None),
            seconds=seconds,
            examined=examined,
        )


class TreeBuilder:
    """Builds the learner's tree from ``root`` (the learner to move, winning), see the module's docstring.

    ``plies``: how far below the root the tree may reach (None: no bound); ``max_nodes``: the most nodes it
    may hold; ``look``: the look-ahead's learner's moves; ``prove``: the leaf prover. :meth:`build` may be
    called again with a higher bound: it goes on from the frontier (as :meth:`resume` does from a tree read
    back)."""

    def __init__(
        self,
        root: ConnectFour,
        values: ExactValues,
        plies: int | None = None,
        max_nodes: int = 100_000,
        look: int = DEFAULT_LOOK,
        prove: LeafKind = proven_kind,
    ) -> None:
        if root.is_over():
            raise ValueError("the game is over at the root")
        self.learner = root.to_move()
        if values.result_for(root, self.learner) <= 0:
            raise ValueError("the side to move at the root does not win")
        self.root = LearnNode(root.moves_text(), None, None)
        self.values = values
        self.plies, self.max_nodes, self.look = plies, max_nodes, look
        self._prove = prove
        #: The decided nodes, and the positions waiting for their turn (each a node of the tree already).
        self.nodes: dict[int, LearnNode] = {}
        self.waiting: dict[int, ConnectFour] = {position_key(root): root.copy()}
        #: What the prover said of each position, by its exact key (the claims are found by orientation).
        self._leaf: dict[int, str | None] = {}
        self.examined = 0

    def resume(self, tree: LearnTree) -> None:
        """Goes on from ``tree`` (of this root and learner): its frontier leaves wait their turn again."""
        if tree.root.moves != self.root.moves or tree.side != self.learner:
            raise ValueError("the tree is of another root or learner")
        self.nodes = {key: node for key, node in tree.nodes.items() if node.leaf != FRONTIER_LEAF}
        self.waiting = {key: node.game() for key, node in tree.nodes.items() if node.leaf == FRONTIER_LEAF}

    def build(self, after_ply: Callable[[LearnTree], None] | None = None) -> LearnTree:
        """The tree, every waiting position decided (``after_ply`` is called with the tree so far, its
        waiting positions as frontier leaves, after each ply)."""
        while self.waiting:
            ply = min(game.ply() for game in self.waiting.values())
            now = sorted(
                ((key, game) for key, game in self.waiting.items() if game.ply() == ply),
                key=lambda item: item[1].moves_text(),
            )
            for key, game in now:
                del self.waiting[key]
                self.nodes[key] = self._decide(game)
            if after_ply is not None:
                after_ply(self.tree())
        return self.tree()

    def tree(self) -> LearnTree:
        """The tree so far: the waiting positions as frontier leaves."""
        nodes = dict(self.nodes)
        for key, game in self.waiting.items():
            nodes[key] = LearnNode(game.moves_text(), None, FRONTIER_LEAF)
        root = nodes[position_key(self.root.game())]
        return LearnTree(self.learner, root, nodes)

    # --- one position ---------------------------------------------------------------------------------------

    def _decide(self, game: ConnectFour) -> LearnNode:
        moves = game.moves_text()
        kind = self._leaf_kind(game)
        if kind is not None:
            return LearnNode(moves, None, kind)
        if self.plies is not None and game.ply() - len(self.root.moves) >= self.plies:
            return LearnNode(moves, None, FRONTIER_LEAF)
        if game.to_move() == self.learner:
            move = self._choose(game)
            children = self._new_children(game, [move])
        else:
            move = None
            children = self._new_children(game, game.moves())
        if self._size() + len(children) > self.max_nodes:
            return LearnNode(moves, None, FRONTIER_LEAF)
        self.waiting.update(children)
        return LearnNode(moves, move, None)

    def _size(self) -> int:
        return len(self.nodes) + len(self.waiting)

    def _known(self, key: int) -> bool:
        return key in self.nodes or key in self.waiting

    def _new_children(self, game: ConnectFour, columns: list[int]) -> dict[int, ConnectFour]:
        """The positions after ``columns`` that are not in the tree yet, by key (a game won by the learner's
        move needs no node; the opponent's replies never end the game: the learner wins)."""
        found: dict[int, ConnectFour] = {}
        for column in columns:
            child = _after(game, column)
            if child.is_over():
                continue
            key = position_key(child)
            if not self._known(key):
                found.setdefault(key, child)
        return found

    def _leaf_kind(self, game: ConnectFour) -> str | None:
        key = game.key()
        if key not in self._leaf:
            self.examined += 1
            self._leaf[key] = self._prove(game, self.learner, self.values)
        return self._leaf[key]

    def _winning_moves(self, game: ConnectFour) -> list[int]:
        results = self.values.move_results(game)
        return [column for column in game.moves() if results[column] > 0]

    def _choose(self, game: ConnectFour) -> int:
        """The learner's winning move whose subtree looks smallest (see the module's docstring)."""
        best: tuple[int, int] | None = None
        for column in self._winning_moves(game):
            child = _after(game, column)
            if child.is_over():
                return column
            cost = self._opponent_cost(child, self.look)
            if cost <= 1:
                return column
            if best is None or cost < best[0]:
                best = (cost, column)
        assert best is not None, "a winning position has a winning move"
        return best[1]

    def _opponent_cost(self, game: ConnectFour, look: int) -> int:
        if self._known(position_key(game)):
            return 0
        if self._leaf_kind(game) is not None:
            return 1
        replies: dict[int, ConnectFour] = {}
        for column in game.moves():
            child = _after(game, column)
            replies.setdefault(position_key(child), child)
        return 1 + sum(self._learner_cost(child, look) for child in replies.values())

    def _learner_cost(self, game: ConnectFour, look: int) -> int:
        if self._known(position_key(game)):
            return 0
        if self._leaf_kind(game) is not None:
            return 1
        if look == 0:
            return OPEN_COST
        costs = []
        for column in self._winning_moves(game):
            child = _after(game, column)
            if child.is_over():
                return 1
            costs.append(self._opponent_cost(child, look - 1))
        return 1 + min(costs)


def _after(game: ConnectFour, column: int) -> ConnectFour:
    child = game.copy()
    child.apply(column)
    return child


def build_tree(
    root: ConnectFour,
    values: ExactValues,
    plies: int | None = None,
    max_nodes: int = 100_000,
    look: int = DEFAULT_LOOK,
) -> tuple[LearnTree, Figures]:
    """The learner's tree from ``root`` (see :class:`TreeBuilder`) and its figures."""
    started = time.monotonic()
    builder = TreeBuilder(root, values, plies, max_nodes, look)
    tree = builder.build()
    return tree, Figures.of(tree, time.monotonic() - started, builder.examined)
