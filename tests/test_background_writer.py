"""The game in progress written off the UI thread (ui/state/background_writer.py): every change lands in the
file, the latest state wins over unwritten older ones, closing writes what waits, and a failed write reaches
the player as a notice."""

from __future__ import annotations

import json
import threading

import pytest

from tools.support.fakes import FakeEngine
from tools.support.waiting import GENEROUS, wait_until
from ui.play_scene import PlayScene
from ui.state.background_writer import BackgroundWriter
from ui.state.current_game import UNFINISHED_FILE, UnfinishedGame, UnfinishedGames
from ui.state.options import Mode, PlayOptions
from ui.state.store import FileKind, JsonStore
from ui.state.user_data import UserData

#: A file of words in the order they were added: what it holds shows every change applied, in order.
WORDS = FileKind(
    "words.json",
    "The words",
    lambda data: tuple(data["words"]),  # type: ignore[arg-type]
    lambda words: {"words": list(words)},
    tuple,
)


def adding(word: str):
    return lambda words: (*words, word)


def on_file(path) -> list[str] | None:
    return json.loads(path.read_text())["words"] if path.exists() else None


class HeldStore(JsonStore):
    """A store whose first write waits until the test lets it go, and which counts its writes."""

    def __init__(self, kind, path) -> None:
        super().__init__(kind, path)
        self.writing = threading.Event()
        self.go_on = threading.Event()
        self.writes = 0

    def update(self, change):
        self.writes += 1
        if self.writes == 1:
            self.writing.set()
            assert self.go_on.wait(GENEROUS)
        return super().update(change)


def test_a_change_is_known_at_once_and_written_soon(tmp_path):
    writer = BackgroundWriter(JsonStore(WORDS, tmp_path / "words.json"))
    writer.change(adding("one"))
    assert writer.value == ("one",)
    wait_until(lambda: on_file(tmp_path / "words.json") == ["one"], "the write")
    assert writer.take_problem() is None
    writer.close()


def test_the_latest_state_wins_and_no_change_is_lost(tmp_path):
    store = HeldStore(WORDS, tmp_path / "words.json")
    writer = BackgroundWriter(store)
    writer.change(adding("one"))
    assert store.writing.wait(GENEROUS)
    # While the first write is held, three more changes come: they are written as one, in their order.
    for word in ("two", "three", "four"):
        writer.change(adding(word))
    assert writer.value == ("one", "two", "three", "four")
    store.go_on.set()
    assert writer.flush(GENEROUS)
    assert on_file(tmp_path / "words.json") == ["one", "two", "three", "four"]
    assert store.writes == 2
    writer.close()


def test_what_another_window_wrote_meanwhile_is_kept_and_known(tmp_path):
    path = tmp_path / "words.json"
    writer = BackgroundWriter(JsonStore(WORDS, path))
    JsonStore(WORDS, path).update(adding("theirs"))
    writer.change(adding("mine"))
    assert writer.flush(GENEROUS)
    assert on_file(path) == ["theirs", "mine"] and writer.value == ("theirs", "mine")
    writer.close()


def test_closing_writes_what_waits(tmp_path):
    store = HeldStore(WORDS, tmp_path / "words.json")
    writer = BackgroundWriter(store)
    writer.change(adding("one"))
    assert store.writing.wait(GENEROUS)
    writer.change(adding("two"))
    # Closing waits at most its bound: with the write held, it gives up and says so.
    assert not writer.close(0.05)
    store.go_on.set()
    assert writer.close(GENEROUS)
    assert on_file(tmp_path / "words.json") == ["one", "two"]
    # A change after the close is written at once, on the caller's thread.
    writer.change(adding("three"))
    assert on_file(tmp_path / "words.json") == ["one", "two", "three"]


def test_a_failed_write_is_told_once(tmp_path):
    (tmp_path / "a file").write_text("not a folder")
    writer = BackgroundWriter(JsonStore(WORDS, tmp_path / "a file" / "words.json"))
    writer.change(adding("one"))
    assert writer.flush(GENEROUS)
    problem = writer.take_problem()
    assert problem is not None and problem.startswith("The words not saved")
    assert writer.take_problem() is None
    assert writer.value == ("one",)  # the window goes on with what it knows
    writer.close()


def test_a_store_in_memory_is_changed_at_once_without_a_thread():
    writer = BackgroundWriter(JsonStore(WORDS, None))
    threads = threading.active_count()
    writer.change(adding("one"))
    assert writer.value == ("one",) and writer.store.value == ("one",)
    assert threading.active_count() == threads


@pytest.fixture
def pygame_ready():
    import pygame

    pygame.init()
    yield
    pygame.quit()


def test_a_failed_write_of_the_game_in_progress_becomes_a_notice(tmp_path, pygame_ready):
    (tmp_path / "a file").write_text("not a folder")
    files = UserData(unfinished=JsonStore(UNFINISHED_FILE, tmp_path / "a file" / "current-game.json"))
    engine = FakeEngine()
    scene = PlayScene((900, 700), PlayOptions(mode=Mode.TWO_PLAYERS), engine, files=files)
    scene.sitting.try_play(3)
    assert files.unfinished.flush(GENEROUS)
    scene.update(0.05)
    notice = scene.sitting.cues.notice
    assert notice is not None and notice.text.startswith(f"{UNFINISHED_FILE.title} not saved")
    assert files.unfinished.value.newest() is not None  # the window still knows its game


def test_the_window_closing_writes_the_game_in_progress(tmp_path, pygame_ready):
    from ui.app import App

    path = tmp_path / "current-game.json"
    files = UserData(unfinished=JsonStore(UNFINISHED_FILE, path))
    options = PlayOptions(mode=Mode.TWO_PLAYERS)
    app = App(FakeEngine, options, start_playing=False, files=files)
    kept = UnfinishedGames((UnfinishedGame(options, 1, "4", files.window),))
    files.unfinished.change(lambda _: kept)
    app.finish(None)
    assert JsonStore(UNFINISHED_FILE, path).load() == kept
