"""Small drawing helpers shared by the scenes: buttons, text, antialiased shapes and supersampled sprites.

Shapes are drawn with pygame itself. Where pygame has no antialiased primitive (thick lines, rings, holes), a
shape is drawn at SUPERSAMPLE times the size and smooth-scaled down once, then cached by its caller.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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
#: What ends a text shortened to fit its box.
ELLIPSIS = "\u2026"
#: :func:`draw_text_in` shrinks a line to this share of the size asked for before it takes two lines.
ONE_LINE_SHRINK = 0.8


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
    draw_text(surface, button.label, font, text, rect.inflate(-8, 0), center=rect.center)


@dataclass(frozen=True)
class DrawnText:
    """One line of text as drawn: the ``text`` drawn and the text it was asked to draw (``wanted``: longer
    where it was cut to fit), its letters' pixel ``size``, where its line went (``rect``), the pixels its
    glyphs cover (``ink``, on the surface: what a player sees of it) and the ``box`` it must stay in."""

    text: str
    wanted: str
    size: int
    rect: Rect
    ink: Rect
    box: Rect


#: Who hears of every text drawn (tests install one with :func:`recording_texts`); empty in the window.
_listeners: list[Callable[[DrawnText], None]] = []


@contextmanager
def recording_texts() -> Iterator[list[DrawnText]]:
    """Collects every text the helpers below draw while the block runs, so a test can check through the
    screens' own drawing that no text leaves its box or is smaller than :data:`MIN_TEXT`."""
    drawn: list[DrawnText] = []
    _listeners.append(drawn.append)
    try:
        yield drawn
    finally:
        _listeners.remove(drawn.append)


def draw_text(
    surface: pygame.Surface,
    text: str,
    font: pygame.font.Font,
    colour: Colour,
    box: Rect | None = None,
    wanted: str | None = None,
    **anchor: Point,
) -> Rect:
    """Blits ``text`` placed by one Rect anchor (``center=``, ``midleft=``, ...); returns where it went.

    The text stays inside ``box`` (the whole surface when None): one too wide for it is shortened with an
    ellipsis, and one placed partly outside is moved in (a box lower than the line is the caller's
    mistake, which :func:`recording_texts` shows). ``wanted``: the text the caller was asked to show, where it
    shortened it itself (so that :func:`recording_texts` sees the cut).
    """
    box = surface.get_rect() if box is None else box
    wanted, text = wanted or text, shortened(font, text, box.width)
    image = font.render(text, True, colour)
    rect = image.get_rect(**anchor)
    rect.left = max(box.left, min(rect.left, box.right - rect.width))
    rect.top = max(box.top, min(rect.top, box.bottom - rect.height))
    surface.blit(image, rect)
    if _listeners:
        # The glyphs' own extent (accents above, tails below, a letter leaning past its advance), measured on
        # the rendered image: only for a listener, as it reads every pixel.
        ink = image.get_bounding_rect().move(rect.topleft)
        for listener in _listeners:
            listener(DrawnText(text, wanted, font.point_size, rect.copy(), ink, box.copy()))
    return rect


def line_height(font: pygame.font.Font) -> int:
    """The height one line of ``font`` takes, with room for the glyphs that reach past the font's own height
    (a middle dot, accents)."""
    return font.get_height() + 2


def shortened(font: pygame.font.Font, text: str, width: int) -> str:
    """``text``, or as much of it as fits in ``width`` pixels followed by an ellipsis (at word ends when a
    word end leaves at least half the room filled)."""
    if font.size(text)[0] <= width:
        return text
    keep = len(text)
    while keep > 0 and font.size(text[:keep].rstrip() + ELLIPSIS)[0] > width:
        keep -= 1
    cut = text[:keep]
    word_end = cut.rfind(" ")
    if word_end > 0 and font.size(cut[:word_end])[0] >= width // 2:
        cut = cut[:word_end]
    return cut.rstrip(" ,;:(") + ELLIPSIS if cut.strip() else ELLIPSIS


def fitting_font(
    fonts: Fonts, text: str, size: int, max_width: int, bold: bool = False, smallest: int = MIN_TEXT
) -> pygame.font.Font:
    """The font of ``size`` or smaller (down to ``smallest``, never under :data:`MIN_TEXT`) in which
    ``text`` fits in ``max_width``; the smallest one if none does."""
    return fonts.get(fitting_size(fonts, text, size, max_width, bold, smallest), bold)


def fitting_size(
    fonts: Fonts, text: str, size: int, max_width: int, bold: bool = False, smallest: int = MIN_TEXT
) -> int:
    """The size of :func:`fitting_font`'s font."""
    smallest = max(smallest, MIN_TEXT)
    while size > smallest and fonts.get(size, bold).size(text)[0] > max_width:
        size -= 1
    return size


def draw_fitted_text(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    size: int,
    max_width: int,
    colour: Colour,
    bold: bool = False,
    smallest: int = MIN_TEXT,
    box: Rect | None = None,
    **anchor: Point,
) -> Rect | None:
    """Draws ``text`` at ``size`` or smaller to fit ``max_width``; if it cannot fit, draws nothing (None)."""
    font = fitting_font(fonts, text, size, max_width, bold, smallest)
    if font.size(text)[0] > max_width:
        return None
    return draw_text(surface, text, font, colour, box, None, **anchor)


def draw_text_in(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    size: int,
    box: Rect,
    colour: Colour,
    bold: bool = False,
    align: str = "centre",
) -> Rect:
    """Draws ``text`` in ``box`` at ``size`` or smaller: on one line if it fits in letters of at least
    :data:`ONE_LINE_SHRINK` of ``size``, else on two lines in the largest letters in which both fit, where
    the box is high enough for two, else on one line as small as it must be (down to :data:`MIN_TEXT`,
    shortened with an ellipsis below that). The lines are centred in the box's height and placed across as
    ``align`` says ("left", "centre", "right"). Returns the space the text took."""
    font = fitting_font(fonts, text, size, box.width, bold, smallest=int(size * ONE_LINE_SHRINK))
    lines = [text]
    if font.size(text)[0] > box.width:
        # Rather two lines than letters much smaller than asked: the largest in which two whole lines fit.
        for two_size in range(size, MIN_TEXT - 1, -1):
            two_font = fonts.get(two_size, bold)
            if 2 * line_height(two_font) > box.height:
                continue
            split = _split_in_two(two_font, text, box.width)
            if split is not None and two_font.size(split[1])[0] <= box.width:
                font, lines = two_font, split
                break
        else:
            font = fitting_font(fonts, text, size, box.width, bold)
    height = line_height(font) * len(lines)
    top = box.centery - height // 2
    taken = Rect(box.centerx, top, 0, 0)
    for index, line in enumerate(lines):
        y = top + index * line_height(font)
        if align == "left":
            rect = draw_text(surface, line, font, colour, box, topleft=(box.left, y))
        elif align == "right":
            rect = draw_text(surface, line, font, colour, box, topright=(box.right, y))
        else:
            rect = draw_text(surface, line, font, colour, box, midtop=(box.centerx, y))
        taken = taken.union(rect) if index else rect
    return taken


def wrapped(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` laid out in lines of at most ``width`` pixels, broken at spaces, each line as long as fits (a
    single word wider than ``width`` has a line of its own, which the caller's box then shows too wide)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _split_in_two(font: pygame.font.Font, text: str, width: int) -> list[str] | None:
    """``text`` cut at a space into two lines, the first as long as fits ``width`` (the second may not fit),
    or None where not even the first word fits."""
    words = text.split(" ")
    for count in range(len(words) - 1, 0, -1):
        first, second = " ".join(words[:count]), " ".join(words[count:])
        if font.size(first)[0] <= width:
            return [first, second]
    return None


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


def veil(surface: pygame.Surface, theme: Theme) -> None:
    """Dims the whole of ``surface`` with the theme's shadow: the screen behind a card drawn over it."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((*theme.shadow, 120))
    surface.blit(shade, (0, 0))


def panel(surface: pygame.Surface, theme: Theme, rect: Rect, alpha: int = 235, radius: int = 16) -> None:
    """A soft card: a faint shadow, then a rounded, slightly translucent panel with a hairline border (nothing
    where ``rect`` is empty: a window squeezed smaller than the card)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    card = pygame.Surface(rect.inflate(12, 12).size, pygame.SRCALPHA)
    inner = Rect(6, 6, rect.width, rect.height)
    pygame.draw.rect(card, (*theme.shadow, 28), inner.move(0, 4), border_radius=radius)
    pygame.draw.rect(card, (*theme.panel, alpha), inner, border_radius=radius)
    pygame.draw.rect(card, (*theme.panel_border, 255), inner, width=1, border_radius=radius)
    surface.blit(card, rect.move(-6, -6))
