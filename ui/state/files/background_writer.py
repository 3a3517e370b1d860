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
without a file (tests, screenshots) is changed at once, and no thread starts.

Order between files: each change returns a :class:`Landing`, which lands once the change is on disk; a change
handed over ``after`` another's landing is known at once but written only once that one has landed (the end
of a game is journalled first and counted after, see :mod:`ui.state.files.game_end`). No pygame here.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Generic

from game.problems import Problem
from ui.state.files.store import JsonStore, Value

Change = Callable[[Value], Value]

#: Seconds between two tries of a write the disk refused: often enough that a freed disk is used soon,
#: seldom enough that a full one costs nothing.
RETRY_SECONDS = 1.0


class Landing:
    """When a change handed to a :class:`BackgroundWriter` is on disk: :attr:`landed` turns True once, and the
    callbacks given to :meth:`then` run then, on the thread that wrote it (with no writer's lock held)."""

    def __init__(self, landed: bool = False) -> None:
        self._lock = threading.Lock()
        self._landed = landed
        self._callbacks: list[Callable[[], None]] = []

    @property
    def landed(self) -> bool:
        with self._lock:
            return self._landed

    def then(self, callback: Callable[[], None]) -> None:
        """Calls ``callback`` once this has landed: now if it has."""
        with self._lock:
            if not self._landed:
                self._callbacks.append(callback)
                return
        callback()

    def land(self) -> None:
        """The change is on disk: every callback runs, once."""
        with self._lock:
            if self._landed:
                return
            self._landed = True
            callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback()

    @staticmethod
    def all(landings: list[Landing]) -> Landing:
        """A landing that lands once every one of ``landings`` has."""
        together = Landing(landed=not landings)
        left = [len(landings)]
        lock = threading.Lock()

        def one_landed() -> None:
            with lock:
                left[0] -= 1
                done = left[0] == 0
            if done:
                together.land()

        for landing in landings:
            landing.then(one_landed)
        return together


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
        #: The landings of the changes composed in :attr:`_waiting`, and those they must wait for.
        self._tickets: list[Landing] = []
        self._gates: list[Landing] = []
        self._writing = False
        self._problem: str | Problem | None = None
        #: When the last write failed and its change waits for the next try: the moment of that try.
        self._retry_at: float | None = None
        self._closed = False
        self._thread: threading.Thread | None = None

    @property
    def value(self) -> Value:
        """What the window knows of the file: as last read or written, with every change since applied."""
        with self._lock:
            return self._known

    def change(self, change: Change[Value], after: Landing | None = None) -> Landing:
        """Applies ``change`` to :attr:`value` at once and has it written to the file soon, merged with what
        the file holds then (see :meth:`JsonStore.update`), but not before ``after`` has landed (the changes
        waiting with it wait too). Never waits for the file. Returns the change's landing. After
        :meth:`close` the change is written on the calling thread (if ``after`` has landed: else it is only
        known)."""
        if self.store.path is None or self._closed:
            if after is not None and not after.landed:
                with self._lock:
                    self._known = change(self._known)
                return Landing()
            problem = self.store.update(change)
            self._set_problem(problem)
            with self._lock:
                self._known = self.store.value
            return Landing(landed=not self.store.write_failed)
        ticket = Landing()
        if after is not None:
            # Woken when the change it waits for lands (registered before the lock: it may land at once).
            after.then(self._wake)
        with self._lock:
            self._known = change(self._known)
            self._waiting = change if self._waiting is None else _then(self._waiting, change)
            self._tickets.append(ticket)
            if after is not None:
                self._gates.append(after)
            if self._retry_at is not None:
                # A failing write is tried again with the new change, at once: the disk may have room now.
                self._retry_at = min(self._retry_at, time.monotonic())
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="user-file-writer", daemon=True)
                self._thread.start()
            self._lock.notify_all()
        return ticket

    def _wake(self) -> None:
        with self._lock:
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

    @property
    def settled(self) -> bool:
        """True while the writer has nothing to do before another file's change lands: no write under way,
        none failing, no change waiting but behind another's landing."""
        with self._lock:
            gated = not all(gate.landed for gate in self._gates)
            return not self._writing and self._retry_at is None and (self._waiting is None or gated)

    def take_problem(self) -> str | Problem | None:
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

    def _set_problem(self, problem: str | Problem | None) -> None:
        if problem is not None:
            with self._lock:
                self._problem = problem

    def _due(self) -> bool:
        """Whether the thread has work: a change to write (a failed one only once its retry is due), or the
        end. Called with the lock held."""
        if self._closed:
            return True
        if self._waiting is None or not all(gate.landed for gate in self._gates):
            return False
        return self._retry_at is None or time.monotonic() >= self._retry_at

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._due():
                    wait = None if self._retry_at is None else max(0.0, self._retry_at - time.monotonic())
                    self._lock.wait(wait)
                # Closed: what waits gets one last try, unless its write is failing already or waits for
                # another file's change still.
                gated = not all(gate.landed for gate in self._gates)
                if self._waiting is None or (self._closed and (self._retry_at is not None or gated)):
                    return
                change, self._waiting = self._waiting, None
                tickets, self._tickets, self._gates = self._tickets, [], []
                self._writing = True
            # The file's lock, its read and the synced write happen here, with no lock of ours held, so the
            # window can hand over the next change meanwhile.
            problem = self.store.update(change)
            with self._lock:
                waiting = self._waiting
                if self.store.write_failed:
                    # The change is not in the file: it is kept, before those that came meanwhile, for the
                    # next try. The player hears of the first failure of a run, not of every try.
                    self._waiting = change if waiting is None else _then(change, waiting)
                    self._tickets = tickets + self._tickets
                    tickets = []
                    if self._retry_at is None:
                        self._problem = problem
                    self._retry_at = time.monotonic() + RETRY_SECONDS
                else:
                    self._retry_at = None
                    if problem is None:
                        self._known = self.store.value if waiting is None else waiting(self.store.value)
                    else:
                        # The file's value is not known: the window goes on with its own. Its changes
                        # land all the same: no later try will write them, and the files that wait for them
                        # go on as they would without this one.
                        self._problem = problem
            # The landings' callbacks (another file's change let go) run before the write counts as done, so
            # that a flush of this writer has handed them over; with no lock of ours held (they take others').
            for ticket in tickets:
                ticket.land()
            with self._lock:
                self._writing = False
                self._lock.notify_all()
