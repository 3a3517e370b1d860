"""Numbers as people type them: the one reading of a whole number (a board size, a level, a depth, a count)
and of a number of seconds; the command line's arguments build on it (:mod:`ui.command_line.argument_types`).

The digits are ASCII's 0-9 alone, as in a move string (Connect Four's columns 1-9): a full-width "４" or an
Arabic-Indic "٤" is refused wherever the program reads a number, as it is in a move, so that a text that reads
in one argument reads in every other and in every tool's input (:func:`foreign_digits` lets a refusal say
why).

Imports nothing of ours besides :mod:`game`, so the rules (board sizes), the levels and the command line can
use it.
"""

from __future__ import annotations

#: Longer digit strings are refused before ``int()`` sees them (it refuses more than 4300 digits itself, with
#: a message no person should read); no count the program takes comes near this.
MAX_DIGITS = 1000

ASCII_DIGITS = frozenset("0123456789")


def _ascii_digits(text: str) -> bool:
    return bool(text) and len(text) <= MAX_DIGITS and all(character in ASCII_DIGITS for character in text)


def whole_number(text: str) -> int | None:
    """The value of ``text`` when it is a whole number written in the digits 0-9 alone (no sign, no blanks,
    no more than MAX_DIGITS of them), else None."""
    return int(text) if _ascii_digits(text) else None


def decimal_number(text: str) -> float | None:
    """The value of ``text`` when it is a number written in the digits 0-9 with at most one decimal point
    (``"2"``, ``"0.5"``, ``".5"``, ``"3."``; no sign, exponent, blanks or underscores), else None: the reading
    of seconds, where Python's ``float()`` would also take " 1e3 ", "inf", "1_0" and other scripts' digits."""
    whole, point, fraction = text.partition(".")
    if not (whole or fraction) or len(text) > MAX_DIGITS:
        return None
    if (whole and not _ascii_digits(whole)) or (fraction and not _ascii_digits(fraction)):
        return None
    return float(f"{whole or 0}{point}{fraction}")


def foreign_digits(text: str) -> bool:
    """True when ``text`` holds a decimal digit of another script than 0-9 (full-width, Arabic-Indic...),
    which a refusal may name as the reason."""
    return any(character.isdecimal() and character not in ASCII_DIGITS for character in text)
