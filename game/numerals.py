"""Numbers as people type them: the one reading of a whole number (a board size, a level, a depth) and the
command-line validators of counts and seconds, shared by the play options (``ui/state/options.py``) and the
command-line tools (``main.py``).

Imports nothing of ours, so the rules (board sizes), the levels and both command lines can use it.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from game.language import _, number

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


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    value = whole_number(text)
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(_("'{text}' must be a whole number of at least 1").format(text=text))
    return value


def seconds_type(at_most: float = math.inf) -> Callable[[str], float]:
    """An argparse type: a number of seconds more than 0 and at most ``at_most`` (finite either way)."""

    def seconds(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("'{text}' is not a number of seconds").format(text=text)
            ) from None
        if not (math.isfinite(value) and 0 < value <= at_most):
            if at_most == math.inf:
                raise argparse.ArgumentTypeError(
                    _("'{text}' must be a positive number of seconds").format(text=text)
                )
            too_long = _("'{text}' must be more than 0 and at most {at_most} seconds")
            raise argparse.ArgumentTypeError(too_long.format(text=text, at_most=number(at_most, None)))
        return value

    return seconds
