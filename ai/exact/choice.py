"""Which core of the exact Connect Four solver this process uses, chosen once.

The compiled core (:mod:`ai.exact.compiled_core`) when it was built and the board fits it; otherwise the
pure-Python core (:mod:`ai.exact.python_core`), which gives the same scores, slower. Where the compiled core
is
missing, the program says so once on stderr. Two environment variables steer the choice:

* ``PONDER_PURE_PYTHON=1`` uses the Python core even where the compiled one is built (tests, comparisons);
* ``PONDER_REQUIRE_NATIVE=1`` makes a missing compiled core an error instead of a fallback (CI, so that a
  build that silently failed cannot pass as a working one).
"""

from __future__ import annotations

import enum
import logging
import os

from ai.exact.base import DEFAULT_TABLE_SLOTS, SolverBase
from ai.exact.compiled_core import DEFAULT_NATIVE_SLOTS, NativeConnectFourSolver, native_built, native_fits
from ai.exact.python_core import ConnectFourSolver

#: The compiled core's near depth for the game's solvers, which search from the first moves to the last: the
#: long searches of the opening and the middle game, which a player waits for, gain from it, while the end
#: game's take microseconds either way (measured: docs/engine.md).
GAME_NEAR_DEPTH = 16
#: Boards whose game solvers do better with another near depth: on 8 x 7 the searches a player waits for are
#: deeper (56 cells), and a line of 20 took a tenth less time than 16 on the moves of plies 13 to 16 of level
#: games (docs/benchmarks.md).
GAME_NEAR_DEPTHS = {(8, 7): 20}

_told_missing = False

log = logging.getLogger(__name__)


def native_wanted() -> bool:
    """True unless ``PONDER_PURE_PYTHON`` asks for the Python core."""
    return os.environ.get("PONDER_PURE_PYTHON", "") in ("", "0")


def native_in_use() -> bool:
    """True when solvers of the standard board run on the compiled core."""
    return native_built() and native_wanted()


class Core(enum.Enum):
    """The core that solves, and why (its words are :func:`ui.words.texts.core_words`')."""

    COMPILED = "compiled"
    #: The compiled core is built, but ``PONDER_PURE_PYTHON`` asks for the Python one.
    PYTHON_ASKED_FOR = "python_asked_for"
    #: The compiled core is not built.
    PYTHON_NOT_BUILT = "python_not_built"


def core_in_use() -> Core:
    """The core that solves the standard board in this process, for the help card and the benchmarks."""
    if native_in_use():
        return Core.COMPILED
    if native_built():
        return Core.PYTHON_ASKED_FOR
    return Core.PYTHON_NOT_BUILT


def missing_required_core() -> str | None:
    """The error to stop with when ``PONDER_REQUIRE_NATIVE`` demands the compiled core and it is not built."""
    demanded = os.environ.get("PONDER_REQUIRE_NATIVE", "") not in ("", "0")
    if demanded and native_wanted() and not native_built():
        return "PONDER_REQUIRE_NATIVE is set but the compiled solver core (ai.exact._c4core) is not built"
    return None


def fallback_untold() -> bool:
    """True the first time it is asked in a process where the compiled core is wanted but not built (the
    Python core solves instead), for the asker to say so once (the program's start words it, on stderr);
    False after, and where the compiled core is in use or not wanted."""
    global _told_missing
    if native_wanted() and not native_built() and not _told_missing:
        _told_missing = True
        return True
    return False


def game_near_depth(width: int, height: int) -> int:
    """The compiled core's near depth for the game's solvers of a board of ``width`` x ``height``."""
    return GAME_NEAR_DEPTHS.get((width, height), GAME_NEAR_DEPTH)


def new_solver(width: int = 7, height: int = 6, table_slots: int | None = None) -> SolverBase:
    """A solver for boards of ``width`` x ``height`` (an even number of cells) on the best core available;
    ``table_slots`` defaults to the core's own default (128 MB compiled, 32 MB Python).

    Raises RuntimeError when ``PONDER_REQUIRE_NATIVE`` is set and the compiled core is not built.
    """
    if (error := missing_required_core()) is not None:
        raise RuntimeError(error)
    if fallback_untold():
        log.warning("the compiled solver core is not built; solving with the slower pure-Python core")
    if native_in_use() and native_fits(width, height):
        return NativeConnectFourSolver(
            width, height, table_slots or DEFAULT_NATIVE_SLOTS, near_depth=game_near_depth(width, height)
        )
    return ConnectFourSolver(width, height, table_slots or DEFAULT_TABLE_SLOTS)
