"""The Learn trainer's choices: which tree it teaches from, the second player's reply at each of its nodes
(drawn toward the branches the player has not learned yet, see :mod:`ui.state.files.learn_record`), where a
position stands in the tree, and the player's progress (branches learned of all). No pygame here.

A *branch* is a leaf of the tree: the line of play from the root down to it, the computer's replies drawn on
the way. The reply at a node of the second player is drawn with a weight for each reply: the sum of the
weights (:func:`~ui.state.files.learn_record.branch_weight`) of the branches below it, so that every branch
is drawn about as often as its weight says, whatever the tree's shape. A line that ends with the learner's
move winning at once (no leaf below it) weighs as much as a learned branch: it comes now and then, and is not
counted among the branches.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from pathlib import Path

from ai.claims import Kind
from ai.learn.tree import LEARN_TREE_PATH, LearnNode, LearnTree, position_key
from ai.play.levels import MAX
from game.connect4 import ConnectFour
from game.protocol import Game
from ui.state.files.learn_record import LEARNED_BOX, BranchProgress, LearnRecord, branch_weight
from ui.state.options import FirstPlayer, Mode, PlayOptions

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


class LearnDrill:
    """The runs down ``tree``, each drawn with the player's ``record`` as it was when the run began (its
    weights do not change during a run, see :meth:`begin`); ``rng`` draws the replies."""

    def __init__(self, tree: LearnTree, record: LearnRecord, rng: random.Random | None = None) -> None:
        self.tree = tree
        self.record = record
        self.rng = rng or random.Random()
        self._weights: dict[int, int] = {}
        #: Every branch, by its leaf's moves.
        self.branches = tuple(leaf.moves for leaf in tree.leaves())

    def begin(self, record: LearnRecord) -> None:
        """A new run, drawn with ``record`` as it is now."""
        self.record = record
        self._weights.clear()

    def node(self, game: ConnectFour) -> LearnNode | None:
        """The node of ``game``'s position (or of its mirror image); None off the tree (past a leaf)."""
        found = self.tree.node(game)
        return None if found is None else found.node

    def leaf(self, game: ConnectFour) -> LearnNode | None:
        """The leaf ``game`` stands on, if it stands on one."""
        node = self.node(game)
        return node if node is not None and node.leaf is not None else None

    def reply(self, game: Game) -> int | None:
        """The computer's reply from the tree where the second player is to move at an inner node of it
        (drawn by the branches' weights, see the module docstring); None elsewhere (a leaf, off the tree, the
        learner to move), where the computer plays its best defence."""
        if not isinstance(game, ConnectFour):
            return None
        node = self.node(game)
        if node is None or node.leaf is not None or game.to_move() == self.tree.side or game.is_over():
            return None
        replies = game.moves()
        weights = [self._weight_after(game, reply) for reply in replies]
        if sum(weights) == 0:
            return None
        return self.rng.choices(replies, weights)[0]

    def _weight_after(self, game: ConnectFour, move: int) -> int:
        child = game.copy()
        child.apply(move)
        if child.is_over():
            # The learner's move wins at once: nothing to learn below it, drawn as often as a learned branch.
            return branch_weight(BranchProgress(LEARNED_BOX))
        found = self.tree.node(child)
        return 0 if found is None else self._weight(found.node)

    def _weight(self, node: LearnNode) -> int:
        """The sum of the weights of the branches below ``node`` (a transposition's branches count on every
        way to them)."""
        game = node.game()
        key = position_key(game)
        known = self._weights.get(key)
        if known is not None:
            return known
        if node.leaf is not None:
            weight = branch_weight(self.record.of(node.moves))
        else:
            moves = [node.move] if node.move is not None else game.moves()
            weight = sum(self._weight_after(game, move) for move in moves)
        self._weights[key] = weight
        return weight

    def progress(self, record: LearnRecord) -> LearnProgress:
        """Branches learned of all with ``record``."""
        return LearnProgress(record.learned(self.branches), len(self.branches))
