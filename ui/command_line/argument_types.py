"""The command line's numbers: counts and seconds as argparse types, read the one way numbers typed by people
are read (:func:`game.numerals.whole_number`), shared by the window's options and the tools.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from game.language import _, number
from game.numerals import whole_number


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
