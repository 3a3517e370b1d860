"""The window's command-line options (``python main.py [options]``): the parser, and the checks that turn its
arguments into :class:`~ui.state.options.PlayOptions` (or the wish to continue the unfinished game). Imports
no pygame, so ``main.py --help`` shows them without opening anything.
"""

from __future__ import annotations

import argparse
import enum
from dataclasses import dataclass
from pathlib import Path

import ai.rating.ladder as rating_ladder
from ai.play.levels import DEFAULT_MAX_SECONDS, MAX_THINK_SECONDS, parse_level
from ai.rating.ladder import RATED_VARIANT, LadderFileError
from game.catalog import DEFAULT_GAME, GAME_NAMES, SIZES, new_game, parse_size
from game.language import N_, _, number
from game.protocol import IllegalMove
from ui.command_line.argument_types import seconds_type
from ui.state.files.savegame import SavedGameError, read
from ui.state.options import FirstPlayer, Mode, PlayOptions, default_level
from ui.words.problem_words import error_text, problem_text, reason_text


def build_play_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The options of ``python main.py [options]`` (the window); adds them to ``parser`` if one is given."""
    if parser is None:
        # argparse names the program as it was started: ``ponder`` or ``main.py``.
        parser = argparse.ArgumentParser(
            description=_("Play Connect Four or Tic-tac-toe against an AI that thinks on your time."),
        )
    group = parser.add_argument_group(_("play options"))
    group.add_argument(
        "--game", choices=GAME_NAMES, help=_("the game (default: {game})").format(game=DEFAULT_GAME)
    )
    sizes = "; ".join(
        _("{sizes} for {game}").format(sizes=_sizes_text(name), game=name) for name in GAME_NAMES
    )
    group.add_argument("--size", metavar="WxH", help=_("board size: {sizes}").format(sizes=sizes))
    _add_choice_of_members(
        group,
        "--mode",
        Mode.COMPUTER,
        _("against the computer (default), two players on this screen, or watch computer against computer"),
    )
    group.add_argument(
        "--level",
        metavar="N|max|auto",
        help=_(
            "search depth of the computer, or max (deepest search in --seconds), or auto (Connect Four "
            "7x6: the level nearest your rating, chosen each game); in watch mode one level for both or one "
            "per side as N,M (default: the middle of the ladder)"
        ),
    )
    _add_choice_of_members(
        group,
        "--first",
        FirstPlayer.HUMAN,
        _(
            "who moves first against the computer (with --moves: first from that position, whichever colour "
            "is to move there); alternate swaps every round (default: human); with two players, human is "
            "the first name and computer the second"
        ),
    )
    group.add_argument(
        "--seconds",
        type=seconds_type(MAX_THINK_SECONDS),
        default=DEFAULT_MAX_SECONDS,
        metavar="S",
        help=_("think time of the max level per move, in seconds (default: {seconds})").format(
            seconds=number(DEFAULT_MAX_SECONDS, None)
        ),
    )
    group.add_argument("--no-ponder", action="store_true", help=_("do not think while it is your turn"))
    group.add_argument(
        "--coach",
        action="store_true",
        help=_(
            "warn before a move that throws away your result (a win to a draw or a loss, a draw to a loss)"
        ),
    )
    group.add_argument(
        "--moves",
        default="",
        metavar="STRING",
        help=_("start from the position after these moves (Connect Four: columns 1-9, e.g. 4453)"),
    )
    group.add_argument(
        "--continue",
        dest="continue_game",
        action="store_true",
        help=_(
            "sit down again at the unfinished game, as it was left (the window keeps it as you play; "
            "it takes no other play option)"
        ),
    )
    group.add_argument(
        "--load",
        metavar="FILE",
        help=_(
            "start from a saved game (Ctrl+S writes one): its game, board size and moves; "
            "a file that cannot be used exits with status 1"
        ),
    )
    return parser


def _add_choice_of_members(group: argparse._ArgumentGroup, flag: str, default: enum.Enum, text: str) -> None:
    """Adds ``flag`` to ``group``: its value is one of the values of ``default``'s enum, ``default``'s when
    not given; ``text`` is its help."""
    members = [member.value for member in type(default)]
    group.add_argument(flag, choices=members, default=default.value, help=text)


class BadInputFile(ValueError):
    """A file named on the command line cannot be used: bad input (exit status 1), not a usage error (2)."""


def _apply_saved_game(args: argparse.Namespace) -> None:
    """Fills ``args.game``, ``size`` and ``moves`` from the ``--load`` file.

    Raises ValueError if they clash with other options (a usage error), BadInputFile if the file is unusable.
    """
    if args.moves.strip():
        raise ValueError(_("--load and --moves cannot be combined: the saved game has its own moves"))
    try:
        saved = read(Path(args.load))
    except SavedGameError as error:
        bad_load = _("bad --load {file}: {reason}").format(file=args.load, reason=reason_text(error.reason))
        raise BadInputFile(bad_load) from None
    if saved.position().is_over():
        # A new game and every round start from this position: a finished one would leave nothing to play.
        over = _(
            "bad --load {file}: the game in it is over (Ctrl+O in the window opens its review; so does "
            "{program} review {file})"
        )
        raise BadInputFile(over.format(file=args.load, program="ponder"))
    size = f"{saved.width}x{saved.height}"
    if args.game not in (None, saved.game) or args.size not in (None, size):
        clash = _("--load {file} holds a {game} {size} game, not the --game/--size given")
        raise ValueError(clash.format(file=args.load, game=saved.game, size=size))
    args.game, args.size, args.moves = saved.game, size, saved.moves


def _sizes_text(game: str) -> str:
    """``"3x3 (default), 4x4"``: the sizes offered for ``game``, the standard one marked."""
    standard, *others = (f"{w}x{h}" for w, h in SIZES[game])
    return ", ".join([_("{size} (default)").format(size=standard), *others])


#: Where ``--level auto`` may be chosen: only a board a ladder rates has levels to match a rating against.
AUTO_SCOPE = N_("playing the computer at Connect Four 7x6 (the rated board)")


def options_from_args(args: argparse.Namespace) -> PlayOptions:
    """Checks the parsed play options against each other; raises ValueError with a message for a person."""
    if args.load is not None:
        _apply_saved_game(args)
    game = args.game or DEFAULT_GAME
    if args.size is None:
        width, height = SIZES[game][0]
    else:
        width, height = parse_size(args.size)
        if (width, height) not in SIZES[game]:
            offered = ", ".join(f"{w}x{h}" for w, h in SIZES[game])
            raise ValueError(
                _("{game} is not played on {size}: choose {offered}").format(
                    game=game, size=args.size, offered=offered
                )
            )
    mode = Mode(args.mode)
    level = default_level(game)
    watch_levels = (level, level)
    adaptive = args.level is not None and args.level.strip().lower() == "auto"
    auto_offered = mode is Mode.COMPUTER and f"{game} {width}x{height}" == RATED_VARIANT
    if adaptive:
        if not auto_offered:
            raise ValueError(_("--level auto is for {scope}").format(scope=_(AUTO_SCOPE)))
        ladder = rating_ladder.shipped_ladder()
        if isinstance(ladder, LadderFileError):
            raise ValueError(
                _("--level auto needs the rating ladder, which cannot be used: {reason}").format(
                    reason=problem_text(ladder.brief())
                )
            )
    elif args.level is not None:
        parts = args.level.split(",")
        if len(parts) == 2 and mode is not Mode.WATCH:
            raise ValueError(_("two levels (N,M) are only for --mode watch"))
        if len(parts) > 2:
            raise ValueError(_("level '{level}' is not N, max or (watch mode) N,M").format(level=args.level))
        try:
            chosen = [parse_level(part, game) for part in parts]
        except ValueError as error:
            reason = error_text(error)
            if auto_offered:
                refused = _("{reason}, or auto (the level nearest your rating)").format(reason=reason)
            else:
                refused = _("{reason}; auto is only for {scope}").format(reason=reason, scope=_(AUTO_SCOPE))
            raise ValueError(refused) from None
        level = chosen[0]
        watch_levels = (chosen[0], chosen[-1])
    start = new_game(game, width, height)
    try:
        start.play_text(args.moves.strip())
    except IllegalMove as error:
        raise ValueError(_("bad --moves: {reason}").format(reason=error_text(error))) from None
    if start.is_over():
        # Every new game and round starts from this position, so a finished one would leave nothing to play.
        raise ValueError(_("bad --moves: the game is over after '{moves}'").format(moves=args.moves.strip()))
    return PlayOptions(
        game=game,
        width=width,
        height=height,
        mode=mode,
        level=level,
        watch_levels=watch_levels,
        first=FirstPlayer(args.first),
        max_seconds=args.seconds,
        ponder=not args.no_ponder,
        moves=args.moves.strip(),
        coach=args.coach,
        adaptive=adaptive,
    )


@dataclass(frozen=True)
class ContinueGame:
    """``--continue``: the command line asks for the unfinished game rather than for a new one."""


def parse_play_options(argv: list[str]) -> PlayOptions | ContinueGame:
    """Parses ``argv``; bad values print the usage and a message and raise SystemExit(2) (argparse's way).

    A ``--load`` file that cannot be read or is not a playable saved game is bad input, not bad usage: the
    message says why, without the usage, and the status is 1 (as for a bad line of the command-line tools).
    """
    parser = build_play_parser()
    args = parser.parse_args(argv)
    if args.continue_game:
        if len(argv) > 1:
            parser.error(_("--continue takes no other play option: the game goes on as it was"))
        return ContinueGame()
    try:
        return options_from_args(args)
    except BadInputFile as error:
        parser.exit(1, _("{program}: error: {error}").format(program=parser.prog, error=error) + "\n")
        raise  # parser.exit never returns; this line only tells type checkers so
    except ValueError as error:
        parser.error(error_text(error))
        raise  # parser.error never returns; this line only tells type checkers so
