"""How far into an ordinary Connect Four game the analysis overlay proves every move, per board size.

Usage: python bench/boards.py [--games N] [--boards 7x6 6x5 8x7 9x7] [--book]

The games: on each board, N games (``--games``, default 6) between two of the game's levels, depth 4 against
depth 6, each colour in turn, each from its own seeded random two-move opening on that board (the games of
``bench/analysis_speed.py --source levels``, played on the board's own size).

The measurement: every position of every game, from the empty board to the last one before the game ends, in
the order of play, gets what the analysis overlay asks for: the proven value of every move
(:meth:`ai.exact.analysis.ExactAnalyzer.move_values`), on as many solver threads as the window uses by
default (:func:`ai.exact.team.window_threads`, printed), with one analyzer kept through a game and made ready
for the board before the clock starts, as the engine's worker does. Each position's analysis is stopped after
STOP_SECONDS (a :class:`ai.contracts.Budget` deadline): a stopped analysis is "not proven within 5 s", and
the 5 s cap is what bounds the run (every position is measured; what a stopped search left in the table
helps the next position, as in the window when a person moves on). A position is "proven within T" when its
analysis finished, not stopped, in at most T seconds. 7 x 6 is measured without the opening book (the
solver alone, as on the other boards); ``--book`` adds a "7x6 with the book" row over the same games. A board
the exact solver does not take (9 x 7: an odd number of cells, and more board bits than its 64-bit keys hold)
gets a row that says so.

Printed per board: one line a ply (the games still going at that ply, the lower median and the largest time,
">5 s" for a stopped analysis, and how many were proven within 1 s and within 5 s); then a Markdown table
with a row a board: the games and their lengths; for T = 1 s and 5 s, **every game**: the first ply from
which every later position of every game was proven within T (:func:`proven_from` per game, the largest over
the games); **median game**: the ply from which at least half the games (rounded up) were proven within T to
their end (the lower median of the games' plies). The machine and the solver threads are printed below it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.contracts import Budget, SearchStopped  # noqa: E402
from ai.exact.analysis import ExactAnalyzer, solver_supports  # noqa: E402
from ai.exact.book import OpeningBook, shipped_book  # noqa: E402
from ai.exact.choice import core_in_use  # noqa: E402
from ai.exact.compiled_core import NATIVE_BOARD_BITS  # noqa: E402
from ai.exact.team import window_threads  # noqa: E402
from bench.analysis_speed import level_games, positions, ready_analyzer  # noqa: E402
from bench.testsets import format_seconds  # noqa: E402
from game import ConnectFour  # noqa: E402
from game.catalog import SIZES, parse_size  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402
from ui.words.texts import core_words  # noqa: E402

#: Each position's analysis is stopped after this many seconds: "not proven within 5 s".
STOP_SECONDS = 5.0
#: The limits the table reports: proven within 1 s (the overlay all but at once) and within STOP_SECONDS.
WITHIN = (1.0, STOP_SECONDS)
#: The Connect Four boards the game offers (game/catalog.py), the standard one first.
BOARDS = SIZES[ConnectFour.name]

#: One game's analysis times by ply, from the empty board on: seconds, or None where it was stopped.
GameTimes = list[float | None]


@dataclass(frozen=True)
class BoardRow:
    """A row of the table: a board size, and whether the solver may use the opening book (7 x 6 only)."""

    width: int
    height: int
    book: bool = False

    @property
    def shape(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def label(self) -> str:
        return f"{self.width}x{self.height}" + (" with the book" if self.book else "")


def board_size(text: str) -> tuple[int, int]:
    """``"8x7"`` -> (8, 7), for one of the Connect Four boards offered; raises ArgumentTypeError otherwise."""
    try:
        shape = parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from error
    if shape not in BOARDS:
        offered = " ".join(f"{width}x{height}" for width, height in BOARDS)
        raise argparse.ArgumentTypeError(f"{text} is not a Connect Four board the game offers ({offered})")
    return shape


def unsolvable_reason(shape: tuple[int, int]) -> str | None:
    """Why the exact solver cannot take a board of ``shape``, or None when it can."""
    game = ConnectFour(*shape)
    if solver_supports(game):
        return None
    width, height = shape
    cells, bits = width * height, width * (height + 1)
    reasons = []
    if cells % 2:
        reasons.append(f"{cells} cells, an odd count (it takes even ones)")
    if bits > NATIVE_BOARD_BITS:
        reasons.append(f"{bits} board bits (its keys hold {NATIVE_BOARD_BITS})")
    return "no exact solver for this board: " + " and ".join(reasons) + "; the overlay shows estimates only"


def proven_from(times: Sequence[float | None], within: float) -> int:
    """The first ply from which every position of a game (``times`` by ply) was proven within ``within``
    seconds: 0 when all were, the game's length in positions when its last one was not."""
    ply = len(times)
    while ply > 0 and (seconds := times[ply - 1]) is not None and seconds <= within:
        ply -= 1
    return ply


def board_summary(games: Sequence[GameTimes], within: float) -> tuple[int, int]:
    """For ``within`` seconds: the first ply from which every later position of every game was proven (the
    largest :func:`proven_from` over the games), and the median game's (the lower median)."""
    plies = [proven_from(times, within) for times in games]
    return max(plies), statistics.median_low(plies)


def time_position(analyzer: ExactAnalyzer, game: ConnectFour) -> float | None:
    """Seconds the proven value of every move of ``game`` took, or None when STOP_SECONDS stopped it."""
    started = time.perf_counter()
    try:
        analyzer.move_values(game, budget=Budget(deadline=time.monotonic() + STOP_SECONDS))
    except SearchStopped:
        return None
    return time.perf_counter() - started


def time_games(board: BoardRow, games: list[str], threads: int) -> list[GameTimes]:
    """Every position's analysis time of each of ``games`` on ``board``, a new analyzer for each game."""
    book: Callable[[], OpeningBook | None] = shipped_book if board.book else lambda: None
    measured = []
    for number, moves in enumerate(games, 1):
        analyzer = ready_analyzer(threads, board.shape, book)
        try:
            times = [time_position(analyzer, game) for game in positions(moves, board.shape)]
        finally:
            analyzer.release()
        stopped = sum(seconds is None for seconds in times)
        print(
            f"{board.label} game {number}/{len(games)}: {len(moves)} plies, {len(times)} positions, "
            f"{stopped} stopped at {STOP_SECONDS:g} s",
            flush=True,
        )
        measured.append(times)
    return measured


def shown(seconds: float | None) -> str:
    return f">{STOP_SECONDS:g} s" if seconds is None else format_seconds(seconds)


def print_plies(board: BoardRow, games: Sequence[GameTimes]) -> None:
    """The per-ply lines of one board."""
    print(f"\n{board.label}, the proven value of every move, by ply:\n")
    print("| ply | positions | median | max | within 1 s | within 5 s |")
    print("|---|---|---|---|---|---|")
    for ply in range(max(len(times) for times in games)):
        at_ply = [times[ply] for times in games if ply < len(times)]
        # A stopped analysis is slower than any finished one.
        ordered = sorted(at_ply, key=lambda seconds: float("inf") if seconds is None else seconds)
        counts = [sum(seconds is not None and seconds <= within for seconds in at_ply) for within in WITHIN]
        print(
            f"| {ply} | {len(at_ply)} | {shown(ordered[(len(ordered) - 1) // 2])} | {shown(ordered[-1])} "
            f"| {counts[0]} | {counts[1]} |"
        )


def summary_row(board: BoardRow, games: Sequence[GameTimes], lengths: Sequence[int]) -> str:
    """The table's row of ``board``: ``games`` its games' analysis times, ``lengths`` their plies."""
    every = [board_summary(games, within) for within in WITHIN]
    return (
        f"| {board.label} | {len(games)} ({min(lengths)}-{max(lengths)} plies) "
        f"| {every[0][0]} | {every[1][0]} | {every[0][1]} | {every[1][1]} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=6, help="games a board (default 6)")
    parser.add_argument(
        "--boards",
        type=board_size,
        nargs="+",
        default=list(BOARDS),
        metavar="WxH",
        help="the boards, of those the game offers (default: all of them)",
    )
    parser.add_argument("--book", action="store_true", help="add a row of 7x6 with the opening book")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    boards = [BoardRow(*shape) for shape in dict.fromkeys(args.boards)]
    if args.book:
        boards.append(BoardRow(7, 6, book=True))
    threads = window_threads()
    rows = []
    for board in boards:
        reason = unsolvable_reason(board.shape)
        if reason is not None:
            rows.append(f"| {board.label} | - | {reason} | | | |")
            continue
        games = level_games(args.games, board.shape)
        measured = time_games(board, games, threads)
        print_plies(board, measured)
        rows.append(summary_row(board, measured, [len(moves) for moves in games]))
    print(
        "\nFirst ply from which every later position was proven (the proven value of every move), "
        f"within 1 s and within {STOP_SECONDS:g} s:\n"
    )
    print("| board | games | every game, 1 s | every game, 5 s | median game, 1 s | median game, 5 s |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print(row)
    print(
        f"\nSolver core: {core_words(core_in_use())}, {threads} solver thread(s): "
        "the window's default (window_threads())"
    )
    print(f"Machine: {machine_line()}")


if __name__ == "__main__":
    main()
