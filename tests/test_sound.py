"""Sound with the dummy audio driver, without a device, and without files; and the generated assets."""

from __future__ import annotations

import shutil
import wave
from pathlib import Path

import pygame
import pytest

from tests.conftest import ROOT
from tools import make_assets
from ui import sound as sound_module
from ui.icon import ICON_PATH, draw_icon, load_icon
from ui.sound import SAMPLE_RATE, SOUND_NAMES, Sounds


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
    (tmp_path / "win.wav").write_bytes(b"RIFF not really")
    sounds = sounds_factory(directory=tmp_path)
    assert sounds.start() and sounds.available
    assert "lose.wav" in caplog.text and "win.wav" in caplog.text
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


def test_the_icon_loads_or_is_drawn_when_missing(monkeypatch):
    pygame.display.init()
    assert ICON_PATH.exists() and load_icon().get_size() == (64, 64)
    monkeypatch.setattr("ui.icon.ICON_PATH", Path("/nonexistent/icon.png"))
    icon = load_icon()
    assert icon.get_size() == draw_icon().get_size() == (64, 64)
    assert icon.get_at((32, 32)).a == 255 and icon.get_at((0, 0)).a < 64  # rounded corners are transparent
