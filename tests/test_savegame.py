"""Saved games: round trips through the file and the command line, and every kind of bad file refused."""

from __future__ import annotations

import pytest

from game.catalog import new_game
from ui.command_line.play_arguments import parse_play_options
from ui.state.files import savegame
from ui.state.files.savegame import SavedGame, SavedGameError
from ui.words.problem_words import error_text


@pytest.mark.parametrize(
    ("name", "size", "moves"),
    [
        ("connect4", (7, 6), "4453"),
        ("connect4", (9, 7), ""),
        ("tictactoe", (4, 4), "6a1"),
        ("tictactoe", (3, 3), "5"),
        ("connect4", (7, 6), "1212121"),
        ("tictactoe", (3, 3), "14253"),
    ],
)
def test_round_trip(tmp_path, name, size, moves):
    game = new_game(name, *size)
    game.play_text(moves)
    path = tmp_path / "game.txt"
    savegame.write(path, game)
    saved = savegame.read(path)
    assert saved == SavedGame(name, size[0], size[1], moves)
    assert saved.position().moves_text() == moves
    assert [p.name for p in tmp_path.iterdir()] == ["game.txt"]


def test_the_format_is_small_readable_text():
    game = new_game("connect4")
    game.play_text("4453")
    assert savegame.to_text(game).splitlines()[1:] == ["game: connect4", "size: 7x6", "moves: 4453"]
    # Comments, blank lines, spacing and key case are forgiven.
    text = "# mine\n\n  GAME :connect4\nsize:7x6\nmoves:   44\n"
    assert savegame.parse(text) == SavedGame("connect4", 7, 6, "44")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "empty"),
        (b"  \n\n", "empty"),
        (b"game: connect4\nsize: 7x6\n", "no 'moves:' line"),
        (b"game: connect4\nsiz", "expected 'game:'"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not a text file"),
        (bytes(range(256)), "not a text file"),
        (b"game: connect4\nsize: 7x6\nmoves: 4\x01\n", "not text"),
        (b"game: connect4\nsize: 7x6\nmoves: 1111111\n", "move 7 ('1'): column 1 is full"),
        (b"game: connect4\nsize: 7x6\nmoves: 48\n", "move 2 ('8')"),
        (b"game: chess\nsize: 8x8\nmoves: e4\n", "'chess' is not a game"),
        (b"game: tictactoe\nsize: 3x3\nmoves: 4453\n", "move 2 ('4'): cell 4 is taken"),
        (b"game: connect4\nsize: 5x5\nmoves: 1\n", "not played on 5x5"),
        (b"game: connect4\nsize: big\nmoves: 1\n", "size:"),
        (b"game: connect4\ngame: connect4\nsize: 7x6\nmoves: 1\n", "given twice"),
        (b"game: connect4\nsize: 7x6\nmoves: 1\nwinner: me\n", "line 4"),
        (b"x" * 5000, "too big"),
    ],
)
def test_bad_files_are_refused_with_the_reason(tmp_path, content, words):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(SavedGameError) as caught:
        savegame.read(path)
    assert words in error_text(caught.value)


def test_a_missing_file_says_so(tmp_path):
    with pytest.raises(SavedGameError, match="cannot read"):
        savegame.read(tmp_path / "nothing.txt")


def test_a_finished_game_is_saved_and_read_back_over(tmp_path):
    game = new_game("connect4")
    game.play_text("1212121")
    savegame.write(tmp_path / "g.txt", game)
    saved = savegame.read(tmp_path / "g.txt")
    assert saved.position().is_over() and saved.board() == "connect4 7x6"


@pytest.mark.parametrize(
    ("line", "saved"),
    [
        ("# Ponder saved game", True),
        ("  GAME : connect4", True),
        ("moves:4453", True),
        ("4453", False),
        ("4453 -2", False),
        ("winner: me", False),
        ("", False),
    ],
)
def test_a_saved_game_is_told_from_a_move_string_by_its_first_line(line, saved):
    assert savegame.looks_saved(line) is saved


def test_load_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "g.txt"
    path.write_text("game: tictactoe\nsize: 4x4\nmoves: 6a\n")
    options = parse_play_options(["--load", str(path), "--level", "2"])
    assert (options.game, options.width, options.height, options.moves) == ("tictactoe", 4, 4, "6a")
    for argv, words in [
        (["--load", str(path), "--moves", "1"], "cannot be combined"),
        (["--load", str(path), "--game", "connect4"], "holds a tictactoe 4x4 game"),
        (["--load", str(tmp_path / "none.txt")], "bad --load"),
    ]:
        with pytest.raises(SystemExit):
            parse_play_options(argv)
        assert words in capsys.readouterr().err
    # A finished game has nothing left to play: refused, saying where its review is.
    finished = tmp_path / "over.txt"
    finished.write_text("game: connect4\nsize: 7x6\nmoves: 1212121\n")
    for argv, words in [
        (
            ["--load", str(finished)],
            f"the game in it is over (Ctrl+O in the window opens its review; so does ponder review "
            f"{finished})",
        ),
    ]:
        with pytest.raises(SystemExit):
            parse_play_options(argv)
        assert words in capsys.readouterr().err
