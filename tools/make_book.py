"""Builds the Connect Four opening book (``assets/c4-book-7x6.bin``, format in :mod:`ai.exact.book`).

Usage: python tools/make_book.py [--plies N] [--all-plies F] [--workers W] [--slots S] [--minutes M]

Which positions the book holds: every position with at most ``F`` stones, and beyond that, up to ``N``
stones, the positions of best play, with every move out of them. Precisely, a position is *expanded* when it
has fewer than ``N`` stones and either has fewer than ``F`` stones or is reached from an expanded position by
a best move (one that keeps the game's value); the book holds every expanded position and every position one
move from an expanded one. So wherever play has stayed perfect (and anywhere in the first ``F`` moves) the
score of every move is in the book, and a player leaving best play lands on a position whose score is in the
book too. A run keeps every entry of the book it starts from, so runs with other options add to it. The
shipped book is ``--plies 14 --all-plies 4`` and then ``--plies 9 --all-plies 9``: best play out of the
first four moves to 14 stones, and every position of the first nine moves, so that every move of a
position of the first eight is in the book. (The other order gives the same book, slower: the best lines
in the workers' book cut the nine-move positions' searches short.) From nothing, the two runs take about
2 hours with two workers on a 2-core machine: 52 minutes (measured with the core's default near depth; the
workers now use the game's, which takes less time) and 68 minutes.

How it is filled: the positions of ``F`` stones are solved exactly with the compiled solver (by ``W`` worker
processes, each with its own table and the book of earlier runs, whose positions the searches need not
search again), and the scores of the shallower positions backed up from them (a position's score is the best
of its moves'), which costs far less than solving every ply: a position of few stones takes minutes to solve.
Beyond ``F``, ply by ply, every position one move from an expanded position is solved, and the expanded
positions' scores backed up from them. Positions where the side to move wins at once are not stored (the
analyzer sees those wins itself).

Resumable and deterministic: a run starts from every score already in the book file, and each position it
solves is appended at once to a progress file (``tools/book-progress-7x6.txt``, emptied whenever a ply is
complete and written to the book), so a new run, on any machine, solves only what is missing. The book's
content depends only on the options, not on interruptions or the number of workers; ``--minutes`` stops the
run after that time (the book then holds the plies completed so far, and the next run goes on from there).
The book is rewritten, atomically, after every completed ply.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.exact.book import BOOK_PATH, BookError, OpeningBook, canonical_key  # noqa: E402
from ai.exact.choice import GAME_NEAR_DEPTH  # noqa: E402
from ai.exact.compiled_core import NativeConnectFourSolver, native_built  # noqa: E402
from game import ConnectFour  # noqa: E402

WIDTH, HEIGHT = 7, 6
CELLS = WIDTH * HEIGHT
DEFAULT_PROGRESS = ROOT / "tools" / "book-progress-7x6.txt"

_solver: NativeConnectFourSolver | None = None


def _start_worker(slots: int, book_path: Path) -> None:
    global _solver
    # The game's near depth: the book's searches start from the opening too (measured on the positions of nine
    # stones, side by side: 12% less time than the core's default, which suits end-game searches).
    _solver = NativeConnectFourSolver(WIDTH, HEIGHT, table_slots=slots, near_depth=GAME_NEAR_DEPTH)
    # The book of earlier runs holds exact scores, so the searches stop where they reach one of its positions.
    try:
        _solver.use_book(OpeningBook.load(book_path))
    except BookError:
        pass


def _solve(moves: str) -> tuple[str, int, float]:
    """Exact score of the position after ``moves`` (in a worker process), and the seconds it took."""
    game = ConnectFour.from_moves(moves)
    started = time.perf_counter()
    score = _solver.solve(game.stones(game.to_move()), game.occupied(), game.ply())
    return moves, score, time.perf_counter() - started


def key_of(game: ConnectFour) -> int:
    return canonical_key(game.key(), WIDTH, HEIGHT)


def read_book(path: Path) -> tuple[dict[int, int], int]:
    """Scores held by an existing book file and the deepest ply it holds (none if there is no usable one: it
    is then built afresh)."""
    try:
        book = OpeningBook.load(path)
    except BookError as error:
        print(f"starting without a book: {error}", flush=True)
        return {}, 0
    if (book.width, book.height) != (WIDTH, HEIGHT):
        return {}, 0
    return dict(book.items()), book.max_ply


def read_progress(path: Path) -> dict[int, int]:
    """Scores solved by earlier runs (a torn last line, from an interrupted run, is ignored)."""
    scores: dict[int, int] = {}
    if not path.exists():
        return scores
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) != 2:
            continue
        moves, score = parts
        try:
            scores[key_of(ConnectFour.from_moves(moves))] = int(score)
        except ValueError:
            continue
    return scores


def wins_at_once(game: ConnectFour) -> bool:
    """True when the side to move has a winning move."""
    for move in game.moves():
        game.apply(move)
        won = game.winner() is not None
        game.undo()
        if won:
            return True
    return False


def move_values(game: ConnectFour, scores: dict[int, int]) -> dict[int, int | None]:
    """The score of each legal move from the side to move's view (None where the child is not solved)."""
    values: dict[int, int | None] = {}
    for move in game.moves():
        game.apply(move)
        if game.winner() is not None:
            values[move] = (CELLS + 1 - (game.ply() - 1)) // 2
        elif game.is_over():
            values[move] = 0
        elif wins_at_once(game):
            values[move] = -((CELLS + 1 - game.ply()) // 2)
        else:
            child = scores.get(key_of(game))
            values[move] = None if child is None else -child
        game.undo()
    return values


def children_going_on(game: ConnectFour, moves: Iterable[int]) -> Iterator[tuple[int, str]]:
    """(key, moves text) of the positions ``moves`` lead to from ``game`` where the game goes on and the side
    to move cannot win at once: the positions the book stores and solves."""
    for move in moves:
        game.apply(move)
        try:
            if not game.is_over() and not wins_at_once(game):
                yield key_of(game), game.moves_text()
        finally:
            game.undo()


def positions_by_ply(plies: int) -> list[dict[int, str]]:
    """Every position of at most ``plies`` stones, by ply, key -> moves (the smallest text of the first ones
    met in sorted order), leaving out finished games and positions where the side to move wins at once (and
    so everything reached only through them, which no search needs)."""
    layers = [{key_of(ConnectFour()): ""}]
    for _ in range(plies):
        children: dict[int, str] = {}
        for moves in sorted(layers[-1].values()):
            game = ConnectFour.from_moves(moves)
            for key, text in children_going_on(game, game.moves()):
                children.setdefault(key, text)
        layers.append(children)
    return layers


class _Solving:
    """Solves positions on the worker pool into ``scores``, appending each to the progress file at once."""

    def __init__(self, pool, workers: int, scores: dict[int, int], progress, deadline: float | None) -> None:
        self._pool, self._workers, self._progress = pool, workers, progress
        self.scores, self._deadline = scores, deadline

    def solve(self, jobs: list[str]) -> bool:
        """Solves the positions after each of ``jobs`` (move texts); False when the time ran out first."""
        # Runs of siblings go to one worker (they share much of their search), but never so long that a
        # worker idles while the other has a queue.
        chunk = max(1, min(4, len(jobs) // (8 * self._workers)))
        started = time.monotonic()
        for done, (moves, score, seconds) in enumerate(self._pool.imap(_solve, jobs, chunksize=chunk), 1):
            self.scores[key_of(ConnectFour.from_moves(moves))] = score
            self._progress.write(f"{moves} {score}\n")
            self._progress.flush()
            if done % 50 == 0 or seconds > 30:
                elapsed = time.monotonic() - started
                print(
                    f"  {done}/{len(jobs)} solved, {elapsed:.0f} s ({moves}: {score}, {seconds:.1f} s)",
                    flush=True,
                )
            if self._deadline is not None and time.monotonic() > self._deadline:
                print("time is up: the book keeps the plies completed so far", flush=True)
                self._pool.terminate()
                return False
        return True

    def ply_done(self, ply: int, started: float) -> None:
        """Everything solved so far is in the book now: the progress file starts afresh."""
        self._progress.seek(0)
        self._progress.truncate()
        print(
            f"ply {ply} done in {time.monotonic() - started:.0f} s; book: {len(self.scores)} positions",
            flush=True,
        )


def best_value(game: ConnectFour, scores: dict[int, int]) -> tuple[int, dict[int, int]]:
    """The score of ``game`` (the best of its moves') and its moves' values; every child must be solved."""
    values = move_values(game, scores)
    if any(value is None for value in values.values()):
        raise RuntimeError(f"a child of {game.moves_text()!r} was not solved")
    return max(values.values()), values


def build(args: argparse.Namespace) -> int:
    progress_path: Path = args.progress
    progress_path.parent.mkdir(parents=True, exist_ok=True)
    scores, deepest = read_book(args.out)
    scores.update(read_progress(progress_path))
    print(f"{len(scores)} positions already solved (from {args.out} and {progress_path})", flush=True)
    deadline = time.monotonic() + 60 * args.minutes if args.minutes else None
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with context.Pool(args.workers, initializer=_start_worker, initargs=(args.slots, args.out)) as pool:
        with progress_path.open("a") as progress:
            solving = _Solving(pool, args.workers, scores, progress, deadline)
            first_ply, frontier = 0, {key_of(ConnectFour()): ""}
            if args.all_plies > 0:
                # Every position of the first F moves: only those of F stones are solved, and the scores of
                # the shallower ones backed up from them, which costs far less than solving every ply.
                started = time.monotonic()
                layers = positions_by_ply(args.all_plies)
                jobs = sorted(moves for key, moves in layers[-1].items() if key not in scores)
                print(
                    f"plies 0-{args.all_plies}: {len(jobs)} positions of {args.all_plies} stones to solve",
                    flush=True,
                )
                if not solving.solve(jobs):
                    write_book(args.out, scores, deepest)
                    return 0
                frontier = {}
                for ply in range(args.all_plies - 1, -1, -1):
                    for key, moves in sorted(layers[ply].items()):
                        game = ConnectFour.from_moves(moves)
                        best, values = best_value(game, scores)
                        scores[key] = best
                        if ply == args.all_plies - 1:
                            add_best_children(frontier, game, values, best)
                first_ply = args.all_plies
                deepest = max(deepest, first_ply)
                write_book(args.out, scores, deepest)
                solving.ply_done(first_ply, started)
            for ply in range(first_ply, args.plies):
                # Every child of every expanded position of this ply not solved yet, siblings together.
                wanted: dict[int, str] = {}
                for moves in sorted(frontier.values()):
                    game = ConnectFour.from_moves(moves)
                    for key, text in children_going_on(game, game.moves()):
                        if key not in scores and key not in wanted:
                            wanted[key] = text
                started = time.monotonic()
                print(
                    f"ply {ply}: {len(frontier)} positions to expand, {len(wanted)} children to solve",
                    flush=True,
                )
                if not solving.solve(sorted(wanted.values())):
                    write_book(args.out, scores, deepest)
                    return 0
                # Back up: an expanded position's score is the best of its moves'; its best moves lead on.
                next_frontier: dict[int, str] = {}
                for key, moves in sorted(frontier.items()):
                    game = ConnectFour.from_moves(moves)
                    best, values = best_value(game, scores)
                    scores[key] = best
                    add_best_children(next_frontier, game, values, best)
                frontier = next_frontier
                deepest = max(deepest, ply + 1)
                write_book(args.out, scores, deepest)
                solving.ply_done(ply + 1, started)
    return 0


def add_best_children(frontier: dict[int, str], game: ConnectFour, values: dict[int, int], best: int) -> None:
    """Adds to ``frontier`` (key -> moves, the first text met kept) the positions ``game``'s best moves lead
    to where the game goes on without a win at once: the positions best play expands next."""
    best_moves = [move for move, value in values.items() if value == best]
    for key, text in children_going_on(game, best_moves):
        frontier.setdefault(key, text)


def write_book(path: Path, scores: dict[int, int], deepest_ply: int) -> None:
    OpeningBook.write(path, WIDTH, HEIGHT, max(deepest_ply, 0), scores)
    print(f"wrote {path} ({len(scores)} positions, {path.stat().st_size:,} bytes)", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--plies", type=int, default=12, help="expand positions with fewer stones (default 12)"
    )
    parser.add_argument("--all-plies", type=int, default=3, help="expand every position with fewer stones")
    parser.add_argument("--workers", type=int, default=2, help="solver processes (default 2)")
    parser.add_argument(
        "--slots", type=int, default=1 << 27, help="table slots per worker (default 2**27, 1 GB)"
    )
    parser.add_argument("--minutes", type=float, help="stop after this long (resume later)")
    parser.add_argument("--progress", type=Path, default=DEFAULT_PROGRESS, help="progress file")
    parser.add_argument("--out", type=Path, default=BOOK_PATH, help="book file to write")
    args = parser.parse_args()
    if not native_built():
        parser.error("the compiled solver core is needed (pip install -e . with a C compiler)")
    if not 0 <= args.all_plies <= args.plies <= CELLS - 2 or args.workers < 1:
        parser.error("need 0 <= --all-plies <= --plies <= 40 and --workers >= 1")
    return build(args)


if __name__ == "__main__":
    sys.exit(main())
