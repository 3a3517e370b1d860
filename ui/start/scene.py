"""The start screen: game and board, mode, who starts, level (one per side in watch mode), then Play; or
Continue, when an unfinished game is kept.

Each setting is a row of choices. Mouse: click a choice, click Play. Keyboard (:mod:`ui.start.start_keys`):
Up/Down (or Tab) move between rows, Left/Right change the focused row (on the last row: choose Continue or
New game), Enter starts the default button: Continue while there is a game to continue and no setting has
been changed, else Play. Ctrl+Q (the window's) quits (Esc does not: it is the key that left the play screen,
and pressing it twice should not close the game). The scene edits one :class:`PlayOptions` value, a choice
at a time (the rows are :mod:`ui.words.start_words`', what a choice does
:mod:`ui.state.start_choices`'), and hands it to the play screen through a :class:`~ui.kit.scene.GoToPlay`
request.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame
from pygame import Rect

from game.language import _, current_language
from ui.kit.layout import buttons_in_row, clamp, flow_lines
from ui.kit.scene import GoToLearn, GoToPlay, GoToPuzzle, GoToStats, Scene
from ui.kit.widgets import Button, draw_button, draw_text, filled_circle, fitting_font, hit, line_height
from ui.start.start_keys import StartAction, start_action
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.settings import DEFAULT_SETTINGS, Settings
from ui.state.options import PlayOptions
from ui.state.start_choices import Row, apply_choice
from ui.theme import CLASSIC, MIN_TEXT, Fonts, Theme
from ui.words import texts
from ui.words.learn_words import learn_label
from ui.words.start_words import rows_for, rows_of_every_variant

PLAY = "play"
CONTINUE = "continue"
PUZZLES = "puzzles"
LEARN = "learn"
STATS = "stats"
#: Pixels between the choices of a row.
GAP = 8
#: The room kept free at the window's left and right edges, in pixels.
EDGE = 12
#: The lowest band the toast is given below the unfinished game's line: its smallest text and a margin.
MIN_TOAST_BAND = 22


@dataclass(frozen=True)
class StartPicture:
    """What the start screen shows, as the plain values its drawing follows: the window's size, the theme,
    the choices made, the unfinished game offered, the default button, the row with the keyboard's focus and
    the button under the mouse (its action; None: none). Its texts follow from these and the language in use,
    which the window's picture holds."""

    size: tuple[int, int]
    theme: Theme
    options: PlayOptions
    unfinished: UnfinishedGame | None
    default: str
    focus: int
    hovered: str | None


def _flowed_choices(
    row: Row, font: pygame.font.Font, padding: int, room: int
) -> tuple[list[int], list[list[int]]]:
    """The width of each of ``row``'s choices as a button, and the choices in lines (see
    :func:`ui.kit.layout.flow_lines`)."""
    widths = [font.size(text)[0] + padding for _, text in row.choices]
    return widths, flow_lines(widths, room, GAP)


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
        #: The start buttons' text size, set with their arrangement (see :meth:`_start_widths`).
        self.start_font_size = MIN_TEXT
        # The arrangement, kept with the window size, options, theme and language it was made for.
        self._arranged: (
            tuple[tuple[tuple[int, int], PlayOptions, str, str], tuple[list[list[Button]], int]] | None
        ) = None

    # --- layout ---------------------------------------------------------------------------------------------

    def _content_area(self) -> tuple[int, int]:
        """The top and bottom of the space between the subtitle and the key hints."""
        height = self.size[1]
        top = int(height * 0.15) + int(clamp(height * 0.026, 13, 22)) + int(height * 0.05)
        bottom = height - int(clamp(height * 0.022, 12, 18)) - 24
        return top, bottom

    def buttons(self) -> list[list[Button]]:
        """The choice buttons of every row, then the Play button alone in a last row, for the window size."""
        return self._arrange()[0]

    def _arrange(self) -> tuple[list[list[Button]], int]:
        """The buttons, and the font size their text fits at (computed once per window size and choices).

        Choices that do not fit beside their label wrap onto more lines; the room is that of the longest
        variant (any game, any mode), where Play stays, and the text shrinks until everything fits between
        the subtitle and the key hints (or the text reaches its smallest size). The rows themselves follow
        each other with no empty line between them: a choice moves no row above the one it is made in.
        """
        key = (self.size, self.options, self.theme.name, current_language())
        if self._arranged is None or self._arranged[0] != key:
            self._arranged = (key, self._compute_arrangement())
        return self._arranged[1]

    def _compute_arrangement(self) -> tuple[list[list[Button]], int]:
        width, height = self.size
        rows = rows_for(self.options, self.theme)
        variants = rows_of_every_variant(self.options, self.theme)
        top, bottom = self._content_area()
        row_height = int(clamp(height * 0.058, 16, 46))
        gap = int(clamp(height * 0.022, 4, 18))
        while True:
            font_size = max(MIN_TEXT, int(row_height * 0.5 if row_height < 24 else row_height * 0.44))
            font = self.fonts.get(font_size)
            # Every label of every variant sets the label column, so the choices stay put.
            # The focused row's label is bold, so the bold letters set the width.
            bold = self.fonts.get(font_size, bold=True)
            label_width = max(bold.size(row.label)[0] for variant in variants for row in variant) + 24
            room = width - 32 - label_width
            padding = 2 * max(6, min(font_size, width // 80))

            flows = [[_flowed_choices(row, font, padding, room) for row in variant] for variant in variants]
            slot_lines = [max(len(variant[index][1]) for variant in flows) for index in range(len(rows))]
            needed = sum(slot_lines) * row_height + len(rows) * gap + int(row_height * 1.8)
            if self.unfinished is not None:
                # The unfinished game's line under the start buttons (see unfinished_line).
                needed += line_height(self.fonts.get(max(MIN_TEXT, int(font_size * 0.9)))) + 6
            if needed <= bottom - top:
                break
            if row_height <= 16:
                # A tiny window: the key hints, and if that is not enough the title too, give their room to
                # the settings (draw() leaves out what the settings cover).
                bottom = height - 6
                if needed > bottom - top:
                    top = 6
                break
            row_height -= 2
        widest = max(
            sum(widths[j] for j in line) + GAP * (len(line) - 1)
            for variant in flows
            for widths, lines in variant
            for line in lines
        )
        left = (width - label_width - widest) // 2
        y = top + max(0, (bottom - top - needed) // 2)
        # Play keeps the place the longest variant needs, so that it stays under the mouse whatever the
        # mode; the rows follow each other without the empty lines another variant would need. A choice
        # changes only the rows below its own (they change their choices anyway): the row clicked, and every
        # row above it, stay under the mouse.
        play_top = y + sum(slot_lines) * row_height + len(rows) * gap
        result: list[list[Button]] = []
        for index, row in enumerate(rows):
            widths, lines = _flowed_choices(row, font, padding, room)
            row_buttons = []
            for number, line in enumerate(lines):
                area = Rect(left + label_width, y + number * row_height, widest, row_height)
                rects = buttons_in_row([widths[j] for j in line], row_height - 4, area, align="left", gap=GAP)
                for choice, rect in zip(line, rects, strict=True):
                    action = f"{row.key}:{choice}"
                    text = row.choices[choice][1]
                    selected = choice == row.selected
                    row_buttons.append(Button(action, text, rect, enabled=row.enabled, selected=selected))
            y += len(lines) * row_height + gap
            result.append(row_buttons)
        result.append(
            self._start_buttons(
                Rect(0, play_top + int(row_height * 0.3), width, int(row_height * 1.3)), font_size
            )
        )
        return result, font_size

    def unfinished_line(self) -> tuple[str, pygame.font.Font, Rect] | None:
        """The line under the start buttons naming the unfinished game: its text, font and place (None
        without one)."""
        if self.unfinished is None:
            return None
        all_buttons, font_size = self._arrange()
        width = self.size[0]
        text = _("Unfinished: {game}").format(game=texts.unfinished_text(self.unfinished))
        font = fitting_font(self.fonts, text, max(MIN_TEXT, int(font_size * 0.9)), width - 2 * EDGE)
        rect = Rect((0, 0), font.size(text))
        rect.midtop = (width // 2, all_buttons[-1][0].rect.bottom + 6)
        return text, font, rect

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

    def _start_buttons(self, area: Rect, font_size: int) -> list[Button]:
        """Play, or Continue and New game, then Puzzles, Learn and Rating, side by side in ``area``; the
        default is selected. Their text is a quarter larger than the choices' (``font_size``), and bold."""
        if self.unfinished is None:
            starts = [(PLAY, _("Play"))]
        else:
            starts = [(CONTINUE, _("Continue")), (PLAY, _("New game"))]
        starts.append((PUZZLES, _("Puzzles")))
        starts.append((LEARN, learn_label()))
        # Translators: the start screen's button to the rating and statistics screen.
        starts.append((STATS, _("Rating")))
        widths, gap, self.start_font_size = self._start_widths(
            [label for _, label in starts], area, font_size
        )
        rects = buttons_in_row(widths, area.height, area, gap=gap)
        return [
            Button(action, label, rect, selected=self.default == action)
            for (action, label), rect in zip(starts, rects, strict=True)
        ]

    def _start_widths(self, labels: list[str], area: Rect, font_size: int) -> tuple[list[int], int, int]:
        """The start buttons' widths, the gap between them and their text's size: as wide as a comfortable
        button each, all alike, where every label fits so; in a row too narrow for that (five buttons in the
        smallest window, long words), each as wide as its label with the room left shared out, the text
        smaller if even that does not fit (down to the smallest size)."""
        count = len(labels)
        size = int(font_size * 1.25)
        room = (area.width - 2 * GAP - 3 * GAP * (count - 1)) // count
        alike = min(max(150, int(area.width * 0.18)), room)
        font = self.fonts.get(size, bold=True)
        if all(font.size(label)[0] + 16 <= alike for label in labels):
            return [alike] * count, 3 * GAP, size
        room = area.width - 2 * EDGE - GAP * (count - 1)
        while True:
            font = self.fonts.get(size, bold=True)
            natural = [font.size(label)[0] + 24 for label in labels]
            if sum(natural) <= room or size <= MIN_TEXT:
                break
            size -= 1
        spare = max(0, room - sum(natural)) // count
        return [width + spare for width in natural], GAP, size

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
        for row_buttons in self.buttons():
            button = hit(row_buttons, self._mouse)
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
        return StartPicture(
            self.size,
            self.theme,
            self.options,
            self.unfinished,
            self.default,
            self.focus,
            self._hovered_button(),
        )

    def draw(self, surface: pygame.Surface, picture: object = None) -> None:
        shown = picture if isinstance(picture, StartPicture) else self.picture()
        theme, fonts = self.theme, self.fonts
        width, height = self.size
        surface.fill(theme.background)
        all_buttons, font_size = self._arrange()
        # A soft lighter band behind the settings keeps the page from looking flat.
        band_top = all_buttons[0][0].rect.top - int(height * 0.04)
        band_bottom = all_buttons[-1][0].rect.bottom + int(height * 0.04)
        pygame.draw.rect(surface, theme.background_glow, Rect(0, band_top, width, band_bottom - band_top))
        if band_top >= self._content_area()[0] - int(height * 0.05):
            draw_title(surface, theme, fonts, self.size)
        rows = rows_for(self.options, self.theme)
        for index, row_buttons in enumerate(all_buttons):
            focused_row = index == self.focus
            if index < len(rows):
                first = row_buttons[0].rect
                label_font = fonts.get(font_size, bold=focused_row)
                if not rows[index].enabled:
                    label_colour = theme.button_disabled_text
                else:
                    label_colour = theme.text if focused_row else theme.text_muted
                # A label stays left of its row's choices.
                label_box = Rect(EDGE, first.top, first.left - 18 - EDGE, first.height)
                midright = (label_box.right, first.centery)
                draw_text(surface, rows[index].label, label_font, label_colour, label_box, midright=midright)
                button_font = fonts.get(font_size)
            else:
                button_font = fonts.get(self.start_font_size, bold=True)
            for button in row_buttons:
                hovered = button.action == shown.hovered
                focused = focused_row and button.selected
                draw_button(surface, theme, button_font, button, hovered=hovered, focused=focused)
        if (note := self.unfinished_line()) is not None:
            text, note_font, note_rect = note
            note_box = Rect(EDGE, note_rect.top, width - 2 * EDGE, line_height(note_font))
            draw_text(surface, text, note_font, theme.text_muted, note_box, topleft=note_rect.topleft)
        hint = _(
            "\u2191\u2193 choose a setting   \u2190\u2192 change it   Enter play   F1 help   Ctrl+Q quit"
        )
        hint_font = fitting_font(fonts, hint, int(clamp(height * 0.022, 12, 18)), width - 2 * EDGE)
        hint_box = Rect(EDGE, 0, width - 2 * EDGE, line_height(hint_font))
        hint_box.bottom = height - 14
        # In a tiny window the settings need the room more than the key hints do.
        if all_buttons[-1][0].rect.bottom < hint_box.top:
            draw_text(surface, hint, hint_font, theme.text_muted, hint_box, midbottom=hint_box.midbottom)


def title_line(fonts: Fonts, height: int) -> tuple[pygame.font.Font, int]:
    """The title's font and the bottom of its line in a window ``height`` pixels high."""
    return fonts.get(int(clamp(height * 0.09, 36, 84)), bold=True), int(height * 0.15)


def draw_title(surface: pygame.Surface, theme: Theme, fonts: Fonts, size: tuple[int, int]) -> None:
    """The title, its emblem and the subtitle, above the settings of a window of ``size``."""
    width, height = size
    title_font, title_bottom = title_line(fonts, height)
    emblem_width = int(title_font.get_height() * 1.25)
    title_width = title_font.size("Ponder")[0]
    bottomleft = ((width - title_width - emblem_width) // 2, title_bottom)
    # The title's line, less the emblem's room at its right.
    title_box = Rect(EDGE, 0, width - 2 * EDGE - emblem_width, title_bottom)
    title = draw_text(surface, "Ponder", title_font, theme.text, title_box, bottomleft=bottomleft)
    _draw_emblem(surface, theme, title, emblem_width)
    first, second = (_(title) for title in texts.GAME_TITLES.values())
    subtitle = _("{first} and {second} against an AI that thinks on your time").format(
        first=first, second=second
    )
    subtitle_font = fitting_font(fonts, subtitle, int(clamp(height * 0.026, 13, 22)), width - 2 * EDGE)
    subtitle_box = Rect(EDGE, title.bottom + 6, width - 2 * EDGE, line_height(subtitle_font))
    draw_text(surface, subtitle, subtitle_font, theme.text_muted, subtitle_box, midtop=subtitle_box.midtop)


def _draw_emblem(surface: pygame.Surface, theme: Theme, title: Rect, width: int) -> None:
    """Four discs in a row after the title, ``width`` pixels in all: the game's promise at a glance."""
    radius = width / 10.1
    for index in range(4):
        colour = theme.discs[index % 2]
        centre = (title.right + radius * 2.2 + index * radius * 2.3, title.centery + radius * 0.9)
        filled_circle(surface, colour, centre, radius)
