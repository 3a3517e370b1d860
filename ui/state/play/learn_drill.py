"""The Learn trainer's choices: which tree it teaches from, the second player's reply at each of its nodes,
where a position stands in the tree, and the player's progress (branches learned of all). No pygame here.

A *branch* is a leaf of the tree: the line of play from the root down to it. Each run goes down one branch,
chosen when it begins by the spaced repetition (:func:`~ui.state.play.learn_schedule.next_branch`: a missed
branch soon again, one being learned every few runs, else a new one); the computer's replies steer the run
to it (the learner's moves are the tree's: any other is taken back). A line that ends with the learner's move
winning at once (no leaf below it) is not a branch: no run is steered into one.
"""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ai.claims import Kind
from ai.learn.tree import LEARN_TREE_PATH, LearnNode, LearnTree, LearnTreeError, position_key, read_tree
from ai.play.levels import MAX
from game.connect4 import ConnectFour
from game.protocol import Game, IllegalMove
from ui.state.files.learn_record import LearnRecord
from ui.state.options import FirstPlayer, Mode, PlayOptions
from ui.state.play.learn_schedule import next_branch

#: The kinds of leaf that a proven claim of the explainer ends (``ponder explain --json``'s kinds); any other
#: kind (the generator's "solver") is a frontier: the tree stops there without a plan a person can learn.
CLAIM_KINDS = frozenset(kind.value for kind in Kind)


def tree_path() -> Path:
    """The tree the trainer teaches: ``$PONDER_LEARN_TREE`` where set (another tree file, to try one), else
    the one installed with the game."""
    override = os.environ.get("PONDER_LEARN_TREE")
    return Path(override) if override else LEARN_TREE_PATH


def is_frontier(leaf: LearnNode) -> bool:
    """The tree stops at ``leaf`` without a proven claim a person can learn (the solver knows the win)."""
    return leaf.leaf is not None and leaf.leaf not in CLAIM_KINDS


def learn_options(tree: LearnTree) -> PlayOptions:
    """The board of ``tree``: its root on 7 x 6, the player on the learner's side against the max level (the
    best defence, past the tree's leaves), the values of the player's moves proven on their time (as for the
    coach: a move off the tree is judged by them). "Who starts" is who moves first from the root: the
    player where the learner is to move there, else the computer (with the tree's reply)."""
    learner_starts = tree.root.game().to_move() == tree.side
    return PlayOptions(
        game="connect4",
        width=7,
        height=6,
        mode=Mode.COMPUTER,
        level=MAX,
        first=FirstPlayer.HUMAN if learner_starts else FirstPlayer.COMPUTER,
        moves=tree.root.moves,
        coach=True,
    )


@dataclass(frozen=True)
class LearnProgress:
    """Branches ``learned`` of ``total``."""

    learned: int
    total: int


#: A child of :class:`LearnGraph` that is the learner's win at once (no node below it).
WON = -1


@dataclass(frozen=True)
class LearnGraph:
    """``tree`` with every inner node's children by position key (:data:`WON` for a learner's move that wins
    at once), and every branch by its leaf's moves: made once per tree (:meth:`of`, a fraction of a second
    for thousands of nodes, off the window's thread: see :class:`GraphLoader`), so that a run's weights are
    sums of numbers."""

    tree: LearnTree
    children: Mapping[int, tuple[int, ...]]
    branches: tuple[str, ...]
    #: :meth:`leaves_below`'s answers, kept (the tree does not change).
    _below: dict[int, frozenset[str]] = field(default_factory=dict, compare=False, repr=False)

    def leaves_below(self, key: int) -> frozenset[str]:
        """The branches (their leaves' moves, as :attr:`branches` names them) whose leaf is the node of
        ``key`` or below it, by any move order (none where ``key`` is no node of the tree)."""
        known = self._below.get(key)
        if known is None:
            node = self.tree.nodes.get(key)
            if node is None:
                known = frozenset()
            elif node.leaf is not None:
                known = frozenset((node.moves,))
            else:
                below = (self.leaves_below(child) for child in self.children[key] if child != WON)
                known = frozenset().union(*below)
            self._below[key] = known
        return known

    @classmethod
    def of(cls, tree: LearnTree) -> LearnGraph:
        children = {
            key: tuple(WON if child.key is None else child.key for child in tree.children(node))
            for key, node in tree.nodes.items()
            if node.leaf is None
        }
        return cls(tree, children, tuple(leaf.moves for leaf in tree.leaves()))


#: The name of the thread that reads the tree.
LEARN_TREE_THREAD = "learn-tree"


class GraphLoader:
    """Reads the tree file (:func:`tree_path`) and makes its graph on a thread of its own, once per window:
    the window never waits for it (:meth:`result` is None until it is done)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._thread: threading.Thread | None = None
        self._result: LearnGraph | LearnTreeError | None = None

    def start(self) -> None:
        """Starts the reading, unless it has started."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._load, name=LEARN_TREE_THREAD, daemon=True)
            self._thread.start()

    def _load(self) -> None:
        try:
            result: LearnGraph | LearnTreeError = LearnGraph.of(read_tree(self.path or tree_path()))
        except LearnTreeError as error:
            result = error
        self._result = result

    def result(self) -> LearnGraph | LearnTreeError | None:
        """The graph, or why the tree cannot be used; None while it is being read (the reading starts now
        if it had not)."""
        self.start()
        return self._result


class LearnDrill:
    """The runs down ``graph``'s tree, each to the branch the spaced repetition chooses with the player's
    ``record`` as it is when the run begins (:meth:`begin`); ``rng`` draws a new branch and, off the way to
    the chosen one, the replies."""

    def __init__(self, graph: LearnGraph, record: LearnRecord, rng: random.Random | None = None) -> None:
        self.graph = graph
        self.tree = graph.tree
        self.record = record
        self.rng = rng or random.Random()
        #: Every branch, by its leaf's moves.
        self.branches = graph.branches
        #: The branch this run goes down (its leaf's moves; None where the tree has no branch).
        self.target: str | None = None
        self.begin(record)

    def begin(self, record: LearnRecord, start: str = "") -> None:
        """A new run from the position of the moves ``start`` (the tree's root where empty or not on the
        tree), to the branch chosen with ``record`` as it is now among the branches below that position."""
        self.record = record
        self.target = next_branch(record, self.branches_below(start), self.rng)

    def branches_below(self, start: str) -> tuple[str, ...]:
        """The branches (their leaves' moves) whose leaf is the node of the moves ``start`` or below it, by
        any move order: every branch where ``start`` is empty, or is no position of the tree."""
        try:
            found = self.tree.node(ConnectFour.from_moves(start)) if start else None
        except IllegalMove:
            found = None
        if found is None or found.node is self.tree.root:
            return self.branches
        below = self.graph.leaves_below(position_key(found.node.game()))
        return tuple(leaf for leaf in self.branches if leaf in below)

    def node(self, game: ConnectFour) -> LearnNode | None:
        """The node of ``game``'s position (or of its mirror image); None off the tree (past a leaf)."""
        found = self.tree.node(game)
        return None if found is None else found.node

    def leaf(self, game: ConnectFour) -> LearnNode | None:
        """The leaf ``game`` stands on, if it stands on one."""
        node = self.node(game)
        return node if node is not None and node.leaf is not None else None

    def reply(self, game: Game) -> int | None:
        """The computer's reply from the tree where the second player is to move at an inner node of it: one
        toward this run's branch (drawn among them where several lead there), any of the tree's where none
        does; None elsewhere (a leaf, off the tree, the learner to move), where the computer plays its best
        defence."""
        if not isinstance(game, ConnectFour):
            return None
        node = self.node(game)
        if node is None or node.leaf is not None or game.to_move() == self.tree.side or game.is_over():
            return None
        replies = game.moves()
        toward = []
        for reply in replies:
            child = game.copy()
            child.apply(reply)
            if not child.is_over() and self._leads_to_target(position_key(child)):
                toward.append(reply)
        return self.rng.choice(toward or replies)

    def _leads_to_target(self, key: int) -> bool:
        """Whether this run's leaf is the node of ``key`` or below it (through any of its children)."""
        return self.target is not None and self.target in self.graph.leaves_below(key)

    def progress(self, record: LearnRecord) -> LearnProgress:
        """Branches learned of all with ``record``."""
        return LearnProgress(record.learned(self.branches), len(self.branches))
