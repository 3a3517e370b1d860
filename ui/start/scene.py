"""The start screen: game and board, mode, who starts, level (one per side in watch mode), then Play; or
Continue, when an unfinished game is kept.

Each setting is a row of choices. Mouse: click a choice, click Play. Keyboard (:mod:`ui.start.start_keys`):
Up/Down (or Tab) move between rows, Left/Right change the focused row (on the last row: choose Continue or
New game), Enter starts the default button: Continue while there is a game to continue and no setting has
been changed, else Play. Ctrl+Q (the window's) quits (Esc does not: it is the key that left the play screen,
and pressing it twice should not close the game). The scene edits one :class:`PlayOptions` value, a choice
at a time (the rows are :mod:`ui.words.start_words`', what a choice does
:mod:`ui.state.start_choices`'), and hands it to the play screen through a :class:`~ui.kit.scene.GoToPlay`
request. Where the buttons go is :mod:`ui.start.layout`'s, what the screen shows and its drawing
:mod:`ui.start.picture`'s.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
from pygame import Rect

from game.language import current_language
from ui.kit.layout import clamp
from ui.kit.scene import GoToLearn, GoToPlay, GoToPuzzle, GoToStats, Scene
from ui.kit.widgets import Button, hit
from ui.start.layout import CONTINUE, LEARN, PLAY, PUZZLES, STATS, StartLayout, start_layout, title_line
from ui.start.picture import StartPicture, draw_start, start_buttons, start_picture, unfinished_line
from ui.start.start_keys import StartAction, start_action
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.settings import DEFAULT_SETTINGS, Settings
from ui.state.options import PlayOptions
from ui.state.start_choices import Row, apply_choice
from ui.theme import CLASSIC, Fonts, Theme
from ui.words.start_words import rows_for

#: The lowest band the toast is given below the unfinished game's line: its smallest text and a margin.
MIN_TOAST_BAND = 22


class StartScene(Scene):
    """The menu before a game."""

    def __init__(
        self,
        size: tuple[int, int],
        options: PlayOptions,
        theme: Theme = CLASSIC,
        fonts: Fonts | None = None,
        unfinished: UnfinishedGame | None = None,
    ) -> None:
        """``unfinished`` is the game kept to continue, if any: then Continue is offered, and is the default
        until a setting changes."""
        super().__init__(size)
        self.theme = theme
        self.fonts = fonts or Fonts()
        self.options = replace(options, moves="")
        self.unfinished = unfinished
        #: What Enter starts: CONTINUE or PLAY.
        self.default = CONTINUE if unfinished is not None else PLAY
        self.focus = 0
        self._mouse = (-1, -1)
        # The layout, kept with the window size, options, theme and language it was made for.
        self._layout: tuple[tuple[tuple[int, int], PlayOptions, str, str], StartLayout] | None = None

    # --- layout ---------------------------------------------------------------------------------------------

    def layout(self) -> StartLayout:
        """Where the buttons go (made again only when the window size, the choices, the theme or the language
        change)."""
        key = (self.size, self.options, self.theme.name, current_language())
        if self._layout is None or self._layout[0] != key:
            self._layout = (
                key,
                start_layout(self.size, self.options, self.theme, self.fonts, self.unfinished is not None),
            )
        return self._layout[1]

    def buttons(self) -> list[list[Button]]:
        """The choice buttons of every row, then the start buttons (the default selected) in a last row."""
        layout = self.layout()
        return [list(row) for row in layout.rows] + [list(start_buttons(layout, self.default))]

    def unfinished_line(self) -> tuple[str, int, Rect] | None:
        """The line under the start buttons naming the unfinished game: its text, its letters' size and its
        place (None without one)."""
        return unfinished_line(self.layout(), self.fonts, self.unfinished)

    def toast_area(self) -> Rect:
        """The bottom band, as on every screen, but starting below the unfinished game's line where that line
        reaches into it; where too little is left below the line, the title's line."""
        band = super().toast_area()
        note = self.unfinished_line()
        if note is None or not note[2].colliderect(band):
            return band
        width, height = self.size
        below = Rect(0, note[2].bottom + 2, width, height - 2 - note[2].bottom - 2)
        if below.height >= MIN_TOAST_BAND:
            return below
        # The title is only the program's name: hiding it for the note's few seconds hides nothing to read.
        font, bottom = title_line(self.fonts, height)
        return Rect(0, bottom - font.get_height(), width, font.get_height())

    def tall_toast_area(self) -> Rect | None:
        """The title and its subtitle: a note of several lines hides nothing to read there (below, it would
        cover the start buttons)."""
        _font, bottom = title_line(self.fonts, self.size[1])
        return Rect(0, 4, self.size[0], bottom + int(clamp(self.size[1] * 0.026, 13, 22)) + 6)

    # --- input ----------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _hovered_button(self) -> str | None:
        """The action of the button under the mouse (None: none)."""
        layout = self.layout()
        for row_buttons in (*layout.rows, layout.starts):
            button = hit(list(row_buttons), self._mouse)
            if button is not None:
                return button.action
        return None

    def _click(self, position: tuple[int, int]) -> None:
        for row_index, row_buttons in enumerate(self.buttons()):
            button = hit(row_buttons, position)
            if button is None:
                continue
            self.focus = row_index
            if button.action in (PLAY, CONTINUE, PUZZLES, LEARN, STATS):
                self._start(button.action)
            else:
                self._choose(row_index, int(button.action.split(":")[1]))
            return

    def _choose(self, row_index: int, choice: int) -> None:
        row = rows_for(self.options, self.theme)[row_index]
        choice = max(0, min(choice, len(row.choices) - 1))
        self.options = apply_choice(self.options, row.key, row.choices[choice][0])
        # New settings are for a new game.
        self.default = PLAY

    def _start(self, action: str) -> None:
        """Asks for the game: the unfinished one (CONTINUE), a new one with the settings (PLAY), or a puzzle
        (PUZZLES), or the Learn trainer (LEARN), or the player's rating (STATS)."""
        if action == PUZZLES:
            self.request = GoToPuzzle()
        elif action == LEARN:
            self.request = GoToLearn()
        elif action == STATS:
            self.request = GoToStats(self.options)
        elif action == CONTINUE and self.unfinished is not None:
            self.request = GoToPlay(self.unfinished.options, resume=self.unfinished)
        else:
            self.request = GoToPlay(self.options)

    def _key(self, event: pygame.event.Event) -> None:
        action = start_action(event.key, event.mod)
        if action is None:
            return
        rows = rows_for(self.options, self.theme)
        last = len(rows)  # the Play row
        if action is StartAction.START:
            self._start(self.default)
        elif action is StartAction.PREVIOUS_ROW or action is StartAction.NEXT_ROW:
            self.focus = self._next_focus(rows, -1 if action is StartAction.PREVIOUS_ROW else 1)
        else:
            step = -1 if action is StartAction.LEFT else 1
            if self.focus < last and rows[self.focus].enabled:
                self._choose(self.focus, rows[self.focus].selected + step)
            elif self.focus == last:
                starts = [button.action for button in self.buttons()[-1]]
                index = starts.index(self.default) if self.default in starts else 0
                self.default = starts[max(0, min(len(starts) - 1, index + step))]

    def _next_focus(self, rows: list[Row], step: int) -> int:
        """The next row (or the Play button, after the last row) in ``step``'s direction that can be changed:
        the keyboard skips the rows the mode has disabled, as the mouse cannot click them."""
        usable = [row.enabled for row in rows] + [True]
        focus = self.focus
        for _step in usable:
            focus = (focus + step) % len(usable)
            if usable[focus]:
                break
        return focus

    # --- drawing --------------------------------------------------------------------------------------------

    def picture(self, settings: Settings = DEFAULT_SETTINGS) -> StartPicture:
        return start_picture(
            settings,
            self.unfinished,
            self.default,
            self.focus,
            self._hovered_button(),
            self.layout(),
            self.theme,
            self.fonts,
        )

    def draw(self, surface: pygame.Surface, picture: object = None) -> None:
        draw_start(surface, picture if isinstance(picture, StartPicture) else self.picture())
