"""Closing the window while a user file cannot be written (a full disk): the window says so, keeps a copy
where there is room, and lets the player wait for space or quit anyway; the next start
counts the kept games."""

from __future__ import annotations

import json

import pygame
import pytest

from game.language import use_language
from tools.support.fakes import FakeEngine, key
from tools.support.waiting import wait_until
from ui.app import App
from ui.kit.widgets import recording_texts
from ui.panels.closing_card import Closing, draw_closing
from ui.state.files import background_writer, fallback, game_end
from ui.state.files.finished_games import FinishedGame, FinishedGames
from ui.state.files.store import JsonStore
from ui.state.files.tally import TALLY_FILE
from ui.state.files.user_data import UserData
from ui.state.options import Mode, PlayOptions
from ui.theme import THEMES, Fonts

KEY = "connect4 7x6 two players"


@pytest.fixture
def pygame_ready():
    pygame.init()
    yield
    pygame.quit()


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """The place a closing window keeps its copies, in the test's folder."""
    folder = tmp_path / "elsewhere"
    monkeypatch.setattr(fallback, "fallback_dir", lambda: folder)
    return folder


def full_disk_window(tmp_path):
    """A window whose score tally cannot be written (its folder is a file), with a finished game counted."""
    (tmp_path / "a file").write_text("not a folder")
    files = UserData(tally=JsonStore(TALLY_FILE, tmp_path / "a file" / TALLY_FILE.file_name))
    app = App(FakeEngine, PlayOptions(mode=Mode.TWO_PLAYERS), start_playing=True, files=files)
    game_end.record(files, FinishedGame("game-1", (KEY, "wins"), None))
    wait_until(lambda: files.tally.failing, "the refused write")
    return app, files


def test_closing_on_a_refused_write_asks_keeps_a_copy_and_the_next_start_counts_it(
    tmp_path, elsewhere, pygame_ready
):
    app, files = full_disk_window(tmp_path)
    app.step([pygame.event.Event(pygame.QUIT)], 0.01)
    # The window stays, says so, and keeps a copy where there is room.
    assert app.running and app.closing is not None and app.closing.files == [TALLY_FILE.title]
    wait_until(lambda: app.closing.kept == elsewhere, "the copy kept elsewhere")
    assert json.loads((elsewhere / "tally.json").read_text())[KEY]["wins"] == 1
    # Q quits anyway.
    app.step([key(pygame.K_q)], 0.01)
    assert not app.running
    app.finish(None)

    # The next start counts the kept game in the user's own files, once, and forgets the copy's journal.
    config = tmp_path / "config"
    later = UserData(tally=JsonStore(TALLY_FILE, config / TALLY_FILE.file_name))
    game_end.recover(later, fallback.kept_games()).then(fallback.forget_kept_games)
    assert later.tally.flush(5) and later.finished.flush(5)
    assert JsonStore(TALLY_FILE, config / TALLY_FILE.file_name).load().get(KEY).wins == 1
    assert not (elsewhere / "finished-games.json").exists()
    # Counted once even if the copy were read again (each file counts a game's id once).
    stored = JsonStore(TALLY_FILE, config / TALLY_FILE.file_name)
    stored.load()
    again = UserData(tally=stored)
    game_end.recover(again, FinishedGames((FinishedGame("game-1", (KEY, "wins"), None),)))
    assert again.tally.flush(5) and again.tally.value.get(KEY).wins == 1


def test_waiting_for_space_closes_the_window_once_all_is_saved_and_drops_the_copy(
    tmp_path, elsewhere, monkeypatch, pygame_ready
):
    monkeypatch.setattr(background_writer, "RETRY_SECONDS", 0.01)
    app, files = full_disk_window(tmp_path)
    app.step([key(pygame.K_q, pygame.KMOD_CTRL)], 0.01)
    assert app.running and app.closing is not None
    app.step([key(pygame.K_w)], 0.01)
    assert app.closing.waiting and app.running
    wait_until(lambda: app.closing.kept == elsewhere, "the copy kept elsewhere")
    # Space again: the writes land, and the window closes by itself.
    (tmp_path / "a file").unlink()
    wait_until(lambda: (app.step([], 0.01), not app.running)[1], "the window to close once saved")
    app.finish(None)
    assert JsonStore(TALLY_FILE, tmp_path / "a file" / TALLY_FILE.file_name).load().get(KEY).wins == 1
    assert not (elsewhere / "tally.json").exists()


def test_esc_goes_back_and_a_second_close_quits_anyway(tmp_path, elsewhere, pygame_ready):
    app, _files = full_disk_window(tmp_path)
    app.step([pygame.event.Event(pygame.QUIT)], 0.01)
    app.step([key(pygame.K_ESCAPE)], 0.01)
    assert app.running and app.closing is None
    app.step([pygame.event.Event(pygame.QUIT)], 0.01)
    app.step([pygame.event.Event(pygame.QUIT)], 0.01)
    assert not app.running
    app.finish(None)


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
@pytest.mark.parametrize("size", [(640, 540), (1600, 1000)])
def test_the_closing_card_is_whole_in_every_language_and_size(pygame_ready, language, size):
    use_language(language)
    try:
        surface = pygame.Surface(size)
        long_folder = fallback.fallback_dir() / "and-a-rather-long-name-to-wrap-over-lines"
        for kept in (None, False, long_folder):
            titles = ["Score tally", "Ratings", "The unfinished game"]
            closing = Closing(titles, "No space left on device", kept, True)
            with recording_texts() as drawn:
                card = draw_closing(surface, THEMES["classic"], Fonts(), closing)
            assert surface.get_rect().contains(card)
            for text in drawn:
                assert text.text == text.wanted, (language, size, text)
                assert card.contains(text.rect), (language, size, text)
    finally:
        use_language("en")
