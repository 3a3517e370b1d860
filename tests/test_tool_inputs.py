"""What the tools read and say around their work: the window's saved games (as FILE arguments and on stdin),
a damaged book named before the work starts, a long solve warned of, and its progress on stderr alone."""

from __future__ import annotations

import io
import threading

import ai.exact.book as book_module
from game.catalog import new_game
from ui.command_line import long_jobs
from ui.command_line.game_input import GameText, Unreadable, read_games
from ui.command_line.tools import run_tool
from ui.state.files import savegame


def run(tool: str, args: list[str], text: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_tool(tool, args, io.StringIO(text), out, err)
    return status, out.getvalue(), err.getvalue()


def saved(tmp_path, moves: str, name: str = "connect4", size: tuple[int, int] = (7, 6), file: str = "g.txt"):
    """A game saved as the window's Ctrl+S saves it."""
    game = new_game(name, *size)
    game.play_text(moves)
    path = tmp_path / file
    savegame.write(path, game)
    return path


def test_stdin_is_move_lines_or_one_saved_game():
    lines = list(read_games([], ["\n", "4453 -2\n", "44\n"]))
    assert lines == [GameText("", "line 1"), GameText("4453", "line 2"), GameText("44", "line 3")]
    [one] = read_games(
        [], ["\n", "# Ponder saved game\n", "game: connect4\n", "size: 7x6\n", "moves: 4453\n"]
    )
    assert isinstance(one, GameText) and one.moves == "4453" and one.where == "stdin"
    [bad] = read_games([], ["game: connect4\n", "moves: 4453\n"])
    assert isinstance(bad, Unreadable) and "no 'size:' line" in bad.reason


def test_a_finished_game_saved_by_the_window_is_reviewed_rated_and_analyzed(tmp_path):
    finished = saved(tmp_path, "4455667")
    status, out, err = run("review", [str(finished)])
    assert (status, err) == (0, "") and out.splitlines()[-2].split()[:2] == ["7", "7"]
    assert run("review", [], finished.read_text()) == (status, out, err)
    status, out, err = run("rate", [str(finished)])
    assert status == 0 and err == "" and out.split()[0] == "4455667"
    assert run("rate", [], finished.read_text())[1] == out


def test_a_game_under_way_is_explained_analyzed_and_moved_on(tmp_path):
    path = saved(tmp_path, "4453")
    status, out, err = run("explain", [str(path)])
    assert (status, err) == (0, "") and out.startswith("4453 -2 (second player wins in 18)")
    assert run("analyze", [str(path)]) == (0, "4453 -2\n", "")
    assert run("move", ["--depth", "2", str(path)])[1].startswith("4453 ")


def test_a_saved_game_is_read_on_its_own_board_unless_the_tool_is_told_another(tmp_path):
    path = saved(tmp_path, "5", "tictactoe", (3, 3))
    assert run("analyze", [str(path)]) == (0, "5 0\n", "")
    status, out, err = run("analyze", ["--game", "connect4", str(path)])
    assert (status, out) == (1, "")
    assert err == f"{path}: the file holds a tictactoe 3x3 game, not the connect4 7x6 this tool reads\n"
    # rate and explain read Connect Four 7x6 alone.
    assert "not the connect4 7x6 this tool reads" in run("rate", [str(path)])[2]


def test_bad_files_are_named_and_the_others_go_on(tmp_path):
    good = saved(tmp_path, "4453")
    over = saved(tmp_path, "1212121", file="over.txt")
    missing = tmp_path / "none.txt"
    status, out, err = run("analyze", [str(missing), str(over), str(good)])
    assert (status, out) == (1, "4453 -2\n")
    assert err.splitlines() == [
        f"{missing}: cannot read {missing}: No such file or directory",
        f"{over}: the game in it is over (python main.py review reads finished games)",
    ]


def test_a_damaged_book_is_named_before_the_work_starts(tmp_path, monkeypatch):
    broken = tmp_path / "c4-book-7x6.bin"
    broken.write_bytes(b"PONDERBK" + bytes(40))
    monkeypatch.setattr(book_module, "BOOK_PATH", broken)
    monkeypatch.setattr(book_module, "_shipped", None)
    for tool in ("review", "rate", "explain", "analyze"):
        err = io.StringIO()
        seen: list[str] = []

        def lines(err=err, seen=seen):
            # What stderr held when the tool first asked for its input, before any work.
            seen.append(err.getvalue())
            yield from ()

        assert run_tool(tool, [], lines(), io.StringIO(), err) == 0
        assert (
            seen[0].startswith(f"python main.py {tool}: book not used: ") and "c4-book-7x6.bin" in seen[0]
        ), tool
        assert seen[0].count("\n") == (2 if tool == "analyze" else 1), seen[0]


def test_the_long_warning_is_for_large_boards_without_a_book():
    for cells, has_book, warned in [
        (56, True, True),
        (42, False, True),
        (42, True, False),
        (30, False, False),
    ]:
        err = io.StringIO()
        long_jobs.warn_if_long("ponder analyze", "connect4 8x7", cells, has_book and cells == 42, err)
        assert ("may take minutes or more a position; progress below" in err.getvalue()) is warned


class Lines(io.StringIO):
    """stderr that tells a waiting test when a line arrives."""

    def __init__(self) -> None:
        super().__init__()
        self.arrived = threading.Event()

    def write(self, text: str) -> int:
        written = super().write(text)
        self.arrived.set()
        return written


def test_a_slow_position_shows_its_progress_on_stderr_alone(monkeypatch):
    monkeypatch.setattr(long_jobs, "PROGRESS_SECONDS", 0.01)
    out, err = io.StringIO(), Lines()
    explored = iter(range(1000, 10**9, 1000))
    with long_jobs.SolveProgress("ponder analyze", lambda: next(explored), err) as progress:
        progress.start("line 3", "4453")
        # The work takes until a progress line was written: a condition, not a clock.
        assert err.arrived.wait(30)
        out.write("4453 -2\n")
    first = err.getvalue().splitlines()[0]
    assert first.startswith("ponder analyze: line 3 ('4453'): ") and "positions explored in" in first
    assert out.getvalue() == "4453 -2\n"
