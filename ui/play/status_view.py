"""The play screen's status area laid out: the status line (whose turn, a notice, the hint, the review's
sentence) and under it the small line, which is either the reason of the move the line speaks of or the
detail parts (keys, search figures).

Every word of the status line and of the reason is the point of what they say, so neither is ever cut: the
whole stack (the line on one or two lines, the reason on one or two) is set in the largest letters in which
it fits the area, the reason's kept first (they are the smaller), never under :data:`MAIN_SMALLEST` for the
line nor :data:`ui.theme.MIN_TEXT` for the reason. The detail line is only a help: its last parts go where
there is no room for them (a first part wider than the area, the review's summary, takes two lines).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect

from ui.kit.layout import clamp
from ui.kit.widgets import ONE_LINE_SHRINK, draw_fitted_text, draw_text, line_height, wrapped
from ui.theme import MIN_TEXT, Colour, Fonts

#: The status line's smallest letters: a size above the reason's smallest, so the two stay told apart.
MAIN_SMALLEST = MIN_TEXT + 1
#: The small line's letters as a share of the status line's.
SMALL_SHARE = 0.62
#: Room left and right of the texts, and above and below the stack, in pixels.
SIDE, PAD = 12, 2

#: Draws a player's piece: (surface, player, centre, radius).
PieceDrawer = Callable[[pygame.Surface, int, tuple[float, float], float], None]


@dataclass(frozen=True)
class StatusStack:
    """The status area's texts as laid out: the status line's ``lines`` in ``font`` (the piece's ``icon``
    width before the first), the small ``below`` lines in ``small``, and the ``top`` of the stack."""

    font: pygame.font.Font
    lines: tuple[str, ...]
    icon: int
    small: pygame.font.Font
    below: tuple[str, ...]
    top: int

    def height(self) -> int:
        return line_height(self.font) * len(self.lines) + line_height(self.small) * len(self.below)


def largest_size(area: Rect) -> int:
    """The status line's letters in a status area of ``area``'s height, when it has room enough."""
    return int(clamp(area.height * 0.34, 16, 30))


def small_size(size: int) -> int:
    """The small line's letters under a status line of ``size``."""
    return max(MIN_TEXT, int(size * SMALL_SHARE))


def _sizes(largest: int) -> list[tuple[int, int]]:
    """(size, most lines) of the status line, in the order tried: one line down to
    :data:`ONE_LINE_SHRINK` of ``largest``, then two lines from ``largest`` down, then one line smaller
    still (which leaves the reason two lines where two status lines would not)."""
    floor = max(MAIN_SMALLEST, int(largest * ONE_LINE_SHRINK))
    return (
        [(size, 1) for size in range(largest, floor - 1, -1)]
        + [(size, 2) for size in range(largest, MAIN_SMALLEST - 1, -1)]
        + [(size, 1) for size in range(floor - 1, MAIN_SMALLEST - 1, -1)]
    )


def _lines(font: pygame.font.Font, text: str, width: int, most: int) -> list[str] | None:
    """``text`` on at most ``most`` lines of ``width`` pixels, or None where it needs more (or a word is wider
    than ``width``)."""
    if not text:
        return []
    if font.size(text)[0] <= width:
        return [text]
    lines = (_split_at_a_pause(font, text, width) if most == 2 else None) or wrapped(font, text, width)
    if len(lines) > most or any(font.size(line)[0] > width for line in lines):
        return None
    return lines


#: Where a line is best broken in two, best first: between its parts (" · "), after a sentence, a clause.
PAUSES = ("  \u00b7  ", " \u00b7 ", ". ", "; ", ": ", ", ")


def _split_at_a_pause(font: pygame.font.Font, text: str, width: int) -> list[str] | None:
    """``text`` on two lines broken at its best :data:`PAUSES` where both halves fit ``width`` (the parts'
    dot dropped at the break, a sentence's or clause's mark kept at the first line's end), the halves as even
    as that pause allows; None where no pause gives two lines that fit."""
    for pause in PAUSES:
        kept = pause.strip() if pause.strip() != "\u00b7" else ""
        splits = []
        start = text.find(pause)
        while start > 0:
            first, second = text[:start] + kept, text[start + len(pause) :]
            if second and font.size(first)[0] <= width and font.size(second)[0] <= width:
                splits.append((max(font.size(first)[0], font.size(second)[0]), [first, second]))
            start = text.find(pause, start + 1)
        if splits:
            return min(splits)[1]
    return None


def status_stack(
    fonts: Fonts, area: Rect, text: str, why: str, with_piece: bool, detail: Sequence[str] = ()
) -> StatusStack:
    """The status line ``text`` (led by a piece ``with_piece``) and under it the reason ``why`` (may be empty)
    laid out in ``area``: the first arrangement of :func:`_sizes` in which the line and the reason (on one
    line, else two) fit whole. With no reason and ``detail`` parts, a line is kept for them where the status
    line leaves room for it (its one line in :attr:`StatusStack.below` is empty: the parts that fit are
    chosen as it is drawn), two where the first part alone is wider than the area in the smallest letters
    (the review's summary in a small window: then it is the two lines, and the other parts are left out).
    Where nothing fits, the smallest letters: the line on two lines and the reason on as many as the area
    holds, what does not fit cut (the fit test shows it)."""
    width = area.width - 2 * SIDE

    def why_lines(small: pygame.font.Font) -> list[list[str]]:
        return [lines for most in (1, 2) if (lines := _lines(small, why, width, most)) is not None]

    def detail_lines(small: pygame.font.Font) -> list[list[str]]:
        if fonts.get(MIN_TEXT).size(detail[0])[0] <= width:
            return [[""]]
        lines = _lines(small, detail[0], width, 2)
        return [] if lines is None else [lines]

    if why:
        stack = _arranged(fonts, area, text, with_piece, why_lines)
    else:
        stack = _arranged(fonts, area, text, with_piece, detail_lines) if detail else None
        stack = stack or _arranged(fonts, area, text, with_piece, lambda small: [[]])
    return stack or _squeezed(fonts, area, text, why, with_piece)


def _arranged(
    fonts: Fonts,
    area: Rect,
    text: str,
    with_piece: bool,
    small_lines: Callable[[pygame.font.Font], list[list[str]]],
) -> StatusStack | None:
    """The first arrangement in which the status line and one of the ``small_lines`` a small font allows
    (fewest lines first) fit ``area`` whole, centred in its height; None if none does. The small line keeps
    its letters first (it is the smaller already): for each of its sizes, from :func:`small_size` of the
    largest status line down, the status line's arrangements of :func:`_sizes` are tried in turn."""
    width, room = area.width - 2 * SIDE, area.height - 2 * PAD
    largest = largest_size(area)
    arrangements: list[tuple[int, pygame.font.Font, int, tuple[str, ...]]] = []
    for size, most in _sizes(largest):
        font = fonts.get(size, bold=True)
        icon = int(size * 1.3) if with_piece else 0
        wrapped_lines = _lines(font, text, width - 2 * SIDE - icon, most)
        if wrapped_lines is not None:
            arrangements.append((size, font, icon, tuple(wrapped_lines)))
    for small_letters in range(small_size(largest), MIN_TEXT - 1, -1):
        small = fonts.get(small_letters)
        for below in small_lines(small):
            for size, font, icon, lines in arrangements:
                stack = StatusStack(font, lines, icon, small, tuple(below), 0)
                if size > small_letters and stack.height() <= room:
                    return _centred(stack, area)
    return None


def _squeezed(fonts: Fonts, area: Rect, text: str, why: str, with_piece: bool) -> StatusStack:
    """The last resort: the smallest letters, the status line on two lines (the second cut where it is too
    long), the reason on the lines left (its last one cut)."""
    width, room = area.width - 2 * SIDE, area.height - 2 * PAD
    font, small = fonts.get(MAIN_SMALLEST, bold=True), fonts.get(MIN_TEXT)
    icon = int(MAIN_SMALLEST * 1.3) if with_piece else 0
    lines = wrapped(font, text, width - 2 * SIDE - icon)
    lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 2 else lines
    left = max(1, (room - line_height(font) * len(lines)) // line_height(small))
    below = wrapped(small, why, width) if why else []
    below = below[: left - 1] + [" ".join(below[left - 1 :])] if len(below) > left else below
    return _centred(StatusStack(font, tuple(lines), icon, small, tuple(below), 0), area)


def _centred(stack: StatusStack, area: Rect) -> StatusStack:
    """``stack`` placed in the middle of ``area``'s height."""
    top = area.top + max(PAD, (area.height - stack.height()) // 2)
    return StatusStack(stack.font, stack.lines, stack.icon, stack.small, stack.below, top)


def draw_status_area(
    surface: pygame.Surface,
    fonts: Fonts,
    area: Rect,
    text: str,
    colours: tuple[Colour, Colour, Colour],
    player: int | None,
    draw_piece: PieceDrawer,
    why: str = "",
    detail: Sequence[str] = (),
) -> None:
    """Draws the status line ``text`` (led by ``player``'s piece, where not None) and under it the reason
    ``why`` or, with no reason, as many of the ``detail`` parts as fit on one line (or the first on two, see
    :func:`status_stack`); ``colours``: the line's, the reason's, the detail's."""
    line_colour, why_colour, detail_colour = colours
    stack = status_stack(fonts, area, text, why, player is not None, detail)
    box = area.inflate(-2 * SIDE, 0)
    step, small_step = line_height(stack.font), line_height(stack.small)
    widest = max((stack.font.size(line)[0] for line in stack.lines), default=0)
    left = area.centerx - (widest + stack.icon) // 2
    if player is not None:
        draw_piece(
            surface,
            player,
            (left + stack.icon // 2 - 4, stack.top + step / 2),
            stack.font.point_size * 0.48,
        )
    for index, line in enumerate(stack.lines):
        line_box = Rect(box.left, stack.top + index * step, box.width, step)
        draw_text(
            surface, line, stack.font, line_colour, line_box, midleft=(left + stack.icon, line_box.centery)
        )
    below_top = stack.top + step * len(stack.lines)
    if stack.below != ("",):
        # The reason, or the detail's first part on two lines.
        for index, line in enumerate(stack.below):
            line_box = Rect(box.left, below_top + index * small_step, box.width, small_step)
            colour = why_colour if why else detail_colour
            draw_text(surface, line, stack.small, colour, line_box, midtop=line_box.midtop)
    elif detail:
        # The detail line drops its last parts until it fits (never disappearing for want of room).
        line_box = Rect(box.left, below_top, box.width, small_step)
        for count in range(len(detail), 0, -1):
            shown = "    ".join(detail[:count])
            if draw_fitted_text(
                surface,
                fonts,
                shown,
                stack.small.point_size,
                box.width,
                detail_colour,
                box=line_box,
                midtop=line_box.midtop,
            ):
                break
