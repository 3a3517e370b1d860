"""The statistics screen: the player's rating on Connect Four 7 x 6 as a plot over the rated games, with the
levels' measured ratings as guide lines, the results against each level, and the last games with the strength
each showed (:mod:`ui.state.stats`). Esc, Enter or the Back button: back to the start screen."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from ai.rating.ladder import Ladder
from game.language import _, ngettext
from ui.kit.keys import Chord, KeyEntry, claimant
from ui.kit.scene import GoToMenu, Scene
from ui.kit.widgets import Button, draw_button, draw_text, draw_text_in, hit, line_height, wrapped
from ui.state.files.settings import DEFAULT_SETTINGS, Settings
from ui.state.options import PlayOptions
from ui.state.stats import RatingStats
from ui.theme import MIN_TEXT, Fonts, Theme
from ui.words import texts

BACK = "back"
#: Every key of the statistics screen: Esc, Enter or Backspace go back, as the Back button does (with Ctrl
#: held a key is a command, none of these). The window's keys come first (:mod:`ui.panels.window_keys`).
STATS_KEYS: tuple[KeyEntry[str, None], ...] = (
    KeyEntry(
        BACK,
        (Chord(pygame.K_ESCAPE), Chord(pygame.K_RETURN), Chord(pygame.K_KP_ENTER), Chord(pygame.K_BACKSPACE)),
    ),
)
#: Rating points of empty room above and below the plotted course.
PLOT_MARGIN = 60
#: The room kept free at the window's left and right edges, in pixels.
EDGE = 20
#: The share of the levels list's width given to the levels' names; their results take the rest.
NAME_COLUMN = 0.6


@dataclass(frozen=True)
class StatsPicture:
    """What the statistics screen shows, as the plain values its drawing follows: the window's size, the
    theme, the figures, and whether the mouse is over the Back button (the texts follow from these and the
    language in use, which the window's picture holds)."""

    size: tuple[int, int]
    theme: Theme
    stats: RatingStats | None
    back_hovered: bool


def stats_action(key: int, mod: int) -> str | None:
    """The statistics screen's action that ``key`` with the modifiers ``mod`` asks for; None: none."""
    return claimant(((entry.action, entry.chords) for entry in STATS_KEYS), key, mod, None)


class StatsScene(Scene):
    """Shows ``stats`` (None: no ladder rates any board, say so); ``options`` go back to the start screen."""

    def __init__(
        self,
        size: tuple[int, int],
        options: PlayOptions,
        stats: RatingStats | None,
        ladder: Ladder | None,
        theme: Theme,
        fonts: Fonts,
    ) -> None:
        super().__init__(size)
        self.options = options
        self.stats = stats
        self.ladder = ladder
        self.theme = theme
        self.fonts = fonts
        self._mouse = (-1, -1)

    def caption(self) -> str:
        return _("Ponder \u2014 your rating")

    def back_button(self) -> Button:
        width, height = self.size
        button_height = max(32, int(height * 0.06))
        rect = Rect(0, 0, max(120, int(width * 0.14)), button_height)
        rect.midbottom = (width // 2, height - int(height * 0.03))
        return Button(BACK, _("Back"), rect, selected=True)

    def toast_area(self) -> Rect:
        """The title's line: the bottom holds the Back button, which a note must not cover; the title is read
        at once, and hiding it for the note's few seconds hides nothing to act on."""
        title = self._title_box()
        return Rect(0, title.top, self.size[0], title.height)

    def _title_box(self) -> Rect:
        """Where the title line is drawn."""
        width, height = self.size
        unit = max(12, min(width // 60, height // 36))
        return Rect(
            EDGE, int(height * 0.04), width - 2 * EDGE, line_height(self.fonts.get(unit * 2, bold=True))
        )

    def tall_toast_area(self) -> Rect | None:
        """The title, the rating and the lines under it (a note of several lines grows there, not over the
        plot or the Back button)."""
        width, height = self.size
        return Rect(0, 4, width, int(height * 0.25))

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type == pygame.KEYDOWN and stats_action(event.key, event.mod) == BACK:
            self.request = GoToMenu(self.options)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if hit([self.back_button()], event.pos) is not None:
                self.request = GoToMenu(self.options)
        elif event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos

    def picture(self, settings: Settings = DEFAULT_SETTINGS) -> StatsPicture:
        back_hovered = bool(self.back_button().rect.collidepoint(self._mouse))
        return StatsPicture(self.size, self.theme, self.stats, back_hovered)

    def draw(self, surface: pygame.Surface, picture: object = None) -> None:
        shown = picture if isinstance(picture, StatsPicture) else self.picture()
        theme, fonts = self.theme, self.fonts
        width, height = self.size
        surface.fill(theme.background)
        unit = max(12, min(width // 60, height // 36))
        top = int(height * 0.04)
        stats = self.stats
        if stats is None or self.ladder is None:
            message = _("No ratings: the levels' ladder could not be read")
            box = Rect(EDGE, 0, width - 2 * EDGE, height // 3)
            box.centery = height // 2
            draw_text_in(surface, fonts, message, unit * 2, box, theme.text)
        else:
            # Translators: {board} is the board the ladder rates, e.g. "Connect Four 7 x 6".
            title = _("Your rating \u00b7 {board}").format(board=texts.board_title(stats.board))
            draw_text_in(surface, fonts, title, unit * 2, self._title_box(), theme.text, bold=True)
            headline = f"{stats.rating}"
            games = ngettext(
                "{uncertainty} \u00b7 {rated} rated game, {unrated} unrated",
                "{uncertainty} \u00b7 {rated} rated games, {unrated} unrated",
                stats.rated,
            )
            counts = games.format(
                uncertainty=texts.uncertainty(stats.glicko), rated=stats.rated, unrated=stats.unrated
            )
            if not stats.rated:
                counts += " \u00b7 " + _("everyone starts here, unsure: the first games move it far")
            headline_font = fonts.get(unit * 3, bold=True)
            headline_box = Rect(EDGE, top + unit * 3, width - 2 * EDGE, line_height(headline_font))
            rect = draw_text(
                surface, headline, headline_font, theme.accent, headline_box, midtop=headline_box.midtop
            )
            # Room for two lines each: a subtitle too long for one goes on over a second, never cut.
            counts_box = Rect(EDGE, rect.bottom + 2, width - 2 * EDGE, 2 * line_height(fonts.get(unit)))
            said = draw_text_in(surface, fonts, counts, unit, counts_box, theme.text_muted)
            # The puzzle rating under the game rating, on a line of its own that names its scale.
            puzzles_box = Rect(EDGE, said.bottom, counts_box.width, counts_box.height)
            puzzles = texts.puzzle_beside_games(stats.puzzles)
            said = draw_text_in(surface, fonts, puzzles, unit, puzzles_box, theme.text_muted)
            body_top = max(rect.bottom + unit * 3, said.bottom + unit)
            list_height = unit * 10
            list_top = self.back_button().rect.top - unit - list_height
            body_bottom = list_top - unit * 2
            split = int(width * 0.62)
            plot = Rect(unit * 5, body_top, split - unit * 7, max(unit * 6, body_bottom - body_top))
            self._draw_plot(surface, plot, stats, unit)
            self._draw_levels(
                surface, Rect(split, body_top, width - split - unit * 2, plot.height), stats, unit
            )
            self._draw_recent(
                surface, Rect(unit * 2, plot.bottom + unit * 2, width - unit * 4, list_height), stats, unit
            )
        button = self.back_button()
        draw_button(
            surface,
            theme,
            fonts.get(max(14, button.rect.height // 2)),
            button,
            hovered=shown.back_hovered,
        )

    def _draw_plot(self, surface: pygame.Surface, area: Rect, stats: RatingStats, unit: int) -> None:
        """The rating after each rated game, left to right, with the levels' ratings as guide lines."""
        theme = self.theme
        assert self.ladder is not None
        pygame.draw.rect(surface, theme.background_glow, area, border_radius=8)
        course = stats.course
        low = min(course) - PLOT_MARGIN
        high = max(course) + PLOT_MARGIN

        def y_of(rating: float) -> int:
            return int(area.bottom - (rating - low) / (high - low) * area.height)

        small = self.fonts.get(unit * 4 // 5)
        # A guide line's label sits on its line, at the plot's right end, where the course never goes: the
        # last point (the rating now) would cover the label of a level beside it.
        labels_box = Rect(area.left, area.top, area.width - 4, area.height)
        guides = [(f"{texts.level_name(level)} {rating}", rating) for level, rating in self.ladder.levels()]
        guides = [(label, rating) for label, rating in guides if low <= rating <= high]
        label_room = max((small.size(label)[0] for label, _rating in guides), default=0)
        for label, rating in guides:
            y = y_of(rating)
            pygame.draw.line(surface, theme.panel_border, (area.left, y), (area.right, y), 1)
            draw_text(
                surface, label, small, theme.text_muted, labels_box, bottomright=(labels_box.right, y - 1)
            )
        if len(course) == 1:
            note_box = Rect(area.left + 10, area.top, area.width - 20, area.height // 2)
            message = _("No rated game yet: play the computer without help")
            draw_text_in(surface, self.fonts, message, unit, note_box, theme.text_muted)
            return
        # The course keeps clear of the labels (and its dots of the plot's edges), so long as half the plot
        # is left to it.
        inset = 6
        room = max(area.width // 2, area.width - label_room - 4 - 3 * inset)
        step = room / (len(course) - 1)
        points = [
            (int(area.left + inset + index * step), y_of(rating)) for index, rating in enumerate(course)
        ]
        pygame.draw.lines(surface, theme.accent, False, points, 3)
        for point in points[-40:]:
            pygame.draw.circle(surface, theme.accent, point, 3)
        axis_box = Rect(area.left, area.bottom + 2, area.width, line_height(small))
        draw_text(surface, _("games \u2192"), small, theme.text_muted, axis_box, topright=axis_box.topright)

    def _draw_levels(self, surface: pygame.Surface, area: Rect, stats: RatingStats, unit: int) -> None:
        """Wins, draws and losses against each level, with the level's measured rating: the names in a left
        column, the results in a right one, as many rows as ``area`` holds."""
        theme, fonts = self.theme, self.fonts
        heading = Rect(area.left, area.top, area.width, line_height(fonts.get(unit, bold=True)))
        draw_text_in(
            surface, fonts, _("Against each level"), unit, heading, theme.text, bold=True, align="left"
        )
        names_width = int(area.width * NAME_COLUMN)
        y = area.top + int(unit * 1.8)
        # The rows close up, and then their letters shrink, so that every level fits beside the plot.
        pitch = min(int(unit * 1.6), (area.bottom - y) // max(1, len(stats.levels)))
        size = unit
        while size > MIN_TEXT and line_height(fonts.get(size)) > pitch:
            size -= 1
        row_height = line_height(fonts.get(size))
        for row in stats.levels:
            if y + row_height > area.bottom:
                break
            rating = "" if row.rating is None else f" \u00b7 {row.rating}"
            name = Rect(area.left, y, names_width - size // 2, row_height)
            draw_text_in(
                surface, fonts, f"{texts.level_name(row.level)}{rating}", size, name, theme.text, align="left"
            )
            # Translators: W, D and L: wins, draws, losses; keep them short, the column is narrow.
            results = _("{wins} W  {draws} D  {losses} L").format(
                wins=row.wins, draws=row.draws, losses=row.losses
            )
            colour = theme.text if row.wins + row.draws + row.losses else theme.text_muted
            counts = Rect(area.left + names_width, y, area.width - names_width, row_height)
            draw_text_in(surface, fonts, results, size, counts, colour, align="right")
            y += pitch

    def _draw_recent(self, surface: pygame.Surface, area: Rect, stats: RatingStats, unit: int) -> None:
        """The last games, newest first, each with the strength it showed once its review has run: a line
        each, going on over a second where it is wider than ``area``; as many games as ``area`` holds."""
        theme, fonts = self.theme, self.fonts
        heading = Rect(area.left, area.top, area.width, line_height(fonts.get(unit, bold=True)))
        draw_text_in(surface, fonts, _("Last games"), unit, heading, theme.text, bold=True, align="left")
        font = fonts.get(unit * 9 // 10)
        row_height = line_height(font)
        y = area.top + int(unit * 1.6)
        if not stats.recent:
            none = Rect(area.left, y, area.width, line_height(fonts.get(unit)))
            draw_text_in(surface, fonts, _("none yet"), unit, none, theme.text_muted, align="left")
        for game in map(texts.game_line, stats.recent):
            # One size for the whole list: a long line goes on over a second, indented, rather than shrink.
            lines = wrapped(font, game, area.width)
            if len(lines) > 1:
                lines = [lines[0], *wrapped(font, " ".join(lines[1:]), area.width - unit)]
            if y + row_height * len(lines) > area.bottom:
                break
            for index, line in enumerate(lines):
                indent = unit if index else 0
                box = Rect(area.left + indent, y, area.width - indent, row_height)
                draw_text(surface, line, font, theme.text, box, topleft=box.topleft)
                y += row_height
            y += int(unit * 1.25) - row_height
