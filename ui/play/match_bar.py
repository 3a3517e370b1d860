"""The match bar under the toolbar: each player's mark and name, the score of this match, and the stored
tally, at every window size (a narrow window drops the tally, then the draws, then shortens the names).

:func:`match_geometry` places everything from the bar's rectangle and its contents alone, so the drawing and
the clicks on a name (to rename a player, with two players) always agree.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from game.language import ngettext
from ui.kit.widgets import draw_text
from ui.play.board_view import MarkPainter
from ui.state.options import MAX_NAME
from ui.theme import Fonts, Theme

ELLIPSIS = "\u2026"


@dataclass(frozen=True)
class MatchBar:
    """What the bar shows: ``names`` of the players of pieces 0 and 1, their ``wins`` this match and the
    ``draws``; ``tally`` the stored record in words ("" for none); ``editing`` the piece whose name is being
    typed (its text is ``names[editing]``, shown with a caret), or None; ``standing``, when given, stands in
    the centre instead of the score, longest first (a puzzle's: the player's puzzle record)."""

    names: tuple[str, str]
    wins: tuple[int, int]
    draws: int
    tally: str = ""
    editing: int | None = None
    standing: tuple[str, ...] = ()


@dataclass(frozen=True)
class MatchGeometry:
    """Where the bar's parts go: the marks' centres and radius, the names' rects and shown texts, the centre
    text and its rect; while a name is typed, ``counter``: its length against :data:`MAX_NAME` ("12/20")
    and where it shows, beside the name on the centre's side."""

    marks: tuple[tuple[int, int], tuple[int, int]]
    radius: int
    name_rects: tuple[Rect, Rect]
    names: tuple[str, str]
    centre: str
    centre_rect: Rect
    font: pygame.font.Font
    counter: tuple[str, Rect] | None = None


def counter_text(name: str) -> str:
    """How much of a name being typed is used: ``"12/20"`` (at ``"20/20"`` the field takes no more)."""
    return f"{len(name)}/{MAX_NAME}"


def centre_texts(bar: MatchBar) -> list[str]:
    """The centre's text, longest first: the score, the draws, the tally (or the standing instead); the first
    that fits is shown."""
    if bar.standing:
        return list(bar.standing)
    score = f"{bar.wins[0]} \u2013 {bar.wins[1]}"
    draws = ngettext("{count} draw", "{count} draws", bar.draws).format(count=bar.draws)
    texts = [score]
    if bar.draws:
        texts.insert(0, f"{score}  \u00b7  {draws}")
    if bar.tally:
        texts.insert(0, f"{texts[0]}  \u00b7  {bar.tally}")
    return texts


def _shortened(font: pygame.font.Font, text: str, room: int) -> str:
    """``text``, cut with an ellipsis where it is wider than ``room`` pixels."""
    if font.size(text)[0] <= room:
        return text
    while text and font.size(text + ELLIPSIS)[0] > room:
        text = text[:-1]
    return text + ELLIPSIS if text else ""


def match_geometry(fonts: Fonts, rect: Rect, bar: MatchBar) -> MatchGeometry:
    """The bar's parts in ``rect`` (see :class:`MatchGeometry`)."""
    font = fonts.get(int(rect.height * 0.52))
    radius = max(5, int(rect.height * 0.3))
    margin = max(8, rect.height // 2)
    mark_left = (rect.left + margin + radius, rect.centery)
    mark_right = (rect.right - margin - radius, rect.centery)
    # The centre takes what the names leave it (centred, so the wider name counts on both sides), and a third
    # of the bar at least: long names (the high-contrast theme's "Orange circle") are then shortened rather
    # than the tally dropped where there is room for both.
    name_start = margin + 2 * radius + margin // 2
    widest_side = name_start + max(font.size(name + "|")[0] for name in bar.names) + margin
    room = max(rect.width // 3, rect.width - 2 * widest_side)
    centre = next((text for text in centre_texts(bar) if font.size(text)[0] <= room), centre_texts(bar)[-1])
    centre_rect = Rect(0, 0, font.size(centre)[0], font.get_height())
    centre_rect.center = rect.center
    side_room = max(0, centre_rect.left - (mark_left[0] + radius + margin // 2) - margin)
    counted = "" if bar.editing is None else counter_text(bar.names[bar.editing])
    # The counter keeps its room: the name being typed is what gets shortened.
    counter_room = font.size(counted)[0] + margin // 2 if counted else 0
    shown = tuple(
        _shortened(font, name + "|", side_room - counter_room)
        if bar.editing == piece
        else _shortened(font, name, side_room)
        for piece, name in enumerate(bar.names)
    )
    left = Rect(mark_left[0] + radius + margin // 2, 0, font.size(shown[0])[0], font.get_height())
    right = Rect(0, 0, font.size(shown[1])[0], font.get_height())
    right.right = mark_right[0] - radius - margin // 2
    left.centery = right.centery = rect.centery
    counter = None
    if bar.editing is not None:
        counter_rect = Rect(0, 0, font.size(counted)[0], font.get_height())
        counter_rect.centery = rect.centery
        if bar.editing == 0:
            counter_rect.left = left.right + margin // 2
        else:
            counter_rect.right = right.left - margin // 2
        counter = (counted, counter_rect)
    return MatchGeometry(
        (mark_left, mark_right),
        radius,
        (left, right),
        (shown[0], shown[1]),
        centre,
        centre_rect,
        font,
        counter,
    )


def name_at(fonts: Fonts, rect: Rect, bar: MatchBar, position: tuple[int, int]) -> int | None:
    """The piece whose name (or mark) is under ``position``, or None."""
    geometry = match_geometry(fonts, rect, bar)
    for piece in (0, 1):
        x, y = geometry.marks[piece]
        mark = Rect(x - geometry.radius, y - geometry.radius, 2 * geometry.radius, 2 * geometry.radius)
        if geometry.name_rects[piece].union(mark).inflate(8, rect.height // 3).collidepoint(position):
            return piece
    return None


def draw_match_bar(
    surface: pygame.Surface, theme: Theme, fonts: Fonts, rect: Rect, bar: MatchBar, mark: MarkPainter
) -> None:
    """Draws the bar in ``rect``: a band of the toolbar's colour, a mark and a name on each side, the score
    in the middle; a name being typed is underlined, with its counter beside it."""
    pygame.draw.rect(surface, theme.background_glow, rect)
    pygame.draw.line(surface, theme.panel_border, (rect.left, rect.bottom - 1), (rect.right, rect.bottom - 1))
    geometry = match_geometry(fonts, rect, bar)
    for piece in (0, 1):
        mark(surface, piece, geometry.marks[piece], geometry.radius)
        name_rect = geometry.name_rects[piece]
        # The name's box is its room across and the whole bar's height.
        box = Rect(name_rect.left, rect.top, name_rect.width, rect.height)
        draw_text(surface, geometry.names[piece], geometry.font, theme.text, box, topleft=name_rect.topleft)
        if bar.editing == piece:
            pygame.draw.line(surface, theme.accent, name_rect.bottomleft, name_rect.bottomright, 2)
    centre = Rect(geometry.centre_rect.left, rect.top, geometry.centre_rect.width, rect.height)
    draw_text(
        surface, geometry.centre, geometry.font, theme.text_muted, centre, center=geometry.centre_rect.center
    )
    if geometry.counter is not None and bar.editing is not None:
        # A full name shows its counter in the accent colour: the field takes no more.
        full = len(bar.names[bar.editing]) >= MAX_NAME
        text, counter_rect = geometry.counter
        colour = theme.accent if full else theme.text_muted
        draw_text(surface, text, geometry.font, colour, topleft=counter_rect.topleft)
