"""The review of a game: the value of every move played, against the best move at that point.

For each move of a game, :func:`review_game` asks the exact analyzer
(:class:`ai.exact.analysis.ExactAnalyzer`) for the proven value of every move of the position it was played
in, and compares the move played with the best. Values are scores (:class:`~ai.score.Score`) from the side
that moved, so a value's result is the mover's: win, draw or loss. A :class:`~ai.contracts.Verdict` says
what the move did to that result. Only the command line's ``review`` turns them into the benchmark
convention (:func:`review_lines`).

Where the exact analysis cannot finish in the time given (the larger boards), the move is reviewed by a
depth-limited heuristic search instead and marked as an estimate: it names the best move(s) as that search
sees them, and gives no verdict, since a heuristic value says nothing certain about the result.

The order of the work serves a person watching the marks fill in: first every move that the book, the memo
or a short search answers, from the last move back (late positions are quick), then the rest, again from the
last move back, so each exact answer fills the table for the earlier, harder positions.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence

from ai.contracts import UNBOUNDED, Budget, MoveReview, SearchStopped, verdict_for
from ai.exact.analysis import ExactAnalyzer, can_analyze
from ai.heuristic.search import Searcher
from ai.move_values import Ending, value_each_move
from ai.score import PROVEN, Score, from_child, win_in
from game.protocol import Game

#: Seconds the first pass gives each position before moving on (the book and late positions take less).
QUICK_SECONDS = 0.2
#: Boards up to this many cells are always reviewed exactly, however long it takes (7 x 6 has its opening
#: book, 6 x 5 solves in seconds, Tic-tac-toe at once); larger ones get a time budget per position.
ALWAYS_EXACT_CELLS = 42
#: Deepest heuristic search of an estimate.
ESTIMATE_DEPTH_CAP = 12


def exact_review(ply: int, mover: int, move: int, values: Sequence[Score | None]) -> MoveReview:
    """The review of ``move`` from the proven ``values`` of every move of its position (board order, None
    for illegal moves), as :meth:`ExactAnalyzer.move_values` gives them."""
    best = max(value for value in values if value is not None)
    played = values[move]
    if played is None:
        raise ValueError(f"move {move} is not legal in the reviewed position")
    best_moves = tuple(index for index, value in enumerate(values) if value == best)
    verdict = verdict_for(played.value, best.value)
    return MoveReview(ply, mover, move, played, best, best_moves, verdict, tuple(values))


def review_game(
    game: Game,
    analyzer: ExactAnalyzer,
    searcher: Searcher,
    budget: Budget = UNBOUNDED,
    seconds_per_position: float | None = 10.0,
) -> Iterator[MoveReview]:
    """Yields the review of every move of ``game``'s history, once each, in the order of the work (see the
    module docstring); ``game`` itself is not touched.

    Boards of at most ALWAYS_EXACT_CELLS cells are reviewed exactly, however long that takes. On larger ones
    the exact analysis gets ``seconds_per_position`` (None: no limit) and a heuristic estimate takes over
    where it runs out. Returns early, without an error, when ``budget``'s stop flag is set (its deadline,
    if any, bounds every search too).
    """
    history = list(game.history())
    board = game.copy()
    while board.ply():
        board.undo()
    cells = board.width * board.height
    exact_possible = can_analyze(board)
    exact_seconds = None if cells <= ALWAYS_EXACT_CELLS else seconds_per_position
    waiting = list(range(len(history) - 1, -1, -1))
    quick = QUICK_SECONDS if exact_seconds is None else min(QUICK_SECONDS, exact_seconds)
    for seconds in (quick, exact_seconds):
        if not exact_possible:
            break
        still_waiting = []
        for index in waiting:
            if budget.stopped():
                return
            review = _try_exact(board, history, index, analyzer, budget, seconds)
            if review is None:
                still_waiting.append(index)
            else:
                yield review
        waiting = still_waiting
        if seconds is None:
            break
    for index in waiting:
        if budget.stopped():
            return
        _replay(board, history, index)
        review = _estimate(board, index, history[index], searcher, budget, seconds_per_position)
        if review is None:
            return
        yield review


def _replay(board: Game, history: Sequence[int], index: int) -> None:
    """Sets ``board`` to the position before move ``index`` of ``history``."""
    while board.ply() > index:
        board.undo()
    for move in history[board.ply() : index]:
        board.apply(move)


def _try_exact(
    board: Game,
    history: Sequence[int],
    index: int,
    analyzer: ExactAnalyzer,
    budget: Budget,
    seconds: float | None,
) -> MoveReview | None:
    """The exact review of move ``index``, or None if the analysis ran out of ``seconds`` (or was stopped)."""
    _replay(board, history, index)
    deadline = None if seconds is None else time.monotonic() + seconds
    try:
        values = analyzer.move_values(board, budget=budget.until(deadline))
    except SearchStopped:
        return None
    return exact_review(index + 1, board.to_move(), history[index], values)


def _estimate(
    board: Game, index: int, move: int, searcher: Searcher, budget: Budget, seconds: float | None
) -> MoveReview | None:
    """The heuristic review of ``move`` in ``board`` (its position, move ``index`` of the game): every move
    searched depth after depth until ``seconds`` pass (at least depth 1); None when stopped."""
    deadline = None if seconds is None else time.monotonic() + seconds
    values: dict[int, int] = {}
    for depth in range(1, ESTIMATE_DEPTH_CAP + 1):
        # Depth 1 always completes (unless stopped), so there is an estimate.
        depth_budget = budget.until(deadline) if depth > 1 else budget
        depth_values = _values_at_depth(board, searcher, depth, depth_budget)
        if depth_values is None:
            break
        values = depth_values
        if all(abs(value) > PROVEN for value in values.values()):
            break
    if not values:
        return None
    best = max(values.values())
    best_moves = tuple(sorted(candidate for candidate, value in values.items() if value == best))
    played = Score.estimate(values[move])
    return MoveReview(index + 1, board.to_move(), move, played, Score.estimate(best), best_moves, None)


def _values_at_depth(board: Game, searcher: Searcher, depth: int, budget: Budget) -> dict[int, int] | None:
    """The heuristic value of every move of ``board`` at ``depth``, from the mover's side; None when
    ``budget`` ended before every move was valued."""

    def searched(child: Game) -> int:
        last = None
        for last in searcher.iterate(child, max_depth=depth, budget=budget):
            pass
        if last is None or (last.depth < depth and not last.score.exact):
            raise SearchStopped
        return from_child(last.score.value)

    def ended(how: Ending) -> int:
        return win_in(1) if how is Ending.WON else 0

    try:
        values = value_each_move(board, searched, ended)
    except SearchStopped:
        return None
    return values


def review_lines(
    game: Game, analyzer: ExactAnalyzer, searcher: Searcher, seconds_per_position: float | None
) -> str:
    """The review of ``game`` as the ``review`` command prints it: one line per move in the game's order,
    ``<ply> <move> <played> <best> <verdict>`` (``? ? estimate`` for an estimate), then an empty line."""
    reviews = sorted(
        review_game(game, analyzer, searcher, UNBOUNDED, seconds_per_position), key=lambda r: r.ply
    )
    lines = []
    cells = game.width * game.height
    for review in reviews:
        scores = "? ? estimate"
        if review.exact and review.verdict is not None:
            # The command line speaks the benchmark convention (the edge where it is converted).
            played, best = (score.benchmark(review.ply - 1, cells) for score in (review.played, review.best))
            scores = f"{played} {best} {review.verdict.value}"
        lines.append(f"{review.ply} {game.move_to_text(review.move)} {scores}")
    return "\n".join([*lines, ""])
