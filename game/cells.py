"""The two ways a cell of the board is named, each defined here once.

* :data:`Cell`, the board's cell as the rules and the explainer speak of it: ``(column, row)``, both counted
  from 0, row 0 at the **bottom** (where a Connect Four stone lands first; the bit of
  ``column * (height + 1) + row`` in the layout of :mod:`game.kinarow`). The players' names of cells
  ("d3") and the command-line tools count the same way from 1.
* :data:`GridCell`, an index into the grid of :meth:`game.protocol.Game.cells`: ``(row, column)``, both
  counted from 0, row 0 at the **top**, as a screen draws the board (and as Tic-tac-toe's cells are read).
  :meth:`~game.protocol.Game.winning_cells` and :meth:`~game.protocol.Game.last_cell` answer in it.

The two are both pairs of ints, so a type checker cannot tell them apart: the name says which order a pair is
in, and :func:`grid_cell` turns one into the other.
"""

from __future__ import annotations

#: ``(column, row)``, both from 0, row 0 at the bottom.
Cell = tuple[int, int]
#: ``(row, column)``, both from 0, row 0 at the top: an index into :meth:`game.protocol.Game.cells`.
GridCell = tuple[int, int]


def grid_cell(cell: Cell, height: int) -> GridCell:
    """``cell`` of a board ``height`` rows high as an index into its grid."""
    column, row = cell
    return height - 1 - row, column
