"""Sound with the dummy audio driver, without a device, and without files; and the generated assets."""

from __future__ import annotations

import io
import logging
import shutil
import wave
from pathlib import Path

import pygame
import pytest

from assets.manifest import MANIFEST_NAME, AssetError, check_listed, manifest_text, verified_bytes
from tests.conftest import ROOT
from tools import make_assets
from tools.support.bit_flips import every_bit_changed
from ui import sound as sound_module
from ui.sound import SAMPLE_RATE, SOUND_NAMES, Sounds
from ui.window.icon import ICON_PATH, draw_icon, load_icon


@pytest.fixture
def sounds_factory():
    made = []

    def make(**options):
        made.append(Sounds(**options))
        return made[-1]

    yield make
    for sounds in made:
        sounds.close()


def test_every_sound_plays_with_the_dummy_driver(sounds_factory):
    sounds = sounds_factory()
    assert sounds.start() and sounds.available
    for name in SOUND_NAMES:
        sounds.play(name)
    sounds.enabled = False  # muted
    sounds.play("win")
    with pytest.raises(ValueError):
        sounds.play("applause")


def test_no_audio_device_means_silence(monkeypatch, sounds_factory):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(sound_module.pygame.mixer, "init", no_device)
    sounds = sounds_factory()
    assert not sounds.start() and not sounds.available
    for name in SOUND_NAMES:
        sounds.play(name)


def test_missing_or_broken_files_silence_only_those_sounds(tmp_path, caplog, sounds_factory):
    shutil.copy(ROOT / "assets" / "drop.wav", tmp_path / "drop.wav")
    shutil.copy(ROOT / "assets" / MANIFEST_NAME, tmp_path / MANIFEST_NAME)
    (tmp_path / "win.wav").write_bytes(b"RIFF not really")
    sounds = sounds_factory(directory=tmp_path)
    assert sounds.start() and sounds.available
    assert "lose.wav" in caplog.text and "win.wav" in caplog.text
    assert len([record for record in caplog.records if record.levelno == logging.WARNING]) == 1
    # An installed player has no tools/ to run: the warning says what helps them.
    assert "reinstalling the game" in caplog.text and "tools/" not in caplog.text
    for name in SOUND_NAMES:
        sounds.play(name)


def test_the_generated_sounds_are_short_mono_wavs(tmp_path):
    for name, samples in make_assets.sounds().items():
        path = tmp_path / f"{name}.wav"
        make_assets.write_wav(path, samples)
        with wave.open(str(path)) as wav:
            assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, SAMPLE_RATE)
            assert 0.05 < wav.getnframes() / SAMPLE_RATE < 1.5
        assert max(abs(sample) for sample in samples) <= make_assets.VOLUME + 1e-9
    # The committed files are what the script makes.
    for name in SOUND_NAMES:
        assert (ROOT / "assets" / f"{name}.wav").read_bytes() == (tmp_path / f"{name}.wav").read_bytes()


def copy_of_the_assets(folder: Path) -> Path:
    """``folder`` holding copies of the sounds, the icon and their manifest."""
    for path in (ROOT / "assets").iterdir():
        if path.suffix in (".wav", ".png", ".sha256"):
            shutil.copy(path, folder / path.name)
    return folder


def test_a_damaged_sound_is_not_played_and_said_once(tmp_path, caplog, sounds_factory):
    """A damaged WAV still decodes (and would play as noise): the manifest is what refuses it."""
    folder = copy_of_the_assets(tmp_path)
    damaged = bytearray((folder / "win.wav").read_bytes())
    damaged[-100] ^= 0x40  # a sample, not the header: the file still decodes
    (folder / "win.wav").write_bytes(bytes(damaged))
    sounds = sounds_factory(directory=folder)
    assert sounds.start() and sounds.available
    assert pygame.mixer.Sound(io.BytesIO(bytes(damaged))).get_length() > 0.5  # what the check keeps out
    warnings = [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]
    assert len(warnings) == 1 and "win.wav (damaged" in warnings[0] and "drop.wav" not in warnings[0]
    assert set(sounds._sounds) == set(SOUND_NAMES) - {"win"}


@pytest.mark.parametrize("name", ["drop.wav", "icon.png"])
def test_every_bit_of_a_sound_and_the_icon_is_checked(tmp_path, name):
    folder = copy_of_the_assets(tmp_path)
    path = folder / name
    data = path.read_bytes()
    manifest = (folder / MANIFEST_NAME).read_bytes()
    assert verified_bytes(path) == data
    # Every bit in memory (the check the reader makes once it has read both files), ...
    for changed in every_bit_changed(data):
        with pytest.raises(AssetError, match=f"{name}: damaged"):
            check_listed(path, changed, manifest)
    # ... and the file on disk read through the reader, changed at its first and its last bit.
    for changed in (bytes([data[0] ^ 1]) + data[1:], data[:-1] + bytes([data[-1] ^ 0x80])):
        path.write_bytes(changed)
        with pytest.raises(AssetError, match=f"{name}: damaged"):
            verified_bytes(path)


def test_every_bit_of_the_manifest_is_checked(tmp_path):
    """Whatever bit of the manifest changes, some file it lists is refused (one digest changed: that file;
    anything else: every file, the manifest being unusable)."""
    folder = copy_of_the_assets(tmp_path)
    manifest = folder / MANIFEST_NAME
    data = manifest.read_bytes()
    listed = {
        folder / line.split()[1]: (folder / line.split()[1]).read_bytes()
        for line in data.decode().splitlines()
    }
    for index, changed in enumerate(every_bit_changed(data)):
        offset, bit = divmod(index, 8)
        refused = 0
        for path, content in listed.items():
            try:
                check_listed(path, content, changed)
            except AssetError:
                refused += 1
        assert refused, (offset, bit)
    # Through the reader: a manifest changed on disk refuses the files it lists.
    manifest.write_bytes(data.replace(b"  ", b" ", 1))
    for path in listed:
        with pytest.raises(AssetError, match="is damaged"):
            verified_bytes(path)


def test_the_committed_manifest_is_what_the_script_makes():
    listed = [f"{name}.wav" for name in SOUND_NAMES] + [ICON_PATH.name]
    files = {name: (ROOT / "assets" / name).read_bytes() for name in listed}
    assert (ROOT / "assets" / MANIFEST_NAME).read_text() == manifest_text(files)


def test_the_icon_loads_or_is_drawn_when_missing_or_damaged(monkeypatch, tmp_path, caplog):
    pygame.display.init()
    assert ICON_PATH.exists() and load_icon().get_size() == (64, 64)
    assert not caplog.records
    monkeypatch.setattr("ui.window.icon.ICON_PATH", Path("/nonexistent/icon.png"))
    icon = load_icon()
    assert icon.get_size() == draw_icon().get_size() == (64, 64)
    assert icon.get_at((32, 32)).a == 255 and icon.get_at((0, 0)).a < 64  # rounded corners are transparent
    folder = copy_of_the_assets(tmp_path)
    damaged = bytearray((folder / "icon.png").read_bytes())
    damaged[40] ^= 1
    (folder / "icon.png").write_bytes(bytes(damaged))
    monkeypatch.setattr("ui.window.icon.ICON_PATH", folder / "icon.png")
    caplog.clear()
    assert load_icon().get_size() == (64, 64)
    warnings = [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]
    assert len(warnings) == 1 and "icon.png (damaged" in warnings[0]
