"""Sound effects: a stone landing, a win, a loss, a draw, a refused move; M mutes.

The sounds are WAV files in ``assets/`` made by ``tools/make_assets.py`` (synthesised, nothing downloaded).
Sound is a comfort, never a condition: with no audio device (or ``SDL_AUDIODRIVER=dummy``) the mixer may fail
to start, and a missing, unreadable or damaged file (one whose digest is not the manifest's, see
:mod:`assets.manifest`: a damaged sound would play as noise) silences that one sound; each is logged once, and
the game plays on in silence. Only the UI thread plays sounds.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pygame

from assets import ASSETS_DIR
from assets.manifest import AssetError, verified_bytes

log = logging.getLogger(__name__)

#: Every sound the window plays, each the name of ``assets/<name>.wav``.
SOUND_NAMES = ("drop", "win", "lose", "draw", "refused")
ASSETS = ASSETS_DIR
#: The format tools/make_assets.py writes; the mixer is opened in it so no sound needs converting.
SAMPLE_RATE = 22050


@contextlib.contextmanager
def _stderr_to_log() -> Iterator[None]:
    """Sends what C libraries write to the standard error meanwhile to the log (debug level) instead.

    Without an audio device ALSA's library prints eight lines of its own to file descriptor 2 while SDL
    looks for one; the player would read them as errors of the game. Where descriptor 2 cannot be moved
    (no real file behind it), nothing changes.
    """
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    with tempfile.TemporaryFile() as capture:
        os.dup2(capture.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            capture.seek(0)
            said = capture.read(64 * 1024).decode("utf-8", errors="replace").strip()
            if said:
                log.debug("while opening the audio device: %s", said)


class Sounds:
    """The mixer and the loaded sounds. Silent until :meth:`start` succeeds, and while muted."""

    def __init__(self, enabled: bool = True, directory: Path = ASSETS) -> None:
        self.enabled = enabled
        self.directory = directory
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._started = False

    def start(self) -> bool:
        """Opens the audio device and loads the sounds; returns False (and stays silent) if there is no
        device.

        Sounds whose files are missing, unreadable or damaged stay silent (one warning names them all); the
        others play.
        """
        try:
            with _stderr_to_log():
                pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=1, buffer=512)
        except pygame.error as error:
            log.info("no sound: the audio device did not open (%s)", error)
            return False
        self._started = True
        missing = []
        for name in SOUND_NAMES:
            path = self.directory / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(io.BytesIO(verified_bytes(path)))
            except AssetError as error:
                missing.append(f"{path.name} ({error.reason})")
            except pygame.error as error:
                missing.append(f"{path.name} ({error})")
        if missing:
            # Said for a player: the files come with the game (tools/make_assets.py, which makes them, is
            # not installed with it), so the way back is to reinstall.
            log.warning(
                "these sounds stay silent (reinstalling the game brings them back): %s", "; ".join(missing)
            )
        return True

    @property
    def available(self) -> bool:
        """True when at least one sound can be heard (when not muted)."""
        return bool(self._sounds)

    def play(self, name: str) -> None:
        """Plays the sound ``name`` (one of :data:`SOUND_NAMES`) unless muted or unavailable; never waits."""
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}")
        sound = self._sounds.get(name)
        if self.enabled and sound is not None:
            sound.play()

    def close(self) -> None:
        """Closes the audio device, if :meth:`start` opened it."""
        if self._started:
            self._sounds.clear()
            pygame.mixer.quit()
            self._started = False
