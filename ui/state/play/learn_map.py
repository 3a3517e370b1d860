"""The Learn trainer's picture of the tree (L in the trainer): every branch as a line of moves from the root
to its leaf, with its kind and the player's progress, and the one the player clicked on shown as a small
board of its leaf. No pygame here."""

from __future__ import annotations

from dataclasses import dataclass

from ai.learn.tree import LearnNode
from game.connect4 import ConnectFour
from ui.state.files.learn_record import BranchProgress, LearnRecord
from ui.state.play.learn_drill import LearnDrill


@dataclass(frozen=True)
class MapRow:
    """One branch: the moves from the root to its ``leaf`` (columns from 0, the learner's first where the
    learner moves first from the root) and the player's ``progress`` in it (None: never played)."""

    moves: tuple[int, ...]
    leaf: LearnNode
    progress: BranchProgress | None


class LearnMap:
    """The branches of ``drill``'s tree with the progress of ``record``, the one ``selected`` and the first
    row shown (``top``, the list being longer than a window shows)."""

    def __init__(self, drill: LearnDrill, record: LearnRecord) -> None:
        root = drill.tree.root.moves
        self.first_mover = drill.tree.root.game().to_move()
        self.side = drill.tree.side
        self.rows = [
            MapRow(
                tuple(int(letter) - 1 for letter in leaf.moves[len(root) :])
                if leaf.moves.startswith(root)
                else (),
                leaf,
                record.of(leaf.moves),
            )
            for leaf in drill.tree.leaves()
        ]
        self.selected = 0
        self.top = 0

    def select(self, index: int) -> None:
        """Shows the branch of row ``index`` (kept within the rows)."""
        self.selected = max(0, min(index, len(self.rows) - 1))

    def scroll(self, rows: int, shown: int) -> None:
        """Moves the list by ``rows`` (down for positive), ``shown`` rows fitting at once."""
        self.top = max(0, min(self.top + rows, len(self.rows) - shown))

    def board(self) -> ConnectFour:
        """The selected branch's leaf position."""
        return self.rows[self.selected].leaf.game()
