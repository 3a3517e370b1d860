"""The games a sitting at the board sits down at from outside it: the saved game (Ctrl+O) and pasted moves
(Ctrl+V). Each sits the :class:`~ui.state.play.play_state.PlayState` down at that game in place of the one on
the board (which undo then brings back, see :class:`~ui.state.files.autosave.Autosave`), or keeps the game on
the board and says why. Saving and copying only read the board (:func:`ui.state.files.game_files.save`). No
pygame here.
"""

from __future__ import annotations

from dataclasses import replace

from game.catalog import new_game
from game.language import _, ngettext, number
from ui.state.files import game_files
from ui.state.notice import FILE_NOTICE_SECONDS, TAKE_BACK, Notice, NoticeKind
from ui.state.play.play_state import PlayState


def paste(sitting: PlayState, text: str | None) -> None:
    """Sets up the game whose moves were pasted (``text``, from the clipboard) and opens its review; text
    that is no game of this board keeps the current game and says why."""
    options = sitting.options
    moves = game_files.pasted_moves(text, new_game(options.game, options.width, options.height))
    if isinstance(moves, Notice):
        sitting.feedback.refuse_file(moves)
        return
    sitting.sit_down(replace(options, moves=moves))
    if moves:
        sitting.toggle_review()
    pasted = ngettext("Pasted {count} move", "Pasted {count} moves", len(moves)).format(
        count=number(len(moves))
    )
    if sitting.round.autosave.replaced is not None:
        pasted += f": {_(TAKE_BACK)}"
    sitting.feedback.notify(pasted, FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)


def load(sitting: PlayState) -> None:
    """Loads the saved game; a bad file keeps the current game and says what is wrong."""
    path = sitting.saved_game_path
    saved = game_files.load(path)
    if isinstance(saved, Notice):
        sitting.feedback.refuse_file(saved)
        return
    sitting.sit_down(
        replace(sitting.options.with_game(saved.game, saved.width, saved.height), moves=saved.moves)
    )
    sitting.feedback.notice = game_files.loaded(
        path, sitting.game, sitting.round.autosave.replaced is not None
    )
