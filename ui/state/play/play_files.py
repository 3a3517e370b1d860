"""The play screen's files and clipboard: save the game (Ctrl+S), load the saved one (Ctrl+O), set up pasted
moves (Ctrl+V), reset the score tally (Ctrl+R). A game loaded or pasted takes the place of the one on the
board (which undo then brings back, see :class:`~ui.state.files.autosave.Autosave`) as the game under way:
its position is not the board game's start (New game gives the empty board), and the match's score goes on. A
file or a text that is no game here keeps the game on the board, and the notice says why: none raises for a
user's problem. Copying to the clipboard is the screen's (:func:`ui.play.scene.copy_moves`). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.catalog import new_game
from game.protocol import Game, IllegalMove
from ui.state.files import savegame
from ui.state.play.notices import (
    FILE_NOTICE_SECONDS,
    CannotLoad,
    CannotPaste,
    CannotSave,
    Loaded,
    Notice,
    NoticeKind,
    Pasted,
    PasteTooLong,
    Saved,
    Told,
    notice,
)
from ui.state.play.play_state import PlayState

#: The longest clipboard text read as a move string (a board of 9 x 7 has 63 cells).
PASTE_LIMIT = 200


def save(path: Path, game: Game) -> Notice:
    """Writes ``game`` (under way or finished) to ``path``; the notice says where, or why not."""
    try:
        savegame.write(path, game)
    except OSError as error:
        return notice(CannotSave(str(path), str(error.strerror or error)), FILE_NOTICE_SECONDS)
    return notice(Saved(game.ply(), str(path)), FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)


def load(play_state: PlayState) -> None:
    """Loads the saved game; a bad file keeps the current game and says what is wrong."""
    path = play_state.saved_game_path
    try:
        saved = savegame.read(path)
    except savegame.SavedGameError as error:
        play_state.feedback.refuse_file(notice(CannotLoad(error.reason), FILE_NOTICE_SECONDS))
        return
    _begin_saved(play_state, saved)
    take_back = play_state.round.autosave.replaced is not None
    loaded = Loaded(path.name, play_state.game.ply(), take_back, play_state.board_game.set_up())
    play_state.feedback.notify(loaded, FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)


def _begin_saved(play_state: PlayState, saved: savegame.SavedGame) -> None:
    """Sets up the game of ``saved`` on its own board; a finished one opens its review, as a paste does."""
    options = play_state.options.with_game(saved.game, saved.width, saved.height)
    play_state.begin_game(options, start=saved.moves)
    if play_state.game.is_over():
        play_state.toggle_review()


#: The most characters of the ignored rest of a pasted line that the notice quotes.
IGNORED_SHOWN = 24


@dataclass(frozen=True)
class PastedMoves:
    """The move string read from a pasted text, and what followed it on its line that was no move (a score,
    a comment: "" when nothing did), which the notice names as ignored."""

    moves: str
    ignored: str


def pasted_moves(text: str | None, blank: Game) -> PastedMoves | Notice:
    """The moves of the first line of ``text`` (pasted), checked on ``blank`` (a new board of the game
    played); or the notice that says why they cannot be used.

    The moves are the line's words up to the first that is not made of move symbols, joined: ``"4453"``,
    ``"4 4 5 3"`` and ``"44 53"`` all read 4453, and ``"4453 -1"`` (a line of the tools' output) too, the
    score ignored. A line that starts with no move is refused, saying what its first symbol is."""
    if text is None or not text.strip():
        return notice(Told.NOTHING_TO_PASTE, FILE_NOTICE_SECONDS)
    words = text.strip().splitlines()[0].split()
    taken = 0
    while taken < len(words) and _all_moves(words[taken], blank):
        taken += 1
    moves = "".join(words[:taken]) or words[0]
    if len(moves) > PASTE_LIMIT:
        return notice(PasteTooLong(len(moves)), FILE_NOTICE_SECONDS)
    try:
        blank.play_text(moves)
    except IllegalMove as error:
        return notice(CannotPaste(error.problem), FILE_NOTICE_SECONDS)
    ignored = " ".join(words[max(taken, 1) :])
    if len(ignored) > IGNORED_SHOWN:
        ignored = ignored[: IGNORED_SHOWN - 1] + "\u2026"
    return PastedMoves(moves, ignored)


def _all_moves(word: str, blank: Game) -> bool:
    """True when every symbol of ``word`` is a move symbol of ``blank``'s board (played or not)."""
    if len(word) > PASTE_LIMIT:
        return False
    try:
        for symbol in word:
            blank.text_to_move(symbol)
    except ValueError:
        return False
    return True


def paste(play_state: PlayState, text: str | None) -> None:
    """Sets up the game whose moves were pasted (``text``, from the clipboard: a move string, or a saved
    game's text, set up on its own board) and opens its review; text that is no game of this board keeps the
    current game and says why. The notice counts the moves read, and
    quotes what followed them that was ignored."""
    options = play_state.options
    if text is not None and text.strip() and savegame.looks_saved(text.strip().splitlines()[0]):
        # A saved game's text (the file opened and copied): read whole, on its own board, as Ctrl+O would.
        try:
            saved = savegame.parse(text)
        except savegame.SavedGameError as error:
            play_state.feedback.refuse_file(notice(CannotPaste(error.reason), FILE_NOTICE_SECONDS))
            return
        play_state.begin_game(options.with_game(saved.game, saved.width, saved.height), start=saved.moves)
        pasted = PastedMoves(saved.moves, "")
    else:
        read = pasted_moves(text, new_game(options.game, options.width, options.height))
        if isinstance(read, Notice):
            play_state.feedback.refuse_file(read)
            return
        pasted = read
        # The pasted game is the one under way, not the board's start: New game gives the empty board again.
        play_state.begin_game(options, start=pasted.moves)
    if pasted.moves:
        play_state.toggle_review()
    take_back = play_state.round.autosave.replaced is not None
    told = Pasted(len(play_state.game.history()), take_back, pasted.ignored, play_state.board_game.set_up())
    play_state.feedback.notify(told, FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)
