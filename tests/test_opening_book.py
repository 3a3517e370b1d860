"""The opening book: its file format, its entries against the solver, a broken file falling back to
solving."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time

import pytest

from ai.exact.analysis import ExactAnalyzer
from ai.exact.book import (
    BOOK_PATH,
    HEADER,
    VERSION,
    BookError,
    OpeningBook,
    canonical_key,
    mirror_key,
    shipped_book,
)
from ai.exact.choice import native_in_use
from game import ConnectFour
from game.connect4 import centre_first
from tests.conftest import ROOT, raises_saying, read_positions
from tools.support.bit_flips import every_bit_changed
from ui.words.problem_words import problem_text

#: The unit tests check a sample of the entries of the book's two deepest plies against a solve, and one entry
#: of every ply from SOLVED_FROM_PLY on (shallower positions take the solver from seconds to minutes each:
#: those are checked for consistency with their moves' entries).
SOLVED_PLIES = 2
SOLVED_FROM_PLY = 5
#: Plies checked entry by entry; the deeper ones (hundreds of thousands of entries) by a seeded sample.
EVERY_ENTRY_PLIES = 6
SAMPLE = 4000


def book_positions(book: OpeningBook) -> dict[int, list[str]]:
    """The move string of every position of the book, by ply, found by walking the game tree from the empty
    board through the book's entries (each position of the book is reached from one of a smaller ply, or is
    the empty board); a finished game is never walked into. Within a ply, positions come in the order the walk
    meets them: their parents' order, then the parent's moves in the game's centre-first order.

    The walk meets about four million children of a million positions: it works on the bitboards themselves
    (layout in game/kinarow.py) and carries each position's mirror image along, so that the key an entry is
    stored under (the smaller of the two) takes no mirroring of a key."""
    rules = ConnectFour()
    width, height, bits = rules.width, rules.height, rules.height + 1
    bottom = [1 << (column * bits) for column in range(width)]
    top = [1 << (column * bits + height - 1) for column in range(width)]
    column_cells = [((1 << height) - 1) << (column * bits) for column in range(width)]
    entries = {key for key, _ in book.items()}
    # Each position as (side to move's stones, all stones, the same two of its mirror image, its moves).
    frontier = [(0, 0, 0, 0, "")]
    seen = {canonical_key(0, width, height)}
    by_ply: dict[int, list[str]] = {0: [""]}
    for ply in range(book.max_ply):
        children = []
        for mine, occupied, mirror_mine, mirror_occupied, moves in frontier:
            for column in centre_first(width):
                if occupied & top[column]:
                    continue
                stone = (occupied + bottom[column]) & column_cells[column]
                mirror = width - 1 - column
                mirror_stone = (mirror_occupied + bottom[mirror]) & column_cells[mirror]
                # The child's side to move owns the stones the mover does not (Pons' key: theirs + all).
                key = (occupied ^ mine) + (occupied | stone)
                mirror_key = (mirror_occupied ^ mirror_mine) + (mirror_occupied | mirror_stone)
                stored = min(key, mirror_key)
                if stored not in entries or stored in seen:
                    continue
                if rules.has_line(mine | stone) or ply + 1 == width * height:
                    continue  # the game is over there
                seen.add(stored)
                text = moves + str(column + 1)
                children.append(
                    (
                        occupied ^ mine,
                        occupied | stone,
                        mirror_occupied ^ mirror_mine,
                        mirror_occupied | mirror_stone,
                        text,
                    )
                )
                by_ply.setdefault(ply + 1, []).append(text)
        frontier = children
    return by_ply


@pytest.fixture(scope="module")
def book() -> OpeningBook:
    book = OpeningBook.load(BOOK_PATH)
    assert (book.width, book.height) == (7, 6) and book.max_ply >= 2
    return book


@pytest.fixture(scope="module")
def by_ply(book) -> dict[int, list[str]]:
    return book_positions(book)


def checked_positions(by_ply: dict[int, list[str]]) -> list[ConnectFour]:
    """Every position of the first EVERY_ENTRY_PLIES plies, and a seeded sample of the deeper ones."""
    shallow = [moves for ply, texts in by_ply.items() if ply < EVERY_ENTRY_PLIES for moves in texts]
    deep = [moves for ply, texts in by_ply.items() if ply >= EVERY_ENTRY_PLIES for moves in texts]
    sample = random.Random("book-sample").sample(deep, min(SAMPLE, len(deep)))
    return [ConnectFour.from_moves(moves) for moves in shallow + sample]


def test_the_shipped_book_answers_the_empty_board_and_its_moves(book):
    assert book.score(ConnectFour().key()) == 1
    values = [-book.score(ConnectFour.from_moves(str(column)).key()) for column in range(1, 8)]
    assert values == [-2, -1, 0, 1, 0, -1, -2]


def test_the_shipped_entries_are_in_ascending_key_order(book):
    # Loading does not check the order (see OpeningBook.load); a lookup's binary search relies on it.
    keys = [key for key, _ in book.items()]
    assert all(first < second for first, second in zip(keys, keys[1:], strict=False))


def test_every_entry_is_reached_from_the_empty_board(book, by_ply):
    reached = sum(len(texts) for texts in by_ply.values())
    assert reached == len(book)
    # The walk's bitboards agree with the rules: its move strings, played, are unfinished book positions.
    for ply, texts in by_ply.items():
        for moves in random.Random(ply).sample(texts, min(50, len(texts))):
            game = ConnectFour.from_moves(moves)
            assert game.ply() == ply and not game.is_over() and book.score(game.key()) is not None, moves


def test_shallow_entries_are_the_best_of_their_moves(book, by_ply):
    """Plies whose positions take the solver minutes are checked for consistency: a position whose every move
    leads to a book entry (or a finished game) scores the best of those moves."""
    checked = 0
    for game in checked_positions(by_ply):
        values = []
        for move in game.moves():
            game.apply(move)
            if game.winner() is not None:
                values.append((43 - game.ply()) // 2)
            elif game.is_over():
                values.append(0)
            else:
                child = book.score(game.key())
                values.append(None if child is None else -child)
            game.undo()
        if None not in values:
            assert book.score(game.key()) == max(values), game.moves_text()
            checked += 1
    assert checked >= 1


def test_a_sample_of_the_entries_equals_the_solver(book, by_ply):
    solver = ExactAnalyzer(solver_slots=1 << 22, book=lambda: None)
    rng = random.Random(20261122)
    deepest = sorted(by_ply)[-SOLVED_PLIES:]
    for ply in sorted(by_ply):
        # The pure-Python core (no compiler) would take minutes on the shallower plies: the deepest only.
        if ply in deepest or (ply >= SOLVED_FROM_PLY and native_in_use()):
            count = 2 if ply in deepest else 1
            for moves in rng.sample(by_ply[ply], min(count, len(by_ply[ply]))):
                game = ConnectFour.from_moves(moves)
                assert solver.score(game) == book.score(game.key()), moves


def test_a_position_and_its_mirror_image_share_one_entry(book, by_ply):
    for game in checked_positions(by_ply):
        mirrored = ConnectFour.from_moves("".join(str(8 - int(c)) for c in game.moves_text()))
        assert mirrored.key() == mirror_key(game.key(), 7, 6)
        assert book.score(mirrored.key()) == book.score(game.key())


def test_write_and_load_round_trip_and_refuse_what_is_not_a_book(tmp_path):
    scores = {
        canonical_key(ConnectFour.from_moves(moves).key(), 7, 6): score
        for moves, score in read_positions("Test_L1_R1")[:50]
    }
    path = tmp_path / "book.bin"
    OpeningBook.write(path, 7, 6, 14, scores)
    book = OpeningBook.load(path)
    assert dict(book.items()) == scores and book.max_ply == 14
    data = path.read_bytes()
    assert len(data) < HEADER.size + 8 * len(scores)  # compressed
    count = len(scores)
    header = HEADER.unpack_from(data)
    broken = {
        "extra bytes": data + b"\0",
        "more entries than the data": HEADER.pack(*header[:5], count + 1, header[6]) + data[HEADER.size :],
        "fewer entries than the data": HEADER.pack(*header[:5], count - 1, header[6]) + data[HEADER.size :],
        "an absurd count": HEADER.pack(*header[:5], 2**32 - 1, header[6]) + data[HEADER.size :],
        "unknown version": data[:8] + b"\x07" + data[9:],
        "truncated": data[:-3],
        "no header": data[:10],
        "not a book": b"GIF89a" + data[6:],
        "corrupt": data[:40] + bytes([data[40] ^ 1]) + data[41:],
        "empty": b"",
    }
    for reason, content in broken.items():
        path.write_bytes(content)
        with pytest.raises(BookError):
            OpeningBook.load(path)
        assert reason


def small_book(tmp_path, count: int = 20) -> bytes:
    """The bytes of a book of ``count`` positions of a test set, as the writer makes it."""
    scores = {
        canonical_key(ConnectFour.from_moves(moves).key(), 7, 6): score
        for moves, score in read_positions("Test_L1_R1")[:count]
    }
    path = tmp_path / "small.bin"
    OpeningBook.write(path, 7, 6, 12, scores)
    return path.read_bytes()


def test_every_bit_of_the_file_is_checked(tmp_path):
    """Whatever bit of a book changes (in the header: the deepest ply, the board, the count, the checksum
    itself; or in the compressed entries, padding included), the book is refused with a reason."""
    data = small_book(tmp_path)
    path = tmp_path / "changed.bin"
    for changed in every_bit_changed(data):
        path.write_bytes(changed)
        with pytest.raises(BookError, match=str(path)):
            OpeningBook.load(path)


def test_the_deepest_ply_is_covered_by_the_checksum_and_must_fit_the_board(tmp_path):
    data = small_book(tmp_path)
    path = tmp_path / "changed.bin"
    path.write_bytes(data[:11] + bytes([data[11] + 1]) + data[12:])
    with raises_saying(BookError, "checksum mismatch"):
        OpeningBook.load(path)
    # Written so (with its checksum right), a ply beyond the board's cells is refused as well.
    OpeningBook.write(path, 7, 6, 42, {1: 0})
    with raises_saying(BookError, "ply 42"):
        OpeningBook.load(path)


@pytest.mark.parametrize("version", [1, 2])
def test_a_book_of_an_earlier_format_is_refused_naming_its_version(tmp_path, version):
    """Version 1 held the entries uncompressed, version 2 a checksum of the entries alone."""
    data = small_book(tmp_path)
    path = tmp_path / "old.bin"
    path.write_bytes(data[:8] + bytes([version]) + data[9:])
    with raises_saying(BookError, f"format version {version}, this program reads version 3"):
        OpeningBook.load(path)


def test_the_error_carries_the_file_and_the_reason_apart(tmp_path):
    """The command line and the log name the path; the window names the file alone (a path into the
    installation makes a toast too long to read)."""
    path = tmp_path / "c4-book-7x6.bin"
    path.write_bytes(b"PONDER")
    with pytest.raises(BookError) as refused:
        OpeningBook.load(path)
    assert str(refused.value) == f"{path}: truncated, no header"
    assert problem_text(refused.value.brief()) == "c4-book-7x6.bin: truncated, no header"
    assert problem_text(refused.value.located()) == f"{path}: truncated, no header"


def test_the_shipped_book_is_of_the_current_format():
    assert BOOK_PATH.read_bytes()[8] == VERSION == 3


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        ("truncated", "truncated"),
        ("garbage", "not an opening book"),
        ("unreadable", "cannot read"),
        ("pipe", "not a regular file"),
    ],
)
def test_a_broken_book_warns_once_and_every_answer_is_still_exact(tmp_path, damage, reason):
    """The real program with its book file truncated, replaced by garbage, or unreadable (a directory or a
    named pipe in its place, which a plain read would wait on for ever): one warning naming why, and exact
    answers all the same."""
    broken = tmp_path / "c4-book-7x6.bin"
    if damage == "truncated":
        broken.write_bytes(BOOK_PATH.read_bytes()[:-5])
    elif damage == "garbage":
        broken.write_bytes(bytes(range(256)) * 64)
    elif damage == "pipe":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no named pipes on this system")
        os.mkfifo(broken)
    else:
        broken.mkdir()
    rows = read_positions("Test_L2_R1")[:4]
    code = (
        "import sys, ai.exact.book as b, main; "
        f"b.BOOK_PATH = b.Path({str(broken)!r}); "
        "sys.argv = ['main.py', 'analyze']; sys.exit(main.main())"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code],
        input="".join(f"{moves}\n" for moves, _ in rows),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split()[1::2] == [str(score) for _, score in rows]
    # Said once, first, before the work: the tool checks the book before its first position.
    assert completed.stderr.count("book not used") == 1, completed.stderr
    assert completed.stderr.startswith("python main.py analyze: book not used: "), completed.stderr
    assert reason in completed.stderr


@pytest.mark.parametrize(("options", "answer"), [([], " 1"), (["--all"], " -2 -1 0 1 0 -1 -2")])
def test_the_empty_board_is_answered_at_once_from_the_book(options, answer):
    started = time.monotonic()
    completed = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "analyze", *options],
        input="\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.splitlines() == [answer]
    # Minutes of solving otherwise; generous for a loaded machine (the interpreter's start included).
    assert time.monotonic() - started < 20


def test_the_analyzer_prefers_the_book_and_remembers_what_it_solved():
    analyzer = ExactAnalyzer(solver_slots=1 << 20)
    assert analyzer.score(ConnectFour()) == 1 and analyzer.nodes == 0  # from the book
    moves, expected = read_positions("Test_L2_R1")[0]
    game = ConnectFour.from_moves(moves)
    assert analyzer.score(game) == expected
    nodes = analyzer.nodes
    assert analyzer.score(game) == expected and analyzer.nodes == nodes  # remembered, not searched again
    assert analyzer.score(game, weak=True) == (expected > 0) - (expected < 0)


def test_the_shipped_book_loads_lazily_once():
    book = shipped_book()
    assert book is not None and shipped_book() is book
