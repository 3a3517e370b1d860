"""The command-line tools: ``analyze``, ``explain``, ``move``, ``review``, ``rate``, ``puzzles`` and
``learn`` (``main.py`` starts them; ``--help`` on each says what it does). Each reads its input from a text
stream, one position or game a line, and writes one answer a line: :func:`run_tool` runs one with its
arguments and returns the exit status (0 ok, 1 bad input, 2 bad arguments; argparse exits with 2 itself for
arguments it refuses). This module holds ``analyze``, ``move``, ``review`` and ``rate``; ``explain``,
``puzzles`` and ``learn`` have modules of their own (:mod:`ui.command_line.explain`,
:mod:`ui.command_line.puzzles`, :mod:`ui.command_line.learn`), and what the tools share of reading and
answering the lines is :mod:`ui.command_line.tool_lines`.

The search, the solver and the rest of :mod:`ai` are imported when a tool runs, so that importing this module
(as ``main.py`` does for the window too) costs little.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from ai.play.levels import MAX_THINK_SECONDS
from game.catalog import DEFAULT_GAME, GAME_NAMES, game_spec
from game.language import _
from game.language import number as written_number
from game.protocol import Game
from ui.command_line.argument_types import positive_int, seconds_type, seed_type
from ui.command_line.game_input import read_games
from ui.command_line.long_jobs import SolveProgress, usable_book, warn_if_long
from ui.command_line.tool_lines import PROGRAM, add_files_argument, board_of, process_lines
from ui.words.problem_words import error_text, problem_text

TOOLS = ("analyze", "explain", "move", "review", "rate", "puzzles", "learn")


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        choices=GAME_NAMES,
        help=_("the game (default: {game}, or a saved game's own)").format(game=DEFAULT_GAME),
    )
    parser.add_argument(
        "--size",
        help=_("board size such as 7x6 (default: the standard board of the game, or a saved game's own)"),
    )
    add_files_argument(parser)


def build_tool_parser(tool: str) -> argparse.ArgumentParser:
    """The parser of ``analyze``, ``rate``, ``review`` or ``move`` (any other ``tool``)."""
    if tool == "analyze":
        parser = argparse.ArgumentParser(
            prog=f"{PROGRAM} analyze",
            description=_(
                "Exact scores of positions read from stdin, one move string per line. Score convention of "
                "the Connect Four benchmark sets: 0 draw, positive the side to move wins (22 - its stones at "
                "the win on 7x6), negative it loses."
            ),
        )
        _add_game_arguments(parser)
        parser.add_argument(
            "--all", action="store_true", help=_("score every move: '<moves> s1 ... sN', -1000 if illegal")
        )
        parser.add_argument("--weak", action="store_true", help=_("only win / draw / loss: 1, 0, -1"))
        parser.add_argument(
            "--no-book",
            action="store_true",
            help=_("solve from nothing, without the opening book (for benchmarks and checks)"),
        )
        parser.add_argument(
            "--threads",
            type=positive_int,
            help=_(
                "solver threads, 1 to 4 for each core this process may run on, each with a solver of its "
                "own, all sharing one table (default: one per core): an early position is searched by all of "
                "them at once, each in its own move order; with --all its moves are shared out among them, "
                "several threads on a move where there are more threads than moves"
            ),
        )
        parser.add_argument(
            "--table-mb",
            type=positive_int,
            metavar="M",
            help=_(
                "the solver's table in MB, 1 to half this machine's memory, rounded down to a power of two "
                "(default: 128, or 32 on the pure-Python core)"
            ),
        )
        parser.add_argument(
            "--positions",
            action="store_true",
            help=_(
                "after the last answer, print 'positions: N' on stderr: the positions the solvers explored, "
                "every thread's, and on the compiled core 'branched: N': those left with two moves or "
                "more to try (for benchmarks)"
            ),
        )
        return parser
    if tool == "rate":
        parser = argparse.ArgumentParser(
            prog=f"{PROGRAM} rate",
            description=_(
                "Rates each side of Connect Four games (7x6) read from stdin, one move string per line: "
                "'<moves> <first player> <second player>', each the rating on the levels' ladder (the scale "
                "of the start screen) under which that side's moves are most likely, from the exact value of "
                "every move. '-' where a side made too few moves that could tell anything."
            ),
        )
        add_files_argument(parser)
        return parser
    if tool == "review":
        parser = argparse.ArgumentParser(
            prog=f"{PROGRAM} review",
            description=_(
                "Reviews games read from stdin, one move string per line: for each move one line '<ply> "
                "<move> <score of the move played> <best score> <verdict>', then an empty line. Scores as in "
                "analyze, from the mover's side; the verdict is best, kept (same result, not the best score),"
                " mistake (win to draw, draw to loss) or blunder (win to loss). Where the exact analysis "
                "runs out of time (boards over 42 cells) the move is estimated: '? ? estimate'."
            ),
        )
        _add_game_arguments(parser)
        parser.add_argument(
            "--seconds",
            type=seconds_type(MAX_THINK_SECONDS),
            default=10.0,
            help=_(
                "exact analysis time per position on boards over 42 cells, more than 0 and at most {most} "
                "(default 10)"
            ).format(most=written_number(MAX_THINK_SECONDS, None)),
        )
        return parser
    parser = argparse.ArgumentParser(
        prog=f"{PROGRAM} move",
        description=_(
            "The move the AI would play in positions read from stdin: '<moves> <move>' (a column "
            "1-7, or a cell 1-9 for Tic-tac-toe)."
        ),
    )
    _add_game_arguments(parser)
    limit = parser.add_mutually_exclusive_group(required=True)
    limit.add_argument(
        "--depth",
        type=positive_int,
        help=_(
            "search depth in plies, as a level: 1 to the game's deepest level ({depths}); deeper "
            "searches are --seconds' (each ply more can multiply the time)"
        ).format(
            depths=", ".join(
                _("{depth} for {game}").format(depth=max(game_spec(name).depths), game=name)
                for name in GAME_NAMES
            )
        ),
    )
    limit.add_argument(
        "--seconds",
        type=seconds_type(MAX_THINK_SECONDS),
        help=_("think time, as the max level: more than 0 and at most {most}").format(
            most=written_number(MAX_THINK_SECONDS, None)
        ),
    )
    parser.add_argument(
        "--seed", type=seed_type, default=0, help=_("seed for choosing among equal moves (default 0)")
    )
    return parser


#: Bytes of one table slot of the exact solver (both cores).
SLOT_BYTES = 8


def table_slots(megabytes: int) -> int:
    """The solver's table slots for a table of at most ``megabytes`` MB: a power of two, at least 2**17."""
    slots = megabytes * (1 << 20) // SLOT_BYTES
    return max(1 << 17, 1 << (slots.bit_length() - 1))


def run_tool(tool: str, argv: list[str], stdin: TextIO, out: TextIO, err: TextIO) -> int:
    if tool == "puzzles":
        from ui.command_line.puzzles import puzzles_tool

        return puzzles_tool(argv, out, err)
    if tool == "explain":
        from ui.command_line.explain import explain_tool

        return explain_tool(argv, stdin, out, err)
    if tool == "learn":
        from ui.command_line.learn import learn_tool

        return learn_tool(PROGRAM, argv, out, err)
    parser = build_tool_parser(tool)
    args = parser.parse_args(argv)
    if tool == "rate":
        return rate_tool(args.files, stdin, out, err)
    from game.catalog import game_spec, new_game, parse_size

    heading = f"{PROGRAM} {tool}"
    try:
        size = parse_size(args.size) if args.size else (None, None)
        board = new_game(args.game or DEFAULT_GAME, *size)
    except ValueError as error:
        error_words = error_text(error)
        print(
            _("{program} {tool}: error: {error}").format(program=PROGRAM, tool=tool, error=error_words),
            file=err,
        )
        return 2
    make_game = board_of(
        args.game or DEFAULT_GAME, size, given=args.game is not None or args.size is not None
    )
    args.game = args.game or DEFAULT_GAME
    inputs = read_games(args.files, stdin)

    if tool == "analyze":
        from ai.exact.analysis import ExactAnalyzer, can_analyze
        from ai.exact.choice import native_in_use
        from ai.exact.machine import most_table_mb, most_threads

        if args.table_mb is not None and args.table_mb > most_table_mb():
            parser.error(
                _(
                    "argument --table-mb: {asked} MB is more than this machine can give the table: at most "
                    "{most} (half its memory)"
                ).format(asked=args.table_mb, most=most_table_mb())
            )
        if args.threads is not None and args.threads > most_threads():
            parser.error(
                _(
                    "argument --threads: {asked} is more than this machine's cores can use: at most {most} "
                    "(4 a core)"
                ).format(asked=args.threads, most=most_threads())
            )
        if not can_analyze(board):
            no_analysis = _("{program} analyze: error: no exact analysis for {board}")
            print(no_analysis.format(program=PROGRAM, board=board.variant()), file=err)
            return 2
        book = None if args.no_book else usable_book(heading, err)
        warn_if_long(
            heading,
            board.variant(),
            board.width * board.height,
            book is not None and (board.width, board.height) == (7, 6),
            err,
        )
        analyzer = ExactAnalyzer(
            solver_slots=None if args.table_mb is None else table_slots(args.table_mb),
            book=lambda: book,
            threads=args.threads,
        )

        def answer(game: Game) -> str:
            if not can_analyze(game):
                raise ValueError(_("no exact analysis for {board}").format(board=game.variant()))
            if args.all:
                return " ".join(str(score) for score in analyzer.move_scores(game, args.weak))
            return str(analyzer.score(game, args.weak))

        try:
            with SolveProgress(heading, lambda: analyzer.nodes, err) as progress:
                status = process_lines(inputs, make_game, answer, out, err, progress=progress)
        except MemoryError:
            # The table is made at the first position that needs the solver: the memory may be in use.
            no_memory = _(
                "{program} analyze: error: not enough free memory for the solver's table (--table-mb M)"
            )
            print(no_memory.format(program=PROGRAM), file=err)
            return 1
        if args.positions:
            print(f"positions: {analyzer.nodes}", file=err)
            if native_in_use():
                print(f"branched: {analyzer.compiled_branched()}", file=err)
        return status

    elif tool == "review":
        from ai.exact.analysis import ExactAnalyzer
        from ai.heuristic.search import Searcher
        from ai.heuristic.table import TranspositionTable
        from ai.play.review import review_lines

        book = usable_book(heading, err)
        analyzer, searcher = ExactAnalyzer(book=lambda: book), Searcher(TranspositionTable(1 << 20))

        def answer(game: Game) -> str:
            return review_lines(game, analyzer, searcher, args.seconds)

        with SolveProgress(heading, lambda: analyzer.nodes, err) as progress:
            return process_lines(inputs, make_game, answer, out, err, games=True, progress=progress)
    else:
        from ai.contracts import Limits
        from ai.play.thinker import Thinker

        deepest = max(game_spec(args.game).depths)
        if args.depth is not None and args.depth > deepest:
            parser.error(
                _(
                    "argument --depth: {depth} is deeper than {game}'s deepest level: choose 1 to {deepest}, "
                    "or --seconds S to search as deep as S seconds allow"
                ).format(depth=args.depth, game=args.game, deepest=deepest)
            )
        thinker = Thinker(seed=args.seed)
        limits = Limits(depth=args.depth, seconds=args.seconds)

        def answer(game: Game) -> str:
            return game.move_to_text(list(thinker.think(game, limits))[-1].best_move)

    return process_lines(inputs, make_game, answer, out, err)


def rate_tool(files: list[str], stdin: TextIO, out: TextIO, err: TextIO) -> int:
    """``rate``: each side's performance in each game of ``files`` or ``stdin`` (see its ``--help``)."""
    from ai.exact.analysis import ExactAnalyzer
    from ai.heuristic.search import Searcher
    from ai.heuristic.table import TranspositionTable
    from ai.play.review import review_game
    from ai.rating.ladder import LadderFileError, shipped_ladder
    from ai.rating.performance import observations_of, performance

    heading = f"{PROGRAM} rate"
    ladder = shipped_ladder()
    if isinstance(ladder, LadderFileError):
        print(
            _("{program} rate: error: no ladder to rate against: {reason}").format(
                program=PROGRAM, reason=problem_text(ladder.brief())
            ),
            file=err,
        )
        return 1
    book = usable_book(heading, err)
    analyzer, searcher = ExactAnalyzer(book=lambda: book), Searcher(TranspositionTable(1 << 20))

    def answer(game: Game) -> str:
        reviews = list(review_game(game, analyzer, searcher))
        estimates = []
        for side in (0, 1):
            estimate = performance(observations_of(reviews, side), ladder)
            estimates.append("-" if estimate is None else str(estimate.rating))
        return f"{game.moves_text()} {estimates[0]} {estimates[1]}"

    make_game = board_of("connect4", (7, 6), given=True)
    with SolveProgress(heading, lambda: analyzer.nodes, err) as progress:
        return process_lines(
            read_games(files, stdin), make_game, answer, out, err, games=True, progress=progress
        )
