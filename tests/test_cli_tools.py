"""The analyze and move command-line tools: output format, bad lines, exit status, bad arguments."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys

import pytest

from ai.file_problems import LadderProblem
from game.problems import Problem
from tests.conftest import ROOT, TESTSETS
from ui.command_line.tools import run_tool, table_slots

END_GAME = [
    ("2252576253462244111563365343671351441", -1),
    ("7422341735647741166133573473242566", 1),
    ("23163416124767223154467471272416755633", 0),
]


def run(tool: str, args: list[str], text: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_tool(tool, args, io.StringIO(text), out, err)
    return status, out.getvalue(), err.getvalue()


def test_analyze_prints_moves_and_score_and_ignores_the_rest_of_the_line():
    text = "".join(f"{moves} {score}\n" for moves, score in END_GAME)
    status, out, err = run("analyze", [], text)
    assert status == 0 and err == ""
    assert out.splitlines() == [f"{moves} {score}" for moves, score in END_GAME]


def test_analyze_all_prints_every_column_with_full_ones_marked():
    status, out, _ = run("analyze", ["--all"], END_GAME[2][0] + "\n")
    assert status == 0
    assert out.split() == [END_GAME[2][0], "-1000", "-1000", "0", "-1000", "-2", "-1000", "-1000"]


def test_analyze_weak_prints_signs_only():
    status, out, _ = run("analyze", ["--weak"], "".join(m + "\n" for m, _ in END_GAME))
    assert [line.split()[1] for line in out.splitlines()] == ["-1", "1", "0"]


@pytest.mark.parametrize(
    "options",
    [
        ["--no-book"],
        ["--table-mb", "1"],
        ["--threads", "1", "--all"],
        ["--no-book", "--threads", "2"],
        ["--threads", "3"],
        ["--threads", "4", "--all"],
    ],
)
def test_analyze_solves_without_the_book_on_any_table_and_threads_with_the_same_answers(options):
    """The options of the benchmarks change how the answer is found, never the answer."""
    # 45362: an opening the book answers, which a solve without the book proves in about a second (a two-move
    # opening would take eight, twice in this test, and prove nothing more).
    text = "".join(f"{moves}\n" for moves, _ in END_GAME) + "4455\n45362\n"
    plain = run("analyze", ["--all"] if "--all" in options else [], text)
    status, out, err = run("analyze", options, text)
    assert (status, out) == plain[:2] and plain[0] == 0 and plain[2] == ""
    # Without the book the solve may take long, and it says so first; the answers stay on stdout alone.
    assert ("without an opening book may take" in err) == ("--no-book" in options)


def test_analyze_positions_tells_the_positions_explored_after_the_answers():
    from ai.exact.choice import native_in_use

    text = "".join(f"{moves}\n" for moves, _ in END_GAME)
    status, out, err = run("analyze", ["--no-book", "--positions"], text)
    assert status == 0 and out == run("analyze", ["--no-book"], text)[1]
    counts = dict(
        line.split(": ") for line in err.splitlines() if line.startswith(("positions:", "branched:"))
    )
    # The compiled core also tells the positions left with two moves or more to try, some of them.
    assert list(counts) == (["positions", "branched"] if native_in_use() else ["positions"])
    assert int(counts["positions"]) > int(counts.get("branched", 1)) > 0


def test_no_book_never_asks_for_the_book(monkeypatch):
    import ai.exact.book

    def no_reading(*_):
        raise AssertionError("the book was asked for")

    monkeypatch.setattr(ai.exact.book, "shipped_book", no_reading)
    assert run("analyze", ["--no-book"], "4455\n")[:2] == (0, "4455 18\n")
    with pytest.raises(AssertionError, match="the book was asked for"):
        run("analyze", [], "4455\n")


def test_the_table_size_is_a_power_of_two_within_the_megabytes():
    assert table_slots(1024) == 1 << 27 and table_slots(1000) == 1 << 26
    assert table_slots(1) == 1 << 17 and table_slots(3) == 1 << 18


def test_bad_lines_are_reported_and_the_rest_goes_on():
    text = "44444444\nabc\n1212121\n" + END_GAME[0][0] + "\n9\n"
    status, out, err = run("analyze", [], text)
    assert status == 1
    assert out.splitlines() == [f"{END_GAME[0][0]} {END_GAME[0][1]}"]
    assert err.splitlines() == [
        "line 1: move 7 ('4'): column 4 is full",
        "line 2: move 1 ('a'): 'a' is not a column of a 7-column board",
        "line 3: game is over",
        "line 5: move 1 ('9'): '9' is not a column of a 7-column board",
    ]


def test_tictactoe_analysis_and_moves():
    status, out, _ = run("analyze", ["--game", "tictactoe", "--all"], "\n15\n")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == " 0 0 0 0 0 0 0 0 0"
    # X took cell 1 and O cell 5: those two are marked taken, and X still draws wherever it plays next.
    assert lines[1].split() == ["15", "-1000", "0", "0", "0", "-1000", "0", "0", "0", "0"]
    status, out, _ = run("move", ["--game", "tictactoe", "--depth", "2"], "1245\n")
    # X holds 1 and 4 and wins at once on 7.
    assert (status, out) == (0, "1245 7\n")


def test_move_plays_the_winning_column():
    # Red has three in column 1 and wins by playing it.
    status, out, err = run("move", ["--depth", "1"], "121212\n")
    assert (status, out, err) == (0, "121212 1\n", "")
    status, out, _ = run("move", ["--seconds", "0.2"], "121212\n")
    assert out == "121212 1\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["move"],
        ["move", "--depth", "0"],
        ["move", "--depth", "x"],
        ["move", "--seconds", "-1"],
        ["move", "--depth", "2", "--seconds", "1"],
        ["analyze", "--game", "chess"],
        ["analyze", "--size", "seven"],
        ["analyze", "--size", "9x7"],
        ["analyze", "--bogus"],
        ["analyze", "--threads", "0"],
        ["analyze", "--table-mb", "-5"],
        ["analyze", "--table-mb", "lots"],
    ],
)
def test_bad_arguments_exit_2_with_a_message_and_no_traceback(argv):
    completed = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv], input="", capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 2
    assert "error" in completed.stderr and "Traceback" not in completed.stderr


def test_the_benchmark_file_pipes_in_as_it_is():
    head = "".join((TESTSETS / "Test_L3_R1").read_text().splitlines(keepends=True)[:30])
    completed = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "analyze"],
        input=head,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 0
    assert completed.stdout.splitlines() == head.splitlines()


def test_garbage_bytes_are_bad_lines_not_a_crash():
    completed = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "analyze"],
        input=b"\xff\xfe\x00garbage\n" + b"4" * 100_000 + b"\n",
        capture_output=True,
        timeout=60,
    )
    assert completed.returncode == 1
    assert b"Traceback" not in completed.stderr
    assert completed.stderr.decode().count("line ") == 2


def test_review_prints_every_move_then_an_empty_line_and_reports_bad_lines():
    status, out, err = run("review", ["--game", "tictactoe"], "52\n5x\n\n")
    assert status == 1
    assert out.splitlines() == ["1 5 0 0 best", "2 2 -2 0 mistake", "", ""]
    assert err.splitlines() == ["line 2: move 2 ('x'): 'x' is not a cell of a 3x3 board (cells are 1-9)"]


def test_review_takes_finished_games():
    status, out, _ = run("review", ["--game", "tictactoe"], "521837469\n")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 10 and lines[-1] == ""
    assert lines[-2] == "9 9 1 1 best"  # X completes 1-5-9


def test_rate_prints_both_sides_estimates_and_reports_bad_lines():
    # A short game of a few telling moves each, then a bad line, then a game too short to tell anything.
    status, out, err = run("rate", [], "4455667\n44x\n4\n")
    lines = out.splitlines()
    assert status == 1 and err.startswith("line 2: ") and err.count("\n") == 1
    assert lines[0].split()[0] == "4455667" and len(lines) == 2
    for estimate in lines[0].split()[1:]:
        assert estimate == "-" or estimate.isdigit()
    assert lines[1] == "4 - -"


def test_rate_without_a_usable_ladder_says_why(monkeypatch):
    from ai.rating import ladder

    missing = ladder.LadderFileError("c4-ladder-7x6.txt", Problem.of(LadderProblem.MISSING))
    monkeypatch.setattr(ladder, "shipped_ladder", lambda: missing)
    status, out, err = run("rate", [], "4455667\n")
    assert status == 1 and out == ""
    assert "no ladder to rate against: c4-ladder-7x6.txt: missing" in err


def refusal(tool: str, args: list[str]) -> str:
    """The usage error of ``tool`` with ``args`` (exit status 2): its one error line."""
    err = io.StringIO()
    with pytest.raises(SystemExit) as refused, contextlib.redirect_stderr(err):
        run_tool(tool, args, io.StringIO(""), io.StringIO(), err)
    assert refused.value.code == 2
    lines = [line for line in err.getvalue().splitlines() if "error:" in line]
    assert len(lines) == 1, err.getvalue()
    return lines[0]


def test_depth_goes_to_the_games_deepest_level_and_no_further():
    assert run("move", ["--depth", "10"], "") == (0, "", "")
    assert "deeper than connect4's deepest level: choose 1 to 10, or --seconds S" in refusal(
        "move", ["--depth", "11"]
    )
    assert "tictactoe's deepest level: choose 1 to 6" in refusal(
        "move", ["--game", "tictactoe", "--depth", "7"]
    )
    assert "'0' must be a whole number of at least 1" in refusal("move", ["--depth", "0"])


@pytest.mark.parametrize(
    ("tool", "args", "words"),
    [
        ("move", ["--seconds", "3600.5"], "more than 0 and at most 3600 seconds"),
        ("review", ["--seconds", "0"], "more than 0 and at most 3600 seconds"),
        ("explain", ["--seconds", "4000"], "more than 0 and at most 3600 seconds"),
        ("move", ["--depth", "\uff14"], "write numbers with the digits 0-9"),
        ("move", ["--seconds", "\uff11"], "write numbers with the digits 0-9"),
        ("analyze", ["--table-mb", "\u0664"], "write numbers with the digits 0-9"),
        ("puzzles", ["--count", "\uff13"], "write numbers with the digits 0-9"),
        ("move", ["--depth", "2", "--seed", "1_0"], "'1_0' must be a whole number"),
    ],
)
def test_every_range_is_refused_in_one_line_that_says_it(tool, args, words):
    assert words in refusal(tool, args)


@pytest.mark.parametrize("asked", ["100000", str(10**12)])
def test_more_threads_than_the_machine_can_use_are_refused(asked):
    from ai.exact.machine import most_threads

    line = refusal("analyze", ["--threads", asked])
    assert (
        f"argument --threads: {asked} is more than this machine's cores can use: at most {most_threads()}"
        in line
    )
    assert run("analyze", ["--threads", str(most_threads())], "4444\n") == (0, "4444 1\n", "")


@pytest.mark.parametrize("asked", ["100000", "99999999"])
def test_a_table_bigger_than_the_machine_can_give_is_a_usage_error(asked, monkeypatch):
    from ai.exact import machine

    # Whatever this machine has: one of 4 GB gives at most 2048 MB.
    monkeypatch.setattr(machine, "memory_bytes", lambda: 4 << 30)
    err = io.StringIO()
    with pytest.raises(SystemExit) as refused, contextlib.redirect_stderr(err):
        run_tool("analyze", ["--no-book", "--table-mb", asked], io.StringIO("4444\n"), io.StringIO(), err)
    assert refused.value.code == 2
    assert f"argument --table-mb: {asked} MB is more than this machine can give the table: at most 2048" in (
        err.getvalue()
    )
