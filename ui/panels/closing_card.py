"""The card a closing window shows when the player's files cannot all be written (a full disk): which files
wait and why, where a copy is kept, and the choice: wait for space (the window closes by itself once all is
saved), quit anyway, or go back. The window's keys for it are handled in :mod:`ui.app`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame
from pygame import Rect

from game.language import _
from ui.kit.layout import clamp
from ui.kit.widgets import draw_text, line_height, panel, veil, wrapped
from ui.theme import MIN_TEXT, Fonts, Theme


@dataclass
class Closing:
    """The window was asked to close while changes to ``files`` (their titles, untranslated) wait on a
    refused write, for ``reason`` (the system's words). ``kept`` is where a copy went (see
    :func:`ui.state.files.fallback.keep_elsewhere`): None while it is being written, False when it could not
    be; ``waiting`` that the player chose to wait for space."""

    files: list[str]
    reason: str | None
    kept: Path | bool | None = None
    waiting: bool = False


def closing_lines(closing: Closing) -> tuple[str, list[str], str]:
    """The card's title, its paragraphs and its keys' line, in the language in use."""
    files = ", ".join(_(title) for title in closing.files)
    why = closing.reason or _("the disk refused the write")
    paragraphs = [_("Not written: {files} ({reason}).").format(files=files, reason=why)]
    if closing.kept is None:
        paragraphs.append(_("Keeping a copy elsewhere\u2026"))
    elif closing.kept is False:
        paragraphs.append(_("No copy could be kept elsewhere either."))
    else:
        paragraphs.append(
            _(
                "A copy is kept in {folder} until the computer restarts; the next start counts its games."
            ).format(folder=closing.kept)
        )
    if closing.waiting:
        paragraphs.append(_("Waiting for space: the window closes by itself once everything is saved."))
    keys = _("W: wait for space  \u00b7  Q: quit anyway  \u00b7  Esc: back")
    return _("Not saved yet"), paragraphs, keys


def _lines(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` pixels: at spaces, and a word too long for a line (a folder's
    path) cut where it must."""
    lines: list[str] = []
    for line in wrapped(font, text, width):
        while font.size(line)[0] > width and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and font.size(line[:cut])[0] > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return lines


def _key_lines(font: pygame.font.Font, keys: str, width: int) -> list[str]:
    """The keys' line in lines of at most ``width`` pixels, broken between keys (never inside one, nor
    leaving a separator at a line's end)."""
    separator = "  \u00b7  "
    lines: list[str] = []
    for item in (part.strip() for part in keys.split("\u00b7")):
        if lines and font.size(lines[-1] + separator + item)[0] <= width:
            lines[-1] += separator + item
        else:
            lines.extend(_lines(font, item, width))
    return lines


@dataclass(frozen=True)
class ClosingLayout:
    """The card's letters, its text's width and its lines (title apart)."""

    size: int
    width: int
    lines: list[str]
    keys: list[str]


def closing_layout(size: tuple[int, int], fonts: Fonts, closing: Closing) -> ClosingLayout:
    """The card in a window of ``size``: the largest letters (down to :data:`MIN_TEXT`) at which every line
    fits on it."""
    width, height = size
    _title, paragraphs, keys = closing_lines(closing)
    text_width = min(width - 64, 620)
    largest = int(clamp(height / 22, MIN_TEXT, 18))
    for letters in range(largest, MIN_TEXT - 1, -1):
        font = fonts.get(letters)
        lines = [line for paragraph in paragraphs for line in [*_lines(font, paragraph, text_width), ""]]
        key_lines = _key_lines(fonts.get(letters, bold=True), keys, text_width)
        step = line_height(font) + 2
        if (len(lines) + len(key_lines) + 3) * step + 40 <= height - 16:
            break
    return ClosingLayout(letters, text_width, lines, key_lines)


def draw_closing(surface: pygame.Surface, theme: Theme, fonts: Fonts, closing: Closing) -> Rect:
    """Draws the closing card centred on ``surface``, over a veil that dims the screen; returns the card."""
    width, height = surface.get_size()
    veil(surface, theme)
    shown = closing_layout((width, height), fonts, closing)
    font, bold = fonts.get(shown.size), fonts.get(shown.size, bold=True)
    title_font = fonts.get(int(shown.size * 1.3), bold=True)
    step = line_height(font) + 2
    title, _paragraphs, _keys = closing_lines(closing)
    card = Rect(
        0, 0, shown.width + 40, line_height(title_font) + (len(shown.lines) + len(shown.keys) + 1) * step + 40
    )
    card.height = min(card.height, height - 16)
    card.center = (width // 2, height // 2)
    panel(surface, theme, card, alpha=255)
    box = card.inflate(-16, -8)
    y = card.top + 14
    draw_text(surface, title, title_font, theme.text, box, midtop=(card.centerx, y))
    y += line_height(title_font) + step // 2
    for line in shown.lines:
        if line:
            draw_text(surface, line, font, theme.text_muted, box, topleft=(card.left + 20, y))
        y += step
    for line in shown.keys:
        draw_text(surface, line, bold, theme.accent, box, topleft=(card.left + 20, y))
        y += step
    return card
