"""What the window may ask of the engine without running a search: the cores this process may use and the
solver threads the window's analysis takes by default, the exact solver's core in use,
and whether a board's review proves every position whatever it takes. The window asks these here, never the
engine's parts (``tests/test_layers.py`` holds it to that).
"""

from __future__ import annotations

from ai.exact.analysis import can_analyze
from ai.exact.choice import Core, core_in_use
from ai.exact.team import cores_available, window_threads
from ai.play.review import ALWAYS_EXACT_CELLS
from game.protocol import Game

__all__ = ["Core", "always_exact", "core_in_use", "cores_available", "window_threads"]


def always_exact(game: Game) -> bool:
    """True when the review of a game on ``game``'s board proves every position, however long it takes (7 x 6
    has its opening book, 6 x 5 solves in seconds, Tic-tac-toe at once); larger boards' reviews and best lines
    could take the solver minutes a move."""
    return can_analyze(game) and game.width * game.height <= ALWAYS_EXACT_CELLS
