"""What the Learn trainer says at the board, as typed values (:mod:`ui.state.words.learn_words` words each):
a winning move off the tree, a move that throws the win, a branch's leaf reached, a run's end. No pygame
here."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LearnOtherWin:
    """The player's ``move`` (described) also wins, but it is not the tree's: the tree plays ``tree_move``
    (described), the column ``column``."""

    move: str
    tree_move: str
    column: int


@dataclass(frozen=True)
class LearnMissed:
    """The player's ``move`` (described; ``column`` the move itself) changes the result from ``best`` to
    ``played`` (1 a win, 0 a draw, -1 a loss): it is taken back; ``tree_move`` describes the tree's move
    there (None past the tree's leaf, in the plan's part)."""

    move: str
    best: int
    played: int
    column: int
    tree_move: str | None


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


#: Everything the trainer says.
LearnSaid = LearnOtherWin | LearnMissed | LearnLeaf | LearnRunEnded
