"""The statistics screen: the player's rating on Connect Four 7 x 6 as a plot over the rated games, with the
levels' measured ratings as guide lines, the results against each level, and the last games with the strength
each showed (:mod:`ui.state.stats`). Esc, Enter or the Back button: back to the start screen."""

from __future__ import annotations

import pygame
from pygame import Rect

from ai.rating.ladder import Ladder
from game.language import _, current_language
from game.problems import Problem
from ui.kit.keys import Chord, KeyEntry, claimant
from ui.kit.scene import GoToMenu, Scene
from ui.kit.widgets import Button, hit
from ui.state.files.settings import DEFAULT_SETTINGS, Settings
from ui.state.options import PlayOptions
from ui.state.stats import RatingStats
from ui.statistics.picture import (
    BACK,
    RatingShown,
    StatsPicture,
    back_button,
    draw_stats,
    rating_shown,
    stats_picture,
    title_box,
)
from ui.theme import Fonts, Theme

#: Every key of the statistics screen: Esc, Enter or Backspace go back, as the Back button does (with Ctrl
#: held a key is a command, none of these). The window's keys come first (:mod:`ui.panels.window_keys`).
STATS_KEYS: tuple[KeyEntry[str, None], ...] = (
    KeyEntry(
        BACK,
        (Chord(pygame.K_ESCAPE), Chord(pygame.K_RETURN), Chord(pygame.K_KP_ENTER), Chord(pygame.K_BACKSPACE)),
    ),
)


def stats_action(key: int, mod: int) -> str | None:
    """The statistics screen's action that ``key`` with the modifiers ``mod`` asks for; None: none."""
    return claimant(((entry.action, entry.chords) for entry in STATS_KEYS), key, mod, None)


class StatsScene(Scene):
    """Shows ``stats`` (None: no ladder rates any board, say so, and ``why`` where known: the ladder file's
    problem); ``options`` go back to the start screen."""

    def __init__(
        self,
        size: tuple[int, int],
        options: PlayOptions,
        stats: RatingStats | None,
        ladder: Ladder | None,
        theme: Theme,
        fonts: Fonts,
        why: Problem | None = None,
    ) -> None:
        super().__init__(size)
        self.options = options
        self.stats = stats
        self.ladder = ladder
        self.why = why
        # The rating's texts, kept with the language they are in (the figures do not change while the screen
        # shows).
        self._shown: tuple[str, RatingShown | None] | None = None
        self.theme = theme
        self.fonts = fonts
        self._mouse = (-1, -1)

    def caption(self) -> str:
        return _("Ponder \u2014 your rating")

    def back_button(self) -> Button:
        return back_button(self.size)

    def toast_area(self) -> Rect:
        """The title's line: the bottom holds the Back button, which a note must not cover; the title is read
        at once, and hiding it for the note's few seconds hides nothing to act on."""
        title = title_box(self.size, self.fonts)
        return Rect(0, title.top, self.size[0], title.height)

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

    def _rating_shown(self) -> RatingShown | None:
        """The rating's part of the screen in the language in use (None: no ratings)."""
        language = current_language()
        if self._shown is None or self._shown[0] != language:
            shown = (
                None if self.stats is None or self.ladder is None else rating_shown(self.stats, self.ladder)
            )
            self._shown = (language, shown)
        return self._shown[1]

    def picture(self, settings: Settings = DEFAULT_SETTINGS) -> StatsPicture:
        return stats_picture(
            settings, self._rating_shown(), self.why, self.size, self.theme, self.fonts, self._mouse
        )

    def draw(self, surface: pygame.Surface, picture: object = None) -> None:
        draw_stats(surface, picture if isinstance(picture, StatsPicture) else self.picture())
