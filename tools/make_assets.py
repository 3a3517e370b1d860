"""Generates the game's sounds (assets/*.wav) and window icon (assets/icon.png), and their manifest
(assets/assets.sha256, see :mod:`assets.manifest`); nothing is downloaded.

Sounds are synthesised in pure Python (the ``wave`` module and ``math``): short sine tones with a quick attack
and an exponential decay, a little noise for the disc's knock. The same input always gives the same bytes, so
the committed files only change when this script does. Run: ``python tools/make_assets.py``.
"""

from __future__ import annotations

import math
import os
import random
import struct
import sys
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assets import ASSETS_DIR  # noqa: E402
from assets.manifest import MANIFEST_NAME, manifest_text  # noqa: E402
from ui.sound import SAMPLE_RATE, SOUND_NAMES  # noqa: E402

ASSETS = ASSETS_DIR
#: Peak amplitude as a share of full scale: loud enough to hear, with room so mixed sounds do not clip.
VOLUME = 0.5


def tone(frequency: float, seconds: float, decay: float, start: float = 0.0) -> list[float]:
    """A sine of ``frequency`` Hz lasting ``seconds``, fading with time constant ``decay`` s, after ``start``
    s of silence. Samples in [-1, 1]."""
    silence = [0.0] * int(start * SAMPLE_RATE)
    attack = 0.004 * SAMPLE_RATE
    samples = []
    for index in range(int(seconds * SAMPLE_RATE)):
        t = index / SAMPLE_RATE
        # A 4 ms attack avoids the click a sound makes when it starts at full amplitude.
        envelope = min(1.0, index / attack) * math.exp(-t / decay)
        samples.append(envelope * math.sin(2 * math.pi * frequency * t))
    return silence + samples


def mix(*parts: list[float]) -> list[float]:
    """The sum of ``parts`` (of any lengths), scaled so the loudest sample is at :data:`VOLUME`."""
    length = max(len(part) for part in parts)
    total = [sum(part[i] for part in parts if i < len(part)) for i in range(length)]
    peak = max(abs(sample) for sample in total) or 1.0
    return [sample / peak * VOLUME for sample in total]


def knock(seconds: float = 0.12) -> list[float]:
    """The disc landing: a low thud with a short burst of seeded noise on top."""
    noise = random.Random(4)
    burst = [
        noise.uniform(-1, 1) * math.exp(-index / (0.006 * SAMPLE_RATE)) * 0.6
        for index in range(int(seconds * SAMPLE_RATE))
    ]
    return mix(tone(150, seconds, 0.035), tone(95, seconds, 0.05), burst)


def sounds() -> dict[str, list[float]]:
    """Every sound of :data:`ui.sound.SOUND_NAMES` as samples."""
    return {
        "drop": knock(),
        # A rising major arpeggio for a win, a falling minor line for a loss, an open fifth for a draw.
        "win": mix(
            *(tone(f, 0.5, 0.18, start=i * 0.09) for i, f in enumerate((523.3, 659.3, 784.0, 1046.5)))
        ),
        "lose": mix(
            *(tone(f, 0.55, 0.2, start=i * 0.14) for i, f in enumerate((440.0, 392.0, 349.2, 293.7)))
        ),
        "draw": mix(tone(392.0, 0.6, 0.22), tone(587.3, 0.6, 0.22, start=0.12)),
        "refused": mix(tone(180.0, 0.16, 0.05), tone(185.0, 0.16, 0.05, start=0.07)),
    }


def write_wav(path: Path, samples: list[float]) -> None:
    """16-bit mono PCM at :data:`ui.sound.SAMPLE_RATE`."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(b"".join(struct.pack("<h", round(sample * 32767)) for sample in samples))


def main() -> int:
    import pygame

    from ui.window.icon import ICON_PATH, draw_icon

    ASSETS.mkdir(exist_ok=True)
    made = sounds()
    assert set(made) == set(SOUND_NAMES), "every sound the window plays must be made here"
    for name, samples in made.items():
        path = ASSETS / f"{name}.wav"
        write_wav(path, samples)
        print(f"wrote {path.relative_to(ROOT)} ({len(samples) / SAMPLE_RATE:.2f} s)")
    pygame.display.init()
    pygame.image.save(draw_icon(), str(ICON_PATH))
    print(f"wrote {ICON_PATH.relative_to(ROOT)}")
    listed = [ASSETS / f"{name}.wav" for name in SOUND_NAMES] + [ICON_PATH]
    manifest = ASSETS / MANIFEST_NAME
    manifest.write_text(manifest_text({path.name: path.read_bytes() for path in listed}))
    print(f"wrote {manifest.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
