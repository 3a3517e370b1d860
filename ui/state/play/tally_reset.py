"""Resetting one record of the score tally (Ctrl+R at the board) so that no single key erases what a player
built: the first press asks, naming the record (this board and opponent, never the others) and its counts;
a second press while that question shows resets it; Ctrl+Z while the reset's notice shows brings it back.

The record reset is not thrown away: it moves to a key of its own in the tally file (:func:`kept_key`, which
names the record and the time), so a copy stays with the player's files whatever happens next, and bringing
it back is moving it home again (added to whatever was counted there meanwhile, by another window). An offer
holds while its notice shows, and no longer: the status line is what the player answers. No pygame here.
"""

from __future__ import annotations

import time

from ui.state.board.board_game import BoardGame
from ui.state.files.background_writer import BackgroundWriter
from ui.state.files.tally import Tally
from ui.state.play import finished_round
from ui.state.play.notices import (
    NothingToReset,
    Notice,
    NoticeKind,
    RecordReset,
    ResetAsked,
    Told,
    notice,
)

#: Seconds the question and the reset's notice (with its undo) stay: time to read them and answer.
RESET_NOTICE_SECONDS = 8.0


def kept_key(key: str, stamp: str) -> str:
    """The tally key that keeps ``key``'s record as it was when reset at ``stamp``."""
    return f"{key} (reset {stamp})"


class TallyReset:
    """The question and the undo of the reset at one board; see the module docstring."""

    def __init__(self) -> None:
        self._question: Notice | None = None
        #: The reset's notice, the record's key and the key it was kept under, while it can be undone.
        self._done: tuple[Notice, str, str] | None = None

    def press(self, board_game: BoardGame, tally: BackgroundWriter[Tally], showing: Notice | None) -> Notice:
        """Ctrl+R at the board of ``board_game``, with ``showing`` in the status line: the notice to show (the
        question, the reset done, or why there is nothing to reset)."""
        key = finished_round.tally_key(board_game)
        if key is None:
            return notice(Told.NOTHING_TO_RESET_WATCHED)
        computer = board_game.computer()
        level = None if computer is None else computer[1]
        record = tally.value.get(key)
        if not record.games:
            return notice(NothingToReset(board_game.options, level))
        if self._question is not None and showing is self._question:
            self._question = None
            kept = kept_key(key, time.strftime("%Y-%m-%d %H:%M:%S"))
            tally.change(lambda counted: counted.moving(key, kept))
            done = notice(RecordReset(board_game.options, level), RESET_NOTICE_SECONDS, NoticeKind.SUCCESS)
            self._done = (done, key, kept)
            return done
        asked = ResetAsked(board_game.options, level, record.wins, record.draws, record.losses)
        self._question = notice(asked, RESET_NOTICE_SECONDS, NoticeKind.INFO)
        return self._question

    def undo(self, tally: BackgroundWriter[Tally], showing: Notice | None) -> Notice | None:
        """Ctrl+Z with ``showing`` in the status line: brings the record just reset back and returns the
        notice that says so, or None when no reset can be undone now (the undo is the game's)."""
        if self._done is None or showing is not self._done[0]:
            return None
        _notice, key, kept = self._done
        self._done = None
        tally.change(lambda counted: counted.moving(kept, key))
        return notice(Told.RECORD_BACK, RESET_NOTICE_SECONDS, NoticeKind.SUCCESS)
