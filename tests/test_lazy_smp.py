"""Lazy SMP: several threads on one position, each in its own move order over the shared table, give the
one-thread scores at every thread count, and have always ended when the score comes back (or the search
stops)."""

from __future__ import annotations

import random
import threading

import pytest

from ai.contracts import UNBOUNDED, Budget, SearchStopped
from ai.exact.analysis import ExactAnalyzer
from ai.exact.compiled_core import NativeConnectFourSolver
from ai.exact.team import (
    HELPER_THREAD_NAME,
    cores_available,
    helper_order,
    mirror_order,
    race,
    search_orders,
    teams_of,
    window_threads,
)
from ai.stop_flag import StopFlag
from game import ConnectFour
from game.connect4 import centre_first
from tests.conftest import read_positions, require_compiled_core

#: An early position (seven stones; no book given) that takes the solver alone about 0.3 s.
EARLY = "4453321"
THREAD_COUNTS = (1, 2, 3, 4)
#: Seeded samples of the public test sets (the shipped subset), from the opening to the end game.
SAMPLES = {"Test_L1_R1": 20, "Test_L1_R2": 4, "Test_L2_R1": 30, "Test_L2_R2": 15, "Test_L3_R1": 30}


def no_book():
    return None


def helpers_alive() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == HELPER_THREAD_NAME]


def position(moves: str) -> tuple[int, int, int]:
    game = ConnectFour.from_moves(moves)
    return game.stones(game.to_move()), game.occupied(), game.ply()


def team(threads: int, slots: int = 1 << 20) -> list[NativeConnectFourSolver]:
    """Solvers of 7 x 6 sharing the first's table, one per thread, each in its order."""
    orders = search_orders(7, threads)
    first = NativeConnectFourSolver(table_slots=slots, order=orders[0])
    others = [NativeConnectFourSolver(table_slots=slots, share_table_with=first, order=o) for o in orders[1:]]
    return [first, *others]


def sample() -> list[tuple[str, int]]:
    rows = []
    for name, count in SAMPLES.items():
        rows += random.Random(f"lazy-smp-{name}").sample(read_positions(name), count)
    return rows


def test_the_orders_differ_from_each_other_and_from_each_others_mirror():
    for width in (4, 5, 6, 7, 8, 9):
        for count in range(1, 9):
            orders = search_orders(width, count)
            assert len(orders) == count
            assert orders[0] == centre_first(width)
            assert all(sorted(order) == list(range(width)) for order in orders)
            distinct = {min(order, mirror_order(order)) for order in orders}
            if width >= 6:  # hundreds of orders: every thread has its own
                assert len(distinct) == count
        if width >= 6:  # the second thread's order, measured (docs/benchmarks.md)
            assert search_orders(width, 2)[1] == helper_order(width)


def test_a_narrow_board_repeats_its_few_orders():
    orders = search_orders(3, 6)  # centre first, then the two sides either way: one order and its mirror
    assert len(orders) == 6 and set(orders) == {centre_first(3)}


def test_teams_share_out_every_solver_once():
    solvers = list(range(9))
    for positions in range(1, 12):
        teams = teams_of(solvers, positions)  # type: ignore[arg-type]
        assert len(teams) == min(9, positions)
        assert sorted(member for each in teams for member in each) == solvers
        assert teams[0][0] == 0
        sizes = [len(each) for each in teams]
        assert max(sizes) - min(sizes) <= 1


def test_the_default_thread_counts_follow_the_cores():
    assert cores_available() >= 1
    assert window_threads() == max(1, cores_available() - 1)
    assert ExactAnalyzer(book=no_book)._threads == cores_available()
    with pytest.raises(ValueError, match="threads"):
        ExactAnalyzer(threads=0)


@pytest.mark.parametrize("threads", THREAD_COUNTS)
def test_every_thread_count_gives_the_test_sets_scores(threads):
    require_compiled_core()
    solvers = team(threads)
    try:
        rows = sample()
        wrong = [
            (moves, expected, got)
            for moves, expected in rows
            if (got := race(solvers, position(moves), False, None, UNBOUNDED)) != expected
        ]
        assert not wrong, f"{len(wrong)} wrong at {threads} threads, first: {wrong[:3]}"
        signs = [race(solvers, position(moves), True, None, UNBOUNDED) for moves, _ in rows[:10]]
        assert signs == [(expected > 0) - (expected < 0) for _, expected in rows[:10]]
        assert all(solver.nodes > 0 for solver in solvers)  # every thread searched
        assert not helpers_alive()
    finally:
        for solver in solvers:
            solver.release()


@pytest.mark.parametrize("threads", THREAD_COUNTS[1:])
def test_the_analyzer_gives_the_one_thread_scores_at_every_thread_count(threads):
    require_compiled_core()
    game = ConnectFour.from_moves(EARLY)
    alone = ExactAnalyzer(solver_slots=1 << 20, book=no_book, threads=1)
    together = ExactAnalyzer(solver_slots=1 << 20, book=no_book, threads=threads)
    try:
        expected = alone.score(game)
        assert together.score(game) == expected
        helpers = together._helpers[(7, 6)]
        assert len(helpers) == threads - 1
        assert all(helper.nodes > 0 for helper in helpers)  # each searched beside the calling thread
        assert not helpers_alive()
        assert together.score(game, weak=True) == (expected > 0) - (expected < 0)
    finally:
        alone.release()
        together.release()


def test_more_threads_than_moves_put_several_threads_on_a_move():
    require_compiled_core()
    alone = ExactAnalyzer(solver_slots=1 << 20, book=no_book, threads=1)
    together = ExactAnalyzer(solver_slots=1 << 20, book=no_book, threads=8)
    try:
        game = ConnectFour.from_moves(EARLY)  # seven moves, eight threads: one move gets two
        assert together.move_scores(game) == alone.move_scores(game)
        assert all(helper.nodes > 0 for helper in together._helpers[(7, 6)])
        assert not helpers_alive()
    finally:
        alone.release()
        together.release()


@pytest.mark.parametrize("threads", (2, 4))
def test_a_stop_ends_every_thread(threads):
    require_compiled_core()
    together = ExactAnalyzer(solver_slots=1 << 20, book=no_book, threads=threads)
    stop = StopFlag()
    stop.set()
    try:
        with pytest.raises(SearchStopped):
            together.score(ConnectFour.from_moves("44"), budget=Budget(stop=stop))
        assert not helpers_alive()
    finally:
        together.release()


def test_a_helpers_failure_reaches_the_calling_thread_when_none_answered():
    require_compiled_core()
    solvers = team(2)

    class Broken(Exception):
        pass

    def fail(*args, **kwargs):
        raise Broken

    solvers[1].solve = fail  # type: ignore[method-assign]
    stop = StopFlag()
    # The calling thread's search is stopped at once, so only the helper's failure is left to tell.
    stop.set()
    try:
        with pytest.raises(Broken):
            race(solvers, position(EARLY), False, None, Budget(stop=stop))
        assert not helpers_alive()
    finally:
        for solver in solvers:
            solver.release()
