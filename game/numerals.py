"""Numbers as people type them: the one reading of a whole number (a board size, a level, a depth); the
command line's counts and seconds build on it (:mod:`ui.command_line.argument_types`).

Imports nothing of ours besides :mod:`game`, so the rules (board sizes), the levels and the command line can
use it.
"""

from __future__ import annotations

#: Longer digit strings are refused before ``int()`` sees them (it refuses more than 4300 digits itself, with
#: a message no person should read); no count the program takes comes near this.
MAX_DIGITS = 1000


def whole_number(text: str) -> int | None:
    """The value of ``text`` when it is a whole number written in decimal digits alone (no sign, no blanks, no
    more than MAX_DIGITS of them), else None."""
    # isdecimal, not isdigit: "²" is a digit that int() refuses.
    if not text.isdecimal() or len(text) > MAX_DIGITS:
        return None
    return int(text)
