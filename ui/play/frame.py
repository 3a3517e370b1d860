"""The play screen's presentation: from the model (the :class:`~ui.state.play.play_state.PlayState`), the
settings (the theme, the fonts, the language in use) and the layout to the plain picture drawn
(:class:`~ui.play.picture.PlayPicture`). The frame (the layout and the widgets on it: toolbar, result banner,
match bar) is the part that clicks and the mouse are tested against.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from game.language import _
from ui.kit.layout import PlayLayout
from ui.kit.toast import notice_colour
from ui.kit.widgets import Button, hit
from ui.play.actions import Action
from ui.play.board_view import BoardPicture, ConnectFourView, TicTacToeView
from ui.play.learn_map_view import MapLayout, map_layout, map_picture
from ui.play.match_bar import MatchBar
from ui.play.picture import PlayPicture, ResultBanner, StatusLine, banner, review_picture
from ui.play.review_view import review_strip
from ui.play.toolbar import Toolbar, toolbar
from ui.state.board.match import Named, participants
from ui.state.files.settings import Settings
from ui.state.play.play_state import PlayState
from ui.theme import Fonts, Theme
from ui.words import play_words as words
from ui.words import texts
from ui.words.learn_words import learn_standing, next_branch_label
from ui.words.why_words import chosen_theme


@dataclass(frozen=True)
class Renaming:
    """The piece whose player's name is being typed in the match bar, and the text so far."""

    piece: int
    draft: str


@dataclass(frozen=True)
class ScreenFrame:
    """The play screen's geometry and widgets as they stand: the layout, the toolbar, the result banner (its
    rect and buttons, or None while it does not show) and the match bar's contents; ``over``: the game on the
    board is over (a click on the board then folds the banner rather than playing)."""

    layout: PlayLayout
    toolbar: Toolbar
    banner: tuple[Rect, list[Button]] | None
    match: MatchBar
    over: bool
    #: Where the Learn trainer's picture of the tree goes while it shows (over the board and the banner).
    learn_map: MapLayout | None = None

    def buttons(self) -> list[Button]:
        """Every button on screen: the toolbar's, then the banner's (hidden under the picture of the tree
        while it shows)."""
        if self.learn_map is not None:
            return self.toolbar.buttons
        return self.toolbar.buttons + (self.banner[1] if self.banner else [])


def screen_frame(
    play_state: PlayState, layout: PlayLayout, fonts: Fonts, renaming: Renaming | None
) -> ScreenFrame:
    """The frame of ``play_state`` on ``layout``, a name being typed as ``renaming`` says."""
    game, reviewing = play_state.game, play_state.review is not None
    enabled = {Action.UNDO: play_state.can_undo(), Action.REDO: play_state.board_game.can_redo()}
    bar = toolbar(fonts, layout.toolbar, words.toolbar_titles(play_state), enabled, reviewing=reviewing)
    shown = None
    if play_state.banner_shown():
        next_label = _("Next round") if play_state.puzzle is None else _("Next puzzle")
        if play_state.learn is not None:
            next_label = next_branch_label()
        with_tally = bool(words.tally_text(play_state))
        shown = banner(layout, fonts, game.winning_cells(), with_tally, next_label)
    shown_map = None
    if play_state.learn_map is not None:
        # Between the match bar and the status area, over the board.
        area = Rect(0, layout.match.bottom, layout.size[0], layout.status.top - layout.match.bottom)
        shown_map = map_layout(area, play_state.learn_map, fonts)
    return ScreenFrame(layout, bar, shown, match_bar(play_state, renaming), game.is_over(), shown_map)


def match_bar(play_state: PlayState, renaming: Renaming | None) -> MatchBar:
    """The match bar's contents: the players, this match's score, the stored tally; for a puzzle, the
    player's puzzle record (streak and rating) in place of the score, from before the first move, after
    the theme the next puzzles are drawn from (which always shows: a narrow bar shortens the record); in the
    Learn trainer, the branches learned of all."""
    players = participants(play_state.board_game, play_state.piece_names)
    if renaming is not None:
        draft = Named(renaming.draft)
        players = (draft, players[1]) if renaming.piece == 0 else (players[0], draft)
    names = (texts.participant_name(players[0]), texts.participant_name(players[1]))
    wins = (play_state.match.wins[players[0]], play_state.match.wins[players[1]])
    editing = None if renaming is None else renaming.piece
    standing: tuple[str, ...] = ()
    if play_state.round.attempt is not None:
        # The theme chosen always shows (F changes it: the player must see what it chose), the record after
        # it in the longest form there is room for.
        plain = texts.puzzle_standing(play_state.files.puzzles.value)
        theme = chosen_theme(play_state.theme_choice.theme)
        standing = (*(f"{theme} \u00b7 {form}" for form in plain), theme)
    elif play_state.learn is not None:
        standing = tuple(learn_standing(play_state.learn.progress(play_state.files.learning.value)))
    return MatchBar(
        names, wins, play_state.match.draws, words.short_tally_text(play_state), editing, standing
    )


def board_picture(play_state: PlayState, layout: PlayLayout) -> BoardPicture:
    """What the board shows now."""
    if play_state.review is not None:
        return review_picture(play_state.review, play_state.browser.line_animation)
    game, animation, hint = play_state.game, play_state.animation, play_state.assistance.hint
    human = play_state.board_game.is_human_turn()
    playable = not play_state.gravity or play_state.selection in game.moves()
    refusal = play_state.feedback.refusal
    return BoardPicture(
        cells=game.cells(),
        k=game.k,
        last_move=game.last_cell(),
        winning=game.winning_cells(),
        animation=None if animation is None else animation.now(),
        selection=play_state.selection,
        # No ghost while a stone moves (it would hover beside, or on, the falling one), nor over a full
        # column, where no stone can go.
        ghost_player=game.to_move() if human and animation is None and playable else None,
        refusal=refusal.strength if refusal else 0.0,
        shake=refusal.shake(max(3.0, layout.cell * 0.08)) if refusal else 0.0,
        hint=hint.move if hint is not None and animation is None else None,
    )


def play_picture(
    play_state: PlayState,
    settings: Settings,
    frame: ScreenFrame,
    theme: Theme,
    fonts: Fonts,
    board_view: ConnectFourView | TicTacToeView,
    mouse: tuple[int, int],
) -> PlayPicture:
    """Everything the screen shows now with the player's ``settings``, for :func:`ui.play.picture.draw_play`,
    on ``frame``, the mouse at ``mouse``: a plain value (see :class:`~ui.play.picture.PlayPicture`)."""
    game_name = play_state.options.game
    colours = (theme.player_colour(game_name, 0), theme.player_colour(game_name, 1))
    result = None
    if frame.banner is not None:
        title, subtitle = words.result_text(play_state)
        rect, buttons = frame.banner
        result = ResultBanner(rect, tuple(buttons), title, subtitle, words.tally_text(play_state))
    overlay_shown = (
        play_state.review is None and play_state.assistance.overlay_shown and not play_state.game.is_over()
    )
    notice = play_state.notice
    why_text, why_marks = words.why(play_state)
    plan = play_state.assistance.plan.followed if play_state.assistance.plan.shown else None
    reason = why_marks if frame.layout.gravity else None
    return PlayPicture(
        theme=theme,
        fonts=fonts,
        layout=frame.layout,
        board_view=board_view,
        board=board_picture(play_state, frame.layout),
        toolbar=frame.toolbar,
        titles=tuple(words.toolbar_titles(play_state)),
        hovered=None if (button := hit(frame.buttons(), mouse)) is None else button.rect,
        colours=colours,
        review=None if play_state.review is None else review_strip(play_state.review),
        overlay=(
            (play_state.board_game.thinking, play_state.board_game.proven, play_state.game.moves())
            if overlay_shown
            else None
        ),
        status=StatusLine(
            words.status_text(play_state),
            # A notice is about no player: no piece leads it.
            None if notice is not None else words.status_player(play_state),
            notice_colour(notice.kind, theme) if notice is not None else theme.text,
            tuple(words.detail_parts(play_state)),
            why_text,
        ),
        piece_names=play_state.piece_names,
        banner=result,
        match=frame.match,
        plan=plan,
        reason=reason,
        # A reason and a plan name cells: the board says where they are.
        coordinates=reason is not None or plan is not None or (settings.coordinates and frame.layout.gravity),
        learn_map=None
        if play_state.learn_map is None or frame.learn_map is None
        else map_picture(play_state.learn_map, frame.learn_map, play_state.player_names),
    )
