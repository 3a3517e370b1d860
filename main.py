"""Ponder: Connect Four and Tic-tac-toe against an AI that thinks on your time.

``python main.py [options]`` opens the window; ``python main.py analyze``, ``explain``, ``move``, ``review``,
``rate``, ``puzzles`` and ``learn`` are the command-line tools (``--help`` on each;
:mod:`ui.command_line.tools` runs them).

Exit status: 0 when all went well, and when the window is closed, including by SIGTERM (SDL turns it into the
window's quit event). 2 for bad arguments, with a usage message, before any window opens. 1 for bad input: a
``--load`` file that cannot be used (the reason, no usage: the command line was right), bad lines of the tools
(after the rest of the input has been processed), or output cut off because the reader of the pipe went away.
130 for Ctrl+C (SIGINT), after the engine has been stopped. Never a traceback for any of these.
"""

from __future__ import annotations

#: The program's version (the package's too: pyproject.toml reads it from here); ``--version`` prints it.
__version__ = "0.1.0"

import os
import shutil
import sys
from pathlib import Path

# pygame prints a greeting to the standard output when imported; a program's output is its own.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from assets.catalogs import shipped_catalogs  # noqa: E402
from game.language import _, speak_for_argparse, use_catalogs, use_language  # noqa: E402
from ui.command_line.tool_lines import PROGRAM  # noqa: E402 (after the environment it reads)
from ui.command_line.tools import TOOLS, run_tool  # noqa: E402

#: The options that stand alone: the version, and those that put Ponder in the desktop's applications or take
#: it out.
LONE_FLAGS = ("--version", "--install-desktop-entry", "--remove-desktop-entry")
#: Other spellings of the tools' names.
TOOL_ALIASES = {"analyse": "analyze"}


def overview() -> str:
    """The summary of ``ponder --help``, above the play options, in the language in use."""
    return _(
        """\
usage: {program} [play options]          open the game window (see the options below)
       {program} --continue              open the unfinished game, as it was left
       {program} analyze [options] < positions
       {program} explain [--json] [--seconds S] < positions
       {program} move [options] < positions
       {program} review [options] < games
       {program} rate < games
       {program} puzzles [--count N] [--seed S] [--min-moves A] [--max-moves B]
       {program} learn [--json] [--tree FILE]
       {program} --install-desktop-entry | --remove-desktop-entry
       {program} --version               print the version

Connect Four and Tic-tac-toe against an alpha-beta AI that keeps thinking on your time.

command-line tools (positions are move strings, one per line; anything after the first blank is ignored):
  analyze   print the exact score of every position ('<moves> <score>'), or with --all of every move
  explain   print why each Connect Four position is worth its score: threats, parity, a plan; each proven
  move      print the move the AI would play ('<moves> <move>') at a given depth or think time
  review    print the exact value of every move of each game, against the best move there
  rate      print how strongly each side played each Connect Four game, on the levels' rating scale
  puzzles   print Connect Four puzzles ('<moves> <winning column> <moves to win>'): one winning move each
  learn     print the first player's win as a tree to learn: its figures, or with --json every position
  (analyse is analyze)

desktop (Linux): --install-desktop-entry puts Ponder and its icon in the desktop's applications
(~/.local/share/applications); --remove-desktop-entry takes them away.

Run '{program} <tool> --help' for a tool's options.

exit status: 0 ok (also when the window is closed); 1 bad input (an unusable --load file, bad lines of the
tools, an unusable puzzle file, fewer puzzles than asked for); 2 bad arguments; 130 interrupted (Ctrl+C).
"""
    ).format(program=PROGRAM)


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file behind stdout (ValueError covers io.UnsupportedOperation)
        pass


def desktop_entry(install: bool) -> int:
    """``--install-desktop-entry`` / ``--remove-desktop-entry``: prints the files written or removed."""
    from ui.window import desktop_entry as entry

    if PROGRAM == "ponder":
        command = [shutil.which(sys.argv[0]) or os.path.abspath(sys.argv[0])]
    else:
        command = [sys.executable, str(Path(__file__).resolve())]
    try:
        paths = entry.install(command) if install else entry.remove()
    except OSError as error:
        print(_("{program}: error: {error}").format(program=PROGRAM, error=error), file=sys.stderr)
        return 1
    for path in paths:
        print((_("wrote {path}") if install else _("removed {path}")).format(path=path))
    if not paths:
        print(_("no desktop entry was installed"))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # The system's language, for every message from here on (the window then takes the player's setting).
    use_catalogs(shipped_catalogs())
    use_language(None)
    speak_for_argparse()
    if argv and argv[0] in TOOL_ALIASES:
        argv = [TOOL_ALIASES[argv[0]], *argv[1:]]
    if argv == ["--version"]:
        print(f"{PROGRAM} {__version__}")
        return 0
    if argv in (["--install-desktop-entry"], ["--remove-desktop-entry"]):
        return desktop_entry(install=argv[0] == "--install-desktop-entry")
    lone_flags = [flag for flag in LONE_FLAGS if flag in argv]
    if lone_flags and not (argv and argv[0] in TOOLS):
        # Without this the play options' parser would refuse the flag as unknown, which it is not.
        print(
            _("usage: {program} {flags}").format(program=PROGRAM, flags=" | ".join(LONE_FLAGS)),
            file=sys.stderr,
        )
        message = _("{program}: error: {flag} takes no other option").format(
            program=PROGRAM, flag=lone_flags[0]
        )
        print(message, file=sys.stderr)
        return 2
    from ai.exact.choice import fallback_untold, missing_required_core
    from ui.words.texts import FALLBACK_CORE

    if (error := missing_required_core()) is not None:
        print(_("{program}: error: {error}").format(program=PROGRAM, error=error), file=sys.stderr)
        return 1
    if fallback_untold():
        print(_(FALLBACK_CORE), file=sys.stderr)
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
    from ui.command_line.play_arguments import build_play_parser
    from ui.launch import main as play

    if "-h" in argv or "--help" in argv:
        print(overview())
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
