"""Measures the Connect Four levels' ladder (``assets/c4-ladder-7x6.txt``, format in :mod:`ai.rating.ladder`).

Usage: python tools/make_ladder.py play [--jobs J]     plays the games still missing (resumable)
       python tools/make_ladder.py fit [--out FILE]    fits the ratings to the games and writes the file

The players are a random mover (the floor, and the scale's anchor), every level the game offers on 7 x 6 (the
depths of :mod:`game.catalog`) and the max level with its default think time, each with the game's table sizes
and no pondering. Every pair plays random two-move openings, each opening twice (each side starts once);
neighbouring rungs play the most games, since they are the closest in strength and their order is what the
ladder must get right: NEIGHBOUR_OPENINGS openings for neighbours, NEXT_OPENINGS one rung further apart,
FAR_OPENINGS beyond. Everything is seeded, so a rerun plays the same games (but for the max level, whose moves
depend on how far its search gets in its time).

Every game is reviewed with the exact analyzer (the opening book, then the solver) as it ends: each move
played after the opening gives an :class:`~ai.rating.observe.Observation`, from which the file keeps, per
player and stage of the game, how often it kept its result and how often it played a best move. The
per-game performance estimate (:mod:`ai.rating.performance`) compares a player's moves with these.

``play`` appends one line per finished game to ``tools/ladder-games-7x6.txt`` at once, so that it can be
stopped and run again; ``fit`` reads that file (committed: the ladder's evidence), fits the ratings
(:func:`ai.rating.elo.fit_ratings`), and writes the ladder file atomically, then reads it back with the game's
own loader. Rerun both when the levels change.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.contracts import Limits  # noqa: E402
from ai.engine import DEFAULT_TABLE_ENTRIES  # noqa: E402
from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.play.levels import DEFAULT_MAX_SECONDS, levels_for  # noqa: E402
from ai.play.thinker import Thinker  # noqa: E402
from ai.rating.elo import GameResult, fit_ratings  # noqa: E402
from ai.rating.ladder import (  # noqa: E402
    ANCHOR_RATING,
    LADDER_PATH,
    RANDOM,
    STAGES,
    Ladder,
    Rung,
    StageCounts,
    file_text,
    read_ladder,
    rung_name,
    stage_of,
)
from ai.rating.observe import Observation, observe  # noqa: E402
from game.connect4 import ConnectFour  # noqa: E402

GAMES_PATH = ROOT / "tools" / "ladder-games-7x6.txt"
OPENING_PLIES = 2
NEIGHBOUR_OPENINGS = 32
NEXT_OPENINGS = 16
FAR_OPENINGS = 6
OPENING_SEED = 2026
#: Virtual wins for each side between neighbouring rungs: the prior that keeps a rung that never loses finite.
PRIOR_WINS = 0.5


def rungs() -> tuple[str, ...]:
    """The ladder's players, weakest first: the random mover, the levels' depths, "max"."""
    return (RANDOM,) + tuple(rung_name(level) for level in levels_for("connect4"))


@dataclass(frozen=True)
class Job:
    """One game to play: ``first`` moves first from ``opening``; ``seed`` seeds both players."""

    first: str
    second: str
    opening: str
    seed: int

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.first, self.second, self.opening)


def openings(count: int) -> list[str]:
    """The first ``count`` of every two-move opening, in a seeded order."""
    every = ["".join(str(column) for column in moves) for moves in itertools.product(range(1, 8), repeat=2)]
    random.Random(OPENING_SEED).shuffle(every)
    return every[:count]


def schedule() -> list[Job]:
    """Every game of the tournament, in a fixed order."""
    names = rungs()
    jobs = []
    for low, high in itertools.combinations(range(len(names)), 2):
        distance = high - low
        count = NEIGHBOUR_OPENINGS if distance == 1 else NEXT_OPENINGS if distance == 2 else FAR_OPENINGS
        for index, opening in enumerate(openings(count)):
            seed = 1000 * (low * len(names) + high) + index
            jobs.append(Job(names[low], names[high], opening, 2 * seed))
            jobs.append(Job(names[high], names[low], opening, 2 * seed + 1))
    return jobs


class LadderPlayer:
    """One rung of the ladder at the board: ``move(game)`` is its move."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.thinker = None if name == RANDOM else Thinker(table_entries=DEFAULT_TABLE_ENTRIES, seed=seed)
        self.limits = (
            None
            if name == RANDOM
            else Limits(seconds=DEFAULT_MAX_SECONDS)
            if name == "max"
            else Limits(depth=int(name))
        )

    def move(self, game: ConnectFour) -> int:
        if self.thinker is None or self.limits is None:
            return self.rng.choice(game.moves())
        result = None
        for result in self.thinker.think(game, self.limits):
            pass
        assert result is not None
        return result.best_move

    def release(self) -> None:
        if self.thinker is not None:
            self.thinker.release()


def play(job: Job) -> str:
    """Plays and reviews ``job``'s game; returns its line for the games file."""
    game = ConnectFour.from_moves(job.opening)
    players = (LadderPlayer(job.first, job.seed), LadderPlayer(job.second, job.seed + 7919))
    try:
        while not game.is_over():
            game.apply(players[game.to_move()].move(game))
    finally:
        for player in players:
            player.release()
    winner = game.winner()
    result = "1/2" if winner is None else "1-0" if winner == 0 else "0-1"
    marks = "".join(observation.value for observation in observations(game, len(job.opening)))
    return f"{job.first} {job.second} {job.opening} {job.seed} {game.moves_text()} {result} {marks}"


def observations(game: ConnectFour, opening_plies: int) -> Iterator[Observation]:
    """The observation on every move of ``game`` after its opening, in order."""
    analyzer = ExactAnalyzer()
    history = list(game.history())
    board = ConnectFour.from_moves(game.moves_text()[:opening_plies])
    try:
        for move in history[opening_plies:]:
            yield observe(analyzer.move_values(board), move)
            board.apply(move)
    finally:
        analyzer.release()


@dataclass(frozen=True)
class LadderGame:
    job: Job
    moves: str
    result: str
    marks: str


def read_games(path: Path) -> list[LadderGame]:
    """The games of ``path`` (missing: none); a line that does not parse (a run cut off mid-line) is
    skipped with a message."""
    if not path.exists():
        return []
    games = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split()
        try:
            first, second, opening, seed, moves, result, marks = fields
            if result not in ("1-0", "0-1", "1/2") or len(marks) != len(moves) - len(opening):
                raise ValueError
            games.append(LadderGame(Job(first, second, opening, int(seed)), moves, result, marks))
        except ValueError:
            print(f"{path.name} line {number}: skipped (not a finished game): {line[:60]}", file=sys.stderr)
    return games


def play_command(jobs_count: int) -> None:
    done = {game.job.key for game in read_games(GAMES_PATH)}
    missing = [job for job in schedule() if job.key not in done]
    print(f"{len(done)} games played, {len(missing)} to play, {jobs_count} at a time", flush=True)
    started = time.monotonic()
    with ProcessPoolExecutor(jobs_count) as pool, GAMES_PATH.open("a", encoding="utf-8") as out:
        for count, line in enumerate(pool.map(play, missing, chunksize=1), 1):
            out.write(line + "\n")
            out.flush()
            os.fsync(out.fileno())
            if count % 20 == 0 or count == len(missing):
                print(f"{count}/{len(missing)} in {time.monotonic() - started:.0f} s", flush=True)


def fit_command(out_path: Path) -> None:
    games = read_games(GAMES_PATH)
    names = rungs()
    wanted = {job.key for job in schedule()}
    games = [game for game in games if game.job.key in wanted]
    if len(games) < len(wanted):
        print(f"only {len(games)} of {len(wanted)} games played: run 'play' first", file=sys.stderr)
        sys.exit(1)
    results = [
        GameResult(game.job.first, game.job.second, {"1-0": 1.0, "0-1": 0.0, "1/2": 0.5}[game.result])
        for game in games
    ]
    prior = [(names[index], names[index + 1], PRIOR_WINS) for index in range(len(names) - 1)]
    fit = fit_ratings(results, names, anchor=RANDOM, anchor_rating=ANCHOR_RATING, prior_games=prior)
    counts = {name: [StageCounts() for _ in STAGES] for name in names}
    for game in games:
        plies = len(game.job.opening)
        for offset, code in enumerate(game.marks):
            ply = plies + offset
            mover = game.job.first if ply % 2 == 0 else game.job.second
            stage = stage_of(ply)
            counts[mover][stage] = counts[mover][stage].add(Observation(code))
    played = {name: 0 for name in names}
    points = {name: 0.0 for name in names}
    for result in results:
        played[result.first] += 1
        played[result.second] += 1
        points[result.first] += result.score
        points[result.second] += 1.0 - result.score
    ladder = Ladder(
        board=(7, 6),
        games=len(games),
        rungs=tuple(
            Rung(
                name=name,
                rating=round(fit.ratings[name]),
                low=round(fit.ratings[name] - 1.96 * fit.errors[name]),
                high=round(fit.ratings[name] + 1.96 * fit.errors[name]),
                games=played[name],
                points=points[name],
                stages=tuple(counts[name]),
            )
            for name in names
        ),
        draw_rate=fit.draw_rate,
    )
    from ui.state.files.userfiles import write_atomically

    write_atomically(out_path, file_text(ladder))
    check = read_ladder(out_path)
    print(f"wrote {out_path} ({check.games} games, draw parameter {fit.draw_rate:.3f})")
    print("| player | rating | 95 % interval | above the rung below (95 %) | games | score |")
    print("|---|---|---|---|---|---|")
    for below, rung in zip((None, *check.rungs), check.rungs, strict=False):
        gap = "-"
        if below is not None:
            margin = 1.96 * fit.difference_error(rung.name, below.name)
            gap = f"{rung.rating - below.rating:+d} \u00b1 {margin:.0f}"
        label = rung.name if rung.name in (RANDOM, "max") else f"depth {rung.name}"
        score = f"{100 * rung.points / rung.games:.0f} %"
        print(f"| {label} | {rung.rating} | {rung.low} to {rung.high} | {gap} | {rung.games} | {score} |")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    play_parser = commands.add_parser("play", help="play the games still missing")
    play_parser.add_argument("--jobs", type=int, default=2)
    fit_parser = commands.add_parser("fit", help="fit the ratings and write the ladder file")
    fit_parser.add_argument("--out", type=Path, default=LADDER_PATH)
    args = parser.parse_args()
    if args.command == "play":
        play_command(args.jobs)
    else:
        fit_command(args.out)


if __name__ == "__main__":
    main()
