"""The words of every refusal and data-file problem (:class:`game.problems.Problem`): one sentence per kind,
for the window and the command line alike. The rules, the engine's data files and the user files hand a kind
with its arguments; this module alone says it in the language in use. No pygame here.

Each kind is one entry of :data:`PROBLEM_SENTENCES` (a kind without one fails the words' test, not a
player); a detail that is itself a problem (a move string's bad move, a file's bad line) is worded first and
put into its sentence as ``{reason}``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from ai.file_problems import BookProblem, LadderProblem, PuzzleFileProblem
from ai.play.levels import LevelProblem
from assets import DataFileError, DataFileProblem
from game.language import N_, _, ngettext, number
from game.problems import Label, Problem, Refused, RuleProblem
from ui.state.files.current_game import UnfinishedGameProblem
from ui.state.files.savegame import SavedGameProblem
from ui.state.files.settings import SettingsProblem
from ui.state.files.store import StoreProblem
from ui.state.files.userfiles import RefusedValue

#: The sentence of each kind, its details in braces (marked for translation, translated when shown).
PROBLEM_SENTENCES: dict[enum.Enum, str] = {
    RuleProblem.NOT_A_COLUMN: N_("{move} is not a column of a {width}-column board"),
    RuleProblem.COLUMN_FULL: N_("column {number} is full"),
    RuleProblem.NOT_A_CELL: N_("{move} is not a cell of a {width}x{height} board"),
    RuleProblem.NOT_A_CELL_SYMBOL: N_(
        "{move} is not a cell of a {width}x{height} board (cells are {first}-{last})"
    ),
    RuleProblem.CELL_TAKEN: N_("cell {cell} is taken"),
    RuleProblem.GAME_OVER: N_("game is over"),
    RuleProblem.NOTHING_TO_TAKE_BACK: N_("no move to take back"),
    RuleProblem.BAD_MOVE_IN_STRING: N_("move {number} ({symbol}): {reason}"),
    RuleProblem.TOO_WIDE_FOR_NOTATION: N_("the one-digit move notation allows at most 9 columns"),
    RuleProblem.TOO_HIGH: N_("a Connect Four board is at most {rows} rows high"),
    RuleProblem.NO_SUCH_LINE_GAME: N_("no {k}-in-a-row game on a {width}x{height} board"),
    RuleProblem.TIC_TAC_TOE_SIZES: N_("Tic-tac-toe is played on 3x3 or 4x4"),
    RuleProblem.TIC_TAC_TOE_SQUARE: N_("Tic-tac-toe boards are square"),
    RuleProblem.UNKNOWN_GAME: N_("unknown game '{name}' (choose from {games})"),
    RuleProblem.NOT_A_SIZE: N_("'{text}' is not a board size like 7x6"),
    LevelProblem.NOT_OFFERED: N_("level '{level}' is not offered for {game}: choose {choices} or max"),
    BookProblem.UNREADABLE: N_("cannot read it: {reason}"),
    BookProblem.NO_HEADER: N_("truncated, no header"),
    BookProblem.NOT_A_BOOK: N_("not an opening book"),
    BookProblem.WRONG_VERSION: N_("format version {version}, this program reads version {expected}"),
    BookProblem.TOO_MANY_ENTRIES: N_("corrupt, it claims {count} entries"),
    BookProblem.CHECKSUM: N_("corrupt or truncated, checksum mismatch"),
    BookProblem.WRONG_SIZE: N_("truncated or extra bytes, {size} bytes for {count} entries"),
    DataFileProblem.IN_FILE: N_("{file}: {reason}"),
    StoreProblem.NOT_SAVED: N_("{file} not saved: {reason}"),
    StoreProblem.WOULD_NOT_LOAD_BACK: N_("the value would not load back ({reason})"),
    StoreProblem.NOT_AS_IT_IS: N_("the value would not load back as it is"),
    StoreProblem.UNREADABLE: N_("{file} ignored and not saved: cannot read {name}: {reason}"),
    StoreProblem.CANNOT_SET_ASIDE: N_(
        "{file} ignored and not saved ({reason}); cannot set {name} aside: {why}"
    ),
    StoreProblem.SET_ASIDE: N_("{file} could not be used ({reason}); kept as {name}"),
    SavedGameProblem.SIZE: N_("size: {reason}"),
    SavedGameProblem.MOVES: N_("moves: {reason}"),
    UnfinishedGameProblem.MOVES: N_("moves: {reason}"),
    UnfinishedGameProblem.GAME: N_("game {number}: {reason}"),
    SettingsProblem.SIZE: N_("'size': {reason}"),
    PuzzleFileProblem.UNREADABLE: N_("cannot read it: {reason}"),
    PuzzleFileProblem.NO_HEADER: N_("line 1: not a puzzle file (no header)"),
    PuzzleFileProblem.WRONG_VERSION: N_(
        "line 1: format version {version}, this program reads version {expected}"
    ),
    PuzzleFileProblem.BAD_LINE: N_("line {number}: {reason}"),
    PuzzleFileProblem.ILLEGAL_MOVES: N_("moves {moves}: {reason}"),
    PuzzleFileProblem.WRONG_SIZE: N_("truncated or extra lines ({lines} for {count} entries)"),
    PuzzleFileProblem.AGAIN: N_("line {number}: the position of line {first} again (or its mirror image)"),
    PuzzleFileProblem.OUT_OF_ORDER: N_("line {number}: out of order"),
    LadderProblem.MISSING: N_("missing"),
    LadderProblem.UNREADABLE: N_("cannot read it: {reason}"),
    LadderProblem.NO_HEADER: N_("line 1: not a ladder file (no header)"),
    LadderProblem.WRONG_VERSION: N_(
        "line 1: format version {version}, this program reads version {expected}"
    ),
    # Translators: the rating ladder rates one board only, Connect Four 7x6.
    LadderProblem.WRONG_BOARD: N_("a ladder for the {width}x{height} board, not for 7x6"),
    LadderProblem.BAD_LINE: N_("line {number}: {reason}"),
}

#: The kinds said with a count (their detail ``count``): the sentence for a count, in the form the
#: language's plural rule picks.
PROBLEM_PLURALS: dict[enum.Enum, Callable[[int], str]] = {
    StoreProblem.DAMAGED_ENTRIES: lambda count: ngettext(
        "{file}: {count} damaged entry kept as {name} ({reason}); the others are used",
        "{file}: {count} damaged entries kept as {name} ({reason}, ...); the others are used",
        count,
    ),
}

#: The kinds whose sentences are worded here, each enum whole (the words' test checks every member has one).
WORDED_KINDS: tuple[type[enum.Enum], ...] = (
    RuleProblem,
    LevelProblem,
    BookProblem,
    PuzzleFileProblem,
    LadderProblem,
    DataFileProblem,
    SavedGameProblem,
    UnfinishedGameProblem,
    SettingsProblem,
    StoreProblem,
)


def problem_text(problem: Problem) -> str:
    """``problem`` in the language in use: its kind's sentence with its details, a wrapped problem worded
    first."""
    details = {name: _detail_text(value) for name, value in problem.details.items()}
    if problem.kind in PROBLEM_PLURALS:
        count = problem.details["count"]
        assert isinstance(count, int), problem
        return PROBLEM_PLURALS[problem.kind](count).format(**{**details, "count": number(count)})
    return _(PROBLEM_SENTENCES[problem.kind]).format(**details)


def _detail_text(value: int | str | Problem) -> int | str:
    """A detail as its sentence shows it: a wrapped problem worded, a label translated, the rest as it is."""
    if isinstance(value, Problem):
        return problem_text(value)
    if isinstance(value, Label):
        return _(value)
    return value


def reason_text(reason: str | Problem) -> str:
    """A reason that is a problem worded, or one that its reader worded already (a user file's) as it is."""
    return problem_text(reason) if isinstance(reason, Problem) else reason


def error_text(error: BaseException) -> str:
    """What an error says to a person: a refusal's problem worded, a data file's reason worded in its file
    (named by its full path, as the command line names it), a user file's reader's reason (a saved game's, a
    setting's), any other error's own message."""
    if isinstance(error, Refused):
        return problem_text(error.problem)
    if isinstance(error, DataFileError):
        return problem_text(error.located())
    if isinstance(error, RefusedValue):
        return reason_text(error.reason)
    return str(error)
