"""Waiting in tests on a condition rather than on the clock: a fixed sleep before an assertion passes on an
idle machine and fails on a loaded one (a thread or a process not yet scheduled), a condition polled under a
generous bound passes as soon as it holds and fails only when it never does."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

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


def window_started(process: subprocess.Popen[str], what: str = "the window's display to start") -> None:
    """Returns once the window of ``process`` has started its display, which is when SDL puts in its own
    SIGTERM handler (so a SIGTERM from then on ends the window quietly), or once the process has ended (the
    caller's check of :meth:`~subprocess.Popen.poll` then says why). Linux reads the handler from /proc;
    elsewhere, where nothing tells, it waits a few seconds."""
    if not sys.platform.startswith("linux"):
        time.sleep(4)
        return
    wait_until(lambda: process.poll() is not None or _catches_sigterm(process.pid), what)


def _catches_sigterm(pid: int) -> bool:
    """True when process ``pid`` has a handler of its own for SIGTERM (read from /proc)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False  # the process has just ended: its caller's poll() sees it
    [caught] = [line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:")]
    return bool(int(caught, 16) >> (signal.SIGTERM - 1) & 1)


def run_headless_until_sigterm(program: Path, cwd: Path, env: dict[str, str]) -> tuple[int, str, str]:
    """Starts the window ``program`` (``env`` makes it headless) on a game in progress, waits for its display
    (:func:`window_started`), checks it keeps running, ends it with SIGTERM; returns its exit status, its
    output and its errors."""
    window = subprocess.Popen(
        [str(program), "--mode", "two-players", "--moves", "4453"],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    window_started(window)
    assert window.poll() is None, window.communicate()
    window.send_signal(signal.SIGTERM)
    out, err = window.communicate(timeout=GENEROUS)
    return window.returncode, out, err
