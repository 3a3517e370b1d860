"""The handle on one engine request (python-chess's ``AnalysisResult`` shape): what ``think``, ``ponder`` and
``review`` return, so that the caller holds its request rather than a bare token.

The handle knows its own messages (:meth:`Request.owns`) and stops its own search and no other
(:meth:`Request.stop`). It lives below both the engine and the window, as the messages do, so that a test's
stand-in engine can hand out the same type.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ai.messages import EngineMessage, LiveCount


@dataclass(frozen=True, eq=False)
class Request:
    """One request made of an engine: ``token`` is the one its messages and its live count carry.

    Two handles are the same request only if they are the same object (tokens are unique per engine, not
    across engines).
    """

    token: int
    #: Stops this request's search; the engine that made the handle gives it (see :meth:`stop`).
    _stop: Callable[[], None] = field(repr=False)

    def owns(self, message: EngineMessage | LiveCount) -> bool:
        """True when ``message`` (or a live count) is about this request. An EngineFailure is owned by the
        request it failed in, but it is news about the engine: callers show it whatever its request."""
        return message.token == self.token

    def stop(self) -> None:
        """Stops this request only: its search ends at its next check point and posts nothing more (what it
        posted before may still be polled). Stopping a request that already ended, was superseded or was
        stopped does nothing; the engine's other requests run on."""
        self._stop()
