"""``ponder explain``: why Connect Four positions are worth what they are, each reason proven against the
exact solver before it is printed (:mod:`ai.explain`), in sentences (:mod:`ui.words.claim_words`) or, with
``--json``, as the claims' JSON (:mod:`ai.explain.export`); ``--help`` says what it prints.

The explainer, the solver and the words are imported when the tool runs.
"""

from __future__ import annotations

import argparse
import functools
from typing import TextIO

from ai.play.levels import MAX_THINK_SECONDS
from game.language import _
from game.language import number as written_number
from game.protocol import Game
from ui.command_line.argument_types import seconds_type
from ui.command_line.game_input import read_games
from ui.command_line.long_jobs import usable_book
from ui.command_line.tool_lines import PROGRAM, add_files_argument, board_of, process_lines

#: The most moves of the opponent ``explain --replies`` searches replies for: each more multiplies the time
#: by up to 49 (every move of the opponent, every reply).
MAX_SEARCHED_REPLIES = 3


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
    add_files_argument(parser)
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
