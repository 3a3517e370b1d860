"""The game at the board: who sits there, the history and redo stack, and the conversation with the engine.

This is the play screen's brain without pygame, so tests can drive it directly. It owns:

* the seats (human or computer at a level) of the current round, and the rounds themselves;
* the game, undo (against the computer: your move and its reply together) and redo;
* the engine requests, at every turn and whenever the game waits or goes on: which one the position needs,
  the one whose messages are still wanted, and the computer's answer held until the board has been still a
  moment are its :class:`~ui.state.board.engine_request.EngineRequest`'s;
* what any search proved of the position on the board (:attr:`BoardGame.proven`), carried over a move whose
  value was proven, so that the words of both turns agree;
* why a move is worth what it is, as the engine's explainer proved it (:attr:`BoardGame.reasons`).

Time only moves through :meth:`BoardGame.update`, so tests decide how much of it passes.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ai.messages import EngineFailure, EngineMessage, Explained, Progress, ReviewMark
from ai.play.levels import Level
from game.catalog import new_game
from game.protocol import Game

# The play screen imports the engine's protocol from here too.
from ui.state.board.engine_like import EngineLike as EngineLike
from ui.state.board.engine_request import EngineRequest
from ui.state.board.followed_search import FollowedSearch
from ui.state.board.proven import Proven, ProvenOnBoard
from ui.state.board.reasons import Reasons
from ui.state.board.redo_stack import RedoStack
from ui.state.board.seats import HUMAN, Seat, name_order, plies_per_undo, seats_for_round
from ui.state.option_changes import OptionChanges, changed
from ui.state.options import Mode, PlayOptions
from ui.state.review.game_review import GameReview
from ui.state.review.reviews import Reviews

if TYPE_CHECKING:
    from typing_extensions import Unpack


class Refusal(enum.Enum):
    """Why a human's move was not played; the turn stays where it was."""

    GAME_OVER = "the game is over"
    NOT_YOUR_TURN = "the computer is to move"
    ILLEGAL = "not a legal move"
    COACHED = "the coach asks first"


def start_position(options: PlayOptions, start: str | None = None) -> Game:
    """The game of ``options`` at its start position (after its set-up moves), or after ``start`` in its
    place."""
    game = new_game(options.game, options.width, options.height)
    # The options were checked when they were made; a bad string here is a bug, so let it raise.
    game.play_text(options.moves if start is None else start)
    return game


class BoardGame:
    """One game at the board: rounds of one game variant in one mode, played through ``engine``."""

    def __init__(
        self,
        options: PlayOptions,
        engine: EngineLike,
        round_number: int = 1,
        moves: str | None = None,
        start: str | None = None,
        reply_from: Callable[[Game], int | None] | None = None,
    ) -> None:
        """A board game at round ``round_number``; ``moves`` (the whole move string from the empty board) sits
        down at a game already under way, the computer's move pending if it is to move; ``start``, the
        position that game started from where it is not the options' (a game pasted, loaded or continued:
        who starts follows from it). The next game and round start from the options' start position again
        (the empty board but for a puzzle or ``--moves``). The caller has checked that the moves are
        legal. ``reply_from`` chooses the computer's move where it has one (the Learn trainer's tree), shown
        after the same still moment as a search's; where it has none, the computer searches."""
        self.options = options
        self.reply_from = reply_from
        self.engine = engine
        #: The moves of the position the game under way started from (see :meth:`set_up`).
        self.start = options.moves
        #: The moves of the game under way this board game began with (None: it began at its start position).
        self.resumed_at = moves
        self.round_number = round_number
        self.paused = False
        #: The engine request whose messages are still wanted, and what they told.
        self.request = EngineRequest(engine)
        self._proven = ProvenOnBoard()
        #: The reasons of moves, asked by the hint, the coach and the review; kept over the rounds (a key
        # names its position).
        self.reasons = Reasons(engine)
        self.game: Game = start_position(self.options)
        self.seats: tuple[Seat, Seat] = (HUMAN, HUMAN)
        #: The computer's level playing every side out (see :meth:`play_out`), or None.
        self.playing_out: Level | None = None
        self._redo = RedoStack()
        #: The reviews: the one on show (the game waits meanwhile) and the finished game's run unseen.
        self.reviews = Reviews(engine)
        #: The help this game had, by the names of :data:`ui.state.files.player_rating.ASSISTS` (any: not
        # rated).
        self.assists: set[str] = set()
        self._reset(moves, start)

    def change_options(self, **changes: Unpack[OptionChanges]) -> None:
        """Changes options that do not change the game (see :func:`~ui.state.option_changes.changed`): the
        max level's think time counts from its next move; the coach, on the human's turn, renews the request
        (it needs proven values)."""
        before = self.options
        self.options = changed(self.options, changes)
        if self.options.coach != before.coach and self.is_human_turn() and self.review is None:
            self.request.forget()
            self._begin_turn()

    # --- rounds ---------------------------------------------------------------------------------------------

    def adapt_level(self, level: Level) -> None:
        """The computer's level for the games from the next reset on (the adaptive level); the game under
        way keeps its seats."""
        self.options = replace(self.options, level=level)

    def restart(self) -> None:
        """Starts again from round 1 (so with ALTERNATE the human starts), stopping any search."""
        self.round_number = 1
        self._reset()

    def next_round(self) -> None:
        """The next round; with ALTERNATE the other side starts."""
        self.round_number += 1
        self._reset()

    def set_up(self) -> bool:
        """The game under way did not start from the empty board (a start position, a pasted or loaded
        game): it is neither rated nor counted in the tally, which count games played from the start."""
        return bool(self.start)

    def _reset(self, moves: str | None = None, start: str | None = None) -> None:
        self.request.forget()
        self._proven.forget()
        self.reviews.appraisal = None
        self.start = self.options.moves if start is None else start
        # A game sat down at under way had help before that is not known: it is not rated.
        self.assists = {"set up"} if moves is not None or self.start else set()
        self.playing_out = None
        self.game = start_position(self.options, self.start)
        # Who sits where follows from the start position, whatever was played (or undone) since.
        self.seats = seats_for_round(self.options, self.round_number, self.game.to_move())
        if moves is not None:
            # A game under way may have been undone below its start position: it is replayed from the empty
            # board, not from the start.
            self.game = new_game(self.options.game, self.options.width, self.options.height)
            self.game.play_text(moves)
        self.engine.start_game(self.game)
        self._redo.clear()
        self.paused = False
        self._begin_turn()

    # --- questions the view asks ----------------------------------------------------------------------------

    def seat_to_move(self) -> Seat:
        """The seat of the side to move (the computer's level while it plays the game out)."""
        if self.playing_out is not None:
            return Seat(self.playing_out)
        return self.seats[self.game.to_move()]

    def name_index(self, piece: int) -> int:
        """Which of the two names (:attr:`PlayOptions.names`) plays ``piece`` this round (see
        :func:`~ui.state.board.seats.name_order`)."""
        return name_order(self.options, self.round_number)[piece]

    def given_names(self) -> tuple[str, str]:
        """The names the players of pieces 0 and 1 gave themselves this round ("" where none was given)."""
        return (self.options.names[self.name_index(0)], self.options.names[self.name_index(1)])

    def is_human_turn(self) -> bool:
        return not self.game.is_over() and self.seat_to_move().is_human

    def is_computer_turn(self) -> bool:
        return not self.game.is_over() and not self.seat_to_move().is_human

    def computer(self) -> tuple[int, Level] | None:
        """The computer's player and level against the human; None with two players or in watch mode."""
        if self.options.mode is not Mode.COMPUTER:
            return None
        return next((player, seat.level) for player, seat in enumerate(self.seats) if seat.level is not None)

    def last_move(self) -> int | None:
        history = self.game.history()
        return history[-1] if history else None

    # --- moves ----------------------------------------------------------------------------------------------

    def play(self, move: int, check_move: Callable[[int], Refusal | None] | None = None) -> Refusal | None:
        """Plays a human's ``move``; returns why not (and changes nothing) if it cannot be played. The one
        check of the rules on the way down a move: ``check_move``, asked only about a legal move on a
        human's turn, may still hold it back (the coach's warning, a puzzle's wrong move)."""
        if self.game.is_over():
            return Refusal.GAME_OVER
        if not self.seat_to_move().is_human:
            return Refusal.NOT_YOUR_TURN
        if move not in self.game.moves():
            return Refusal.ILLEGAL
        refusal = None if check_move is None else check_move(move)
        if refusal is None:
            self._apply(move)
        return refusal

    def _apply(self, move: int) -> None:
        known = self.proven
        by_think = not self.seat_to_move().is_human
        self.game.apply(move)
        self._proven.carry(known, move, self.game, by_think)
        self._redo.played(move)
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Sends the request the new position needs: think, ponder, or nothing (stopping what runs). A review
        showing is closed: the game it reviews has changed, or the player went back to it."""
        self.reviews.close()
        self._proven.at_turn(self.game)
        if self.game.is_over():
            self.request.forget()
            return
        if self.reply_from is not None and self.playing_out is None and self.is_computer_turn():
            reply = self.reply_from(self.game)
            if reply is not None:
                self.request.choose(reply)
                return
        computer = self.computer()
        opponent = None if computer is None else computer[1]
        self.request.ask(self.game, self.seat_to_move().level, self.options, opponent)

    @property
    def proven(self) -> Proven | None:
        """What any search proved of the position on the board (its value, the values of some of its moves),
        kept until the position changes, whoever searches it now: every line prefers it to an estimate."""
        return self._proven.of(self.game)

    @property
    def analysis_wanted(self) -> bool:
        """The view asked for the values of the human's position (see :meth:`want_analysis`)."""
        return self.request.analysis_wanted

    def want_analysis(self, wanted: bool) -> None:
        """The view needs (or no longer needs) the values of the human's position: starts or stops the search.

        On the human's turn the running ponder is replaced by one that knows (the engine then proves every
        move's value whatever the computer's level, and stops when they are proven), or an analysis starts
        where nobody ponders (and at every later human turn while wanted); it stops when no longer wanted.
        """
        if wanted == self.request.analysis_wanted:
            return
        self.request.analysis_wanted = wanted
        if self.is_human_turn() and self.review is None:
            before = self.thinking
            self.request.forget()
            self._begin_turn()
            if before is not None and before.pondering and self.thinking is not None:
                # Same position, same side: what the search found so far stays on show until the new
                # request improves on it.
                self.request.thinking = replace(self.thinking, result=before.result)

    @property
    def thinking(self) -> FollowedSearch | None:
        """What the search of the position on the board told so far (None: no search is wanted)."""
        return self.request.thinking

    # --- the engine's messages ------------------------------------------------------------------------------

    def receive(self, message: EngineMessage) -> bool:
        """Takes one engine message; returns False when it is stale (another request's) and was ignored, or
        an EngineFailure, which is news for the window to tell (the engine goes on: a think still gets its
        BestMove).

        Raises RuntimeError when the engine breaks its contract (a best move for a ponder, or an illegal
        move): that is a bug to see, not to paper over.
        """
        if isinstance(message, EngineFailure):
            return False
        if isinstance(message, Explained):
            return self.reasons.receive(message)
        if isinstance(message, ReviewMark):
            return self.reviews.receive_mark(message)
        if isinstance(message, Progress) and self.reviews.receive_line(message):
            return True
        result = self.request.receive(message, self.game)
        if result is None:
            return False
        self._proven.learn(self.game, result)
        return True

    def update(self, dt: float, board_busy: bool = False) -> int | None:
        """Lets ``dt`` seconds pass; plays and returns the computer's move once it may be shown, else None.

        ``board_busy`` is True while the view still animates: the presentation delay only counts while the
        board is still, so the computer's disc never lands on top of the human's falling one.
        """
        self.request.follow(dt)
        if board_busy or self.paused or self.review is not None or not self.is_computer_turn():
            return None
        move = self.request.answer_due(dt)
        if move is not None:
            self._apply(move)
        return move

    def play_out(self, level: Level) -> None:
        """The computer at ``level`` stands in for every side from now on and plays the game out (the rest
        of a solved puzzle, shown rather than asked for). The seats still say who played the game; nothing
        is left to undo. A new game or round ends the playing out: the seats play again."""
        self.playing_out = level
        if not self.game.is_over() and (self.thinking is None or self.thinking.pondering):
            self.request.forget()
            self._begin_turn()

    def leave(self) -> None:
        """Stops any search: the players are leaving this board."""
        self.request.forget()
        self.reviews.close()

    # --- the review -----------------------------------------------------------------------------------------

    @property
    def review(self) -> GameReview | None:
        """The review on show, if any (see :meth:`open_review`); the game waits meanwhile."""
        return self.reviews.shown

    def open_review(self, seconds_per_position: float | None = None) -> GameReview:
        """Opens the review of the game as it stands: the turn's search stops (the game waits, a computer's
        answer included) and the engine reviews a copy of the game (see :meth:`Reviews.open`)."""
        self.request.forget()
        return self.reviews.open(self.game, seconds_per_position)

    def start_review(self, seconds_per_position: float | None = None) -> GameReview | None:
        """Starts the review of the finished game without showing it (the engine is idle once a game is
        over), for the strength its moves showed; :meth:`open_review` then shows it rather than starting
        another. Returns it; None (nothing started) while the game goes on or a review shows."""
        if not self.game.is_over() or self.review is not None:
            return None
        return self.reviews.start_review(self.game, seconds_per_position)

    def close_review(self) -> None:
        """Back to the live game: the review's work stops, and the turn's search starts again."""
        if self.review is not None:
            self._begin_turn()

    def toggle_pause(self) -> bool:
        """Watch mode: holds (or releases) the computers' moves; the search itself goes on. Returns paused."""
        if self.options.mode is Mode.WATCH:
            self.paused = not self.paused
        return self.paused

    # --- undo and redo --------------------------------------------------------------------------------------

    def can_undo(self) -> bool:
        return self._undo_count() > 0

    def _undo_count(self) -> int:
        """How many plies one undo takes back: 0 when it is not allowed."""
        if self.playing_out is not None:
            return 0
        return plies_per_undo(self.options.mode, len(self.game.history()), self.seats)

    def undo(self) -> int:
        """Takes back the last move (against the computer: yours and its reply); stops any search.

        Returns how many plies were taken back (0: nothing to undo, nothing changed).
        """
        count = self._undo_count()
        if count == 0:
            return 0
        self.assists.add("take-back")
        self.reviews.appraisal = None
        self.request.forget()
        self._redo.take_back(self.game, count)
        self._begin_turn()
        return count

    def can_redo(self) -> bool:
        if not self._redo or self.game.is_over() or self.options.mode is Mode.WATCH:
            return False
        # Against the computer, redo replays a human move (and the reply after it) on the human's turn.
        return self.is_human_turn()

    def _redo_stops_here(self) -> bool:
        """Redo stops here: after one move with two players, else where a human is to move or it is over."""
        return self.options.mode is Mode.TWO_PLAYERS or self.game.is_over() or self.seat_to_move().is_human

    def redo(self) -> int:
        """Replays what undo took back (against the computer: your move and its reply). Returns the plies."""
        if not self.can_redo():
            return 0
        self.request.forget()
        count = self._redo.replay(self.game, self._redo_stops_here)
        self._begin_turn()
        return count
