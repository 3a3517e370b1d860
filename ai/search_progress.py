"""The search's progress: the engine's check point hook, which yields the GIL to the UI thread and counts the
running request's positions for it (see "Live counting" in the module docstring of :mod:`ai.engine`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from ai.heuristic.search import Searcher
from ai.messages import LiveCount


class SearchProgress:
    """The check point hook: yields the GIL and counts the running request's positions for the UI thread.

    Only the worker thread writes; :attr:`latest` is replaced whole, never changed, so a reader on another
    thread always sees one consistent value. It holds no reference to the engine, so handing it to the
    searches in a budget makes no reference cycle through the engine.

    The compiled solver core searches without check points; ``uncounted`` reads its live position count
    (from any thread), and :meth:`now` adds what it explored since the request began.
    """

    #: Positions between two check points: the interval of the heuristic search, which the exact solver shares
    #: (tests/test_engine.py checks that they agree).
    NODES_PER_CHECK = Searcher.CHECK_EVERY

    def __init__(self, uncounted: Callable[[], int]) -> None:
        self.latest: LiveCount | None = None
        self._token = 0
        self._checks = 0
        self._started = 0.0
        self._uncounted = uncounted
        self._uncounted_at_begin = 0
        self._proving = False

    def begin(self, token: int) -> None:
        """Starts counting for the request ``token`` (on the worker thread, before its search starts)."""
        self._token, self._checks, self._started = token, 0, time.monotonic()
        self._uncounted_at_begin = self._uncounted()
        self._proving = False
        self.latest = LiveCount(token, 0, 0.0)

    def proving(self, active: bool) -> None:
        """The running request's exact proof starts (``active``) or ends (on the worker thread)."""
        self._proving = active
        latest = self.latest
        if latest is not None and latest.running:
            self.latest = replace(latest, proving=active)

    def end(self) -> None:
        """The running request's search has ended (on the worker thread): the count stays, marked finished."""
        latest = self.now()
        if latest is not None:
            self.latest = replace(
                latest, seconds=time.monotonic() - self._started, running=False, proving=False
            )

    def now(self) -> LiveCount | None:
        """The latest count with the compiled core's positions added, and the time up to now (from any
        thread)."""
        latest = self.latest
        if latest is None or not latest.running:
            return latest
        # Never below the count so far: the analyzer frees its solvers (and their counts) for another board.
        nodes = latest.nodes + max(0, self._uncounted() - self._uncounted_at_begin)
        return replace(latest, nodes=nodes, seconds=time.monotonic() - self._started)

    def __call__(self) -> None:
        self._checks += 1
        self.latest = LiveCount(
            self._token,
            self._checks * self.NODES_PER_CHECK,
            time.monotonic() - self._started,
            proving=self._proving,
        )
        # Hands a waiting UI thread the GIL now, not after the switch interval (about 1 us if none waits).
        time.sleep(0)
