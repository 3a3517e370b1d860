"""The help the player asks for at the board: the hint (H) and the analysis overlay (A), and the analysis the
board game keeps running while either wants it; the hint's move asks for its reason. Asking for help is noted
in the board game's assists (an assisted game is unrated, see :mod:`ui.state.files.player_rating`). No pygame
here.
"""

from __future__ import annotations

from game.connect4 import ConnectFour
from ui.state.board.board_game import BoardGame
from ui.state.play.hint import Hint
from ui.state.play.notices import Told
from ui.state.play.plan_view import PlanView


class Assistance:
    """The hint and the overlay of one game at the board; each method takes the board game now."""

    def __init__(self) -> None:
        #: The analysis overlay (A) shows.
        self.overlay_shown = False
        self.hint: Hint | None = None
        #: The plan view (E): the plan that holds the result, drawn on the board.
        self.plan = PlanView()

    def ask_hint(self, board_game: BoardGame) -> Told | None:
        """Shows the search's best move for the human to move (asking for an analysis if nothing searches);
        returns why not, where it is not the human's turn."""
        if not board_game.is_human_turn():
            return Told.HINT_NOT_YOUR_TURN if not board_game.game.is_over() else Told.GAME_OVER
        position = board_game.game.moves_text()
        self.hint = Hint(position)
        board_game.assists.add("hint")
        self.hint.follow(board_game.thinking, position)
        self.want_analysis(board_game)
        return None

    def show_move(self, board_game: BoardGame, move: int) -> None:
        """Shows ``move`` as the hint for the human to move (a move known without a search: the Learn
        trainer's tree's)."""
        self.hint = Hint(board_game.game.moves_text(), move, fixed=True)
        board_game.assists.add("hint")

    def toggle_overlay(self, board_game: BoardGame) -> None:
        """Shows or hides the analysis overlay (A)."""
        self.overlay_shown = not self.overlay_shown
        self.want_analysis(board_game)

    def toggle_plan(self, board_game: BoardGame) -> Told | None:
        """Shows or hides the plan view (E); returns why not, where the game is not Connect Four."""
        if not self.plan.shown and not isinstance(board_game.game, ConnectFour):
            return Told.PLAN_VIEW_CONNECT_FOUR_ONLY
        self.plan.toggle(board_game)
        self.plan.update(board_game)
        self.want_analysis(board_game)
        return None

    def want_analysis(self, board_game: BoardGame) -> None:
        """Keeps an analysis of the human's position running while the overlay shows, a hint waits or the plan
        view shows the plan of the human to move (which it finds after their best move)."""
        board_game.want_analysis(
            self.overlay_shown or self.hint is not None or self.plan.wants_values(board_game)
        )

    def update(self, board_game: BoardGame, dt: float) -> None:
        """Lets ``dt`` seconds pass: the hint follows the search, and ends once a move is played."""
        if self.overlay_shown and board_game.is_human_turn() and board_game.review is None:
            # The overlay's values are help: the game is not rated (see ui.state.files.player_rating).
            board_game.assists.add("values")
        self.plan.update(board_game)
        self.want_analysis(board_game)
        if self.plan.shown and board_game.is_human_turn() and board_game.review is None:
            board_game.assists.add("values")
        if self.hint is None:
            return
        position = board_game.game.moves_text()
        self.hint.follow(board_game.thinking, position)
        if self.hint.move is not None:
            # Why the hinted move: the explainer's answer comes within a moment, on its own thread.
            board_game.reasons.ask(board_game.game, self.hint.move)
        if not self.hint.alive(position):
            self.hint = None
            self.want_analysis(board_game)
