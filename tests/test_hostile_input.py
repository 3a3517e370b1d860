"""Issue 8, hostile input and quit latency: broken user files, bad arguments and bad input lines get a
message, never a traceback, and never cost the user the files they had; quitting is prompt even mid-search.

What test_settings.py, test_savegame.py, test_cli_tools.py and test_ui_app.py already check is not repeated
here: this file adds the files and values those leave out (empty, huge, deeply nested, wrong-typed, a
directory), the real ``main.py`` process for every option (exit status, no window opened, the user's files
byte-identical), the analyzer fed NULs, escape sequences, invalid UTF-8 and megabyte lines, and quitting
during a deep search.

Exit statuses (main.py's docstring): 2 for a usage error, 1 for bad input (an unusable ``--load`` file, a bad
line of the tools, output cut off), 0 when the window is closed (also by SIGTERM), 130 for Ctrl+C.
"""

from __future__ import annotations

import json
import logging
import os
import random
import signal
import stat
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from ai.contracts import Limits
from ai.engine import Engine
from ai.messages import BestMove
from assets import read_data_file
from game import ConnectFour, TicTacToe
from tools.support.fakes import FakeEngine
from tools.support.waiting import GENEROUS
from ui import app as app_module
from ui import launch
from ui.app import App
from ui.state.files.current_game import UNFINISHED_FILE
from ui.state.files.finished_games import FINISHED_FILE
from ui.state.files.player_rating import RATINGS_FILE
from ui.state.files.puzzle_record import PUZZLE_FILE
from ui.state.files.settings import SETTINGS_FILE, Settings
from ui.state.files.store import JsonStore
from ui.state.files.tally import TALLY_FILE, Record
from ui.state.files.userfiles import MAX_BYTES
from ui.words.problem_words import reason_text

SETTINGS_NAME = SETTINGS_FILE.file_name
TALLY_NAME = TALLY_FILE.file_name

ROOT = Path(__file__).resolve().parent.parent
MAIN = str(ROOT / "main.py")
#: SDL_VIDEODRIVER for runs that must end before any window opens: opening one with it fails loudly.
NO_WINDOW = "ponder-test-no-window"
#: The one timed bound of this file: the issue asks for half a second; a loaded 2-core CI machine gets slack.
QUIT_BOUND = 2.5
#: Positions near the end of a game, with their exact scores (from the public benchmark set Test_L3_R1).
LATE = [("2252576253462244111563365343671351441", -1), ("7422341735647741166133573473242566", 1)]

#: The user's own files: valid, not the defaults, not laid out as the program writes them: any rewrite shows.
USER_SETTINGS = b'{"theme": "dark", "sound": false, "mine": "keep me"}'
USER_TALLY = b'{"connect4 7x6 vs depth 4": {"wins": 3, "draws": 1, "losses": 2}}'


def environment(tmp_path: Path, video: str = NO_WINDOW) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER=video,
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        PONDER_CONFIG_DIR=str(tmp_path / "config"),
        PONDER_DATA_DIR=str(tmp_path / "data"),
    )
    return env


@pytest.fixture
def user_files(tmp_path):
    """Valid settings and tally in the config directory of the subprocesses; tests check them at the end."""
    config = tmp_path / "config"
    config.mkdir()
    files = {config / SETTINGS_NAME: USER_SETTINGS, config / TALLY_NAME: USER_TALLY}
    for path, content in files.items():
        path.write_bytes(content)
    return files


def assert_untouched(files: dict[Path, bytes]) -> None:
    """Every file byte-identical, and nothing else in its directory (no stray temporary file)."""
    for path, content in files.items():
        assert path.read_bytes() == content, f"{path.name} was changed"
    directories = {path.parent for path in files}
    assert sorted(p.name for d in directories for p in d.iterdir()) == sorted(p.name for p in files)


def run_main(args: list[str], tmp_path: Path, stdin: bytes = b"", video: str = NO_WINDOW):
    return subprocess.run(
        [sys.executable, MAIN, *args],
        input=stdin,
        capture_output=True,
        env=environment(tmp_path, video),
        cwd=tmp_path,
        timeout=60,
    )


def error_text(completed) -> str:
    return completed.stderr.decode("utf-8", errors="replace")


def assert_refused(completed, status: int, words: str) -> str:
    """Exit ``status`` with ``words`` in the message, nothing on stdout, no traceback; returns stderr."""
    err = error_text(completed)
    assert completed.returncode == status, err
    assert words in err
    assert "Traceback" not in err and "pygame.error" not in err
    assert completed.stdout == b""
    return err


# --- settings and score tally files -----------------------------------------------------------------------


def _deep_object(levels: int) -> bytes:
    return b'{"a": ' * levels + b"1" + b"}" * levels


HOSTILE_JSON = {
    "empty": (b"", "not valid JSON"),
    "blank": (b" \n\t\n", "not valid JSON"),
    "truncated": (b'{"theme": "dark", "sou', "not valid JSON"),
    "binary": (random.Random(8).randbytes(4096), "not UTF-8 text"),
    "trailing NUL": (b'{"theme": "dark"}\x00', "not valid JSON"),
    "huge": (b'{"theme": "dark", "pad": "' + b"x" * 5_000_000 + b'"}', "too big"),
    "huge blank": (b" " * (MAX_BYTES + 1), "too big"),
    "deep list": (b"[" * 100_000, "nested too deeply"),
    "deep object": (_deep_object(50_000), "nested too deeply"),
    "number too long": (b'{"window": [' + b"9" * 5000 + b", 780]}", "not valid JSON"),
    "JSON list": (b'["theme", "dark"]', "holds a list"),
    "JSON string": (b'"dark"', "holds a str"),
    "JSON number": (b"42", "not a JSON object"),
    "JSON null": (b"null", "not a JSON object"),
}


#: Every user file the window reads and writes, by kind.
KINDS = {
    "settings": SETTINGS_FILE,
    "tally": TALLY_FILE,
    "unfinished": UNFINISHED_FILE,
    "puzzles": PUZZLE_FILE,
    "ratings": RATINGS_FILE,
    "finished games": FINISHED_FILE,
}


def set_aside_copy(path: Path) -> Path:
    """The one copy of ``path`` set aside as damaged."""
    (aside,) = path.parent.glob(f"{path.stem}.damaged-*{path.suffix}")
    return aside


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("case", list(HOSTILE_JSON))
def test_a_hostile_user_file_is_reported_and_set_aside_whole(tmp_path, kind, case):
    content, words = HOSTILE_JSON[case]
    file_kind = KINDS[kind]
    path = tmp_path / file_kind.file_name
    path.write_bytes(content)
    store = JsonStore(file_kind, path)
    assert store.load() == file_kind.default()
    problem = reason_text(store.problem)
    assert problem and problem.startswith(f"{file_kind.title} could not be used")
    assert words in problem
    aside = set_aside_copy(path)
    assert aside.read_bytes() == content and aside.name in problem
    # What the window does when it closes with nothing changed writes nothing.
    store.update(lambda value: value)
    assert not path.exists() and aside.read_bytes() == content


@pytest.mark.parametrize(
    ("values", "key"),
    [
        ({"game": ["connect4"]}, "'game'"),
        ({"size": {"w": 7, "h": 6}}, "'size'"),
        ({"size": 76}, "'size'"),
        ({"size": "0x0"}, "'size'"),
        ({"mode": 1}, "'mode'"),
        ({"first": None}, "'first'"),
        ({"ponder": "yes"}, "'ponder'"),
        ({"ponder": 1}, "'ponder'"),
        ({"animation": 2}, "'animation'"),
        ({"theme": {"name": "dark"}}, "'theme'"),
        ({"sound": None}, "'sound'"),
        ({"level": None}, "a level should be a string"),
        ({"level": "\u00b2"}, "level not offered (level=\u00b2,"),
        ({"level": "9" * 5000}, "level not offered (level=99999"),
        ({"watch_levels": "22"}, "'watch_levels'"),
        ({"watch_levels": [4, "max"]}, "a level should be a string"),
        ({"window": "960x780"}, "'window'"),
        ({"window": [960.0, 780]}, "'window'"),
        ({"window": [True, 780]}, "'window'"),
        ({"window": [960, 780, 1]}, "'window'"),
        ({"max_seconds": "3"}, "'max_seconds'"),
        ({"max_seconds": float("nan")}, "'max_seconds'"),
        ({"max_seconds": float("inf")}, "'max_seconds'"),
    ],
)
def test_settings_with_values_of_the_wrong_type_fall_back_one_by_one_and_are_kept(
    tmp_path, caplog, values, key
):
    path = tmp_path / SETTINGS_NAME
    content = json.dumps({"theme": "dark", **values}).encode()  # NaN, Infinity as Python's json writes them
    path.write_bytes(content)
    store = JsonStore(SETTINGS_FILE, path)
    with caplog.at_level(logging.WARNING):
        loaded = store.load()
    (name,) = values
    # Only that setting falls back: the others are kept, and the notice names it (the log says why).
    assert replace(loaded, unread=()) == (Settings() if name == "theme" else Settings(theme="dark"))
    assert reason_text(store.problem).startswith(f"Settings: {name} not understood") and key in caplog.text
    store.update(lambda settings: replace(settings, solver_threads=3))
    assert list(tmp_path.iterdir()) == [path]
    written = json.loads(path.read_text())
    assert written["solver_threads"] == 3 and (name == "theme" or written["theme"] == "dark")
    # The value not understood stays in the file for whoever wrote it.
    assert json.dumps(written[name], sort_keys=True) == json.dumps(values[name], sort_keys=True)


@pytest.mark.parametrize(
    "record",
    [
        {"wins": 1.5},
        {"wins": "3"},
        {"draws": None},
        {"losses": True},
        {"wins": -1},
        {"wins": 10**9 + 1},
        [3, 1],
        "3-1",
        None,
        7,
    ],
)
def test_a_tally_record_with_counts_of_the_wrong_type_is_reported_and_set_aside_alone(tmp_path, record):
    path = tmp_path / TALLY_NAME
    content = json.dumps({"connect4 7x6 vs depth 4": {"wins": 1}, "connect4 7x6 vs max": record}).encode()
    path.write_bytes(content)
    tally = JsonStore(TALLY_FILE, path)
    # The good record stays, in the window and in the file; the damaged one is kept alone beside it.
    assert list(tally.load().records) == ["connect4 7x6 vs depth 4"]
    assert tally.value.get("connect4 7x6 vs depth 4").wins == 1
    assert reason_text(tally.problem).startswith("Score tally: 1 damaged entry kept as tally.damaged-")
    assert "'connect4 7x6 vs max'" in reason_text(tally.problem)
    assert json.loads(set_aside_copy(path).read_text()) == {"connect4 7x6 vs max": record}
    assert json.loads(path.read_text()) == {"connect4 7x6 vs depth 4": {"wins": 1, "draws": 0, "losses": 0}}
    # The next start finds nothing damaged.
    again = JsonStore(TALLY_FILE, path)
    again.load()
    assert again.problem is None and again.value == tally.value


def test_a_tally_count_of_4300_digits_is_refused_at_load_not_at_the_next_save(tmp_path):
    path = tmp_path / TALLY_NAME
    content = b'{"x": {"wins": ' + b"9" * 4300 + b"}}"
    path.write_bytes(content)
    tally = JsonStore(TALLY_FILE, path)
    tally.load()
    assert "a number of about 4300 digits" in reason_text(tally.problem)
    assert tally.update(lambda counted: counted.adding("x", "wins")) is None
    assert JsonStore(TALLY_FILE, path).load().get("x").wins == 1
    assert set_aside_copy(path).read_bytes() == content


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_directory_in_place_of_the_file_is_reported_and_survives(tmp_path, kind):
    file_kind = KINDS[kind]
    path = tmp_path / file_kind.file_name
    path.mkdir()
    (path / "inside.txt").write_text("the user's")
    store = JsonStore(file_kind, path)
    store.load()
    assert "not a regular file" in reason_text(store.problem)
    # A change cannot replace a directory: it is not written, with a message; nothing is lost.
    assert "not saved" in reason_text(store.update(lambda value: file_kind.default()))
    assert (path / "inside.txt").read_text() == "the user's"
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


@pytest.mark.parametrize(
    ("environment", "words"),
    [
        ({}, "no display (DISPLAY and WAYLAND_DISPLAY are not set)"),
        ({"DISPLAY": ""}, "no display (DISPLAY and WAYLAND_DISPLAY are not set)"),
        ({"DISPLAY": ":55"}, "the display DISPLAY=:55 cannot be reached"),
        ({"WAYLAND_DISPLAY": "wayland-9"}, "the display WAYLAND_DISPLAY=wayland-9 cannot be reached"),
        (
            {"WAYLAND_DISPLAY": "w", "DISPLAY": ":1"},
            "the display WAYLAND_DISPLAY=w / DISPLAY=:1 cannot be reached",
        ),
    ],
)
def test_why_no_window_names_the_display_tried(environment, words):
    from ui.window.window_loop import unseen_display_reason

    assert words in unseen_display_reason(environment)


def test_a_display_that_cannot_be_reached_is_named_as_unreachable(tmp_path, user_files):
    env = environment(tmp_path)
    for variable in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY"):
        env.pop(variable, None)
    # A display number no X server listens on: no socket of that number, no lock file.
    number = next(n for n in range(190, 400) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    env["DISPLAY"] = f":{number}"
    completed = subprocess.run(
        [sys.executable, MAIN], capture_output=True, env=env, cwd=tmp_path, timeout=GENEROUS
    )
    assert_refused(completed, 1, f"cannot open the window: the display DISPLAY=:{number} cannot be reached")
    assert_untouched(user_files)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
@pytest.mark.parametrize("kind", list(KINDS))
def test_a_named_pipe_in_place_of_the_file_is_refused_at_once_and_left(tmp_path, kind):
    file_kind = KINDS[kind]
    path = tmp_path / file_kind.file_name
    os.mkfifo(path)
    store = JsonStore(file_kind, path)
    store.load()  # returns at once: a pipe with no writer would block a plain open() for ever
    assert "not a regular file" in reason_text(store.problem)
    assert "not saved" in reason_text(store.update(lambda value: file_kind.default()))
    assert stat.S_ISFIFO(path.lstat().st_mode)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_the_program_starts_past_a_named_pipe_and_a_load_of_one_is_refused(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    os.mkfifo(config / SETTINGS_NAME)
    # --continue reads every user file before it finds no game to continue: it answers, it does not hang.
    assert_refused(run_main(["--continue"], tmp_path), 1, "no unfinished game")
    os.mkfifo(tmp_path / "pipe.txt")
    assert_refused(run_main(["--load", str(tmp_path / "pipe.txt")], tmp_path), 1, "not a regular file")


def test_a_linked_file_is_written_through_its_link_and_keeps_its_mode(tmp_path):
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    real = dotfiles / "ponder-settings.json"
    real.write_bytes(USER_SETTINGS)
    os.chmod(real, 0o640)
    config = tmp_path / "config"
    config.mkdir()
    link = config / SETTINGS_NAME
    link.symlink_to(real)
    store = JsonStore(SETTINGS_FILE, link)
    store.load()
    assert store.update(lambda settings: replace(settings, theme="classic")) is None
    assert link.is_symlink() and JsonStore(SETTINGS_FILE, real).load().theme == "classic"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert sorted(p.name for p in config.iterdir()) == [SETTINGS_NAME]


def test_a_new_file_gets_the_mode_a_new_file_gets_under_the_umask(tmp_path):
    mask = os.umask(0o022)
    try:
        JsonStore(TALLY_FILE, tmp_path / TALLY_NAME).update(lambda counted: counted.adding("x", "wins"))
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / TALLY_NAME).stat().st_mode) == 0o644


def test_a_byte_order_mark_from_an_editor_is_accepted(tmp_path):
    (tmp_path / SETTINGS_NAME).write_bytes(b"\xef\xbb\xbf" + USER_SETTINGS)
    store = JsonStore(SETTINGS_FILE, tmp_path / SETTINGS_NAME)
    loaded = store.load()
    assert replace(loaded, unknown=()) == Settings(theme="dark", sound=False) and store.problem is None
    assert [(member.key, member.value_text) for member in loaded.unknown] == [("mine", '"keep me"')]
    (tmp_path / TALLY_NAME).write_bytes(b"\xef\xbb\xbf" + USER_TALLY)
    tally = JsonStore(TALLY_FILE, tmp_path / TALLY_NAME)
    assert tally.load().get("connect4 7x6 vs depth 4") == Record(3, 1, 2) and tally.problem is None


def test_the_window_starts_with_broken_files_shows_why_and_sets_them_aside(tmp_path, monkeypatch, caplog):
    """The whole start of main(): both files broken, the window opens with the defaults, runs and closes."""
    config = tmp_path / "config"
    config.mkdir()
    monkeypatch.setenv("PONDER_CONFIG_DIR", str(config))
    files = {
        config / SETTINGS_NAME: b"[" * 100_000,
        config / TALLY_NAME: b'{"x": {"wins": ' + b"9" * 5000 + b"}}",
    }
    for path, content in files.items():
        path.write_bytes(content)
    apps: list[App] = []
    real_run = App.run

    def remember_and_run(app):
        apps.append(app)
        return real_run(app)

    monkeypatch.setattr(App, "run", remember_and_run)
    frames = iter([[], [], [pygame.event.Event(pygame.QUIT)]])
    monkeypatch.setattr(app_module.pygame.event, "get", lambda: next(frames))
    with caplog.at_level(logging.WARNING):
        assert launch.main([], engine_factory=FakeEngine) == 0
    toast = apps[0].toast
    assert "Settings could not be used" in toast.text and "nested too deeply" in toast.text
    assert [text for text, _ in toast.waiting] == [
        next(reason_text(problem) for problem in apps[0].files.problems()[1:])
    ]
    assert toast.waiting[0][0].startswith("Score tally could not be used")
    assert apps[0].settings == Settings()
    assert sum("could not be used" in record.getMessage() for record in caplog.records) == 2
    for path, content in files.items():
        assert set_aside_copy(path).read_bytes() == content


# --- saved games on the command line ----------------------------------------------------------------------

SAVED_GAMES = {
    "illegal moves": (b"game: connect4\nsize: 7x6\nmoves: 44444444\n", "move 7 ('4'): column 4 is full"),
    "wrong game name": (b"game: checkers\nsize: 8x8\nmoves:\n", "'checkers' is not a game"),
    "finished game": (b"game: tictactoe\nsize: 3x3\nmoves: 14253\n", "the game in it is over"),
    "garbage bytes": (random.Random(3).randbytes(600), "not a text file"),
    "NUL bytes": (b"game: connect4\nsize: 7x6\nmoves: 4\x004\n", "not a text file"),
    "escape sequence": (b"game: connect4\nsize: 7x6\nmoves: 4\x1b[2J\n", "not text"),
    "huge": (b"game: connect4\nsize: 7x6\nmoves:\n" + b"#" * 5_000_000 + b"\n", "too big"),
    "empty": (b"", "empty"),
    "absurd size": (b"game: connect4\nsize: 7x999999999\nmoves: 4\n", "not played on 7x999999999"),
    "zero size": (b"game: connect4\nsize: 0x0\nmoves:\n", "not played on 0x0"),
}


@pytest.mark.parametrize("case", list(SAVED_GAMES))
def test_a_bad_saved_game_exits_1_with_the_reason_before_any_window(tmp_path, user_files, case):
    content, words = SAVED_GAMES[case]
    saved = tmp_path / "saved.txt"
    saved.write_bytes(content)
    err = assert_refused(run_main(["--load", str(saved)], tmp_path), 1, words)
    assert err.startswith(f"main.py: error: bad --load {saved}: ")
    assert "usage:" not in err  # the command line was right; the file is not
    assert "\x1b" not in err and "\x00" not in err
    assert saved.read_bytes() == content
    assert_untouched(user_files)


@pytest.mark.parametrize("what", ["a directory", "a missing file"])
def test_a_directory_or_a_missing_file_to_load_exits_1(tmp_path, user_files, what):
    target = tmp_path / "saves"
    if what == "a directory":
        target.mkdir()
    err = assert_refused(run_main(["--load", str(target)], tmp_path), 1, f"cannot read {target}")
    assert "usage:" not in err
    assert target.is_dir() == (what == "a directory")
    assert_untouched(user_files)


@pytest.mark.parametrize(
    ("extra", "words"),
    [(["--moves", "4"], "cannot be combined"), (["--game", "connect4"], "holds a tictactoe 3x3 game")],
)
def test_load_clashing_with_other_options_is_a_usage_error(tmp_path, user_files, extra, words):
    saved = tmp_path / "saved.txt"
    saved.write_text("game: tictactoe\nsize: 3x3\nmoves: 5\n")
    err = assert_refused(run_main(["--load", str(saved), *extra], tmp_path), 2, words)
    assert err.startswith("usage:")
    assert_untouched(user_files)


# --- the window's command-line options ---------------------------------------------------------------------

LONG_NUMBER = "9" * 5000


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--game"], "argument --game: expected one argument"),
        (["--game", ""], "argument --game: invalid choice"),
        (["--size", "0x0"], "connect4 is not played on 0x0"),
        (["--game", "tictactoe", "--size", "0x0"], "tictactoe is not played on 0x0"),
        (["--size", "\u00b2x6"], "not a board size"),
        (["--size", LONG_NUMBER + "x6"], "not a board size"),
        (["--size", ""], "not a board size"),
        (["--level", ""], "level '' is not offered"),
        (["--level", "\u00b2"], "is not offered"),
        (["--level", LONG_NUMBER], "is not offered"),
        (["--mode", "watch", "--level", "4,4,4"], "not N, max or (watch mode) N,M"),
        (["--mode", "watch", "--level", "max,"], "level '' is not offered"),
        (["--mode"], "argument --mode: expected one argument"),
        (["--first"], "argument --first: expected one argument"),
        (["--seconds", "nan"], "is not a number of seconds"),
        (["--seconds", "inf"], "is not a number of seconds"),
        (["--seconds", "1e400"], "is not a number of seconds"),
        (["--seconds", LONG_NUMBER], "is not a number of seconds"),
        (["--seconds", "0"], "must be more than 0"),
        (["--seconds", "\uff13"], "write numbers with the digits 0-9"),
        (["--moves", "4\x1b[2J"], "move 2 ('\\x1b'): '\\x1b' is not a column"),
        (["--moves", "4" * 100_000], "move 7 ('4'): column 4 is full"),
        (["--no-ponder=yes"], "ignored explicit argument 'yes'"),
        (["--load"], "argument --load: expected one argument"),
        (["stray"], "unrecognized arguments: stray"),
        (["--install-desktop-entry", "--level", "2"], "--install-desktop-entry takes no other option"),
        (["--coach", "--remove-desktop-entry"], "--remove-desktop-entry takes no other option"),
        (["--version", "--level", "1"], "--version takes no other option"),
    ],
)
def test_bad_play_options_exit_2_before_any_window(tmp_path, user_files, argv, words):
    err = assert_refused(run_main(argv, tmp_path), 2, words)
    assert err.startswith("usage:")
    assert "\x1b" not in err
    assert_untouched(user_files)


# --- the tools' command-line options -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        # 0x0 used to mean the standard board: analyze then solved 7x6 from the start, for hours.
        (["analyze", "--size", "0x0"], "no 4-in-a-row game on a 0x0 board"),
        (["move", "--depth", "1", "--size", "0x0"], "no 4-in-a-row game on a 0x0 board"),
        (["move", "--depth", "1", "--game", "tictactoe", "--size", "0x0"], "played on 3x3 or 4x4"),
        # A board of a billion rows used to be built (seconds and gigabytes) before anything refused it.
        (["analyze", "--size", "7x999999999"], "at most 16 rows"),
        (["move", "--depth", "1", "--size", "7x999999999"], "at most 16 rows"),
        (["analyze", "--size", "\u00b2x6"], "not a board size"),
        (["analyze", "--size", LONG_NUMBER + "x6"], "not a board size"),
        (["analyze", "--game", "tictactoe", "--size", "4x3"], "Tic-tac-toe boards are square"),
        (["analyze", "--game"], "argument --game: expected one argument"),
        (["analyze", "--weak=1"], "ignored explicit argument"),
        (["analyze", "--stray"], "unrecognized arguments"),
        (["move", "--depth", "\u00b2"], "argument --depth"),
        (["move", "--depth", LONG_NUMBER], "argument --depth"),
        (["move", "--depth", ""], "argument --depth"),
        (["move", "--seconds", "nan"], "is not a number of seconds"),
        (["move", "--seconds", "inf"], "is not a number of seconds"),
        (["move", "--seconds", "1e400"], "is not a number of seconds"),
        (["move", "--seconds", "0"], "must be more than 0 and at most 3600 seconds"),
        (["move", "--depth", "99"], "choose 1 to 10"),
        (["move", "--depth", "\uff14"], "write numbers with the digits 0-9"),
        (["analyze", "--threads", "99999"], "argument --threads"),
        (["move", "--depth", "1", "--seed", "x"], "argument --seed: 'x' must be a whole number"),
        (["move", "--depth", "1", "--seed"], "argument --seed: expected one argument"),
    ],
)
def test_bad_tool_options_exit_2_with_a_message(tmp_path, argv, words):
    err = assert_refused(run_main(argv, tmp_path, stdin=b"4\n"), 2, words)
    assert err.startswith(("usage:", f"python main.py {argv[0]}: error:"))


# --- input lines of the analyzer ---------------------------------------------------------------------------


def test_hostile_lines_are_reported_one_by_one_and_the_good_ones_answered(tmp_path):
    (good1, score1), (good2, score2) = LATE
    lines = [
        good1.encode() + b"\n",
        b"\x00\x00\x00\n",  # 2
        b"4\x004\n",  # 3
        b"\xff\xfe\xfd invalid UTF-8\n",  # 4
        b"\x1b[2J\x1b[31mred\n",  # 5
        b"4" * 1_000_000 + b"\n",  # 6: a megabyte of digits
        b"1234567" * 15_000 + b"\n",  # 7: 100k characters of columns that are all on the board
        b"x" * 100_000 + b"\n",  # 8
        b"\x0b\x0c\x1c\x1d\x1e\x1f9 trailing words\n",  # 9: characters Python counts as whitespace, then a 9
        good2.encode() + b" 1 the benchmark's score column\r\n",  # CRLF
        good1.encode(),  # no newline at the end
    ]
    completed = run_main(["analyze"], tmp_path, stdin=b"".join(lines))
    err = error_text(completed)
    assert completed.returncode == 1, err
    assert "Traceback" not in err
    answers = [f"{good1} {score1}", f"{good2} {score2}", f"{good1} {score1}"]
    assert completed.stdout.decode().splitlines() == answers
    reported = [line.split(":")[0] for line in err.splitlines()]
    assert reported == [f"line {n}" for n in range(2, 10)]
    assert "\x00" not in err and "\x1b" not in err
    assert "line 2: move 1 ('\\x00'): '\\x00' is not a column" in err
    assert "line 5: move 1 ('\\x1b')" in err
    assert "line 6: move 7 ('4'): column 4 is full" in err


def test_empty_and_blank_lines_are_the_empty_board(tmp_path):
    # The README's convention. A Connect Four analysis of the empty board is a full solve: Tic-tac-toe here.
    completed = run_main(["analyze", "--game", "tictactoe"], tmp_path, stdin=b"\n \n\t\r\n5\n")
    assert (completed.returncode, completed.stderr) == (0, b"")
    assert completed.stdout.decode().splitlines() == [" 0", " 0", " 0", "5 0"]
    completed = run_main(["move", "--depth", "1"], tmp_path, stdin=b"\n\n")
    assert (completed.returncode, completed.stdout, completed.stderr) == (0, b" 4\n 4\n", b"")


def test_no_input_at_all_is_no_output_and_status_0(tmp_path):
    completed = run_main(["analyze"], tmp_path, stdin=b"")
    assert (completed.returncode, completed.stdout, completed.stderr) == (0, b"", b"")


def test_a_reader_that_goes_away_ends_the_tool_quietly(tmp_path):
    """``analyze < positions | head -1``: the pipe closes under the tool's feet."""
    process = subprocess.Popen(
        [sys.executable, MAIN, "analyze"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(tmp_path),
    )
    process.stdout.close()  # nobody will ever read the answers
    try:
        process.stdin.write((LATE[0][0] + "\n").encode() * 2000)
        process.stdin.close()
    except BrokenPipeError:
        pass  # the tool may already have stopped
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) == 1
    assert "Traceback" not in err and "Exception ignored" not in err


# --- quitting during a deep search -------------------------------------------------------------------------


def _wait_until(condition, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never came true"
        time.sleep(0.02)


def _close_during(start_search) -> float:
    """Starts a search on a fresh engine of the window's size, lets it get deep, closes it; returns how many
    seconds close() took."""
    engine = Engine()
    try:
        start_search(engine)
        time.sleep(0.6)
        assert not engine.is_idle(), "the search ended by itself: nothing deep to interrupt"
        assert not [m for m in engine.poll() if isinstance(m, BestMove)]
        started = time.monotonic()
        engine.close()
        elapsed = time.monotonic() - started
    finally:
        engine.close()
    assert not engine.is_alive()
    assert "engine-worker" not in [thread.name for thread in threading.enumerate() if thread.is_alive()]
    print(f"close() took {elapsed * 1000:.1f} ms")
    return elapsed


def test_close_during_a_max_level_think_in_the_exact_solver_is_prompt():
    def think(engine):
        # The max level tries the exact solver first (a tenth of the think time, here a minute), on the 8 x 7
        # board, where no opening book answers at once.
        engine.think(ConnectFour.from_moves("44", 8, 7), Limits(seconds=600))
        _wait_until(lambda: engine._thinker.analyzer.nodes > 0)

    assert _close_during(think) < QUIT_BOUND


def test_close_during_an_endless_max_level_ponder_is_prompt():
    assert _close_during(lambda engine: engine.ponder(ConnectFour.from_moves("4", 8, 7), None)) < QUIT_BOUND


def test_close_during_a_tictactoe_4x4_solve_is_prompt():
    # Tic-tac-toe has no separate solver: the max level is the plain search, which must stop as promptly.
    assert _close_during(lambda engine: engine.think(TicTacToe(4), Limits(seconds=600))) < QUIT_BOUND


def test_ctrl_c_in_the_loop_closes_the_engine_and_goes_on_up(monkeypatch):
    engines: list[FakeEngine] = []

    def factory():
        engines.append(FakeEngine())
        return engines[-1]

    def interrupted():
        raise KeyboardInterrupt

    monkeypatch.setattr(app_module.pygame.event, "get", interrupted)
    with pytest.raises(KeyboardInterrupt):
        launch.main(["--game", "tictactoe"], engine_factory=factory)
    assert engines[0].closed


def _thread_cpu_seconds(pid: int) -> dict[int, float]:
    """CPU time of every thread of ``pid`` (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    seconds = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        seconds[int(tid)] = (int(fields[11]) + int(fields[12])) / ticks
    return seconds


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="watches the engine thread through /proc")
@pytest.mark.parametrize(("how", "status"), [(signal.SIGTERM, 0), (signal.SIGINT, 130)], ids=["TERM", "INT"])
def test_the_real_program_quits_at_once_while_the_engine_thinks(tmp_path, user_files, how, status):
    """Watch mode at the max level with an hour to think, on the 8 x 7 board (on 7 x 6 the opening book would
    answer at once): the engine is deep in the exact solver when the signal comes. SIGTERM closes the window
    like the close button (status 0); Ctrl+C exits 130; neither prints a traceback or touches the user's
    files."""
    process = subprocess.Popen(
        [sys.executable, MAIN, "--mode", "watch", "--level", "max", "--seconds", "3600", "--size", "8x7"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # On a hang the test aborts the program, and the fault handler then prints every thread's stack.
        env={**environment(tmp_path, video="dummy"), "PYTHONFAULTHANDLER": "1"},
        cwd=tmp_path,
    )
    try:
        # Ready when a thread other than the main one (the engine's) has searched for half a second of CPU:
        # by then the window's loop runs (the engine starts just before it) and the search is deep.
        def engine_busy() -> bool:
            assert process.poll() is None, process.stderr.read().decode()
            others = [cpu for tid, cpu in _thread_cpu_seconds(process.pid).items() if tid != process.pid]
            return max(others, default=0.0) >= 0.5

        _wait_until(engine_busy, timeout=60)
        started = time.monotonic()
        process.send_signal(how)
        try:
            code = process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGABRT)
            stacks = process.communicate(timeout=30)[1].decode(errors="replace")
            pytest.fail(f"still running 30 s after {how.name}; its threads:\n{stacks[-8000:]}")
        elapsed = time.monotonic() - started
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    err = process.stderr.read().decode()
    process.stdout.close()
    process.stderr.close()
    print(f"{how.name}: exit {code} {elapsed * 1000:.0f} ms after the signal")
    assert code == status, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert elapsed < QUIT_BOUND
    assert_untouched(user_files)


def test_continue_with_a_damaged_file_says_why_once_and_keeps_the_file_aside(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / UNFINISHED_FILE.file_name).write_text('{"version": 7}')
    err = assert_refused(run_main(["--continue"], tmp_path), 1, "cannot continue")
    assert err.count("version 7 is not 2") == 1, err
    assert set_aside_copy(data / UNFINISHED_FILE.file_name).read_text() == '{"version": 7}'


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_link_to_nothing_is_neither_followed_nor_replaced_and_creates_no_folder(tmp_path, kind):
    file_kind = KINDS[kind]
    config = tmp_path / "config"
    config.mkdir()
    link = config / file_kind.file_name
    missing = tmp_path / "elsewhere" / "deeper" / file_kind.file_name
    link.symlink_to(missing)
    store = JsonStore(file_kind, link)
    store.load()
    assert "a link to a missing file" in reason_text(store.problem)
    assert "not saved" in reason_text(store.update(lambda value: file_kind.default()))
    assert not store.write_failed  # not a write to try again: the file is left alone
    # The link stays as the user made it, and nothing appears where it points.
    assert link.is_symlink() and os.readlink(link) == str(missing)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config"]


def test_with_no_display_the_window_says_so_and_exits_1_at_once(tmp_path, user_files):
    env = environment(tmp_path)
    for variable in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(variable, None)
    # SDL would fall back to a driver that shows nothing, and the window would run unseen until killed.
    completed = subprocess.run(
        [sys.executable, MAIN], capture_output=True, env=env, cwd=tmp_path, timeout=GENEROUS
    )
    assert_refused(completed, 1, "cannot open the window: no display")
    assert_untouched(user_files)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_an_installed_data_file_is_read_only_when_it_is_a_regular_file_of_a_sane_size(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "zeros").symlink_to(os.devnull if not Path("/dev/zero").exists() else "/dev/zero")
    (tmp_path / "big").write_bytes(bytes(2048))
    (tmp_path / "fine").write_bytes(b"data")
    for name in ("pipe", "zeros"):
        with pytest.raises(OSError, match="not a regular file"):
            read_data_file(tmp_path / name)
    with pytest.raises(OSError, match="too big"):
        read_data_file(tmp_path / "big", limit=1024)
    with pytest.raises(FileNotFoundError):
        read_data_file(tmp_path / "missing")
    assert read_data_file(tmp_path / "fine") == b"data"


def test_one_damaged_game_of_the_ratings_or_the_unfinished_games_is_set_aside_alone(tmp_path):
    good_game = {
        "when": "2026-11-01 10:00",
        "level": "4",
        "level_rating": 1500,
        "result": "win",
        "rating": 1400,
        "assists": [],
        "moves": "4444",
    }
    ratings_path = tmp_path / "ratings.json"
    ratings_path.write_text(json.dumps({"connect4 7x6": [good_game, {**good_game, "result": "won"}]}))
    ratings = JsonStore(RATINGS_FILE, ratings_path)
    assert [game.moves for game in ratings.load().games("connect4 7x6")] == ["4444"]
    assert reason_text(ratings.problem).startswith("Ratings: 1 damaged entry kept as ratings.damaged-")
    assert json.loads(set_aside_copy(ratings_path).read_text()) == {
        "connect4 7x6": [{**good_game, "result": "won"}]
    }
    unfinished_path = tmp_path / "current-game.json"
    game = {"game": "connect4", "width": 7, "height": 6, "start": "", "round": 1, "moves": "44"}
    unfinished_path.write_text(json.dumps({"version": 2, "games": [game, {**game, "moves": "4444444"}]}))
    unfinished = JsonStore(UNFINISHED_FILE, unfinished_path)
    assert [kept.moves for kept in unfinished.load().games] == ["44"]
    assert reason_text(unfinished.problem).startswith(
        "The unfinished game: 1 damaged entry kept as current-game.damaged-"
    )
    assert json.loads(set_aside_copy(unfinished_path).read_text())["games"] == [{**game, "moves": "4444444"}]
