"""The game on the lowest cells of the columns, and the replies that win it.

Allis's inverse rules (Baseinverse, Lowinverse, Highinverse, Baseclaim) all have the same shape: some empty
cells at the bottom of a few columns, an even number of them, where the defender answers every opponent move
among them with a move among them, and so makes sure to get at least one cell of each of some sets of cells
("all groups which contain both squares": the set of the two squares). Rather than coding each rule's
replies by hand, the replies are found by solving that game exhaustively: the opponent moves first, each side
fills a playable cell of the unit in turn, and the defender wins when it holds a cell of every set (its
*needs*) by the time the unit is full. Who fills a cell no need holds never matters, so positions are told
apart by the cells filled and by who holds the needs' cells, which keeps the game small; its replies are a
pure function of the cells filled so far.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class GameTooBig(Exception):
    """Solving the game would visit more positions than it was allowed."""


@dataclass
class LocalGame:
    """The game on ``stacks`` (each a column's cells of the unit as bits, lowest first) where the defender
    must get a cell of each of ``needs`` (bitmasks of unit cells). ``limit`` bounds the positions solved
    (raising GameTooBig past it); ``visited`` counts them."""

    stacks: tuple[tuple[int, ...], ...]
    needs: tuple[int, ...]
    limit: int | None = None
    visited: int = 0
    _memo: dict[tuple[int, int], bool] = field(default_factory=dict)
    #: The cells some need holds: who fills the others never matters, only that they are filled.
    _relevant: int = field(init=False)

    def __post_init__(self) -> None:
        relevant = 0
        for need in self.needs:
            relevant |= need
        self._relevant = relevant

    def playable(self, filled: int) -> list[int]:
        """The cells of the unit a move can fill now: the cells some need holds first, then column order."""
        cells = []
        for stack in self.stacks:
            for cell in stack:
                if not cell & filled:
                    cells.append(cell)
                    break
        return sorted(cells, key=lambda cell: not cell & self._relevant)

    def holds(self, mine: int, theirs: int) -> bool:
        """True when the defender wins the unit's game from here, the opponent to move in it."""
        key = (mine | theirs, mine & self._relevant)
        known = self._memo.get(key)
        if known is not None:
            return known
        self.visited += 1
        if self.limit is not None and self.visited > self.limit:
            raise GameTooBig
        result = True
        for cell in self.playable(mine | theirs):
            if self.reply(mine, theirs | cell) is None:
                result = False
                break
        self._memo[key] = result
        return result

    def reply(self, mine: int, theirs: int) -> int | None:
        """The defender's winning move (the first in :meth:`playable`'s order), the defender to move; None
        when no move wins (or the opponent already holds a whole need)."""
        if not self._alive(mine, theirs):
            return None
        for cell in self.playable(mine | theirs):
            if self.holds(mine | cell, theirs):
                return cell
        return None

    def _alive(self, mine: int, theirs: int) -> bool:
        """False once the opponent holds the whole of some need the defender has no cell of."""
        for need in self.needs:
            if not need & mine and not need & ~theirs:
                return False
        return True
