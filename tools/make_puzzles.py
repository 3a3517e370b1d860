"""Builds the Connect Four puzzles (``assets/c4-puzzles-7x6.txt``, format in :mod:`ai.puzzles`).

Usage: python tools/make_puzzles.py [--random-games R] [--level-games L] [--testsets DIR ...]
                                    [--per-win-in K] [--seed S] [--out FILE]

A puzzle is a position from real play where the side to move wins, with exactly one winning move, and cannot
win at once (a win in 1 is no puzzle), while the opponent threatens no win at once either (the move would be a
forced block, found without thinking). Where the positions come from, all seeded, so a run gives the same
file every time:

* ``benchmark``: the public test sets' positions (``--testsets``, each a folder of ``Test_*`` files of
  ``<moves> <score>`` lines) whose side to move wins;
* ``levels``: every position of ``L`` games between the engine's levels (depths 1, 2, 4 and 6 in turn,
  each game opened by up to four random moves so that the games differ);
* ``random``: every position of ``R`` random-play games.

A position and its mirror image are one puzzle; the first source above to hold it names it. Every candidate is
solved with the exact analyzer (the opening book, then the compiled solver): the score of each move, so the
number of winning moves and the fastest win's length N (:func:`ai.puzzles.win_in`). Each puzzle is then graded
by the ladder's levels (the depths of :mod:`game.catalog`): a level finds the move when its search, from a
fresh table and with seed 0, plays the winning column, exactly as ``ponder move --depth D --seed 0`` does. The
grade follows from the levels that find it (:func:`ai.puzzles.grade_for`).

The file keeps at most ``K`` puzzles of each win length: twice as many, in the order of a hash of the moves
(which mixes the sources), are graded (grading takes longer than solving), and ``K`` of them kept, taken from
the grades in turn so that the rare hard ones are not crowded out by the many easy ones. Every one is proved
again, by a fresh analyzer, before the file is written: exactly
one winning move, that column, and that N. The file is written atomically and read back with the game's own
loader.

Resumable: each candidate's verdict is appended at once to a progress file
(``tools/puzzles-progress-7x6.txt``), which a new run with the same options reads instead of solving again;
a completed run deletes it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import zlib
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.contracts import Limits  # noqa: E402
from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.exact.compiled_core import native_built  # noqa: E402
from ai.play.thinker import Thinker  # noqa: E402
from ai.puzzles import (  # noqa: E402
    GRADES,
    PUZZLES_PATH,
    Puzzle,
    file_text,
    grade_for,
    load_puzzles,
    position_id,
    threatened,
    win_in,
    wins_at_once,
)
from game import ConnectFour  # noqa: E402
from game.catalog import game_spec  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

DEFAULT_PROGRESS = ROOT / "tools" / "puzzles-progress-7x6.txt"
DEFAULT_TESTSETS = ROOT / "tests" / "data" / "c4-testsets"
#: The depths whose games are a source, in turn (each game pits two neighbours of this cycle).
PLAYING_DEPTHS = (1, 2, 4, 6)
#: The seed of the levels' searches when grading (their choice among equally valued moves).
GRADING_SEED = 0
#: Positions with fewer stones are left out: the opening book's, where a win is a long strategic one.
FIRST_PLY = 4


def testset_positions(folders: list[Path]) -> Iterator[str]:
    """The positions of the test sets in ``folders`` whose side to move wins (the sets' own scores say)."""
    for folder in folders:
        for path in sorted(folder.glob("Test_*")):
            for line in path.read_text().splitlines():
                moves, score = line.split()
                if int(score) > 0:
                    yield moves


def game_positions(moves: str) -> Iterator[str]:
    """Every position of a game from FIRST_PLY stones until before its last move."""
    for ply in range(FIRST_PLY, len(moves)):
        yield moves[:ply]


def random_game(rng: random.Random) -> str:
    game = ConnectFour()
    while not game.is_over():
        game.apply(rng.choice(game.moves()))
    return game.moves_text()


def level_game(players: tuple[Thinker, Thinker], depths: tuple[int, int], rng: random.Random) -> str:
    """A game between two levels (``depths[0]`` moves first) after up to four random moves."""
    game = ConnectFour()
    for _ in range(rng.randrange(5)):
        game.apply(rng.choice(game.moves()))
    for player in players:
        player.clear()
    while not game.is_over():
        side = game.ply() % 2
        result = list(players[side].think(game, Limits(depth=depths[side])))[-1]
        game.apply(result.best_move)
    return game.moves_text()


def candidates(args: argparse.Namespace) -> dict[int, tuple[str, str]]:
    """Position id -> (moves, source) of every candidate position, the first source to hold it naming it."""
    found: dict[int, tuple[str, str]] = {}

    def add(moves: str, source: str) -> None:
        game = ConnectFour.from_moves(moves)
        if not game.is_over():
            found.setdefault(position_id(game), (moves, source))

    for moves in testset_positions(args.testsets):
        add(moves, "benchmark")
    rng = random.Random(args.seed)
    players = (
        Thinker(table_entries=1 << 16, seed=args.seed),
        Thinker(table_entries=1 << 16, seed=args.seed + 1),
    )
    started = time.monotonic()
    for number in range(args.level_games):
        first = PLAYING_DEPTHS[number % len(PLAYING_DEPTHS)]
        second = PLAYING_DEPTHS[(number + 1 + number // len(PLAYING_DEPTHS)) % len(PLAYING_DEPTHS)]
        for moves in game_positions(level_game(players, (first, second), rng)):
            add(moves, "levels")
    print(f"{args.level_games} level games played in {time.monotonic() - started:.0f} s", flush=True)
    for _ in range(args.random_games):
        for moves in game_positions(random_game(rng)):
            add(moves, "random")
    return found


def examine(analyzer: ExactAnalyzer, moves: str) -> tuple[int, int] | None:
    """(winning column, 1-based; N) when the position after ``moves`` is a puzzle (see the module
    docstring), else None."""
    game = ConnectFour.from_moves(moves)
    if game.is_over() or threatened(game) or any(wins_at_once(game, move) for move in game.moves()):
        return None
    # One solve first: most positions are no win at all, and need not have every move solved.
    if analyzer.score(game) <= 0:
        return None
    scores = analyzer.move_scores(game)
    winning = [column for column, score in enumerate(scores) if score > 0]
    if len(winning) != 1:
        return None
    return winning[0] + 1, win_in(max(scores), game.ply())


def levels_finding(thinker: Thinker, moves: str, column: int, ladder: tuple[int, ...]) -> tuple[int, ...]:
    """The depths of ``ladder`` that play ``column`` after ``moves``, each searching from a fresh table with
    GRADING_SEED, as ``ponder move --depth D --seed 0`` does.

    One iterative deepening to the deepest level gives every level's move: a level of depth d plays the
    result of iteration d (or of the last one, where the search proved the result earlier), and iteration d
    does the same whatever depth the search was asked to reach."""
    thinker.clear()
    thinker.rng.seed(GRADING_SEED)
    results = list(thinker.think(ConnectFour.from_moves(moves), Limits(depth=ladder[-1])))
    return tuple(depth for depth in ladder if results[min(depth, len(results)) - 1].best_move == column - 1)


def read_progress(path: Path) -> dict[str, list[str]]:
    """The verdicts of earlier runs by moves (the last line of a position counts): ``[source, "-"]`` for no
    puzzle, ``[source, column, N, levels]`` for a puzzle, levels ``?`` where it was not graded yet."""
    verdicts: dict[str, list[str]] = {}
    if path.exists():
        # Only whole lines: what follows the last newline is a line an interrupted run did not finish.
        for line in path.read_text().split("\n")[:-1]:
            moves, *verdict = line.split()
            verdicts[moves] = verdict
    return verdicts


def by_hash(puzzles: list[Puzzle]) -> list[Puzzle]:
    """The puzzles in the order of a hash of their moves: a fixed order that mixes the sources."""
    return sorted(puzzles, key=lambda puzzle: zlib.crc32(puzzle.moves.encode()))


def select(puzzles: list[Puzzle], per_win_in: int) -> list[Puzzle]:
    """At most ``per_win_in`` puzzles of each win length, taken from the grades in turn."""
    by_length: dict[int, dict[str, list[Puzzle]]] = defaultdict(lambda: defaultdict(list))
    for puzzle in by_hash(puzzles):
        by_length[puzzle.win_in][puzzle.grade].append(puzzle)
    chosen: list[Puzzle] = []
    for grades in by_length.values():
        queues = [grades[grade] for grade in GRADES if grades[grade]]
        taken = 0
        while taken < per_win_in and any(queues):
            for queue in queues:
                if queue and taken < per_win_in:
                    chosen.append(queue.pop(0))
                    taken += 1
    return chosen


class ProgressFile:
    """The verdicts so far, each new one appended at once to the progress file."""

    def __init__(self, path: Path) -> None:
        self.verdicts = read_progress(path)
        self._file = path.open("a")

    def record(self, moves: str, verdict: list[str]) -> None:
        self.verdicts[moves] = verdict
        self._file.write(f"{moves} {' '.join(verdict)}\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def build(args: argparse.Namespace) -> int:
    started = time.monotonic()
    ladder = game_spec("connect4").depths
    found = candidates(args)
    print(f"{len(found)} candidate positions", flush=True)
    progress = ProgressFile(args.progress)
    analyzer = ExactAnalyzer(threads=1)
    for done, (moves, source) in enumerate(found.values(), 1):
        if moves not in progress.verdicts:
            answer = examine(analyzer, moves)
            progress.record(moves, [source, "-"] if answer is None else [source, *map(str, answer), "?"])
        if done % 2000 == 0:
            print(f"  {done}/{len(found)} examined, {time.monotonic() - started:.0f} s", flush=True)
    # Only as many puzzles of each length are graded as the selection may want (grading takes longer than
    # solving): twice the number kept, in the order of the hash.
    pool: dict[int, list[str]] = defaultdict(list)
    found_moves = [moves for moves, _ in found.values()]
    for moves in sorted(found_moves, key=lambda moves: zlib.crc32(moves.encode())):
        verdict = progress.verdicts[moves]
        if len(verdict) == 4 and len(pool[int(verdict[2])]) < 2 * args.per_win_in:
            pool[int(verdict[2])].append(moves)
    grader = Thinker(seed=GRADING_SEED)
    puzzles: list[Puzzle] = []
    for moves in sorted(moves for group in pool.values() for moves in group):
        source, column, length, levels = progress.verdicts[moves]
        if levels == "?":
            levels = ",".join(map(str, levels_finding(grader, moves, int(column), ladder))) or "-"
            progress.record(moves, [source, column, length, levels])
        found_by = () if levels == "-" else tuple(int(depth) for depth in levels.split(","))
        puzzles.append(Puzzle(moves, int(column), int(length), found_by, grade_for(found_by, ladder), source))
    progress.close()
    all_puzzles = sum(len(verdict) == 4 for verdict in progress.verdicts.values())
    chosen = select(puzzles, args.per_win_in)
    print(f"{all_puzzles} puzzles found, {len(puzzles)} graded, {len(chosen)} kept; proving each again")
    checker = ExactAnalyzer(threads=1)
    for puzzle in chosen:
        if examine(checker, puzzle.moves) != (puzzle.column, puzzle.win_in):
            raise RuntimeError(f"{puzzle.moves}: the second proof disagrees")
    partial = args.out.with_name(f"{args.out.name}.{os.getpid()}.tmp")
    partial.write_text(file_text(ladder, chosen))
    os.replace(partial, args.out)
    shipped = load_puzzles(args.out)
    args.progress.unlink()
    report(shipped.puzzles, args.out, time.monotonic() - started)
    print(f"from {len(found_moves)} candidates: {len(found_moves) - all_puzzles} were no puzzle")
    return 0


def report(puzzles: tuple[Puzzle, ...], path: Path, seconds: float) -> None:
    """Counts by win length and grade, and by source, for docs/puzzles.md."""
    table: dict[int, Counter[str]] = defaultdict(Counter)
    for puzzle in puzzles:
        table[puzzle.win_in][puzzle.grade] += 1
    print(f"wrote {path}: {len(puzzles)} puzzles, {path.stat().st_size:,} bytes, in {seconds / 60:.1f} min")
    print(f"| win in | {' | '.join(GRADES)} | all |")
    print(f"|---|{'---|' * (len(GRADES) + 1)}")
    for length in sorted(table):
        counts = " | ".join(str(table[length][grade]) for grade in GRADES)
        print(f"| {length} | {counts} | {sum(table[length].values())} |")
    grades = Counter(puzzle.grade for puzzle in puzzles)
    print(f"| all | {' | '.join(str(grades[grade]) for grade in GRADES)} | {len(puzzles)} |")
    print("sources:", dict(Counter(puzzle.source for puzzle in puzzles)))
    print(machine_line())


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--random-games", type=int, default=800, help="random-play games (default 800)")
    parser.add_argument("--level-games", type=int, default=150, help="games between levels (default 150)")
    parser.add_argument(
        "--testsets",
        type=Path,
        action="append",
        help=f"a folder of benchmark sets (repeatable; default {DEFAULT_TESTSETS.relative_to(ROOT)})",
    )
    parser.add_argument(
        "--per-win-in", type=int, default=100, help="puzzles kept per win length (default 100)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the games (default 1)")
    parser.add_argument("--progress", type=Path, default=DEFAULT_PROGRESS, help="progress file")
    parser.add_argument("--out", type=Path, default=PUZZLES_PATH, help="puzzle file to write")
    args = parser.parse_args()
    args.testsets = args.testsets or [DEFAULT_TESTSETS]
    if not native_built():
        parser.error("the compiled solver core is needed (pip install -e . with a C compiler)")
    if min(args.random_games, args.level_games) < 0 or args.per_win_in < 1:
        parser.error("need --random-games, --level-games >= 0 and --per-win-in >= 1")
    return build(args)


if __name__ == "__main__":
    sys.exit(main())
