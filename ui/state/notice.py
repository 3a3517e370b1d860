"""The play screen's notices: a message that stands in the status line for a moment, and what it tells (a
refusal, something done, plain information). The view chooses the colour of each kind (see
:func:`ui.kit.toast.notice_colour`); here they are values only, so the sitting at the board can make them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.language import N_
from ui.state.animation import Fade

#: Seconds a short message stays.
NOTICE_SECONDS = 1.6
#: Seconds a message about a file (saved, loaded, or why not) stays: long enough to read a reason.
FILE_NOTICE_SECONDS = 4.0
#: What a notice adds when a game has replaced an unfinished one.
TAKE_BACK = N_("Ctrl+Z brings back your unfinished game")


class NoticeKind(enum.Enum):
    """What a notice tells: a refusal or problem, something done, or plain information."""

    REFUSAL = "refusal"
    SUCCESS = "success"
    INFO = "info"


@dataclass
class Notice:
    """A message in the play screen's status line for the life of its ``fade``; one that ``gives_way`` (the
    words of a game's start) leaves the line to the computer's thinking after :data:`NOTICE_SECONDS` while the
    computer is to move, so its first think is heard."""

    text: str
    fade: Fade
    kind: NoticeKind = NoticeKind.REFUSAL
    gives_way: bool = False


def notice(text: str, seconds: float = NOTICE_SECONDS, kind: NoticeKind = NoticeKind.REFUSAL) -> Notice:
    """A notice of ``text`` for ``seconds``; a refusal unless ``kind`` says otherwise."""
    return Notice(text, Fade(seconds), kind)
