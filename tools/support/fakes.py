"""Fakes for tests and screenshots: an engine with the façade of ``ai.engine.Engine`` (no threads, no search)
and what drives a screen with it (a scripted engine, letting time run, a real review delivered), a sound
player that records what it was asked to play, and synthetic pygame events.

Each request returns a :class:`~ai.request.Request` handle whose ``stop`` is recorded as a call named "stop"
with the request's token. ``think`` queues a Progress and a BestMove that the next ``poll`` returns (the first
legal move, unless a ``choose`` function says otherwise). With ``auto_answer=False`` nothing is queued and the
test delivers messages itself. As with the real engine, a stop does not withdraw what is already queued, and
``poll`` hands out every message whatever its request: the handles the board game holds keep stale answers off
the board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from ai.claims import Claim
from ai.contracts import Limits, SearchResult
from ai.exact.analysis import ExactAnalyzer
from ai.heuristic.search import Searcher
from ai.heuristic.table import TranspositionTable
from ai.messages import BestMove, EngineMessage, Explained, LiveCount, Progress, ReviewMark
from ai.play.review import review_game
from ai.request import Request
from ai.score import Score
from game.protocol import Game


def search_result(
    depth: int,
    score: Score,
    line: tuple[int, ...],
    nodes: int = 1,
    seconds: float = 0.0,
    move_scores: tuple[tuple[int, Score], ...] = (),
) -> SearchResult:
    """A result as the searches make it: its best move is the first of its principal variation ``line``."""
    return SearchResult(depth, score, line[0], line, nodes, seconds, move_scores)


@dataclass
class Call:
    """One call made to the fake, for tests to inspect."""

    name: str
    token: int | None = None
    moves: str = ""
    limits: Limits | None = None
    #: A ponder's ``analyse`` flag (the values were asked for).
    analyse: bool = False
    #: The move an ``explain`` asks about (None: the position).
    move: int | None = None


@dataclass
class FakeEngine:
    auto_answer: bool = True
    choose: Callable[[object], int] = field(default=lambda game: game.moves()[0])
    calls: list[Call] = field(default_factory=list)
    closed: bool = False
    #: What ``searching`` reports: the live count of the running request, as a test sets it.
    live: LiveCount | None = None
    #: Answers each ``explain`` at once with these claims of the game and move (None: the test delivers).
    reasons: Callable[[Game, int | None], tuple[Claim, ...]] | None = None
    _next_token: int = 0
    _queue: list[EngineMessage] = field(default_factory=list)

    def _request(self, call: Call) -> Request:
        """Records ``call`` under a new token; the handle on it records its stop."""
        self._next_token += 1
        call.token = token = self._next_token
        self.calls.append(call)
        return Request(token, lambda: self.calls.append(Call("stop", token)))

    def think(self, game, limits: Limits) -> Request:
        request = self._request(Call("think", moves=game.moves_text(), limits=limits))
        if self.auto_answer:
            move = self.choose(game)
            depth = limits.depth or 1
            result = search_result(depth, Score.estimate(3), (move,), 100, 0.01)
            self._queue.append(Progress(request.token, result))
            self._queue.append(BestMove(request.token, result))
        return request

    def ponder(self, game, limits: Limits | None = None, analyse: bool = False) -> Request:
        return self._request(Call("ponder", moves=game.moves_text(), limits=limits, analyse=analyse))

    def review(self, game, seconds_per_position: float | None = None) -> Request:
        return self._request(Call("review", moves=game.moves_text()))

    def explain(self, game, move: int | None = None) -> Request:
        request = self._request(Call("explain", moves=game.moves_text(), move=move))
        if self.reasons is not None:
            self._queue.append(Explained(request.token, game.moves_text(), move, self.reasons(game, move)))
        return request

    def start_game(self, game=None) -> None:
        self.calls.append(Call("start_game"))

    def poll(self) -> list[EngineMessage]:
        messages, self._queue = self._queue, []
        return messages

    def searching(self) -> LiveCount | None:
        return self.live

    def close(self) -> None:
        self.closed = True

    # --- helpers for tests ----------------------------------------------------------------------------------

    def deliver(self, message: EngineMessage) -> None:
        """Queues ``message`` for the next poll."""
        self._queue.append(message)

    def last(self, name: str) -> Call:
        """The most recent call named ``name``."""
        return next(call for call in reversed(self.calls) if call.name == name)

    def count(self, name: str) -> int:
        return sum(call.name == name for call in self.calls)


def scripted(script: str) -> FakeEngine:
    """A fake engine whose moves follow ``script`` (the whole game in the game's notation)."""
    return FakeEngine(choose=lambda game: game.text_to_move(script[game.ply()]))


class _Screen(Protocol):
    def receive(self, message: EngineMessage) -> None: ...

    def update(self, dt: float) -> None: ...


def settle(scene: _Screen, engine: FakeEngine, seconds: float = 3.0) -> None:
    """Hands ``scene`` the engine's messages and lets its time run on for ``seconds``, in quarter seconds:
    animations, the presentation delay and the result banner's delay run out."""
    for _ in range(int(seconds / 0.25)):
        for message in engine.poll():
            scene.receive(message)
        scene.update(0.25)


def deliver_review(engine: FakeEngine, game: Game, table_entries: int = 1 << 12) -> None:
    """Answers ``engine``'s last review request with the real exact review of ``game``, made here (the
    analyzer and the search the engine's own review uses)."""
    token = engine.last("review").token
    analyzer = ExactAnalyzer(solver_slots=1 << 20)
    for mark in review_game(game, analyzer, Searcher(TranspositionTable(table_entries))):
        engine.deliver(ReviewMark(token, mark))


@dataclass
class FakeSounds:
    """Records the sounds the window asks for (``ui.sound.Sounds`` has the same ``play``)."""

    played: list[str] = field(default_factory=list)

    def play(self, name: str) -> None:
        self.played.append(name)


# --- synthetic pygame events --------------------------------------------------------------------------------
# Imported lazily so that the engine fake stays usable without pygame.


def click(position: tuple[int, int], button: int = 1):
    import pygame

    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(position[0]), int(position[1])), button=button)


def motion(position: tuple[int, int]):
    import pygame

    return pygame.event.Event(
        pygame.MOUSEMOTION, pos=(int(position[0]), int(position[1])), rel=(0, 0), buttons=(0, 0, 0)
    )


def key(code: int, mod: int = 0, unicode: str = ""):
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0)


def resize(width: int, height: int):
    import pygame

    return pygame.event.Event(pygame.VIDEORESIZE, size=(width, height), w=width, h=height)
