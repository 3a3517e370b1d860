"""What a player chooses before a game starts (the command line's words for it are
:mod:`ui.command_line.play_arguments`).

:class:`PlayOptions` is the one value the start screen edits, the command line fills in and the play screen
plays with. This module imports no pygame, so ``main.py --help`` can show the play options without opening
anything.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from ai.play.levels import DEFAULT_MAX_SECONDS, Level, levels_for
from ai.rating.ladder import ladder_for
from game.catalog import DEFAULT_GAME


class Mode(enum.Enum):
    """Who sits at the board."""

    COMPUTER = "computer"
    TWO_PLAYERS = "two-players"
    WATCH = "watch"


class FirstPlayer(enum.Enum):
    """Who moves first in computer mode; ALTERNATE swaps every round, starting with the human. With two
    players HUMAN means the first name, COMPUTER the second (see :func:`ui.state.board.seats.name_order`); in
    watch mode ALTERNATE swaps the levels' colours."""

    HUMAN = "human"
    COMPUTER = "computer"
    ALTERNATE = "alternate"


def default_level(game_name: str) -> Level:
    """The middle of the ladder: a fair fight for a newcomer."""
    ladder = levels_for(game_name)
    return ladder[len(ladder) // 2]


@dataclass(frozen=True)
class PlayOptions:
    """Everything that defines a game before its first move.

    ``level`` is the computer's level in computer mode; ``watch_levels`` are the levels of the first and the
    second player in watch mode. ``moves`` is a start position in the game's notation, replayed at every new
    game and round (empty for the empty board).
    ``coach``: before a human's move that throws away their result, say so (see :mod:`ui.state.play.coach`).
    ``names``: the two players' names in two-player mode ("" for the piece's name); ``first`` says whose name
    moves first.
    ``adaptive``: against the computer on a board the ladder rates, the level is chosen for each game from the
    player's rating (see :func:`ui.state.files.player_rating.adaptive_level`); ``level`` is then the last
    chosen.
    """

    game: str = DEFAULT_GAME
    width: int = 7
    height: int = 6
    mode: Mode = Mode.COMPUTER
    level: Level = field(default_factory=lambda: default_level(DEFAULT_GAME))
    watch_levels: tuple[Level, Level] = field(
        default_factory=lambda: (default_level(DEFAULT_GAME), default_level(DEFAULT_GAME))
    )
    first: FirstPlayer = FirstPlayer.HUMAN
    max_seconds: float = DEFAULT_MAX_SECONDS
    ponder: bool = True
    moves: str = ""
    coach: bool = False
    names: tuple[str, str] = ("", "")
    adaptive: bool = False

    def with_game(self, game: str, width: int, height: int) -> PlayOptions:
        """The same choices for another game or size; levels the game does not offer become its default."""
        offered = levels_for(game)

        def keep(level: Level) -> Level:
            return level if level in offered else default_level(game)

        return replace(
            self,
            game=game,
            width=width,
            height=height,
            level=keep(self.level),
            watch_levels=(keep(self.watch_levels[0]), keep(self.watch_levels[1])),
            moves="",
            adaptive=self.adaptive and ladder_for(f"{game} {width}x{height}") is not None,
        )

    def variant(self) -> str:
        """``"connect4 7x6"``: game and board as games name them (:meth:`game.protocol.Game.variant`)."""
        return f"{self.game} {self.width}x{self.height}"


#: The max level's think times offered (per move) on the start screen and in the settings panel; a time set
#: otherwise (``--seconds``) is added to them.
THINK_SECONDS_CHOICES = (1.0, 3.0, 5.0, 10.0, 30.0)


#: The longest name a player may give themselves (the match bar shows both at the smallest window).
MAX_NAME = 20


def typed_name(text: str) -> str:
    """``text`` as it is typed into a name: control characters gone, at most MAX_NAME characters (blanks
    stay, so that a space can come before the next word)."""
    return "".join(character for character in text if character.isprintable())[:MAX_NAME]


def clean_name(text: str) -> str:
    """``text`` as a player's name: what :func:`typed_name` keeps, without blanks around it."""
    return typed_name(text).strip()
