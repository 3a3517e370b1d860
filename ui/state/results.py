"""What a finished round counts for: its sound, and its line in the score tally.

Functions of the session (no pygame): the play screen plays the sound and, once per round, :func:`count`
adds the outcome to the :class:`~ui.state.tally.Tally` under :func:`tally_key`.
"""

from __future__ import annotations

from ui.state import texts
from ui.state.options import Mode
from ui.state.session import Session
from ui.state.tally import Tally, matchup_key


def outcome(session: Session) -> tuple[str, str]:
    """The finished game's outcome for the tally ("wins", "draws" or "losses") and the name of its sound.

    Against the computer the outcome is the human's; with two players and in watch mode the first player's
    wins count as "wins" (the tally's convention), and every win sounds as one."""
    winner = session.game.winner()
    if winner is None:
        return "draws", "draw"
    if session.options.mode is Mode.COMPUTER:
        return ("wins", "win") if session.seats[winner].is_human else ("losses", "lose")
    return ("wins" if winner == 0 else "losses"), "win"


def opponent(session: Session) -> str | None:
    """The label of the computer's level against the human; None with two players or in watch mode."""
    if session.options.mode is not Mode.COMPUTER:
        return None
    return next(seat for seat in session.seats if not seat.is_human).level.label


def tally_key(session: Session) -> str | None:
    """The tally's key for this board and opponent; None in watch mode, which is not counted."""
    if session.options.mode is Mode.WATCH:
        return None
    return matchup_key(session.game.variant(), opponent(session))


def count(session: Session, tally: Tally | None) -> str | None:
    """Adds the finished game to ``tally`` (None counts nothing); returns why the file was not written."""
    key = tally_key(session)
    if key is None or tally is None:
        return None
    return tally.add(key, outcome(session)[0])


def tally_text(session: Session, tally: Tally | None, names: tuple[str, str]) -> str:
    """The tally of this board and opponent for the result banner ("" when nothing is counted)."""
    key = tally_key(session)
    if key is None or tally is None:
        return ""
    return texts.tally_text(tally.get(key), opponent(session), names)


def short_tally_text(session: Session, tally: Tally | None, names: tuple[str, str]) -> str:
    """The tally of this board and opponent for the match bar ("" when nothing is counted yet)."""
    key = tally_key(session)
    if key is None or tally is None:
        return ""
    return texts.short_tally(tally.get(key), opponent(session), names)
