"""The command-line tools: ``analyze``, ``explain``, ``move``, ``review``, ``rate``, ``puzzles`` and
``learn`` (:mod:`ui.command_line.learn`; ``main.py`` starts them; ``--help`` on each says what it does).
Each reads its input from a text stream, one position or game a line, and writes one answer a line:
:func:`run_tool` runs one with its arguments and returns the exit status (0 ok, 1 bad input, 2 bad
arguments; argparse exits with 2 itself for arguments it refuses).

The search, the solver and the rest of :mod:`ai` are imported when a tool runs, so that importing this module
(as ``main.py`` does for the window too) costs little.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from ai.play.levels import MAX_THINK_SECONDS
from game.catalog import DEFAULT_GAME, GAME_NAMES, game_spec
from game.language import _, ngettext
from game.language import number as written_number
from game.problems import Problem, RuleProblem
from game.protocol import Game
from ui.command_line.argument_types import positive_int, seconds_type, seed_type
from ui.command_line.game_input import GameText, Unreadable, read_games
from ui.command_line.long_jobs import SolveProgress, usable_book, warn_if_long
from ui.state.files.savegame import SavedGame
from ui.words.problem_words import error_text, problem_text, reason_text

TOOLS = ("analyze", "explain", "move", "review", "rate", "puzzles", "learn")
#: How the user started the program, for usage and error lines: the installed command or the bundle's
#: program (``ponder.exe`` on Windows), or the script.
PROGRAM = "ponder" if Path(sys.argv[0]).stem == "ponder" else "python main.py"


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
    _add_files_argument(parser)


def _add_files_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help=_("saved games to read instead of stdin (the window's Ctrl+S files; stdin may hold one too)"),
    )


def build_tool_parser(tool: str) -> argparse.ArgumentParser:
    if tool == "puzzles":
        return build_puzzles_parser()
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
    if tool == "explain":
        return build_explain_parser()
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
        _add_files_argument(parser)
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

#: The most moves of the opponent ``explain --replies`` searches replies for: each more multiplies the time
#: by up to 49 (every move of the opponent, every reply).
MAX_SEARCHED_REPLIES = 3


def table_slots(megabytes: int) -> int:
    """The solver's table slots for a table of at most ``megabytes`` MB: a power of two, at least 2**17."""
    slots = megabytes * (1 << 20) // SLOT_BYTES
    return max(1 << 17, 1 << (slots.bit_length() - 1))


def build_explain_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"{PROGRAM} explain",
        description=_(
            "Why Connect Four positions (7x6) read from stdin, one move string per line, are worth what "
            "they are: '<moves> <score> (<the score in words>)' (the score as analyze prints it), then one "
            "line per reason, each proven against the exact solver before it is printed: wins at once, the "
            "only block, double threats, moves that hand a cell over, forcing lines, who controls zugzwang, "
            "a plan to follow (Allis's rules, each said in plain words under the reasons), and where none of "
            "them says who gets what, the road: the line of best play to the first position where one does. "
            "Cells are named by column letter and row from 1 at the bottom (c3)."
        ),
    )
    _add_files_argument(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help=_(
            "one JSON object a line instead: moves, score, claims (kind, side, result, cells as [column, "
            "row] from 1 at the bottom left; a plan's rules and responses), timed_out"
        ),
    )
    parser.add_argument(
        "--seconds",
        type=seconds_type(MAX_THINK_SECONDS),
        default=2.0,
        help=_(
            "the longest an explanation may take, more than 0 and at most {most}; one that takes longer is "
            "left out (default 2)"
        ).format(most=written_number(MAX_THINK_SECONDS, None)),
    )
    parser.add_argument(
        "--details",
        action="store_true",
        help=_(
            "also each side's odd and even threats (where a stone would complete four, not who gets the "
            "cell) and a plan's items that are there only to keep the columns' parity"
        ),
    )
    parser.add_argument(
        "--replies",
        type=int,
        choices=range(MAX_SEARCHED_REPLIES + 1),
        default=0,
        metavar="N",
        help=_(
            "also plans that begin with replies searched for the opponent's next N moves, where the rules "
            "alone find none (0 to {most}; slower; default 0)"
        ).format(most=MAX_SEARCHED_REPLIES),
    )
    return parser


def explain_tool(argv: list[str], stdin: TextIO, out: TextIO, err: TextIO) -> int:
    """``ponder explain``: the proven reasons of each position of ``stdin`` (see its ``--help``)."""
    args = build_explain_parser().parse_args(argv)
    import json

    from ai.exact.analysis import ExactAnalyzer
    from ai.explain.explainer import explain_position
    from ai.explain.export import claim_json
    from ai.explain.plan import find_plan
    from ai.explain.plan.replies import find_plan_with_replies
    from ai.score import Score
    from game import ConnectFour
    from ui.words.claim_words import (
        Length,
        claim_sentence,
        gloss,
        plan_response_lines,
        rules_told,
        shown_by_default,
        side_names,
    )
    from ui.words.score_words import outlook

    book = usable_book(f"{PROGRAM} explain", err)
    analyzer = ExactAnalyzer(book=lambda: book)

    def answer(game: Game) -> str:
        assert isinstance(game, ConnectFour), "explain reads Connect Four games"
        score = analyzer.score(game)
        finder = functools.partial(find_plan_with_replies, depth=args.replies) if args.replies else find_plan
        explanation = explain_position(game, analyzer, seconds=args.seconds, find_plan=finder)
        if args.json:
            return json.dumps(
                {
                    "moves": game.moves_text(),
                    "score": score,
                    "claims": [claim_json(claim) for claim in explanation.claims],
                    "timed_out": explanation.timed_out,
                }
            )
        sides = (_("first player"), _("second player"))
        length = Length.DETAILS if args.details else Length.FULL
        value = Score.from_benchmark(score, game.ply(), game.width * game.height)
        # The score, then the same in words ("first player wins in 4": its own moves, this one included).
        lines = [f"{score} ({outlook(value, sides[game.to_move()], sides[1 - game.to_move()])})"]
        told = tuple(claim for claim in explanation.claims if args.details or shown_by_default(claim))
        for claim in told:
            lines.append("  " + claim_sentence(claim, side_names(), length))
            plan = getattr(claim, "plan", None)
            if plan is not None and (args.details or not all(item.parity_only for item in plan.summary())):
                lines += plan_response_lines(plan)
        # Each rule the reasons name, in plain words.
        lines += ["  " + _("({gloss})").format(gloss=gloss(rule)) for rule in rules_told(told, args.details)]
        if explanation.timed_out:
            lines.append("  " + _("(no explanation within {seconds} s)").format(seconds=args.seconds))
        return "\n".join(lines)

    make_game = board_of("connect4", (7, 6), given=True)
    return process_lines(read_games(args.files, stdin), make_game, answer, out, err, bare=args.json)


def build_puzzles_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"{PROGRAM} puzzles",
        description=_(
            "Connect Four puzzles (7x6) from the game's own proven set: positions from real play "
            "where the side to move has exactly one winning move and cannot win at once. One puzzle a line, "
            "'<moves> <the winning column> <N>', N the number of the mover's own moves to the fastest win "
            "against best defence (22 - the best score - the mover's stones, in analyze's scores), shortest "
            "win first; each position once. --min-moves and --max-moves bound N. Fewer puzzles than --count "
            "in the range: all of them, a line on stderr saying so, and exit status 1."
        ),
    )
    parser.add_argument("--count", type=positive_int, default=10, help=_("how many puzzles (default 10)"))
    parser.add_argument(
        "--seed", type=seed_type, help=_("the same puzzles every time for a seed (default: a new draw)")
    )
    parser.add_argument(
        "--min-moves", type=positive_int, default=1, metavar="A", help=_("only wins in N >= A")
    )
    parser.add_argument("--max-moves", type=positive_int, metavar="B", help=_("only wins in N <= B"))
    parser.add_argument(
        "--grades",
        action="store_true",
        help=_(
            "add the grade (easy, medium, hard, expert: how weak a level still finds the move) and the "
            "levels' depths that find it ('-' none)"
        ),
    )
    return parser


def puzzles_tool(argv: list[str], out: TextIO, err: TextIO) -> int:
    """``ponder puzzles``: a seeded draw from the shipped puzzles (:mod:`ai.puzzles`)."""
    parser = build_puzzles_parser()
    args = parser.parse_args(argv)
    if args.max_moves is not None and args.max_moves < args.min_moves:
        parser.error(
            _("--max-moves {high} is below --min-moves {low}").format(high=args.max_moves, low=args.min_moves)
        )
    from ai.puzzles import PuzzleFileError, draw, load_puzzles

    try:
        shipped = load_puzzles()
    except PuzzleFileError as error:
        print(
            _("{program} puzzles: error: {error}").format(
                program=PROGRAM, error=problem_text(error.located())
            ),
            file=err,
        )
        return 1
    chosen = draw(shipped.puzzles, args.count, args.seed, args.min_moves, args.max_moves)
    for puzzle in chosen:
        line = f"{puzzle.moves} {puzzle.column} {puzzle.win_in}"
        if args.grades:
            line += f" {puzzle.grade} {','.join(map(str, puzzle.found_by)) or '-'}"
        print(line, file=out, flush=True)
    if len(chosen) < args.count:
        if args.max_moves is not None:
            few = ngettext(
                "{program} puzzles: only {count} puzzle wins in {low} to {high} moves",
                "{program} puzzles: only {count} puzzles win in {low} to {high} moves",
                len(chosen),
            )
        else:
            few = ngettext(
                "{program} puzzles: only {count} puzzle wins in {low} or more moves",
                "{program} puzzles: only {count} puzzles win in {low} or more moves",
                len(chosen),
            )
        print(
            few.format(program=PROGRAM, count=len(chosen), low=args.min_moves, high=args.max_moves), file=err
        )
        return 1
    return 0


#: Where a tool reads a saved game from a file or stdin: the board named in it, unless the tool's
#: ``--game``/``--size`` name another (then the file is refused).
BoardOf = Callable[[SavedGame | None], Game]


def board_of(game_name: str, size: tuple[int, int] | tuple[None, None], given: bool) -> BoardOf:
    """The board a tool plays each input on: a line of moves on the tool's (``game_name`` at ``size``, the
    game's standard board for ``(None, None)``), a saved game on its own, unless ``given`` (the tool was told
    ``--game``/``--size``, or takes one board only) and it is another, which raises ValueError."""
    from game.catalog import new_game

    def make(saved: SavedGame | None) -> Game:
        board = new_game(game_name, *size)
        if saved is None:
            return board
        if (saved.game, saved.width, saved.height) == (board.name, board.width, board.height):
            return board
        if given:
            other = _("the file holds a {board} game, not the {tool_board} this tool reads")
            raise ValueError(other.format(board=saved.board(), tool_board=board.variant()))
        return new_game(saved.game, saved.width, saved.height)

    return make


def process_lines(
    inputs: Iterable[GameText | Unreadable],
    make_game: BoardOf,
    answer: Callable[[Game], str],
    out: TextIO,
    err: TextIO,
    games: bool = False,
    bare: bool = False,
    progress: SolveProgress | None = None,
) -> int:
    """Runs ``answer`` on the position of every input (:func:`~ui.command_line.game_input.read_games`) and
    prints ``<moves> <answer>``; returns 1 if any input was bad, else 0. With ``games`` an input may hold a
    finished game, and the answer is printed alone; with ``bare`` the answer is printed alone too (it names
    the moves itself). ``progress`` is told of each position as its work begins.

    A bad input gets ``<where>: <reason>`` on ``err`` (``line N: ...``, ``game.txt: ...``) and nothing on
    ``out``; the others go on.
    """
    status = 0
    for read in inputs:
        reply = _answer_one(read, make_game, answer, games, progress)
        if isinstance(reply, _Refused):
            print(_("{where}: {reason}").format(where=read.where, reason=reply.reason), file=err, flush=True)
            status = 1
            continue
        print(reply if games or bare else f"{reply.moves} {reply.text}", file=out, flush=True)
    return status


@dataclass(frozen=True)
class _Refused:
    """An input a tool does not answer, and why, in words."""

    reason: str


@dataclass(frozen=True)
class _Answer:
    """A tool's answer ``text`` to the position after ``moves``."""

    moves: str
    text: str

    def __str__(self) -> str:
        return self.text


def _answer_one(
    read: GameText | Unreadable,
    make_game: Callable[[SavedGame | None], Game],
    answer: Callable[[Game], str],
    games: bool,
    progress: SolveProgress | None,
) -> _Answer | _Refused:
    """The tool's answer to one input, or why it is refused (a refusal of the rules worded from its kind)."""
    if isinstance(read, Unreadable):
        return _Refused(reason_text(read.reason))
    try:
        game = make_game(read.saved)
        game.play_text(read.moves)
        if game.is_over() and not games:
            if read.saved is not None:
                over = _("the game in it is over ({program} review reads finished games)")
                return _Refused(over.format(program=PROGRAM))
            return _Refused(problem_text(Problem.of(RuleProblem.GAME_OVER)))
        if progress is not None:
            progress.start(read.where, read.moves)
        return _Answer(read.moves, answer(game))
    except ValueError as error:
        return _Refused(error_text(error))


def run_tool(tool: str, argv: list[str], stdin: TextIO, out: TextIO, err: TextIO) -> int:
    if tool == "puzzles":
        return puzzles_tool(argv, out, err)
    if tool == "explain":
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
                program=PROGRAM, reason=ladder
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
