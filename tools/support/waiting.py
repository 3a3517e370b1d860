"""Waiting in tests on a condition rather than on the clock: a fixed sleep before an assertion passes on an
idle machine and fails on a loaded one (a thread or a process not yet scheduled), a condition polled under a
generous bound passes as soon as it holds and fails only when it never does."""

from __future__ import annotations

import time
from collections.abc import Callable

#: Seconds: far beyond what the awaited things take, even on a machine shared with a parallel test run.
GENEROUS = 30.0


def wait_until(condition: Callable[[], object], what: str, timeout: float = GENEROUS) -> None:
    """Returns as soon as ``condition()`` is true (polled every few milliseconds); fails the test, saying
    ``what`` was awaited, if it is still false after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(0.005)
