"""Every colour, piece name and font of the window, in one place, so a theme is one value to swap.

Scenes and views never spell a colour: they ask the theme. Fonts are cached here because creating a pygame
Font is slow enough to show in frame times.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.catalog import game_spec
from game.language import N_, _
from ui.kit.font_files import font_file
from ui.state.files.settings import THEME_NAMES

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """The look of the window. Player colours and names are indexed by player (0 moves first)."""

    background: Colour
    background_glow: Colour
    text: Colour
    text_muted: Colour
    accent: Colour
    #: Refusals and problems.
    warning: Colour
    #: Things that went well (saved, loaded, copied): never the refusals' colour.
    success: Colour
    # Connect Four.
    board: Colour
    board_shadow: Colour
    hole_shade: Colour
    discs: tuple[Colour, Colour]
    disc_rims: tuple[Colour, Colour]
    disc_names: tuple[str, str]
    #: "circle" or "square": the high-contrast theme tells the players apart by shape, not only by colour.
    disc_shapes: tuple[str, str]
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
    #: The theme's name in the settings (:data:`THEMES` gives each palette its name).
    name: str = ""

    def player_name(self, game_name: str, player: int) -> str:
        """``"Red"`` / ``"Yellow"`` for discs (games with gravity, Connect Four), ``"X"`` / ``"O"`` for marks
        (Tic-tac-toe)."""
        if game_spec(game_name).gravity:
            return _(self.disc_names[player])
        return self.mark_names[player]

    def player_colour(self, game_name: str, player: int) -> Colour:
        colours = self.discs if game_spec(game_name).gravity else self.marks
        return colours[player]


CLASSIC = Theme(
    background=(236, 240, 246),
    background_glow=(248, 250, 253),
    text=(30, 38, 56),
    # Dark enough for 4.5:1 (WCAG's floor for body text) on the background as well as on panels.
    text_muted=(98, 108, 128),
    accent=(36, 87, 197),
    warning=(196, 52, 44),
    success=(24, 124, 70),
    board=(30, 78, 170),
    board_shadow=(20, 52, 118),
    hole_shade=(214, 221, 233),
    discs=((226, 54, 54), (247, 197, 45)),
    disc_rims=((170, 30, 36), (204, 150, 18)),
    # Translators: the players of Connect Four, named by their discs' colour.
    disc_names=(N_("Red"), N_("Yellow")),
    disc_shapes=("circle", "circle"),
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

DARK = replace(
    CLASSIC,
    background=(22, 25, 32),
    background_glow=(32, 36, 46),
    text=(232, 236, 244),
    text_muted=(150, 158, 176),
    accent=(110, 160, 255),
    warning=(255, 110, 96),
    success=(110, 214, 150),
    board=(38, 70, 140),
    board_shadow=(24, 46, 98),
    hole_shade=(16, 18, 24),
    grid=(70, 78, 98),
    cell=(40, 45, 58),
    cell_hover=(58, 68, 92),
    marks=((110, 160, 255), (255, 120, 100)),
    win_line=(240, 240, 240),
    panel=(36, 40, 52),
    panel_border=(70, 78, 98),
    button=(44, 49, 62),
    button_hover=(58, 66, 84),
    button_border=(76, 84, 104),
    button_text=(232, 236, 244),
    button_selected=(74, 124, 230),
    button_selected_text=(255, 255, 255),
    button_disabled_text=(100, 108, 126),
)

# Colours of the Okabe-Ito palette (blue and orange stay apart for every common colour-vision deficiency), on
# black and white for the strongest contrast; the discs differ by shape too, and their names say so.
HIGH_CONTRAST = replace(
    CLASSIC,
    background=(255, 255, 255),
    background_glow=(255, 255, 255),
    text=(0, 0, 0),
    text_muted=(40, 40, 40),
    accent=(0, 90, 181),
    warning=(190, 0, 0),
    # Blue, not green: red against green is the pair most colour-vision deficiencies confuse.
    success=(0, 90, 181),
    board=(0, 0, 0),
    board_shadow=(0, 0, 0),
    hole_shade=(255, 255, 255),
    discs=((0, 100, 190), (240, 160, 0)),
    disc_rims=((0, 40, 90), (120, 70, 0)),
    disc_names=(N_("Blue square"), N_("Orange circle")),
    disc_shapes=("square", "circle"),
    win_ring=(255, 255, 255),
    last_move_marker=(255, 255, 255),
    grid=(0, 0, 0),
    cell=(255, 255, 255),
    cell_hover=(220, 232, 255),
    marks=((0, 90, 181), (200, 90, 0)),
    win_line=(0, 0, 0),
    panel=(255, 255, 255),
    panel_border=(0, 0, 0),
    button=(255, 255, 255),
    button_hover=(220, 232, 255),
    button_border=(0, 0, 0),
    button_text=(0, 0, 0),
    button_selected=(0, 0, 0),
    button_selected_text=(255, 255, 255),
    button_disabled_text=(120, 120, 120),
    focus_ring=(240, 160, 0),
)

#: Every theme by name: the theme setting's values (:data:`ui.state.files.settings.THEME_NAMES`, in the order
#: the T key cycles through them), each given its palette here.
THEMES: dict[str, Theme] = {
    name: replace(palette, name=name)
    for name, palette in zip(THEME_NAMES, (CLASSIC, DARK, HIGH_CONTRAST), strict=True)
}
CLASSIC, DARK, HIGH_CONTRAST = THEMES.values()


def next_theme(theme: Theme) -> Theme:
    """The theme after ``theme`` in :data:`THEMES`, wrapping around."""
    names = list(THEMES)
    return THEMES[names[(names.index(theme.name) + 1) % len(names)]]


# Fonts that look clean where they exist, by family, where no file of :data:`ui.kit.font_files.FONT_FILES` is
# found; pygame's own font is the fallback everywhere.
_FONT_FAMILIES = "dejavusans,notosans,helveticaneue,helvetica,arial,freesans"


#: The smallest text drawn, in pixels: smaller is not readable. Every font is at least this size; the window's
#: minimum size leaves room for text of this size on every screen.
MIN_TEXT = 11


class Fonts:
    """Fonts by pixel size and weight, created once each; never smaller than :data:`MIN_TEXT`."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        size = max(MIN_TEXT, int(size))
        key = (size, bold)
        font = self._cache.get(key)
        if font is None:
            font = _font(size, bold)
            self._cache[key] = font
        return font


def _font(size: int, bold: bool) -> pygame.font.Font:
    """The window's font at ``size``: from its file where one is found (made bold where the file is the
    regular face), else by family name through pygame."""
    found = font_file(bold)
    if found is not None:
        try:
            font = pygame.font.Font(found.path, size)
            font.size("Ponder")  # a damaged file opens, and fails only when measured or drawn
        except (OSError, pygame.error):
            pass  # an unreadable font file: pygame's search below
        else:
            font.set_bold(bold and not found.bold)
            return font
    return pygame.font.SysFont(_FONT_FAMILIES, size, bold=bold)
