"""The compiled core's main table in use by parts (enhanced layout): a table starts with its first 2**21 slots
and doubles the part in use as it fills, every entry moving to its place, whether one core uses it or several
share it (and search at once). A short search on a large table then touches, and makes the system back, only a
little of it.
"""

from __future__ import annotations

import threading

import pytest

from ai.exact.compiled_core import NativeConnectFourSolver
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


def misplaced(core: NativeConnectFourSolver, sample: int = 16) -> tuple[int, int]:
    """Entries of every ``sample``-th bucket of the part in use that are not where a probe looks, and all the
    entries seen. A bucket is picked by the scrambled key's low bits; an entry holds the key's top 48 bits in
    place, so those of its bits that pick a bucket beyond the lowest 16 must be the bucket's."""
    buckets = core.slots_in_use // 2
    check = (buckets - 1) & ~0xFFFF
    wrong = seen = 0
    for bucket in range(0, buckets, sample):
        for slot in (2 * bucket, 2 * bucket + 1):
            entry = core.table_entry(slot)
            if entry:
                seen += 1
                wrong += (entry & check) != (bucket & check)
    return wrong, seen


def test_a_table_of_its_own_starts_small_and_doubles_keeping_its_entries():
    grown = solver(1 << 23)
    assert grown.slots_in_use == FIRST_PART
    assert grown.solve(*position(GROWING)) == GROWING_SCORE
    assert grown.slots_in_use == 2 * FIRST_PART
    wrong, seen = misplaced(grown)
    assert seen > 50_000 and wrong == 0
    searched = grown.nodes
    # Every entry was moved to where a probe looks: the same position again is answered from the table.
    assert grown.solve(*position(GROWING)) == GROWING_SCORE
    assert grown.nodes - searched < searched // 100


def test_the_same_scores_as_a_table_in_use_whole():
    whole = solver(FIRST_PART)  # no larger than the first part: in use whole from the start
    grown = solver(1 << 22)
    for moves in (GROWING, "2416615552", "1261357132467", "171627467"):
        assert grown.solve(*position(moves)) == whole.solve(*position(moves)), moves
    assert grown.slots_in_use == 1 << 22


def test_a_small_table_is_in_use_whole():
    assert solver(1 << 21).slots_in_use == 1 << 21
    assert solver(1 << 17).slots_in_use == 1 << 17
    assert NativeConnectFourSolver(table_slots=1 << 23, reference=True).slots_in_use == 1 << 23


def test_a_core_sharing_a_table_finds_what_the_other_learnt_at_its_size():
    owner = solver(1 << 23)
    owner.solve(*position(GROWING))
    assert owner.slots_in_use == 2 * FIRST_PART
    helper = solver(1 << 23, share_table_with=owner)
    assert helper.slots_in_use == 2 * FIRST_PART
    assert helper.solve(*position(GROWING)) == GROWING_SCORE
    assert helper.nodes < owner.nodes // 100


def test_cores_searching_at_once_grow_their_shared_table_together():
    owner = solver(1 << 23)
    helper = solver(1 << 23, share_table_with=owner)
    scores: list[int] = []

    def search(core: NativeConnectFourSolver) -> None:
        scores.append(core.solve(*position(GROWING)))

    threads = [threading.Thread(target=search, args=(core,)) for core in (owner, helper)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert scores == [GROWING_SCORE, GROWING_SCORE]
    # Once or twice: how many entries two searches store depends on how far apart they run.
    assert owner.slots_in_use == helper.slots_in_use > FIRST_PART
    # Moved while the other searched: only what the other stored at the old size after its bucket moved (a
    # few thousand positions' worth at most) is left behind.
    wrong, seen = misplaced(owner)
    assert seen > 50_000 and wrong < seen // 1000
    # What they stored is found where a probe looks now. Not all of it: two searches store more positions
    # than one, which push out more of each other's entries, and an entry a search stores at the old size
    # after its bucket moved is lost; entries left in the wrong place would leave the search to be made again.
    searched = owner.nodes + helper.nodes
    assert owner.solve(*position(GROWING)) == GROWING_SCORE
    assert helper.solve(*position(GROWING)) == GROWING_SCORE
    assert owner.nodes + helper.nodes - searched < searched // 4


def test_clear_starts_the_table_small_again_for_every_core_sharing_it():
    owner = solver(1 << 23)
    helper = solver(1 << 23, share_table_with=owner)
    helper.solve(*position(GROWING))
    assert owner.slots_in_use == 2 * FIRST_PART
    owner.clear()
    assert owner.slots_in_use == helper.slots_in_use == FIRST_PART
    assert helper.solve(*position(GROWING)) == GROWING_SCORE


def test_a_core_may_share_a_table_while_its_owner_searches():
    owner = solver(1 << 23)
    scores: list[int] = []
    searching = threading.Thread(target=lambda: scores.append(owner.solve(*position(GROWING))))
    searching.start()
    helper = solver(1 << 23, share_table_with=owner)
    assert helper.solve(*position(GROWING)) == GROWING_SCORE
    searching.join()
    assert scores == [GROWING_SCORE]
