"""Writing one user file off the UI thread: the window hands a change over and draws on, while a daemon thread
of its own does the file's locking, merging and syncing (:meth:`~ui.state.files.store.JsonStore.update`).

Latest wins: changes not yet written are composed into one (the older, then the newer), so a burst of moves
costs one write, and the file ends as if each change had been written in turn. What the window knows
(:attr:`BackgroundWriter.value`) has every change it handed over at once; after each write it is what the
file held, with the changes still waiting applied (after a failed write it stays the window's own). A write
the disk refused (a full disk, a folder not writable) is tried again every :data:`RETRY_SECONDS`, and at
once when another change comes, with every change since composed after it, until it lands or the writer
closes: the file ends with what the window showed, never a count one lower. Why a write failed is kept for the
UI thread to take (:meth:`BackgroundWriter.take_problem`) and show, once for each run of failures. A store
without a file (tests, screenshots) is changed at once, and no thread starts. No pygame here.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Generic

from ui.state.files.store import JsonStore, Value

Change = Callable[[Value], Value]

#: Seconds between two tries of a write the disk refused: often enough that a freed disk is used soon,
#: seldom enough that a full one costs nothing.
RETRY_SECONDS = 1.0


def _then(first: Change[Value], second: Change[Value]) -> Change[Value]:
    return lambda value: second(first(value))


class BackgroundWriter(Generic[Value]):
    """Writes the changes of ``store`` on one daemon thread, started at the first change; :meth:`close`
    writes what waits (bounded) and ends it. Only this writer changes ``store`` once it has started."""

    def __init__(self, store: JsonStore[Value]) -> None:
        self.store = store
        self._lock = threading.Condition()
        self._known: Value = store.value
        self._waiting: Change[Value] | None = None
        self._writing = False
        self._problem: str | None = None
        #: When the last write failed and its change waits for the next try: the moment of that try.
        self._retry_at: float | None = None
        self._closed = False
        self._thread: threading.Thread | None = None

    @property
    def value(self) -> Value:
        """What the window knows of the file: as last read or written, with every change since applied."""
        with self._lock:
            return self._known

    def change(self, change: Change[Value]) -> None:
        """Applies ``change`` to :attr:`value` at once and has it written to the file soon, merged with what
        the file holds then (see :meth:`JsonStore.update`). Never waits for the file. After :meth:`close` the
        change is written on the calling thread."""
        if self.store.path is None or self._closed:
            self._set_problem(self.store.update(change))
            with self._lock:
                self._known = self.store.value
            return
        with self._lock:
            self._known = change(self._known)
            self._waiting = change if self._waiting is None else _then(self._waiting, change)
            if self._retry_at is not None:
                # A failing write is tried again with the new change, at once: the disk may have room now.
                self._retry_at = min(self._retry_at, time.monotonic())
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="user-file-writer", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def reload(self) -> Value:
        """Reads the file again, for what other windows wrote since, and returns the new :attr:`value` (see
        :meth:`JsonStore.load`). Never waits for a write: while one of this window's changes is still on its
        way, the value stays as it is (this window's changes all in it, the other windows' as of the last
        write, which read them)."""
        with self._lock:
            if self._waiting is None and not self._writing:
                self._known = self.store.load()
            return self._known

    @property
    def failing(self) -> bool:
        """True while the last write failed and its changes wait to be tried again."""
        with self._lock:
            return self._retry_at is not None

    def take_problem(self) -> str | None:
        """Why the last write that failed did not save, once (None when none failed since the last call)."""
        with self._lock:
            problem, self._problem = self._problem, None
            return problem

    def flush(self, timeout: float) -> bool:
        """Waits at most ``timeout`` seconds for every change handed over to be written; True if it was."""
        with self._lock:
            return self._lock.wait_for(lambda: self._waiting is None and not self._writing, timeout)

    def close(self, timeout: float = 2.0) -> bool:
        """Writes what waits, waiting at most ``timeout`` seconds (trying again a write that fails), and ends
        the thread; True when all was written, False when changes are left unwritten. A change after this is
        written at once (see :meth:`change`)."""
        written = self.flush(timeout)
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        return written

    def _set_problem(self, problem: str | None) -> None:
        if problem is not None:
            with self._lock:
                self._problem = problem

    def _due(self) -> bool:
        """Whether the thread has work: a change to write (a failed one only once its retry is due), or the
        end. Called with the lock held."""
        if self._closed:
            return True
        if self._waiting is None:
            return False
        return self._retry_at is None or time.monotonic() >= self._retry_at

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._due():
                    wait = None if self._retry_at is None else max(0.0, self._retry_at - time.monotonic())
                    self._lock.wait(wait)
                # Closed: what waits gets one last try, unless its write is failing already.
                if self._waiting is None or (self._closed and self._retry_at is not None):
                    return
                change, self._waiting = self._waiting, None
                self._writing = True
            # The file's lock, its read and the synced write happen here, with no lock of ours held, so the
            # window can hand over the next change meanwhile.
            problem = self.store.update(change)
            with self._lock:
                self._writing = False
                waiting = self._waiting
                if self.store.write_failed:
                    # The change is not in the file: it is kept, before those that came meanwhile, for the
                    # next try. The player hears of the first failure of a run, not of every try.
                    self._waiting = change if waiting is None else _then(change, waiting)
                    if self._retry_at is None:
                        self._problem = problem
                    self._retry_at = time.monotonic() + RETRY_SECONDS
                else:
                    self._retry_at = None
                    if problem is None:
                        self._known = self.store.value if waiting is None else waiting(self.store.value)
                    else:
                        # The file's value is not known: the window goes on with its own.
                        self._problem = problem
                self._lock.notify_all()
