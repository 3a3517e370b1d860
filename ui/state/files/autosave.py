"""Which game a window keeps in the user's unfinished games, so that it can be continued: the game on the
board once the player has played on it, and until then the kept game it would replace, which undo brings
back. No pygame here.
"""

from __future__ import annotations

import secrets

from ui.state.files.background_writer import Landing
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.user_data import UserData
from ui.state.options import PlayOptions


class Autosave:
    """The keeping of one game on the board, from the moment it starts there.

    ``resume`` is the kept game the board continues (it is then this window's from the start); ``keeps``
    is False for a game no one plays on to keep (a watched game, a puzzle). A new game that would replace a
    kept unfinished game (this window's, else the newest) is kept only once the player plays on it (a move,
    an undo); until then that game stays on file and :attr:`replaced` names it, for undo to bring back. A new
    game that replaces none is kept from its first move on, the computer's too: a game where only the
    computer has moved is there to continue.
    """

    def __init__(self, files: UserData, resume: UnfinishedGame | None, keeps: bool) -> None:
        self.files = files
        self.keeps = keeps
        #: The player has played on this game, so it is the one to keep.
        self.committed = resume is not None
        #: The game's id from its first move to its end: the continued game's, or a new one.
        self.game_id = resume.game_id if resume is not None and resume.game_id else secrets.token_hex(8)
        #: The kept game this window's game continues or replaces, to go from the file at the next keep.
        self._superseded = resume
        kept = files.unfinished.value.offered(files.window)
        #: The unfinished game this one replaced, which undo brings back until the player plays here.
        self.replaced = kept if resume is None and keeps else None

    def to_bring_back(self) -> UnfinishedGame | None:
        """The unfinished game undo brings back now (None once the player has played here)."""
        return None if self.committed else self.replaced

    def keep(
        self,
        options: PlayOptions,
        round_number: int,
        moves: str | None,
        after_end: bool = False,
        ended: Landing | None = None,
    ) -> None:
        """Keeps the game of ``options`` as the one to continue (``moves`` None: it is over, none is;
        ``after_end``: it had ended, counted, and was taken back), once the player has played on it or if it
        replaces no kept game. The file is written off the UI thread, only when it changed, and not before
        ``ended`` (the game's end on disk, see :mod:`ui.state.files.game_end`) has landed, so that a game is
        never let go before its end is recorded; why a write failed comes from the files' writer (see
        :meth:`~ui.state.files.background_writer.BackgroundWriter.take_problem`)."""
        if not self.keeps or (not self.committed and self.replaced is not None):
            return
        unfinished = (
            None
            if moves is None
            else UnfinishedGame(options, round_number, moves, game_id=self.game_id, after_end=after_end)
        )
        window, superseded = self.files.window, self._superseded
        self.files.unfinished.change(lambda kept: kept.keeping(window, unfinished, superseded), ended)
        self._superseded = None

    def played_on(self) -> None:
        """The player played on the game (a move, an undo, a redo): it is the one kept from now on (call
        :meth:`keep` next)."""
        self.committed = True
        if self.replaced is not None:
            self._superseded = self.replaced
        self.replaced = None
