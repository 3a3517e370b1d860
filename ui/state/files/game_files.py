"""The play screen's files: save the game (Ctrl+S), load the saved one (Ctrl+O), read a pasted move string,
reset the score tally (Ctrl+R). Each answers with the notice the status line shows; none raises for a user's
problem. No pygame here (copying to the clipboard is the screen's, :func:`ui.play.scene.copy_moves`).
"""

from __future__ import annotations

from pathlib import Path

from game.language import _, ngettext, number
from game.protocol import Game
from ui.state.files import savegame
from ui.state.files.background_writer import BackgroundWriter
from ui.state.files.tally import Tally
from ui.state.notice import FILE_NOTICE_SECONDS, TAKE_BACK, Notice, NoticeKind, notice


def save(path: Path, game: Game) -> Notice:
    """Writes ``game`` to ``path``; the notice says where, or why not."""
    try:
        savegame.write(path, game)
    except ValueError:
        return notice(_("The game is over: nothing to save"), FILE_NOTICE_SECONDS)
    except OSError as error:
        problem = _("Cannot save to {path}: {reason}").format(path=path, reason=error.strerror or error)
        return notice(problem, FILE_NOTICE_SECONDS)
    saved = ngettext("Saved {count} move to {path}", "Saved {count} moves to {path}", game.ply())
    return notice(saved.format(count=number(game.ply()), path=path), FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)


def load(path: Path) -> savegame.SavedGame | Notice:
    """The saved game at ``path``, or the refusal that says what is wrong with the file."""
    try:
        return savegame.read(path)
    except savegame.SavedGameError as error:
        return notice(_("Cannot load: {reason}").format(reason=error), FILE_NOTICE_SECONDS)


def loaded(path: Path, game: Game, take_back: bool = False) -> Notice:
    """The notice after the game saved at ``path`` has been set up as ``game``; ``take_back`` adds that undo
    brings back the unfinished game it replaced."""
    text = ngettext("Loaded {file}: {count} move", "Loaded {file}: {count} moves", game.ply()).format(
        file=path.name, count=number(game.ply())
    )
    if take_back:
        text += f": {_(TAKE_BACK)}"
    return notice(text, FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)


def reset_tally(tally: BackgroundWriter[Tally]) -> Notice:
    """Forgets every result of ``tally`` (Ctrl+R); the notice says so (a write that fails says why later, in
    its place: see :meth:`BackgroundWriter.take_problem`)."""
    tally.change(lambda counted: Tally())
    return notice(_("Score tally reset"), FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)


#: The longest clipboard text read as a move string (a board of 9 x 7 has 63 cells).
PASTE_LIMIT = 200


def pasted_moves(text: str | None, blank: Game) -> str | Notice:
    """The move string pasted as ``text`` (its first word), checked on ``blank`` (a new board of the game
    played); or the notice that says why it cannot be used."""
    if text is None or not text.strip():
        return notice(_("Nothing to paste: the clipboard holds no text here"), FILE_NOTICE_SECONDS)
    moves = text.strip().split()[0]
    if len(moves) > PASTE_LIMIT:
        too_long = _("Cannot paste: {count} characters are too many for a game of this board").format(
            count=number(len(moves))
        )
        return notice(too_long, FILE_NOTICE_SECONDS)
    try:
        blank.play_text(moves)
    except ValueError as error:
        return notice(_("Cannot paste: {reason}").format(reason=error), FILE_NOTICE_SECONDS)
    return moves
