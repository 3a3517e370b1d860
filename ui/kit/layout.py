"""Geometry of the play screen for any window size, and hit-testing, so drawing and clicks always agree.

The board gets the biggest whole-pixel cell size that fits between the toolbar and the status line, and is
centred in that space. Connect Four reserves one row above the board for the ghost disc; a click anywhere in a
column (ghost row included) means that column. Both the view and the scene compute the layout from the window
size alone, so hit-testing does not depend on what was last drawn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pygame import Rect

from game.cells import Cell, GridCell, grid_cell

#: Space around the board, in pixels, at any window size.
MARGIN = 20
#: The board's frame around the holes, as a share of a cell.
FRAME = 0.14
#: Height of the analysis overlay's row of move values under a Connect Four board, in cells. The row is kept
#: whether the overlay shows or not, so that turning it on never moves the columns under the mouse.
ANALYSIS_ROW = 0.45


def clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


@dataclass(frozen=True)
class PlayLayout:
    """Where everything of the play screen goes in a window of ``size``."""

    size: tuple[int, int]
    columns: int
    rows: int
    gravity: bool
    toolbar: Rect
    status: Rect
    grid: Rect
    frame: Rect
    cell: int
    #: The row of the analysis overlay's move values under a Connect Four board (empty for Tic-tac-toe).
    analysis: Rect = field(default_factory=lambda: Rect(0, 0, 0, 0))
    #: The band of the game review's marks above the status line (empty when no review shows).
    review: Rect = field(default_factory=lambda: Rect(0, 0, 0, 0))
    #: The match bar under the toolbar: the players, their marks and the score, at every window size.
    match: Rect = field(default_factory=lambda: Rect(0, 0, 0, 0))

    def cell_rect(self, row: int, column: int) -> Rect:
        """The square of (row, column), rows counted from the top."""
        return Rect(
            self.grid.left + column * self.cell, self.grid.top + row * self.cell, self.cell, self.cell
        )

    def cell_centre(self, row: int, column: int) -> tuple[int, int]:
        return self.cell_rect(row, column).center

    def square_of(self, cell: Cell) -> Rect:
        """The square of the board's ``cell`` as the rules and the explainer name it (a
        :data:`~game.cells.Cell`: column, row from the bottom): the one place a drawing turns it around."""
        return self.cell_rect(*grid_cell(cell, self.rows))

    def centre_of(self, cell: Cell) -> tuple[int, int]:
        """The centre of the board's ``cell`` (a :data:`~game.cells.Cell`, row 0 at the bottom)."""
        return self.square_of(cell).center

    def ghost_centre(self, column: int) -> tuple[int, int]:
        """Where the ghost disc hovers over ``column``: the middle of the free row above the frame."""
        x = self.grid.left + column * self.cell + self.cell // 2
        return x, self.frame.top - self.cell // 2

    def column_at(self, position: tuple[int, int]) -> int | None:
        """The column under ``position`` (ghost row and frame included), or None outside the board."""
        x, y = position
        top = self.frame.top - self.cell if self.gravity else self.grid.top
        if not (self.grid.left <= x < self.grid.right and top <= y < self.frame.bottom):
            return None
        return (x - self.grid.left) // self.cell

    def cell_at(self, position: tuple[int, int]) -> GridCell | None:
        """The grid's (row, column) under ``position`` (rows from the top), or None outside the grid."""
        if not self.grid.collidepoint(position):
            return None
        x, y = position
        return (y - self.grid.top) // self.cell, (x - self.grid.left) // self.cell

    def banner_rect(self, height: int, avoid: Iterable[tuple[int, int]] = ()) -> Rect:
        """A band of ``height`` pixels across the board for the result, where it hides fewest of ``avoid``.

        The band slides in small steps from the toolbar down to the status line; among the places that touch
        fewest of the ``avoid`` cells the one nearest the board's middle wins, so a draw gets a centred banner
        and a win keeps as much of its line in view as the window allows.
        """
        width = min(self.size[0] - 2 * MARGIN, max(self.frame.width, 420))
        band = Rect(0, 0, width, min(height, self.size[1] - 2 * MARGIN))
        band.centerx = self.frame.centerx
        cells = [
            self.cell_rect(row, column).inflate(-self.cell // 8, -self.cell // 8) for row, column in avoid
        ]
        step = max(1, self.cell // 8)
        # Anywhere between the toolbar and the status line, so the band may use the room around the board.
        lowest = self.match.bottom + 6 + band.height // 2
        highest = max(lowest, self.status.top - 4 - band.height // 2)
        candidates = list(range(lowest, highest + 1, step)) + [highest]

        def cost(centre_y: int) -> tuple[int, int]:
            trial = band.copy()
            trial.centery = centre_y
            return sum(trial.colliderect(cell) for cell in cells), abs(centre_y - self.grid.centery)

        band.centery = min(candidates, key=cost)
        return band


def play_layout(
    size: tuple[int, int], columns: int, rows: int, gravity: bool, review: bool = False
) -> PlayLayout:
    """The play screen's layout for a window of ``size`` pixels and a ``columns`` x ``rows`` board; with
    ``review``, a band for the game review's marks between the board and the status line.

    A Connect Four board always leaves a row under it for the analysis overlay's move values, shown or not
    (Tic-tac-toe shows them in the empty cells).
    """
    analysis_row = ANALYSIS_ROW if gravity else 0.0
    width, height = max(size[0], 200), max(size[1], 200)
    toolbar_height = int(clamp(height * 0.075, 40, 58))
    # The review says more under its sentence (each player's share of moves that kept the value, the strength
    # shown): its status area is taller, so that a sentence on two lines leaves that summary two lines too.
    status_height = int(clamp(height * 0.14, 72, 108) if review else clamp(height * 0.11, 56, 92))
    toolbar = Rect(0, 0, width, toolbar_height)
    match = Rect(0, toolbar.bottom, width, int(clamp(height * 0.045, 24, 34)))
    status = Rect(0, height - status_height, width, status_height)
    band_height = int(clamp(height * 0.12, 36, 96)) if review else 0
    band = Rect(MARGIN, status.top - band_height, width - 2 * MARGIN, band_height)
    area = Rect(MARGIN, match.bottom + MARGIN // 2, width - 2 * MARGIN, band.top - match.bottom - MARGIN)
    # In cells: the grid, its frame on every side, and for Connect Four the ghost row above.
    span_x = columns + 2 * FRAME
    span_y = rows + 2 * FRAME + (1 if gravity else 0) + analysis_row
    cell = max(8, int(min(area.width / span_x, area.height / span_y)))
    pad = round(cell * FRAME)
    grid = Rect(0, 0, cell * columns, cell * rows)
    strip = round(cell * analysis_row)
    total_height = grid.height + 2 * pad + (cell if gravity else 0) + strip
    grid.centerx = area.centerx
    grid.bottom = area.top + (area.height + total_height) // 2 - pad - strip
    frame = grid.inflate(2 * pad, 2 * pad)
    values = Rect(grid.left, frame.bottom, grid.width, strip) if strip else Rect(0, 0, 0, 0)
    return PlayLayout(
        (width, height),
        columns,
        rows,
        gravity,
        toolbar,
        status,
        grid,
        frame,
        cell,
        values,
        band if review else Rect(0, 0, 0, 0),
        match,
    )


def buttons_in_row(
    widths: Sequence[int], height: int, area: Rect, align: str = "centre", gap: int = 10
) -> list[Rect]:
    """Rects for buttons of ``widths`` in a row, centred vertically in ``area``, placed as ``align`` says."""
    total = sum(widths) + gap * (len(widths) - 1)
    if align == "left":
        x = area.left
    elif align == "right":
        x = area.right - total
    else:
        x = area.centerx - total // 2
    rects = []
    for width in widths:
        rect = Rect(x, 0, width, height)
        rect.centery = area.centery
        rects.append(rect)
        x += width + gap
    return rects


def flow_lines(widths: Sequence[int], room: int, gap: int) -> list[list[int]]:
    """Indexes of ``widths`` split into lines of at most ``room`` pixels (a line holds at least one), ``gap``
    pixels between neighbours on a line."""
    lines: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(widths):
        if lines[-1] and used + gap + width > room:
            lines.append([])
            used = 0
        used += width + (gap if lines[-1] else 0)
        lines[-1].append(index)
    return lines
