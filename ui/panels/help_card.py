"""The help overlay (F1 or ?): every key of the window on one card over the screen, and how to read the
engine's values.

The list below is the one place that names the keys for people; the code that handles them is in
:mod:`ui.play.scene`, :mod:`ui.start.scene` and :mod:`ui.app`, and a test checks that the keys named here
work. The values' words and numbers are made in :mod:`ui.state.words.texts`, whose bands the last section
describes.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from ai.capabilities import core_name
from game.language import N_, _
from ui.kit.layout import clamp
from ui.kit.widgets import draw_text, panel
from ui.theme import Fonts, Theme

#: A section of the card: its title, and its rows of (keys, what they do).
Section = tuple[str, tuple[tuple[str, str], ...]]
KEYS: tuple[Section, ...] = (
    (
        N_("Playing"),
        (
            (N_("Click, 1-9, \u2190\u2192 + Enter"), N_("play a column (Connect Four)")),
            (N_("Click, 1-9, numpad, arrows"), N_("play a cell (Tic-tac-toe)")),
            (N_("a-g  /  Shift+A"), N_("4 \u00d7 4 Tic-tac-toe: cells 10-16  /  analysis")),
            (N_("Ctrl+Z  /  Ctrl+Y"), N_("undo  /  redo")),
            (N_("H"), N_("hint: the engine's best move for you")),
            (N_("A"), N_("analysis: the value of every move, live on your turn")),
            (N_("R"), N_("review the game: \u2190\u2192 Home End step, Esc back")),
            (N_("B"), N_("in the review: show me the best line from the move shown")),
            (N_("Backspace"), N_("coach on: choose again instead of the move it warned about")),
            (N_("Enter"), N_("next round, when the game is over")),
            (N_("Ctrl+N"), N_("new game")),
            (N_("Space or P"), N_("pause (computer against computer)")),
            (N_("Esc"), N_("back to the start screen")),
        ),
    ),
    (
        N_("Files and scores"),
        (
            (N_("Ctrl+S  /  Ctrl+O"), N_("save  /  load the game")),
            (N_("Ctrl+C  /  Ctrl+V"), N_("copy the moves (e.g. 4453)  /  paste a game and review it")),
            (N_("Ctrl+R"), N_("reset this board's record (asks first; Ctrl+Z undoes)")),
        ),
    ),
    (
        N_("Window"),
        (
            (N_("F2"), N_("settings: sound, theme, animations, think time, coach")),
            (N_("M"), N_("sound on / off")),
            (N_("T"), N_("theme: classic, dark, high contrast")),
            (N_("S"), N_("animation speed: off, slow, normal, fast")),
            (N_("Click during a move"), N_("finish the animation")),
            (N_("F1 or ?"), N_("this help")),
            (N_("Ctrl+Q"), N_("quit")),
        ),
    ),
    (
        N_("Reading the values"),
        (
            (N_("Red wins in 7"), N_("proven: in 7 of Red's own moves, whatever the other side does")),
            (N_("Red is better"), N_("an estimate: even, better, much better, winning")),
            (N_("Red +42"), N_("the estimate in points (an open line threat is worth 30 to 70)")),
            (N_("mark 7   ="), N_("analysis: the player of that mark wins in 7 of their moves; a draw")),
            (N_("Bar"), N_("an estimate, in the colour of the side it favours")),
        ),
    ),
)


def help_sections() -> tuple[Section, ...]:
    """:data:`KEYS` in the language in use."""
    return tuple((_(title), tuple((_(keys), _(text)) for keys, text in rows)) for title, rows in KEYS)


def draw_help(surface: pygame.Surface, theme: Theme, fonts: Fonts) -> Rect:
    """Draws the help card centred on ``surface``, over a veil that dims the screen; returns the card.

    The text shrinks to fit the window; in a window too short for every section even at the smallest size,
    the card shows the sections that fit, first ones first, and its footer says that a taller window shows
    the rest (rather than letting lines run off the card).
    """
    width, height = surface.get_size()
    veil = pygame.Surface((width, height), pygame.SRCALPHA)
    veil.fill((*theme.shadow, 120))
    surface.blit(veil, (0, 0))
    sections = help_sections()
    lines = sum(len(rows) + 1 for _title, rows in sections) + 2
    # The text shrinks until every line fits the window's height, and the two columns its width.
    size = int(clamp(height / (lines * 1.75), 9, 20))
    while size > 9:
        key_width = max(
            fonts.get(size, bold=True).size(keys)[0] for _title, rows in sections for keys, _text in rows
        )
        text_width = max(fonts.get(size).size(text)[0] for _title, rows in sections for _keys, text in rows)
        if key_width + text_width + 3 * size + 48 <= width - 24:
            break
        size -= 1
    key_width = max(
        fonts.get(size, bold=True).size(keys)[0] for _title, rows in sections for keys, _text in rows
    )
    text_width = max(fonts.get(size).size(text)[0] for _title, rows in sections for _keys, text in rows)
    step = int(size * 1.55)
    header, footer_height = int(step * 1.4) + 14, step + 10
    room = (height - 16 - header - footer_height) // step
    shown: list[Section] = []
    for title_and_rows in sections:
        if sum(len(rows) + 1 for _title, rows in shown) + len(title_and_rows[1]) + 1 > room and shown:
            break
        shown.append(title_and_rows)
    used = sum(len(rows) + 1 for _title, rows in shown)
    card = Rect(
        0,
        0,
        min(width - 16, key_width + text_width + 3 * size + 48),
        min(height - 16, header + used * step + footer_height),
    )
    card.center = (width // 2, height // 2)
    # Opaque: the screen behind, dimmed by the veil, must not show through the lines being read.
    panel(surface, theme, card, alpha=255)
    y = card.top + 14
    # The texts' box: the card less its rounded corners' room.
    box = card.inflate(-16, -8)
    title = fonts.get(int(size * 1.3), bold=True)
    draw_text(surface, _("Keys"), title, theme.text, box, midtop=(card.centerx, y))
    y = card.top + header
    left = card.left + 24
    for section, rows in shown:
        draw_text(surface, section, fonts.get(size, bold=True), theme.accent, box, topleft=(left, y))
        y += step
        for keys, text in rows:
            draw_text(surface, keys, fonts.get(size, bold=True), theme.text, box, topleft=(left + size, y))
            at = (left + key_width + 2 * size, y)
            draw_text(surface, text, fonts.get(size), theme.text_muted, box, topleft=at)
            y += step
    if len(shown) < len(sections):
        footer = _(
            "Exact solver: {core}  \u00b7  F1, ? or Esc closes this help"
            "  \u00b7  a taller window shows the rest"
        )
    else:
        footer = _("Exact solver: {core}  \u00b7  F1, ? or Esc closes this help")
    footer = footer.format(core=core_name())
    draw_text(
        surface,
        footer,
        fonts.get(size - 2),
        theme.text_muted,
        box,
        midbottom=(card.centerx, card.bottom - 8),
    )
    return card
