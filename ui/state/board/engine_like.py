"""The engine as the window sees it: the calls of :class:`EngineLike`, which ``ai.engine.Engine`` answers and
tests fake."""

from __future__ import annotations

from typing import Protocol

from ai.contracts import Limits
from ai.messages import EngineMessage, LiveCount
from ai.request import Request
from game.protocol import Game


class EngineLike(Protocol):
    """The engine façade the window codes against (``ai.engine.Engine``; tests pass a fake).

    Every call except ``close`` returns at once; ``poll`` never raises: what failed in the engine's worker
    comes as an :class:`~ai.messages.EngineFailure`, after which the engine serves on (and still answers
    every ``think``). Each request returns its handle, which the window holds to stop that request and to
    know its messages.
    """

    def think(self, game: Game, limits: Limits) -> Request: ...

    def ponder(self, game: Game, limits: Limits | None = None, analyse: bool = False) -> Request: ...

    def review(self, game: Game, seconds_per_position: float | None = None) -> Request: ...

    def explain(self, game: Game, move: int | None = None) -> Request: ...

    def start_game(self, game: Game | None = None) -> None: ...

    def poll(self) -> list[EngineMessage]: ...

    def searching(self) -> LiveCount | None: ...

    def close(self) -> None: ...
