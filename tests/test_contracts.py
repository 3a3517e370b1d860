"""The budget every search is handed: its stop flag, its deadline and its check point."""

from __future__ import annotations

import time

import pytest

from ai.contracts import UNBOUNDED, Budget, SearchStopped
from ai.exact.analysis import ExactAnalyzer
from ai.heuristic.search import Searcher
from ai.heuristic.table import TranspositionTable
from ai.stop_flag import StopFlag
from game import ConnectFour


def test_a_budget_stops_on_its_flag_or_its_deadline_and_calls_its_check_point():
    calls = []
    stop = StopFlag()
    budget = Budget(stop=stop, on_checkpoint=lambda: calls.append(1))
    budget.check()
    stop.set()
    with pytest.raises(SearchStopped):
        budget.check()
    assert calls == [1, 1] and budget.stopped()
    with pytest.raises(SearchStopped):
        Budget(deadline=time.monotonic() - 1).check()
    UNBOUNDED.check()


def test_until_keeps_the_earlier_deadline_and_without_deadline_keeps_the_flag():
    stop = StopFlag()
    budget = Budget(stop=stop, deadline=100.0)
    assert budget.until(200.0).deadline == 100.0 and budget.until(50.0).deadline == 50.0
    assert budget.until(None) is budget
    assert UNBOUNDED.until(7.0).deadline == 7.0
    loose = budget.until(50.0).without_deadline()
    assert loose.deadline is None and loose.stop is stop


def test_a_stopped_search_leaves_no_budget_behind_for_the_next_one():
    stop = StopFlag()
    stop.set()
    # The solver on a position whose every move it proves in about a second (4453's take six).
    solved = ConnectFour.from_moves("45362")
    analyzer = ExactAnalyzer(book=lambda: None)
    with pytest.raises(SearchStopped):
        analyzer.move_scores(solved, budget=Budget(stop=stop))
    assert len(analyzer.move_scores(solved)) == 7  # the next search, unbounded, runs to the end
    game = ConnectFour.from_moves("4453")
    searcher = Searcher(TranspositionTable(1 << 12))
    # The flag is looked at every CHECK_EVERY positions: the shallowest depths may complete before.
    assert len(list(searcher.iterate(game, max_depth=7, budget=Budget(stop=stop)))) < 4
    assert len(list(searcher.iterate(game, max_depth=7))) == 7
