"""Writing one user file off the UI thread: the window hands a change over and draws on, while a daemon thread
of its own does the file's locking, merging and syncing (:meth:`~ui.state.files.store.JsonStore.update`).

Latest wins: changes not yet written are composed into one (the older, then the newer), so a burst of moves
costs one write, and the file ends as if each change had been written in turn. What the window knows
(:attr:`BackgroundWriter.value`) has every change it handed over at once; after each write it is what the
file held, with the changes still waiting applied (after a failed write it stays the window's own). Why a
write failed is kept for the UI thread to take (:meth:`BackgroundWriter.take_problem`) and show. A store
without a file (tests, screenshots) is changed at once, and no thread starts. No pygame here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic

from ui.state.files.store import JsonStore, Value

Change = Callable[[Value], Value]


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
        """Writes what waits, waiting at most ``timeout`` seconds, and ends the thread; True when all was
        written. A change after this is written at once (see :meth:`change`)."""
        written = self.flush(timeout)
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        return written

    def _set_problem(self, problem: str | None) -> None:
        if problem is not None:
            with self._lock:
                self._problem = problem

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._waiting is not None or self._closed)
                if self._waiting is None:
                    return
                change, self._waiting = self._waiting, None
                self._writing = True
            # The file's lock, its read and the synced write happen here, with no lock of ours held, so the
            # window can hand over the next change meanwhile.
            problem = self.store.update(change)
            with self._lock:
                self._writing = False
                waiting = self._waiting
                if problem is None:
                    self._known = self.store.value if waiting is None else waiting(self.store.value)
                else:
                    # The file's value is not known: the window goes on with its own.
                    self._problem = problem
                self._lock.notify_all()
