"""The statistics screen's presentation and its drawing: from the figures
(:class:`~ui.state.stats.RatingStats`, the levels' ladder), the window's size and the fonts to the plain
picture drawn (:class:`StatsPicture`: every text already in the language in use), and that picture to pixels
(:func:`draw_stats`, which reads nothing else).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from ai.rating.ladder import Ladder
from game.language import _, ngettext
from game.problems import Problem
from ui.kit.widgets import Button, draw_button, draw_text, draw_text_in, line_height, wrapped
from ui.state.files.settings import Settings
from ui.state.stats import RatingStats
from ui.theme import MIN_TEXT, Fonts, Theme
from ui.words import texts
from ui.words.problem_words import problem_text

BACK = "back"
#: Rating points of empty room above and below the plotted course.
PLOT_MARGIN = 60
#: The room kept free at the window's left and right edges, in pixels.
EDGE = 20
#: The share of the levels list's width given to the levels' names; their results take the rest.
NAME_COLUMN = 0.6


@dataclass(frozen=True)
class LevelLine:
    """One level's line of the results: its name (with its measured rating), the wins, draws and losses, and
    whether any game against it was played."""

    name: str
    results: str
    played: bool


@dataclass(frozen=True)
class RatingShown:
    """The rating's part of the screen, every text in the language in use: the title, the rating, the lines
    under it (its uncertainty and games, the puzzle rating), the course over the rated games with the levels'
    ratings as guide lines (their labels), the results against each level and the last games."""

    title: str
    headline: str
    counts: str
    puzzles: str
    course: tuple[int, ...]
    guides: tuple[tuple[str, int], ...]
    levels: tuple[LevelLine, ...]
    recent: tuple[str, ...]
    #: The screen's own labels: the plot's axis and its note while no game is rated, the two lists'
    #: headings, and what the last games' list says while empty.
    axis: str
    no_game_yet: str
    levels_heading: str
    recent_heading: str
    none_yet: str


@dataclass(frozen=True)
class StatsPicture:
    """What the statistics screen shows: the window's size, the theme and fonts, the rating (None: no ladder
    rates any board, which ``message`` says, and ``reason`` why), the Back button and whether the mouse is
    over it. A plain value, equal to an earlier one exactly when the screen looks the same."""

    size: tuple[int, int]
    theme: Theme
    fonts: Fonts
    rating: RatingShown | None
    message: str
    #: Why the ladder cannot be used, under ``message`` ("": not known, or ratings shown).
    reason: str
    back: Button
    back_hovered: bool


def text_unit(size: tuple[int, int]) -> int:
    """The screen's measure in a window of ``size``: its body text's size, and the others' as multiples."""
    width, height = size
    return max(12, min(width // 60, height // 36))


def back_button(size: tuple[int, int]) -> Button:
    """The Back button in a window of ``size``: at the bottom, in the middle."""
    width, height = size
    button_height = max(32, int(height * 0.06))
    rect = Rect(0, 0, max(120, int(width * 0.14)), button_height)
    rect.midbottom = (width // 2, height - int(height * 0.03))
    return Button(BACK, _("Back"), rect, selected=True)


def title_box(size: tuple[int, int], fonts: Fonts) -> Rect:
    """Where the title line is drawn in a window of ``size``."""
    width, height = size
    return Rect(
        EDGE, int(height * 0.04), width - 2 * EDGE, line_height(fonts.get(text_unit(size) * 2, bold=True))
    )


def rating_shown(stats: RatingStats, ladder: Ladder) -> RatingShown:
    """The rating's part of the screen for ``stats``, with the levels' ratings on ``ladder``."""
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
    levels = []
    for row in stats.levels:
        rating = "" if row.rating is None else f" \u00b7 {row.rating}"
        # Translators: W, D and L: wins, draws, losses; keep them short, the column is narrow.
        results = _("{wins} W  {draws} D  {losses} L").format(
            wins=row.wins, draws=row.draws, losses=row.losses
        )
        levels.append(
            LevelLine(
                f"{texts.level_name(row.level)}{rating}", results, bool(row.wins + row.draws + row.losses)
            )
        )
    return RatingShown(
        # Translators: {board} is the board the ladder rates, e.g. "Connect Four 7 x 6".
        title=_("Your rating \u00b7 {board}").format(board=texts.board_title(stats.board)),
        headline=f"{stats.rating}",
        counts=counts,
        puzzles=texts.puzzle_beside_games(stats.puzzles),
        course=stats.course,
        guides=tuple((f"{texts.level_name(level)} {rating}", rating) for level, rating in ladder.levels()),
        levels=tuple(levels),
        recent=tuple(map(texts.game_line, stats.recent)),
        axis=_("games \u2192"),
        no_game_yet=_("No rated game yet: play the computer without help"),
        levels_heading=_("Against each level"),
        recent_heading=_("Last games"),
        none_yet=_("none yet"),
    )


def stats_picture(
    settings: Settings,
    shown: RatingShown | None,
    why: Problem | None,
    size: tuple[int, int],
    theme: Theme,
    fonts: Fonts,
    mouse: tuple[int, int],
) -> StatsPicture:
    """What the statistics screen shows with the player's ``settings`` (the one place a setting that
    changes this screen is read): the rating's part ``shown`` (see :func:`rating_shown`; None: no ratings, for
    the ladder file's problem ``why`` where known), in a window of ``size``, the mouse at ``mouse``."""
    back = back_button(size)
    message = "" if shown is not None else _("No ratings: the levels' ladder could not be read")
    reason = problem_text(why) if shown is None and why is not None else ""
    return StatsPicture(size, theme, fonts, shown, message, reason, back, bool(back.rect.collidepoint(mouse)))


def draw_stats(surface: pygame.Surface, shown: StatsPicture) -> None:
    """Draws ``shown`` onto ``surface`` (of the picture's size)."""
    theme, fonts = shown.theme, shown.fonts
    width, height = shown.size
    surface.fill(theme.background)
    unit = text_unit(shown.size)
    top = int(height * 0.04)
    rating = shown.rating
    if rating is None:
        box = Rect(EDGE, 0, width - 2 * EDGE, height // 3)
        box.centery = height // 2
        said = draw_text_in(surface, fonts, shown.message, unit * 2, box, theme.text)
        if shown.reason:
            # The file's problem under the message, smaller: what to report, not what to read first.
            reason_box = Rect(EDGE, said.bottom + unit, width - 2 * EDGE, 2 * line_height(fonts.get(unit)))
            draw_text_in(surface, fonts, shown.reason, unit, reason_box, theme.text_muted)
    else:
        draw_text_in(
            surface, fonts, rating.title, unit * 2, title_box(shown.size, fonts), theme.text, bold=True
        )
        headline_font = fonts.get(unit * 3, bold=True)
        headline_box = Rect(EDGE, top + unit * 3, width - 2 * EDGE, line_height(headline_font))
        rect = draw_text(
            surface, rating.headline, headline_font, theme.accent, headline_box, midtop=headline_box.midtop
        )
        # Room for two lines each: a subtitle too long for one goes on over a second, never cut.
        counts_box = Rect(EDGE, rect.bottom + 2, width - 2 * EDGE, 2 * line_height(fonts.get(unit)))
        said = draw_text_in(surface, fonts, rating.counts, unit, counts_box, theme.text_muted)
        # The puzzle rating under the game rating, on a line of its own that names its scale.
        puzzles_box = Rect(EDGE, said.bottom, counts_box.width, counts_box.height)
        said = draw_text_in(surface, fonts, rating.puzzles, unit, puzzles_box, theme.text_muted)
        body_top = max(rect.bottom + unit * 3, said.bottom + unit)
        list_height = unit * 10
        list_top = shown.back.rect.top - unit - list_height
        body_bottom = list_top - unit * 2
        split = int(width * 0.62)
        plot = Rect(unit * 5, body_top, split - unit * 7, max(unit * 6, body_bottom - body_top))
        _draw_plot(surface, shown, plot, rating, unit)
        _draw_levels(
            surface, shown, Rect(split, body_top, width - split - unit * 2, plot.height), rating, unit
        )
        recent = Rect(unit * 2, plot.bottom + unit * 2, width - unit * 4, list_height)
        _draw_recent(surface, shown, recent, rating, unit)
    button = shown.back
    draw_button(
        surface, theme, fonts.get(max(14, button.rect.height // 2)), button, hovered=shown.back_hovered
    )


def _draw_plot(
    surface: pygame.Surface, shown: StatsPicture, area: Rect, rating: RatingShown, unit: int
) -> None:
    """The rating after each rated game, left to right, with the levels' ratings as guide lines."""
    theme = shown.theme
    pygame.draw.rect(surface, theme.background_glow, area, border_radius=8)
    course = rating.course
    low = min(course) - PLOT_MARGIN
    high = max(course) + PLOT_MARGIN

    def y_of(value: float) -> int:
        return int(area.bottom - (value - low) / (high - low) * area.height)

    small = shown.fonts.get(unit * 4 // 5)
    # A guide line's label sits on its line, at the plot's right end, where the course never goes: the
    # last point (the rating now) would cover the label of a level beside it.
    labels_box = Rect(area.left, area.top, area.width - 4, area.height)
    guides = [(label, value) for label, value in rating.guides if low <= value <= high]
    label_room = max((small.size(label)[0] for label, _value in guides), default=0)
    for label, value in guides:
        y = y_of(value)
        pygame.draw.line(surface, theme.panel_border, (area.left, y), (area.right, y), 1)
        draw_text(surface, label, small, theme.text_muted, labels_box, bottomright=(labels_box.right, y - 1))
    if len(course) == 1:
        note_box = Rect(area.left + 10, area.top, area.width - 20, area.height // 2)
        draw_text_in(surface, shown.fonts, rating.no_game_yet, unit, note_box, theme.text_muted)
        return
    # The course keeps clear of the labels (and its dots of the plot's edges), so long as half the plot
    # is left to it.
    inset = 6
    room = max(area.width // 2, area.width - label_room - 4 - 3 * inset)
    step = room / (len(course) - 1)
    points = [(int(area.left + inset + index * step), y_of(value)) for index, value in enumerate(course)]
    pygame.draw.lines(surface, theme.accent, False, points, 3)
    for point in points[-40:]:
        pygame.draw.circle(surface, theme.accent, point, 3)
    axis_box = Rect(area.left, area.bottom + 2, area.width, line_height(small))
    draw_text(surface, rating.axis, small, theme.text_muted, axis_box, topright=axis_box.topright)


def _draw_levels(
    surface: pygame.Surface, shown: StatsPicture, area: Rect, rating: RatingShown, unit: int
) -> None:
    """Wins, draws and losses against each level, with the level's measured rating: the names in a left
    column, the results in a right one, as many rows as ``area`` holds."""
    theme, fonts = shown.theme, shown.fonts
    heading = Rect(area.left, area.top, area.width, line_height(fonts.get(unit, bold=True)))
    draw_text_in(surface, fonts, rating.levels_heading, unit, heading, theme.text, bold=True, align="left")
    names_width = int(area.width * NAME_COLUMN)
    y = area.top + int(unit * 1.8)
    # The rows close up, and then their letters shrink, so that every level fits beside the plot.
    pitch = min(int(unit * 1.6), (area.bottom - y) // max(1, len(rating.levels)))
    size = unit
    while size > MIN_TEXT and line_height(fonts.get(size)) > pitch:
        size -= 1
    row_height = line_height(fonts.get(size))
    for row in rating.levels:
        if y + row_height > area.bottom:
            break
        name = Rect(area.left, y, names_width - size // 2, row_height)
        draw_text_in(surface, fonts, row.name, size, name, theme.text, align="left")
        colour = theme.text if row.played else theme.text_muted
        counts = Rect(area.left + names_width, y, area.width - names_width, row_height)
        draw_text_in(surface, fonts, row.results, size, counts, colour, align="right")
        y += pitch


def _draw_recent(
    surface: pygame.Surface, shown: StatsPicture, area: Rect, rating: RatingShown, unit: int
) -> None:
    """The last games, newest first, each with the strength it showed once its review has run: a line
    each, going on over a second where it is wider than ``area``; as many games as ``area`` holds."""
    theme, fonts = shown.theme, shown.fonts
    heading = Rect(area.left, area.top, area.width, line_height(fonts.get(unit, bold=True)))
    draw_text_in(surface, fonts, rating.recent_heading, unit, heading, theme.text, bold=True, align="left")
    font = fonts.get(unit * 9 // 10)
    row_height = line_height(font)
    y = area.top + int(unit * 1.6)
    if not rating.recent:
        none = Rect(area.left, y, area.width, line_height(fonts.get(unit)))
        draw_text_in(surface, fonts, rating.none_yet, unit, none, theme.text_muted, align="left")
    for game in rating.recent:
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
