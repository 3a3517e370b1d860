"""The compiled solver core against the Python one, and how it behaves among threads.

In its reference layout the compiled core runs the Python core's algorithm on the same table layout, so beyond
equal scores they must explore the same positions and leave the same table behind: any difference in a check,
a bound or the move order shows up here. Its default, enhanced layout (two-entry buckets, mirror keys)
explores other positions by design, so there the scores must agree.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from array import array

import pytest

from ai.contracts import Budget, SearchStopped
from ai.exact.analysis import SIDE_BY_SIDE_EMPTY_CELLS, ExactAnalyzer
from ai.exact.book import OpeningBook, canonical_key
from ai.exact.choice import GAME_NEAR_DEPTH, game_near_depth
from ai.exact.compiled_core import NativeConnectFourSolver, native_fits
from ai.exact.python_core import ConnectFourSolver
from ai.stop_flag import StopFlag
from game import ConnectFour, TicTacToe
from tests.conftest import ROOT, column_scores, read_positions, require_compiled_core
from tools.support.waiting import wait_until

pytestmark = pytest.mark.usefixtures("compiled_core")

#: The first position of Test_L1_R3 (exact score 3): seconds for the compiled core, far longer in Python.
HARD_POSITION = "13712"


@pytest.fixture
def compiled_core():
    require_compiled_core()


def position(moves: str) -> tuple[int, int, int]:
    game = ConnectFour.from_moves(moves)
    return game.stones(game.to_move()), game.occupied(), game.ply()


def random_positions(
    width: int, height: int, fewest: int, count: int, seed: str
) -> list[tuple[int, int, int]]:
    """Positions of random games with at least ``fewest`` stones, where the game goes on."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        game = ConnectFour(width, height)
        stones = rng.randrange(fewest, width * height - 1)
        while game.ply() < stones and not game.is_over():
            game.apply(rng.choice(game.moves()))
        if not game.is_over():
            positions.append((game.stones(game.to_move()), game.occupied(), game.ply()))
    return positions


def table_digest(solver) -> int:
    """A digest of every slot of a solver's table (equal tables give equal digests)."""
    entries = (
        solver.table if isinstance(solver, ConnectFourSolver) else map(solver.table_entry, range(solver.size))
    )
    return hash(tuple(entries))


@pytest.mark.parametrize("name", ["Test_L3_R1", "Test_L2_R1", "Test_L1_R1", "Test_L2_R2", "Test_L1_R2"])
def test_same_scores_positions_and_table_on_the_public_sets(name):
    count = {"Test_L2_R2": 6, "Test_L1_R2": 1}.get(name, 40)
    rows = random.Random(f"native-{name}").sample(read_positions(name), count)
    python = ConnectFourSolver(table_slots=1 << 17)
    compiled = NativeConnectFourSolver(table_slots=1 << 17, reference=True)
    enhanced = NativeConnectFourSolver(table_slots=1 << 17)
    for moves, expected in rows:
        assert python.solve(*position(moves)) == expected == compiled.solve(*position(moves)), moves
        assert python.nodes == compiled.nodes, moves
        assert enhanced.solve(*position(moves)) == expected, moves
    assert table_digest(python) == table_digest(compiled)


# From a third of the board filled on, but on 8 x 7, where the Python core needs the last 20 empty cells.
@pytest.mark.parametrize(
    ("width", "height", "fewest"), [(7, 6, 14), (6, 5, 10), (8, 7, 36), (4, 4, 5), (6, 4, 8)]
)
def test_same_scores_and_positions_on_every_board_size(width, height, fewest):
    python = ConnectFourSolver(width, height, table_slots=1 << 17)
    compiled = NativeConnectFourSolver(width, height, table_slots=1 << 17, reference=True)
    enhanced = NativeConnectFourSolver(width, height, table_slots=1 << 17)
    for current, mask, moves in random_positions(width, height, fewest, 12, f"sizes-{width}x{height}"):
        for weak in (False, True):
            score = python.solve(current, mask, moves, weak)
            assert (
                score
                == compiled.solve(current, mask, moves, weak)
                == enhanced.solve(current, mask, moves, weak)
            )
        columns = column_scores(python, current, mask, moves)
        assert (
            columns
            == column_scores(compiled, current, mask, moves)
            == column_scores(enhanced, current, mask, moves)
        )
        assert python.nodes == compiled.nodes


@pytest.mark.parametrize("near_depth", [0, 16, 42])
def test_any_near_depth_gives_the_same_scores_by_another_path(near_depth):
    # 0: every position in the main table; 42 (every cell): every position in the near table.
    rows = random.Random("near-depth").sample(read_positions("Test_L2_R1"), 20)
    default = NativeConnectFourSolver(table_slots=1 << 17)
    moved = NativeConnectFourSolver(table_slots=1 << 17, near_depth=near_depth)
    for moves, expected in rows:
        assert default.solve(*position(moves)) == expected == moved.solve(*position(moves)), moves
    assert moved.near_depth == near_depth
    if near_depth < 22:  # the set's positions have 22 empty cells at most: all near by default
        assert moved.nodes != default.nodes  # positions stored elsewhere change the search's path


def test_branched_counts_the_positions_left_with_more_than_one_move_to_try():
    solver = NativeConnectFourSolver(table_slots=1 << 17)
    assert solver.solve(*position("445566")) == 18  # the side to move wins at once: nothing searched
    assert solver.nodes == solver.branched == 0
    moves, expected = read_positions("Test_L2_R1")[0]
    assert solver.solve(*position(moves)) == expected
    assert 0 < solver.branched < solver.nodes


def test_a_near_depth_off_the_board_is_refused():
    for near_depth in (-1, 65):
        with pytest.raises(ValueError, match="near_depth"):
            NativeConnectFourSolver(table_slots=1 << 17, near_depth=near_depth)


@pytest.mark.parametrize(("width", "height", "near_depth"), [(7, 6, GAME_NEAR_DEPTH), (8, 7, 20)])
def test_the_analyzers_solvers_use_the_games_near_depth_for_their_board(width, height, near_depth):
    assert game_near_depth(width, height) == near_depth
    analyzer = ExactAnalyzer(solver_slots=1 << 17, threads=2)
    analyzer.prepare(ConnectFour(width, height))
    solvers = analyzer._all_solvers()
    assert len(solvers) == 2
    assert {solver.near_depth for solver in solvers} == {near_depth}
    analyzer.release()


def test_the_boards_the_game_offers_fit_except_the_odd_one():
    assert native_fits(7, 6) and native_fits(6, 5) and native_fits(8, 7)
    assert not native_fits(9, 7)  # 63 cells: no exact solver takes an odd number of cells


#: Orders of the columns of 7 x 6 that do not list every column once: repeats, one short, out of range.
BAD_ORDERS = [
    [0] * 7,
    [3, 2, 4, 1, 5, 0, 0],
    [3, 2, 4, 1, 5, 0],
    [3, 2, 4, 1, 5, 0, 7],
    [3, 2, 4, 1, 5, 0, -1],
]


@pytest.mark.parametrize("order", BAD_ORDERS)
def test_an_order_that_does_not_list_every_column_once_is_refused(order):
    from ai.exact import _c4core

    # A repeated column would leave another never searched, and the score wrong.
    with pytest.raises(ValueError, match="every column once"):
        _c4core.Core(7, 6, 1 << 17, order)
    assert _c4core.Core(7, 6, 1 << 17, [3, 2, 4, 1, 5, 0, 6]) is not None


def test_bad_positions_and_sizes_are_refused():
    solver = NativeConnectFourSolver(table_slots=1 << 17)
    current, mask, moves = position("4453")
    with pytest.raises(ValueError):
        solver.solve(mask, current, moves)  # stones outside the occupied cells
    with pytest.raises(ValueError):
        solver.solve(current, mask | 1 << 6, moves)  # a sentinel bit
    with pytest.raises(ValueError):
        NativeConnectFourSolver(9, 7)
    with pytest.raises(OverflowError):
        solver.solve(-1, mask, moves)


def solve_in_thread(solver, moves: str, budget: Budget) -> tuple[threading.Thread, dict]:
    outcome: dict = {}

    def run():
        try:
            outcome["score"] = solver.solve(*position(moves), budget=budget)
        except SearchStopped:
            outcome["stopped"] = time.monotonic()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def test_a_stop_ends_a_long_solve_promptly_and_leaves_the_solver_usable():
    solver = NativeConnectFourSolver(table_slots=1 << 20)
    stop = StopFlag()
    thread, outcome = solve_in_thread(solver, HARD_POSITION, Budget(stop=stop))
    time.sleep(0.2)
    assert thread.is_alive(), "the hard position should take longer than this"
    stopped_at = time.monotonic()
    stop.set()
    thread.join(5)
    assert "stopped" in outcome, outcome
    # Generous for a loaded machine: the search looks at the flag every thousand positions or so.
    assert outcome["stopped"] - stopped_at < 0.1
    # The table keeps only proven bounds: later solves are still exact, and a new flag starts unset.
    fresh = Budget(stop=StopFlag())
    for moves, expected in read_positions("Test_L2_R1")[:20]:
        assert solver.solve(*position(moves), budget=fresh) == expected


def test_a_stop_set_before_the_solve_stops_it_and_never_reaches_the_next_one():
    solver = NativeConnectFourSolver(table_slots=1 << 17)
    moves, expected = read_positions("Test_L1_R1")[0]
    stop = StopFlag()
    stop.set()
    with pytest.raises(SearchStopped):
        solver.solve(*position(moves), budget=Budget(stop=stop))
    # The stopped search's budget is not left behind on the solver.
    assert solver.solve(*position(moves)) == expected
    assert solver.solve(*position(moves), budget=Budget(stop=StopFlag())) == expected


def test_a_deadline_stops_a_long_solve():
    solver = NativeConnectFourSolver(table_slots=1 << 20)
    started = time.monotonic()
    with pytest.raises(SearchStopped):
        solver.solve(*position(HARD_POSITION), budget=Budget(deadline=started + 0.1))
    assert time.monotonic() - started < 1.0


def test_a_plain_event_is_refused_since_it_could_not_stop_the_search():
    solver = NativeConnectFourSolver(table_slots=1 << 17)
    with pytest.raises(TypeError):
        solver.solve(*position("4453"), budget=Budget(stop=threading.Event()))


def test_other_threads_run_while_the_core_solves():
    """The GIL is released: a counting thread goes on while the main thread is inside the C search."""
    solver = NativeConnectFourSolver(table_slots=1 << 20)
    counted = [0]
    done = threading.Event()

    def count():
        while not done.is_set():
            counted[0] += 1

    counter = threading.Thread(target=count)
    counter.start()
    time.sleep(0.01)
    before = counted[0]
    try:
        with pytest.raises(SearchStopped):
            solver.solve(*position(HARD_POSITION), budget=Budget(deadline=time.monotonic() + 0.3))
        during = counted[0] - before
    finally:
        done.set()
        counter.join()
    # Holding the GIL for the whole call would leave the counter at a few dozen at most (one switch).
    assert during > 10_000, during


def test_one_search_at_a_time_and_no_clear_while_searching():
    solver = NativeConnectFourSolver(table_slots=1 << 20)
    stop = StopFlag()
    thread, outcome = solve_in_thread(solver, HARD_POSITION, Budget(stop=stop))
    wait_until(lambda: solver.nodes > 0, "the solve to start")
    try:
        with pytest.raises(RuntimeError):
            solver._core.solve(*position("4453"), False, -1.0)
        with pytest.raises(RuntimeError):
            solver.clear()
    finally:
        stop.set()
        thread.join(5)
    assert "stopped" in outcome


@pytest.mark.parametrize("reference", [True, False], ids=["reference", "enhanced"])
def test_clear_empties_the_table_and_release_frees_it(reference):
    solver = NativeConnectFourSolver(table_slots=1 << 17, reference=reference)
    moves, expected = read_positions("Test_L2_R1")[0]
    assert solver.solve(*position(moves)) == expected
    nodes = solver.nodes
    # Every slot allocated: the main table's, then (enhanced layout) the near table's.
    assert any(solver.table_entry(slot) for slot in range(solver.allocated_slots))
    solver.clear()
    assert not any(solver.table_entry(slot) for slot in range(solver.allocated_slots))
    assert solver.solve(*position(moves)) == expected
    assert solver.nodes == 2 * nodes  # an empty table again: the same search again
    solver.release()
    with pytest.raises(RuntimeError):
        solver.solve(*position(moves))


def test_the_enhanced_layout_keeps_the_end_of_the_game_in_its_near_table():
    """Positions with few empty cells go to the small near table (which stays in the CPU's caches), deeper
    ones to the main table; the reference layout has no near table."""
    assert NativeConnectFourSolver(table_slots=1 << 17, reference=True).allocated_slots == 1 << 17
    solver = NativeConnectFourSolver(table_slots=1 << 17)
    main, near = range(solver.size), range(solver.size, solver.allocated_slots)
    assert len(near) > 0
    for moves, expected in read_positions("Test_L3_R1")[:20]:  # more than 28 stones: 13 empty cells or fewer
        assert solver.solve(*position(moves)) == expected
    assert solver.nodes > 0
    assert any(map(solver.table_entry, near)) and not any(map(solver.table_entry, main))
    moves, expected = read_positions("Test_L1_R1")[0]  # 14 stones or fewer
    assert solver.solve(*position(moves)) == expected
    assert any(map(solver.table_entry, main))


def test_near_the_end_the_enhanced_layout_solves_with_one_wide_window():
    """With fewer than 18 empty cells, the enhanced core's solve is one search of the widest window, (lowest
    score, highest score), instead of the bisection's null windows: the same positions as that one search."""
    solved = 0
    for moves, expected in read_positions("Test_L3_R1")[:40]:
        current, mask, ply = position(moves)
        solver = NativeConnectFourSolver(table_slots=1 << 17)
        window = NativeConnectFourSolver(table_slots=1 << 17)
        if solver.can_win_next(current, mask):
            continue
        assert solver.solve(current, mask, ply) == expected
        assert window._negamax(current, mask, ply, -((42 - ply) // 2), (43 - ply) // 2) == expected
        assert solver.nodes == window.nodes
        solved += 1
    assert solved > 20


#: A position of 35 stones (from a seeded random game) where the side to move can no longer make four in a
#: row: its stones and the empty cells hold none. Its score is 0.
NO_FOUR_LEFT = "25225157662544734446356112337376532"


def test_a_side_that_can_no_longer_make_four_in_a_row_is_held_to_a_draw():
    """The enhanced core bounds the score of a side whose stones and the empty cells hold no four in a row by
    a draw: asked whether that side wins, it answers from the position alone, where the reference layout
    (without the bound) searches its moves; the score agrees with the Python core's."""
    current, mask, ply = position(NO_FOUR_LEFT)
    enhanced = NativeConnectFourSolver(table_slots=1 << 16)
    reference = NativeConnectFourSolver(table_slots=1 << 16, reference=True)
    assert enhanced._negamax(current, mask, ply, 0, 1) <= 0 and enhanced.nodes == 1
    assert reference._negamax(current, mask, ply, 0, 1) <= 0 and reference.nodes > 1
    python = ConnectFourSolver(table_slots=1 << 16)
    assert enhanced.solve(current, mask, ply) == python.solve(current, mask, ply) == 0


def run_analyze(environment: dict[str, str], text: str, prelude: str = "") -> subprocess.CompletedProcess:
    code = prelude + "import sys, main; sys.argv = ['main.py', 'analyze']; sys.exit(main.main())"
    return subprocess.run(
        [sys.executable, "-c", code],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **environment},
        timeout=120,
    )


# Blocks the compiled module, as on a machine where it could not be built.
WITHOUT_COMPILED_CORE = "import sys; sys.modules['ai.exact._c4core'] = None\n"


def test_without_the_compiled_core_the_tools_say_so_once_and_still_answer():
    rows = read_positions("Test_L3_R1")[:5]
    text = "".join(f"{moves}\n" for moves, _ in rows)
    completed = run_analyze({"PONDER_REQUIRE_NATIVE": ""}, text, WITHOUT_COMPILED_CORE)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split()[1::2] == [str(score) for _, score in rows]
    assert completed.stderr.count("compiled solver core is not built") == 1, completed.stderr


def test_require_native_turns_a_missing_core_into_an_error():
    completed = run_analyze({"PONDER_REQUIRE_NATIVE": "1"}, "4453\n", WITHOUT_COMPILED_CORE)
    assert completed.returncode != 0
    assert "PONDER_REQUIRE_NATIVE" in completed.stderr


def test_pure_python_forced_by_the_environment_gives_the_same_answers_quietly():
    rows = read_positions("Test_L2_R1")[:5]
    text = "".join(f"{moves}\n" for moves, _ in rows)
    completed = run_analyze({"PONDER_PURE_PYTHON": "1"}, text)
    assert completed.returncode == 0 and completed.stderr == ""
    assert completed.stdout.split()[1::2] == [str(score) for _, score in rows]


def test_the_engine_sees_the_compiled_core_count_while_it_searches():
    """The status line's live count: the compiled core has no check points, so the engine reads its count."""
    analyzer = ExactAnalyzer(solver_slots=1 << 20, book=lambda: None)  # the book holds HARD_POSITION
    stop = StopFlag()
    game = ConnectFour.from_moves(HARD_POSITION)
    outcome: dict = {}

    def run():
        try:
            outcome["score"] = analyzer.score(game, budget=Budget(stop=stop))
        except SearchStopped:
            outcome["stopped"] = True

    thread = threading.Thread(target=run)
    thread.start()
    try:
        # Five readings taken while the search runs, each once the count has moved on from the one before.
        counts = [analyzer.compiled_nodes()]
        for _ in range(4):
            wait_until(lambda: analyzer.compiled_nodes() > counts[-1], "the count to grow")
            counts.append(analyzer.compiled_nodes())
    finally:
        stop.set()
        thread.join(5)
    assert outcome == {"stopped": True}
    assert counts == sorted(counts) and len(set(counts)) == len(counts), counts


def descendants_book(roots: list[str], plies: int) -> OpeningBook:
    """A book of the exact scores of every position ``plies`` moves below each root (where the game goes on
    and the side to move cannot win at once), solved without a book."""
    solver = NativeConnectFourSolver(table_slots=1 << 17)
    scores: dict[int, int] = {}
    level = [ConnectFour.from_moves(moves) for moves in roots]
    for _ in range(plies):
        below = []
        for game in level:
            for move in game.moves():
                child = game.copy()
                child.apply(move)
                current, mask = child.stones(child.to_move()), child.occupied()
                if child.is_over() or solver.can_win_next(current, mask):
                    continue
                below.append(child)
        level = below
    for game in level:
        current, mask = game.stones(game.to_move()), game.occupied()
        scores[canonical_key(game.key(), 7, 6)] = solver.solve(current, mask, game.ply())
    deepest = max(len(moves) for moves in roots) + plies
    entries = array("Q", sorted(key << 8 | (score + 128) for key, score in scores.items()))
    return OpeningBook(7, 6, deepest, entries)


def test_with_a_book_both_cores_search_less_and_still_agree():
    rows = random.Random("book-probe").sample(read_positions("Test_L1_R1"), 4)
    book = descendants_book([moves for moves, _ in rows], 3)
    for reference in (True, False):
        plain = NativeConnectFourSolver(table_slots=1 << 17, reference=reference)
        booked = NativeConnectFourSolver(table_slots=1 << 17, reference=reference)
        booked.use_book(book)
        python = ConnectFourSolver(table_slots=1 << 17)
        python.use_book(book)
        for moves, expected in rows:
            assert plain.solve(*position(moves)) == booked.solve(*position(moves)) == expected, moves
            if reference:
                assert python.solve(*position(moves)) == expected, moves
        assert booked.nodes < plain.nodes
        if reference:
            assert python.nodes == booked.nodes


def test_a_book_of_another_size_is_refused_and_none_removes_the_book():
    solver = NativeConnectFourSolver(table_slots=1 << 17)
    with pytest.raises(ValueError):
        solver.use_book(OpeningBook(6, 5, 4, array("Q")))
    with pytest.raises(ValueError):
        ConnectFourSolver(table_slots=1 << 17).use_book(OpeningBook(6, 5, 4, array("Q")))
    moves = "4455"
    truth = solver.solve(*position(moves))
    false_score = truth - 2
    key = canonical_key(ConnectFour.from_moves(moves).key(), 7, 6)
    solver.use_book(OpeningBook(7, 6, 4, array("Q", [key << 8 | (false_score + 128)])))
    solver.clear()
    assert solver.solve(*position(moves)) == false_score  # believed: the book is read
    solver.use_book(None)
    solver.clear()
    assert solver.solve(*position(moves)) == truth


def helper_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "exact-helper"]


def test_two_threads_give_the_scores_of_one():
    """move_scores solves the moves of an early position on two threads, each with its own compiled solver."""
    rng = random.Random("two-threads")
    one = ExactAnalyzer(solver_slots=1 << 20, book=lambda: None, threads=1)
    two = ExactAnalyzer(solver_slots=1 << 20, book=lambda: None, threads=2)
    for _ in range(6):
        game = ConnectFour()
        while game.ply() < 42 - SIDE_BY_SIDE_EMPTY_CELLS and not game.is_over():
            game.apply(rng.choice(game.moves()))
        if not game.is_over():
            assert two.move_scores(game) == one.move_scores(game), game.moves_text()
    assert two._helpers and not one._helpers  # the second thread's solver did take part
    assert helper_threads() == []


def test_a_stop_ends_both_threads_of_an_analysis():
    analyzer = ExactAnalyzer(solver_slots=1 << 20, book=lambda: None, threads=2)
    stop = StopFlag()
    game = ConnectFour.from_moves(HARD_POSITION[:4])
    outcome: dict = {}

    def run():
        try:
            outcome["scores"] = analyzer.move_scores(game, budget=Budget(stop=stop))
        except SearchStopped:
            outcome["stopped"] = time.monotonic()

    thread = threading.Thread(target=run)
    thread.start()
    wait_until(lambda: len(helper_threads()) == 1, "the analysis to run on two threads")
    stopped_at = time.monotonic()
    stop.set()
    thread.join(5)
    # Stopped, not finished: unstopped, this analysis runs far longer. The bound is loose so that a loaded
    # machine's scheduling cannot fail it; the threads check the flag every few thousand positions.
    assert "stopped" in outcome and outcome["stopped"] - stopped_at < 2.0, outcome
    assert helper_threads() == []


def test_the_analyzer_keeps_one_board_size_s_tables():
    analyzer = ExactAnalyzer(solver_slots=1 << 17, book=lambda: None, threads=2)
    analyzer.prepare(ConnectFour())
    standard = [analyzer.solver_for(ConnectFour()), *analyzer._helpers[(7, 6)]]
    assert len(standard) == 2 and all(solver.allocated_slots for solver in standard)
    small = ConnectFour.from_moves("3344", 6, 5)
    assert analyzer.move_scores(small) == ExactAnalyzer(solver_slots=1 << 17, threads=1).move_scores(small)
    assert all(solver.allocated_slots == 0 for solver in standard)  # freed before the 6 x 5 ones were made


def test_preparing_a_tic_tac_toe_game_frees_the_solver_tables():
    analyzer = ExactAnalyzer(solver_slots=1 << 17, book=lambda: None, threads=2)
    analyzer.prepare(ConnectFour())
    standard = [analyzer.solver_for(ConnectFour()), *analyzer._helpers[(7, 6)]]
    analyzer.prepare(TicTacToe())
    assert all(solver.allocated_slots == 0 for solver in standard)
    assert analyzer.move_scores(TicTacToe.from_moves("5")) == ExactAnalyzer(threads=1).move_scores(
        TicTacToe.from_moves("5")
    )


def test_a_solver_sharing_a_table_finds_what_the_other_learnt():
    first = NativeConnectFourSolver(table_slots=1 << 17)
    second = NativeConnectFourSolver(table_slots=1 << 17, share_table_with=first)
    alone = NativeConnectFourSolver(table_slots=1 << 17)
    moves, expected = read_positions("Test_L2_R2")[0]
    assert first.solve(*position(moves)) == expected
    assert second.solve(*position(moves)) == expected == alone.solve(*position(moves))
    assert second.nodes * 10 < alone.nodes  # the shared table held the answer's bounds
    assert second.allocated_slots == first.allocated_slots  # its own near table beside the shared one


def test_two_threads_sharing_a_table_prove_the_published_scores():
    rows = random.Random("shared-table").sample(read_positions("Test_L2_R2"), 24)
    rows += random.Random("shared-table").sample(read_positions("Test_L1_R1"), 40)
    # A small table, so that the threads keep storing into the same buckets.
    first = NativeConnectFourSolver(table_slots=1 << 17)
    second = NativeConnectFourSolver(table_slots=1 << 17, share_table_with=first)
    found: dict[str, list[tuple[str, int]]] = {"first": [], "second": []}

    def solve_all(name: str, solver: NativeConnectFourSolver, order: list[tuple[str, int]]) -> None:
        for moves, _ in order:
            found[name].append((moves, solver.solve(*position(moves))))

    threads = [
        threading.Thread(target=solve_all, args=("first", first, rows)),
        threading.Thread(target=solve_all, args=("second", second, rows[::-1])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert sorted(found["first"]) == sorted(found["second"]) == sorted(rows)


def test_a_shared_table_lives_until_both_solvers_let_go_and_is_not_cleared_under_a_search():
    first = NativeConnectFourSolver(table_slots=1 << 17)
    second = NativeConnectFourSolver(table_slots=1 << 17, share_table_with=first)
    stop = StopFlag()
    outcome = {}

    def run():
        try:
            first.solve(*position("4444"), budget=Budget(stop=stop))
        except SearchStopped:
            outcome["stopped"] = True

    thread = threading.Thread(target=run)
    thread.start()
    wait_until(lambda: first.nodes > 0, "the first solver's search to start")
    with pytest.raises(RuntimeError):
        second.clear()  # the other solver searches in that table
    stop.set()
    thread.join(5)
    assert outcome == {"stopped": True}
    first.release()
    moves, expected = read_positions("Test_L2_R1")[0]
    assert second.solve(*position(moves)) == expected
    second.release()
    assert second.allocated_slots == 0
    with pytest.raises(ValueError):
        NativeConnectFourSolver(table_slots=1 << 17, share_table_with=second)  # released
    with pytest.raises(ValueError):
        NativeConnectFourSolver(
            table_slots=1 << 18, share_table_with=NativeConnectFourSolver(table_slots=1 << 17)
        )


def test_a_known_floor_gives_the_same_scores_and_the_same_positions_on_both_cores():
    """``at_least`` (minus the parent's score, for each move of a position) changes the probes, not the
    scores; both cores still explore the same positions, and a best move costs less than without it."""
    python = ConnectFourSolver(table_slots=1 << 17)
    compiled = NativeConnectFourSolver(table_slots=1 << 17, reference=True)
    plain = NativeConnectFourSolver(table_slots=1 << 17, reference=True)
    saved = 0
    for moves, parent in random.Random("floor").sample(read_positions("Test_L2_R2"), 4):
        game = ConnectFour.from_moves(moves)
        for move in game.moves():
            game.apply(move)
            if not game.is_over() and not python.can_win_next(game.stones(game.to_move()), game.occupied()):
                args = (game.stones(game.to_move()), game.occupied(), game.ply())
                before = (python.nodes, plain.nodes)
                expected = plain.solve(*args)
                assert (
                    python.solve(*args, at_least=-parent)
                    == expected
                    == compiled.solve(*args, at_least=-parent)
                )
                assert python.nodes == compiled.nodes
                if expected == -parent:  # a best move: settled by the first search
                    saved += (plain.nodes - before[1]) - (python.nodes - before[0])
            game.undo()
    assert saved > 0
