"""The interpreter's thread switch interval while any engine is open: at most :data:`SWITCH_INTERVAL`, so that
the UI thread gets the GIL soon when the search holds it (CPython's 5 ms shows as late frames; see the module
docstring of :mod:`ai.engine`).
"""

from __future__ import annotations

import sys
import threading

#: The interpreter's thread switch interval while an engine exists.
SWITCH_INTERVAL = 0.001


class SwitchInterval:
    """Holds the interpreter's switch interval at SWITCH_INTERVAL or below while any engine is open.

    The first engine to open saves the interval it finds; the last to close puts it back. (Any thread may open
    or close an engine, hence the lock.)
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holders = 0
        self._saved = 0.0

    def hold(self) -> None:
        with self._lock:
            if self._holders == 0:
                self._saved = sys.getswitchinterval()
                sys.setswitchinterval(min(self._saved, SWITCH_INTERVAL))
            self._holders += 1

    def release(self) -> None:
        with self._lock:
            self._holders -= 1
            if self._holders == 0:
                sys.setswitchinterval(self._saved)


#: The one holder for every engine of the process.
SWITCH_INTERVAL_HOLDER = SwitchInterval()
