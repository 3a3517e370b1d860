"""The play screen: a :class:`~ui.state.play.play_state.PlayState` at the board, and what events mean to it.

The screen *has* the play state (what happens at the board and when, pygame-free) and draws one plain picture
of it (:mod:`ui.play.frame`, the presentation), which the window compares with the one drawn last: the
screen is drawn again exactly when they differ, no flag to remember. Clicks and the mouse are tested against
the frame of layout, toolbar, banner and match bar as it stands. What keys mean is
:mod:`ui.play.actions` (commands, as :class:`~ui.play.actions.Action`) and :mod:`ui.play.move_keys` (moves);
the words :mod:`ui.words.play_words`; the drawing :mod:`ui.play.picture`, :mod:`ui.play.board_view` and
:mod:`ui.play.toolbar`.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from ai.messages import EngineMessage
from ui.kit.keys import is_command
from ui.kit.layout import PlayLayout, play_layout
from ui.kit.scene import RememberName, Scene
from ui.kit.widgets import hit
from ui.play import move_keys
from ui.play.actions import BY_ACTION, Action, Situation, key_action
from ui.play.board_view import view_for
from ui.play.frame import Renaming, ScreenFrame, play_picture, screen_frame
from ui.play.learn_map_view import node_at
from ui.play.match_bar import name_at
from ui.play.picture import PlayPicture, draw_play
from ui.play.review_view import slot_at
from ui.state.board.board_game import EngineLike
from ui.state.files.settings import DEFAULT_SETTINGS, Settings
from ui.state.options import Mode, PlayOptions, clean_name, typed_name
from ui.state.play.notices import NoticeKind
from ui.state.play.play_state import PlayState
from ui.theme import CLASSIC, Fonts, Theme
from ui.words import play_words


class PlayScene(Scene):
    """The play screen: one :attr:`play_state` at the board, its input and its look."""

    def __init__(
        self,
        size: tuple[int, int],
        options: PlayOptions,
        engine: EngineLike,
        theme: Theme = CLASSIC,
        fonts: Fonts | None = None,
        *,
        pointer: tuple[int, int] | None = None,
        **state_options: Any,
    ) -> None:
        """``pointer`` is where the mouse is, if known, so the hover disc shows from the start rather than
        after the mouse first moves; the other keywords are :class:`~ui.state.play.play_state.PlayState`'s."""
        #: The layout, and what it was computed for (the window's size, the board, the review band shown).
        self._layout: tuple[tuple[tuple[int, int], int, int, bool, bool], PlayLayout] | None = None
        names = (theme.player_name(options.game, 0), theme.player_name(options.game, 1))
        self.play_state = PlayState(options, engine, names, self._fall, **state_options)
        super().__init__(size)
        self.theme = theme
        self.fonts = fonts or Fonts()
        #: Where the mouse is in the window; off it until known.
        self.mouse = (-1, -1)
        #: The selection follows the mouse (rather than the keyboard), so it moves with the board on a resize.
        self._pointer_selects = False
        #: The piece whose player's name is being typed in the match bar (two players), and the text so far.
        self.renaming: int | None = None
        self.name_draft = ""
        self._game_shown = self.play_state.options.game
        self._set_look(theme)
        if pointer is not None:
            self._point_at(pointer)

    # --- the picture --------------------------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        """Draws everything in ``theme`` (the views cache sprites per theme, so they are made anew)."""
        super().set_theme(theme)
        self._set_look(theme)

    def _set_look(self, theme: Theme) -> None:
        """The board's view and the pieces' names for the game on the board, in ``theme``."""
        game = self.play_state.options.game
        self._game_shown = game
        self.view = view_for(game, theme)
        self.play_state.piece_names = (theme.player_name(game, 0), theme.player_name(game, 1))

    def frame(self) -> ScreenFrame:
        """The frame as the play state stands: what is drawn, and what clicks and the mouse are tested
        against."""
        if self.play_state.options.game != self._game_shown:
            self._set_look(self.theme)  # a loaded or pasted game of another kind
        renaming = None if self.renaming is None else Renaming(self.renaming, self.name_draft)
        return screen_frame(self.play_state, self.layout(), self.fonts, renaming)

    def layout(self) -> PlayLayout:
        """The geometry of the screen: computed again only when the window's size, the board or the review
        band changes."""
        game, play_state = self.play_state.game, self.play_state
        wanted = (self.size, game.width, game.height, play_state.gravity, play_state.review is not None)
        if self._layout is None or self._layout[0] != wanted:
            self._layout = (wanted, play_layout(*wanted))
        return self._layout[1]

    def _fall(self, row: int, column: int) -> float:
        """How many cells a stone dropped into (``row``, ``column``) falls: from the ghost disc's place above
        the board down to its cell."""
        layout = self.layout()
        return (layout.cell_centre(row, column)[1] - layout.ghost_centre(column)[1]) / layout.cell

    def move_at(self, position: tuple[int, int]) -> int | None:
        """The move a click at ``position`` means (a column or a cell index), or None off the board."""
        layout = self.layout()
        if self.play_state.gravity:
            return layout.column_at(position)
        cell = layout.cell_at(position)
        return None if cell is None else cell[0] * self.play_state.game.width + cell[1]

    # --- input ----------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type == pygame.MOUSEMOTION:
            self._point_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # A click finishes a moving stone at once; the click then does what it would have done.
            self.play_state.finish_animation()
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.TEXTINPUT and self.renaming is not None:
            self.name_draft = typed_name(self.name_draft + event.text)

    def _point_at(self, position: tuple[int, int]) -> None:
        """The mouse is at ``position``: what is under it is selected or hovered (the picture holds the
        button under it, not the point, so a move within a button or a column draws nothing anew)."""
        self.mouse = position
        self.play_state.selection = self.move_at(position)
        self._pointer_selects = True

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: the board moves, and a mouse selection follows the column or cell now under the
        pointer (which stays where it was in the window)."""
        if size == self.size:
            return
        super().resize(size)
        if self._pointer_selects:
            self.play_state.selection = self.move_at(self.mouse)

    def _click(self, position: tuple[int, int]) -> None:
        if self.renaming is not None:
            self.finish_renaming(keep=True)  # a click elsewhere keeps what was typed, as in a form
        frame, play_state = self.frame(), self.play_state
        button = hit(frame.buttons(), position)
        if button is not None:
            self.act(button.action)
            return
        learn_map, layout = play_state.learn_map, frame.learn_map
        if learn_map is not None and layout is not None:
            # The picture of the tree covers the board: a click there selects a position, or starts the runs
            # from it, and plays nothing.
            if layout.button is not None and layout.button.collidepoint(position):
                self.act(Action.LEARN_DRILL)
                return
            path = node_at(layout, position)
            if path is not None:
                learn_map.select(path)
            return
        if play_state.options.mode is Mode.TWO_PLAYERS:
            piece = name_at(self.fonts, frame.layout.match, frame.match, position)
            if piece is not None:
                self.start_renaming(piece)
                return
        if play_state.review is not None:
            # The board under review takes no moves; a click on the strip shows that move.
            ply = slot_at(frame.layout.review, len(play_state.review.moves), position)
            if ply is not None:
                play_state.step_review(ply)
            return
        if frame.over:
            # A click on the finished board (anywhere but a button) folds the result banner away or back, so
            # the player can look at what it covered.
            play_state.feedback.fold_banner(frame.banner is not None)
            return
        move = self.move_at(position)
        if move is not None:
            play_state.selection = move
            play_state.try_play(move)

    def act(self, action: Action | str) -> None:
        """Does what a button or a command key names (a value of :class:`Action`; see
        :data:`~ui.play.actions.COMMANDS`)."""
        request = BY_ACTION[Action(action)].run(self.play_state)
        if request is not None:
            self.request = request

    def start_renaming(self, piece: int) -> None:
        """Starts typing a new name for the player of ``piece`` (two players): Enter keeps it, Esc not."""
        self.renaming = piece
        self.name_draft = self.play_state.board_game.given_names()[piece]
        self.wants_text = True

    def finish_renaming(self, keep: bool) -> None:
        """Ends the typing; with ``keep`` the name (or, left empty, the piece's own name) is the player's
        from now on, and remembered in the settings."""
        piece = self.renaming
        self.renaming, self.wants_text = None, False
        if piece is None or not keep:
            return
        # The name is the player's, whichever piece they play this round.
        player = self.play_state.board_game.name_index(piece)
        names = list(self.play_state.options.names)
        names[player] = clean_name(self.name_draft)
        self.play_state.board_game.change_options(names=(names[0], names[1]))
        self.request = RememberName(player, names[player])

    def _key(self, event: pygame.event.Event) -> None:
        play_state = self.play_state
        if self.renaming is not None:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.finish_renaming(keep=event.key != pygame.K_ESCAPE)
            elif event.key == pygame.K_BACKSPACE:
                self.name_draft = self.name_draft[:-1]
            return  # every other key is part of the name (it comes as text), never a move
        game = play_state.game
        situation = Situation(
            reviewing=play_state.review is not None,
            letters_are_cells=move_keys.letters_are_cells(game.width, game.height, play_state.gravity),
            game_over=play_state.review is None and play_state.game.is_over(),
            watching=play_state.options.mode is Mode.WATCH,
            coach_warned=play_state.round.coach.warning is not None,
            map_shown=play_state.learn_map is not None,
        )
        action = key_action(event.key, event.mod, situation)
        if action is not None:
            self.act(action)
        elif not is_command(event.mod) and not situation.reviewing and self.play_state.learn_map is None:
            # The board under review takes no moves, nor the board under the picture of the tree.
            # The keyboard's selection stays where the keys put it, whatever the window's size.
            self._pointer_selects = False
            meaning = move_keys.answer(
                event.key, game.width, game.height, play_state.gravity, play_state.selection
            )
            play_state.selection = meaning.selection
            if meaning.note is not None:
                play_state.feedback.notify(meaning.note, kind=NoticeKind.INFO)
            elif meaning.play and meaning.selection is not None:
                play_state.try_play(meaning.selection)

    # --- drawing (see ui.play.picture)
    # -------------------------------------------------------------------------

    def caption(self) -> str:
        return play_words.caption(self.play_state)

    def draw(self, surface: pygame.Surface, picture: object = None) -> None:
        draw_play(surface, picture if isinstance(picture, PlayPicture) else self.picture())

    def picture(self, settings: Settings = DEFAULT_SETTINGS) -> PlayPicture:
        """Everything the screen shows now with the player's ``settings``, for
        :func:`ui.play.picture.draw_play`."""
        return play_picture(
            self.play_state, settings, self.frame(), self.theme, self.fonts, self.view, self.mouse
        )

    def receive(self, message: EngineMessage) -> None:
        self.play_state.receive(message)

    def update(self, dt: float) -> None:
        self.play_state.update(dt)

    def toast_area(self) -> Rect:
        """The detail line's band at the bottom of the status area: the status line itself stays readable."""
        status = self.layout().status
        top = status.top + int(status.height * 0.58)
        return Rect(0, top, status.width, status.bottom - top - 2)
