"""What a key means on the board: the column or cell it selects, whether it plays it, or why it does nothing.

Connect Four: 1-9 (and the keypad's digits) play a column, Left/Right move the selection, Enter, Space or Down
play it. Tic-tac-toe: 1-9 play cells in reading order, then a-g cells 10-16 on the 4 x 4 board (the game's
notation), the keypad is laid out like the 3 x 3 board, the arrows move the selection and Enter or Space play
it. A pure function of the key and the board's shape, so the play screen only carries out its answer.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.state.play.notices import NoSuchColumn

# Numpad keys laid out like a 3 x 3 board: 7 8 9 on top.
_NUMPAD_3X3 = {
    pygame.K_KP7: 0,
    pygame.K_KP8: 1,
    pygame.K_KP9: 2,
    pygame.K_KP4: 3,
    pygame.K_KP5: 4,
    pygame.K_KP6: 5,
    pygame.K_KP1: 6,
    pygame.K_KP2: 7,
    pygame.K_KP3: 8,
}
_DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}
_KEYPAD_DIGITS = {getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)}
_PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
_STEPS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}


@dataclass(frozen=True)
class KeyAnswer:
    """What a key does: the ``selection`` afterwards, whether to ``play`` it, and a ``note`` for a key that
    looks like a move but names none on this board (else None)."""

    selection: int | None
    play: bool = False
    note: NoSuchColumn | None = None


def letters_are_cells(width: int, height: int, gravity: bool) -> bool:
    """True where letters name cells: 4 x 4 Tic-tac-toe, whose cells 10-16 are a-g."""
    return not gravity and width * height > 9


def answer(key: int, width: int, height: int, gravity: bool, selection: int | None) -> KeyAnswer:
    """The meaning of ``key`` on a ``width`` x ``height`` board with the current ``selection``; a key that
    means nothing on the board leaves the selection as it is."""
    if gravity:
        return _connect_four(key, width, selection)
    return _tic_tac_toe(key, width, height, selection)


def _connect_four(key: int, width: int, selection: int | None) -> KeyAnswer:
    digit = _DIGITS.get(key) or _KEYPAD_DIGITS.get(key)
    if digit is not None:
        if digit > width:
            return KeyAnswer(selection, note=NoSuchColumn(width))
        return KeyAnswer(digit - 1, play=True)
    if key in (pygame.K_LEFT, pygame.K_RIGHT):
        start = width // 2 if selection is None else selection + _STEPS[key][1]
        return KeyAnswer(max(0, min(width - 1, start)))
    if key in _PLAY_KEYS or key == pygame.K_DOWN:
        # The first press shows where the stone would go; the next one plays it.
        return KeyAnswer(width // 2) if selection is None else KeyAnswer(selection, play=True)
    return KeyAnswer(selection)


def _tic_tac_toe(key: int, width: int, height: int, selection: int | None) -> KeyAnswer:
    cells = width * height
    letters = cells - 9 if letters_are_cells(width, height, False) else 0
    if width == 3 and key in _NUMPAD_3X3:
        return KeyAnswer(_NUMPAD_3X3[key], play=True)
    if pygame.K_a <= key < pygame.K_a + letters:
        return KeyAnswer(9 + key - pygame.K_a, play=True)
    digit = _DIGITS.get(key) or _KEYPAD_DIGITS.get(key)
    if digit is not None and digit <= cells:
        return KeyAnswer(digit - 1, play=True)
    if key in _STEPS:
        if selection is None:
            # The middle cell, or the one up and left of the middle on an even board.
            return KeyAnswer((height // 2 - (height + 1) % 2) * width + width // 2 - (width + 1) % 2)
        row, column = divmod(selection, width)
        rows, columns = _STEPS[key]
        row, column = max(0, min(height - 1, row + rows)), max(0, min(width - 1, column + columns))
        return KeyAnswer(row * width + column)
    if key in _PLAY_KEYS and selection is not None:
        return KeyAnswer(selection, play=True)
    return KeyAnswer(selection)
