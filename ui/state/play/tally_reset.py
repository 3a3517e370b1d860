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

from game.language import _, number
from ui.state.files.background_writer import BackgroundWriter
from ui.state.files.tally import Tally
from ui.state.notice import Notice, NoticeKind, notice

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

    def press(
        self, key: str | None, name: str, tally: BackgroundWriter[Tally], showing: Notice | None
    ) -> Notice:
        """Ctrl+R on the board whose tally ``key`` (None: not counted) is the record a player calls ``name``,
        with ``showing`` in the status line: the notice to show (the question, the reset done, or why there
        is nothing to reset)."""
        if key is None:
            return notice(_("Nothing to reset: watched games are not counted"))
        record = tally.value.get(key)
        if not record.games:
            return notice(_("Nothing to reset: no game of {record} is counted").format(record=name))
        if self._question is not None and showing is self._question:
            self._question = None
            kept = kept_key(key, time.strftime("%Y-%m-%d %H:%M:%S"))
            tally.change(lambda counted: counted.moving(key, kept))
            done = notice(
                _("Record of {record} reset (a copy is kept): Ctrl+Z brings it back").format(record=name),
                RESET_NOTICE_SECONDS,
                NoticeKind.SUCCESS,
            )
            self._done = (done, key, kept)
            return done
        self._question = notice(
            _(
                "Reset the record of {record} ({wins} won, {draws} drawn, {losses} lost)? Ctrl+R again "
                "resets it, other boards keep theirs"
            ).format(
                record=name,
                wins=number(record.wins),
                draws=number(record.draws),
                losses=number(record.losses),
            ),
            RESET_NOTICE_SECONDS,
            NoticeKind.INFO,
        )
        return self._question

    def undo(self, tally: BackgroundWriter[Tally], showing: Notice | None) -> Notice | None:
        """Ctrl+Z with ``showing`` in the status line: brings the record just reset back and returns the
        notice that says so, or None when no reset can be undone now (the undo is the game's)."""
        if self._done is None or showing is not self._done[0]:
            return None
        _notice, key, kept = self._done
        self._done = None
        tally.change(lambda counted: counted.moving(kept, key))
        return notice(_("The record is back"), RESET_NOTICE_SECONDS, NoticeKind.SUCCESS)
