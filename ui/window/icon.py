"""The window icon: four discs in a row on a blue board, drawn with pygame.

``tools/make_assets.py`` saves it as ``assets/icon.png``; the window loads that file once it matches the
manifest (see :mod:`assets.manifest`), and draws the icon itself, with one warning, if the file is missing or
damaged.
"""

from __future__ import annotations

import io
import logging

import pygame

from assets import asset_path
from assets.manifest import AssetError, verified_bytes
from ui.kit.widgets import supersampled
from ui.theme import CLASSIC

log = logging.getLogger(__name__)

ICON_PATH = asset_path("icon.png")
ICON_SIZE = 64


def draw_icon(size: int = ICON_SIZE) -> pygame.Surface:
    """The icon, ``size`` pixels square, on a transparent background."""
    theme = CLASSIC

    def paint(big: pygame.Surface, s: int) -> None:
        side = size * s
        pygame.draw.rect(big, theme.board, (0, 0, side, side), border_radius=round(side * 0.18))
        # A 4 x 4 board where red has just made a diagonal of four over yellow's stones.
        red = {(0, 3), (1, 2), (2, 1), (3, 0)}
        yellow = {(1, 3), (2, 3), (2, 2), (3, 3)}
        pitch, radius = side * 0.225, side * 0.095
        for column in range(4):
            for row in range(4):
                centre = (side * 0.1625 + column * pitch, side * 0.1625 + row * pitch)
                if (column, row) in red or (column, row) in yellow:
                    player = 0 if (column, row) in red else 1
                    pygame.draw.circle(big, theme.disc_rims[player], centre, radius)
                    pygame.draw.circle(big, theme.discs[player], centre, radius * 0.82)
                else:
                    pygame.draw.circle(big, theme.hole_shade, centre, radius)

    return supersampled((size, size), paint, scale=4)


def load_icon() -> pygame.Surface:
    """``assets/icon.png``, or the icon drawn now (with one warning) when the file is missing, unreadable or
    damaged."""
    try:
        return pygame.image.load(io.BytesIO(verified_bytes(ICON_PATH)), ICON_PATH.name)
    except AssetError as error:
        reason = error.reason
    except pygame.error as error:
        reason = str(error)
    # Said for a player: the file comes with the game, so the way back is to reinstall.
    log.warning(
        "the window's icon is drawn instead (reinstalling the game brings it back): %s (%s)",
        ICON_PATH.name,
        reason,
    )
    return draw_icon()
