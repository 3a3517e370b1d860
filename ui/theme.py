"""Every colour, piece name and font of the window, in one place, so a theme is one value to swap.

Scenes and views never spell a colour: they ask the theme. Fonts are cached here because creating a pygame
Font is slow enough to show in frame times.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """The look of the window. Player colours and names are indexed by player (0 moves first)."""

    name: str
    background: Colour
    background_glow: Colour
    text: Colour
    text_muted: Colour
    accent: Colour
    warning: Colour
    # Connect Four.
    board: Colour
    board_shadow: Colour
    hole_shade: Colour
    discs: tuple[Colour, Colour]
    disc_rims: tuple[Colour, Colour]
    disc_names: tuple[str, str]
    win_ring: Colour
    last_move_marker: Colour
    # Tic-tac-toe.
    grid: Colour
    cell: Colour
    cell_hover: Colour
    marks: tuple[Colour, Colour]
    mark_names: tuple[str, str]
    win_line: Colour
    # Panels and buttons.
    panel: Colour
    panel_border: Colour
    button: Colour
    button_hover: Colour
    button_border: Colour
    button_text: Colour
    button_selected: Colour
    button_selected_text: Colour
    button_disabled_text: Colour
    focus_ring: Colour
    #: Drop shadows and outlines, drawn translucent over whatever lies beneath.
    shadow: Colour

    def player_name(self, game_name: str, player: int) -> str:
        """``"Red"`` / ``"Yellow"`` for Connect Four, ``"X"`` / ``"O"`` for Tic-tac-toe."""
        names = self.disc_names if game_name == "connect4" else self.mark_names
        return names[player]

    def player_colour(self, game_name: str, player: int) -> Colour:
        colours = self.discs if game_name == "connect4" else self.marks
        return colours[player]


CLASSIC = Theme(
    name="classic",
    background=(236, 240, 246),
    background_glow=(248, 250, 253),
    text=(30, 38, 56),
    text_muted=(104, 114, 134),
    accent=(36, 87, 197),
    warning=(196, 52, 44),
    board=(30, 78, 170),
    board_shadow=(20, 52, 118),
    hole_shade=(214, 221, 233),
    discs=((226, 54, 54), (247, 197, 45)),
    disc_rims=((170, 30, 36), (204, 150, 18)),
    disc_names=("Red", "Yellow"),
    win_ring=(255, 255, 255),
    last_move_marker=(255, 255, 255),
    grid=(56, 68, 96),
    cell=(250, 251, 253),
    cell_hover=(222, 231, 248),
    marks=((36, 87, 197), (226, 66, 54)),
    mark_names=("X", "O"),
    win_line=(30, 38, 56),
    panel=(255, 255, 255),
    panel_border=(200, 208, 222),
    button=(255, 255, 255),
    button_hover=(229, 236, 250),
    button_border=(196, 205, 222),
    button_text=(30, 38, 56),
    button_selected=(36, 87, 197),
    button_selected_text=(255, 255, 255),
    button_disabled_text=(170, 178, 194),
    focus_ring=(247, 179, 45),
    shadow=(0, 0, 0),
)

# Fonts that look clean where they exist; pygame's own font is the fallback everywhere.
_FONT_FAMILIES = "dejavusans,notosans,helveticaneue,helvetica,arial,freesans"


class Fonts:
    """Fonts by pixel size and weight, created once each."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        size = max(8, int(size))
        key = (size, bold)
        font = self._cache.get(key)
        if font is None:
            font = pygame.font.SysFont(_FONT_FAMILIES, size, bold=bold)
            self._cache[key] = font
        return font
