"""What a key means on the play screen, as an :class:`Action`; keys that select or play a column or cell are
left to :mod:`ui.play.move_keys`.

Ctrl+Z undo, Ctrl+Y / Ctrl+Shift+Z redo, Ctrl+N new game, Ctrl+S save, Ctrl+O load, Ctrl+C copy the moves,
Ctrl+V paste a game's moves (and review it),
Ctrl+R reset this board's record (asks first); Esc back to the start screen, H hint, A (Shift+A on the 4 x 4
board, where a is a cell) the analysis overlay, R the review of the game; when the game is over Enter plays
the next round; in watch mode Space or P pauses. While the review shows, Left / Right / Home / End step
through the game and Esc or R go back to it (:func:`review_key_action`). Keys of the whole window (help,
sound, theme, quit) live in :mod:`ui.app` and :mod:`ui.kit.scene`.
"""

from __future__ import annotations

import enum

import pygame

from ui.kit.scene import COMMAND_KEYS


class Action(str, enum.Enum):
    """Something the player asks of the play screen by a key or a button (buttons carry these values)."""

    UNDO = "undo"
    REDO = "redo"
    NEW = "new"
    NEXT = "next"
    MENU = "menu"
    PAUSE = "pause"
    HINT = "hint"
    OVERLAY = "overlay"
    SAVE = "save"
    LOAD = "load"
    COPY = "copy"
    PASTE = "paste"
    RESET_TALLY = "reset-tally"
    REVIEW = "review"
    SETTINGS = "settings"
    # Stepping through the game under review.
    REVIEW_BACK = "review-back"
    REVIEW_FORWARD = "review-forward"
    REVIEW_FIRST = "review-first"
    REVIEW_LAST = "review-last"
    #: The review's "show me": the best line from the move shown, and back.
    SHOW_ME = "show-me"


_COMMANDS = {
    pygame.K_z: Action.UNDO,
    pygame.K_y: Action.REDO,
    pygame.K_n: Action.NEW,
    pygame.K_s: Action.SAVE,
    pygame.K_o: Action.LOAD,
    pygame.K_c: Action.COPY,
    pygame.K_v: Action.PASTE,
    pygame.K_r: Action.RESET_TALLY,
}


def is_command(mod: int) -> bool:
    """True when Ctrl (or Cmd) is held: such a key is a command, never a move."""
    return bool(mod & COMMAND_KEYS)


def key_action(
    key: int, mod: int, *, letters_are_cells: bool, game_over: bool, watching: bool
) -> Action | None:
    """The action ``key`` with the modifiers ``mod`` asks for; None for a key that names none (with Ctrl held
    it then does nothing, else it goes to the board). ``letters_are_cells`` on boards whose cells 10-16 are
    a-g, where only Shift+A is the analysis; ``watching`` in watch mode."""
    if is_command(mod):
        if key == pygame.K_z and mod & pygame.KMOD_SHIFT:
            return Action.REDO
        return _COMMANDS.get(key)
    if key == pygame.K_ESCAPE:
        return Action.MENU
    if key == pygame.K_h:
        return Action.HINT
    if key == pygame.K_a and (mod & pygame.KMOD_SHIFT or not letters_are_cells):
        return Action.OVERLAY
    if key == pygame.K_r:
        return Action.REVIEW
    if game_over and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        return Action.NEXT
    if watching and key in (pygame.K_SPACE, pygame.K_p):
        return Action.PAUSE
    return None


_REVIEW_KEYS = {
    pygame.K_LEFT: Action.REVIEW_BACK,
    pygame.K_RIGHT: Action.REVIEW_FORWARD,
    pygame.K_HOME: Action.REVIEW_FIRST,
    pygame.K_END: Action.REVIEW_LAST,
    pygame.K_ESCAPE: Action.REVIEW,
    pygame.K_r: Action.REVIEW,
    pygame.K_b: Action.SHOW_ME,
}


def review_key_action(key: int, mod: int) -> Action | None:
    """The action ``key`` asks for while the review shows: stepping, the best line (B), or back to the game
    (Esc, R); None for
    any other key without Ctrl (the board under review takes no moves). Ctrl keys keep their meaning."""
    if is_command(mod):
        return key_action(key, mod, letters_are_cells=False, game_over=False, watching=False)
    return _REVIEW_KEYS.get(key)
