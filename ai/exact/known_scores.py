"""What the exact analysis knows without searching: the opening book (7 x 6 only, :mod:`ai.exact.book`) and
the memo of the exact scores already found. Both are facts, so they outlive games and table clears.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ai.contracts import EnginePart, PartFailure
from ai.exact.book import BookError, OpeningBook
from game.protocol import Game

#: Exact scores remembered (beyond the book and the solver's table) before the memo starts afresh.
MEMO_LIMIT = 1 << 20

log = logging.getLogger(__name__)


class KnownScores:
    """The book, read once when first wanted, and the memo of exact scores by (variant, key).

    ``book``: returns the opening book to consult, or None for none, or raises BookError when the book cannot
    be used (a warning is logged, positions are solved instead, and the failure is handed out through
    :meth:`take_failures`); it is called once, by :meth:`read_book` or at the first 7 x 6 question.
    """

    def __init__(self, book: Callable[[], OpeningBook | None]) -> None:
        self._book_source = book
        self._book: OpeningBook | None = None
        self._book_read = False
        self._failures: list[PartFailure] = []
        self._memo: dict[tuple[str, int], int] = {}

    @property
    def book(self) -> OpeningBook | None:
        """The opening book (read now if it was not yet), None when there is none or it cannot be used."""
        self.read_book()
        return self._book

    def read_book(self) -> None:
        """Reads the opening book now, unless it was read already (about 35 ms for the shipped book, most of
        it decompressing without the GIL; another thread waits under 10 ms)."""
        if not self._book_read:
            self._book_read = True
            try:
                self._book = self._book_source()
            except BookError as error:
                log.warning("opening book not used, positions are solved instead: %s", error)
                # The player is told the file's name, not its path into the installation (the log has that).
                self._failures.append(PartFailure(EnginePart.BOOK, error.brief()))

    def take_failures(self) -> list[PartFailure]:
        """The parts done without since the last call (an unusable book), each told once."""
        failures = self._failures[:]
        self._failures.clear()
        return failures

    def score(self, game: Game, in_book: bool) -> int | None:
        """The exact score of a position from the book (where ``in_book``: a 7 x 6 Connect Four board) or
        the memo; None when neither has it."""
        key = game.key()
        if in_book:
            book = self.book
            if book is not None:
                score = book.score(key)
                if score is not None:
                    return score
        return self._memo.get((game.variant(), key))

    def remember(self, game: Game, score: int) -> int:
        """Keeps ``score``, the exact score of ``game``'s position; returns it."""
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        self._memo[(game.variant(), game.key())] = score
        return score

    def forget(self) -> None:
        """Empties the memo (the analyzer is being released)."""
        self._memo.clear()
