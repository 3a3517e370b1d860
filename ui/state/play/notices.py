"""The play screen's notices: a message that stands in the status line for a moment, what it tells (a
refusal, something done, plain information), and *what it says*, as a typed reason with its arguments. The
words of each reason are :func:`ui.words.notice_words.notice_text`'s, so the state never words a
notice: it says which one. The view chooses the colour of each kind (see :func:`ui.kit.toast.notice_colour`).
No pygame here.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ai.play.levels import Level
from game.problems import Problem
from ui.state.animation import Fade
from ui.state.board.board_game import Refusal
from ui.state.files.current_game import UnfinishedGame
from ui.state.options import PlayOptions
from ui.state.play.coach import CoachWarning
from ui.state.play.learn_notices import LearnSaid
from ui.state.play.named_move import NamedMove

#: Seconds a short message stays.
NOTICE_SECONDS = 1.6
#: Seconds a message about a file (saved, loaded, or why not) stays: long enough to read a reason.
FILE_NOTICE_SECONDS = 4.0


class NoticeKind(enum.Enum):
    """What a notice tells: a refusal or problem, something done, or plain information."""

    REFUSAL = "refusal"
    SUCCESS = "success"
    INFO = "info"


class Told(enum.Enum):
    """The notices that need no argument."""

    NOTHING_TO_UNDO = enum.auto()
    NOTHING_TO_REDO = enum.auto()
    #: The review asked for before the first move.
    NOTHING_TO_REVIEW = enum.auto()
    #: A hint asked for on the computer's turn.
    HINT_NOT_YOUR_TURN = enum.auto()
    #: A hint asked for once the game is over.
    GAME_OVER = enum.auto()
    #: The move the coach warned about was taken back.
    TAKEN_BACK = enum.auto()
    #: A move of a puzzle before its values are proven.
    CHECKING = enum.auto()
    #: A new game replaced an unfinished one, which undo brings back.
    NEW_GAME_TAKE_BACK = enum.auto()
    #: "Show me" on a board whose best line cannot be proven.
    SHOW_ME_UNPROVEN = enum.auto()
    #: Save asked for once the game is over.
    #: Ctrl+R in watch mode, whose games are not counted.
    NOTHING_TO_RESET_WATCHED = enum.auto()
    #: Ctrl+Z brought back the record Ctrl+R had just reset.
    RECORD_BACK = enum.auto()
    #: The clipboard holds no text.
    NOTHING_TO_PASTE = enum.auto()
    #: The plan view asked for on a board the explainer does not speak about.
    PLAN_VIEW_CONNECT_FOUR_ONLY = enum.auto()


@dataclass(frozen=True)
class MoveRefused:
    """The human's move was refused by the board (see :class:`~ui.state.board.board_game.Refusal`): ``move``
    in ``gravity``'s terms (a column) or as the cell ``cell`` ("b2"); ``watching``: the computers play."""

    refusal: Refusal
    move: int
    cell: str
    gravity: bool
    watching: bool


@dataclass(frozen=True)
class NoSuchColumn:
    """A digit key past the board's last column: the columns are 1 to ``columns``."""

    columns: int


@dataclass(frozen=True)
class CoachWarned:
    """The coach's ``warning`` before ``move``."""

    warning: CoachWarning
    move: NamedMove


@dataclass(frozen=True)
class PuzzleMissed:
    """A puzzle's move ``move`` (``column``, the move itself) changes its mover's result from ``best`` to
    ``played``."""

    move: NamedMove
    best: int
    played: int
    column: int


@dataclass(frozen=True)
class PuzzleRight:
    """A right move in a puzzle, with ``moves_left`` of the player's own moves still needed."""

    moves_left: int


@dataclass(frozen=True)
class BackToGame:
    """Undo brought back the unfinished game ``game``."""

    game: UnfinishedGame


class NotRated(enum.Enum):
    """Why the game just started will not be rated: it was ``CONTINUED`` from an earlier run (the help it
    had there is not known; it still counts in the tally), or it starts from a ``SET_UP`` position (a pasted,
    loaded or ``--moves`` position: not counted in the tally either)."""

    CONTINUED = enum.auto()
    SET_UP = enum.auto()


@dataclass(frozen=True)
class AutoLevel:
    """The adaptive level chose ``level`` (rated ``level_rating``) for the player's ``rating``."""

    level: Level
    level_rating: int | None
    rating: int


@dataclass(frozen=True)
class Saved:
    """The game of ``count`` moves was saved to ``path``."""

    count: int
    path: str


@dataclass(frozen=True)
class CannotSave:
    """The game could not be saved to ``path``, for ``reason``: the system's own words for the refusal (an
    OSError's ``strerror``), quoted as it is, as a path is."""

    path: str
    reason: str


@dataclass(frozen=True)
class CannotLoad:
    """The saved game could not be loaded, for ``reason`` (a problem of its size or moves, or the reader's
    sentence: :class:`~ui.state.files.savegame.SavedGameError`)."""

    reason: str | Problem


@dataclass(frozen=True)
class Loaded:
    """The saved game ``file`` of ``count`` moves was loaded; ``take_back``: undo brings back the unfinished
    game it replaced; ``set_up``: the game goes on from a set-up position, so it is not rated or counted."""

    file: str
    count: int
    take_back: bool
    set_up: bool = False


@dataclass(frozen=True)
class Pasted:
    """A pasted game of ``count`` moves was set up; ``take_back`` and ``set_up`` as for :class:`Loaded`;
    ``ignored``: what followed the moves on the pasted line, left out ("" for nothing)."""

    count: int
    take_back: bool
    ignored: str = ""
    set_up: bool = False


@dataclass(frozen=True)
class PasteTooLong:
    """The pasted text's first word, of ``count`` characters, is too long for a game of the board."""

    count: int


@dataclass(frozen=True)
class CopiedMoves:
    """The game's moves ``moves`` ("" before the first) were put on the clipboard (``copied``), or shown
    because there is no clipboard here."""

    moves: str
    copied: bool


@dataclass(frozen=True)
class CannotPaste:
    """The pasted text is no game of the board, for ``reason`` (as :class:`CannotLoad`'s)."""

    reason: str | Problem


@dataclass(frozen=True)
class ResetAsked:
    """Ctrl+R asks before it resets the tally's record of the board of ``options`` against ``level`` (None:
    two players), which holds ``wins``, ``draws`` and ``losses``."""

    options: PlayOptions
    level: Level | None
    wins: int
    draws: int
    losses: int


@dataclass(frozen=True)
class RecordReset:
    """The record of the board of ``options`` against ``level`` was reset (a copy kept, Ctrl+Z undoes it)."""

    options: PlayOptions
    level: Level | None


@dataclass(frozen=True)
class NothingToReset:
    """Ctrl+R found no game of the board of ``options`` against ``level`` counted."""

    options: PlayOptions
    level: Level | None


@dataclass(frozen=True)
class UserFileProblem:
    """A user's file was not used or not written: ``reason`` is its store's problem (a
    :class:`~ui.state.files.store.StoreProblem` with its arguments), or a sentence its reader worded (the
    readers that still word their errors as a parser does: ``tests/test_layers.py`` lists them)."""

    reason: str | Problem


#: Everything a notice can say.
Said = (
    Told
    | MoveRefused
    | NoSuchColumn
    | CoachWarned
    | PuzzleMissed
    | PuzzleRight
    | LearnSaid
    | BackToGame
    | AutoLevel
    | NotRated
    | Saved
    | CannotSave
    | CannotLoad
    | Loaded
    | Pasted
    | PasteTooLong
    | CopiedMoves
    | CannotPaste
    | ResetAsked
    | RecordReset
    | NothingToReset
    | UserFileProblem
)


@dataclass
class Notice:
    """A message in the play screen's status line for the life of its ``fade``; one that ``gives_way`` (the
    words of a game's start) leaves the line to the computer's thinking after :data:`NOTICE_SECONDS` while the
    computer is to move, so its first think is heard."""

    said: Said
    fade: Fade
    kind: NoticeKind = NoticeKind.REFUSAL
    gives_way: bool = False


def notice(said: Said, seconds: float = NOTICE_SECONDS, kind: NoticeKind = NoticeKind.REFUSAL) -> Notice:
    """A notice saying ``said`` for ``seconds``; a refusal unless ``kind`` says otherwise."""
    return Notice(said, Fade(seconds), kind)
