"""The translations: every catalog complete for the code as it is now (the template extracted afresh), its
placeholders the English ones, its compiled .mo the same messages; the system's language chosen as GNU gettext
does, a damaged catalog shown as English with a message; the language setting kept and applied at once."""

from __future__ import annotations

import argparse
import gettext
import logging
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

import game.language as language
from assets.catalogs import catalog_path, shipped_catalogs
from assets.manifest import MANIFEST_NAME, manifest_text, verified_bytes
from game.language import LANGUAGES, SOURCE_LANGUAGE, _, ngettext, system_language, use_catalogs, use_language
from tools.support.fakes import FakeEngine, click, key
from tools.support.waiting import GENEROUS
from tools.translations import TRANSLATED, extract_template
from ui.app import App
from ui.panels.settings_panel import panel_layout
from ui.play.scene import PlayScene
from ui.state.files.settings import SETTINGS_FILE, Settings, from_json, to_json
from ui.state.files.store import JsonStore
from ui.state.files.user_data import UserData
from ui.state.options import PlayOptions
from ui.window.desktop_entry import entry_text

#: A placeholder of str.format ({name}, {count:d}) or of %-formatting (%d, %(name)s, %.1f).
PLACEHOLDER = re.compile(
    r"\{[A-Za-z_0-9]*(?:![rsa])?(?::[^{}]*)?\}|%(?:\([A-Za-z_0-9]+\))?[-#0 +]*\d*(?:\.\d+)?[sdifrx%]"
)


@pytest.fixture(autouse=True)
def english_afterwards():
    """Each test leaves the shipped catalogs in use, and English."""
    yield
    use_catalogs(shipped_catalogs())
    use_language(SOURCE_LANGUAGE)


@pytest.fixture(scope="module")
def template() -> Catalog:
    return extract_template()


def read_catalog(code: str) -> Catalog:
    with catalog_path(code, ".po").open("rb") as file:
        return read_po(file, locale=code)


def forms(text: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """The forms of a message's id or string: a plural has several (a tuple from a .po, a list from a .mo)."""
    return tuple(text) if isinstance(text, (tuple, list)) else (text or "",)


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


# --- (a), (b), (c): the catalogs ----------------------------------------------------------------------------


def test_the_template_holds_the_texts_the_code_marks(template):
    ids = {message.id if isinstance(message.id, str) else message.id[0] for message in template if message.id}
    assert {"Settings", "Language", "Auto"} <= ids


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalog_translates_every_text_of_the_code_now(code, template):
    """Fails until the translators have filled the catalogs for the texts of the code as it is now."""
    catalog = read_catalog(code)
    missing, fuzzy, empty, wrong_forms = [], [], [], []
    for wanted in template:
        if not wanted.id:
            continue
        message = catalog.get(wanted.id, context=wanted.context)
        if message is None:
            missing.append(wanted.id)
            continue
        if message.fuzzy:
            fuzzy.append(wanted.id)
        if not all(forms(message.string)):
            empty.append(wanted.id)
        if wanted.pluralizable and len(forms(message.string)) != catalog.num_plurals:
            wrong_forms.append(wanted.id)
    assert (missing, fuzzy, empty, wrong_forms) == ([], [], [], [])


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_keeps_the_english_placeholders(code):
    catalog = read_catalog(code)
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        english = [placeholders(text) for text in forms(message.id)]
        translated = [placeholders(text) for text in forms(message.string) if text]
        if not message.pluralizable:
            if translated and translated != english:
                wrong.append(message.id)
        # A plural form may leave out the number (French "un coup"), but adds no placeholder of its own.
        elif any(set(found) - set(english[-1]) for found in translated) or (
            translated and all(forms(message.string)) and set().union(*translated) != set(english[-1])
        ):
            wrong.append(message.id)
    assert wrong == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_compiled_catalog_holds_the_messages_of_its_po(code):
    catalog = read_catalog(code)
    with catalog_path(code, ".mo").open("rb") as file:
        compiled = read_mo(file)

    def translated(messages: Catalog) -> dict[tuple[str | None, tuple[str, ...]], tuple[str, ...]]:
        return {
            (message.context, forms(message.id)): forms(message.string)
            for message in messages
            if message.id and not message.fuzzy and all(forms(message.string))
        }

    assert translated(compiled) == translated(catalog)
    assert compiled.plural_forms == catalog.plural_forms


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalog_has_its_languages_plural_rule(code):
    assert read_catalog(code).plural_forms == Catalog(locale=code).plural_forms


# --- (d): which language ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LANGUAGE": "pt_BR:de", "LANG": "es_ES.UTF-8"}, "de"),  # its first language that Ponder has
        ({"LC_ALL": "de_AT.UTF-8@euro", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LC_MESSAGES": "es_MX.UTF-8", "LANG": "fr_FR.UTF-8"}, "es"),
        ({"LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "pt_PT.UTF-8"}, "en"),  # a language without a catalog: English
        ({"LANGUAGE": "", "LANG": "de_DE.UTF-8"}, "de"),  # an empty variable is not set
        ({}, "en"),
    ],
)
def test_the_system_language_is_read_as_gnu_gettext_reads_it(environment, expected):
    assert system_language(environment) == expected


def a_catalog(folder: Path, code: str, messages: dict[object, object]) -> None:
    """A compiled catalog of ``messages`` for ``code`` in ``folder`` (a stand-in for assets/locale)."""
    catalog = Catalog(locale=code, fuzzy=False)
    for msgid, string in messages.items():
        catalog.add(msgid, string)
    path = folder / code / "LC_MESSAGES" / "ponder.mo"
    path.parent.mkdir(parents=True)
    with path.open("wb") as file:
        write_mo(file, catalog)
    path.with_name(MANIFEST_NAME).write_text(manifest_text({path.name: path.read_bytes()}))


@pytest.fixture
def stand_in_catalogs(tmp_path, monkeypatch) -> Path:
    """French and German stand-in catalogs, so the tests do not wait for the translators."""
    moves = ("{count} move", "{count} moves")
    # French has three forms (the second for a million and its multiples: "un million de coups").
    french_moves = ("{count} coup", "{count} de coups", "{count} coups")
    a_catalog(tmp_path, "fr", {"Settings": "Paramètres", moves: french_moves})
    a_catalog(tmp_path, "de", {"Settings": "Einstellungen", "Language": "Sprache", "Auto": "Automatisch"})
    use_catalogs(shipped_catalogs(tmp_path))
    return tmp_path


def test_a_language_translates_texts_and_counts_by_its_own_plural_rule(stand_in_catalogs):
    assert use_language("fr") == "fr" and language.current_language() == "fr"
    assert _("Settings") == "Paramètres" and _("Sound") == "Sound"  # untranslated: English
    # French takes the singular for 0 and 1, English only for 1.
    shown = [ngettext("{count} move", "{count} moves", n) for n in (0, 1, 2, 1_000_000)]
    assert shown == ["{count} coup", "{count} coup", "{count} coups", "{count} de coups"]
    assert use_language("en") == "en" and _("Settings") == "Settings"
    assert ngettext("{count} move", "{count} moves", 0) == "{count} moves"


def test_an_empty_choice_follows_the_system_and_an_unknown_one_is_english(stand_in_catalogs, monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert use_language("") == "fr" and use_language(None) == "fr"
    monkeypatch.setenv("LANGUAGE", "de")
    assert use_language("") == "de" and _("Settings") == "Einstellungen"
    assert use_language("xx") == "en" and _("Settings") == "Settings"
    assert language.language_problem() is None


@pytest.mark.parametrize("damage", [b"", b"not a catalog at all", bytes(range(256)) * 4])
def test_a_damaged_catalog_shows_english_and_says_so(stand_in_catalogs, damage, caplog):
    path = stand_in_catalogs / "de" / "LC_MESSAGES" / "ponder.mo"
    if damage:
        path.write_bytes(damage)
    else:
        path.write_bytes(path.read_bytes()[:40])  # cut short: the tables point past the end
    with caplog.at_level(logging.WARNING):
        assert use_language("de") == "en"
    assert _("Settings") == "Settings"
    problem = language.language_problem()
    assert problem is not None and "Deutsch" in problem and "English" in problem
    assert problem in caplog.text
    assert use_language("fr") == "fr" and language.language_problem() is None


def test_a_catalog_with_one_byte_changed_inside_a_text_is_refused(stand_in_catalogs):
    """gettext itself would take it and show a wrong letter: the manifest beside it catches that."""
    path = stand_in_catalogs / "de" / "LC_MESSAGES" / "ponder.mo"
    data = bytearray(path.read_bytes())
    data[data.index(b"Einstellungen")] ^= 0x01
    path.write_bytes(bytes(data))
    assert use_language("de") == "en" and _("Settings") == "Settings"
    problem = language.language_problem()
    assert problem is not None and "ponder.mo" in problem and "damaged" in problem


@pytest.mark.parametrize("damage", [b"", b"\xde\x12\x04\x95"])  # empty; its magic number only
def test_argparse_stays_english_past_a_damaged_catalog_and_never_reads_it(
    stand_in_catalogs, monkeypatch, damage
):
    """argparse asks gettext, which would read the catalog unchecked and raise inside every parser."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANGUAGE", "de")
    (stand_in_catalogs / "de" / "LC_MESSAGES" / "ponder.mo").write_bytes(damage)
    # The process's gettext domain is put back as it was after the test.
    monkeypatch.setattr(gettext, "_current_domain", gettext._current_domain)
    monkeypatch.setattr(gettext, "_localedirs", dict(gettext._localedirs))
    language.speak_for_argparse()
    parser = argparse.ArgumentParser(prog="ponder")
    assert parser.format_usage() == "usage: ponder [-h]\n"


def test_argparse_speaks_a_sound_catalog(stand_in_catalogs, monkeypatch):
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setattr(gettext, "_current_domain", gettext._current_domain)
    monkeypatch.setattr(gettext, "_localedirs", dict(gettext._localedirs))
    language.speak_for_argparse()
    assert gettext.dgettext(language.DOMAIN, "Settings") == "Einstellungen"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_named_pipe_for_a_catalog_is_refused_at_once(stand_in_catalogs):
    path = stand_in_catalogs / "de" / "LC_MESSAGES" / "ponder.mo"
    path.unlink()
    os.mkfifo(path)
    chosen: list[str] = []
    # On a thread, so that a read that blocks fails the test instead of holding the run.
    reader = threading.Thread(target=lambda: chosen.append(use_language("de")), daemon=True)
    reader.start()
    reader.join(GENEROUS)
    assert chosen == ["en"]
    problem = language.language_problem()
    assert problem is not None and "not a regular file" in problem


def test_every_shipped_catalog_is_what_its_manifest_lists():
    for code in TRANSLATED:
        assert verified_bytes(catalog_path(code))


def test_the_window_shows_a_damaged_catalog_as_a_start_notice(stand_in_catalogs, tmp_path):
    (stand_in_catalogs / "de" / "LC_MESSAGES" / "ponder.mo").write_bytes(b"\x00" * 64)
    pygame.init()
    app = App(
        FakeEngine,
        PlayOptions(),
        start_playing=False,
        files=UserData(settings=settings_store(tmp_path, "de")),
    )
    assert app.toast.text is not None and "Deutsch" in app.toast.text
    assert language.current_language() == "en"


# --- (e): the setting ---------------------------------------------------------------------------------------


def settings_store(folder: Path, language_code: str) -> JsonStore[Settings]:
    store = JsonStore(SETTINGS_FILE, folder / "settings.json")
    store.load()
    store.update(lambda stored: Settings(language=language_code))
    return store


@pytest.mark.parametrize("code", ["", *LANGUAGES])
def test_the_language_setting_is_kept(code):
    assert from_json(to_json(Settings(language=code))).language == code


def test_an_unknown_language_in_the_file_reads_as_the_systems():
    assert from_json({**to_json(Settings()), "language": "tlh"}).language == ""
    assert Settings(language="tlh").language == ""


def test_the_panel_changes_the_language_at_once_and_it_is_remembered(stand_in_catalogs, tmp_path):
    pygame.init()
    store = settings_store(tmp_path, "en")
    app = App(FakeEngine, PlayOptions(), start_playing=True, files=UserData(settings=store))
    assert isinstance(app.scene, PlayScene)
    app.step([key(pygame.K_F2)], 0.01)
    rows = app._setting_rows()
    row = next(index for index, row in enumerate(rows) if row.key == "language")
    assert [text for _value, text in rows[row].choices] == ["Auto", *LANGUAGES.values()]
    deutsch = next(
        button
        for button in panel_layout(app.scene.size, app.fonts, rows).buttons[row]
        if button.label == "Deutsch"
    )
    drawn = app.picture()
    app.step([click(deutsch.rect.center)], 0.01)
    assert language.current_language() == "de" and app.settings.language == "de"
    rows = app._setting_rows()
    assert rows[row].label == "Sprache" and rows[row].choices[0][1] == "Automatisch"
    assert app.picture() != drawn
    assert app.files.settings.flush(GENEROUS)
    assert JsonStore(SETTINGS_FILE, store.path).load().language == "de"


def test_every_language_has_a_catalog():
    for code in TRANSLATED:
        assert catalog_path(code, ".po").is_file() and catalog_path(code, ".mo").is_file()
    assert set(TRANSLATED) == set(LANGUAGES) - {SOURCE_LANGUAGE}


def test_the_desktop_entry_carries_each_languages_comment_and_one_name(tmp_path, monkeypatch):
    comment = "Connect Four and Tic-tac-toe against an AI that thinks on your time"
    a_catalog(tmp_path, "de", {comment: "Vier gewinnt und Tic-Tac-Toe gegen eine KI"})
    use_catalogs(shipped_catalogs(tmp_path))
    lines = entry_text(["ponder"], Path("/icon.png")).splitlines()
    assert f"Comment={comment}" in lines and "Comment[de]=Vier gewinnt und Tic-Tac-Toe gegen eine KI" in lines
    assert not any(line.startswith(("Comment[fr]", "Comment[es]", "Name[")) for line in lines)  # no catalog
    assert "Name=Ponder" in lines


def test_a_tool_speaks_the_systems_language_argparse_s_own_words_too(tmp_path):
    """Our messages and the words argparse prints itself ("usage:", "error:") both in German, the answers'
    lines as they are."""
    main = Path(__file__).resolve().parent.parent / "main.py"
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("LANG", "LC_"))}
    done = subprocess.run(
        [sys.executable, str(main), "analyze", "--threads", "0"],
        env={**environment, "LANGUAGE": "de"},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("Aufruf: ")
    assert "analyze: Fehler: Argument --threads: '0' muss eine ganze Zahl ab 1 sein" in done.stderr
    answered = subprocess.run(
        [sys.executable, str(main), "analyze"],
        input="4453\n",
        env={**environment, "LANGUAGE": "de"},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert answered.stdout == "4453 -2\n"


#: What a French text keeps as it is written elsewhere: a key's name ("F1 ou ?"), and the program's own
#: machine-readable words it quotes ('positions: N', a saved game's 'game:' key).
FRENCH_KEPT = ("F1, ? ou", "F1 ou ?", "'? ? estimate'", "'positions: N'", "'branched: N'", "'{key}:'")
FRENCH_KEPT_KEYS = re.compile(r"'(?:game|size|moves):'")
#: A high punctuation mark ":" ";" "!" "?" or a closing guillemet without the non-breaking space (U+00A0, or
#: the narrow U+202F) French sets before it, or an opening guillemet without one after it.
FRENCH_UNSPACED = re.compile(r"(?<=[^\u00a0\u202f])[:;!?\u00bb]|\u00ab(?=[^\u00a0\u202f])")


def french_spacing_faults(text: str) -> list[str]:
    """Where ``text`` lacks French typography's non-breaking space, each with the words around it: none
    counted inside a placeholder ({value!r}), a time (19:40) or what :data:`FRENCH_KEPT` keeps."""
    for kept in FRENCH_KEPT:
        text = text.replace(kept, "")
    text = re.sub(r"\d:\d", "", PLACEHOLDER.sub("X", FRENCH_KEPT_KEYS.sub("", text)))
    return [text[max(0, found.start() - 16) : found.end() + 4] for found in FRENCH_UNSPACED.finditer(text)]


def test_french_sets_a_non_breaking_space_before_its_high_punctuation():
    faults = {
        message.id if isinstance(message.id, str) else message.id[0]: fault
        for message in read_catalog("fr")
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
        if (fault := french_spacing_faults(text))
    }
    assert faults == {}


def test_the_french_spacing_check_finds_a_plain_space_and_none():
    assert len(french_spacing_faults("Indice : colonne d ; nulle ?")) == 3
    assert len(french_spacing_faults("{file}: illisible")) == 1
    assert len(french_spacing_faults("« Indice\u00a0: {value!r} à 19:40\u00a0» F1 ou ?")) == 1
    assert french_spacing_faults("«\u00a0Indice\u00a0: {value!r} à 19:40\u00a0» F1 ou ?") == []


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE_LANGUAGE])
def test_a_narrow_toolbar_label_names_its_command_as_the_wide_label_does(code):
    """One word for each thing: a narrow window's button says what the wide one says, or its first words
    ("Back" for "Back to game"), never another word for the same command."""
    from ui.play.actions import NARROW, TOOLBAR

    use_language(code)
    for _action, place in TOOLBAR:
        pairs = [(place.label, place.narrow), *([place.reviewing] if place.reviewing else [])]
        for wide, narrow in pairs:
            wide_words, narrow_words = _(wide).split(), language.pgettext(NARROW, narrow).split()
            assert wide_words[: len(narrow_words)] == narrow_words, (wide, _(wide), narrow_words)


def test_spanish_opens_each_question_and_exclamation():
    """ "¿...?" and "¡...!": every question or exclamation mark of a Spanish text but a key's name ("F1 o ?")
    and the program's quoted words has its opening mark."""
    unopened = {}
    for message in read_catalog("es"):
        if not message.id:
            continue  # the header
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            bare = re.sub(r"'[^']*'|F1,? (?:o )?\?", "", PLACEHOLDER.sub("X", text))
            if bare.count("?") != bare.count("\u00bf") or bare.count("!") != bare.count("\u00a1"):
                unopened[message.id if isinstance(message.id, str) else message.id[0]] = text
    assert unopened == {}
