"""The stop signal of a search: a ``threading.Event`` that can also interrupt code running without the GIL.

Python searches look at the flag every hundred or so positions. The compiled solver core runs without the GIL
and cannot look at a Python object, so while it searches it registers a hook (its ``interrupt``) that ``set``
calls from the setting thread. Hooks run under the flag's lock, and unregistering takes that lock, so once a
search has left :meth:`StopFlag.calling`, no call of its hook can still arrive and stop a later search.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class StopFlag(threading.Event):
    """An event whose ``set`` also calls the hooks registered with :meth:`calling` (at most once per hook)."""

    def __init__(self) -> None:
        super().__init__()
        self._hooks_lock = threading.Lock()
        self._hooks: list[Callable[[], None]] = []

    def set(self) -> None:
        with self._hooks_lock:
            super().set()
            for hook in self._hooks:
                hook()

    @contextmanager
    def calling(self, hook: Callable[[], None]) -> Iterator[None]:
        """While inside, a ``set`` calls ``hook`` (which must be quick and must not touch this flag). If the
        flag is set already, ``hook`` is called at once."""
        with self._hooks_lock:
            self._hooks.append(hook)
            if self.is_set():
                hook()
        try:
            yield
        finally:
            with self._hooks_lock:
                self._hooks.remove(hook)
