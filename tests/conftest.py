"""Test set-up: pygame runs headless everywhere, whatever the machine has."""

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read the English texts, whatever the machine's language (game/language.py follows LANGUAGE first);
# the translation tests choose their languages themselves. The programs the tests start inherit it.
os.environ["LANGUAGE"] = "en"

ROOT = Path(__file__).resolve().parent.parent

#: A seeded subset of the public Connect Four benchmark positions with their exact scores, shipped with the
#: tests so that they run in a fresh clone (tools/make_test_positions.py; the benchmarks read the full sets).
TESTSETS = ROOT / "tests" / "data" / "c4-testsets"


def read_positions(name: str) -> list[tuple[str, int]]:
    """``(moves, exact score)`` for each position of the shipped subset of the test set ``name``."""
    rows = [line.split() for line in (TESTSETS / name).read_text().splitlines() if line.strip()]
    return [(moves, int(score)) for moves, score in rows]


import pytest  # noqa: E402

from ai.contracts import ILLEGAL_MOVE  # noqa: E402
from ai.exact.compiled_core import NativeConnectFourSolver, native_built  # noqa: E402
from ai.exact.python_core import ConnectFourSolver  # noqa: E402
from assets.catalogs import shipped_catalogs  # noqa: E402
from game.language import use_catalogs  # noqa: E402

# The program's start hands the shipped catalogs to the language machinery (main.py); the tests open the
# window and run the tools' functions without it.
use_catalogs(shipped_catalogs())

#: The exact solver's cores, by name: every solver test runs on each.
SOLVER_CORES = {"python": ConnectFourSolver, "compiled": NativeConnectFourSolver}


def require_compiled_core() -> None:
    """Skips the calling test where the compiled core was not built (no C compiler), unless the run demands it
    with PONDER_REQUIRE_NATIVE (CI), where a missing core is a failure."""
    if not native_built():
        if os.environ.get("PONDER_REQUIRE_NATIVE", "") not in ("", "0"):
            pytest.fail("PONDER_REQUIRE_NATIVE is set but the compiled core ai.exact._c4core is not built")
        pytest.skip("the compiled solver core is not built (no C compiler at install)")


@pytest.fixture
def pygame_ready():
    """pygame initialised (headless: see the top of this file), for the modules that open a screen
    (``pytestmark = pytest.mark.usefixtures("pygame_ready")``)."""
    import pygame

    pygame.init()
    yield


@pytest.fixture(params=sorted(SOLVER_CORES))
def solver_class(request):
    """Each core's solver class in turn."""
    if request.param == "compiled":
        require_compiled_core()
    return SOLVER_CORES[request.param]


@pytest.fixture(autouse=True)
def private_user_dirs(tmp_path_factory, monkeypatch):
    """No test reads or writes the real user's settings, score tally or saved games (see ui/userfiles.py),
    nor the folder where a window closed on a full disk keeps them (ui/state/files/fallback.py)."""
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("PONDER_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("PONDER_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("PONDER_UNSAVED_DIR", str(base / "unsaved"))


def column_scores(solver, current: int, mask: int, moves: int) -> list[int]:
    """The score of every column of a bitboard position by ``solver``, left to right, ``ILLEGAL_MOVE`` for a
    full one: a win with the next stone scores ``(cells + 1 - moves) // 2``, a full board after it 0."""
    scores = []
    for column in range(solver.width):
        top = 1 << (column * solver.column_bits + solver.height - 1)
        if mask & top:
            scores.append(ILLEGAL_MOVE)
            continue
        move = (mask + (1 << column * solver.column_bits)) & (
            ((1 << solver.height) - 1) << column * solver.column_bits
        )
        if solver.winning_cells(current, mask) & move:
            scores.append((solver.cells + 1 - moves) // 2)
        elif moves + 1 == solver.cells:
            scores.append(0)
        else:
            scores.append(-solver.solve(current ^ mask, mask | move, moves + 1))
    return scores


@pytest.fixture
def book_with_a_changed_header(tmp_path, monkeypatch):
    """The shipped opening book with its deepest-ply byte (byte 11 of the header) changed, in place of the
    shipped one for the test: a book that is refused as it is read."""
    import ai.exact.book as book_module

    data = bytearray(book_module.BOOK_PATH.read_bytes())
    data[11] ^= 0xFF
    broken = tmp_path / "c4-book-7x6.bin"
    broken.write_bytes(bytes(data))
    monkeypatch.setattr(book_module, "BOOK_PATH", broken)
    monkeypatch.setattr(book_module, "_shipped", None)
    return broken


@contextlib.contextmanager
def raises_saying(kind: type[BaseException], pattern: str) -> Iterator[pytest.ExceptionInfo[BaseException]]:
    """Like ``pytest.raises(kind, match=pattern)``, matched against what the error says to a person (its
    problem worded by the words package, :func:`ui.words.problem_words.error_text`), not its log line."""
    from ui.words.problem_words import error_text

    with pytest.raises(kind) as caught:
        yield caught
    said = error_text(caught.value)
    assert re.search(pattern, said), f"{pattern!r} not in {said!r}"
