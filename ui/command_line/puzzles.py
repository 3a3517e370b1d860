"""``ponder puzzles``: a draw from the game's own proven puzzles (:mod:`ai.puzzles`), one a line, in a range
of the moves to the win; ``--help`` says what it prints.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from game.language import _, ngettext
from ui.command_line.argument_types import positive_int, seed_type
from ui.command_line.tool_lines import PROGRAM
from ui.words.problem_words import problem_text


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
