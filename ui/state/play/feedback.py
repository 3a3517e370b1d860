"""The feedback of a game at the board besides its stones, and their timing: the sounds, the notice in the
status line, the refused move's shake, when the result banner is due (and whether the player folded it away).
Time enters in seconds, never frames. No pygame here.
"""

from __future__ import annotations

from typing import Protocol

from game.problems import Problem
from ui.state.animation import Fade
from ui.state.play.notices import (
    FILE_NOTICE_SECONDS,
    NOTICE_SECONDS,
    Notice,
    NoticeKind,
    Said,
    UserFileProblem,
)

#: Seconds between the last stone landing and the result banner, so the winning line is seen first.
BANNER_DELAY = 0.45
#: Seconds the refused move's shake lasts.
REFUSAL_SECONDS = 0.6


class Speaker(Protocol):
    """What the feedback needs of sound (the window's player, a test's recorder)."""

    def play(self, name: str) -> None: ...


class Feedback:
    """The notice showing (:attr:`notice`), the shake of a refused move (:attr:`refusal`), and the time the
    finished board has been still, which makes the result banner due (see :meth:`banner_due`); ``sounds``
    None plays nothing.
    """

    def __init__(self, sounds: Speaker | None = None) -> None:
        self.sounds = sounds
        self.refusal: Fade | None = None
        #: The player clicked the finished board to see it without the result banner.
        self.banner_folded = False
        #: The notice in the status line, if one shows.
        self.notice: Notice | None = None
        self._over_for = 0.0

    def notify(
        self, said: Said, seconds: float = NOTICE_SECONDS, kind: NoticeKind = NoticeKind.REFUSAL
    ) -> None:
        """Shows ``said`` in the status line for ``seconds``; a refusal unless ``kind`` says otherwise."""
        self.notice = Notice(said, Fade(seconds), kind)

    def notify_start(self, said: Said) -> None:
        """Tells ``said`` about the game just started (see :attr:`Notice.gives_way`)."""
        self.notice = Notice(said, Fade(FILE_NOTICE_SECONDS), NoticeKind.INFO, gives_way=True)

    def refuse(self, why: Said | None) -> None:
        """Shows ``why`` something asked for is not done, if it is not (None: it was, and the words of the
        game's start give way to what it shows: a hint asked for at once is seen at once)."""
        if why is not None:
            self.notify(why)
        elif self.notice is not None and self.notice.gives_way:
            self.notice = None

    def notify_problem(self, problem: str | Problem) -> None:
        """Shows why a user's file was not written (``problem``, as its store says it)."""
        self.notify(UserFileProblem(problem), FILE_NOTICE_SECONDS)

    def refuse_file(self, why: Notice) -> None:
        """A file or a pasted text that is no game here: the refusal's sound, and ``why``."""
        self.sound("refused")
        self.notice = why

    def sound(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    def shake(self) -> None:
        """A refused move: its sound, and the board shakes."""
        self.sound("refused")
        self.refusal = Fade(REFUSAL_SECONDS)

    def stone_moved(self) -> None:
        """A stone started moving or came to rest: the banner waits for the board to be still again."""
        self._over_for = 0.0

    def new_round(self) -> None:
        """A new round: no banner is due, none folded."""
        self._over_for = 0.0
        self.banner_folded = False

    def history_changed(self) -> None:
        """Moves were taken back or replayed: the feedback on the position left behind goes, the banner
        waits."""
        self.refusal = None
        self.notice = None
        self.new_round()

    def banner_due(self) -> bool:
        """The finished board has been still long enough for the banner, and the player has not folded it."""
        return self._over_for >= BANNER_DELAY and not self.banner_folded

    def fold_banner(self, shown: bool) -> None:
        """A click on the finished board (``shown``: with the banner on it) folds the banner away or back."""
        if shown or self.banner_folded:
            self.banner_folded = not self.banner_folded

    def fade(self, dt: float, computer_turn: bool) -> None:
        """Lets ``dt`` seconds pass for the notice and the shake, which go when their time is up; a notice
        that gives way goes once read while the computer thinks (``computer_turn``)."""
        for fade in (self.refusal, self.notice.fade if self.notice else None):
            if fade is not None:
                fade.advance(dt)
        if self.refusal is not None and not self.refusal.alive:
            self.refusal = None
        notice = self.notice
        if notice is not None and (not notice.fade.alive or self._gives_way(notice, computer_turn)):
            self.notice = None

    @staticmethod
    def _gives_way(notice: Notice, computer_turn: bool) -> bool:
        """The computer thinks, and ``notice`` has been read long enough to leave it the status line."""
        return notice.gives_way and computer_turn and notice.fade.elapsed >= NOTICE_SECONDS

    def wait_for_banner(self, dt: float) -> None:
        """Lets ``dt`` seconds of a finished, still board pass, until the banner is due."""
        if self._over_for < BANNER_DELAY:
            self._over_for += dt
