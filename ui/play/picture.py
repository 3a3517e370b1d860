"""How the play screen looks: the result banner's geometry and buttons, and the drawing of the whole screen
(toolbar, board, analysis overlay, status lines, banner) from a :class:`PlayPicture`.

The scene decides what is shown and hands it over as that one value (the view reads nothing else of the
scene, and never calls back into it); the words come from :mod:`ui.words.texts`, the board's pixels from
:mod:`ui.play.board_view`, the overlay's from :mod:`ui.play.analysis_overlay`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame
from pygame import Rect

from game.language import N_, _
from ui.kit.layout import PlayLayout, buttons_in_row, clamp
from ui.kit.widgets import (
    Button,
    draw_button,
    draw_text,
    draw_text_in,
    fitting_font,
    line_height,
    panel,
)
from ui.play.actions import Action
from ui.play.analysis_overlay import draw_overlay
from ui.play.board_view import BoardPicture, ConnectFourView, TicTacToeView
from ui.play.learn_map_view import MapPicture, draw_map
from ui.play.match_bar import MatchBar, draw_match_bar
from ui.play.plan_marks import draw_plan_marks
from ui.play.reason_marks import draw_coordinates, draw_reason_marks
from ui.play.review_view import ReviewStrip, draw_move_labels, draw_strip
from ui.play.status_view import draw_status_area
from ui.play.toolbar import Toolbar, draw_toolbar
from ui.state.animation import MoveAnimation
from ui.state.board.followed_search import FollowedSearch
from ui.state.board.proven import Proven
from ui.state.play.plan_view import Followed
from ui.state.review.game_review import GameReview
from ui.theme import MIN_TEXT, Colour, Fonts, Theme
from ui.words.why_words import ReasonMarks

#: The result banner's buttons, the first one selected (translated where shown).
BANNER_BUTTONS = (
    (Action.NEXT, N_("Next round")),
    (Action.NEW, N_("New game")),
    (Action.REVIEW, N_("Review")),
    (Action.MENU, N_("Menu")),
)


#: Room around a banner button's label, and between two buttons, in pixels (less in a narrow banner).
BANNER_PAD = 36
BANNER_GAP = 12


def banner_metrics(layout: PlayLayout) -> tuple[int, int, int]:
    """Title font size, button height and the banner's height (without a tally line)."""
    title = int(clamp(layout.cell * 0.42, 24, 44))
    button = int(clamp(layout.cell * 0.5, 34, 46))
    # The line under the title has room for a second line of the smallest letters, where it needs one.
    return title, button, int(title * 1.25 + title * 0.6 + button + 68)


def button_font(
    fonts: Fonts, layout: PlayLayout, labels: Iterable[str] = (), room: int = 0
) -> pygame.font.Font:
    """The banner buttons' font: its size follows the board's, smaller where ``labels`` would not fit in a row
    ``room`` pixels wide (never under :data:`MIN_TEXT`)."""
    size = int(clamp(layout.cell * 0.2, 15, 20))
    labels = list(labels)
    while size > MIN_TEXT and labels and _row_width(fonts.get(size, bold=True), labels, BANNER_PAD) > room:
        size -= 1
    return fonts.get(size, bold=True)


def banner_button_widths(fonts: Fonts, layout: PlayLayout, labels: list[str], room: int) -> list[int]:
    """The widths of the banner's buttons so that their row fits ``room``: their labels with padding that
    shrinks, and letters that get smaller, as the banner narrows."""
    font = button_font(fonts, layout, labels, room)
    pad = BANNER_PAD
    while pad > 12 and _row_width(font, labels, pad) > room:
        pad -= 2
    return [font.size(label)[0] + pad for label in labels]


def _row_width(font: pygame.font.Font, labels: list[str], pad: int) -> int:
    return sum(font.size(label)[0] + pad for label in labels) + BANNER_GAP * (len(labels) - 1)


def banner(
    layout: PlayLayout,
    fonts: Fonts,
    winning: Iterable[tuple[int, int]],
    with_tally: bool,
    next_label: str = "",
) -> tuple[Rect, list[Button]]:
    """The result banner, placed off the ``winning`` cells, and its buttons; taller ``with_tally``;
    ``next_label`` names what Enter and the first button start ("Next puzzle" after a puzzle; "": the next
    round)."""
    title, button_height, height = banner_metrics(layout)
    if with_tally:
        height += int(title * 0.5)
    rect = layout.banner_rect(height, winning)
    labels = [
        (action, next_label if action is Action.NEXT and next_label else _(label))
        for action, label in BANNER_BUTTONS
    ]
    widths = banner_button_widths(fonts, layout, [label for _, label in labels], rect.width - 24)
    row = Rect(rect.left, rect.bottom - button_height - 20, rect.width, button_height)
    rects = buttons_in_row(widths, button_height, row, align="centre", gap=BANNER_GAP)
    buttons = [
        Button(action, label, r, selected=action is Action.NEXT)
        for (action, label), r in zip(labels, rects, strict=True)
    ]
    return rect, buttons


def review_picture(review: GameReview, line_animation: MoveAnimation | None = None) -> BoardPicture:
    """The board under review: the position of the move shown, that move's piece hovering where it was
    played (over its column, or in its cell) and the move before it marked. While "show me" plays the best
    line: its position as far as shown, the last stone dropping (``line_animation``), a win ringed."""
    line = review.line
    if line is not None:
        board = line.position()
        return BoardPicture(
            cells=board.cells(),
            k=board.k,
            last_move=board.last_cell() if line.shown else None,
            winning=board.winning_cells(),
            animation=None if line_animation is None else line_animation.now(),
        )
    board = review.position()
    if review.cursor == 0:
        return BoardPicture(cells=board.cells(), k=board.k)
    move = review.moves[review.cursor - 1]
    return BoardPicture(
        cells=board.cells(),
        k=board.k,
        last_move=board.last_cell(),
        selection=move,
        ghost_player=board.to_move(),
    )


@dataclass(frozen=True)
class StatusLine:
    """The status area: the line, the player whose piece leads it (None: no piece), its colour, and the small
    line's parts under it, most important first (the last ones are dropped where there is no room); ``why``,
    where not empty, takes the small line's place: the reason of the move the line speaks of."""

    text: str
    player: int | None
    colour: Colour
    detail: tuple[str, ...]
    why: str = ""


@dataclass(frozen=True)
class ResultBanner:
    """The result banner: where it is, its buttons, the result in a few words, a line under it, the tally."""

    rect: Rect
    buttons: tuple[Button, ...]
    title: str
    subtitle: str
    tally: str


@dataclass(frozen=True)
class PlayPicture:
    """Everything the play screen draws, as the scene has it now.

    A plain value, compared with the picture drawn last: the screen is drawn again exactly when they differ
    (its parts are frozen values, or objects that stand for themselves: the theme, the fonts, the board's
    view). ``board_view`` draws the board (it keeps the theme's sprites); ``overlay`` is the search the
    analysis overlay shows, what is proven of the position, and the legal moves, or None when the overlay is
    off; ``review`` the review on show, if any. ``hovered`` is the button under the mouse (its rect; None:
    none). ``piece_names`` name the players' pieces where the status line shows a name rather than a disc
    (Tic-tac-toe).
    """

    theme: Theme
    fonts: Fonts
    layout: PlayLayout
    board_view: ConnectFourView | TicTacToeView
    board: BoardPicture
    toolbar: Toolbar
    titles: tuple[str, ...]
    hovered: Rect | None
    colours: tuple[Colour, Colour]
    review: ReviewStrip | None
    overlay: tuple[FollowedSearch | None, Proven | None, list[int]] | None
    status: StatusLine
    piece_names: tuple[str, str]
    banner: ResultBanner | None
    match: MatchBar
    #: The plan the plan view draws (None: the view is off, or no plan to draw).
    plan: Followed | None = None
    #: The cells the reason shown names, and a road's stones (None: no reason of a move shows).
    reason: ReasonMarks | None = None
    #: The board's coordinates show (columns a, b, ... under it, rows 1, 2, ... beside it).
    coordinates: bool = False
    #: The Learn trainer's picture of the tree, over the board while it shows (None: it does not show).
    learn_map: MapPicture | None = None


def draw_play(surface: pygame.Surface, shown: PlayPicture) -> None:
    """Draws the whole play screen as ``shown`` says."""
    theme, layout = shown.theme, shown.layout
    surface.fill(theme.background)
    draw_toolbar(
        surface, theme, shown.fonts, layout.toolbar, shown.toolbar, list(shown.titles), shown.hovered
    )
    draw_match_bar(
        surface,
        theme,
        shown.fonts,
        layout.match,
        shown.match,
        lambda target, player, centre, radius: _draw_piece_icon(target, shown, player, centre, radius),
    )
    shown.board_view.draw(surface, layout, shown.board)
    if shown.review is not None:
        if not shown.review.line_shown:  # the labels are of the move shown, not of the best line
            draw_move_labels(surface, layout, theme, shown.fonts, shown.review)
        draw_strip(surface, theme, shown.fonts, layout.review, shown.review, shown.colours)
    elif shown.overlay is not None:
        thinking, proven, legal = shown.overlay
        draw_overlay(
            surface,
            layout,
            theme,
            shown.fonts,
            thinking,
            legal,
            proven,
            shown.colours,
            lambda target, player, centre, radius: _draw_piece_icon(target, shown, player, centre, radius),
        )
    if shown.plan is not None and shown.review is None:
        draw_plan_marks(surface, layout, theme, shown.fonts, shown.plan, shown.board.cells)
    if shown.coordinates:
        letters = shown.overlay is None and (shown.review is None or shown.review.line_shown)
        draw_coordinates(surface, layout, theme, shown.fonts, letters)
    if shown.reason is not None:
        draw_reason_marks(surface, layout, theme, shown.fonts, shown.reason, shown.colours)
    _draw_status(surface, shown)
    if shown.learn_map is not None:
        draw_map(surface, theme, shown.fonts, shown.learn_map)
    elif shown.banner is not None:
        _draw_banner(surface, shown, shown.banner)


def _draw_status(surface: pygame.Surface, shown: PlayPicture) -> None:
    theme, status = shown.theme, shown.status
    draw_status_area(
        surface,
        shown.fonts,
        shown.layout.status,
        status.text,
        (status.colour, theme.text, theme.text_muted),
        status.player,
        lambda target, player, centre, radius: _draw_piece_icon(target, shown, player, centre, radius),
        why=status.why,
        detail=status.detail,
    )


def _draw_piece_icon(
    surface: pygame.Surface, shown: PlayPicture, player: int, centre: tuple[float, float], radius: float
) -> None:
    view = shown.board_view
    if isinstance(view, ConnectFourView):
        # The board's own disc sprite, so the icon has the piece's shape as well as its colour.
        sprite = view.disc_sprite(player, round(radius / view.DISC))
        surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))
    else:
        draw_text(
            surface,
            shown.piece_names[player],
            shown.fonts.get(int(radius * 2.4), bold=True),
            shown.colours[player],
            center=(round(centre[0]), round(centre[1])),
        )


def _draw_banner(surface: pygame.Surface, shown: PlayPicture, banner: ResultBanner) -> None:
    theme, fonts, rect = shown.theme, shown.fonts, banner.rect
    # Opaque: the board's holes and stones would show through, behind the result's words.
    panel(surface, theme, rect, alpha=255)
    title_size = banner_metrics(shown.layout)[0]
    # The texts' box: the banner less its rounded ends.
    box = rect.inflate(-32, 0)
    title_font = fitting_font(fonts, banner.title, title_size, box.width, bold=True)
    top = rect.top + 16
    title_rect = draw_text(surface, banner.title, title_font, theme.text, box, midtop=(rect.centerx, top))
    # Under the title, down to the buttons: the tally's line at the bottom, the line about the result above
    # it, on two lines where it needs them.
    below = Rect(box.left, title_rect.bottom + 2, box.width, 0)
    below.height = min(button.rect.top for button in banner.buttons) - 4 - below.top
    if banner.tally:
        tally_font = fitting_font(fonts, banner.tally, int(title_size * 0.4), box.width)
        tally_box = Rect(box.left, below.bottom - line_height(tally_font), box.width, line_height(tally_font))
        draw_text(surface, banner.tally, tally_font, theme.text_muted, tally_box, midtop=tally_box.midtop)
        below.height -= tally_box.height
    draw_text_in(surface, fonts, banner.subtitle, int(title_size * 0.5), below, theme.text_muted)
    labels = [button.label for button in banner.buttons]
    font = button_font(fonts, shown.layout, labels, rect.width - 24)
    for button in banner.buttons:
        draw_button(surface, theme, font, button, hovered=button.rect == shown.hovered)
