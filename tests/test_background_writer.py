"""The user's files written off the UI thread (ui/state/files/background_writer.py): every change lands in the
file, the latest state wins over unwritten older ones, closing writes what waits, and a failed write of any
user file reaches the player as a notice (the settings' as a toast)."""

from __future__ import annotations

import json
import threading

import pygame
import pytest

from tools.support.fakes import FakeEngine, key
from tools.support.waiting import GENEROUS, wait_until
from ui.play.scene import PlayScene
from ui.state.files import background_writer
from ui.state.files.background_writer import BackgroundWriter
from ui.state.files.current_game import UNFINISHED_FILE, UnfinishedGame, UnfinishedGames
from ui.state.files.player_rating import RATINGS_FILE
from ui.state.files.settings import SETTINGS_FILE
from ui.state.files.store import FileKind, JsonStore
from ui.state.files.tally import TALLY_FILE
from ui.state.files.user_data import UserData
from ui.state.options import FirstPlayer, Mode, PlayOptions
from ui.words.notice_words import notice_text
from ui.words.problem_words import reason_text

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
    wait_until(lambda: writer.failing, "the failed write")
    problem = reason_text(writer.take_problem())
    assert problem is not None and problem.startswith("The words not saved")
    assert writer.take_problem() is None
    assert writer.value == ("one",)  # the window goes on with what it knows
    # The change waits for a disk that takes it: closing gives up within its bound and says so.
    assert not writer.close(0.05)


def test_a_failed_write_is_retried_until_the_file_holds_what_the_window_showed(tmp_path, monkeypatch):
    monkeypatch.setattr(background_writer, "RETRY_SECONDS", 0.01)
    (tmp_path / "a file").write_text("not a folder")
    path = tmp_path / "a file" / "words.json"
    writer = BackgroundWriter(JsonStore(WORDS, path))
    writer.change(adding("one"))
    wait_until(lambda: writer.failing, "the failed write")
    writer.change(adding("two"))
    # The disk takes writes again: the failed change lands with the later one, in their order.
    (tmp_path / "a file").unlink()
    assert writer.flush(GENEROUS)
    assert on_file(path) == ["one", "two"] and writer.value == ("one", "two")
    assert not writer.failing
    writer.close()


def test_a_store_in_memory_is_changed_at_once_without_a_thread():
    writer = BackgroundWriter(JsonStore(WORDS, None))
    threads = threading.active_count()
    writer.change(adding("one"))
    assert writer.value == ("one",) and writer.store.value == ("one",)
    assert threading.active_count() == threads


@pytest.fixture
def pygame_ready():
    pygame.init()
    yield
    pygame.quit()


def unwritable(tmp_path, kind: FileKind) -> JsonStore:
    """A store of ``kind`` whose file cannot be written: its folder is a file."""
    (tmp_path / "a file").write_text("not a folder")
    return JsonStore(kind, tmp_path / "a file" / kind.file_name)


def test_a_failed_write_of_the_game_in_progress_becomes_a_notice(tmp_path, pygame_ready):
    files = UserData(unfinished=unwritable(tmp_path, UNFINISHED_FILE))
    engine = FakeEngine()
    scene = PlayScene((900, 700), PlayOptions(mode=Mode.TWO_PLAYERS), engine, files=files)
    scene.play_state.try_play(3)
    wait_until(lambda: files.unfinished.failing, "the failed write")
    scene.update(0.05)
    notice = scene.play_state.feedback.notice
    assert notice is not None and notice_text(notice.said).startswith(f"{UNFINISHED_FILE.title} not saved")
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


def test_a_failed_write_of_the_settings_becomes_a_toast(tmp_path, pygame_ready):
    from ui.app import App

    files = UserData(settings=unwritable(tmp_path, SETTINGS_FILE))
    app = App(FakeEngine, PlayOptions(mode=Mode.TWO_PLAYERS), start_playing=True, files=files)
    app.step([key(pygame.K_m)], 0.01)  # M mutes: a setting to remember
    wait_until(lambda: files.settings.failing, "the failed write")
    app.step([], 0.01)
    assert (app.toast.text or "").startswith(f"{SETTINGS_FILE.title} not saved")
    assert files.settings.value.sound is False  # the window goes on with its own


def finished_game_notice(files: UserData, writer: BackgroundWriter, options: PlayOptions, moves) -> str:
    """The notice on the board once the human has played ``moves`` against the fake engine (which plays the
    leftmost column) to the game's end and ``writer`` has written."""
    engine = FakeEngine(choose=lambda game: min(game.moves()))
    scene = PlayScene((900, 700), options, engine, files=files)
    for move in moves:
        assert scene.play_state.try_play(move) is None
        for _ in range(20):
            for message in engine.poll():
                scene.receive(message)
            scene.update(0.1)
    assert scene.play_state.game.is_over()
    wait_until(lambda: writer.failing, "the failed write")
    scene.update(0.05)
    notice = scene.play_state.feedback.notice
    assert notice is not None
    return notice_text(notice.said)


def test_a_failed_write_of_the_score_tally_becomes_a_notice(tmp_path, pygame_ready):
    files = UserData(tally=unwritable(tmp_path, TALLY_FILE))
    text = finished_game_notice(files, files.tally, PlayOptions(mode=Mode.TWO_PLAYERS), (0, 1, 0, 1, 0, 1, 0))
    assert text.startswith(f"{TALLY_FILE.title} not saved")
    assert files.tally.value.get("connect4 7x6 two players").wins == 1  # still counted in the window


def test_a_failed_write_of_the_ratings_becomes_a_notice(tmp_path, pygame_ready):
    files = UserData(ratings=unwritable(tmp_path, RATINGS_FILE))
    options = PlayOptions(first=FirstPlayer.HUMAN)
    text = finished_game_notice(files, files.ratings, options, (3, 3, 3, 3))
    assert text.startswith(f"{RATINGS_FILE.title} not saved")
    assert len(files.ratings.value.games("connect4 7x6")) == 1  # still recorded in the window


def test_the_window_closing_says_which_files_it_could_not_write(tmp_path, pygame_ready, monkeypatch, caplog):
    from ui import app as app_module

    monkeypatch.setattr(app_module, "FILE_WRITE_SECONDS", 0.05)
    files = UserData(tally=unwritable(tmp_path, TALLY_FILE))
    app = app_module.App(FakeEngine, PlayOptions(mode=Mode.TWO_PLAYERS), start_playing=False, files=files)
    files.tally.change(lambda tally: tally.adding("connect4 7x6 two players", "wins"))
    app.finish(None)
    assert f"Not saved as the window closed: {TALLY_FILE.title}" in caplog.text


# --- order between files ------------------------------------------------------------------------------------


def test_a_change_after_another_files_change_is_known_at_once_and_written_only_once_that_one_landed(tmp_path):
    first = HeldStore(WORDS, tmp_path / "first.json")
    second = JsonStore(WORDS, tmp_path / "second.json")
    first_writer, second_writer = BackgroundWriter(first), BackgroundWriter(second)
    landed = first_writer.change(adding("journal"))
    follows = second_writer.change(adding("count"), after=landed)
    assert first.writing.wait(GENEROUS)
    # The first file's write is held: the second's change is known, waits, and the writer has settled.
    assert second_writer.value == ("count",) and not landed.landed and not follows.landed
    wait_until(lambda: second_writer.settled, "the second writer to settle behind the first file")
    assert on_file(second.path) is None
    first.go_on.set()
    assert first_writer.flush(GENEROUS) and second_writer.flush(GENEROUS)
    assert landed.landed and follows.landed
    assert on_file(first.path) == ["journal"] and on_file(second.path) == ["count"]


def test_landing_all_lands_with_the_last_and_runs_its_callbacks_once():
    parts = [background_writer.Landing(), background_writer.Landing()]
    calls = []
    together = background_writer.Landing.all(parts)
    together.then(lambda: calls.append("done"))
    parts[0].land()
    assert not together.landed and calls == []
    parts[1].land()
    parts[1].land()
    assert together.landed and calls == ["done"]
    together.then(lambda: calls.append("late"))
    assert calls == ["done", "late"]
    assert background_writer.Landing.all([]).landed
