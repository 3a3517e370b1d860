"""The start screen: game and board, mode, who starts, level (one per side in watch mode), then Play.

Each setting is a row of choices. Mouse: click a choice, click Play. Keyboard: Up/Down (or Tab) move between
rows, Left/Right change the focused row, Enter plays, Ctrl+Q quits (Esc does not: it is the key that left
the play screen, and pressing it twice should not close the game). The scene edits one
:class:`PlayOptions` value and hands it to the play screen through a :class:`~ui.scene.GoToPlay` request.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame
from pygame import Rect

from ai.levels import levels_for
from ui.layout import buttons_in_row, clamp
from ui.options import GAME_TITLES, SIZES, FirstPlayer, Mode, PlayOptions
from ui.scene import GoToPlay, Scene
from ui.theme import CLASSIC, Fonts, Theme
from ui.widgets import Button, draw_button, draw_text, filled_circle, fitting_font, hit

MODE_TEXT = {
    Mode.COMPUTER: "Against the computer",
    Mode.TWO_PLAYERS: "Two players",
    Mode.WATCH: "Computer vs computer",
}
FIRST_TEXT = {FirstPlayer.HUMAN: "You", FirstPlayer.COMPUTER: "Computer", FirstPlayer.ALTERNATE: "Alternate"}
WATCH_ROUNDS_TEXT = {FirstPlayer.HUMAN: "Same colours", FirstPlayer.ALTERNATE: "Swap colours"}
PLAY = "play"
#: Pixels between the choices of a row.
GAP = 8
#: The longest label of any mode.
ALL_LABELS = "Think on your time"


@dataclass(frozen=True)
class Row:
    """One setting: its ``key``, a label, and the (value, text) choices, ``selected`` being an index."""

    key: str
    label: str
    choices: tuple[tuple[object, str], ...]
    selected: int


def rows_for(options: PlayOptions, theme: Theme) -> list[Row]:
    """The rows the start screen shows for ``options`` (rows depend on the mode)."""

    def row(key: str, label: str, choices: list[tuple[object, str]], current: object) -> Row:
        values = [value for value, _ in choices]
        return Row(key, label, tuple(choices), values.index(current) if current in values else 0)

    levels = [(level, level.label) for level in levels_for(options.game)]
    rows = [
        row("game", "Game", [(name, title) for name, title in GAME_TITLES.items()], options.game),
        row(
            "size",
            "Board",
            [(size, f"{size[0]} \u00d7 {size[1]}") for size in SIZES[options.game]],
            (options.width, options.height),
        ),
        row("mode", "Mode", [(mode, text) for mode, text in MODE_TEXT.items()], options.mode),
    ]
    if options.mode is Mode.COMPUTER:
        rows.append(row("first", "Who starts", [(f, text) for f, text in FIRST_TEXT.items()], options.first))
        rows.append(row("level", "Computer", levels, options.level))
        rows.append(row("ponder", "Think on your time", [(True, "On"), (False, "Off")], options.ponder))
    elif options.mode is Mode.WATCH:
        for side in (0, 1):
            rows.append(
                row(f"watch{side}", theme.player_name(options.game, side), levels, options.watch_levels[side])
            )
        first = options.first if options.first in WATCH_ROUNDS_TEXT else FirstPlayer.HUMAN
        rows.append(row("first", "Next rounds", [(f, text) for f, text in WATCH_ROUNDS_TEXT.items()], first))
    return rows


def apply_choice(options: PlayOptions, key: str, value: object) -> PlayOptions:
    """``options`` with the setting ``key`` set to ``value``."""
    if key == "game":
        width, height = SIZES[value][0]  # type: ignore[index]
        return options.with_game(value, width, height)  # type: ignore[arg-type]
    if key == "size":
        width, height = value  # type: ignore[misc]
        return options.with_game(options.game, width, height)
    if key == "level":
        return replace(options, level=value)
    if key in ("watch0", "watch1"):
        levels = list(options.watch_levels)
        levels[int(key[-1])] = value  # type: ignore[call-overload]
        return replace(options, watch_levels=(levels[0], levels[1]))
    field_name = {"mode": "mode", "first": "first", "ponder": "ponder"}[key]
    return replace(options, **{field_name: value})


def _flow(widths: list[int], room: int, gap: int) -> list[list[int]]:
    """Indexes of ``widths`` split into lines of at most ``room`` pixels (a line holds at least one)."""
    lines: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(widths):
        if lines[-1] and used + gap + width > room:
            lines.append([])
            used = 0
        used += width + (gap if lines[-1] else 0)
        lines[-1].append(index)
    return lines


class StartScene(Scene):
    """The menu before a game."""

    def __init__(
        self, size: tuple[int, int], options: PlayOptions, theme: Theme = CLASSIC, fonts: Fonts | None = None
    ) -> None:
        super().__init__(size)
        self.theme = theme
        self.fonts = fonts or Fonts()
        self.options = replace(options, moves="")
        self.focus = 0
        self.hover: tuple[int, int] | None = None
        self._mouse = (-1, -1)

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
        """The buttons, and the font size their text fits at.

        Choices that do not fit beside their label wrap onto more lines; the text shrinks until everything
        fits between the subtitle and the key hints (or the text reaches its smallest size).
        """
        width, height = self.size
        rows = rows_for(self.options, self.theme)
        top, bottom = self._content_area()
        row_height = int(clamp(height * 0.058, 20, 46))
        while True:
            font_size = max(11, int(row_height * 0.44))
            font = self.fonts.get(font_size)
            # Every label any mode shows sets the label column, so the choices stay put when the mode changes.
            label_width = (
                max(font.size(label)[0] for label in [row.label for row in rows] + [ALL_LABELS]) + 24
            )
            room = width - 32 - label_width
            padding = 2 * max(6, min(font_size, width // 80))
            widths = [[font.size(text)[0] + padding for _, text in row.choices] for row in rows]
            lines = [_flow(row_widths, room, GAP) for row_widths in widths]
            gap = int(clamp(height * 0.022, 6, 18))
            line_count = sum(len(row_lines) for row_lines in lines)
            needed = line_count * row_height + len(rows) * gap + int(row_height * 1.8)
            if needed <= bottom - top or row_height <= 20:
                break
            row_height -= 2
        widest = max(
            sum(widths[index][j] for j in line) + GAP * (len(line) - 1)
            for index, row_lines in enumerate(lines)
            for line in row_lines
        )
        left = (width - label_width - widest) // 2
        y = top + max(0, (bottom - top - needed) // 2)
        result: list[list[Button]] = []
        for index, row in enumerate(rows):
            row_buttons = []
            for line in lines[index]:
                area = Rect(left + label_width, y, widest, row_height)
                rects = buttons_in_row(
                    [widths[index][j] for j in line], row_height - 4, area, align="left", gap=GAP
                )
                for choice, rect in zip(line, rects, strict=True):
                    row_buttons.append(
                        Button(
                            f"{row.key}:{choice}",
                            row.choices[choice][1],
                            rect,
                            selected=choice == row.selected,
                        )
                    )
                y += row_height
            y += gap
            result.append(row_buttons)
        play = Rect(0, 0, max(160, int(width * 0.2)), int(row_height * 1.3))
        play.midtop = (width // 2, y + int(row_height * 0.3))
        result.append([Button(PLAY, "Play", play, selected=True)])
        return result, font_size

    # --- input ----------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type == pygame.MOUSEMOTION:
            # Redraw only when the pointer moves onto or off a button.
            before = self._hovered_button()
            self._mouse = event.pos
            if self._hovered_button() != before:
                self.dirty = True
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
            if button.action == PLAY:
                self.request = GoToPlay(self.options)
            else:
                self._choose(row_index, int(button.action.split(":")[1]))
            self.dirty = True
            return

    def _choose(self, row_index: int, choice: int) -> None:
        row = rows_for(self.options, self.theme)[row_index]
        choice = max(0, min(choice, len(row.choices) - 1))
        self.options = apply_choice(self.options, row.key, row.choices[choice][0])
        self.dirty = True

    def _key(self, event: pygame.event.Event) -> None:
        rows = rows_for(self.options, self.theme)
        last = len(rows)  # the Play row
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.request = GoToPlay(self.options)
        elif key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            self.focus = (self.focus - 1) % (last + 1)
        elif key in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + 1) % (last + 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus < last:
            step = -1 if key == pygame.K_LEFT else 1
            self._choose(self.focus, rows[self.focus].selected + step)
        self.focus = min(self.focus, len(rows_for(self.options, self.theme)))
        self.dirty = True

    # --- drawing --------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        theme, fonts = self.theme, self.fonts
        width, height = self.size
        surface.fill(theme.background)
        all_buttons, font_size = self._arrange()
        # A soft lighter band behind the settings keeps the page from looking flat.
        band_top = all_buttons[0][0].rect.top - int(height * 0.04)
        band_bottom = all_buttons[-1][0].rect.bottom + int(height * 0.04)
        pygame.draw.rect(surface, theme.background_glow, Rect(0, band_top, width, band_bottom - band_top))
        title_font = fonts.get(int(clamp(height * 0.09, 36, 84)), bold=True)
        emblem_width = int(title_font.get_height() * 1.25)
        title_width = title_font.size("Ponder")[0]
        title = draw_text(
            surface,
            "Ponder",
            title_font,
            theme.text,
            bottomleft=((width - title_width - emblem_width) // 2, int(height * 0.15)),
        )
        self._draw_emblem(surface, title, emblem_width)
        subtitle = "Connect Four and Tic-tac-toe against an AI that thinks on your time"
        draw_text(
            surface,
            subtitle,
            fitting_font(fonts, subtitle, int(clamp(height * 0.026, 13, 22)), width - 24),
            theme.text_muted,
            midtop=(width // 2, title.bottom + 6),
        )
        rows = rows_for(self.options, self.theme)
        font = fonts.get(font_size)
        for index, row_buttons in enumerate(all_buttons):
            focused_row = index == self.focus
            if index < len(rows):
                first = row_buttons[0].rect
                label_font = fonts.get(font_size, bold=focused_row)
                draw_text(
                    surface,
                    rows[index].label,
                    label_font,
                    theme.text if focused_row else theme.text_muted,
                    midright=(first.left - 18, first.centery),
                )
                for button in row_buttons:
                    draw_button(
                        surface,
                        theme,
                        font,
                        button,
                        hovered=button.rect.collidepoint(self._mouse),
                        focused=focused_row and button.selected,
                    )
            else:
                play = row_buttons[0]
                draw_button(
                    surface,
                    theme,
                    fonts.get(int(font_size * 1.25), bold=True),
                    play,
                    hovered=play.rect.collidepoint(self._mouse),
                    focused=focused_row,
                )
        hint = "\u2191\u2193 choose a setting   \u2190\u2192 change it   Enter play   F1 help   Ctrl+Q quit"
        hint_font = fitting_font(fonts, hint, int(clamp(height * 0.022, 12, 18)), width - 24)
        # In a tiny window the settings need the room more than the key hints do.
        if all_buttons[-1][0].rect.bottom < height - 14 - hint_font.get_height():
            draw_text(surface, hint, hint_font, theme.text_muted, midbottom=(width // 2, height - 14))

    def _draw_emblem(self, surface: pygame.Surface, title: Rect, width: int) -> None:
        """Four discs in a row after the title, ``width`` pixels in all: the game's promise at a glance."""
        radius = width / 10.1
        for index in range(4):
            colour = self.theme.discs[index % 2]
            centre = (title.right + radius * 2.2 + index * radius * 2.3, title.centery + radius * 0.9)
            filled_circle(surface, colour, centre, radius)
