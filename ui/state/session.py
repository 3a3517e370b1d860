"""The game session: who sits at the board, the history and redo stack, and the conversation with the engine.

This is the play screen's brain without pygame, so tests can drive it directly. It owns:

* the seats (human or computer at a level) of the current round, and the rounds themselves;
* the game, undo (against the computer: your move and its reply together) and redo;
* the engine requests: think when a computer is to move; on a human's turn, ponder when pondering is on
  (computer mode), and also when the view wants the search's values anyway (a hint, the analysis overlay: in
  every mode, pondering on or off). This is the one place that decides when to ponder; the engine runs what
  it is asked. Stop when a request is superseded; and the token of the one request whose messages are still
  wanted: the engine hands out every message it posted, and this is where those of other requests are
  dropped, so a late answer to an undone position is never played;
* the presentation delay: the computer's answer is held until the board has been still for
  :data:`PRESENTATION_DELAY` seconds, so a person can follow it even when the search answered at once.

Time only moves through :meth:`Session.update`, so tests decide how much of it passes.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from ai.contracts import Limits, SearchResult
from ai.exact.analysis import can_analyze
from ai.messages import BestMove, EngineFailure, EngineMessage, Progress, ReviewMark, Searching
from ai.play.levels import Level
from ai.play.review import ALWAYS_EXACT_CELLS
from game.catalog import new_game
from game.protocol import Game
from ui.state.options import FirstPlayer, Mode, PlayOptions
from ui.state.review import GameReview
from ui.state.show_me import BestLine

#: Seconds the board stays still before the computer's move is shown (GNOME Four-in-a-row's lesson).
PRESENTATION_DELAY = 0.6


class EngineLike(Protocol):
    """The engine façade the window codes against (``ai.engine.Engine``; tests pass a fake).

    Every call except ``close`` returns at once; ``poll`` never raises: what failed in the engine's worker
    comes as an :class:`~ai.messages.EngineFailure`, after which the engine serves on (and still answers
    every ``think``).
    """

    def think(self, game: Game, limits: Limits) -> int: ...

    def ponder(self, game: Game, limits: Limits | None = None, analyse: bool = False) -> int: ...

    def review(self, game: Game, seconds_per_position: float | None = None) -> int: ...

    def stop(self) -> None: ...

    def start_game(self, game: Game | None = None) -> None: ...

    def poll(self) -> list[EngineMessage]: ...

    def searching(self) -> Searching | None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Seat:
    """One side of the board: a human (``level`` None) or the computer at ``level``."""

    level: Level | None = None

    @property
    def is_human(self) -> bool:
        return self.level is None


HUMAN = Seat()


class Refusal(enum.Enum):
    """Why a human's move was not played; the turn stays where it was."""

    GAME_OVER = "the game is over"
    NOT_YOUR_TURN = "the computer is to move"
    ILLEGAL = "not a legal move"
    COACHED = "the coach asks first"


@dataclass(frozen=True)
class Thinking:
    """The running search as the status line and the analysis overlay tell it: for ``player``, a think or a
    ponder (pondering includes analysis asked for by the view).

    ``result`` is the latest Progress's, None until the first iteration completes; its scores are from
    ``player``'s side, and its ``move_scores`` value every legal move of the position on the board when the
    search had them (pondering and the exact solver do; an ordinary think does not, and then it is empty).

    ``nodes`` and ``seconds`` move between depths too: ``nodes`` is the larger of the result's count and the
    engine's live count, ``seconds`` the time since the request was sent, counted by the session while
    ``running`` (until the answer arrives or the engine says the search has ended). ``proving``: the exact
    solver is at work now (it reports no depths, only positions).
    """

    player: int
    pondering: bool
    result: SearchResult | None = None
    nodes: int = 0
    seconds: float = 0.0
    running: bool = True
    proving: bool = False


def seats_for_round(options: PlayOptions, round_number: int, to_move_at_start: int) -> tuple[Seat, Seat]:
    """The seats of players 0 and 1 in round ``round_number`` (1, 2, ...).

    Against the computer, "who starts" means who moves first from the start position (which is player 0 on an
    empty board); with ALTERNATE the human starts the odd rounds. In watch mode ALTERNATE swaps the two levels
    every round, so each level gets to start.
    """
    swapped = options.first is FirstPlayer.ALTERNATE and round_number % 2 == 0
    if options.mode is Mode.TWO_PLAYERS:
        return HUMAN, HUMAN
    if options.mode is Mode.WATCH:
        first, second = options.watch_levels
        if swapped:
            first, second = second, first
        return Seat(first), Seat(second)
    human_starts = options.first is FirstPlayer.HUMAN or (
        options.first is FirstPlayer.ALTERNATE and not swapped
    )
    human_player = to_move_at_start if human_starts else 1 - to_move_at_start
    computer = Seat(options.level)
    return (HUMAN, computer) if human_player == 0 else (computer, HUMAN)


class Session:
    """One sitting at the board: rounds of one game variant in one mode, played through ``engine``."""

    def __init__(
        self, options: PlayOptions, engine: EngineLike, round_number: int = 1, moves: str | None = None
    ) -> None:
        """A sitting at round ``round_number``; ``moves`` (the whole move string from the empty board) sits
        down at a game already under way, the computer's move pending if it is to move. The caller has checked
        that the moves are legal."""
        self.options = options
        self.engine = engine
        #: The moves of the game under way this sitting sat down at (None: it began at the start position).
        self.resumed_at = moves
        self.round_number = round_number
        self.paused = False
        self.thinking: Thinking | None = None
        self.game: Game = self._start_position()
        self.seats: tuple[Seat, Seat] = (HUMAN, HUMAN)
        self._redo: list[int] = []
        # The request whose messages are still wanted; every other token is stale.
        self._token: int | None = None
        self._answer: BestMove | None = None
        self._still_for = 0.0
        #: The view wants the search's values of the human's position even where nobody ponders.
        self._analysis_wanted = False
        #: The review of the game while one shows (see :meth:`open_review`); the game waits meanwhile.
        self.review: GameReview | None = None
        #: The finished game's review run unseen, for the strength its moves showed (see :meth:`appraise`).
        self.appraisal: GameReview | None = None
        #: The help this game had, by the names of :data:`ui.state.player_rating.ASSISTS` (any: not rated).
        self.assists: set[str] = set()
        self._reset(moves)

    #: The options a sitting may change as it goes (the settings panel, the match bar's names).
    CHANGEABLE = frozenset({"max_seconds", "coach", "names"})

    def change_options(self, **changes: object) -> None:
        """Changes options that do not change the game (:data:`CHANGEABLE`): the max level's think time counts
        from its next move; the coach, on the human's turn, renews the request (it needs proven values)."""
        unknown = set(changes) - self.CHANGEABLE
        if unknown:
            raise ValueError(f"options {sorted(unknown)} cannot change during a game")
        before = self.options
        self.options = replace(self.options, **changes)  # type: ignore[arg-type]
        if self.options.coach != before.coach and self.is_human_turn() and self.review is None:
            self._forget_request()
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

    def _start_position(self) -> Game:
        game = new_game(self.options.game, self.options.width, self.options.height)
        # The options were checked when they were made; a bad string here is a bug, so let it raise.
        game.play_text(self.options.moves)
        return game

    def _reset(self, moves: str | None = None) -> None:
        self._forget_request()
        self.appraisal = None
        self.assists = {"set up"} if moves is not None or self.options.moves else set()
        self.game = self._start_position()
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
        return self.seats[self.game.to_move()]

    def is_human_turn(self) -> bool:
        return not self.game.is_over() and self.seat_to_move().is_human

    def is_computer_turn(self) -> bool:
        return not self.game.is_over() and not self.seat_to_move().is_human

    def last_move(self) -> int | None:
        history = self.game.history()
        return history[-1] if history else None

    # --- moves ----------------------------------------------------------------------------------------------

    def play(
        self, move: int, second_thoughts: Callable[[int], Refusal | None] | None = None
    ) -> Refusal | None:
        """Plays a human's ``move``; returns why not (and changes nothing) if it cannot be played. The one
        check of the rules on the way down a move: ``second_thoughts``, asked only about a legal move on a
        human's turn, may still hold it back (the coach's warning, a puzzle's wrong move)."""
        if self.game.is_over():
            return Refusal.GAME_OVER
        if not self.seat_to_move().is_human:
            return Refusal.NOT_YOUR_TURN
        if move not in self.game.moves():
            return Refusal.ILLEGAL
        refusal = None if second_thoughts is None else second_thoughts(move)
        if refusal is None:
            self._apply(move)
        return refusal

    def _apply(self, move: int) -> None:
        self.game.apply(move)
        # Playing the move that redo would replay keeps the rest of the redo stack; any other move ends it.
        if self._redo and self._redo[-1] == move:
            self._redo.pop()
        else:
            self._redo.clear()
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Sends the request the new position needs: think, ponder, or nothing (stopping what runs). A review
        showing is closed: the game it reviews has changed, or the player went back to it."""
        if self.review is not None:
            self.review = None
            self.engine.stop()
        self._answer = None
        self._still_for = 0.0
        self.thinking = None
        player = self.game.to_move()
        if self.game.is_over():
            self._forget_request()
            return
        seat = self.seats[player]
        if not seat.is_human:
            # think() supersedes whatever ran (the ponder of the human's move), so no stop() is needed.
            self._token = self.engine.think(self.game, seat.level.limits(self.options.max_seconds))
            self.thinking = Thinking(player, pondering=False)
        elif self._ponders() or self._analysis_wanted or self.options.coach:
            # The computer's limits tell the engine how deep pondering pays: one ply past a depth level covers
            # every reply the human can make; deeper would only burn the human's CPU. The view's analysis and
            # the coach need every move's value proven, whatever the level.
            analyse = self._analysis_wanted or self.options.coach
            self._token = self.engine.ponder(self.game, self._computer_limits(), analyse=analyse)
            self.thinking = Thinking(player, pondering=True)
        else:
            self._forget_request()

    def _ponders(self) -> bool:
        """Pondering is on: the computer thinks on every turn of its human opponent."""
        return self.options.mode is Mode.COMPUTER and self.options.ponder

    def _computer_limits(self) -> Limits | None:
        """The opponent computer's limits against the computer (so a hint is the computer's own opinion and
        fills its table as pondering would); None with two players, which analyses without a depth target."""
        if self.options.mode is not Mode.COMPUTER:
            return None
        computer = next(seat for seat in self.seats if not seat.is_human)
        return computer.level.limits(self.options.max_seconds)

    @property
    def analysis_wanted(self) -> bool:
        """The view asked for the values of the human's position (see :meth:`want_analysis`)."""
        return self._analysis_wanted

    def want_analysis(self, wanted: bool) -> None:
        """The view needs (or no longer needs) the values of the human's position: starts or stops the search.

        On the human's turn the running ponder is replaced by one that knows (the engine then proves every
        move's value whatever the computer's level, and stops when they are proven), or an analysis starts
        where nobody ponders (and at every later human turn while wanted); it stops when no longer wanted.
        """
        if wanted == self._analysis_wanted:
            return
        self._analysis_wanted = wanted
        if self.is_human_turn() and self.review is None:
            before = self.thinking
            self._forget_request()
            self._begin_turn()
            if before is not None and before.pondering and self.thinking is not None:
                # Same position, same side: what the search found so far stays on show until the new
                # request improves on it.
                self.thinking = replace(self.thinking, result=before.result)

    def _forget_request(self) -> None:
        """Stops the running request, if any; its late messages will carry a token nobody wants."""
        if self._token is not None:
            self.engine.stop()
            self._token = None
        self._answer = None
        self.thinking = None

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
        if isinstance(message, ReviewMark):
            for review in (self.review, self.appraisal):
                if review is not None and message.token == review.token:
                    return review.receive(message.review)
            return False
        line = None if self.review is None else self.review.line
        if line is not None and isinstance(message, Progress) and message.token == line.token:
            if line.receive(message.result):
                self._ask_line(line)
            return True
        if self._token is None or message.token != self._token or self.thinking is None:
            return False
        if isinstance(message, Progress):
            result = message.result
            self.thinking = replace(
                self.thinking,
                result=result,
                nodes=max(self.thinking.nodes, result.nodes),
                seconds=max(self.thinking.seconds, result.seconds),
            )
            return True
        if self.thinking.pondering:
            raise RuntimeError(f"the engine sent a best move for ponder request {message.token}")
        if message.move not in self.game.moves():
            raise RuntimeError(f"the engine answered {message.move!r}, not a legal move in {self.game!r}")
        self._answer = message
        return True

    def update(self, dt: float, board_busy: bool = False) -> int | None:
        """Lets ``dt`` seconds pass; plays and returns the computer's move once it may be shown, else None.

        ``board_busy`` is True while the view still animates: the presentation delay only counts while the
        board is still, so the computer's disc never lands on top of the human's falling one.
        """
        self._follow_search(dt)
        if board_busy or self.paused or self.review is not None or not self.is_computer_turn():
            return None
        self._still_for += dt
        if self._answer is None or self._still_for < PRESENTATION_DELAY:
            return None
        move = self._answer.move
        self._apply(move)
        return move

    def _follow_search(self, dt: float) -> None:
        """Counts the running search's time and takes the engine's live count, so the status line moves
        between completed depths; stops counting once the answer is in or the engine says the search ended."""
        thinking = self.thinking
        if thinking is None or not thinking.running:
            return
        live = self.engine.searching()
        if live is not None and live.token != self._token:
            live = None  # another request's count: an earlier one, or the last before this one started
        ended = self._answer is not None or (live is not None and not live.running)
        self.thinking = replace(
            thinking,
            nodes=max(thinking.nodes, live.nodes if live is not None else 0),
            seconds=thinking.seconds + dt,
            running=not ended,
            proving=not ended and live is not None and live.proving,
        )

    def leave(self) -> None:
        """Stops any search: the players are leaving this board."""
        self._forget_request()
        if self.review is not None:
            self.review = None
            self.engine.stop()

    # --- the review -----------------------------------------------------------------------------------------

    def open_review(self, seconds_per_position: float | None = None) -> GameReview:
        """Opens the review of the game as it stands: the turn's search stops (the game waits, a computer's
        answer included) and the engine reviews a copy of the game. Reviewing never changes the game, its
        history or the tally. ``seconds_per_position``: see :func:`ai.play.review.review_game`."""
        self._forget_request()
        appraisal = self.appraisal
        if appraisal is not None and appraisal.moves == tuple(self.game.history()):
            # The finished game's review already runs unseen: it is the one to show, with the marks so far.
            appraisal.cursor = len(appraisal.moves)
            self.review = appraisal
            return appraisal
        self.review = GameReview(self.game.copy(), seconds_per_position=seconds_per_position)
        self.review.token = self.engine.review(self.game.copy(), seconds_per_position)
        return self.review

    def appraise(self, seconds_per_position: float | None = None) -> GameReview | None:
        """Starts the review of the finished game without showing it (the engine is idle once a game is
        over), for the strength its moves showed; :meth:`open_review` then shows it rather than starting
        another. Returns it; None (nothing started) while the game goes on or a review shows."""
        if not self.game.is_over() or self.review is not None:
            return None
        self.appraisal = GameReview(self.game.copy(), seconds_per_position=seconds_per_position)
        self.appraisal.token = self.engine.review(self.game.copy(), seconds_per_position)
        return self.appraisal

    def show_best_line(self) -> BestLine | None:
        """ "Show me": starts the best line from the position before the move the review shows, on the boards
        the review proves whatever it takes (7 x 6, 6 x 5, Tic-tac-toe); None elsewhere (a larger board's
        line could take the solver minutes a move), or with no move shown. The review's own work waits
        meanwhile (see :meth:`close_line`)."""
        review = self.review
        if review is None or review.cursor == 0:
            return None
        start = review.position()
        if not can_analyze(start) or start.width * start.height > ALWAYS_EXACT_CELLS:
            return None
        review.line = BestLine(start)
        self._ask_line(review.line)
        return review.line

    def _ask_line(self, line: BestLine) -> None:
        """Asks for the proven values of the line's next position (nothing once the line reaches the end)."""
        line.token = None if line.done else self.engine.ponder(line.frontier(), None, analyse=True)

    def close_line(self) -> None:
        """Back from the best line to the review, whose marks still missing are asked for again."""
        review = self.review
        if review is None or review.line is None:
            return
        review.line = None
        self.engine.stop()
        if not review.complete():
            review.token = self.engine.review(review.game.copy(), review.seconds_per_position)

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
        history = self.game.history()
        if self.options.mode is Mode.WATCH or not history:
            return 0
        if self.options.mode is Mode.TWO_PLAYERS:
            return 1
        # Against the computer: back to (and including) the human's last move, so the human is to move again.
        # Moves alternate from player 0 on the empty board, so move i was made by player i % 2.
        for index in range(len(history) - 1, -1, -1):
            if self.seats[index % 2].is_human:
                return len(history) - index
        return 0

    def undo(self) -> int:
        """Takes back the last move (against the computer: yours and its reply); stops any search.

        Returns how many plies were taken back (0: nothing to undo, nothing changed).
        """
        count = self._undo_count()
        if count == 0:
            return 0
        self.assists.add("take-back")
        self.appraisal = None
        self._forget_request()
        for _ in range(count):
            self._redo.append(self.game.undo())
        self._begin_turn()
        return count

    def can_redo(self) -> bool:
        if not self._redo or self.game.is_over() or self.options.mode is Mode.WATCH:
            return False
        # Against the computer, redo replays a human move (and the reply after it) on the human's turn.
        return self.is_human_turn()

    def redo(self) -> int:
        """Replays what undo took back (against the computer: your move and its reply). Returns the plies."""
        if not self.can_redo():
            return 0
        self._forget_request()
        count = 0
        while self._redo:
            self.game.apply(self._redo.pop())
            count += 1
            if self.options.mode is Mode.TWO_PLAYERS or self.game.is_over() or self.seat_to_move().is_human:
                break
        self._begin_turn()
        return count
