"""Drawing the board: Connect Four discs behind a board with holes, Tic-tac-toe X and O on cards.

A view draws a :class:`BoardPicture` (what to show this frame, decided by the play scene) into the rectangles
of a :class:`~ui.kit.layout.PlayLayout`. Views keep pre-rendered sprites (the board with its holes, discs,
marks) per size, so a frame costs a few blits; the caches are rebuilt only when the window size changes.

The board is drawn in grid cells (:data:`~game.cells.GridCell`: row, column; row 0 at the top): the order of
:meth:`~game.protocol.Game.cells`, of the game's last move and winning cells, and of the screen's own rows,
so nothing is turned around on the way to the pixels. A :data:`~game.cells.Cell` (column, row from the
bottom) that the rules or the explainer name is turned around in one place,
:meth:`~ui.kit.layout.PlayLayout.square_of`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
from pygame import Rect

from game.catalog import game_spec
from game.cells import GridCell
from ui.kit.layout import PlayLayout
from ui.kit.widgets import filled_circle, stroke, supersampled, thick_line
from ui.state.animation import MoveAnimation
from ui.theme import Theme

#: Draws ``player``'s mark centred at a point with a radius: the board's own piece, so that the match bar and
#: the analysis overlay name a player by the mark the players know (colour and shape alike).
MarkPainter = Callable[[pygame.Surface, int, tuple[float, float], float], None]


@dataclass(frozen=True)
class BoardPicture:
    r"""What the board shows in one frame.

    ``selection`` is the column (Connect Four) or cell index (Tic-tac-toe) under the mouse or keyboard cursor;
    ``ghost_player`` is whose ghost disc or hover to show there (None when no human may move). ``refusal``
    (0..1) is the strength of the "not allowed" cue on the selection and ``shake`` its sideways offset in
    pixels. The stone of ``animation`` is drawn where the animation has it, not in its cell. ``hint`` is the
    move a hint shows (a column or a cell). ``last_move`` and ``winning`` are :data:`~game.cells.GridCell`\ s
    (row, column; rows from the top), as the game's grid ``cells`` is indexed.
    """

    cells: tuple[tuple[int | None, ...], ...]
    k: int
    last_move: GridCell | None = None
    winning: frozenset[GridCell] = frozenset()
    animation: MoveAnimation | None = None
    selection: int | None = None
    ghost_player: int | None = None
    refusal: float = 0.0
    shake: float = 0.0
    hint: int | None = None


def winning_lines(cells: frozenset[GridCell], k: int) -> list[tuple[GridCell, GridCell]]:
    """The (first, last) cells of every maximal run of at least ``k`` cells of ``cells`` in a straight line.

    Every cell of a win highlight belongs to the winner, so each such run is a winning line.
    """
    lines = []
    for row, column in sorted(cells):
        for d_row, d_column in ((0, 1), (1, 0), (1, 1), (1, -1)):
            if (row - d_row, column - d_column) in cells:
                continue  # not the start of its run
            length = 1
            while (row + length * d_row, column + length * d_column) in cells:
                length += 1
            if length >= k:
                last = length - 1
                lines.append(((row, column), (row + last * d_row, column + last * d_column)))
    return lines


def _blit_centred(surface: pygame.Surface, sprite: pygame.Surface, centre: tuple[float, float]) -> None:
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


class ConnectFourView:
    """Discs fall behind a blue board with antialiased holes; winners get a ring, the last move a dot."""

    DISC = 0.40  # disc radius, in cells
    HOLE = 0.43  # hole radius, in cells

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        # The board is kept with the sizes it was painted at; a sprite under its kind, player and size.
        self._board: tuple[tuple[tuple[int, int], int, int, int], pygame.Surface] | None = None
        self._sprites: dict[tuple[str | int, ...], pygame.Surface] = {}

    # --- sprites --------------------------------------------------------------------------------------------

    def _board_sprite(self, layout: PlayLayout) -> pygame.Surface:
        key = (layout.frame.size, layout.cell, layout.columns, layout.rows)
        if self._board is None or self._board[0] != key:
            self._board = (key, self._paint_board(layout))
        return self._board[1]

    def _paint_board(self, layout: PlayLayout) -> pygame.Surface:
        theme, frame, cell = self.theme, layout.frame, layout.cell
        shadow = max(3, cell // 14)

        def paint(big: pygame.Surface, s: int) -> None:
            radius = (frame.width - layout.grid.width) // 2 * s + 6 * s
            body = Rect(0, 0, frame.width * s, frame.height * s)
            pygame.draw.rect(big, (*theme.shadow, 40), body.move(0, shadow * s), border_radius=radius)
            pygame.draw.rect(big, theme.board, body, border_radius=radius)
            hole = self.HOLE * cell * s
            for row in range(layout.rows):
                for column in range(layout.columns):
                    x, y = layout.cell_centre(row, column)
                    x, y = (x - frame.left) * s, (y - frame.top) * s
                    # A darker crescent at the top of each hole reads as the hole's inner wall.
                    pygame.draw.circle(big, theme.board_shadow, (x, y - 0.05 * cell * s), hole)
                    pygame.draw.circle(big, (0, 0, 0, 0), (x, y + 0.02 * cell * s), hole)

        # Big holes need less supersampling to look smooth, and a big board would take long to paint at 3x.
        return supersampled((frame.width, frame.height + shadow), paint, scale=2 if cell >= 60 else 3)

    def disc_sprite(self, player: int, cell: int) -> pygame.Surface:
        """A disc of ``player`` for cells of ``cell`` pixels: rim, face and a pressed inner ring."""
        key = ("disc", player, cell)
        sprite = self._sprites.get(key)
        if sprite is None:
            radius = self.DISC * cell
            size = int(2 * radius) + 4
            face, rim = self.theme.discs[player], self.theme.disc_rims[player]
            square = self.theme.disc_shapes[player] == "square"

            def paint(big: pygame.Surface, s: int) -> None:
                centre = (size * s / 2, size * s / 2)
                if square:
                    # A rounded square whose corners still fit the round hole: side 1.5 radii.
                    outer = pygame.Rect(0, 0, radius * s * 1.56, radius * s * 1.56)
                    outer.center = (round(centre[0]), round(centre[1]))
                    corner = round(radius * s * 0.3)
                    pygame.draw.rect(big, rim, outer, border_radius=corner)
                    pygame.draw.rect(
                        big, face, outer.inflate(-radius * s * 0.2, -radius * s * 0.2), border_radius=corner
                    )
                    return
                pygame.draw.circle(big, rim, centre, radius * s)
                pygame.draw.circle(big, face, centre, radius * s * 0.88)
                pygame.draw.circle(
                    big, rim, centre, radius * s * 0.64, width=max(1, round(radius * s * 0.07))
                )

            sprite = supersampled((size, size), paint)
            self._sprites[key] = sprite
        return sprite

    def _ring_sprite(self, cell: int) -> pygame.Surface:
        key = ("ring", cell)
        sprite = self._sprites.get(key)
        if sprite is None:
            radius = self.DISC * cell
            size = int(2 * radius) + 6
            ring = self.theme.win_ring

            def paint(big: pygame.Surface, s: int) -> None:
                centre = (size * s / 2, size * s / 2)
                # A white ring edged in dark, so it shows on red and on yellow alike.
                pygame.draw.circle(
                    big,
                    (*self.theme.shadow, 110),
                    centre,
                    radius * s * 0.62 + 3 * s,
                    width=round(0.2 * radius * s),
                )
                pygame.draw.circle(
                    big, ring, centre, radius * s * 0.62 + 1.5 * s, width=round(0.2 * radius * s - 3 * s)
                )

            sprite = supersampled((size, size), paint)
            self._sprites[key] = sprite
        return sprite

    # --- drawing --------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, layout: PlayLayout, picture: BoardPicture) -> None:
        theme, cell = self.theme, layout.cell
        pygame.draw.rect(surface, theme.hole_shade, layout.grid)
        moving = picture.animation
        for row, line in enumerate(picture.cells):
            for column, owner in enumerate(line):
                if owner is None or (moving is not None and (row, column) == (moving.row, moving.column)):
                    continue
                _blit_centred(surface, self.disc_sprite(owner, cell), layout.cell_centre(row, column))
        if moving is not None:
            x, y = layout.cell_centre(moving.row, moving.column)
            _blit_centred(surface, self.disc_sprite(moving.player, cell), (x, y - moving.height() * cell))
        surface.blit(self._board_sprite(layout), layout.frame.topleft)
        if picture.refusal > 0 and picture.selection is not None:
            strip = Rect(
                layout.grid.left + picture.selection * cell, layout.frame.top, cell, layout.frame.height
            )
            tint = pygame.Surface(strip.size, pygame.SRCALPHA)
            tint.fill((*theme.warning, round(110 * picture.refusal)))
            surface.blit(tint, strip)
        if moving is None:
            self._draw_markers(surface, layout, picture)
        if picture.hint is not None:
            self._draw_hint(surface, layout, picture, picture.hint)
        if picture.ghost_player is not None and picture.selection is not None:
            ghost = self.disc_sprite(picture.ghost_player, cell).copy()
            ghost.set_alpha(150)
            x, y = layout.ghost_centre(picture.selection)
            _blit_centred(surface, ghost, (x + picture.shake, y))

    def _draw_hint(
        self, surface: pygame.Surface, layout: PlayLayout, picture: BoardPicture, column: int
    ) -> None:
        """The empty part of the hinted ``column`` glows, and a ring marks the hole its disc would fall into.

        The glow stops above the column's discs so that their colours stay true.
        """
        cell = layout.cell
        empty = [row for row, line in enumerate(picture.cells) if line[column] is None]
        bottom = (
            layout.grid.top + len(empty) * cell if len(empty) < len(picture.cells) else layout.frame.bottom
        )
        strip = Rect(layout.grid.left + column * cell, layout.frame.top, cell, bottom - layout.frame.top)
        glow = pygame.Surface(strip.size, pygame.SRCALPHA)
        glow.fill((*self.theme.focus_ring, 90))
        surface.blit(glow, strip)
        if empty:
            centre = layout.cell_centre(empty[-1], column)
            pygame.draw.circle(
                surface, self.theme.focus_ring, centre, self.DISC * cell, width=max(3, cell // 14)
            )

    def _draw_markers(self, surface: pygame.Surface, layout: PlayLayout, picture: BoardPicture) -> None:
        cell = layout.cell
        if picture.winning:
            # Fade the discs that are not part of a win, so the lines stand out.
            veil = pygame.Surface(layout.grid.size, pygame.SRCALPHA)
            for row, line in enumerate(picture.cells):
                for column, owner in enumerate(line):
                    if owner is not None and (row, column) not in picture.winning:
                        x, y = layout.cell_centre(row, column)
                        filled_circle(
                            veil,
                            (*self.theme.hole_shade, 120),
                            (x - layout.grid.left, y - layout.grid.top),
                            self.DISC * cell + 1,
                        )
            surface.blit(veil, layout.grid.topleft)
            for row, column in picture.winning:
                _blit_centred(surface, self._ring_sprite(cell), layout.cell_centre(row, column))
        elif picture.last_move is not None:
            x, y = layout.cell_centre(*picture.last_move)
            dot = max(3, cell * 0.075)
            filled_circle(surface, (*self.theme.shadow, 90), (x, y), dot + 2)
            filled_circle(surface, self.theme.last_move_marker, (x, y), dot)


class TicTacToeView:
    """Cards on a dark grid; X and O as antialiased shapes that pop in; the winning line struck through."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self._sprites: dict[tuple[int, ...], pygame.Surface] = {}

    def mark_sprite(self, player: int, cell: int) -> pygame.Surface:
        key = (player, cell)
        sprite = self._sprites.get(key)
        if sprite is None:
            size = cell
            colour = self.theme.marks[player]
            width = 0.12 * cell

            def paint(big: pygame.Surface, s: int) -> None:
                if player == 0:
                    low, high = 0.26 * cell * s, 0.74 * cell * s
                    for start, end in (((low, low), (high, high)), ((low, high), (high, low))):
                        stroke(big, colour, start, end, width * s)
                else:
                    centre = (size * s / 2, size * s / 2)
                    pygame.draw.circle(big, colour, centre, 0.27 * cell * s, width=round(width * s))

            sprite = supersampled((size, size), paint)
            self._sprites[key] = sprite
        return sprite

    def draw(self, surface: pygame.Surface, layout: PlayLayout, picture: BoardPicture) -> None:
        theme, cell = self.theme, layout.cell
        gap = max(4, cell // 16)
        radius = max(4, cell // 10)
        pygame.draw.rect(
            surface, theme.grid, layout.grid.inflate(2 * gap, 2 * gap), border_radius=radius + gap
        )
        columns = layout.columns
        moving = picture.animation
        for row, line in enumerate(picture.cells):
            for column, owner in enumerate(line):
                index = row * columns + column
                card = layout.cell_rect(row, column).inflate(-gap, -gap)
                colour = theme.cell
                if index == picture.selection and picture.ghost_player is not None and owner is None:
                    colour = theme.cell_hover
                if index == picture.selection and picture.refusal > 0:
                    card = card.move(round(picture.shake), 0)
                    colour = _mix(theme.cell, theme.warning, 0.45 * picture.refusal)
                pygame.draw.rect(surface, colour, card, border_radius=radius)
                if (row, column) == picture.last_move and not picture.winning:
                    pygame.draw.rect(
                        surface, theme.focus_ring, card, width=max(2, gap // 2), border_radius=radius
                    )
                if index == picture.hint and owner is None:
                    hinted = _mix(theme.cell, theme.focus_ring, 0.35)
                    pygame.draw.rect(surface, hinted, card, border_radius=radius)
                    pygame.draw.rect(surface, theme.focus_ring, card, width=max(3, gap), border_radius=radius)
                if owner is None:
                    continue
                sprite = self.mark_sprite(owner, cell)
                if moving is not None and (row, column) == (moving.row, moving.column):
                    scale = moving.scale()
                    side = max(1, round(cell * scale))
                    sprite = pygame.transform.smoothscale(sprite, (side, side))
                _blit_centred(surface, sprite, card.center)
        if picture.winning and moving is None:
            for first, last in winning_lines(picture.winning, picture.k):
                start, end = layout.cell_centre(*first), layout.cell_centre(*last)
                # Run the stroke a little past the end cells' centres, like a pen would.
                dx, dy = end[0] - start[0], end[1] - start[1]
                length = max(1.0, (dx * dx + dy * dy) ** 0.5)
                reach = 0.32 * cell / length
                start = (start[0] - dx * reach, start[1] - dy * reach)
                end = (end[0] + dx * reach, end[1] + dy * reach)
                thick_line(surface, theme.win_line, start, end, max(4, 0.07 * cell))


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], share: float) -> tuple[int, int, int]:
    """``share`` of colour ``b`` mixed into colour ``a``."""
    return tuple(round(x + (y - x) * share) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def view_for(game_name: str, theme: Theme) -> ConnectFourView | TicTacToeView:
    """The view that draws ``game_name``: discs falling into columns where the game has gravity, else marks in
    cells."""
    return ConnectFourView(theme) if game_spec(game_name).gravity else TicTacToeView(theme)
