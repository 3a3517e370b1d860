"""Why a data file of the engine cannot be used, as kinds with details (:class:`game.problems.Problem`): the
opening book's, the puzzles' and the rating ladder's. They cross to the window (a book the engine does
without, puzzles that cannot be drawn, ratings that cannot be shown) and to the command line, where the words
package words them; the value of each kind is its English name for the log.
"""

from __future__ import annotations

import enum


class BookProblem(enum.Enum):
    """Why a book file cannot be used, a :class:`~ai.exact.book.BookError`'s reason with its details (the
    words package words them); the value is the kind's English name for the log. Damage that only a broken
    writer makes (a bad compressed stream, an impossible header) is told in plain English instead."""

    #: The file cannot be read, for ``reason`` (the system's words).
    UNREADABLE = "cannot read it"
    NO_HEADER = "truncated, no header"
    NOT_A_BOOK = "not an opening book"
    #: Of format ``version``; this program reads ``expected``.
    WRONG_VERSION = "another format version"
    #: It claims ``count`` entries, more than any book holds.
    TOO_MANY_ENTRIES = "too many entries"
    CHECKSUM = "checksum mismatch"
    #: ``size`` bytes for ``count`` entries.
    WRONG_SIZE = "wrong size"


class PuzzleFileProblem(enum.Enum):
    """Why a puzzle file cannot be used, a :class:`~ai.puzzles.PuzzleFileError`'s reason with its details
    (the words package words them); the value is the kind's English name for the log."""

    #: The file cannot be read, for ``reason`` (the system's words).
    UNREADABLE = "cannot read it"
    NO_HEADER = "not a puzzle file"
    #: Of format ``version`` (quoted); this program reads ``expected``.
    WRONG_VERSION = "another format version"
    #: Line ``number`` is refused for ``reason``: a problem, or plain English (a puzzle line is the tools'
    #: writing).
    BAD_LINE = "bad line"
    #: The moves ``moves`` (quoted) of a line are refused by the rules for ``reason`` (a problem).
    ILLEGAL_MOVES = "illegal moves"
    #: ``lines`` entry lines where the header says ``count``.
    WRONG_SIZE = "wrong number of lines"
    #: Line ``number`` holds the position of line ``first`` again (or its mirror image).
    AGAIN = "position again"
    #: Line ``number`` is not sorted after the line before it.
    OUT_OF_ORDER = "out of order"


class LadderProblem(enum.Enum):
    """Why the rating ladder's file cannot be used, a :class:`~ai.rating.ladder.LadderFileError`'s reason
    with its details (the words package words them); the value is the kind's English name for the log. Damage
    that only a broken writer makes (a checksum, numbers that do not agree) is told in plain English instead,
    inside :attr:`BAD_LINE` where it is one line's."""

    #: There is no file.
    MISSING = "missing"
    #: The file cannot be read, for ``reason`` (the system's words).
    UNREADABLE = "cannot read it"
    NO_HEADER = "not a ladder file"
    #: Of format ``version`` (quoted); this program reads ``expected``.
    WRONG_VERSION = "another format version"
    #: It rates the ``width`` x ``height`` board, not the one rated board (7 x 6).
    WRONG_BOARD = "another board"
    #: Line ``number`` is refused for ``reason`` (plain English: a rung line is the tools' writing).
    BAD_LINE = "bad line"
