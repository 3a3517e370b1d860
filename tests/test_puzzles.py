"""The puzzles: the shipped file (its spread, and a seeded sample proved again by the exact solver), the
``puzzles`` tool (distinct positions, the same draw for a seed, the bounds on N, exit status), the loader's
refusal of every broken file with one clear error, and the generator's selection."""

from __future__ import annotations

import io
import random
import re
import zlib
from collections import Counter
from pathlib import Path

import pytest

from ai.exact.analysis import ExactAnalyzer
from ai.exact.choice import native_in_use
from ai.explain.plan import find_plan
from ai.explain.themes import explain_puzzle, themes_of
from ai.puzzles import (
    GRADES,
    PUZZLES_PATH,
    VERSION,
    Puzzle,
    PuzzleFileError,
    PuzzleTheme,
    draw,
    file_text,
    grade_for,
    load_puzzles,
    position_id,
    win_in,
)
from ai.score import Score
from assets.sealed_text import seal
from game import ConnectFour
from tests.conftest import raises_saying
from tools.make_puzzle_themes import ThemeVerdict, read_progress
from tools.make_puzzles import select
from tools.support.bit_flips import every_bit_changed
from ui.command_line.tool_lines import PROGRAM
from ui.command_line.tools import run_tool
from ui.words.problem_words import error_text

LADDER = (1, 2, 4, 6, 8, 10)
#: How many puzzles are proved again (of the shipped file; of the tool's output, all with the compiled core):
#: 20 take milliseconds with the compiled core, 11 s with the Python one (the early positions' long wins,
#: measured), which then proves fewer.
SAMPLE = 20 if native_in_use() else 6


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_tool("puzzles", args, io.StringIO(""), out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def shipped() -> tuple[Puzzle, ...]:
    return load_puzzles().puzzles


@pytest.fixture(scope="module")
def analyzer() -> ExactAnalyzer:
    return ExactAnalyzer(threads=1)


def assert_proven(analyzer: ExactAnalyzer, moves: str, column: int, length: int) -> None:
    """The position after ``moves`` has exactly one winning move, ``column`` (1-based), winning in ``length``
    of the mover's own moves at best."""
    game = ConnectFour.from_moves(moves)
    scores = analyzer.move_scores(game)
    winning = [index + 1 for index, score in enumerate(scores) if score > 0]
    assert winning == [column], (moves, scores)
    assert win_in(max(scores), game.ply()) == length, (moves, scores)
    # The same length in the engine's own unit: ai.score counts the winner's moves to the end.
    assert Score.from_benchmark(max(scores), game.ply(), 42).describe() == f"win in {length}"


# The shipped file.


def test_the_shipped_file_loads_with_a_spread_of_lengths_and_grades(shipped):
    assert 1000 <= len(shipped) <= 5000 and PUZZLES_PATH.stat().st_size < 200_000
    lengths = Counter(puzzle.win_in for puzzle in shipped)
    assert min(lengths) == 2 and max(lengths) >= 15
    # Every length from "win in 2" to the deep ones is there, each many times.
    assert all(lengths[length] >= 20 for length in range(2, 16)), lengths
    grades = Counter(puzzle.grade for puzzle in shipped)
    assert all(grades[grade] >= 50 for grade in GRADES), grades
    assert {puzzle.source for puzzle in shipped} == {"benchmark", "levels", "random"}


def test_a_seeded_sample_of_the_shipped_file_is_proved_again(shipped, analyzer):
    for puzzle in random.Random(30).sample(shipped, SAMPLE):
        assert_proven(analyzer, puzzle.moves, puzzle.column, puzzle.win_in)


def test_the_levels_recorded_are_what_the_levels_play(shipped):
    # ``ponder move --depth D --seed 0`` plays each level's move from a fresh table, as the grading did.
    for puzzle in random.Random(31).sample(shipped, 3):
        for depth in (1, 4):
            out, err = io.StringIO(), io.StringIO()
            status = run_tool("move", ["--depth", str(depth)], io.StringIO(puzzle.moves), out, err)
            assert status == 0, err.getvalue()
            played = int(out.getvalue().split()[1])
            assert (played == puzzle.column) == (depth in puzzle.found_by), (puzzle, depth)


# The tool.


def test_puzzles_prints_count_distinct_proven_positions_within_the_bounds(analyzer):
    status, out, err = run(["--count", "30", "--seed", "7", "--min-moves", "3"])
    assert status == 0 and err == ""
    rows = [line.split() for line in out.splitlines()]
    assert len(rows) == 30 and all(len(row) == 3 for row in rows)
    positions = {position_id(ConnectFour.from_moves(moves)) for moves, _, _ in rows}
    assert len(positions) == 30
    assert all(int(length) >= 3 for _, _, length in rows)
    # Shortest win first.
    assert [int(length) for _, _, length in rows] == sorted(int(length) for _, _, length in rows)
    proved = rows if native_in_use() else random.Random(7).sample(rows, SAMPLE)
    for moves, column, length in proved:
        assert_proven(analyzer, moves, int(column), int(length))


def test_puzzles_draws_the_same_for_a_seed_and_another_for_another_seed():
    first = run(["--count", "12", "--seed", "3"])
    assert first == run(["--count", "12", "--seed", "3"])
    assert first[1] != run(["--count", "12", "--seed", "4"])[1]


def test_puzzles_keeps_within_min_and_max_moves():
    status, out, _ = run(["--count", "25", "--seed", "1", "--min-moves", "4", "--max-moves", "5"])
    assert status == 0
    assert {line.split()[2] for line in out.splitlines()} == {"4", "5"}


def test_puzzles_with_grades_adds_the_grade_and_the_levels(shipped):
    status, out, _ = run(["--count", "5", "--seed", "2", "--grades"])
    assert status == 0
    by_moves = {puzzle.moves: puzzle for puzzle in shipped}
    for line in out.splitlines():
        moves, column, length, grade, levels = line.split()
        puzzle = by_moves[moves]
        assert (int(column), int(length), grade) == (puzzle.column, puzzle.win_in, puzzle.grade)
        assert levels == (",".join(map(str, puzzle.found_by)) or "-")


def test_puzzles_prints_all_there_are_and_says_so_when_asked_for_more(shipped):
    longest = max(puzzle.win_in for puzzle in shipped)
    there = sum(puzzle.win_in == longest for puzzle in shipped)
    status, out, err = run(["--count", "9999", "--seed", "1", "--min-moves", str(longest)])
    assert status == 1
    assert len(out.splitlines()) == there
    assert err == f"{PROGRAM} puzzles: only {there} puzzles win in {longest} or more moves\n"


@pytest.mark.parametrize(
    "args",
    [["--count", "0"], ["--min-moves", "x"], ["--min-moves", "5", "--max-moves", "4"], ["--seed", "1.5"]],
)
def test_puzzles_refuses_bad_arguments_with_status_2(args, capsys):
    with pytest.raises(SystemExit) as stopped:
        run(args)
    assert stopped.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_puzzles_says_why_a_broken_file_is_refused(tmp_path, monkeypatch):
    broken = tmp_path / "puzzles.txt"
    broken.write_text("not puzzles\n")
    monkeypatch.setattr("ai.puzzles.PUZZLES_PATH", broken)
    status, out, err = run(["--count", "3"])
    assert (status, out) == (1, "")
    assert err == f"{PROGRAM} puzzles: error: {broken}: line 1: not a puzzle file (no header)\n"


# The loader refuses broken files.

GOOD = [
    # Found in the shipped file's making: positions with one winning move.
    Puzzle("2511266", 4, 2, (1, 2, 4, 6, 8, 10), "easy", "benchmark"),
    Puzzle("315572632753642126526461431432", 5, 2, (1, 2, 4, 6, 8, 10), "easy", "benchmark"),
]


def write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "puzzles.txt"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


def test_the_good_entries_are_good_and_load(tmp_path, analyzer):
    for puzzle in GOOD:
        assert_proven(analyzer, puzzle.moves, puzzle.column, puzzle.win_in)
    assert load_puzzles(write(tmp_path, file_text(LADDER, GOOD))).puzzles == tuple(GOOD)


def resealed(text: str) -> str:
    """``text`` with a checksum that fits it again: for the faults the checksum does not stand in front of."""
    header, newline, body = text.partition("\n")
    return seal(header[:-8] + newline + body)


def edited(puzzle: Puzzle, **changes) -> Puzzle:
    return Puzzle(**{**puzzle.__dict__, **changes})


@pytest.mark.parametrize(
    "entry, reason",
    [
        (edited(GOOD[0], moves="1212121"), "line 2: moves '1212121': the game is over"),
        (edited(GOOD[0], moves="2511x66"), "line 2: moves '2511x66' are not a move string"),
        (edited(GOOD[0], moves="1111111"), "line 2: moves '1111111': move 7 ('1'): column 1 is full"),
        (edited(GOOD[0], moves="12121"), "line 2: after 12121 the opponent threatens to win at once"),
        (edited(GOOD[0], column=8), "line 2: column 8 cannot be played after 2511266"),
        (edited(GOOD[0], win_in=20), "line 2: a win in 20 is impossible after 7 moves"),
        (edited(GOOD[0], win_in=1), "line 2: a win in 1 does not fit the position 2511266 and column 4"),
        (edited(GOOD[0], found_by=(3,), grade="expert"), "levels '3' are not depths of the ladder"),
        (edited(GOOD[0], found_by=(4, 2), grade="easy"), "levels '4,2' are not depths of the ladder"),
        (edited(GOOD[0], grade="hard"), "line 2: grade 'hard' does not fit the levels '1,2,4,6,8,10'"),
        (edited(GOOD[0], source="web"), "line 2: unknown source 'web'"),
        (edited(GOOD[1], moves=GOOD[0].moves), "line 3: the position of line 2 again"),
        (edited(GOOD[1], moves="6377622"), "line 3: the position of line 2 again (or its mirror image)"),
    ],
)
def test_a_bad_entry_is_refused_with_its_line_and_reason(tmp_path, entry, reason):
    entries = [GOOD[0], entry] if "line 3" in reason else [entry]
    with raises_saying(PuzzleFileError, "line") as refused:
        load_puzzles(write(tmp_path, file_text(LADDER, entries)))
    assert reason in error_text(refused.value)


def test_a_wrong_length_or_any_other_edit_is_refused_by_the_checksum(tmp_path):
    text = file_text(LADDER, GOOD)
    for changed in (text.replace(" 4 2 ", " 4 3 ", 1), text.replace("2511266", "2511267")):
        assert changed != text
        with raises_saying(PuzzleFileError, "checksum mismatch: the file is damaged"):
            load_puzzles(write(tmp_path, changed))


def test_every_bit_of_the_file_is_checked(tmp_path):
    """Whatever bit of a puzzle file changes (in the header: the levels, the count, the checksum itself; or in
    an entry), the file is refused with one error naming it."""
    data = file_text(LADDER, GOOD).encode()
    path = tmp_path / "changed.txt"
    for changed in every_bit_changed(data):
        path.write_bytes(changed)
        with pytest.raises(PuzzleFileError, match=re.escape(str(path))):
            load_puzzles(path)


def test_a_file_of_the_first_format_is_refused_naming_its_version(tmp_path):
    """Version 1's checksum covered the entry lines alone, so a changed header went unseen."""
    old = file_text(LADDER, GOOD).replace(f"ponder-puzzles {VERSION} ", "ponder-puzzles 1 ", 1)
    with raises_saying(PuzzleFileError, "line 1: format version '1', this program reads version 2"):
        load_puzzles(write(tmp_path, old))


def test_the_shipped_file_is_of_the_current_format():
    assert PUZZLES_PATH.read_text().startswith(f"ponder-puzzles {VERSION} ") and VERSION == 2


@pytest.mark.parametrize(
    "cut, reason",
    [
        (lambda text: text[: text.rindex("\n", 0, -1) + 1], "checksum mismatch"),
        (
            lambda text: resealed(text[: text.rindex("\n", 0, -1) + 1]),
            r"truncated or extra lines \(1 for 2 entries\)",
        ),
        (lambda text: resealed(text[:-5]), r"truncated or extra lines"),
        (
            lambda text: resealed(text + "1 2 3 - easy random\n"),
            r"truncated or extra lines \(3 for 2 entries\)",
        ),
        (lambda text: "", "line 1: not a puzzle file"),
        (lambda text: text.replace("ponder-puzzles 2", "ponder-puzzles 3"), "line 1: format version '3'"),
        (lambda text: resealed(text.replace("7x6", "8x7", 1)), "line 1: puzzles of a 8x7 board"),
        (
            lambda text: resealed(text.replace("count=2", "count=99999999")),
            "line 1: it claims 99999999 entries",
        ),
        (lambda text: resealed(text.replace("count=2", "count=two")), "line 1: count 'two' is not a number"),
        (lambda text: text.replace("crc32=", "crc32=x"), "the header does not end in a checksum"),
        (lambda text: text.replace("crc32=", "crc=32"), "the header does not end in a checksum"),
        (
            lambda text: resealed(text.replace("levels=1,2", "levels=2,1")),
            "line 1: levels '2,1,4,6,8,10' are not",
        ),
    ],
)
def test_a_broken_file_is_refused_with_one_clear_error(tmp_path, cut, reason):
    with raises_saying(PuzzleFileError, reason):
        load_puzzles(write(tmp_path, cut(file_text(LADDER, GOOD))))


def test_unreadable_files_are_refused(tmp_path):
    with raises_saying(PuzzleFileError, "cannot read"):
        load_puzzles(tmp_path / "missing.txt")
    with raises_saying(PuzzleFileError, "line 1: not a puzzle file"):
        load_puzzles(write(tmp_path, b"\xff\xfe puzzles"))
    # Bytes that are no UTF-8 under a checksum that fits them: a writer's fault, told as such.
    header, body = file_text(LADDER, GOOD).encode().split(b"\n", 1)
    header, body = header[:-8], b"\n" + body.replace(b"easy", b"\xffasy", 1)
    not_text = header + f"{zlib.crc32(header + body):08x}".encode() + body
    with raises_saying(PuzzleFileError, "not UTF-8 text"):
        load_puzzles(write(tmp_path, not_text))
    out_of_order = file_text(LADDER, GOOD).split("\n")
    out_of_order[1], out_of_order[2] = out_of_order[2], out_of_order[1]
    with raises_saying(PuzzleFileError, "line 3: out of order"):
        load_puzzles(write(tmp_path, resealed("\n".join(out_of_order))))


def test_garbage_of_every_kind_is_a_puzzle_file_error_never_a_crash(tmp_path):
    text = file_text(LADDER, GOOD)
    rng = random.Random(5)
    for _ in range(300):
        data = bytearray(text.encode())
        for _ in range(rng.randrange(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        try:
            load_puzzles(write(tmp_path, bytes(data)))
        except PuzzleFileError:
            pass


# The grades and the draw.


def test_the_grade_is_the_weakest_level_from_which_every_stronger_one_finds_the_move():
    assert grade_for(LADDER, LADDER) == "easy"
    assert grade_for((2, 4, 6, 8, 10), LADDER) == "easy"
    assert grade_for((1, 4, 6, 8, 10), LADDER) == "medium"
    assert grade_for((1, 2, 6, 8, 10), LADDER) == "hard"
    assert grade_for((8, 10), LADDER) == "hard"
    assert grade_for((1, 2, 4, 6, 8), LADDER) == "expert"
    assert grade_for((10,), LADDER) == "expert"
    assert grade_for((), LADDER) == "expert"


def test_draw_gives_all_there_are_when_asked_for_more(shipped):
    twos = [puzzle for puzzle in shipped if puzzle.win_in == 2]
    assert sorted(draw(shipped, 10**6, 1, 2, 2), key=Puzzle.sort_key) == twos


def test_the_generator_keeps_so_many_of_each_length_taking_the_grades_in_turn():
    puzzles = [
        Puzzle(f"{index}", 1, 2 + index % 2, (), grade, "random")
        for index, grade in enumerate(["easy"] * 20 + ["hard"] * 3 + ["expert"] * 2)
    ]
    chosen = select(puzzles, 6)
    assert Counter(puzzle.win_in for puzzle in chosen) == {2: 6, 3: 6}
    assert Counter(puzzle.grade for puzzle in chosen) == {"easy": 7, "hard": 3, "expert": 2}


# Themes (optional, see ai.puzzles).


def test_themes_are_written_read_back_and_optional(tmp_path):
    themed = [
        edited(GOOD[0], themes=frozenset({PuzzleTheme.DOUBLE_THREAT, PuzzleTheme.FORCING_LINE})),
        edited(GOOD[1], themes=frozenset()),
    ]
    text = file_text(LADDER, themed)
    assert " themes=double_threat,forcing_line\n" in text and " themes=-\n" in text
    loaded = load_puzzles(write(tmp_path, text)).puzzles
    assert loaded == tuple(sorted(themed, key=Puzzle.sort_key))
    assert [puzzle.has_theme(PuzzleTheme.DOUBLE_THREAT) for puzzle in loaded] == [True, False]
    # Lines with and without the field in one file.
    mixed = [themed[0], GOOD[1]]
    assert load_puzzles(write(tmp_path, file_text(LADDER, mixed))).puzzles == tuple(mixed)
    # A file without the field (as made before themes existed) loads, every puzzle's themes unknown.
    assert all(
        puzzle.themes is None for puzzle in load_puzzles(write(tmp_path, file_text(LADDER, GOOD))).puzzles
    )
    assert all(puzzle.has_theme(None) for puzzle in loaded)


def test_a_theme_this_program_does_not_know_is_passed_over(tmp_path):
    line = GOOD[0].line()
    text = resealed(file_text(LADDER, GOOD[:1]).replace(line, f"{line} themes=double_threat,swindle"))
    assert load_puzzles(write(tmp_path, text)).puzzles[0].themes == {PuzzleTheme.DOUBLE_THREAT}


@pytest.mark.parametrize(
    "field, reason",
    [
        ("motifs=double_threat", "a seventh field 'motifs=double_threat' that is not themes="),
        ("themes=", "themes '' are not theme names in ascending order"),
        ("themes=zugzwang,claimeven", "themes 'zugzwang,claimeven' are not theme names in ascending order"),
        ("themes=claimeven,,zugzwang", "are not theme names"),
        ("themes=Double-Threat", "are not theme names"),
        ("themes=zugzwang,zugzwang", "are not theme names"),
    ],
)
def test_a_damaged_themes_field_is_refused_with_its_line_and_reason(tmp_path, field, reason):
    line = GOOD[0].line()
    text = resealed(file_text(LADDER, GOOD[:1]).replace(line, f"{line} {field}"))
    with raises_saying(PuzzleFileError, "line 2") as refused:
        load_puzzles(write(tmp_path, text))
    assert reason in error_text(refused.value)


def test_the_shipped_puzzles_have_their_themes(shipped):
    """Every shipped puzzle has been through the theme tool, and every offered theme has puzzles of it."""
    assert all(puzzle.themes is not None for puzzle in shipped)
    themes = {theme for puzzle in shipped for theme in puzzle.themes or ()}
    assert set(PuzzleTheme) <= themes


def test_a_seeded_sample_of_the_shipped_themes_is_proved_again(shipped, analyzer):
    """Every theme of a sampled puzzle is named by a claim the explainer proves now (with time to spare: a
    theme is never guessed, and one proven once is proven again, whatever the machine's load)."""
    themed = [puzzle for puzzle in shipped if puzzle.themes]
    for puzzle in random.Random(53).sample(themed, 4 if native_in_use() else 1):
        explanation = explain_puzzle(puzzle, analyzer, seconds=120, find_plan=find_plan)
        assert puzzle.themes is not None
        assert puzzle.themes <= themes_of(explanation.claims, len(puzzle.moves) % 2), puzzle.moves


def test_the_theme_tool_resumes_what_a_run_with_its_time_limit_would_find(tmp_path):
    """A verdict of the same time limit is reused, a theme found with less time too (more time finds the same
    claims), a puzzle left without a theme with less time is explained again; a cut last line is redone."""
    plan = frozenset({PuzzleTheme.PLAN, PuzzleTheme.CLAIMEVEN})
    verdicts = {
        "4455": ThemeVerdict("themed", 10.0, 0.5, plan, ("plan",)),
        "1144": ThemeVerdict("unproven", 10.0, 10.0, frozenset(), ()),
        "2551": ThemeVerdict("timeout", 30.0, 30.0, frozenset(), ()),
    }
    progress = tmp_path / "progress.txt"
    progress.write_text("".join(verdict.line(moves) for moves, verdict in verdicts.items()) + "7777 them")
    assert read_progress(progress, 10.0) == {moves: verdicts[moves] for moves in ("4455", "1144")}
    assert read_progress(progress, 30.0) == {moves: verdicts[moves] for moves in ("4455", "2551")}
    assert read_progress(progress, 2.0) == {}
    assert read_progress(tmp_path / "none.txt", 10.0) == {}
