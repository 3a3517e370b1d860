"""The settings panel, over any screen (F2, or the play screen's Settings button): a row for each setting
of :data:`ui.state.files.settings.SETTINGS` that has a label (sound, theme, animation speed, language, the
solver's threads, and on the play screen the max level's think time per move and the coach), each with its
current value.

The one-key shortcuts (M, T, S) stay; the panel shows the same settings for the mouse. The App owns it (like
the help card): it takes every click and key while it shows, so nothing reaches the board beneath, and the
engine goes on thinking. :func:`panel_layout` places everything from the window size and the rows alone, so
drawing and clicks agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

import pygame
from pygame import Rect

from game.language import _
from ui.kit.layout import buttons_in_row, clamp
from ui.kit.widgets import Button, draw_button, draw_text, line_height, panel, veil
from ui.state.files.settings import SETTINGS, Applies, Settings
from ui.state.options import PlayOptions
from ui.theme import MIN_TEXT, Fonts, Theme

#: The close button's action.
CLOSE = "close"


@dataclass(frozen=True)
class SettingRow:
    """One setting: its ``key``, a ``label``, the ``choices`` as (value, text), and the value now."""

    key: str
    label: str
    choices: tuple[tuple[object, str], ...]
    value: object


def panel_rows(
    settings: Settings, play: PlayOptions | None, notes: Mapping[str, str] | None = None
) -> list[SettingRow]:
    """The rows of :data:`~ui.state.files.settings.SETTINGS` that have a label, with their values in
    ``settings``; ``play``, the options of the game on the board, adds the settings that apply to it (the
    think time and the coach, whose values are the board's; None on the start screen, which has rows of its
    own for them). ``notes`` by a setting's key say why a change cannot be heard or seen now (e.g. that there
    is no audio device), after its label."""
    shown = settings if play is None else replace(settings, play=play)
    rows = []
    for setting in SETTINGS:
        if setting.label is None or (setting.applies is Applies.BOARD and play is None):
            continue
        note = (notes or {}).get(setting.key)
        label = _(setting.noted).format(note=note) if note and setting.noted else _(setting.label)
        value = setting.value(shown)
        rows.append(SettingRow(setting.key, label, setting.choices(value), value))
    return rows


@dataclass(frozen=True)
class PanelLayout:
    """The card, the title's place, each row's label place and choice buttons, and the close button."""

    card: Rect
    title_at: tuple[int, int]
    labels: list[tuple[int, int]]
    buttons: list[list[Button]]
    close: Button
    font: pygame.font.Font


def panel_layout(size: tuple[int, int], fonts: Fonts, rows: list[SettingRow]) -> PanelLayout:
    """Where the panel's parts go in a window of ``size``.

    Each row's label stands beside its choices; where that would not fit across in the letters the window's
    size picks (the labels of some languages run a third longer than English), the labels stand above their
    choices instead, and only where neither fits do the letters get smaller, down to the smallest readable.
    """
    width, height = size
    for font_size in range(int(clamp(height * 0.026, MIN_TEXT, 20)), MIN_TEXT - 1, -1):
        font = fonts.get(font_size)
        label_width = max(font.size(row.label)[0] for row in rows) + 24
        choice_widths = [[font.size(text)[0] + 24 for _, text in row.choices] for row in rows]
        choices_width = max(sum(widths) + 8 * (len(widths) - 1) for widths in choice_widths)
        row_height = int(font.get_height() * 2.1)
        label_height = line_height(font)
        stacked_height = (row_height + label_height) * len(rows) + 2 * row_height + 24
        beside = label_width + choices_width + 48 <= width - 24
        stacked = not beside and choices_width + 48 <= width - 24 and stacked_height <= height - 24
        if beside or stacked:
            break
    across = choices_width + 48 if stacked else label_width + choices_width + 48
    rows_height = (row_height + label_height) * len(rows) if stacked else row_height * len(rows)
    card = Rect(0, 0, min(width - 24, max(across, label_width + 48)), rows_height + 2 * row_height + 24)
    card.center = (width // 2, height // 2)
    top = card.top + 12 + row_height
    labels, buttons = [], []
    for row, widths in zip(rows, choice_widths, strict=True):
        if stacked:
            labels.append((card.left + 24, top + label_height // 2))
            band = Rect(card.left + 24, top + label_height, card.width - 48, row_height)
        else:
            band = Rect(card.left + 24 + label_width, top, card.width - 48 - label_width, row_height)
            labels.append((card.left + 24, band.centery))
        top = band.bottom
        rects = buttons_in_row(widths, int(row_height * 0.78), band, align="left", gap=8)
        buttons.append(
            [
                Button(f"{row.key}:{position}", text, rect, selected=value == row.value)
                for position, ((value, text), rect) in enumerate(zip(row.choices, rects, strict=True))
            ]
        )
    close = _("Close")
    close_rect = buttons_in_row([font.size(close)[0] + 32], int(row_height * 0.8), card, align="centre")[0]
    close_rect.bottom = card.bottom - 12
    return PanelLayout(
        card,
        (card.centerx, card.top + 12 + row_height // 2),
        labels,
        buttons,
        Button(CLOSE, close, close_rect),
        font,
    )


@dataclass(frozen=True)
class PanelPicture:
    """What the panel shows: its rows, the row with the keyboard's focus, the button under the mouse (its
    rect; None: none)."""

    rows: tuple[SettingRow, ...]
    focus: int
    hovered: Rect | None


def panel_picture(
    size: tuple[int, int], fonts: Fonts, rows: list[SettingRow], mouse: tuple[int, int], focus: int
) -> PanelPicture:
    """The panel's picture in a window of ``size``, the mouse at ``mouse``."""
    shown = panel_layout(size, fonts, rows)
    buttons = [button for row in shown.buttons for button in row] + [shown.close]
    hovered = next((button.rect for button in buttons if button.rect.collidepoint(mouse)), None)
    return PanelPicture(tuple(rows), focus, hovered)


def draw_panel(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    rows: list[SettingRow],
    hovered: Rect | None = None,
    focus: int = -1,
) -> None:
    """Draws the panel over a dimmed screen; the button at ``hovered`` is under the mouse, the keyboard's row
    (``focus``) is marked."""
    veil(surface, theme)
    shown = panel_layout(surface.get_size(), fonts, rows)
    panel(surface, theme, shown.card, alpha=252)  # opaque: the board beneath would clutter the choices
    draw_text(
        surface,
        _("Settings"),
        fonts.get(shown.font.get_height() + 4, bold=True),
        theme.text,
        shown.card.inflate(-16, -8),
        center=shown.title_at,
    )
    for index, (row, label_at, buttons) in enumerate(zip(rows, shown.labels, shown.buttons, strict=True)):
        colour = theme.accent if index == focus else theme.text
        draw_text(surface, row.label, shown.font, colour, shown.card.inflate(-16, -8), midleft=label_at)
        for button in buttons:
            draw_button(surface, theme, shown.font, button, hovered=button.rect == hovered)
    draw_button(surface, theme, shown.font, shown.close, hovered=shown.close.rect == hovered)


def choice_at(
    size: tuple[int, int], fonts: Fonts, rows: list[SettingRow], position: tuple[int, int]
) -> tuple[str, object] | str | None:
    """What a click at ``position`` chooses: (a row's key, the value), CLOSE, "inside" (nothing on the card),
    or None (outside the card: the panel closes)."""
    shown = panel_layout(size, fonts, rows)
    if shown.close.rect.collidepoint(position):
        return CLOSE
    for row, buttons in zip(rows, shown.buttons, strict=True):
        for button, (value, _text) in zip(buttons, row.choices, strict=True):
            if button.rect.collidepoint(position):
                return row.key, value
    return "inside" if shown.card.collidepoint(position) else None
