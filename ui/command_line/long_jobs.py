"""What the tools say on stderr about work that may take long: the opening book checked before the work
starts (a damaged one is named at once, not after the first slow position), a warning where the exact solver
must work without a book, and the progress of a position that takes long. Stdout stays the tools' answers
alone, so that it can be read by a program.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

from game.language import _
from game.language import number as written_number
from ui.words.problem_words import problem_text

if TYPE_CHECKING:
    from ai.exact.book import OpeningBook

#: Seconds between two progress lines of one position (and before the first: a position answered sooner
#: says nothing).
PROGRESS_SECONDS = 10.0
#: Boards from this many cells up take the solver long without a book (the 7 x 6 board's empty position
#: takes minutes on the compiled core, and each cell more multiplies it).
LONG_SOLVE_CELLS = 42


def usable_book(heading: str, err: TextIO) -> OpeningBook | None:
    """The shipped opening book, read now; None, after a line on ``err`` saying why (``heading``: the tool's
    name, ``ponder analyze``), when it cannot be used."""
    from ai.exact.book import BookError, shipped_book

    try:
        return shipped_book()
    except BookError as error:
        not_used = _(
            "{heading}: book not used: {reason}; positions are solved without it, which may take long"
        )
        print(not_used.format(heading=heading, reason=problem_text(error.located())), file=err, flush=True)
        return None


def warn_if_long(heading: str, board: str, cells: int, has_book: bool, err: TextIO) -> None:
    """Says on ``err`` that the exact solver's work may take long where it has no book for ``board`` (of
    ``cells`` cells) and the board is large enough for that to matter."""
    if cells >= LONG_SOLVE_CELLS and not has_book:
        long = _(
            "{heading}: solving {board} without an opening book may take minutes or more a position; "
            "progress below, every {seconds} s"
        )
        print(
            long.format(heading=heading, board=board, seconds=written_number(PROGRESS_SECONDS, None)),
            file=err,
            flush=True,
        )


class SolveProgress:
    """While a position is worked on, a line on ``err`` every :data:`PROGRESS_SECONDS`: where it was read,
    its moves, the positions the solver explored so far (``explored``, which must be safe to call from
    another thread) and the seconds spent. Used as a context manager around the whole job; :meth:`start`
    names each position as its work begins."""

    def __init__(self, heading: str, explored: Callable[[], int], err: TextIO) -> None:
        self._heading = heading
        self._explored = explored
        self._err = err
        self._lock = threading.Lock()
        self._current: tuple[str, str, float] | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._report, name="progress", daemon=True)

    def start(self, where: str, moves: str) -> None:
        """The work on the position ``moves`` (read at ``where``) begins."""
        with self._lock:
            self._current = (where, moves, time.monotonic())

    def _report(self) -> None:
        # The wait is the throttle: a line at most every PROGRESS_SECONDS, none once the job is done.
        while not self._stop.wait(PROGRESS_SECONDS):
            with self._lock:
                current = self._current
            if current is None:
                continue
            where, moves, began = current
            line = _("{heading}: {where} ('{moves}'): {count} positions explored in {seconds} s")
            count = written_number(self._explored())
            seconds = written_number(round(time.monotonic() - began))
            text = line.format(heading=self._heading, where=where, moves=moves, count=count, seconds=seconds)
            print(text, file=self._err, flush=True)

    def __enter__(self) -> SolveProgress:
        self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._stop.set()
        self._thread.join()
