"""The engine thread's contract: tokens, one best move, stop, errors, close, pondering and its reuse."""

from __future__ import annotations

import inspect
import queue
import random
import statistics
import sys
import threading
import time
from collections.abc import Callable

import pytest

from ai.contracts import Budget, EnginePart, Limits
from ai.engine import Engine
from ai.exact.analysis import ExactAnalyzer
from ai.exact.book import OpeningBook
from ai.exact.python_core import ConnectFourSolver
from ai.heuristic.search import Searcher
from ai.messages import BestMove, EngineFailure, Progress
from ai.play.thinker import Thinker
from ai.stop_flag import StopFlag
from ai.switch_interval import SWITCH_INTERVAL
from game import ConnectFour, TicTacToe
from tests.conftest import TESTSETS
from tools.support.fakes import FakeEngine
from tools.support.waiting import wait_until
from ui.state.board.engine_like import EngineLike
from ui.words.problem_words import reason_text

GENEROUS = 10.0  # seconds; an upper bound for things that normally take milliseconds


@pytest.fixture
def engine():
    engine = Engine(table_entries=1 << 16, seed=7, solver_slots=1 << 17)
    yield engine
    engine.close()
    assert not engine.is_alive()


def collect(engine: Engine, until, timeout: float = GENEROUS) -> list:
    """Polls until ``until(messages)`` holds (or the timeout passes); returns every message polled."""
    messages: list = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        messages += engine.poll()
        if until(messages):
            break
        time.sleep(0.005)
    return messages


def searching(engine: Engine, request) -> list:
    """Waits until ``request``'s search is under way (its first completed depth has come); returns the
    messages polled meanwhile."""
    messages = collect(engine, lambda got: any(isinstance(m, Progress) and request.owns(m) for m in got))
    assert any(isinstance(m, Progress) for m in messages), "the search never got under way"
    return messages


def best_moves(messages) -> list[BestMove]:
    return [m for m in messages if isinstance(m, BestMove)]


def test_think_gives_progress_then_exactly_one_best_move(engine):
    game = ConnectFour.from_moves("4453")
    request = engine.think(game, Limits(depth=5))
    messages = collect(engine, lambda ms: bool(best_moves(ms)))
    messages += collect(engine, lambda ms: False, timeout=0.3)
    [best] = best_moves(messages)
    assert request.owns(best) and best.move in game.moves() and best.result.depth == 5
    progress = [m for m in messages if isinstance(m, Progress)]
    assert [p.result.depth for p in progress] == [1, 2, 3, 4, 5]
    assert all(request.owns(p) for p in progress)
    assert best.result == progress[-1].result  # the answer is the last completed depth's
    assert game.moves_text() == "4453"  # the caller's game was not touched


def worker_settles(engine: Engine, within: float = GENEROUS) -> bool:
    """True when the worker thread itself stops working: it is idle within ``within`` seconds and stays so,
    burning no CPU, for a few tenths of a second. (A stopped request posts nothing more, so a test that only
    looks at messages cannot tell a worker that stopped from one that still searches for nobody.)"""
    deadline = time.monotonic() + within
    while not engine.is_idle():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    cpu_time = _worker_cpu_clock(engine)
    cpu_before = cpu_time()
    time.sleep(0.3)
    return engine.is_idle() and cpu_time() - cpu_before < 0.15


def _worker_cpu_clock(engine: Engine) -> Callable[[], float]:
    """The CPU time of the engine's worker thread alone where the system tells it (another thread of the test
    process, such as a window's tree reader left by an earlier test, must not count), else the process's."""
    worker = engine._worker  # white box: the thread whose work is measured
    if hasattr(time, "pthread_getcpuclockid") and worker.ident is not None:
        try:
            clock = time.pthread_getcpuclockid(worker.ident)
        except OSError:
            return time.process_time
        return lambda: time.clock_gettime(clock)
    return time.process_time


def test_a_superseded_think_never_answers(engine):
    game = ConnectFour()
    # Depth 40 from the empty board: a search that would run for hours unless the second think stops it.
    first = engine.think(game, Limits(depth=40))
    searching(engine, first)
    second = engine.think(game, Limits(depth=2))
    messages = collect(engine, lambda ms: bool(best_moves(ms)))
    assert [m.token for m in best_moves(messages)] == [second.token], "the superseded search was not stopped"
    assert worker_settles(engine), "the worker still searches after answering the newer think"
    messages += engine.poll()
    assert [m.token for m in best_moves(messages)] == [second.token]
    assert {m.token for m in messages} <= {first.token, second.token} and first.token != second.token


def test_stop_and_new_game_silence_a_think(engine):
    game = ConnectFour.from_moves("44")
    searching(engine, engine.think(game, Limits(depth=40)))
    assert not engine.is_idle()
    engine.stop()
    assert worker_settles(engine), "the worker ignored stop"
    assert best_moves(engine.poll()) == []  # progress posted before the stop may still come; no answer
    searching(engine, engine.think(game, Limits(depth=40)))
    engine.start_game()
    assert worker_settles(engine), "the worker ignored new_game"
    assert best_moves(engine.poll()) == []
    assert engine.poll() == []  # a stopped search posts nothing more
    # The engine still serves requests afterwards.
    request = engine.think(game, Limits(depth=3))
    assert request.owns(best_moves(collect(engine, lambda ms: bool(best_moves(ms))))[0])


def test_stop_during_a_ponder_is_followed_by_no_message_for_it(engine):
    game = ConnectFour.from_moves("4", 8, 7)  # no book answers at once there: the ponder keeps searching
    request = engine.ponder(game)
    collect(engine, lambda ms: len(ms) >= 3)
    request.stop()
    # The worker notices the stop flag at its next check point; what it posted until then is drained.
    assert worker_settles(engine), "the worker ignored stop"
    while not engine._replies.empty():
        engine._replies.get_nowait()
    time.sleep(0.5)
    late = []
    while not engine._replies.empty():
        late.append(engine._replies.get_nowait())
    assert [m for m in late if request.owns(m)] == []


def test_a_handle_stops_its_own_request_and_no_other(engine):
    ponder = engine.ponder(ConnectFour.from_moves("4", 8, 7))
    # Depth 40 from the empty board: a search that would run for hours unless stopped.
    think = engine.think(ConnectFour(), Limits(depth=40))
    ponder.stop()  # superseded already: the think runs on
    messages = collect(engine, lambda ms: False, timeout=0.3)
    assert not engine.is_idle() and best_moves(messages) == []
    think.stop()
    assert worker_settles(engine), "the worker ignored the handle's stop"
    assert best_moves(engine.poll()) == []
    think.stop()  # stopping again does nothing
    request = engine.think(ConnectFour.from_moves("4453"), Limits(depth=3))
    assert request.owns(best_moves(collect(engine, lambda ms: bool(best_moves(ms))))[0])


# Pondering's depth by depth search, on the 8 x 7 board: no opening book there, and its open positions take
# the exact solver far longer than the quarter of a second pondering first gives it.
OPEN_8X7 = "44"


def test_ponder_reports_every_reply_and_never_a_best_move(engine):
    game = ConnectFour.from_moves(OPEN_8X7, 8, 7)
    request = engine.ponder(game, Limits(depth=3))
    messages = collect(engine, lambda ms: any(m.result.depth == 4 for m in ms))
    assert messages and all(isinstance(m, Progress) and request.owns(m) for m in messages)
    assert [m.result.depth for m in messages] == [2, 3, 4]
    assert all(len(m.result.move_scores) == 8 for m in messages)


def test_ponder_on_a_book_position_reports_the_exact_values_alone(engine):
    """The hint and the overlay get exact values at once; a depth level's table is still filled afterwards,
    but quietly, so no heuristic result replaces the exact one."""
    request = engine.ponder(ConnectFour.from_moves("44"), Limits(depth=4))
    messages = collect(engine, bool)
    messages += collect(engine, lambda ms: False, timeout=1.5)  # and then nothing more
    assert len(messages) == 1 and request.owns(messages[0]) and messages[0].result.score.exact
    assert sorted(move for move, score in messages[0].result.move_scores if score.exact) == list(range(7))


def test_a_finished_ponder_idles_without_burning_cpu(engine):
    engine.ponder(TicTacToe.from_moves("5"), Limits(depth=2))
    collect(engine, lambda ms: any(m.result.score.exact or m.result.depth == 3 for m in ms))
    wait_until(engine.is_idle, "the ponder to end")
    cpu_before = time.process_time()
    time.sleep(0.5)
    assert time.process_time() - cpu_before < 0.2


def test_the_window_s_protocol_and_the_fake_engine_keep_in_step_with_the_engine():
    def verbs(cls) -> set[str]:
        return {name for name, value in vars(cls).items() if callable(value) and not name.startswith("_")}

    # The window uses every verb of the engine but these: is_alive and is_idle watch the worker thread, for
    # tests and benchmarks; stop stops whatever runs, and the window stops its own requests by their handles.
    assert verbs(Engine) - {"is_alive", "is_idle", "stop"} == verbs(EngineLike)
    assert verbs(EngineLike) <= verbs(FakeEngine)
    for name in verbs(EngineLike):
        wanted = list(inspect.signature(getattr(EngineLike, name)).parameters)
        assert list(inspect.signature(getattr(FakeEngine, name)).parameters) == wanted, name
        # The real engine may take more, with defaults (close's timeout).
        assert list(inspect.signature(getattr(Engine, name)).parameters)[: len(wanted)] == wanted, name


class ExplodingGame:
    """Crosses to the worker fine, then fails there."""

    name, width, height, k, gravity = "connect4", 7, 6, 4, True

    def is_over(self):
        return False

    def copy(self):
        return self

    def moves(self):
        raise RuntimeError("boom in the worker")

    def ply(self):
        return 0


def failures(messages) -> list[EngineFailure]:
    return [m for m in messages if isinstance(m, EngineFailure)]


def test_a_worker_error_is_posted_never_raised_and_the_worker_lives_on(engine):
    engine.think(ExplodingGame(), Limits(depth=3))
    messages = collect(engine, lambda ms: bool(failures(ms)))
    assert [(f.part, f.reason) for f in failures(messages)][:1] == [(EnginePart.SEARCH, "boom in the worker")]
    request = engine.think(ConnectFour(), Limits(depth=2))
    assert request.owns(best_moves(collect(engine, lambda ms: bool(best_moves(ms))))[0])


def told_then_moved(engine, game, request, part, reason):
    """The messages of ``request``'s think up to its move: one failure of ``part`` saying ``reason``, and a
    legal move all the same."""
    messages = collect(engine, lambda ms: bool(best_moves(ms)))
    [failure] = failures(messages)
    assert request.owns(failure) and (failure.part, failure.reason) == (part, reason)
    [best] = best_moves(messages)
    assert request.owns(best) and best.move in game.moves()
    return messages


def test_a_think_whose_search_fails_still_answers_with_a_legal_move(engine, monkeypatch):
    def failing(*args, **kwargs):
        raise RuntimeError("the search broke")
        yield  # a generator, as the real one

    monkeypatch.setattr(Searcher, "iterate", failing)
    game = ConnectFour.from_moves("4453")
    request = engine.think(game, Limits(depth=4))
    messages = told_then_moved(engine, game, request, EnginePart.SEARCH, "the search broke")
    assert messages.index(failures(messages)[0]) < messages.index(best_moves(messages)[0])


def test_a_book_failing_in_the_middle_of_a_search_is_told_and_the_computer_still_moves(engine, monkeypatch):
    def failing(book, key):
        raise RuntimeError("the book broke")

    monkeypatch.setattr(OpeningBook, "score", failing)
    game = ConnectFour.from_moves("44")
    engine.start_game(game)
    request = engine.think(game, Limits(seconds=1.0))
    told_then_moved(engine, game, request, EnginePart.EXACT, "the book broke")
    # The exact analysis is done without from then on: told once, and the next think still answers.
    request = engine.think(ConnectFour.from_moves("444"), Limits(seconds=0.3))
    messages = collect(engine, lambda ms: bool(best_moves(ms)))
    assert not failures(messages) and request.owns(best_moves(messages)[0])


def test_a_failed_preparation_is_told_and_the_games_go_on(engine, monkeypatch):
    def failing(analyzer, game):
        raise MemoryError("no room for the table")

    monkeypatch.setattr(ExactAnalyzer, "prepare", failing)
    game = ConnectFour()
    engine.start_game(game)
    request = engine.think(game, Limits(seconds=0.5))
    messages = collect(engine, lambda ms: bool(best_moves(ms)))
    [failure] = failures(messages)
    assert (failure.token, failure.part, failure.reason) == (0, EnginePart.EXACT, "no room for the table")
    assert request.owns(best_moves(messages)[0]) and engine.is_alive()


def test_a_corrupt_book_header_is_told_and_the_computer_still_moves(book_with_a_changed_header, tmp_path):
    """The deepest-ply byte of the shipped book's header changed: the book is refused as it is read, the
    engine says so, and plays on (solving instead)."""
    engine = Engine(table_entries=1 << 16, seed=7, solver_slots=1 << 17)
    try:
        game = ConnectFour.from_moves("4444")
        engine.start_game(game)
        request = engine.think(game, Limits(seconds=1.0))
        messages = collect(engine, lambda ms: bool(best_moves(ms)), timeout=30)
        [failure] = failures(messages)
        said = reason_text(failure.reason)
        assert failure.part is EnginePart.BOOK and "corrupt" in said
        assert said.startswith("c4-book-7x6.bin: ") and str(tmp_path) not in said
        assert request.owns(best_moves(messages)[0]) and engine.is_alive()
    finally:
        engine.close()


def test_the_live_count_grows_between_depths_and_belongs_to_the_wanted_request(engine):
    # A deep search of an open position: no depth beyond the first few completes in this test's second.
    request = engine.ponder(ConnectFour.from_moves(OPEN_8X7, 8, 7))
    counts = []
    deadline = time.monotonic() + GENEROUS
    while time.monotonic() < deadline and len({count.nodes for count in counts}) < 4:
        engine.poll()
        count = engine.searching()
        if count is not None:
            counts.append(count)
        time.sleep(0.02)
    assert len({count.nodes for count in counts}) >= 4, counts
    assert all(request.owns(count) for count in counts)
    nodes = [count.nodes for count in counts]
    assert nodes == sorted(nodes) and nodes[-1] >= 4 * Searcher.CHECK_EVERY
    assert counts[-1].seconds > counts[0].seconds and all(count.running for count in counts)
    # The count is always of the search that runs or ran last, which a newer request soon replaces.
    newer = engine.think(ConnectFour.from_moves("444"), Limits(depth=3))
    assert request.owns(engine.searching()) or newer.owns(engine.searching())
    best_moves(collect(engine, best_moves))
    assert newer.owns(engine.searching())


def test_the_live_count_says_when_the_search_has_ended(engine):
    request = engine.think(ConnectFour.from_moves("4453"), Limits(depth=4))
    best_moves(collect(engine, lambda ms: bool(best_moves(ms))))
    deadline = time.monotonic() + GENEROUS
    while engine.searching().running and time.monotonic() < deadline:
        time.sleep(0.01)
    count = engine.searching()
    assert request.owns(count) and not count.running and count.seconds > 0


def test_the_live_count_counts_the_solvers_check_points_at_the_searchs_interval():
    # The engine turns check points into positions with one interval: the solver's must be the same.
    assert ConnectFourSolver.CHECK_EVERY == Searcher.CHECK_EVERY


def test_is_idle_never_reports_idle_while_a_job_is_taken_but_not_started(monkeypatch):
    taken, release = threading.Event(), threading.Event()

    class PausingQueue(queue.Queue):
        """Holds the worker right after it took a job: the moment a preempted worker thread could be in."""

        def get(self, *args, **kwargs):
            item = super().get(*args, **kwargs)
            if threading.current_thread().name == "engine-worker" and not release.is_set():
                taken.set()
                release.wait(GENEROUS)
            return item

    monkeypatch.setattr(queue, "Queue", PausingQueue)
    engine = Engine(table_entries=1 << 12, solver_slots=1 << 12)
    try:
        engine.think(ConnectFour.from_moves("4453"), Limits(depth=2))
        assert taken.wait(GENEROUS)
        assert not engine.is_idle(), "idle while the worker holds a job it has not started"
        release.set()
        assert best_moves(collect(engine, best_moves))
        assert worker_settles(engine)
    finally:
        release.set()
        engine.close()


def test_the_switch_interval_is_restored_when_the_last_engine_closes():
    found = sys.getswitchinterval()
    sys.setswitchinterval(0.004)
    try:
        first = Engine(table_entries=1 << 12, solver_slots=1 << 12)
        second = Engine(table_entries=1 << 12, solver_slots=1 << 12)
        assert sys.getswitchinterval() == SWITCH_INTERVAL
        first.close()
        assert sys.getswitchinterval() == SWITCH_INTERVAL, "restored while an engine is still open"
        second.close()
        second.close()  # closing again changes nothing
        assert sys.getswitchinterval() == 0.004
    finally:
        sys.setswitchinterval(found)


@pytest.mark.parametrize("request_name", ["think", "ponder"])
def test_a_search_of_a_finished_game_is_refused_at_once(engine, request_name):
    with pytest.raises(ValueError, match="finished game"):
        getattr(engine, request_name)(ConnectFour.from_moves("1212121"), Limits(depth=2))


def test_close_during_a_deep_search_returns_promptly_and_leaves_no_thread():
    engine = Engine(table_entries=1 << 16)
    searching(engine, engine.think(ConnectFour(), Limits(depth=40)))
    started = time.monotonic()
    engine.close()
    assert time.monotonic() - started < 2.0
    assert not engine.is_alive()
    assert "engine-worker" not in [thread.name for thread in threading.enumerate() if thread.is_alive()]


def reuse_positions():
    """Middle-game positions from the benchmark games (real play), with the human to move."""
    lines = (TESTSETS / "Test_L2_R2").read_text().splitlines()[:10]
    return [ConnectFour.from_moves(line.split()[0][:12]) for line in lines]


def test_pondering_saves_at_least_three_times_the_nodes():
    """Deterministic node counts: the computer's search of the reply, after pondering the previous position,
    against the same search from a cold table."""
    depth = 6
    rng = random.Random(11)
    ratios = []
    for position in reuse_positions():
        warm = Thinker(table_entries=1 << 18, seed=0)
        list(warm.ponder(position, Limits(depth=depth), Budget(stop=StopFlag())))
        reply = position.copy()
        reply.apply(rng.choice(position.moves()))
        if reply.is_over():
            continue
        warm_nodes = list(warm.think(reply, Limits(depth=depth)))[-1].nodes
        cold_nodes = list(Thinker(table_entries=1 << 18, seed=0).think(reply, Limits(depth=depth)))[-1].nodes
        ratios.append(cold_nodes / warm_nodes)
    assert len(ratios) >= 8
    assert statistics.median(ratios) >= 3, ratios
    assert min(ratios) >= 0.99, ratios  # pondering never costs nodes


def test_a_closed_engine_frees_its_tables_without_waiting_for_the_garbage_collector():
    # The engine's thread, its checkpoint hook and the solver's closures form reference cycles; a closed
    # engine must not hold its tables (about 100 MB at full size) until the cyclic collector happens to run.
    engine = Engine(table_entries=1 << 12, solver_slots=1 << 17)
    thinker = engine._thinker  # white box: the tables themselves are what this test is about
    game = ConnectFour.from_moves("4444")
    engine.think(game, Limits(depth=6))
    assert best_moves(collect(engine, best_moves))
    assert thinker.searcher.table.filled() > 0
    solver = thinker.analyzer.solver_for(game)
    engine.close()
    assert not engine.is_alive()
    assert thinker.searcher.table.capacity == 0 and thinker.searcher.table.filled() == 0
    assert solver.allocated_slots == 0


def test_review_marks_every_move_once_and_then_the_worker_rests(engine):
    from ai.messages import ReviewMark

    game = TicTacToe(3)
    game.play_text("521837469")
    request = engine.review(game)
    messages = collect(engine, lambda got: len(got) == 9)
    assert all(isinstance(message, ReviewMark) and request.owns(message) for message in messages)
    assert sorted(message.review.ply for message in messages) == list(range(1, 10))
    assert worker_settles(engine)
    assert engine.poll() == []


def test_a_new_request_stops_a_review(engine):
    """A long review (8 x 7, 30 s a position) is superseded by a think: the worker answers it and rests."""
    game = ConnectFour(8, 7)
    game.play_text("4455")
    engine.review(game, seconds_per_position=30.0)
    time.sleep(0.05)
    think = engine.think(TicTacToe(3), Limits(depth=2))
    messages = collect(engine, lambda got: any(isinstance(message, BestMove) for message in got))
    assert [message.token for message in messages if isinstance(message, BestMove)] == [think.token]
    assert worker_settles(engine)


def test_a_new_game_gets_its_board_s_solver_ready_and_tic_tac_toe_needs_none(engine):
    analyzer = engine._thinker.analyzer
    assert analyzer.compiled_nodes() == 0 and not analyzer._solvers  # nothing made before a game is known
    engine.start_game(ConnectFour.from_moves("", 6, 5))
    assert worker_settles(engine)
    assert list(analyzer._solvers) == [(6, 5)]
    engine.start_game(TicTacToe())
    assert worker_settles(engine)
    assert not analyzer._solvers and not analyzer._helpers
    request = engine.think(TicTacToe(), Limits(depth=9))
    assert request.owns(best_moves(collect(engine, lambda ms: bool(best_moves(ms))))[0])
