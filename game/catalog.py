"""The one registry of games and their variants: names, titles, board sizes, the levels' search depths,
gravity and how to make a board. Adding a variant (a size, a game) is a change here alone: the
command line, the start screen, the settings, saved games and the levels' ladder all read this table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.connect4 import ConnectFour
from game.kinarow import KInARowBoard
from game.numerals import whole_number
from game.problems import BadBoard, Problem, RuleProblem
from game.tictactoe import TicTacToe


@dataclass(frozen=True)
class GameSpec:
    """One game as the program offers it.

    ``name`` is the machine name (saved games, settings, the command line, the tally; the name players read
    is the words package's, :data:`ui.words.texts.GAME_TITLES`); ``sizes`` the boards offered as (width,
    height), the standard one first; ``depths`` the search depths offered as levels, weakest first
    (neighbouring levels must differ in strength, measured by bench/tournament.py, and even depth 1 takes a
    win in one); ``gravity`` whether a move names a column whose lowest free cell it fills (else a cell);
    ``square`` whether boards are square (a width alone then gives the height); ``make`` builds a board of a
    given width and height (raising :class:`~game.problems.BadBoard` for one it cannot).
    """

    name: str
    sizes: tuple[tuple[int, int], ...]
    depths: tuple[int, ...]
    gravity: bool
    square: bool
    make: Callable[[int, int], KInARowBoard]

    @property
    def standard_size(self) -> tuple[int, int]:
        return self.sizes[0]


def _tic_tac_toe(width: int, height: int) -> TicTacToe:
    if width != height:
        raise BadBoard(Problem.of(RuleProblem.TIC_TAC_TOE_SQUARE))
    return TicTacToe(width)


GAMES: dict[str, GameSpec] = {
    spec.name: spec
    for spec in (
        GameSpec(
            name=ConnectFour.name,
            sizes=((7, 6), (6, 5), (8, 7), (9, 7)),
            depths=(1, 2, 4, 6, 8, 10),
            gravity=ConnectFour.gravity,
            square=False,
            make=ConnectFour,
        ),
        GameSpec(
            name=TicTacToe.name,
            sizes=((3, 3), (4, 4)),
            depths=(1, 2, 3, 4, 6),
            gravity=TicTacToe.gravity,
            square=True,
            make=_tic_tac_toe,
        ),
    )
}
#: The games' machine names, in the order they are offered; the first is the default.
GAME_NAMES = tuple(GAMES)
DEFAULT_GAME = GAME_NAMES[0]
#: The board sizes offered, by machine name, the standard one first.
SIZES = {name: spec.sizes for name, spec in GAMES.items()}


def game_spec(name: str) -> GameSpec:
    """The registry's entry for ``name``; raises :class:`~game.problems.BadBoard` naming the games for an
    unknown one."""
    if name not in GAMES:
        raise BadBoard(Problem.of(RuleProblem.UNKNOWN_GAME, name=name, games=", ".join(GAME_NAMES)))
    return GAMES[name]


def new_game(name: str, width: int | None = None, height: int | None = None) -> KInARowBoard:
    """A fresh game; sizes default to the standard board. Raises ValueError for an unknown game or size."""
    spec = game_spec(name)
    # ``None`` means the standard size; a 0 is a size asked for (and refused), never the default.
    standard_width, standard_height = spec.standard_size
    width = standard_width if width is None else width
    if height is None:
        height = width if spec.square else standard_height
    return spec.make(width, height)


def parse_size(text: str) -> tuple[int, int]:
    """``"7x6"`` -> (7, 6); raises :class:`~game.problems.BadBoard` (``RuleProblem.NOT_A_SIZE``) for a
    text that is no size."""
    numbers = [whole_number(part) for part in text.lower().split("x")]
    if len(numbers) != 2 or numbers[0] is None or numbers[1] is None:
        raise BadBoard(Problem.of(RuleProblem.NOT_A_SIZE, text=text))
    return numbers[0], numbers[1]
