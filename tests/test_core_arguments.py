"""Every malformed input to the exact solver's cores is refused with a clear error (issue 32), and a good
input after it still gets the right score: a seeded stream of corrupted positions for both cores' ``solve``,
then the compiled core's own boundary (``_c4core.Core``: sizes, tables, orders, windows, time limits, books).

A refused input must raise ValueError, TypeError or OverflowError with a message: never crash, never hang,
never return a score (the game would play a move by it).
"""

from __future__ import annotations

import math
import random
from array import array

import pytest

from ai.exact.compiled_core import native_built
from game.connect4 import ConnectFour
from tests.conftest import require_compiled_core

#: Boards of the stream: small ones keep the good inputs' solves fast.
BOARDS = ((4, 4), (5, 4), (6, 5), (7, 6))
#: Corrupted positions in the stream, per core.
STREAM = 2000
REFUSALS = (ValueError, TypeError, OverflowError)


def random_position(rng: random.Random, width: int, height: int) -> ConnectFour:
    """A position of a game still going on, a random number of random moves in (at most half the board)."""
    while True:
        game = ConnectFour(width, height)
        for _ in range(rng.randrange(0, width * height // 2)):
            game.apply(rng.choice(game.moves()))
            if game.is_over():
                break
        if not game.is_over():
            return game


def arguments(game: ConnectFour) -> tuple[int, int, int]:
    return game.stones(game.to_move()), game.occupied(), game.ply()


def corrupted(rng: random.Random, game: ConnectFour) -> tuple[str, tuple]:
    """One way the arguments of ``solve`` can be wrong, and the wrong arguments."""
    current, mask, moves = arguments(game)
    width, height = game.width, game.height
    column_bits = height + 1
    cell = rng.randrange(width) * column_bits + rng.randrange(height)
    sentinel = rng.randrange(width) * column_bits + height
    cells = [column * column_bits + row for column in range(width) for row in range(height)]
    empty = [cell for cell in cells if not mask >> cell & 1]
    outside = 1 << (width * column_bits + rng.randrange(4))
    choices = {
        "a stone on a sentinel bit": (current, mask | 1 << sentinel, moves + 1),
        "a stone outside the board": (current, mask | outside, moves + 1),
        "current not within mask": (current | 1 << cell, mask & ~(1 << cell), moves),
        "a miscounted ply": (current, mask, moves + rng.choice([-3, -1, 1, 2, 5])),
        "a negative ply": (current, mask, -1 - rng.randrange(100)),
        "a ply past the board": (current, mask, width * height + rng.randrange(3)),
        "a negative board": (-1 - rng.randrange(1 << 20), mask, moves),
        "a board beyond 64 bits": (current, mask | 1 << (64 + rng.randrange(64)), moves),
        "a board that is no int": (float(current), mask, moves),
        "a ply that is no int": (current, mask, str(moves)),
        "the other side's stones": (current ^ mask, mask, moves) if moves % 2 else (current, mask, moves + 1),
    }
    if empty:
        floating = max(
            empty
        )  # the top empty cell of some column: floating unless the cells under it are full
        column, row = divmod(floating, column_bits)
        if row > 0 and not mask >> (floating - 1) & 1:
            choices["a stone floating above an empty cell"] = (current, mask | 1 << floating, moves + 1)
    four = ConnectFour(width, height)
    four.play_text("1213141" if width >= 4 else "")
    over_current, over_mask, over_moves = arguments(four) if four.is_over() else arguments(game)
    if four.is_over():
        choices["a game already won"] = (over_current, over_mask, over_moves)
    name = rng.choice(sorted(choices))
    return name, choices[name]


@pytest.mark.parametrize("core", ["python", "compiled"])
def test_a_seeded_stream_of_malformed_positions_is_refused_and_good_ones_still_solved(core):
    if core == "compiled":
        require_compiled_core()
        from ai.exact.compiled_core import NativeConnectFourSolver as Solver
    else:
        from ai.exact.python_core import ConnectFourSolver as Solver  # type: ignore[assignment]
    rng = random.Random(f"core arguments {core}")
    solvers = {board: Solver(*board) for board in BOARDS}
    reference = {board: Solver(*board) for board in BOARDS}
    refused: dict[str, int] = {}
    for index in range(STREAM):
        board = rng.choice(BOARDS[:3])  # 7 x 6 positions take the Python core too long to solve by the dozen
        game = random_position(rng, *board)
        name, bad = corrupted(rng, game)
        with pytest.raises(REFUSALS) as refusal:
            solvers[board].solve(*bad)
        assert str(refusal.value), name
        refused[name] = refused.get(name, 0) + 1
        if index % 50 == 0 and (core == "compiled" or board != (6, 5)):
            # The core still answers a good position exactly after any number of refusals (as a fresh solver
            # does; 6 x 5 positions take the Python core seconds).
            good = arguments(game)
            assert solvers[board].solve(*good) == reference[board].solve(*good), (name, game.moves_text())
    # Every kind of damage came up many times.
    assert len(refused) >= 12 and min(refused.values()) > STREAM // 40, refused


def test_the_compiled_core_refuses_every_malformed_argument_at_its_boundary():
    require_compiled_core()
    from ai.exact import _c4core

    order = [3, 2, 4, 1, 5, 0, 6]
    bad_cores = [
        ((7, 6, 1 << 17, [0] * 7), ValueError),
        ((7, 6, 1 << 17, order[:-1]), ValueError),
        ((7, 6, 1 << 17, [*order[:-1], 7]), ValueError),
        ((7, 6, 1 << 17, [*order[:-1], -1]), ValueError),
        ((7, 6, 1 << 17, 7), TypeError),
        ((7, 6, 1 << 17, ["a"] * 7), TypeError),
        ((7, 6, (1 << 17) + 1, order), ValueError),
        ((7, 6, 1 << 16, order), ValueError),
        ((7, 6, 1 << 41, order), ValueError),
        ((7, 6, -1, order), ValueError),  # read as an unsigned 64-bit number: far too big
        ((7, 5, 1 << 17, order), ValueError),  # an odd number of cells
        ((0, 6, 1 << 17, []), ValueError),
        ((9, 7, 1 << 17, list(range(9))), ValueError),  # does not fit 64 bits
        ((7, -6, 1 << 17, order), ValueError),
        ((2**40, 6, 1 << 17, order), OverflowError),
    ]
    for args, error in bad_cores:
        with pytest.raises(error) as refusal:
            _c4core.Core(*args)
        assert str(refusal.value), args
    with pytest.raises(ValueError):
        _c4core.Core(7, 6, 1 << 17, order, near_depth=65)
    core = _c4core.Core(7, 6, 1 << 17, order, enhanced=True)
    with pytest.raises(ValueError):
        _c4core.Core(7, 6, 1 << 18, order, enhanced=True, share=core)  # another table size
    with pytest.raises(TypeError):
        _c4core.Core(7, 6, 1 << 17, order, enhanced=True, share="core")
    game = ConnectFour.from_moves("4455")
    current, mask, moves = arguments(game)
    with pytest.raises(ValueError, match="number"):
        core.solve(current, mask, moves, False, math.nan)
    with pytest.raises(TypeError):
        core.solve(current, mask, moves, False)
    with pytest.raises(TypeError):
        core.solve(current, mask, moves, False, "1.0")
    with pytest.raises(ValueError, match="alpha < beta"):
        core.negamax(current, mask, moves, 3, 3, -1.0)
    threat = ConnectFour.from_moves("11223")  # Yellow to move; Red threatens, but Yellow cannot win at once
    assert core.negamax(*arguments(threat), -1, 1, -1.0) is not None
    winning = ConnectFour.from_moves("112233")  # Red to move wins at once: negamax's precondition is broken
    with pytest.raises(ValueError, match="cannot win at once"):
        core.negamax(*arguments(winning), -1, 1, -1.0)
    # Books: misaligned, out of order, a ply outside the board; the good book after them still works.
    with pytest.raises(ValueError):
        core.set_book(b"\x01" * 9, 8)
    with pytest.raises(ValueError, match="ascending"):
        core.set_book(array("Q", [5 << 8, 3 << 8]), 8)
    with pytest.raises(ValueError, match="max_moves"):
        core.set_book(array("Q", [3 << 8]), 42)
    with pytest.raises(TypeError):
        core.set_book([1, 2, 3], 8)
    core.set_book(None, -1)
    # 4455: Red plays 3 or 6 and has two threats on the bottom row, winning with its fourth stone (22 - 4).
    assert core.solve(current, mask, moves, False, -1.0) == 18


def test_the_python_core_checks_what_the_compiled_core_checks():
    """Both cores refuse the same positions (the compiled one in C, at its boundary)."""
    from ai.exact.python_core import ConnectFourSolver

    solver = ConnectFourSolver(4, 4)
    over = ConnectFour(4, 4)
    over.play_text("1213141")
    assert over.is_over()
    with pytest.raises(ValueError, match="over"):
        solver.solve(*arguments(over))
    if native_built():
        from ai.exact.compiled_core import NativeConnectFourSolver

        with pytest.raises(ValueError, match="over"):
            NativeConnectFourSolver(4, 4).solve(*arguments(over))
