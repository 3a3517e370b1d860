"""Two threads on one position: the helper searches the same early position beside the calling thread, in its
own move order over the shared table, and has always ended when the score comes back (or the search stops)."""

from __future__ import annotations

import threading

import pytest

from ai.contracts import Budget, SearchStopped
from ai.exact.analysis import ExactAnalyzer, helper_order
from ai.stop_flag import StopFlag
from game import ConnectFour
from game.connect4 import centre_first
from tests.conftest import require_compiled_core

#: An early position (seven stones; no book given) that takes the solver alone about 0.3 s.
EARLY = "4453321"


def no_book():
    return None


def helpers_alive() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "exact-helper"]


def test_the_helper_order_is_neither_the_main_order_nor_its_mirror():
    for width in (6, 7, 8, 9):
        main = centre_first(width)
        helper = helper_order(width)
        mirror = tuple(width - 1 - column for column in main)
        assert sorted(helper) == list(range(width)) and helper[0] == main[0]
        assert helper not in (main, mirror)


def test_two_threads_give_the_one_thread_score_and_the_helper_searched_and_ended():
    require_compiled_core()
    game = ConnectFour.from_moves(EARLY)
    alone = ExactAnalyzer(solver_slots=1 << 20, book=no_book, threads=1)
    together = ExactAnalyzer(solver_slots=1 << 20, book=no_book, threads=2)
    try:
        expected = alone.score(game)
        assert together.score(game) == expected
        helper = together._helpers[(7, 6)]
        assert helper.nodes > 0  # it searched beside the calling thread
        assert not helpers_alive()
        assert together.score(game, weak=True) == (expected > 0) - (expected < 0)
    finally:
        alone.release()
        together.release()


def test_a_stop_ends_both_threads():
    require_compiled_core()
    together = ExactAnalyzer(solver_slots=1 << 20, book=no_book, threads=2)
    stop = StopFlag()
    stop.set()
    try:
        with pytest.raises(SearchStopped):
            together.score(ConnectFour.from_moves("44"), budget=Budget(stop=stop))
        assert not helpers_alive()
    finally:
        together.release()
