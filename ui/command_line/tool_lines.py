"""What the command-line tools that read positions share (``analyze``, ``explain``, ``move``, ``review``,
``rate``): the program's name in their messages, the saved games they read as arguments, the board each input
is played on (:func:`board_of`) and the answering of the inputs, one line each, a bad input said on stderr
while the others go on (:func:`process_lines`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from game.language import _
from game.problems import Problem, RuleProblem
from game.protocol import Game
from ui.command_line.game_input import GameText, Unreadable
from ui.command_line.long_jobs import SolveProgress
from ui.state.files.savegame import SavedGame
from ui.words.problem_words import error_text, problem_text, reason_text

#: How the user started the program, for usage and error lines: the installed command or the bundle's
#: program (``ponder.exe`` on Windows), or the script.
PROGRAM = "ponder" if Path(sys.argv[0]).stem == "ponder" else "python main.py"


def add_files_argument(parser: argparse.ArgumentParser) -> None:
    """The saved games a tool reads instead of stdin: its ``files`` argument."""
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help=_("saved games to read instead of stdin (the window's Ctrl+S files; stdin may hold one too)"),
    )


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
    make_game: BoardOf,
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
