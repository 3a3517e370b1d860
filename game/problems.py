"""What the rules refuse, as types: a :class:`Problem` is a kind (a member of an enum: what is wrong) and its
details (the arguments: a column, a size, the text that was read); the words package words it for the window
and the command line (``ui/words/problem_words.py``, one sentence per kind). Nothing here is translated:
``str()`` of a refusal is a plain English line for the log and the developer, never shown to a player.

The rules' own kinds are :class:`RuleProblem` (a move, a move string, a board size, a game's name); the data
files of ``ai`` and the user files add their own enums of kinds, worded in the same table.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Problem:
    """One problem: ``kind`` says what is wrong, ``details`` the arguments its sentence names (read-only): a
    number, a text quoted from the input, or a problem it wraps (a move string's bad move, a file's bad line).
    Compared and hashed by value, so that a notice carrying one is a plain value too."""

    kind: enum.Enum
    details: Mapping[str, int | str | Problem]

    @classmethod
    def of(cls, kind: enum.Enum, **details: int | str | Problem) -> Problem:
        return cls(kind, MappingProxyType(dict(details)))

    def __str__(self) -> str:
        arguments = ", ".join(f"{name}={value}" for name, value in self.details.items())
        return f"{self.kind.value} ({arguments})" if arguments else str(self.kind.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Problem) and (self.kind, dict(self.details)) == (
            other.kind,
            dict(other.details),
        )

    def __hash__(self) -> int:
        return hash((self.kind, tuple(sorted(self.details.items(), key=lambda item: item[0]))))


class Label(str):
    """A detail that is a label a table declares (an English text marked ``N_`` there, as a user file's
    title): the words translate it where they show it."""


class RuleProblem(enum.Enum):
    """What the rules refuse; each value is the kind's English name for the log."""

    #: ``move`` (as given, quoted) is no column of a board ``width`` columns wide.
    NOT_A_COLUMN = "not a column"
    #: Column ``number`` (counted from 1) has no free cell.
    COLUMN_FULL = "column full"
    #: ``move`` is no cell of a ``width`` x ``height`` board.
    NOT_A_CELL = "not a cell"
    #: The symbol ``move`` names no cell of a ``width`` x ``height`` board (its cells: ``first``-``last``).
    NOT_A_CELL_SYMBOL = "not a cell symbol"
    #: Cell ``cell`` (its symbol) holds a stone.
    CELL_TAKEN = "cell taken"
    #: The game is over: no move may be played.
    GAME_OVER = "game over"
    #: No move has been played: none to take back.
    NOTHING_TO_TAKE_BACK = "no move to take back"
    #: Move ``number`` of a move string, ``symbol`` (quoted), is refused for ``reason`` (a problem).
    BAD_MOVE_IN_STRING = "bad move in a move string"
    #: The one-digit move notation writes at most 9 columns.
    TOO_WIDE_FOR_NOTATION = "too wide for the notation"
    #: A Connect Four board is at most ``rows`` rows high.
    TOO_HIGH = "too high"
    #: No ``k``-in-a-row game fits a ``width`` x ``height`` board.
    NO_SUCH_LINE_GAME = "no such k-in-a-row game"
    #: Tic-tac-toe is played on 3 x 3 or 4 x 4 only.
    TIC_TAC_TOE_SIZES = "tic-tac-toe sizes"
    #: Tic-tac-toe boards are square.
    TIC_TAC_TOE_SQUARE = "tic-tac-toe not square"
    #: ``name`` is no game's name; ``games`` lists them.
    UNKNOWN_GAME = "unknown game"
    #: ``text`` is no board size like 7x6.
    NOT_A_SIZE = "not a board size"


class Refused(ValueError):
    """A refusal that carries its :class:`Problem` (``problem``); a ValueError, so that a caller that only
    needs to know that something was refused catches it as one."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class BadBoard(Refused):
    """A game or board size the rules do not offer: an unknown game, a size that is no size or that no game
    of the name fits."""
