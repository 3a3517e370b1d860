"""Starting the window from the command line: ``ponder [play options]`` read, the user's files opened, a
kept game found for ``--continue``, and the window run with the real engine of ``ai/`` (imported only then, so
the window's tests never need it).
"""

from __future__ import annotations

import logging
import sys

from game.language import _, use_language
from ui.app import App, EngineFactory
from ui.command_line.play_arguments import ContinueGame, parse_play_options
from ui.state.board.engine_like import EngineLike
from ui.state.files import fallback, game_end
from ui.state.files.user_data import UserData
from ui.state.options import PlayOptions

#: How the user started the program, for error lines.
PROGRAM = "ponder"


def real_engine(solver_threads: int = 0) -> EngineLike:
    """The search engine of ``ai/`` with ``solver_threads`` for its exact solver (0: every core but one);
    imported here, at run time, so the window's tests never need it."""
    from ai.capabilities import window_threads
    from ai.engine import Engine

    return Engine(solver_threads=solver_threads or window_threads())


def main(argv: list[str] | None = None, engine_factory: EngineFactory | None = None) -> int:
    """``python main.py [play options]``: opens the window; returns the exit status.

    With no options the start screen opens; with any, the game starts at once. Bad options print the usage and
    a message and return 2; a ``--load`` file that cannot be used prints why and returns 1. Either way before
    the engine starts or a window opens.
    """
    argv = sys.argv[1:] if argv is None else argv
    # Warnings (a user file set aside, a data file not used) reach the terminal once, as the program's lines.
    logging.basicConfig(format=f"{PROGRAM}: %(message)s", level=logging.WARNING)
    try:
        chosen = parse_play_options(argv)
    except SystemExit as exit_request:
        # argparse exits for --help (0) and for bad values (2); the caller decides what to do with the status.
        code = exit_request.code
        return code if isinstance(code, int) else (0 if code is None else 2)
    # The player's language from here on (main.py started with the system's, for the command line's texts),
    # chosen as soon as the settings are read: the files' problems are said in it.
    files = UserData.open(settings_read=lambda read: use_language(read.language))
    # Games a killed window left finished but not counted everywhere count now, before one is offered, and so
    # do those a window closed on a full disk kept elsewhere (forgotten there once in the user's journal).
    game_end.recover(files, fallback.kept_games()).then(fallback.forget_kept_games)
    settings = files.settings.value
    resume = None
    if isinstance(chosen, ContinueGame):
        resume = files.unfinished.value.newest()
        if resume is None:
            # A file that could not be used was named, with its reason, in the log line just above.
            if files.unfinished.store.problem:
                why = _("cannot continue: the unfinished games' file could not be used")
            else:
                why = _(
                    "cannot continue: there is no unfinished game (one is kept as soon as you play a move)"
                )
            print(f"{PROGRAM}: {why}", file=sys.stderr)
            return 1
    # Options on the command line start a game at once; without any, the start screen offers the remembered
    # ones. A continued game brings its own.
    options = chosen if isinstance(chosen, PlayOptions) else resume.options if resume else settings.play
    app = App(
        engine_factory or (lambda: real_engine(settings.solver_threads)),
        options if argv else settings.play,
        start_playing=bool(argv),
        files=files,
        resume=resume,
    )
    return app.run()
