"""The compiled core of the exact Connect Four solver (``ai.exact._c4core``, built from ``ai/exact/c4core/``:
the search, its tables, the book and the Python type, each in files of its own, the tunables in
``settings.h``).

:class:`NativeConnectFourSolver` runs the search of the pure-Python
:class:`ai.exact.python_core.ConnectFourSolver` with deliberate differences (``reference=False``, the
default). Its table: buckets of two entries, one kept for the deepest search seen and one for the latest;
positions stored under the smaller of their own and their mirror image's key; and positions near the end of
the game (fewer than ``near_depth`` empty cells, 22 by default) kept apart in a near table of 512 KB, small
enough to stay in the CPU's caches, where their many probes cost a few nanoseconds instead of a trip to
memory. Its search: moves ranked by the threats that bite soonest, and the score bounded by the second
player's follow-up strategy where the height is even (what each gains: docs/engine.md). The pure-Python
core, the readable reference, does without them. With
``reference=True`` the compiled core uses the Python core's table layout and, given the same table size,
explores the same positions node for node and stores the same entries, which the tests check. The window
search and the bisection on the score run in C; what else a solver does is the shared
:class:`~ai.exact.base.SolverBase`.

While the C search runs, the GIL is released: the window and other Python threads go on at full speed. It
stops within a few thousand positions (well under a millisecond) when its :class:`~ai.stop_flag.StopFlag` is
set or its deadline passes, and the table stays usable: every entry written is a proven bound. The table is
allocated once at construction (8 bytes a slot, and the near table), kept between calls, cleared in place by
``clear`` and freed by ``release``. Two solvers may share one main table (``share_table_with``), each
searching on its own thread: every entry is one 64-bit word, read and written whole, and a proven bound
whoever wrote it, so their concurrent probes and stores stay sound.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ai.contracts import UNBOUNDED, Budget, SearchStopped
from ai.exact.base import SolverBase, table_size
from ai.exact.book import OpeningBook
from ai.stop_flag import StopFlag

if TYPE_CHECKING:
    from ai.exact._c4core import Core


def _built_core() -> type[Core] | None:
    """The compiled core's type, or None where it is not built (no C compiler at install time, or a source
    checkout never installed)."""
    try:
        from ai.exact._c4core import Core
    except ImportError:
        return None
    return Core


_Core = _built_core()

#: Default table of the compiled core: 2**24 slots, 128 MB (the Python core's default is 32 MB). Deep opening
#: positions need the room; the game allocates one table per board size it solves.
DEFAULT_NATIVE_SLOTS = 1 << 24
#: Default ``near_depth`` (see NativeConnectFourSolver): suits searches that start near the end of the game.
DEFAULT_NEAR_DEPTH = 22
#: Largest board the compiled core takes: width * (height + 1) bits must fit a 64-bit word.
NATIVE_BOARD_BITS = 64


def native_built() -> bool:
    """True when the compiled core was built and imports."""
    return _Core is not None


def native_fits(width: int, height: int) -> bool:
    """True when the compiled core can solve boards of this size."""
    return width * (height + 1) <= NATIVE_BOARD_BITS and width * height % 2 == 0


class NativeConnectFourSolver(SolverBase):
    """Exact solver whose window search runs in C without the GIL (see the module docstring); ``reference``
    selects the Python core's table layout.

    A budget's ``stop`` must be a :class:`StopFlag` (a plain ``threading.Event`` could not reach the C
    search) or None.
    """

    def __init__(
        self,
        width: int = 7,
        height: int = 6,
        table_slots: int = DEFAULT_NATIVE_SLOTS,
        reference: bool = False,
        share_table_with: NativeConnectFourSolver | None = None,
        near_depth: int = DEFAULT_NEAR_DEPTH,
        order: Sequence[int] | None = None,
    ) -> None:
        """``share_table_with``: a solver of the same board and table size (default layout) whose main table
        this one uses too, instead of making its own: two solvers searching on two threads then find what
        the other learnt (each keeps its own near table). The table lives until both are released.
        ``near_depth``: positions with fewer empty cells than this use the near table (default layout; 0 to
        64, where a depth of the board's cells or more puts every position there). Searches from few stones go
        faster with fewer (see ``NEAR_DEPTH`` in ``c4core/settings.h``), searches near the end with the
        default. ``order``: the columns in the order that breaks ties between equally promising moves
        (default: centre first, as every solver's)."""
        if _Core is None:
            raise RuntimeError("the compiled solver core is not built")
        super().__init__(width, height)
        if not native_fits(width, height):
            raise ValueError(f"a {width} x {height} board does not fit the compiled core's 64-bit boards")
        self.size = table_size(table_slots)
        self.reference = reference
        self.near_depth = near_depth
        share = None if share_table_with is None else share_table_with._core
        if order is not None:
            self.order = tuple(order)
        self._core: Core = _Core(
            width, height, self.size, self.order, enhanced=not reference, share=share, near_depth=near_depth
        )

    @property
    def nodes(self) -> int:
        """Positions explored since the solver was made."""
        return self._core.nodes

    @nodes.setter
    def nodes(self, value: int) -> None:
        # SolverBase starts the count at zero; the core counts from zero by itself.
        if value != 0:
            raise ValueError("the compiled core's position count cannot be set")

    @property
    def branched(self) -> int:
        """Of the positions explored, those left with two moves or more to try after their table entry and
        bounds (a forced move is not counted): the count nearest to what other solvers call their nodes
        (benchmarks)."""
        return self._core.branched

    def clear(self) -> None:
        self._core.clear()

    def use_book(self, book: OpeningBook | None) -> None:
        self._check_book(book)
        # The core holds the book's entries (a buffer of 64-bit words) until it is given another book.
        self._core.set_book(None if book is None else book.entries, -1 if book is None else book.max_ply)

    def release(self) -> None:
        self._core.release()

    @property
    def allocated_slots(self) -> int:
        return self._core.table_entries

    @property
    def slots_in_use(self) -> int:
        """Slots of the main table in use. A table starts with its first 2**21 slots and doubles the part in
        use whenever its entries fill seven eighths of it, so that a short search touches (and the system
        backs) only a little of a large table; solvers sharing a table share its part in use (each takes a
        new size at its next check point, a few thousand positions on)."""
        return self._core.slots_in_use

    def table_entry(self, slot: int) -> int:
        """The raw 64-bit entry of a table slot, the near table's after the main table's (for tests); in the
        Python core's encoding in the reference layout and in the near table."""
        return self._core.table_entry(slot)

    def solve(
        self,
        current: int,
        mask: int,
        moves: int,
        weak: bool = False,
        at_least: int | None = None,
        budget: Budget = UNBOUNDED,
    ) -> int:
        # The bisection of SolverBase.solve in C (with other probes in the enhanced layout, see search.c): a
        # position that takes microseconds to solve would otherwise spend most of its time crossing from
        # Python to C and back. With no stop flag and no deadline, nothing can stop the search, and the call
        # goes straight to C: _run's checks would cost a tenth of an end-game position's solve.
        if budget.stop is None and budget.deadline is None:
            score = self._core.solve(current, mask, moves, weak, -1.0, at_least)
            if score is None:  # only an interrupt of the core's own could do it
                raise SearchStopped
            return score
        with self._within(budget):
            return self._run(self._core.solve, current, mask, moves, weak, after_seconds=(at_least,))

    def _negamax(self, current: int, mask: int, moves: int, alpha: int, beta: int) -> int:
        return self._run(self._core.negamax, current, mask, moves, alpha, beta)

    def _run(
        self,
        search: Callable[..., int | None],
        *position_and_window: int,
        after_seconds: tuple[int | None, ...] = (),
    ) -> int:
        """Runs ``search`` (a method of the C core) on ``position_and_window``, the seconds left and
        ``after_seconds``, within the running search's budget; raises SearchStopped when it stopped it.

        The core's interrupt flag is clear whenever no search runs: it is cleared after leaving the stop
        flag's ``calling`` block, once no hook can fire any more, so no stop leaks into a later search.
        """
        seconds = -1.0
        budget = self._budget
        if budget.deadline is not None:
            seconds = budget.deadline - time.monotonic()
            if seconds <= 0:
                raise SearchStopped
        stop = budget.stop
        if stop is None:
            score = search(*position_and_window, seconds, *after_seconds)
        elif isinstance(stop, StopFlag):
            core = self._core
            try:
                with stop.calling(core.interrupt):
                    score = search(*position_and_window, seconds, *after_seconds)
            finally:
                core.reset_interrupt()
        else:
            raise TypeError("the compiled core needs an ai.stop_flag.StopFlag to be stoppable")
        if score is None:
            raise SearchStopped
        return score
