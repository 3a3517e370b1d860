"""The play screen: one sitting at the board, wiring the session, the input, the texts and the drawing.

Turns mouse and key events into actions on the board (play, undo, redo, new game, next round, hint, files).
Each job has its module: what happens at the board and when :class:`~ui.play_board.PlayBoard`; the rules of
turns, undo pairs and engine tokens :class:`~ui.state.session.Session`; what keys mean :mod:`ui.play_input`
(commands, as :class:`~ui.play_input.Action`) and :mod:`ui.move_keys` (moves); the words
:mod:`ui.state.texts`; a round's sound and tally line :mod:`ui.state.results`; save, load and copy
:mod:`ui.play_files`; the geometry :mod:`ui.layout`; the drawing :mod:`ui.play_view`, :mod:`ui.board_view` and
:mod:`ui.toolbar`.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from game.catalog import GAME_TITLES
from ui import move_keys, play_files
from ui.board_view import BoardPicture
from ui.clipboard import paste_text
from ui.layout import PlayLayout
from ui.match_bar import MatchBar, name_at
from ui.play_board import PlayBoard
from ui.play_input import Action, is_command, key_action, review_key_action
from ui.play_view import PlayPicture, ResultBanner, StatusLine, banner, draw_play, review_picture
from ui.review_view import slot_at
from ui.scene import GoToMenu, GoToPuzzle, OpenSettings, RememberName
from ui.state import results, texts
from ui.state.match import participants
from ui.state.options import Mode, PlayOptions, clean_name, typed_name
from ui.state.review import LINE_KEYS, REVIEW_KEYS, line_text, mark_text, summary_text
from ui.state.session import EngineLike
from ui.theme import CLASSIC, Fonts, Theme
from ui.toast import NoticeKind
from ui.toolbar import Toolbar, toolbar
from ui.widgets import Button, hit

#: How far the review's step keys and buttons move.
REVIEW_STEPS = {Action.REVIEW_BACK: -1, Action.REVIEW_FORWARD: 1}
#: The review's stepping keys while "show me" plays the best line: (moves to step, or to its end/start).
LINE_STEPS: dict[Action, tuple[int, bool | None]] = {
    Action.REVIEW_BACK: (-1, None),
    Action.REVIEW_FORWARD: (1, None),
    Action.REVIEW_FIRST: (0, False),
    Action.REVIEW_LAST: (0, True),
}


class PlayScene(PlayBoard):
    """One sitting at the board with the options chosen on the start screen or the command line: the board
    (:class:`~ui.play_board.PlayBoard`) with its input and its look."""

    def __init__(
        self,
        size: tuple[int, int],
        options: PlayOptions,
        engine: EngineLike,
        theme: Theme = CLASSIC,
        fonts: Fonts | None = None,
        *,
        pointer: tuple[int, int] | None = None,
        **board: Any,
    ) -> None:
        """``pointer`` is where the mouse is, if known, so the hover disc shows from the start rather than
        after the mouse first moves; ``board`` are the keywords of :class:`~ui.play_board.PlayBoard`."""
        #: Where the mouse is in the window; off it until known.
        self.mouse = (-1, -1)
        #: The selection follows the mouse (rather than the keyboard), so it moves with the board on a resize.
        self._pointer_selects = False
        #: The piece whose player's name is being typed in the match bar (two players), and the text so far.
        self.renaming: int | None = None
        self.name_draft = ""
        super().__init__(size, options, engine, theme, fonts, **board)
        if pointer is not None:
            self._point_at(pointer)

    # --- geometry -------------------------------------------------------------------------------------------

    def toolbar(self, layout: PlayLayout) -> Toolbar:
        can_undo = self.session.can_undo() or (self.replaced is not None and not self.committed)
        enabled = {Action.UNDO: can_undo, Action.REDO: self.session.can_redo()}
        title = GAME_TITLES[self.options.game]
        return toolbar(self.fonts, layout.toolbar, title, enabled, reviewing=self.review is not None)

    def banner(self, layout: PlayLayout) -> tuple[Rect, list[Button]] | None:
        """The result banner and its buttons, once the game is over and the last stone has landed."""
        if not self.banner_shown():
            return None
        next_label = "Next round" if self.puzzle is None else "Next puzzle"
        return banner(layout, self.fonts, self.game.winning_cells(), bool(self.tally_text()), next_label)

    def _buttons(self, layout: PlayLayout) -> tuple[list[Button], tuple[Rect, list[Button]] | None]:
        """Every button on screen (toolbar, then banner), and the banner."""
        shown = self.banner(layout)
        return self.toolbar(layout).buttons + (shown[1] if shown else []), shown

    # --- input ----------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type == pygame.MOUSEMOTION:
            self._point_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.animation is not None:
                # A click finishes a moving stone at once; the click then does what it would have done.
                self._finish_animation()
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.TEXTINPUT and self.renaming is not None:
            self.name_draft = typed_name(self.name_draft + event.text)
            self.dirty = True

    def _point_at(self, position: tuple[int, int]) -> None:
        """The mouse is at ``position``: what is under it is selected or hovered."""
        # Redraw only when the pointer changes what is shown: a frame drawn for nothing is time taken from the
        # engine's thread.
        before = (self.selection, self._hovered_action())
        self.mouse = position
        self.selection = self.move_at(position)
        self._pointer_selects = True
        if (self.selection, self._hovered_action()) != before:
            self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: the board moves, and a mouse selection follows the column or cell now under the
        pointer (which stays where it was in the window)."""
        if size == self.size:
            return
        super().resize(size)
        if self._pointer_selects:
            self.selection = self.move_at(self.mouse)

    def _hovered_action(self) -> str | None:
        button = hit(self._buttons(self.layout())[0], self.mouse)
        return None if button is None else button.action

    def _click(self, position: tuple[int, int]) -> None:
        if self.renaming is not None:
            self.finish_renaming(keep=True)  # a click elsewhere keeps what was typed, as in a form
        layout = self.layout()
        buttons, shown = self._buttons(layout)
        button = hit(buttons, position)
        if button is not None:
            self.act(button.action)
            return
        if self.options.mode is Mode.TWO_PLAYERS:
            piece = name_at(self.fonts, layout.match, self.match_bar(), position)
            if piece is not None:
                self.start_renaming(piece)
                return
        if self.review is not None:
            # The board under review takes no moves; a click on the strip shows that move.
            ply = slot_at(self.layout().review, len(self.review.moves), position)
            if ply is not None:
                self.step_review(ply)
            return
        if self.game.is_over():
            # A click on the finished board (anywhere but a button) folds the result banner away or back, so
            # the player can look at what it covered.
            if shown is not None or self.banner_folded:
                self.banner_folded = not self.banner_folded
                self.dirty = True
            return
        move = self.move_at(position)
        if move is not None:
            self.selection = move
            self.try_play(move)

    def act(self, action: Action) -> None:
        """Does what a button or a command key names (a value of :class:`Action`)."""
        action = Action(action)
        if self.review is not None and self.review.line is not None and action in LINE_STEPS:
            delta, end = LINE_STEPS[action]
            self.step_line(delta, end)
        elif self.review is not None and self.review.line is not None and action is Action.REVIEW:
            self.show_me()  # Esc and R go back from the line to the review first
        elif action is Action.SHOW_ME:
            self.show_me()
        elif action in REVIEW_STEPS:
            self.step_review(delta=REVIEW_STEPS[action])
        elif action in (Action.REVIEW_FIRST, Action.REVIEW_LAST):
            self.step_review(1 if action is Action.REVIEW_FIRST else len(self.game.history()))
        elif action is Action.REVIEW:
            self.toggle_review()
        elif self.review is not None and action in (Action.HINT, Action.OVERLAY, Action.PAUSE):
            # About the live game: back to it first.
            self.session.close_review()
            self.act(action)
        elif action is Action.UNDO:
            # Right after a game replaced an unfinished one, undo takes the replacing back.
            if not self.bring_back():
                self._history_step(self.session.undo(), "Nothing to undo")
        elif action is Action.REDO:
            self._history_step(self.session.redo(), "Nothing to redo")
        elif action is Action.NEXT and self.puzzle is not None:
            self.session.leave()
            self.request = GoToPuzzle()
        elif action is Action.NEW or action is Action.NEXT:
            self.new_round(next_round=action is Action.NEXT)
        elif action is Action.SETTINGS:
            self.request = OpenSettings()
        elif action is Action.MENU:
            self.session.leave()
            self.request = GoToMenu()
        elif action is Action.PAUSE:
            self.session.toggle_pause()
        elif action is Action.HINT:
            self._ask_hint()
        elif action is Action.OVERLAY:
            self.overlay_shown = not self.overlay_shown
            self._want_analysis()
        elif action is Action.SAVE:
            self.notice = play_files.save(self.saved_game_path, self.game)
        elif action is Action.LOAD:
            self._load()
        elif action is Action.COPY:
            self.notice = play_files.copy(self.game)
        elif action is Action.PASTE:
            self._paste(paste_text())
        elif action is Action.RESET_TALLY:
            self.notice = play_files.reset_tally(self.files.tally)
        self.dirty = True

    def _history_step(self, plies: int, refusal_text: str) -> None:
        """After an undo or redo of ``plies`` plies (0: refused with ``refusal_text``)."""
        self._after_history_change(plies, refusal_text)
        if plies:
            self._played_on()

    def start_renaming(self, piece: int) -> None:
        """Starts typing a new name for the player of ``piece`` (two players): Enter keeps it, Esc not."""
        self.renaming = piece
        self.name_draft = self.options.names[piece]
        self.wants_text = True
        self.dirty = True

    def finish_renaming(self, keep: bool) -> None:
        """Ends the typing; with ``keep`` the name (or, left empty, the piece's own name) is the player's
        from now on, and remembered in the settings."""
        piece = self.renaming
        self.renaming, self.wants_text, self.dirty = None, False, True
        if piece is None or not keep:
            return
        names = list(self.options.names)
        names[piece] = clean_name(self.name_draft)
        self.session.change_options(names=(names[0], names[1]))
        self.request = RememberName(piece, names[piece])

    def _key(self, event: pygame.event.Event) -> None:
        if self.renaming is not None:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.finish_renaming(keep=event.key != pygame.K_ESCAPE)
            elif event.key == pygame.K_BACKSPACE:
                self.name_draft = self.name_draft[:-1]
                self.dirty = True
            return  # every other key is part of the name (it comes as text), never a move
        if self.coach_warning is not None and event.key in (pygame.K_BACKSPACE, pygame.K_ESCAPE):
            self.take_back_coached()
            return
        if self.review is not None:
            review_action = review_key_action(event.key, event.mod)
            if review_action is not None:
                self.act(review_action)
            return
        action = key_action(
            event.key,
            event.mod,
            letters_are_cells=move_keys.letters_are_cells(self.game.width, self.game.height, self.gravity),
            game_over=self.game.is_over(),
            watching=self.options.mode is Mode.WATCH,
        )
        if action is not None:
            self.act(action)
        elif not is_command(event.mod):
            # The keyboard's selection stays where the keys put it, whatever the window's size.
            self._pointer_selects = False
            self._board_key(event.key)

    def _board_key(self, key: int) -> None:
        """A key that may select or play a column or cell (see :mod:`ui.move_keys`)."""
        game = self.game
        meaning = move_keys.answer(key, game.width, game.height, self.gravity, self.selection)
        self.selection = meaning.selection
        if meaning.note is not None:
            self._notify(meaning.note, kind=NoticeKind.INFO)
        elif meaning.play and meaning.selection is not None:
            self.try_play(meaning.selection)
        self.dirty = True

    # --- words (see ui.state.texts) -------------------------------------------------------------------------

    def player_name(self, player: int) -> str:
        return self.theme.player_name(self.options.game, player)

    def _names(self) -> tuple[str, str]:
        return self.player_name(0), self.player_name(1)

    def result_text(self) -> tuple[str, str]:
        """The result in a few words, and a line under it (saying how often the coach spoke, if it did; for
        a puzzle, the player's puzzle record)."""
        if self.puzzle is not None:
            return texts.puzzle_result(self.files.puzzles.value, self.puzzle_misses)
        title, line = texts.result_text(self.session, self._names())
        if self.coach_spoke:
            line += f" The coach spoke {texts.count(self.coach_spoke, 'time')}."
        if self.rated_game is not None:
            line += " " + texts.rating_line(self.rated_game, self.rating_before)
        return title, line

    def status_text(self) -> str:
        """The status line: the notice if one is showing, else whose turn it is, the search, or the result."""
        if self.notice is not None:
            return self.notice.text
        if self.puzzle is not None and self.game.moves_text() == self.puzzle.moves and self.review is None:
            return texts.puzzle_task(self._names()[self.game.to_move()], self.puzzle.win_in)
        if self.review is not None and self.review.line is not None:
            return line_text(self.review, self._names(), self.game.move_to_text)
        if self.review is not None:
            return mark_text(self.review, self._names(), self.game.move_to_text)
        moving = None if self.animation is None else self.animation.player
        return texts.status_text(self.session, self._names(), moving_player=moving, hint=self.hint)

    def detail_text(self) -> str:
        """The small line under the status, in full (see :meth:`detail_parts`)."""
        return "    ".join(self.detail_parts())

    def detail_parts(self) -> list[str]:
        """The small line under the status, most important part first (see
        :func:`ui.state.texts.detail_parts`)."""
        if self.review is not None and self.review.line is not None:
            return list(LINE_KEYS)
        if self.review is not None:
            return [summary_text(self.review, self._names()), *REVIEW_KEYS]
        if self.puzzle is not None and self.game.is_over():
            return ["Enter: next puzzle", "Ctrl+N: this puzzle again", "Esc: menu"]
        return texts.detail_parts(
            self.session,
            self._names(),
            overlay_shown=self.overlay_shown,
            selection=self.selection,
            gravity=self.gravity,
        )

    def caption(self) -> str:
        """The window title (see :func:`ui.state.texts.caption`)."""
        return texts.caption(self.session, self._names())

    def tally_text(self) -> str:
        """The tally of this board and opponent for the result banner ("" when nothing is counted, as for a
        puzzle)."""
        if self.puzzle is not None:
            return ""
        return results.tally_text(self.session, self.files.tally.value, self._names())

    # --- drawing (see ui.play_view) -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_play(surface, self.picture())

    def picture(self) -> PlayPicture:
        """Everything the screen shows now, for :func:`ui.play_view.draw_play`."""
        layout = self.layout()
        game_name = self.options.game
        colours = (self.theme.player_colour(game_name, 0), self.theme.player_colour(game_name, 1))
        shown_banner = self.banner(layout)
        result = None
        if shown_banner is not None:
            title, subtitle = self.result_text()
            rect, buttons = shown_banner
            result = ResultBanner(rect, tuple(buttons), title, subtitle, self.tally_text())
        overlay_shown = self.review is None and self.overlay_shown and not self.game.is_over()
        return PlayPicture(
            theme=self.theme,
            fonts=self.fonts,
            layout=layout,
            board_view=self.view,
            board=self.board_picture(layout),
            toolbar=self.toolbar(layout),
            titles=(
                texts.toolbar_titles(self.session)
                if self.puzzle is None
                else [f"Puzzle \u00b7 win in {self.puzzle.win_in}", "Puzzle"]
            ),
            mouse=self.mouse,
            colours=colours,
            review=self.review,
            overlay=(self.session.thinking, self.game.moves()) if overlay_shown else None,
            status=StatusLine(
                self.status_text(),
                # A notice is about no player: no piece leads it.
                None if self.notice is not None else self._status_player(),
                self.notice.kind.colour(self.theme) if self.notice is not None else self.theme.text,
                tuple(self.detail_parts()),
            ),
            piece_names=self._names(),
            banner=result,
            match=self.match_bar(),
        )

    def match_bar(self) -> MatchBar:
        """The match bar's contents: the players, this sitting's score, the stored tally."""
        names = participants(self.session, self.piece_names())
        if self.renaming is not None:
            names = (self.name_draft, names[1]) if self.renaming == 0 else (names[0], self.name_draft)
        wins = (self.match.wins[names[0]], self.match.wins[names[1]])
        tally = (
            ""
            if self.puzzle
            else results.short_tally_text(self.session, self.files.tally.value, self._names())
        )
        return MatchBar(names, wins, self.match.draws, tally, self.renaming)

    def board_picture(self, layout: PlayLayout) -> BoardPicture:
        """What the board shows now."""
        if self.review is not None:
            return review_picture(self.review, self.line_animation)
        game = self.game
        human = self.session.is_human_turn()
        playable = not self.gravity or self.selection in game.moves()
        refusal = self.refusal
        return BoardPicture(
            cells=game.cells(),
            k=game.k,
            last_move=game.last_cell(),
            winning=game.winning_cells(),
            animation=self.animation,
            selection=self.selection,
            # No ghost while a stone moves (it would hover beside, or on, the falling one), nor over a full
            # column, where no stone can go.
            ghost_player=game.to_move() if human and self.animation is None and playable else None,
            refusal=refusal.strength if refusal else 0.0,
            shake=refusal.shake(max(3.0, layout.cell * 0.08)) if refusal else 0.0,
            hint=self.hint.move if self.hint is not None and self.animation is None else None,
            hint_strength=self.hint.strength if self.hint is not None else 0.0,
        )

    def _status_player(self) -> int | None:
        """The player whose piece leads the status line: the mover of the move under review, the winner, the
        mover of a falling stone, or the side to move; None after a draw."""
        if self.review is not None:
            return (self.review.cursor - 1) % 2 if self.review.cursor else None
        if self.game.is_over():
            return self.game.winner()
        moving = self.animation
        if moving is not None and not self.session.seats[moving.player].is_human:
            return moving.player
        return self.game.to_move()

    def toast_area(self) -> Rect:
        """The detail line's band at the bottom of the status area: the status line itself stays readable."""
        status = self.layout().status
        top = status.top + int(status.height * 0.58)
        return Rect(0, top, status.width, status.bottom - top - 2)
