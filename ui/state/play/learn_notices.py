"""What the Learn trainer says at the board, as typed values (:mod:`ui.words.learn_words` words each):
which branch a run goes down, a winning move off the tree, a move that throws the win, the tree's move as a
hint, a branch's leaf reached, a run's end, the runs' start moved. No pygame here."""

from __future__ import annotations

from dataclasses import dataclass

from game.cells import Cell
from ui.state.files.learn_record import BranchProgress
from ui.state.play.named_move import NamedMove


@dataclass(frozen=True)
class LearnRunStart:
    """A run begins, down a branch the player has this ``progress`` in (None: never played): told so that a
    missed branch is seen to come back."""

    progress: BranchProgress | None


@dataclass(frozen=True)
class LearnOtherWin:
    """The player's ``move`` also wins, but it is not the tree's: the tree plays ``tree_move``."""

    move: NamedMove
    tree_move: NamedMove


@dataclass(frozen=True)
class LearnMissed:
    """The player's ``move`` changes the result from ``best`` to ``played`` (1 a win, 0 a draw, -1 a loss): it
    is taken back; ``tree_move`` is the tree's move there (None past the tree's leaf, in the plan's part)."""

    move: NamedMove
    best: int
    played: int
    tree_move: NamedMove | None


@dataclass(frozen=True)
class LearnHint:
    """The hint (H) in the trainer, on the tree: the tree's move is ``tree_move`` (marked on the board); the
    run counts as a miss, so that the branch comes back soon to be played from memory."""

    tree_move: NamedMove


@dataclass(frozen=True)
class LearnLeaf:
    """The run reached its branch's leaf: a proven claim of the ``kind`` named finishes the win from here, or
    with ``frontier`` the tree stops without one (the solver knows the win)."""

    kind: str
    frontier: bool


@dataclass(frozen=True)
class LearnRunEnded:
    """The run was won: ``clean`` without a miss; the branch's ``box`` now (runs without a miss in a row, of
    ``boxes``), and branches ``learned`` of ``total``."""

    clean: bool
    box: int
    boxes: int
    learned: int
    total: int


@dataclass(frozen=True)
class LearnStartsAt:
    """The runs start from another position of the tree from now on (chosen in the picture of the tree): the
    one the moves from the tree's root that filled ``cells`` reach (none: the root again)."""

    cells: tuple[Cell, ...]


#: Everything the trainer says.
LearnSaid = (
    LearnRunStart | LearnOtherWin | LearnMissed | LearnHint | LearnLeaf | LearnRunEnded | LearnStartsAt
)
