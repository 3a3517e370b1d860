"""How the play screen looks: the result banner's geometry and buttons, and the drawing of the whole screen
(toolbar, board, analysis overlay, status lines, banner) from the scene's state.

The scene decides what is shown (:class:`~ui.play_scene.PlayScene`); the words come from
:mod:`ui.state.texts`, the board's pixels from :mod:`ui.board_view`, the overlay's from :mod:`ui.overlay`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from ui.board_view import BoardPicture
from ui.layout import PlayLayout, buttons_in_row, clamp
from ui.overlay import draw_overlay
from ui.play_input import Action
from ui.review_view import draw_move_labels, draw_strip
from ui.state import texts
from ui.state.review import GameReview
from ui.theme import Fonts
from ui.toolbar import draw_toolbar
from ui.widgets import Button, draw_button, draw_fitted_text, draw_text, fitting_font, panel

if TYPE_CHECKING:
    from ui.play_scene import PlayScene

#: The result banner's buttons, the first one selected.
BANNER_BUTTONS = (
    (Action.NEXT, "Next round"),
    (Action.NEW, "New game"),
    (Action.REVIEW, "Review"),
    (Action.MENU, "Menu"),
)


def banner_metrics(layout: PlayLayout) -> tuple[int, int, int]:
    """Title font size, button height and the banner's height (without a tally line)."""
    title = int(clamp(layout.cell * 0.42, 24, 44))
    button = int(clamp(layout.cell * 0.5, 34, 46))
    return title, button, int(title * 1.25 + title * 0.6 + button + 56)


def button_font(fonts: Fonts, layout: PlayLayout) -> pygame.font.Font:
    return fonts.get(int(clamp(layout.cell * 0.2, 15, 20)), bold=True)


def banner(
    layout: PlayLayout, fonts: Fonts, winning: Iterable[tuple[int, int]], with_tally: bool
) -> tuple[Rect, list[Button]]:
    """The result banner, placed off the ``winning`` cells, and its buttons; taller ``with_tally``."""
    title, button_height, height = banner_metrics(layout)
    if with_tally:
        height += int(title * 0.5)
    rect = layout.banner_rect(height, winning)
    font = button_font(fonts, layout)
    widths = [font.size(label)[0] + 36 for _, label in BANNER_BUTTONS]
    row = Rect(rect.left, rect.bottom - button_height - 20, rect.width, button_height)
    rects = buttons_in_row(widths, button_height, row, align="centre", gap=12)
    buttons = [
        Button(action, label, r, selected=action is Action.NEXT)
        for (action, label), r in zip(BANNER_BUTTONS, rects, strict=True)
    ]
    return rect, buttons


def picture(scene: PlayScene, layout: PlayLayout) -> BoardPicture:
    """What the board shows now."""
    if scene.review is not None:
        return review_picture(scene.review)
    game = scene.game
    last_cell = game.last_cell()
    human = scene.session.is_human_turn()
    playable = not scene.gravity or scene.selection in game.moves()
    refusal = scene.refusal
    return BoardPicture(
        cells=game.cells(),
        k=game.k,
        last_move=last_cell,
        winning=game.winning_cells(),
        animation=scene.animation,
        selection=scene.selection,
        # No ghost while a stone moves (it would hover beside, or on, the falling one), nor over a full
        # column, where no stone can go.
        ghost_player=game.to_move() if human and scene.animation is None and playable else None,
        refusal=refusal.strength if refusal else 0.0,
        shake=refusal.shake(max(3.0, layout.cell * 0.08)) if refusal else 0.0,
        hint=scene.hint.move if scene.hint is not None and scene.animation is None else None,
        hint_strength=scene.hint.strength if scene.hint is not None else 0.0,
    )


def review_picture(review: GameReview) -> BoardPicture:
    """The board under review: the position of the move shown, that move's piece hovering where it was
    played (over its column, or in its cell) and the move before it marked."""
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


def status_player(scene: PlayScene) -> int | None:
    """The player whose piece leads the status line: the mover of the move under review, the winner, the
    mover of a falling stone, or the side to move; None after a draw."""
    if scene.review is not None:
        return (scene.review.cursor - 1) % 2 if scene.review.cursor else None
    if scene.game.is_over():
        return scene.game.winner()
    moving = scene.animation
    if moving is not None and not scene.session.seats[moving.player].is_human:
        return moving.player
    return scene.game.to_move()


def draw_play(surface: pygame.Surface, scene: PlayScene) -> None:
    """Draws the whole play screen as ``scene`` stands."""
    theme, game_name = scene.theme, scene.options.game
    layout = scene.layout()
    surface.fill(theme.background)
    draw_toolbar(
        surface,
        theme,
        scene.fonts,
        layout.toolbar,
        scene.toolbar(layout),
        texts.toolbar_titles(scene.session),
        scene.mouse,
    )
    scene.view.draw(surface, layout, picture(scene, layout))
    colours = (theme.player_colour(game_name, 0), theme.player_colour(game_name, 1))
    if scene.review is not None:
        draw_move_labels(surface, layout, theme, scene.fonts, scene.review)
        draw_strip(surface, theme, scene.fonts, layout.review, scene.review, colours)
    elif scene.overlay_shown and not scene.game.is_over():
        thinking, legal = scene.session.thinking, scene.game.moves()
        draw_overlay(surface, layout, theme, scene.fonts, thinking, legal, colours)
    _draw_status(surface, scene, layout)
    shown = scene.banner(layout)
    if shown is not None:
        _draw_banner(surface, scene, layout, *shown)


def _draw_status(surface: pygame.Surface, scene: PlayScene, layout: PlayLayout) -> None:
    theme, fonts, area = scene.theme, scene.fonts, layout.status
    text = scene.status_text()
    size = int(clamp(area.height * 0.34, 16, 30))
    line_y = area.top + area.height * 0.38
    # The piece of the side to move (or of the winner, or of the stone falling) leads the text: the colour
    # is shown, not only told. A notice has none: it is not about a player.
    player = status_player(scene)
    icon = 0 if scene.notice is not None or player is None else int(size * 1.3)
    font = fitting_font(fonts, text, size, area.width - 40 - icon, bold=True)
    # A line too long for the window even in the smallest letters loses its last clauses (a review's line
    # names the best move after a "; ").
    while font.size(text)[0] > area.width - 40 - icon and "; " in text:
        text = text.rsplit("; ", 1)[0]
        font = fitting_font(fonts, text, size, area.width - 40 - icon, bold=True)
    left = area.centerx - (font.size(text)[0] + icon) // 2
    if icon:
        _draw_piece_icon(surface, scene, player, (left + icon // 2 - 4, line_y), size * 0.48)
    colour = scene.notice.kind.colour(theme) if scene.notice is not None else theme.text
    draw_text(surface, text, font, colour, midleft=(left + icon, line_y))
    # The detail line drops its last parts until it fits (never disappearing for want of room).
    parts = scene.detail_parts()
    for count in range(len(parts), 0, -1):
        if draw_fitted_text(
            surface,
            fonts,
            "    ".join(parts[:count]),
            int(size * 0.62),
            area.width - 24,
            theme.text_muted,
            smallest=9,
            center=(area.centerx, area.top + area.height * 0.76),
        ):
            break


def _draw_piece_icon(
    surface: pygame.Surface, scene: PlayScene, player: int, centre: tuple[float, float], radius: float
) -> None:
    colour = scene.theme.player_colour(scene.options.game, player)
    if scene.gravity:
        # The board's own disc sprite, so the icon has the piece's shape as well as its colour.
        sprite = scene.view.disc_sprite(player, round(radius / scene.view.DISC))
        surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))
    else:
        draw_text(
            surface,
            scene.player_name(player),
            scene.fonts.get(int(radius * 2.4), bold=True),
            colour,
            center=(round(centre[0]), round(centre[1])),
        )


def _draw_banner(
    surface: pygame.Surface, scene: PlayScene, layout: PlayLayout, rect: Rect, buttons: list[Button]
) -> None:
    theme, fonts = scene.theme, scene.fonts
    panel(surface, theme, rect, alpha=232)
    title_size, _, _ = banner_metrics(layout)
    title, subtitle = scene.result_text()
    title_font = fitting_font(fonts, title, title_size, rect.width - 40, bold=True)
    top = rect.top + 16
    title_rect = draw_text(surface, title, title_font, theme.text, midtop=(rect.centerx, top))
    sub_font = fitting_font(fonts, subtitle, int(title_size * 0.5), rect.width - 40)
    line = draw_text(
        surface, subtitle, sub_font, theme.text_muted, midtop=(rect.centerx, title_rect.bottom + 2)
    )
    tally = scene.tally_text()
    if tally:
        tally_font = fitting_font(fonts, tally, int(title_size * 0.4), rect.width - 40)
        draw_text(surface, tally, tally_font, theme.text_muted, midtop=(rect.centerx, line.bottom + 4))
    font = button_font(fonts, layout)
    for button in buttons:
        draw_button(surface, theme, font, button, hovered=button.rect.collidepoint(scene.mouse))
