"""The road book: the roads of the first moves, searched ahead of time. Its file is read back as written,
mirror images are one position, and a damaged book is refused with the line and the reason (the game then
searches every road itself); the explainer takes a book's line only where it proves, and the shipped book's
roads prove."""

from __future__ import annotations

import logging
import random
import sys
from pathlib import Path

import pytest

import ai.explain.road_book as road_book
from ai.claims import ROAD_PLIES, Road, states_result
from ai.exact.analysis import ExactAnalyzer
from ai.exact.book import canonical_key
from ai.explain.checks import check
from ai.explain.explainer import explain_move, explain_position
from ai.explain.plan import find_plan
from ai.explain.road_book import (
    EMPTY_BOOK,
    RoadBook,
    RoadBookError,
    book_text,
    read_road_book,
    shipped_road_book,
)
from ai.explain.values import ExactValues
from assets.sealed_text import seal
from game.connect4 import ConnectFour

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.make_road_book import book_lines, opening_positions, road_line  # noqa: E402

#: After d1, a road of 12 stones (Yellow's slowest losses include d2, which the explanation's own search,
#: taking the first slowest loss alone, never follows) to a winning plan of Red's.
D1_LINE = "444455557542"
#: After d1 d2, Red's a1 throws the win away.
THROWN = "41"


@pytest.fixture(scope="module")
def analyzer():
    analyzer = ExactAnalyzer(threads=1, solver_slots=1 << 18)
    yield analyzer
    analyzer.release()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "roads.txt"
    path.write_text(text, encoding="utf-8", newline="")
    return path


def book_of(lines: dict[str, str]) -> RoadBook:
    return RoadBook(
        {
            canonical_key(ConnectFour.from_moves(moves).key(), 7, 6): (
                moves,
                tuple(int(digit) - 1 for digit in line),
            )
            for moves, line in lines.items()
        },
        max(len(moves) for moves in lines),
    )


def test_a_book_is_read_back_as_written_and_a_mirror_image_finds_its_line_mirrored(tmp_path):
    book = read_road_book(write(tmp_path, book_text({"3": "44444", "": "4", "12": "33"})))
    assert book.line(ConnectFour.from_moves("3")) == (3, 3, 3, 3, 3)
    assert book.line(ConnectFour()) == (3,)
    assert book.line(ConnectFour.from_moves("12")) == (2, 2)
    # The mirror image of a1 b1 is g1 f1: its line is the stored one mirrored.
    assert book.line(ConnectFour.from_moves("76")) == (4, 4)
    assert book.line(ConnectFour.from_moves("5")) == (3, 3, 3, 3, 3)
    assert book.line(ConnectFour.from_moves("44")) is None
    assert book.line(ConnectFour(8, 7)) is None
    assert book.deepest == 2


def test_a_position_the_game_reached_along_a_books_line_gets_the_rest_of_it():
    book = book_of({"4": D1_LINE})
    # d1, then three stones of its road: the road goes on from the fourth.
    assert book.line(ConnectFour.from_moves("4" + D1_LINE[:3])) == tuple(int(c) - 1 for c in D1_LINE[3:])
    # Mirrored alike: after g1, the mirror image of a1, the game follows a1's road mirrored.
    a1_line = "444463446"
    mirrored = "".join(str(8 - int(c)) for c in a1_line)
    assert book_of({"1": a1_line}).line(ConnectFour.from_moves("7" + mirrored[:5])) == tuple(
        int(c) - 1 for c in mirrored[5:]
    )
    # A game that left the line, or reached its end, has none.
    assert book.line(ConnectFour.from_moves("4" + D1_LINE[:2] + "1")) is None
    assert book.line(ConnectFour.from_moves("4" + D1_LINE)) is None


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (lambda lines: lines[:-1], "truncated or extra lines"),
        (lambda lines: [*lines, "x 4"], "not '<moves> <line>'"),
        (lambda lines: [*lines, "44 "], "not '<moves> <line>'"),
        (lambda lines: [*lines, "1111111 4"], "not a legal game"),
        (lambda lines: [*lines, "1212121 4"], "not a legal game|finished game"),
        (lambda lines: [*lines, "44 1111111"], "column 1, which is full"),
        (lambda lines: [*lines, "44 1212121"], "ends the game|after the game is over"),
        (lambda lines: [*lines, "44 " + "1" * (ROAD_PLIES + 1)], "not '<moves> <line>'"),
        (lambda lines: [*lines, "5 4"], "the position of line 3 again"),
    ],
)
def test_a_damaged_book_is_refused_with_its_line(tmp_path, edit, reason):
    header, *lines = book_text({"3": "44444", "": "4"}).rstrip("\n").split("\n")
    edited = edit(lines)
    count = len(lines) if len(edited) < len(lines) else len(edited)
    head = header.split(" count=")[0] + f" count={count} crc32="
    path = write(tmp_path, seal(head + "\n" + "\n".join(edited) + "\n"))
    with pytest.raises(RoadBookError, match=reason):
        read_road_book(path)


def test_a_damaged_byte_another_version_or_a_missing_file_is_refused(tmp_path):
    text = book_text({"3": "44444"})
    with pytest.raises(RoadBookError, match="checksum"):
        read_road_book(write(tmp_path, text.replace("44444", "44445")))
    with pytest.raises(RoadBookError, match="format version 2"):
        read_road_book(write(tmp_path, seal("ponder-roads 2 7x6 count=0 crc32=\n")))
    with pytest.raises(RoadBookError, match="no header"):
        read_road_book(write(tmp_path, seal("ponder-learn 1 7x6 count=0 crc32=\n")))
    with pytest.raises(RoadBookError, match="cannot read it"):
        read_road_book(tmp_path / "none.txt")


def test_a_damaged_shipped_book_is_told_and_the_game_searches_every_road(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(road_book, "ROAD_BOOK_PATH", write(tmp_path, "ponder-roads 1 7x6 count=0\n"))
    shipped_road_book.cache_clear()
    try:
        with caplog.at_level(logging.WARNING):
            assert shipped_road_book() is EMPTY_BOOK
        assert "road book not used" in caplog.text and "roads.txt" in caplog.text
    finally:
        shipped_road_book.cache_clear()


def roads_in(explanation) -> list[Road]:
    return [claim for claim in explanation.claims if isinstance(claim, Road)]


def test_the_explainer_takes_a_books_line_where_its_search_finds_none(analyzer):
    game = ConnectFour.from_moves("4")
    book = book_of({"4": D1_LINE})
    assert roads_in(explain_position(game, analyzer, find_plan=find_plan, roads=EMPTY_BOOK)) == []
    (road,) = roads_in(explain_position(game, analyzer, find_plan=find_plan, roads=book))
    assert "".join(str(cell[0] + 1) for cell in road.line) == D1_LINE and road.side == 0
    assert check(game, road, ExactValues(analyzer))
    # A move into that position is explained by the same road (what the move leads to).
    (after,) = roads_in(explain_move(ConnectFour(), 3, analyzer, find_plan=find_plan, roads=book))
    assert after.line == road.line


def test_a_books_line_that_does_not_prove_is_passed_over_for_the_search(analyzer):
    # A line that ends at no proven reason, or where Red throws the win away on the way, proves nothing:
    # the explainer searches as it would without a book (and finds nothing in its time here).
    game = ConnectFour.from_moves("4")
    for line in ("1", THROWN):
        assert (
            roads_in(explain_position(game, analyzer, find_plan=find_plan, roads=book_of({"4": line}))) == []
        )


def test_the_tools_positions_are_every_opening_once_with_its_mirror_image():
    assert [len(opening_positions(plies)) for plies in range(4)] == [1, 5, 30, 151]
    positions = opening_positions(2)
    assert positions[:5] == ["", "1", "2", "3", "4"]
    keys = [canonical_key(ConnectFour.from_moves(moves).key(), 7, 6) for moves in positions]
    assert len(set(keys)) == len(keys)


def test_the_tool_gives_the_line_of_the_shortest_road_it_proves():
    # After c1 a road of five stones in column d to a drawing plan of Yellow's (docs/explanations.md).
    assert road_line("3", positions=400, seconds=60.0)[:2] == ("3", "44444")


def test_a_seeded_sample_of_the_shipped_roads_is_proved_again(analyzer):
    book = read_road_book()
    assert len(book.lines) >= 100
    stored = sorted(book.lines.values())
    for moves, line in random.Random("roads").sample(stored, 6):
        game = ConnectFour.from_moves(moves)
        explanation = explain_position(game, analyzer, find_plan=find_plan, roads=book)
        roads = roads_in(explanation)
        if not roads:
            # A position whose own reason states its result needs no road.
            assert any(states_result(claim) for claim in explanation.claims), moves
            continue
        assert tuple(cell[0] for cell in roads[0].line) == line, moves
        assert check(game, roads[0], ExactValues(analyzer))


def test_the_tool_keeps_a_books_roads_under_the_names_it_searches_by(tmp_path):
    # a1 c1 b1 d1 and b1 c1 a1 d1 are one position: its road is kept under the tool's name for it.
    path = write(tmp_path, book_text({"1324": "4", "4": D1_LINE}))
    assert book_lines(path, ["", "4", "2314"]) == {"4": D1_LINE, "2314": "4"}
    assert book_lines(tmp_path / "none.txt", ["4"]) == {}
