"""A bounded transposition table for the depth-limited search.

Each entry stores the searched depth, the kind of bound (exact / lower / upper), the score and the best move.

Replacement policy: the table is a fixed array of ``capacity`` slots indexed by ``key % capacity``, one entry
per slot (the capacity is rounded up to a prime, because the games' perfect keys are far from uniform in their
low bits and a power-of-two modulus would crowd them into a few slots), so its memory is bounded whatever runs
for how long. A new entry replaces the slot's entry when it is for the same position, when the old entry is
stale (stored while searching a root more than one move older: the previous move's ponder search is kept,
older games and moves give way), or when it was searched at least as deep. Otherwise the deeper, fresher entry
stays, because it saved more work.
"""

from __future__ import annotations

EXACT, LOWER, UPPER = 0, 1, 2


def next_prime(n: int) -> int:
    """The smallest prime >= n (n is at most a few million: trial division is quick enough)."""
    candidate = max(n, 2)
    while True:
        if all(candidate % d for d in range(2, int(candidate**0.5) + 1)):
            return candidate
        candidate += 1


class TranspositionTable:
    """Fixed-capacity table of (at least) ``capacity`` slots."""

    def __init__(self, capacity: int = 1 << 19) -> None:
        if capacity < 1:
            raise ValueError("table capacity must be positive")
        self.capacity = next_prime(capacity)
        self._keys: list[int | None] = [None] * self.capacity
        self._entries: list[tuple[int, int, int, int, int] | None] = [None] * self.capacity
        #: Age stamp written into new entries: the ply of the root being searched.
        self.generation = 0

    def clear(self) -> None:
        self._keys = [None] * self.capacity
        self._entries = [None] * self.capacity

    def release(self) -> None:
        """Frees the entries now (the table is unusable afterwards), even if the table itself lives on in a
        reference cycle waiting for the garbage collector."""
        self._keys = []
        self._entries = []
        self.capacity = 0

    def get(self, key: int) -> tuple[int, int, int, int, int] | None:
        """``(depth, bound, score, move, generation)`` stored for ``key``, or None."""
        slot = key % self.capacity
        if self._keys[slot] == key:
            return self._entries[slot]
        return None

    def put(self, key: int, depth: int, bound: int, score: int, move: int) -> None:
        slot = key % self.capacity
        old = self._entries[slot]
        if old is not None and self._keys[slot] != key and old[4] >= self.generation - 1 and old[0] > depth:
            return
        self._keys[slot] = key
        self._entries[slot] = (depth, bound, score, move, self.generation)

    def filled(self) -> int:
        """How many slots hold an entry (for memory reports; walks the table)."""
        return sum(entry is not None for entry in self._entries)
