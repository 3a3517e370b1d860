"""The engine request a board game's position needs, the one whose messages it still wants, what they told.

Which request: think when a computer is to move; on a human's turn, ponder when pondering is on (computer
mode), and also when the view wants the search's values anyway (a hint, the analysis overlay: in every mode,
pondering on or off) or the coach needs them. This is the one place that decides when to ponder; the engine
runs what it is asked. What they told: the running search
(:class:`~ui.state.board.followed_search.FollowedSearch`) and a think's answer, held until the board has been
still for :data:`PRESENTATION_DELAY` seconds, so a person can follow it even when the search answered at once.
The engine hands out every message it posted; here only those the held request owns are taken, so a late
answer to an undone position is never played. No pygame here.
"""

from __future__ import annotations

from ai.contracts import Limits, SearchResult
from ai.messages import BestMove, Progress
from ai.play.levels import Level
from ai.request import Request
from game.protocol import Game
from ui.state.board.engine_like import EngineLike
from ui.state.board.followed_search import FollowedSearch
from ui.state.options import Mode, PlayOptions

#: Seconds the board stays still before the computer's move is shown (GNOME Four-in-a-row's lesson).
PRESENTATION_DELAY = 0.6
#: Seconds between two takes of a running search's live count and time (a few a second: enough to see it
#: work, few enough that the screen, which redraws when what it shows changes, leaves the search its speed).
TICK_SECONDS = 0.25


class EngineRequest:
    """The request of ``engine`` whose messages are still wanted (none at first); every other request's are
    stale.

    :attr:`thinking` is what the wanted search told so far (None when none is wanted); :attr:`answer` is a
    think's best move once it came.
    """

    def __init__(self, engine: EngineLike) -> None:
        self.engine = engine
        self._request: Request | None = None
        self.thinking: FollowedSearch | None = None
        self.answer: BestMove | None = None
        #: The computer's move chosen without a search (see :meth:`choose`).
        self.chosen: int | None = None
        self._still_for = 0.0
        #: Seconds of the running search not yet counted in :attr:`thinking` (taken at the next tick).
        self._since_tick = 0.0
        #: The view wants the search's values of the human's position even where nobody ponders.
        self.analysis_wanted = False

    def ask(self, game: Game, level: Level | None, options: PlayOptions, opponent: Level | None) -> None:
        """Sends the request ``game``, not over, needs with ``options``: think where the computer is to move
        at ``level``; else (a human is to move) ponder or nothing (stopping what runs), see the module
        docstring. ``opponent``: the computer's level against the human (None with two players)."""
        if level is not None:
            # think() supersedes whatever ran (the ponder of the human's move), so no stop() is needed.
            self.think(game, level.limits(options.max_seconds))
        elif (options.mode is Mode.COMPUTER and options.ponder) or self.analysis_wanted or options.coach:
            # The computer's limits tell the engine how deep pondering pays: one ply past a depth level covers
            # every reply the human can make; deeper would only burn the human's CPU (with two players there
            # is no depth target). The view's analysis and the coach need every move's value proven, whatever
            # the level. A hint is so the computer's own opinion and fills its table as pondering would.
            limits = None if opponent is None else opponent.limits(options.max_seconds)
            self.ponder(game, limits, analyse=self.analysis_wanted or options.coach)
        else:
            self.forget()

    def think(self, game: Game, limits: Limits) -> None:
        """Asks the engine to search ``game`` for its side to move (superseding whatever ran)."""
        self._request = self.engine.think(game, limits)
        self._wait(FollowedSearch(game.to_move(), pondering=False))

    def ponder(self, game: Game, limits: Limits | None, analyse: bool) -> None:
        """Asks the engine to ponder ``game``, where a person is to move (see ``Engine.ponder``)."""
        self._request = self.engine.ponder(game, limits, analyse=analyse)
        self._wait(FollowedSearch(game.to_move(), pondering=True))

    def choose(self, move: int) -> None:
        """The computer plays ``move``, chosen without a search (stopping what runs), once the board has been
        still as long as for a search's answer."""
        self.forget()
        self.chosen = move

    def _wait(self, thinking: FollowedSearch) -> None:
        self.thinking = thinking
        self.answer = None
        self.chosen = None
        self._still_for = 0.0
        self._since_tick = 0.0

    def forget(self) -> None:
        """Stops the request held, if any, and no other (a review or a best line of the board game's reviews
        runs on); its late messages will be owned by nobody."""
        if self._request is not None:
            self._request.stop()
            self._request = None
        self.answer = None
        self.chosen = None
        self.thinking = None
        self._still_for = 0.0

    def receive(self, message: Progress | BestMove, game: Game) -> SearchResult | None:
        """Takes a search's message about ``game``, the position on the board; returns its result, or None
        when it is stale (another request's) and was ignored.

        Raises RuntimeError when the engine breaks its contract (a best move for a ponder, or an illegal
        move): that is a bug to see, not to paper over.
        """
        if self._request is None or not self._request.owns(message) or self.thinking is None:
            return None
        if isinstance(message, Progress):
            self.thinking = self.thinking.with_result(message.result)
            return message.result
        if self.thinking.pondering:
            raise RuntimeError(f"the engine sent a best move for ponder request {message.token}")
        if message.move not in game.moves():
            raise RuntimeError(f"the engine answered {message.move!r}, not a legal move in {game!r}")
        self.answer = message
        return message.result

    def follow(self, dt: float) -> None:
        """Counts the running search's time and takes the engine's live count every :data:`TICK_SECONDS`, so
        the status line moves between completed depths a few times a second; stops counting once the answer
        is in or the engine says the search ended (both taken at once)."""
        thinking = self.thinking
        if thinking is None or not thinking.running:
            return
        self._since_tick += dt
        live = self.engine.searching()
        if live is not None and (self._request is None or not self._request.owns(live)):
            live = None  # another request's count: an earlier one, or the last before this one started
        ended = self.answer is not None or (live is not None and not live.running)
        if self._since_tick < TICK_SECONDS and not ended:
            return
        self.thinking = thinking.followed(self._since_tick, live, answered=self.answer is not None)
        self._since_tick = 0.0

    def answer_due(self, dt: float) -> int | None:
        """Lets ``dt`` seconds of a still board pass; the answer's move once it may be shown, else None."""
        self._still_for += dt
        if self._still_for < PRESENTATION_DELAY:
            return None
        if self.chosen is not None:
            return self.chosen
        return None if self.answer is None else self.answer.move
