"""The help overlay (F1 or ?): every key of the window on one card over the screen, and how to read the
engine's values.

The list below is the one place that names the keys for people; the code that handles them is in
:mod:`ui.play_scene`, :mod:`ui.start_scene` and :mod:`ui.app`, and a test checks that the keys named here
work. The values' words and numbers are made in :mod:`ui.state.texts`, whose bands the last section describes.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from ai.exact.choice import core_name
from ui.layout import clamp
from ui.theme import Fonts, Theme
from ui.widgets import draw_text, panel

#: A section of the card: its title, and its rows of (keys, what they do).
Section = tuple[str, tuple[tuple[str, str], ...]]
KEYS: tuple[Section, ...] = (
    (
        "Playing",
        (
            ("Click, 1-9, \u2190\u2192 + Enter", "play a column (Connect Four)"),
            ("Click, 1-9, numpad, arrows", "play a cell (Tic-tac-toe)"),
            ("a-g  /  Shift+A", "4 \u00d7 4 Tic-tac-toe: cells 10-16  /  analysis"),
            ("Ctrl+Z  /  Ctrl+Y", "undo  /  redo"),
            ("H", "hint: the engine's best move for you"),
            ("A", "analysis: the value of every move, live on your turn"),
            ("R", "review the game: \u2190\u2192 Home End step, Esc back"),
            ("B", "in the review: show me the best line from the move shown"),
            ("Backspace", "coach on: choose again instead of the move it warned about"),
            ("Enter", "next round, when the game is over"),
            ("Ctrl+N", "new game"),
            ("Space or P", "pause (computer against computer)"),
            ("Esc", "back to the start screen"),
        ),
    ),
    (
        "Files and scores",
        (
            ("Ctrl+S  /  Ctrl+O", "save  /  load the game"),
            ("Ctrl+C  /  Ctrl+V", "copy the moves (e.g. 4453)  /  paste a game and review it"),
            ("Ctrl+R", "reset the score tally"),
        ),
    ),
    (
        "Window",
        (
            ("F2", "settings: sound, theme, animations, think time, coach"),
            ("M", "sound on / off"),
            ("T", "theme: classic, dark, high contrast"),
            ("S", "animation speed: off, slow, normal, fast"),
            ("Click during a move", "finish the animation"),
            ("F1 or ?", "this help"),
            ("Ctrl+Q", "quit"),
        ),
    ),
    (
        "Reading the values",
        (
            ("Red wins in 7", "proven: in 7 of Red's own moves, whatever the other side does"),
            ("Red is better", "an estimate: even, better, much better, winning"),
            ("Red +42", "the estimate in points (an open line threat is worth 30 to 70)"),
            ("mark 7   =", "analysis: the player of that mark wins in 7 of their moves; a draw"),
            ("Bar", "an estimate, in the colour of the side it favours"),
        ),
    ),
)


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
    lines = sum(len(rows) + 1 for _, rows in KEYS) + 2
    # The text shrinks until every line fits the window's height, and the two columns its width.
    size = int(clamp(height / (lines * 1.75), 9, 20))
    while size > 9:
        key_width = max(fonts.get(size, bold=True).size(keys)[0] for _, rows in KEYS for keys, _ in rows)
        text_width = max(fonts.get(size).size(text)[0] for _, rows in KEYS for _, text in rows)
        if key_width + text_width + 3 * size + 48 <= width - 24:
            break
        size -= 1
    key_width = max(fonts.get(size, bold=True).size(keys)[0] for _, rows in KEYS for keys, _ in rows)
    text_width = max(fonts.get(size).size(text)[0] for _, rows in KEYS for _, text in rows)
    step = int(size * 1.55)
    header, footer_height = int(step * 1.4) + 14, step + 10
    room = (height - 16 - header - footer_height) // step
    shown: list[Section] = []
    for title_and_rows in KEYS:
        if sum(len(rows) + 1 for _, rows in shown) + len(title_and_rows[1]) + 1 > room and shown:
            break
        shown.append(title_and_rows)
    used = sum(len(rows) + 1 for _, rows in shown)
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
    draw_text(surface, "Keys", title, theme.text, box, midtop=(card.centerx, y))
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
    footer = f"Exact solver: {core_name()}  \u00b7  F1, ? or Esc closes this help"
    if len(shown) < len(KEYS):
        footer += "  \u00b7  a taller window shows the rest"
    draw_text(
        surface,
        footer,
        fonts.get(size - 2),
        theme.text_muted,
        box,
        midbottom=(card.centerx, card.bottom - 8),
    )
    return card
