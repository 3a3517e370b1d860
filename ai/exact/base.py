"""What both cores of the exact Connect Four solver share: the board's constants, the bisection on the score,
the score of every move, and the table's layout.

Scores follow the benchmark convention (``../shared/c4-testsets/README.md``): 0 draw; positive, the side to
move wins and the score is ``22 - n`` on 7 x 6 where ``n`` is the number of stones the winner has on the board
after its winning move; negative, the side to move loses, by the same measure (:func:`ai.score.to_benchmark`).

Table replacement policy: one entry per slot, always replaced by a new entry (recent positions are the
likeliest to come back). The table has a power-of-two number of slots. A key (below 2**64) is first scrambled
by multiplying it with an odd constant modulo 2**64, a bijection; the slot is the scrambled key's top bits,
and an entry packs the scrambled key's low 56 bits with an 8-bit value into one unsigned 64-bit word. With at
least 2**8 slots, the slot and the stored bits together are the whole scrambled key, so a hit is never a
different position. (Multiplying and shifting also costs far less than a division in the compiled core.)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ai.bitlines import completing_cells
from ai.contracts import UNBOUNDED, Budget
from ai.exact.book import OpeningBook
from game.connect4 import centre_first

#: Default number of table slots (about 32 MB); benchmarks and the analyzer may ask for more.
DEFAULT_TABLE_SLOTS = 1 << 22
KEY_BITS = 56
KEY_MASK = (1 << KEY_BITS) - 1
#: The odd constant keys are multiplied with (modulo 2**64) before they are split into slot and stored bits.
HASH_MULTIPLIER = 0x9E3779B97F4A7C15
HASH_MASK = (1 << 64) - 1


def table_size(slots: int) -> int:
    """The number of table slots for a request of ``slots``: the power of two at or above it, at least 2**17
    (at least 2**8 are needed for the slot and the stored 56 bits to identify a key, see the module docstring;
    the compiled core's enhanced layout needs 2**17)."""
    return 1 << (max(slots, 1 << 17) - 1).bit_length()


class SolverBase:
    """What both cores of the exact solver share: the board's constants, the bisection on the score
    (``solve``). A core supplies the window search ``_negamax`` and
    its table (``clear``, ``release``); :class:`ConnectFourSolver` is the pure-Python core, the compiled one
    is :class:`ai.exact.compiled_core.NativeConnectFourSolver`.

    ``nodes`` counts the positions explored (callers take differences). Every search takes a
    :class:`~ai.contracts.Budget`: its stop flag or deadline interrupts the search with
    :class:`~ai.contracts.SearchStopped`.
    """

    def __init__(self, width: int, height: int) -> None:
        if width * (height + 1) > 64:
            raise ValueError("board too large for the solver's 64-bit keys")
        if width * height % 2:
            # The score bounds below assume both players can fill the same number of cells.
            raise ValueError("the exact solver needs an even number of cells")
        self.width, self.height = width, height
        self.cells = width * height
        self.column_bits = height + 1
        self.bottom = sum(1 << (c * self.column_bits) for c in range(width))
        self.board = self.bottom * ((1 << height) - 1)
        self.order = centre_first(width)
        self.min_score = -(self.cells // 2) + 3
        self.max_score = (self.cells + 1) // 2 - 3
        self.nodes = 0
        # The budget of the search running now, set by each public search for its duration (a core that
        # holds the GIL calls its check point every hundred or so positions; one that releases it has no
        # need of the hook).
        self._budget = UNBOUNDED

    def clear(self) -> None:
        """Empties the table in place (a new game)."""
        raise NotImplementedError

    def use_book(self, book: OpeningBook | None) -> None:
        """Makes the window search answer every position ``book`` holds with its exact score, without
        searching below it (None: no book). The book must be of this board size. A core with a book explores
        fewer positions; both cores probe it at the same place of the search, so their counts still agree."""
        raise NotImplementedError

    def _check_book(self, book: OpeningBook | None) -> None:
        if book is not None and (book.width, book.height) != (self.width, self.height):
            raise ValueError(f"a {book.width} x {book.height} book for a {self.width} x {self.height} solver")

    def release(self) -> None:
        """Frees the table's memory now; the solver is unusable afterwards."""
        raise NotImplementedError

    @property
    def allocated_slots(self) -> int:
        """Slots of table memory held now (0 once released)."""
        raise NotImplementedError

    def _negamax(self, current: int, mask: int, moves: int, alpha: int, beta: int) -> int:
        """Score of a position where the side to move cannot win at once, searched in the window (alpha,
        beta), within the budget of the running search.

        Contract (fail-soft): if the true score ``s`` is <= alpha the result is an upper bound of it, in
        [s, alpha]; if ``s`` >= beta the result is a lower bound, in [beta, s]; otherwise it is ``s``.
        Raises SearchStopped when interrupted.
        """
        raise NotImplementedError

    @contextmanager
    def _within(self, budget: Budget) -> Iterator[None]:
        """Runs the enclosed search within ``budget``; afterwards no budget is left behind."""
        self._budget = budget
        try:
            yield
        finally:
            self._budget = UNBOUNDED

    # --- bit helpers ----------------------------------------------------------------------------------------

    def winning_cells(self, stones: int, mask: int) -> int:
        """Empty cells that would complete four in a row for ``stones``."""
        return completing_cells(stones, self.column_bits, 4, gravity=True) & (self.board ^ mask)

    def can_win_next(self, current: int, mask: int) -> bool:
        return bool(self.winning_cells(current, mask) & (mask + self.bottom) & self.board)

    # --- solving --------------------------------------------------------------------------------------------

    def solve(
        self,
        current: int,
        mask: int,
        moves: int,
        weak: bool = False,
        at_least: int | None = None,
        budget: Budget = UNBOUNDED,
    ) -> int:
        """Exact score of the position for the side to move (``weak``: only its sign, -1 / 0 / 1).

        ``at_least``: a score the position is known to reach (a move's, when its parent's score is known:
        minus the parent's), or None. The game must not be over. Raises SearchStopped when ``budget`` ends
        the search.
        """
        self.check_position(current, mask, moves)
        with self._within(budget):
            return self._bisect(current, mask, moves, weak, at_least)

    def check_position(self, current: int, mask: int, moves: int) -> None:
        """Raises ValueError unless ``current``/``mask``/``moves`` is a position of a game still going on, on
        this board: the stones inside the board and resting on each other, ``moves`` of them, ``moves // 2``
        of the side to move's, no four in a row. The compiled core checks the same at its boundary (a wrong
        position would not crash a search, but its score would mean nothing)."""
        if not 0 <= moves < self.cells or mask < 0 or current < 0 or mask & ~self.board or current & ~mask:
            raise ValueError("not a position of this board")
        if mask.bit_count() != moves or current.bit_count() != moves // 2:
            raise ValueError("moves must count the stones of mask, and current hold moves // 2 of them")
        if (mask + self.bottom) & mask:
            raise ValueError("not a position of this board: a stone floats above an empty cell")
        if self._has_four(current) or self._has_four(current ^ mask):
            raise ValueError("the game is over in this position: four in a row")

    def _has_four(self, stones: int) -> bool:
        for step in (1, self.column_bits, self.column_bits + 1, self.column_bits - 1):
            pairs = stones & (stones >> step)
            if pairs & (pairs >> 2 * step):
                return True
        return False

    def _bisect(self, current: int, mask: int, moves: int, weak: bool, at_least: int | None) -> int:
        """:meth:`solve`'s search, within the running budget."""
        if self.can_win_next(current, mask):
            return 1 if weak else (self.cells + 1 - moves) // 2
        low = -((self.cells - moves) // 2)
        high = (self.cells + 1 - moves) // 2
        if weak:
            low, high = -1, 1
        elif at_least is not None and low < at_least < high:
            # Whether the score is exactly the floor, first: one null-window search settles a best move (a
            # child worth exactly minus its parent), where the bisection takes two or three near the score.
            low = at_least
            result = self._negamax(current, mask, moves, low, low + 1)
            if result <= low:
                return low
            low = result
        # Bisection with null windows; probing near 0 first settles most positions (draw-ish) quickest.
        while low < high:
            middle = low + (high - low) // 2
            # Halving rounds towards zero, as in the reference solver.
            if middle <= 0 and -(-low // 2) < middle:
                middle = -(-low // 2)
            elif middle >= 0 and high // 2 > middle:
                middle = high // 2
            result = self._negamax(current, mask, moves, middle, middle + 1)
            if result <= middle:
                high = result
            else:
                low = result
        # A weak solve's window search may prove more than a sign (a bound such as 6); only the sign is asked.
        return (low > 0) - (low < 0) if weak else low

    def score_at_most(
        self, current: int, mask: int, moves: int, bound: int, budget: Budget = UNBOUNDED
    ) -> bool:
        """True when the position's exact score is at most ``bound``: one null-window search, far cheaper
        than :meth:`solve` when only that is asked. The game must not be over. Raises SearchStopped when
        ``budget`` ends the search."""
        if self.can_win_next(current, mask):
            return (self.cells + 1 - moves) // 2 <= bound
        with self._within(budget):
            return self._negamax(current, mask, moves, bound, bound + 1) <= bound
