"""Connect Four puzzles: 7 x 6 positions where the side to move has exactly one winning move, read from the
file the game ships (``assets/c4-puzzles-7x6.txt``), and a seeded draw from them.

The file is made by ``tools/make_puzzles.py``, which proves every entry with the exact solver; this module
trusts no line of it, though. It checks what can be checked without a solver (the checksum, which covers
every byte, the header, every line's format, that the moves are a legal unfinished game where the opponent
threatens no win at once (a puzzle's move is never a forced block), that the winning column is playable, that
the win's length is possible on the board and agrees with whether the move wins at once, that the levels
and the grade agree, that no position is there twice) and refuses a file that fails any check with one
:class:`PuzzleFileError` naming the line and the reason: never an exception of another kind, never a wrong
answer handed on.

File format (text, UTF-8, one record a line, fields separated by one space)::

    ponder-puzzles <version> <width>x<height> levels=<d1>,<d2>,... count=<entries> crc32=<8 hex digits>
    <moves> <column> <win in> <found by> <grade> <source> [<themes>]
    ...

* the first line is the header: the format version (2), the board, the ladder of level depths the
  puzzles were graded against, how many entries follow, and the CRC-32 of every other byte of the file
  (see :mod:`assets.sealed_text`). Files of format 1, whose checksum covered the entry lines alone (so a
  changed header went unseen), are refused naming their version;
* ``moves``: the game so far in the move notation (one digit per move, columns counted from 1);
* ``column``: the one winning move, 1-based like the moves;
* ``win in``: N, the number of the side to move's own moves to the fastest win against best defence (1: the
  next move wins). In the Connect Four benchmark convention it is ``22 - score - stones of the side to move``
  on 7 x 6 (see :func:`ai.score.to_benchmark`);
* ``found by``: the ladder's depths whose search plays the winning column there (comma separated,
  ascending), or ``-`` for none;
* ``grade``: :func:`grade_for` of ``found by``: ``easy``, ``medium``, ``hard`` or ``expert``;
* ``source``: where the position comes from: ``benchmark`` (the public test sets), ``levels`` (games of the
  engine's levels) or ``random`` (random-play games);
* ``themes`` (optional, written by ``tools/make_puzzle_themes.py``): ``themes=`` and the puzzle's themes
  (:class:`PuzzleTheme` values, comma separated, ascending), or ``themes=-`` where none is proven. A line
  without the field has no themes known, so files made before themes existed still load; a well-formed
  name this program does not know (a newer tool's theme) is passed over, not refused.

The entries are sorted by win length, then grade (easiest first), then moves.
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ai.file_problems import PuzzleFileProblem
from assets import DataFileError, asset_path, read_data_file
from assets.sealed_text import CHECKSUM_FIELD, seal, unseal
from game.connect4 import ConnectFour
from game.problems import Problem, Refused
from game.protocol import IllegalMove

MAGIC = "ponder-puzzles"
VERSION = 2
WIDTH, HEIGHT = 7, 6
#: Where the game finds its puzzles.
PUZZLES_PATH = asset_path("c4-puzzles-7x6.txt")
#: The grades from easiest to hardest (see :func:`grade_for`).
GRADES = ("easy", "medium", "hard", "expert")
SOURCES = ("benchmark", "levels", "random")
#: More lines than any puzzle file of this program holds: a header claiming more is corrupt.
MAX_ENTRIES = 100_000


#: The field that starts a line's themes.
THEMES_FIELD = "themes="


class PuzzleTheme(enum.Enum):
    """What a puzzle's winning move is about (several may apply); :mod:`ai.explain.themes` finds them."""

    DOUBLE_THREAT = "double_threat"
    STACKED_THREATS = "stacked_threats"
    FORCING_LINE = "forcing_line"
    ODD_THREAT = "odd_threat"
    ZUGZWANG = "zugzwang"
    CLAIMEVEN = "claimeven"
    PLAN = "plan"
    #: The win shows only after some moves of best play: the move starts a road to its reason.
    ROAD = "road"


class PuzzleFileError(DataFileError):
    """A puzzle file that cannot be used (missing, truncated, corrupt, or for another board)."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: after ``moves`` the side to move wins only by playing ``column`` (1-based), and then in
    ``win_in`` moves of its own at best; ``found_by`` are the ladder's depths that play that column;
    ``themes`` what the move is about, None where the file does not say."""

    moves: str
    column: int
    win_in: int
    found_by: tuple[int, ...]
    grade: str
    source: str
    themes: frozenset[PuzzleTheme] | None = None

    def line(self) -> str:
        """The puzzle as a line of the file (without the newline)."""
        found = ",".join(str(depth) for depth in self.found_by) or "-"
        line = f"{self.moves} {self.column} {self.win_in} {found} {self.grade} {self.source}"
        if self.themes is None:
            return line
        names = ",".join(sorted(theme.value for theme in self.themes)) or "-"
        return f"{line} {THEMES_FIELD}{names}"

    def has_theme(self, theme: PuzzleTheme | None) -> bool:
        """True when the puzzle has ``theme`` (None: any theme, so every puzzle)."""
        return theme is None or (self.themes is not None and theme in self.themes)

    def sort_key(self) -> tuple[int, int, str]:
        """The file's order: win length, then grade, then moves."""
        return self.win_in, GRADES.index(self.grade), self.moves


@dataclass(frozen=True)
class PuzzleSet:
    """The puzzles of a file and the ladder of level depths they were graded against."""

    ladder: tuple[int, ...]
    puzzles: tuple[Puzzle, ...]


def grade_for(found_by: Sequence[int], ladder: Sequence[int]) -> str:
    """The difficulty grade of a puzzle from the levels that find its move.

    The measure is the weakest level from which every stronger level of ``ladder`` (depths, weakest first)
    plays the winning move: ``easy`` when that is one of the two weakest levels, ``medium`` the third,
    ``hard`` the fourth or fifth, ``expert`` when only the strongest level finds it, or not even that one.
    (Levels are search depths now; when levels are rated by playing strength, the grade can follow the
    ratings instead.)
    """
    found = set(found_by)
    weakest = len(ladder)
    while weakest > 0 and ladder[weakest - 1] in found:
        weakest -= 1
    if weakest <= 1:
        return "easy"
    if weakest == 2:
        return "medium"
    if weakest <= 4:
        return "hard"
    return "expert"


def mirror_moves(moves: str, width: int = WIDTH) -> str:
    """The move string of the mirror image (columns in reverse order)."""
    return "".join(str(width + 1 - int(symbol)) for symbol in moves)


def position_id(game: ConnectFour) -> int:
    """The same number for a position and its mirror image (the smaller of their keys): one puzzle."""
    mirrored = ConnectFour.from_moves(mirror_moves(game.moves_text(), game.width), game.width, game.height)
    return min(game.key(), mirrored.key())


def longest_win(moves: int, cells: int = WIDTH * HEIGHT) -> int:
    """The most moves the side to move can need to win from a position of ``moves`` stones: until its last
    stone (it has ``moves // 2`` on the board of the ``(cells + 1) // 2`` it can play)."""
    return (cells + 1) // 2 - moves // 2


def win_in(score: int, moves: int, cells: int = WIDTH * HEIGHT) -> int:
    """N, the side to move's own moves to its win, from the position's winning benchmark score (see
    :func:`ai.score.to_benchmark`: the score counts the winner's stones at the win) and its ``moves`` stones,
    of which the side to move has ``moves // 2``."""
    return (cells + 1) // 2 + 1 - score - moves // 2


def wins_at_once(game: ConnectFour, column: int) -> bool:
    """True when playing ``column`` (0-based, legal) completes a line for the side to move."""
    return game.has_line(game.stones(game.to_move()) | game.stone_bit(column))


def threatened(game: ConnectFour) -> bool:
    """True when the opponent of the side to move could complete a line with its next stone."""
    opponent = game.stones(1 - game.to_move())
    return any(game.has_line(opponent | game.stone_bit(column)) for column in game.moves())


def parse_puzzle(line: str, ladder: Sequence[int]) -> tuple[Puzzle, int]:
    """A line of the file as a puzzle, and its position's id (see :func:`position_id`); raises ValueError
    saying what is wrong with it."""
    fields = line.split(" ")
    if len(fields) not in (6, 7):
        raise ValueError(f"{len(fields)} fields, not 6 or 7")
    moves, column_text, win_text, found_text, grade, source = fields[:6]
    if not moves.isdigit() or not moves.isascii():
        raise ValueError(f"moves {moves!r} are not a move string")
    try:
        game = ConnectFour.from_moves(moves)
    except IllegalMove as error:
        raise Refused(
            Problem.of(PuzzleFileProblem.ILLEGAL_MOVES, moves=repr(moves), reason=error.problem)
        ) from None
    if game.is_over():
        raise ValueError(f"moves {moves!r}: the game is over")
    if threatened(game):
        raise ValueError(f"after {moves} the opponent threatens to win at once: the move is forced")
    column = _number(column_text, "column")
    if not 1 <= column <= WIDTH or column - 1 not in game.moves():
        raise ValueError(f"column {column_text} cannot be played after {moves}")
    win_in = _number(win_text, "win length")
    if not 1 <= win_in <= longest_win(game.ply()):
        raise ValueError(f"a win in {win_text} is impossible after {game.ply()} moves")
    # A win in one is a move that completes a line, and a longer win has none: else it would be a win in one.
    at_once = [move for move in game.moves() if wins_at_once(game, move)]
    if (win_in == 1) != (at_once == [column - 1]) or (win_in > 1 and at_once):
        raise ValueError(f"a win in {win_in} does not fit the position {moves} and column {column}")
    found_by = () if found_text == "-" else tuple(_number(depth, "depth") for depth in found_text.split(","))
    if any(depth not in ladder for depth in found_by) or list(found_by) != sorted(set(found_by)):
        raise ValueError(f"levels {found_text!r} are not depths of the ladder in ascending order")
    if grade != grade_for(found_by, ladder):
        raise ValueError(f"grade {grade!r} does not fit the levels {found_text!r}")
    if source not in SOURCES:
        raise ValueError(f"unknown source {source!r}")
    themes = parse_themes(fields[6]) if len(fields) == 7 else None
    return Puzzle(moves, column, win_in, found_by, grade, source, themes), position_id(game)


_THEME_NAME = re.compile(r"[a-z][a-z_]{0,31}")
_KNOWN_THEMES = {theme.value: theme for theme in PuzzleTheme}


def parse_themes(field: str) -> frozenset[PuzzleTheme]:
    """The themes of a line's themes field (see the module docstring), the names this program does not know
    passed over; raises ValueError where the field is not of its form."""
    if not field.startswith(THEMES_FIELD):
        raise ValueError(f"a seventh field {field!r} that is not {THEMES_FIELD}...")
    names_text = field.removeprefix(THEMES_FIELD)
    if names_text == "-":
        return frozenset()
    names = names_text.split(",")
    if any(_THEME_NAME.fullmatch(name) is None for name in names) or names != sorted(set(names)):
        raise ValueError(f"themes {names_text!r} are not theme names in ascending order")
    return frozenset(_KNOWN_THEMES[name] for name in names if name in _KNOWN_THEMES)


def _number(text: str, what: str, digits: int = 4) -> int:
    """A decimal number without sign of at most ``digits`` digits, or ValueError naming ``what``."""
    if not text.isdigit() or not text.isascii() or len(text) > digits:
        raise ValueError(f"{what} {text!r} is not a number")
    return int(text)


def _header(line: str) -> tuple[tuple[int, ...], int]:
    """The ladder and entry count of a header line (whose magic, version and checksum are checked already),
    or ValueError."""
    fields = line.split(" ")
    if len(fields) != 6:
        raise ValueError(f"a header of {len(fields)} fields, not 6")
    if fields[2] != f"{WIDTH}x{HEIGHT}":
        raise ValueError(f"puzzles of a {fields[2]} board, not {WIDTH}x{HEIGHT}")
    names = [field.partition("=")[0] for field in fields[3:]]
    if names != ["levels", "count", "crc32"]:
        raise ValueError("a header without levels=, count= and crc32=")
    levels, count = (field.partition("=")[2] for field in fields[3:5])
    ladder = tuple(_number(depth, "depth") for depth in levels.split(","))
    if list(ladder) != sorted(set(ladder)) or ladder[0] < 1:
        raise ValueError(f"levels {levels!r} are not ascending depths")
    entries = _number(count, "count", digits=9)
    if entries > MAX_ENTRIES:
        raise ValueError(f"it claims {count} entries")
    return ladder, entries


def load_puzzles(path: Path | None = None) -> PuzzleSet:
    """Reads and checks a puzzle file (see the module docstring), by default the shipped one; raises
    PuzzleFileError saying why it cannot be used."""
    path = PUZZLES_PATH if path is None else Path(path)
    try:
        data = read_data_file(path)
    except OSError as error:
        unreadable = Problem.of(PuzzleFileProblem.UNREADABLE, reason=error.strerror or str(error))
        raise PuzzleFileError(path, unreadable) from None
    # The magic and the version are read before the checksum, so that a file of another format is told as
    # such: its checksum is not this format's.
    fields = data.split(b"\n", 1)[0].split(b" ")
    if fields[0] != MAGIC.encode():
        raise PuzzleFileError(path, Problem.of(PuzzleFileProblem.NO_HEADER))
    version = fields[1].decode("utf-8", "replace") if len(fields) > 1 else ""
    if version != str(VERSION):
        wrong_version = Problem.of(PuzzleFileProblem.WRONG_VERSION, version=repr(version), expected=VERSION)
        raise PuzzleFileError(path, wrong_version)
    try:
        lines = unseal(data).split("\n")
    except ValueError as error:
        raise PuzzleFileError(path, str(error)) from None
    try:
        ladder, count = _header(lines[0])
    except ValueError as error:
        raise PuzzleFileError(
            path, Problem.of(PuzzleFileProblem.BAD_LINE, number=1, reason=str(error))
        ) from None
    body = lines[1:]
    # The file ends with a newline: the split leaves one empty string after the last entry.
    if body[-1:] != [""] or len(body) - 1 != count:
        wrong_size = Problem.of(PuzzleFileProblem.WRONG_SIZE, lines=len(body) - 1, count=count)
        raise PuzzleFileError(path, wrong_size)
    entries = body[:-1]
    puzzles: list[Puzzle] = []
    seen: dict[int, int] = {}
    for number, line in enumerate(entries, start=2):
        try:
            puzzle, position = parse_puzzle(line, ladder)
        except ValueError as error:
            reason = error.problem if isinstance(error, Refused) else str(error)
            bad_line = Problem.of(PuzzleFileProblem.BAD_LINE, number=number, reason=reason)
            raise PuzzleFileError(path, bad_line) from None
        if position in seen:
            again = Problem.of(PuzzleFileProblem.AGAIN, number=number, first=seen[position])
            raise PuzzleFileError(path, again)
        seen[position] = number
        if puzzles and puzzle.sort_key() <= puzzles[-1].sort_key():
            raise PuzzleFileError(path, Problem.of(PuzzleFileProblem.OUT_OF_ORDER, number=number))
        puzzles.append(puzzle)
    return PuzzleSet(ladder, tuple(puzzles))


def file_text(ladder: Sequence[int], puzzles: Sequence[Puzzle]) -> str:
    """The content of a puzzle file holding ``puzzles`` (sorted here), graded against ``ladder``."""
    body = "".join(f"{puzzle.line()}\n" for puzzle in sorted(puzzles, key=Puzzle.sort_key))
    levels = ",".join(str(depth) for depth in ladder)
    header = f"{MAGIC} {VERSION} {WIDTH}x{HEIGHT} levels={levels} count={len(puzzles)}{CHECKSUM_FIELD}"
    return seal(f"{header}\n{body}")


def draw(
    puzzles: Sequence[Puzzle], count: int, seed: int | None, shortest: int = 1, longest: int | None = None
) -> list[Puzzle]:
    """Up to ``count`` different puzzles whose win length lies in ``shortest .. longest`` (inclusive; no
    upper bound when None), drawn at random (``seed``: the same draw every time; None: a new one each
    time), in the file's order (shortest win first). Fewer when fewer are there: all of those."""
    fitting = [
        puzzle
        for puzzle in puzzles
        if puzzle.win_in >= shortest and (longest is None or puzzle.win_in <= longest)
    ]
    chosen = random.Random(seed).sample(fitting, min(count, len(fitting)))
    return sorted(chosen, key=Puzzle.sort_key)
