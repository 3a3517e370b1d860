"""The settings panel's keys and clicks (F2, or the play screen's Settings button): which row has the focus,
and what a key or a click there asks for. Applying a choice is the window's (:class:`ui.app.App`), which owns
the settings, the theme and the sounds.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.kit.keys import COMMAND_KEYS
from ui.panels.settings_panel import CLOSE, SettingRow, choice_at
from ui.theme import Fonts


@dataclass(frozen=True)
class PanelAnswer:
    """What an event meant to the panel: ``taken`` (no one else sees it), and a ``choice`` to apply (a row's
    key and value)."""

    taken: bool
    choice: tuple[str, object] | None = None


NOT_TAKEN = PanelAnswer(taken=False)


@dataclass
class PanelInput:
    """The panel's state: shown or not, and the row with the keyboard's focus."""

    shown: bool = False
    focus: int = 0

    def show(self, shown: bool) -> None:
        self.shown = shown
        self.focus = 0

    def handle(
        self,
        event: pygame.event.Event,
        rows: list[SettingRow],
        size: tuple[int, int],
        fonts: Fonts,
    ) -> PanelAnswer:
        """While the panel shows it takes every key and click the window's own keys leave to it (F2, which
        opens and closes it, and Ctrl+Q are the window's, :mod:`ui.panels.window_keys`): Up and Down move the
        focus, Left and Right choose in the focused row, a click chooses, Esc, Enter or a click outside the
        card closes it."""
        if not self.shown:
            return NOT_TAKEN
        if event.type == pygame.KEYDOWN and not event.mod & COMMAND_KEYS:
            return PanelAnswer(taken=True, choice=self._key(event.key, rows))
        if event.type == pygame.MOUSEBUTTONDOWN:
            choice = None
            if event.button == 1:
                chosen = choice_at(size, fonts, rows, event.pos)
                if chosen is None or chosen == CLOSE:
                    self.show(False)
                elif isinstance(chosen, tuple):
                    choice = chosen
            return PanelAnswer(taken=True, choice=choice)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT):
            return PanelAnswer(taken=True)
        return NOT_TAKEN

    def _key(self, key: int, rows: list[SettingRow]) -> tuple[str, object] | None:
        if key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.show(False)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.focus = (self.focus + (1 if key == pygame.K_DOWN else -1)) % len(rows)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            row = rows[self.focus % len(rows)]
            values = [value for value, _ in row.choices]
            index = values.index(row.value) if row.value in values else 0
            step = 1 if key == pygame.K_RIGHT else -1
            return row.key, values[(index + step) % len(values)]
        return None
