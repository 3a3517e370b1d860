"""Small drawing helpers shared by the scenes: buttons, text, antialiased shapes and supersampled sprites.

Shapes are drawn with pygame itself. Where pygame has no antialiased primitive (thick lines, rings, holes), a
shape is drawn at SUPERSAMPLE times the size and smooth-scaled down once, then cached by its caller.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame import Rect, gfxdraw

from ui.theme import MIN_TEXT, Colour, Fonts, Theme

if TYPE_CHECKING:
    from pygame.typing import ColorLike

#: A point on a surface; also where a text goes, as one Rect anchor (``center=``, ``midleft=``, ...).
Point = tuple[float, float]

SUPERSAMPLE = 3


@dataclass
class Button:
    """A clickable label. ``action`` names what it does; the scene decides what that means."""

    action: str
    label: str
    rect: Rect
    enabled: bool = True
    selected: bool = False


def hit(buttons: list[Button], position: tuple[int, int]) -> Button | None:
    """The enabled button under ``position``, if any."""
    for button in buttons:
        if button.enabled and button.rect.collidepoint(position):
            return button
    return None


def draw_button(
    surface: pygame.Surface,
    theme: Theme,
    font: pygame.font.Font,
    button: Button,
    hovered: bool = False,
    focused: bool = False,
) -> None:
    """A rounded button: selected ones filled with the accent colour; the keyboard focus gets a ring. A
    disabled button is greyed; if it is also the selected one, its border shows so, in grey."""
    rect = button.rect
    radius = min(rect.height // 2, 12)
    if focused:
        pygame.draw.rect(surface, theme.focus_ring, rect.inflate(6, 6), border_radius=radius + 3)
    if button.selected and not button.enabled:
        fill, text, border = theme.button, theme.button_disabled_text, theme.button_disabled_text
    elif button.selected:
        fill, text, border = theme.button_selected, theme.button_selected_text, theme.button_selected
    else:
        fill = theme.button_hover if hovered and button.enabled else theme.button
        text = theme.button_text if button.enabled else theme.button_disabled_text
        border = theme.button_border
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    # A disabled choice that is the selected one keeps a thicker border, so the choice still shows.
    thick = 2 if button.selected and not button.enabled else 1
    pygame.draw.rect(surface, border, rect, width=thick, border_radius=radius)
    draw_text(surface, button.label, font, text, center=rect.center)


def draw_text(
    surface: pygame.Surface, text: str, font: pygame.font.Font, colour: Colour, **anchor: Point
) -> Rect:
    """Blits ``text`` placed by one Rect anchor (``center=``, ``midleft=``, ...); returns where it went."""
    image = font.render(text, True, colour)
    rect = image.get_rect(**anchor)
    surface.blit(image, rect)
    return rect


def fitting_font(
    fonts: Fonts, text: str, size: int, max_width: int, bold: bool = False, smallest: int = MIN_TEXT
) -> pygame.font.Font:
    """The font of ``size`` or smaller (down to ``smallest``) in which ``text`` fits in ``max_width``."""
    while size > smallest and fonts.get(size, bold).size(text)[0] > max_width:
        size -= 1
    return fonts.get(size, bold)


def draw_fitted_text(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    size: int,
    max_width: int,
    colour: Colour,
    bold: bool = False,
    smallest: int = 10,
    **anchor: Point,
) -> Rect | None:
    """Draws ``text`` at ``size`` or smaller to fit ``max_width``; if it cannot fit, draws nothing (None)."""
    font = fitting_font(fonts, text, size, max_width, bold, smallest)
    if font.size(text)[0] > max_width:
        return None
    return draw_text(surface, text, font, colour, **anchor)


def filled_circle(surface: pygame.Surface, colour: ColorLike, centre: Point, radius: float) -> None:
    """An antialiased disc; ``colour`` may carry alpha."""
    x, y, r = round(centre[0]), round(centre[1]), max(1, round(radius))
    gfxdraw.filled_circle(surface, x, y, r, colour)
    gfxdraw.aacircle(surface, x, y, r, colour)


def thick_line(surface: pygame.Surface, colour: ColorLike, start: Point, end: Point, width: float) -> None:
    """An antialiased line ``width`` pixels thick with round caps."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    if length == 0:
        filled_circle(surface, colour, start, width / 2)
        return
    # The unit normal, scaled to half the width, gives the four corners of the line's body.
    nx, ny = -(y2 - y1) / length * width / 2, (x2 - x1) / length * width / 2
    corners = [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)]
    gfxdraw.aapolygon(surface, corners, colour)
    gfxdraw.filled_polygon(surface, corners, colour)
    filled_circle(surface, colour, start, width / 2)
    filled_circle(surface, colour, end, width / 2)


def stroke(surface: pygame.Surface, colour: ColorLike, start: Point, end: Point, width: float) -> None:
    """A line ``width`` pixels thick with round caps, without antialiasing: for painting supersampled sprites,
    where gfxdraw's antialiased edges would overwrite (not blend with) the pixels beneath on a transparent
    surface.
    """
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    nx, ny = -(y2 - y1) / length * width / 2, (x2 - x1) / length * width / 2
    pygame.draw.polygon(
        surface, colour, [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)]
    )
    pygame.draw.circle(surface, colour, start, width / 2)
    pygame.draw.circle(surface, colour, end, width / 2)


def supersampled(
    size: tuple[int, int], paint: Callable[[pygame.Surface, int], None], scale: int = SUPERSAMPLE
) -> pygame.Surface:
    """A transparent sprite of ``size``, its shapes drawn ``scale`` times larger by ``paint(big, scale)``.

    Smooth-scaling the big drawing down gives antialiased edges to anything pygame.draw can draw, including
    transparent holes punched into a filled shape.
    """
    big = pygame.Surface((size[0] * scale, size[1] * scale), pygame.SRCALPHA)
    paint(big, scale)
    return pygame.transform.smoothscale(big, size)


def panel(surface: pygame.Surface, theme: Theme, rect: Rect, alpha: int = 235, radius: int = 16) -> None:
    """A soft card: a faint shadow, then a rounded, slightly translucent panel with a hairline border."""
    card = pygame.Surface(rect.inflate(12, 12).size, pygame.SRCALPHA)
    inner = Rect(6, 6, rect.width, rect.height)
    pygame.draw.rect(card, (*theme.shadow, 28), inner.move(0, 4), border_radius=radius)
    pygame.draw.rect(card, (*theme.panel, alpha), inner, border_radius=radius)
    pygame.draw.rect(card, (*theme.panel_border, 255), inner, width=1, border_radius=radius)
    surface.blit(card, rect.move(-6, -6))
