"""The compiled core's main table in use by parts (enhanced layout): a table no other core shares starts with
its first 2**21 slots and doubles the part in use as it fills, every entry moving to its place; a shared table
is in use whole. A short search on a large table then touches, and makes the system back, only a little of it.
"""

from __future__ import annotations

import threading
import time

import pytest

from ai.contracts import Budget, SearchStopped
from ai.exact.compiled_core import NativeConnectFourSolver
from ai.stop_flag import StopFlag
from game import ConnectFour
from tests.conftest import require_compiled_core

FIRST_PART = 1 << 21
# A Test_L1_R2 position (exact score -5) whose search, with every position in the main table (near depth 0),
# stores more entries than seven eighths of the first part: the table doubles once during it.
GROWING, GROWING_SCORE = "241437", -5


@pytest.fixture(autouse=True)
def compiled_core():
    require_compiled_core()


def position(moves: str) -> tuple[int, int, int]:
    game = ConnectFour.from_moves(moves)
    return game.stones(game.to_move()), game.occupied(), game.ply()


def solver(slots: int, **options) -> NativeConnectFourSolver:
    return NativeConnectFourSolver(table_slots=slots, near_depth=0, **options)


def test_a_table_of_its_own_starts_small_and_doubles_keeping_its_entries():
    grown = solver(1 << 23)
    assert grown.slots_in_use == FIRST_PART
    assert grown.solve(*position(GROWING)) == GROWING_SCORE
    assert grown.slots_in_use == 2 * FIRST_PART
    searched = grown.nodes
    # Every entry was moved to where a probe looks: the same position again is answered from the table.
    assert grown.solve(*position(GROWING)) == GROWING_SCORE
    assert grown.nodes - searched < searched // 100


def test_the_same_scores_as_a_table_in_use_whole():
    owner = solver(1 << 22)
    whole = solver(1 << 22, share_table_with=owner)  # shared: in use whole from the start
    assert whole.slots_in_use == 1 << 22
    grown = solver(1 << 22)
    for moves in (GROWING, "2416615552", "1261357132467", "171627467"):
        assert grown.solve(*position(moves)) == whole.solve(*position(moves)), moves
    assert grown.slots_in_use == 1 << 22


def test_a_small_table_is_in_use_whole():
    assert solver(1 << 21).slots_in_use == 1 << 21
    assert solver(1 << 17).slots_in_use == 1 << 17
    assert NativeConnectFourSolver(table_slots=1 << 23, reference=True).slots_in_use == 1 << 23


def test_sharing_puts_the_owner_s_table_in_use_whole_with_what_it_learnt():
    owner = solver(1 << 23)
    owner.solve(*position(GROWING))
    assert owner.slots_in_use == 2 * FIRST_PART
    helper = solver(1 << 23, share_table_with=owner)
    assert owner.slots_in_use == helper.slots_in_use == 1 << 23
    # The owner's entries moved to their places in the whole table, where the helper finds them.
    assert helper.solve(*position(GROWING)) == GROWING_SCORE
    assert helper.nodes < owner.nodes // 100


def test_clear_starts_a_table_of_its_own_small_again_and_leaves_a_shared_one_whole():
    alone = solver(1 << 23)
    alone.solve(*position(GROWING))
    alone.clear()
    assert alone.slots_in_use == FIRST_PART
    owner = solver(1 << 23)
    helper = solver(1 << 23, share_table_with=owner)
    owner.clear()
    assert owner.slots_in_use == helper.slots_in_use == 1 << 23
    # Once the other lets go, the next clear starts small again.
    helper.release()
    owner.clear()
    assert owner.slots_in_use == FIRST_PART


def test_a_core_cannot_share_a_table_while_its_owner_searches():
    owner = NativeConnectFourSolver(table_slots=1 << 23)
    stop = StopFlag()
    ended = threading.Event()

    def search() -> None:
        try:
            owner.solve(*position(""), budget=Budget(stop=stop))
        except SearchStopped:
            pass
        ended.set()

    worker = threading.Thread(target=search)
    worker.start()
    try:
        while owner.nodes == 0:
            time.sleep(0.001)
        with pytest.raises(RuntimeError, match="searching"):
            NativeConnectFourSolver(table_slots=1 << 23, share_table_with=owner)
    finally:
        stop.set()
        worker.join(10)
    assert ended.is_set()
