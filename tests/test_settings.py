"""Settings and the score tally: round trips, atomic writes, and broken files that are set aside, never
lost."""

from __future__ import annotations

import json
import logging
import re
from dataclasses import replace

import pytest

from ai.play.levels import MAX, Level
from game.language import SOURCE_LANGUAGE, _, ngettext, use_language
from ui.state.files import userfiles
from ui.state.files.settings import SETTINGS_FILE, Settings, from_json, to_json
from ui.state.files.store import JsonStore
from ui.state.files.tally import TALLY_FILE, Record, Tally, matchup_key
from ui.state.files.user_data import UserData
from ui.state.options import FirstPlayer, Mode, PlayOptions
from ui.words.problem_words import reason_text

FILE_NAME = SETTINGS_FILE.file_name

CHANGED = Settings(
    play=PlayOptions(
        game="tictactoe",
        width=4,
        height=4,
        mode=Mode.WATCH,
        level=Level(3),
        watch_levels=(Level(1), MAX),
        first=FirstPlayer.ALTERNATE,
        ponder=False,
        max_seconds=7.5,
    ),
    sound=False,
    theme="high-contrast",
    animation="off",
    window=(1200, 640),
)


def test_the_config_dir_is_injectable_and_tests_never_see_the_real_one(tmp_path, monkeypatch):
    monkeypatch.setenv("PONDER_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("PONDER_DATA_DIR", str(tmp_path / "d"))
    assert userfiles.config_dir() == tmp_path / "c"
    assert userfiles.data_dir() == tmp_path / "d"


def settings_store(path):
    return JsonStore(SETTINGS_FILE, path)


def test_settings_round_trip_through_the_file(tmp_path):
    path = tmp_path / "sub" / FILE_NAME
    store = settings_store(path)
    assert store.load() == Settings() and store.problem is None
    assert store.update(lambda settings: CHANGED) is None
    assert json.loads(path.read_text())["theme"] == "high-contrast"
    again = settings_store(path)
    assert again.load() == CHANGED and again.problem is None
    # Nothing but the file itself is left in the directory: the temporary file was renamed over it, and the
    # lock is the folder's own.
    assert [p.name for p in path.parent.iterdir()] == [FILE_NAME]


def test_a_start_position_is_never_remembered(tmp_path):
    store = settings_store(tmp_path / FILE_NAME)
    store.update(lambda settings: replace(CHANGED, play=replace(CHANGED.play, moves="55")))
    assert settings_store(tmp_path / FILE_NAME).load().play.moves == ""


def test_saving_unchanged_settings_writes_nothing(tmp_path):
    path = tmp_path / FILE_NAME
    store = settings_store(path)
    store.load()
    store.update(lambda settings: Settings())
    assert not path.exists()


def test_unknown_keys_are_kept_and_missing_keys_default(tmp_path):
    path = tmp_path / FILE_NAME
    path.write_text(json.dumps({"theme": "dark", "future_feature": [1, 2], "colour": "teal"}))
    store = settings_store(path)
    loaded = store.load()
    assert replace(loaded, unknown=()) == Settings(theme="dark")
    assert [member.key for member in loaded.unknown] == ["colour", "future_feature"]
    assert store.problem is None  # nothing of the player's is left at a default


#: A later version's settings file, as a person (or another JSON writer) might leave it: keys this version
#: does not know with nested objects, unicode written raw and escaped, numbers in forms Python would not write
#: (1e3, 1E-3, -0.0, 1.0, an integer beyond 64 bits), odd spaces; and a theme this version does not have.
LATER_MEMBERS = (
    '"future": {"z": [1.0, 1e3, -0.0, 12345678901234567890],\n'
    '     "a": {"deep": null, "\\u00e9t\\u00e9": "été 😀"}}',
    '"théâtre":   1E-3',
    '"zeta\\u00df" : [ ]',
    '"theme": "aurora"',
)


def later_file() -> str:
    return "{\n  " + ",\n  ".join(('"sound": true', *LATER_MEMBERS, '"level": "4"')) + "\n}\n"


def test_a_later_versions_settings_survive_a_save_byte_for_byte(tmp_path):
    path = tmp_path / FILE_NAME
    path.write_text(later_file(), encoding="utf-8")
    store = settings_store(path)
    loaded = store.load()
    assert loaded.sound and loaded.play.level == Level(4) and loaded.theme == "classic"
    for turn in (False, True):  # every save, not only the first
        store.update(lambda settings, turn=turn: replace(settings, sound=turn))
        text = path.read_text(encoding="utf-8")
        assert json.loads(text)["sound"] is turn
        for member in LATER_MEMBERS:
            # The member's text as the later version wrote it: the key's and the value's bytes, unchanged.
            key_text, value_text = member.split(":", 1)
            assert f"{key_text.rstrip()}: {value_text.lstrip()}" in text
        assert json.loads(text)["future"] == json.loads(later_file())["future"]
    again = settings_store(path).load()
    assert again.unknown == loaded.unknown and again.sound


def test_a_file_in_this_versions_layout_is_written_back_whole_but_for_the_change(tmp_path):
    path = tmp_path / FILE_NAME
    written = {**to_json(CHANGED), "future": {"b": [1, {"c": "ü"}], "a": 2.5}, "zz": "later"}
    path.write_text(json.dumps(written, indent=2, sort_keys=True) + "\n")
    store = settings_store(path)
    store.load()
    store.update(lambda settings: replace(settings, sound=True))
    assert path.read_text() == json.dumps({**written, "sound": True}, indent=2, sort_keys=True) + "\n"


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b'{"theme": "dark",', "not valid JSON"),
        (b"\xff\xfe\x00garbage\x00", "not UTF-8 text"),
        (b"[1, 2, 3]", "not a JSON object"),
    ],
)
def test_a_broken_file_is_reported_once_and_set_aside_never_overwritten(tmp_path, caplog, content, words):
    path = tmp_path / FILE_NAME
    path.write_bytes(content)
    store = settings_store(path)
    with caplog.at_level(logging.WARNING):
        settings = store.load()
    assert settings == Settings()
    assert words in reason_text(store.problem)
    assert sum(words in record.getMessage() for record in caplog.records) == 1
    # The damaged file is kept beside itself, with the date, and the notice says where.
    (aside,) = tmp_path.glob("settings.damaged-*.json")
    assert aside.read_bytes() == content and aside.name in reason_text(store.problem)
    # The user's next change writes a new file; the damaged one stays as it was.
    store.update(lambda stored: replace(stored, sound=False))
    assert settings_store(path).load() == Settings(sound=False)
    assert aside.read_bytes() == content


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"sound": "yes"}, "'sound' should be bool"),
        ({"theme": "solarized"}, "'theme' is 'solarized'"),
        ({"animation": "warp"}, "'animation' is 'warp'"),
        ({"level": 3}, "a level should be a string"),
        ({"level": "9"}, "level not offered (level=9"),
        ({"size": "9x9"}, "not a tictactoe board"),
        ({"window": [960.5, 780.0]}, "'window'"),
        ({"max_seconds": True}, "'max_seconds' should be"),
        ({"watch_levels": ["2"]}, "two levels"),
        ({"solver_threads": 100000}, "'solver_threads' 100000"),
        ({"language": "tlh"}, "'language' is 'tlh'"),
        ({"theme": "solarized", "animation": "warp", "names": ["Ada"]}, "'names'"),
    ],
)
def test_a_bad_value_costs_only_its_own_setting_and_stays_in_the_file(tmp_path, caplog, values, words):
    path = tmp_path / FILE_NAME
    mine = to_json(CHANGED)
    path.write_text(json.dumps({**mine, **values}))
    store = settings_store(path)
    with caplog.at_level(logging.WARNING):
        loaded = store.load()
    # Every other setting is the player's; the bad ones are their defaults, named in one notice.
    expected = from_json({key: value for key, value in mine.items() if key not in values})
    assert replace(loaded, unread=()) == expected
    named = ", ".join(sorted(values))
    said = "the default is used, and the file keeps it" if len(values) == 1 else None
    said = said or "the defaults are used, and the file keeps them"
    assert reason_text(store.problem) == f"Settings: {named} not understood: {said}"
    assert words in caplog.text and not list(tmp_path.glob("*.damaged-*"))
    # Another change writes the file: the values not understood are still in it, for the version that wrote
    # them, until the player changes those settings.
    store.update(lambda stored: replace(stored, play=replace(stored.play, ponder=True)))
    assert json.loads(path.read_text()) == {**mine, **values, "ponder": True}
    assert settings_store(path).load() == replace(loaded, play=replace(loaded.play, ponder=True))


def test_a_setting_the_player_changes_replaces_the_value_kept_for_a_later_version(tmp_path):
    path = tmp_path / FILE_NAME
    path.write_text(json.dumps({"theme": "solarized", "animation": "warp"}))
    store = settings_store(path)
    assert store.load().theme == "classic"
    store.update(lambda stored: replace(stored, theme="dark"))
    assert json.loads(path.read_text())["theme"] == "dark"
    assert json.loads(path.read_text())["animation"] == "warp"
    assert settings_store(path).load().theme == "dark"


def test_a_window_size_out_of_bounds_is_brought_within_them_when_saved_and_loaded(tmp_path):
    path = tmp_path / FILE_NAME
    store = settings_store(path)
    assert store.update(lambda settings: replace(settings, window=(9000, 100))) is None
    assert settings_store(path).load().window == (8000, 260)
    path.write_text(json.dumps({"window": [10, 99999]}))
    store = settings_store(path)
    assert store.load().window == (320, 8000) and store.problem is None


def test_an_unwritable_directory_is_reported_not_raised(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    store = settings_store(blocker / FILE_NAME)
    assert "Settings not saved" in reason_text(store.update(lambda settings: CHANGED))


def test_json_conversion_is_an_inverse():
    assert from_json(to_json(CHANGED)) == CHANGED


# --- the score tally ----------------------------------------------------------------------------------------


def test_tally_counts_saves_and_resets(tmp_path):
    path = tmp_path / "tally.json"
    tally = JsonStore(TALLY_FILE, path)
    tally.load()
    key = matchup_key("connect4 7x6", "depth 4")
    for result in ("wins", "wins", "draws"):
        tally.update(lambda counted, result=result: counted.adding(key, result))
    tally.update(lambda counted: counted.adding(matchup_key("connect4 7x6", None), "losses"))
    again = JsonStore(TALLY_FILE, path)
    assert again.load().get(key) == Record(2, 1, 0)
    assert again.value.get("connect4 7x6 two players") == Record(0, 0, 1)
    again.update(lambda counted: Tally())
    assert dict(JsonStore(TALLY_FILE, path).load().records) == {}


@pytest.mark.parametrize("content", [b"nonsense", b'{"x": {"wins": -1}}', b'{"x": 3}'])
def test_a_broken_tally_is_reported_and_set_aside_before_a_result_is_counted(tmp_path, content):
    path = tmp_path / "tally.json"
    path.write_bytes(content)
    tally = JsonStore(TALLY_FILE, path)
    tally.load()
    assert tally.problem and dict(tally.value.records) == {}
    (aside,) = tmp_path.glob("tally.damaged-*.json")
    assert aside.read_bytes() == content
    tally.update(lambda counted: counted.adding("x", "draws"))
    assert json.loads(path.read_text()) == {"x": {"wins": 0, "draws": 1, "losses": 0}}
    assert aside.read_bytes() == content


@pytest.mark.parametrize("language", ["de", "fr", "es"])
def test_the_files_problems_are_said_in_the_language_the_settings_choose(tmp_path, language):
    config, data = tmp_path / "config", tmp_path / "data"
    config.mkdir()
    (config / FILE_NAME).write_text(json.dumps({"language": language, "theme": "neon"}))
    (config / TALLY_FILE.file_name).write_text("{ not json")
    try:
        files = UserData.open(config, data, settings_read=lambda read: use_language(read.language))
        note = "Settings: {keys} not understood: the default is used, and the file keeps it"
        set_aside = "{file} could not be used ({reason}); kept as {name}"
        # Each problem in the chosen language: the settings' note, and the damaged tally's, read after them.
        plural = "Settings: {keys} not understood: the defaults are used, and the file keeps them"
        one = ngettext(note, plural, 1).format(keys="theme")
        assert reason_text(files.problems()[0]) == one != note.format(keys="theme")
        pattern = re.escape(_(set_aside)).replace(r"\{file\}", ".*").replace(r"\{reason\}", ".*")
        assert re.fullmatch(pattern.replace(r"\{name\}", ".*"), reason_text(files.problems()[1]))
        assert _(set_aside) != set_aside
    finally:
        use_language(SOURCE_LANGUAGE)
