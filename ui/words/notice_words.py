"""The words of the play screen's notices: each reason a notice says
(:data:`~ui.state.play.notices.Said`) in the language in use. No pygame here.
"""

from __future__ import annotations

from ai.play.levels import Level
from game.language import N_, _, ngettext, number
from game.protocol import quoted
from ui.state.board.board_game import Refusal
from ui.state.options import PlayOptions
from ui.state.play.learn_notices import (
    LearnHint,
    LearnLeaf,
    LearnMissed,
    LearnOtherWin,
    LearnRunEnded,
    LearnRunStart,
    LearnStartsAt,
)
from ui.state.play.notices import (
    AutoLevel,
    BackToGame,
    CannotLoad,
    CannotPaste,
    CannotSave,
    CoachWarned,
    CopiedMoves,
    Loaded,
    MoveRefused,
    NoSuchColumn,
    NothingToReset,
    NotRated,
    Pasted,
    PasteTooLong,
    PuzzleMissed,
    PuzzleRight,
    RecordReset,
    ResetAsked,
    Said,
    Saved,
    Told,
    UserFileProblem,
)
from ui.words.claim_words import COLUMN_LETTERS
from ui.words.learn_words import learn_notice_text
from ui.words.problem_words import reason_text
from ui.words.review_words import CHANGE_WORDS
from ui.words.search_texts import move_words
from ui.words.texts import board_title, level_name, unfinished_text

#: What a notice adds when a game has replaced an unfinished one.
TAKE_BACK = N_("Ctrl+Z brings back your unfinished game")

#: Why a game just started is not rated, as its start says.
NOT_RATED_WORDS = {
    NotRated.CONTINUED: N_("A continued game counts in the tally but is not rated"),
    NotRated.SET_UP: N_("A game from a set-up position is not rated or counted in the tally"),
}
#: What a notice of a loaded or pasted game adds for a game from a set-up position.
NOT_COUNTED = N_("{done}, not rated or counted")

#: The notices without arguments.
TOLD_WORDS = {
    Told.NOTHING_TO_UNDO: N_("Nothing to undo"),
    Told.NOTHING_TO_REDO: N_("Nothing to redo"),
    Told.NOTHING_TO_REVIEW: N_("Nothing to review yet: no move has been played"),
    Told.HINT_NOT_YOUR_TURN: N_("A hint is for your turn"),
    Told.GAME_OVER: N_("The game is over"),
    Told.TAKEN_BACK: N_("Taken back: choose another move"),
    Told.CHECKING: N_("A moment: the position is being checked"),
    Told.NEW_GAME_TAKE_BACK: N_("New game: {take_back}"),
    Told.SHOW_ME_UNPROVEN: N_(
        "Show me: the best line is proven on 7 \u00d7 6, 6 \u00d7 5 and Tic-tac-toe only"
    ),
    Told.NOTHING_TO_RESET_WATCHED: N_("Nothing to reset: watched games are not counted"),
    Told.RECORD_BACK: N_("The record is back"),
    Told.NOTHING_TO_PASTE: N_("Nothing to paste: the clipboard holds no text here"),
    Told.PLAN_VIEW_CONNECT_FOUR_ONLY: N_("The plan view is for Connect Four"),
}


def notice_text(said: Said) -> str:
    """The words of ``said``, in the language in use."""
    match said:
        case Told():
            return _(TOLD_WORDS[said]).format(take_back=_(TAKE_BACK))
        case MoveRefused():
            return refusal_text(said)
        case NoSuchColumn():
            # Translators: {last} is the number of the last column ("Columns are 1-7").
            return _("Columns are 1-{last}").format(last=said.columns)
        case CoachWarned():
            change = CHANGE_WORDS[said.warning.best, said.warning.played]
            # Translators: {change} is one of the review's words for a move ("throws the win away (a draw
            # now)").
            return _("Coach: {move} {change}. Again: play it anyway  \u00b7  Backspace: choose again").format(
                move=move_words(said.move), change=_(change)
            )
        case PuzzleMissed():
            change = _(CHANGE_WORDS[said.best, said.played])
            return _("Not this one: {move} {change}. Try again (H: a hint)").format(
                move=move_words(said.move), change=change
            )
        case PuzzleRight():
            return ngettext(
                "Right: that keeps the win. {moves} more to go",
                "Right: that keeps the win. {moves} more to go",
                said.moves_left,
            ).format(moves=said.moves_left)
        case (
            LearnRunStart()
            | LearnOtherWin()
            | LearnMissed()
            | LearnHint()
            | LearnLeaf()
            | LearnRunEnded()
            | LearnStartsAt()
        ):
            return learn_notice_text(said)
        case BackToGame():
            return _("Back to your game: {game}").format(game=unfinished_text(said.game))
        case NotRated():
            return _(NOT_RATED_WORDS[said])
        case AutoLevel():
            return _("Auto level: {level} ({level_rating}) for your rating {rating}").format(
                level=level_name(said.level), level_rating=said.level_rating, rating=said.rating
            )
        case ResetAsked():
            return _(
                "Reset the record of {record} ({wins} won, {draws} drawn, {losses} lost)? Ctrl+R again "
                "resets it, other boards keep theirs"
            ).format(
                record=record_text(said.options, said.level),
                wins=number(said.wins),
                draws=number(said.draws),
                losses=number(said.losses),
            )
        case RecordReset():
            return _("Record of {record} reset (a copy is kept): Ctrl+Z brings it back").format(
                record=record_text(said.options, said.level)
            )
        case NothingToReset():
            return _("Nothing to reset: no game of {record} is counted").format(
                record=record_text(said.options, said.level)
            )
        case _:
            return file_notice_text(said)


def _told_file(text: str, take_back: bool, set_up: bool) -> str:
    """A loaded or pasted game's notice ``text``, saying that a set-up game is not counted and that undo
    brings back the unfinished game it replaced, where it does."""
    if set_up:
        # Translators: {done} is "Pasted 4 moves" or "Loaded saved-game.txt: 4 moves".
        text = _(NOT_COUNTED).format(done=text)
    return f"{text}: {_(TAKE_BACK)}" if take_back else text


def record_text(options: PlayOptions, level: Level | None) -> str:
    """The tally's record of the board of ``options`` against ``level`` as a player names it: "Connect Four
    7×6 against Level 4", "Connect Four 7×6, two players"."""
    if level is None:
        return _("{game}, two players").format(game=board_title(options))
    return _("{game} against {level}").format(game=board_title(options), level=level_name(level))


def refusal_text(said: MoveRefused) -> str:
    """Why the human's move was refused: not their turn, or the column is full / the cell taken."""
    if said.refusal is Refusal.NOT_YOUR_TURN:
        if said.watching:
            return _("Watching: the computers play this game")
        return _("Wait: the computer is thinking")
    if said.refusal is Refusal.GAME_OVER:
        return _("The game is over")
    if said.gravity:
        # Translators: {letter} names the column as cells are named ("d" holds d1 to d6).
        return _("Column {letter} is full").format(letter=COLUMN_LETTERS[said.move])
    return _("Cell {cell} is taken").format(cell=said.cell)


def file_notice_text(
    said: Saved
    | CannotSave
    | CannotLoad
    | Loaded
    | Pasted
    | PasteTooLong
    | CopiedMoves
    | CannotPaste
    | UserFileProblem,
) -> str:
    """The words of a notice about a file or the clipboard, or one already in words."""
    match said:
        case Saved():
            saved = ngettext("Saved {count} move to {path}", "Saved {count} moves to {path}", said.count)
            return saved.format(count=number(said.count), path=said.path)
        case CannotSave():
            return _("Cannot save to {path}: {reason}").format(path=said.path, reason=said.reason)
        case CannotLoad():
            return _("Cannot load: {reason}").format(reason=reason_text(said.reason))
        case Loaded():
            text = ngettext("Loaded {file}: {count} move", "Loaded {file}: {count} moves", said.count).format(
                file=said.file, count=number(said.count)
            )
            return _told_file(text, said.take_back, said.set_up)
        case Pasted():
            text = ngettext("Pasted {count} move", "Pasted {count} moves", said.count).format(
                count=number(said.count)
            )
            if said.ignored:
                text = _("{pasted} (ignored: {rest})").format(pasted=text, rest=quoted(said.ignored))
            return _told_file(text, said.take_back, said.set_up)
        case PasteTooLong():
            return _("Cannot paste: {count} characters are too many for a game of this board").format(
                count=number(said.count)
            )
        case CopiedMoves():
            moves = said.moves or _("(no moves yet)")
            if said.copied:
                return _("Copied the moves: {moves}").format(moves=moves)
            return _("No clipboard here; the moves are {moves}").format(moves=moves)
        case CannotPaste():
            return _("Cannot paste: {reason}").format(reason=reason_text(said.reason))
        case UserFileProblem():
            return reason_text(said.reason)
