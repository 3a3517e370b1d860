"""The command line's numbers: counts, ranges, seeds and seconds as argparse types, read the one way numbers
typed by people are read (:mod:`game.numerals`: the digits 0-9, as in a move string), shared by the window's
options and the tools. Each refusal is one line that says what the argument takes.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from game.language import _, number
from game.numerals import decimal_number, foreign_digits, whole_number


def _refused(text: str, refusal: str, **values: object) -> argparse.ArgumentTypeError:
    """The refusal of ``text``: ``refusal`` (a sentence with ``{text}`` and ``values``' placeholders), or, for
    a number in another script's digits, that numbers are written with 0-9, as every argument and move reads
    them."""
    if foreign_digits(text):
        refusal = _("'{text}': write numbers with the digits 0-9")
    return argparse.ArgumentTypeError(refusal.format(text=text, **values))


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    value = whole_number(text)
    if value is None or value < 1:
        raise _refused(text, _("'{text}' must be a whole number of at least 1"))
    return value


def whole_number_from(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, both included."""

    def within(text: str) -> int:
        value = whole_number(text)
        if value is None or not low <= value <= high:
            raise _refused(
                text, _("'{text}' must be a whole number from {low} to {high}"), low=low, high=high
            )
        return value

    return within


def seed_type(text: str) -> int:
    """An argparse type: a whole number, negative ones too (a seed)."""
    value = whole_number(text.removeprefix("-"))
    if value is None:
        raise _refused(text, _("'{text}' must be a whole number"))
    return -value if text.startswith("-") else value


def seconds_type(at_most: float = math.inf) -> Callable[[str], float]:
    """An argparse type: a number of seconds more than 0 and at most ``at_most`` (finite either way), written
    in the digits 0-9 with at most one decimal point."""

    def seconds(text: str) -> float:
        negative = text.startswith("-")
        value = decimal_number(text[1:] if negative else text)
        if value is not None and negative:
            value = -value  # a number, below the range: refused by the range's words below
        if value is None and not foreign_digits(text):
            raise argparse.ArgumentTypeError(_("'{text}' is not a number of seconds").format(text=text))
        if value is None or not (math.isfinite(value) and 0 < value <= at_most):
            if at_most == math.inf:
                raise _refused(text, _("'{text}' must be a positive number of seconds"))
            too_long = _("'{text}' must be more than 0 and at most {at_most} seconds")
            raise _refused(text, too_long, at_most=number(at_most, None))
        return value

    return seconds
