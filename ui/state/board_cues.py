"""The cues of a sitting at the board besides its stones, and their timing: the notice in the status line,
the refused move's shake, when the result banner is due (and whether the player folded it away), and when a
running search's count ticks on. Time enters in seconds, never frames. No pygame here.
"""

from __future__ import annotations

from ui.state.animation import Fade
from ui.state.notice import FILE_NOTICE_SECONDS, NOTICE_SECONDS, Notice, NoticeKind

#: Seconds between the last stone landing and the result banner, so the winning line is seen first.
BANNER_DELAY = 0.45
#: Seconds the refused move's shake lasts.
REFUSAL_SECONDS = 0.6
#: Seconds between redraws of a running search's ticking count and time (a few a second: enough to see it
#: work, few enough to leave the search its speed).
TICK_SECONDS = 0.25


class BoardCues:
    """The notice showing (:attr:`notice`), the shake of a refused move (:attr:`refusal`), and the time the
    finished board has been still, which makes the result banner due (see :meth:`banner_due`)."""

    def __init__(self) -> None:
        self.notice: Notice | None = None
        self.refusal: Fade | None = None
        #: The player clicked the finished board to see it without the result banner.
        self.banner_folded = False
        self._over_for = 0.0
        self._since_tick = 0.0

    def notify(self, text: str, seconds: float, kind: NoticeKind) -> None:
        """Shows ``text`` in the status line for ``seconds``."""
        self.notice = Notice(text, Fade(seconds), kind)

    def notify_start(self, text: str) -> None:
        """Tells ``text`` about the game just started (see :attr:`Notice.gives_way`)."""
        self.notice = Notice(text, Fade(FILE_NOTICE_SECONDS), NoticeKind.INFO, gives_way=True)

    def shake(self) -> None:
        """The board shakes off a refused move."""
        self.refusal = Fade(REFUSAL_SECONDS)

    def stone_moved(self) -> None:
        """A stone started moving or came to rest: the banner waits for the board to be still again."""
        self._over_for = 0.0

    def new_round(self) -> None:
        """A new round: no banner is due, none folded."""
        self._over_for = 0.0
        self.banner_folded = False

    def history_changed(self) -> None:
        """Moves were taken back or replayed: the cues of the position left behind go, the banner waits."""
        self.refusal = None
        self.notice = None
        self.new_round()

    def banner_due(self) -> bool:
        """The finished board has been still long enough for the banner, and the player has not folded it."""
        return self._over_for >= BANNER_DELAY and not self.banner_folded

    def fold_banner(self, shown: bool) -> bool:
        """A click on the finished board (``shown``: with the banner on it) folds the banner away or back;
        returns whether anything changed."""
        if shown or self.banner_folded:
            self.banner_folded = not self.banner_folded
            return True
        return False

    def fade(self, dt: float, computer_turn: bool) -> bool:
        """Lets ``dt`` seconds pass for the notice and the shake, which go when their time is up; a notice
        that gives way goes once read while the computer thinks (``computer_turn``). True if any showed."""
        changed = False
        for fade in (self.refusal, self.notice.fade if self.notice else None):
            if fade is not None:
                fade.advance(dt)
                changed = True
        if self.refusal is not None and not self.refusal.alive:
            self.refusal = None
        notice = self.notice
        if notice is not None and (not notice.fade.alive or self._gives_way(notice, computer_turn)):
            self.notice = None
        return changed

    @staticmethod
    def _gives_way(notice: Notice, computer_turn: bool) -> bool:
        """The computer thinks, and ``notice`` has been read long enough to leave it the status line."""
        return notice.gives_way and computer_turn and notice.fade.elapsed >= NOTICE_SECONDS

    def wait_for_banner(self, dt: float) -> bool:
        """Lets ``dt`` seconds of a finished, still board pass; True while the banner is still to come."""
        if self._over_for >= BANNER_DELAY:
            return False
        self._over_for += dt
        return True

    def tick(self, dt: float) -> bool:
        """Lets ``dt`` seconds of a running search pass; True when its count and time should tick on screen
        (a few times a second between its completed depths)."""
        self._since_tick += dt
        if self._since_tick < TICK_SECONDS:
            return False
        self._since_tick = 0.0
        return True
