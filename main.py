"""Ponder: Connect Four and Tic-tac-toe against an AI that thinks on your time.

``python main.py [options]`` opens the window; ``python main.py analyze``, ``move``, ``review`` and
``puzzles`` are the command-line tools (``--help`` on each).

Exit status: 0 when all went well, and when the window is closed, including by SIGTERM (SDL turns it into the
window's quit event). 2 for bad arguments, with a usage message, before any window opens. 1 for bad input: a
``--load`` file that cannot be used (the reason, no usage: the command line was right), bad lines of the tools
(after the rest of the input has been processed), or output cut off because the reader of the pipe went away.
130 for Ctrl+C (SIGINT), after the engine has been stopped. Never a traceback for any of these.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

# pygame prints a greeting to the standard output when imported; a program's output is its own.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.catalog import DEFAULT_GAME, GAME_NAMES  # noqa: E402 (after the environment it reads)
from game.numerals import positive_int, seconds_type  # noqa: E402
from game.protocol import Game  # noqa: E402

TOOLS = ("analyze", "move", "review", "rate", "puzzles")
#: Other spellings of the tools' names.
TOOL_ALIASES = {"analyse": "analyze"}
#: How the user started the program, for usage and error lines: the installed command or the script.
PROGRAM = "ponder" if Path(sys.argv[0]).name == "ponder" else "python main.py"

OVERVIEW = f"""\
usage: {PROGRAM} [play options]          open the game window (see the options below)
       {PROGRAM} --continue              open the unfinished game, as it was left
       {PROGRAM} analyze [options] < positions
       {PROGRAM} move [options] < positions
       {PROGRAM} review [options] < games
       {PROGRAM} rate < games
       {PROGRAM} puzzles [--count N] [--seed S] [--min-moves A] [--max-moves B]
       {PROGRAM} --install-desktop-entry | --remove-desktop-entry

Connect Four and Tic-tac-toe against an alpha-beta AI that keeps thinking on your time.

command-line tools (positions are move strings, one per line; anything after the first blank is ignored):
  analyze   print the exact score of every position ('<moves> <score>'), or with --all of every move
  move      print the move the AI would play ('<moves> <move>') at a given depth or think time
  review    print the exact value of every move of each game, against the best move there
  rate      print how strongly each side played each Connect Four game, on the levels' rating scale
  puzzles   print Connect Four puzzles ('<moves> <winning column> <moves to win>'): one winning move each
  (analyse is analyze)

desktop (Linux): --install-desktop-entry puts Ponder and its icon in the desktop's applications
(~/.local/share/applications); --remove-desktop-entry takes them away.

Run '{PROGRAM} <tool> --help' for a tool's options.

exit status: 0 ok (also when the window is closed); 1 bad input (an unusable --load file, bad lines of the
tools, an unusable puzzle file, fewer puzzles than asked for); 2 bad arguments; 130 interrupted (Ctrl+C).
"""


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=GAME_NAMES, default=DEFAULT_GAME)
    parser.add_argument("--size", help="board size such as 7x6 (default: the standard board of the game)")


def build_tool_parser(tool: str) -> argparse.ArgumentParser:
    if tool == "puzzles":
        return build_puzzles_parser()
    if tool == "analyze":
        parser = argparse.ArgumentParser(
            prog=f"{PROGRAM} analyze",
            description="Exact scores of positions read from stdin, one move string per line. Score "
            "convention of the Connect Four benchmark sets: 0 draw, positive the side to move wins (22 - its "
            "stones at the win on 7x6), negative it loses.",
        )
        _add_game_arguments(parser)
        parser.add_argument(
            "--all", action="store_true", help="score every move: '<moves> s1 ... sN', -1000 if illegal"
        )
        parser.add_argument("--weak", action="store_true", help="only win / draw / loss: 1, 0, -1")
        parser.add_argument(
            "--no-book",
            action="store_true",
            help="solve from nothing, without the opening book (for benchmarks and checks)",
        )
        parser.add_argument(
            "--threads",
            type=positive_int,
            help="solver threads, each with a solver of its own, all sharing one table (default: one per "
            "core this process may run on): an early position is searched by all of them at once, each in "
            "its own move order; with --all its moves are shared out among them, several threads on a move "
            "where there are more threads than moves",
        )
        parser.add_argument(
            "--table-mb",
            type=positive_int,
            metavar="M",
            help="the solver's table in MB, rounded down to a power of two (default: 128, or 32 on the "
            "pure-Python core)",
        )
        parser.add_argument(
            "--positions",
            action="store_true",
            help="after the last answer, print 'positions: N' on stderr: the positions the solvers explored, "
            "every thread's (for benchmarks)",
        )
        return parser
    if tool == "rate":
        return argparse.ArgumentParser(
            prog=f"{PROGRAM} rate",
            description="Rates each side of Connect Four games (7x6) read from stdin, one move string per "
            "line: '<moves> <first player> <second player>', each the rating on the levels' ladder (the "
            "scale of the start screen) under which that side's moves are most likely, from the exact value "
            "of every move. '-' where a side made too few moves that could tell anything.",
        )
    if tool == "review":
        parser = argparse.ArgumentParser(
            prog=f"{PROGRAM} review",
            description="Reviews games read from stdin, one move string per line: for each move one line "
            "'<ply> <move> <score of the move played> <best score> <verdict>', then an empty line. Scores as "
            "in analyze, from the mover's side; the verdict is best, kept (same result, not the best score), "
            "mistake (win to draw, draw to loss) or blunder (win to loss). Where the exact analysis runs out "
            "of time (boards over 42 cells) the move is estimated: '? ? estimate'.",
        )
        _add_game_arguments(parser)
        parser.add_argument(
            "--seconds",
            type=seconds_type(),
            default=10.0,
            help="exact analysis time per position on boards over 42 cells (default 10)",
        )
        return parser
    parser = argparse.ArgumentParser(
        prog=f"{PROGRAM} move",
        description="The move the AI would play in positions read from stdin: '<moves> <move>' (a column "
        "1-7, or a cell 1-9 for Tic-tac-toe).",
    )
    _add_game_arguments(parser)
    limit = parser.add_mutually_exclusive_group(required=True)
    limit.add_argument("--depth", type=positive_int, help="search depth in plies (a level)")
    limit.add_argument("--seconds", type=seconds_type(), help="think time, as the max level")
    parser.add_argument("--seed", type=int, default=0, help="seed for choosing among equal moves (default 0)")
    return parser


#: Bytes of one table slot of the exact solver (both cores).
SLOT_BYTES = 8


def table_slots(megabytes: int) -> int:
    """The solver's table slots for a table of at most ``megabytes`` MB: a power of two, at least 2**17."""
    slots = megabytes * (1 << 20) // SLOT_BYTES
    return max(1 << 17, 1 << (slots.bit_length() - 1))


def build_puzzles_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"{PROGRAM} puzzles",
        description="Connect Four puzzles (7x6) from the game's own proven set: positions from real play "
        "where the side to move has exactly one winning move and cannot win at once. One puzzle a line, "
        "'<moves> <the winning column> <N>', N the number of the mover's own moves to the fastest win "
        "against best defence (22 - the best score - the mover's stones, in analyze's scores), shortest "
        "win first; each position once. --min-moves and --max-moves bound N. Fewer puzzles than --count "
        "in the range: all of them, a line on stderr saying so, and exit status 1.",
    )
    parser.add_argument("--count", type=positive_int, default=10, help="how many puzzles (default 10)")
    parser.add_argument(
        "--seed", type=int, help="the same puzzles every time for a seed (default: a new draw)"
    )
    parser.add_argument("--min-moves", type=positive_int, default=1, metavar="A", help="only wins in N >= A")
    parser.add_argument("--max-moves", type=positive_int, metavar="B", help="only wins in N <= B")
    parser.add_argument(
        "--grades",
        action="store_true",
        help="add the grade (easy, medium, hard, expert: how weak a level still finds the move) and the "
        "levels' depths that find it ('-' none)",
    )
    return parser


def puzzles_tool(argv: list[str], out: TextIO, err: TextIO) -> int:
    """``ponder puzzles``: a seeded draw from the shipped puzzles (:mod:`ai.puzzles`)."""
    parser = build_puzzles_parser()
    args = parser.parse_args(argv)
    if args.max_moves is not None and args.max_moves < args.min_moves:
        parser.error(f"--max-moves {args.max_moves} is below --min-moves {args.min_moves}")
    from ai.puzzles import PuzzleFileError, draw, load_puzzles

    try:
        shipped = load_puzzles()
    except PuzzleFileError as error:
        print(f"{PROGRAM} puzzles: error: {error}", file=err)
        return 1
    chosen = draw(shipped.puzzles, args.count, args.seed, args.min_moves, args.max_moves)
    for puzzle in chosen:
        line = f"{puzzle.moves} {puzzle.column} {puzzle.win_in}"
        if args.grades:
            line += f" {puzzle.grade} {','.join(map(str, puzzle.found_by)) or '-'}"
        print(line, file=out, flush=True)
    if len(chosen) < args.count:
        span = (
            f"{args.min_moves} to {args.max_moves}"
            if args.max_moves is not None
            else f"{args.min_moves} or more"
        )
        print(f"{PROGRAM} puzzles: only {len(chosen)} puzzles win in {span} moves", file=err)
        return 1
    return 0


def process_lines(
    lines: Iterable[str],
    make_game: Callable[[], Game],
    answer: Callable[[Game], str],
    out: TextIO,
    err: TextIO,
    games: bool = False,
) -> int:
    """Runs ``answer`` on the position of every line and prints ``<moves> <answer>``; returns 1 if any line
    was bad, else 0. With ``games`` a line may hold a finished game, and the answer is printed alone.

    A bad line gets ``line N: <reason>`` on ``err`` and nothing on ``out``; the others go on.
    """
    from game import IllegalMove

    status = 0
    for number, line in enumerate(lines, start=1):
        words = line.split()
        text = words[0] if words else ""
        try:
            game = make_game()
            game.play_text(text)
            if game.is_over() and not games:
                raise IllegalMove("game is over")
            reply = answer(game)
        except (IllegalMove, ValueError) as error:
            print(f"line {number}: {error}", file=err, flush=True)
            status = 1
            continue
        print(reply if games else f"{text} {reply}", file=out, flush=True)
    return status


def run_tool(tool: str, argv: list[str], stdin: TextIO, out: TextIO, err: TextIO) -> int:
    if tool == "puzzles":
        return puzzles_tool(argv, out, err)
    if tool == "rate":
        build_tool_parser(tool).parse_args(argv)
        return rate_tool(stdin, out, err)
    args = build_tool_parser(tool).parse_args(argv)
    from game.catalog import new_game, parse_size

    try:
        width, height = parse_size(args.size) if args.size else (None, None)
        new_game(args.game, width, height)
    except ValueError as error:
        print(f"{PROGRAM} {tool}: error: {error}", file=err)
        return 2

    def make_game() -> Game:
        return new_game(args.game, width, height)

    if tool == "analyze":
        from ai.exact.analysis import ExactAnalyzer, can_analyze
        from ai.exact.book import shipped_book

        if not can_analyze(make_game()):
            print(f"{PROGRAM} analyze: error: no exact analysis for {make_game().variant()}", file=err)
            return 2
        analyzer = ExactAnalyzer(
            solver_slots=None if args.table_mb is None else table_slots(args.table_mb),
            book=(lambda: None) if args.no_book else shipped_book,
            threads=args.threads,
        )

        def answer(game: Game) -> str:
            if args.all:
                return " ".join(str(score) for score in analyzer.move_scores(game, args.weak))
            return str(analyzer.score(game, args.weak))

        status = process_lines(stdin, make_game, answer, out, err)
        if args.positions:
            print(f"positions: {analyzer.nodes}", file=err)
        return status

    elif tool == "review":
        from ai.exact.analysis import ExactAnalyzer
        from ai.heuristic.search import Searcher
        from ai.heuristic.table import TranspositionTable
        from ai.play.review import review_lines

        analyzer, searcher = ExactAnalyzer(), Searcher(TranspositionTable(1 << 20))

        def answer(game: Game) -> str:
            return review_lines(game, analyzer, searcher, args.seconds)

        return process_lines(stdin, make_game, answer, out, err, games=True)
    else:
        from ai.contracts import Limits
        from ai.play.thinker import Thinker

        thinker = Thinker(seed=args.seed)
        limits = Limits(depth=args.depth, seconds=args.seconds)

        def answer(game: Game) -> str:
            results = list(thinker.think(game, limits))
            return game.move_to_text(results[-1].best_move)

    return process_lines(stdin, make_game, answer, out, err)


def rate_tool(stdin: TextIO, out: TextIO, err: TextIO) -> int:
    """``rate``: each side's performance in each game of ``stdin`` (see its ``--help``)."""
    from ai.exact.analysis import ExactAnalyzer
    from ai.heuristic.search import Searcher
    from ai.heuristic.table import TranspositionTable
    from ai.play.review import review_game
    from ai.rating.ladder import LadderFileError, shipped_ladder
    from ai.rating.performance import observations_of, performance
    from game import ConnectFour

    ladder = shipped_ladder()
    if isinstance(ladder, LadderFileError):
        print(f"{PROGRAM} rate: error: no ladder to rate against: {ladder}", file=err)
        return 1
    analyzer, searcher = ExactAnalyzer(), Searcher(TranspositionTable(1 << 20))

    def answer(game: Game) -> str:
        reviews = list(review_game(game, analyzer, searcher))
        estimates = []
        for side in (0, 1):
            estimate = performance(observations_of(reviews, side), ladder)
            estimates.append("-" if estimate is None else str(estimate.rating))
        return f"{game.moves_text()} {estimates[0]} {estimates[1]}"

    return process_lines(stdin, ConnectFour, answer, out, err, games=True)


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file behind stdout (ValueError covers io.UnsupportedOperation)
        pass


def desktop_entry(install: bool) -> int:
    """``--install-desktop-entry`` / ``--remove-desktop-entry``: prints the files written or removed."""
    from ui import desktop_entry as entry

    if PROGRAM == "ponder":
        command = [shutil.which(sys.argv[0]) or os.path.abspath(sys.argv[0])]
    else:
        command = [sys.executable, str(Path(__file__).resolve())]
    try:
        paths = entry.install(command) if install else entry.remove()
    except OSError as error:
        print(f"{PROGRAM}: error: {error}", file=sys.stderr)
        return 1
    verb = "wrote" if install else "removed"
    for path in paths:
        print(f"{verb} {path}")
    if not paths:
        print("no desktop entry was installed")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in TOOL_ALIASES:
        argv = [TOOL_ALIASES[argv[0]], *argv[1:]]
    if argv in (["--install-desktop-entry"], ["--remove-desktop-entry"]):
        return desktop_entry(install=argv[0] == "--install-desktop-entry")
    from ai.exact.choice import missing_required_core, tell_if_fallback

    if (error := missing_required_core()) is not None:
        print(f"ponder: error: {error}", file=sys.stderr)
        return 1
    tell_if_fallback()
    if argv and argv[0] in TOOLS:
        # Undecodable bytes become U+FFFD and are then refused as bad moves, instead of a UnicodeDecodeError.
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")
        try:
            return run_tool(argv[0], argv[1:], sys.stdin, sys.stdout, sys.stderr)
        except BrokenPipeError:
            # The reader went away (``analyze < file | head``): stop quietly. Python would flush stdout
            # again at exit and complain, so stdout now goes nowhere.
            _silence_stdout()
            return 1
    from ui.app import build_play_parser
    from ui.app import main as play

    if "-h" in argv or "--help" in argv:
        print(OVERVIEW)
        print(build_play_parser().format_help())
        return 0
    return play(argv)


def run() -> None:
    """The ``ponder`` command's entry point (and ``python main.py``'s): Ctrl+C exits quietly with 130."""
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        # The reader of the help went away (``--help | head``): stop quietly, as the tools do.
        _silence_stdout()
        sys.exit(1)


if __name__ == "__main__":
    run()
