"""The checks a built wheel must pass wherever it is installed: the release workflow runs this file alone
against each installed wheel (``pytest --import-mode=importlib -o pythonpath= tests/test_wheel.py`` from
outside the source tree, so ``ai``, ``game`` and ``ui`` are the wheel's); ``make test`` runs it against the
checkout. It reads only its own folder's data and imports nothing of the test support.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ai.exact.book import shipped_book
from ai.exact.compiled_core import NativeConnectFourSolver, native_built
from ai.exact.python_core import ConnectFourSolver
from assets.manifest import verified_bytes
from game import ConnectFour
from ui.sound import ASSETS, SOUND_NAMES
from ui.window.icon import ICON_PATH

POSITIONS = Path(__file__).resolve().parent / "data" / "c4-testsets" / "Test_L2_R1"


def sample_positions(count: int) -> list[tuple[str, int]]:
    rows = [line.split() for line in POSITIONS.read_text().splitlines() if line.strip()]
    return [(moves, int(score)) for moves, score in rows[:count]]


def test_the_compiled_core_is_in_the_wheel_where_a_compiler_built_it():
    if not native_built():
        if os.environ.get("PONDER_REQUIRE_NATIVE", "") not in ("", "0"):
            pytest.fail("PONDER_REQUIRE_NATIVE is set but the compiled core ai.exact._c4core is not built")
        pytest.skip("the compiled solver core is not built (no C compiler at install)")
    import ai.exact._c4core

    assert Path(ai.exact._c4core.__file__).exists()


@pytest.mark.parametrize("solver_class", [ConnectFourSolver, NativeConnectFourSolver])
def test_both_cores_give_the_exact_scores(solver_class):
    if solver_class is NativeConnectFourSolver and not native_built():
        pytest.skip("the compiled solver core is not built")
    solver = solver_class(7, 6, table_slots=1 << 17)
    for moves, score in sample_positions(30):
        game = ConnectFour()
        game.play_text(moves)
        player = game.to_move()
        assert solver.solve(game.stones(player), game.occupied(), game.ply()) == score, moves


def test_the_shipped_book_loads_and_agrees_with_the_solver():
    book = shipped_book()
    assert book is not None and len(book) > 100_000
    # Deep entries, solved in a second or two: the shallow plies' agreement is test_opening_book's sample.
    for moves in ("1234567", "4453621", "44455567", "123456712"):
        game = ConnectFour()
        game.play_text(moves)
        key = game.stones(game.to_move()) + game.occupied()
        known = book.score(key)
        assert known is not None, moves
        if native_built():
            solver = NativeConnectFourSolver(7, 6, table_slots=1 << 20)
            assert solver.solve(game.stones(game.to_move()), game.occupied(), game.ply()) == known, moves


def test_the_sounds_and_the_icon_match_their_manifest():
    """The manifest is package data too: without it, the game would play no sound and draw its icon."""
    for path in (*(ASSETS / f"{name}.wav" for name in SOUND_NAMES), ICON_PATH):
        assert verified_bytes(path) == path.read_bytes()


def test_the_command_answers():
    moves, score = sample_positions(1)[0]
    done = subprocess.run(
        [sys.executable, "-c", "import main; main.run()", "analyze"],
        input=f"{moves}\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [moves, str(score)]
