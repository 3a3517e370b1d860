"""Renders every screen of the window into assets/screenshots/*.png, headless, without a real search.

Scenes are drawn onto an off-screen Surface with SDL's dummy video driver; the computer's moves come from the
tests' fake engine, which plays a scripted game. Run: ``make screenshots`` or ``python tools/screenshots.py``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import pygame  # noqa: E402
from fakes import FakeEngine  # noqa: E402

from ai.levels import MAX, Level  # noqa: E402
from ai.messages import Progress  # noqa: E402
from ui.app import DEFAULT_SIZE  # noqa: E402
from ui.options import FirstPlayer, Mode, PlayOptions  # noqa: E402
from ui.play_scene import PlayScene  # noqa: E402
from ui.start_scene import StartScene  # noqa: E402
from ui.theme import Fonts  # noqa: E402

OUT = ROOT / "assets" / "screenshots"


def scripted(script: str) -> FakeEngine:
    """A fake engine whose moves follow ``script`` (the whole game in the game's notation)."""
    return FakeEngine(choose=lambda game: game.text_to_move(script[game.ply()]))


def play_script(scene: PlayScene, engine: FakeEngine, script: str) -> None:
    """Plays ``script`` through the scene: human moves as key presses, the computer's through the engine."""
    while scene.game.ply() < len(script) and not scene.game.is_over():
        if scene.session.is_human_turn():
            scene.try_play(scene.game.text_to_move(script[scene.game.ply()]))
        settle(scene, engine)


def settle(scene: PlayScene, engine: FakeEngine, seconds: float = 3.0) -> None:
    """Lets animations, the presentation delay and the result banner's delay run out."""
    for _ in range(int(seconds / 0.25)):
        for message in engine.poll():
            scene.receive(message)
        scene.update(0.25)


def hover(scene: PlayScene, move: int) -> None:
    """Moves the mouse over ``move``'s column (ghost row) or cell."""
    layout = scene.layout()
    if scene.gravity:
        position = layout.ghost_centre(move)
    else:
        position = layout.cell_centre(*divmod(move, scene.game.width))
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=position, rel=(0, 0), buttons=(0, 0, 0)))


def save(scene, name: str, size: tuple[int, int] = DEFAULT_SIZE) -> None:
    surface = pygame.Surface(size)
    scene.resize(size)
    scene.draw(surface)
    path = OUT / f"{name}.png"
    pygame.image.save(surface, str(path))
    print(f"wrote {path.relative_to(ROOT)}")


def main() -> int:
    pygame.init()
    pygame.display.set_mode((1, 1))
    OUT.mkdir(parents=True, exist_ok=True)
    fonts = Fonts()
    size = DEFAULT_SIZE

    save(StartScene(size, PlayOptions(), fonts=fonts), "start")
    save(
        StartScene(size, PlayOptions(mode=Mode.WATCH, watch_levels=(Level(4), MAX)), fonts=fonts),
        "start-watch",
    )

    script = "4444355231"
    engine = scripted(script)
    scene = PlayScene(size, PlayOptions(level=Level(6)), engine, fonts=fonts)
    play_script(scene, engine, script[:8])
    hover(scene, 2)
    save(scene, "connect4-hover")

    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(size, PlayOptions(level=MAX), engine, fonts=fonts)
    for column in (3, 2):
        scene.try_play(column)
        settle(scene, engine, 1.0)
        token = engine.last("think").token
        engine.deliver(Progress(token, 9, 3, False, (3, 3, 2), 412_337, 1.4, False))
        settle(scene, engine, 0.5)
        if column == 3:
            from ai.messages import BestMove

            engine.deliver(BestMove(token, 3, 3, False, 9, (3,), 412_337, 1.4))
            settle(scene, engine, 1.5)
    save(scene, "connect4-thinking")

    script = "73426531765522677"
    engine = scripted(script)
    scene = PlayScene(size, PlayOptions(level=Level(4)), engine, fonts=fonts)
    play_script(scene, engine, script)
    settle(scene, engine)
    save(scene, "connect4-won")

    script = "5139"
    engine = scripted(script + "2")
    scene = PlayScene(
        size, PlayOptions(game="tictactoe", width=3, height=3, level=Level(3)), engine, fonts=fonts
    )
    play_script(scene, engine, script)
    hover(scene, 6)
    save(scene, "tictactoe")

    script = "51397"
    engine = scripted(script)
    scene = PlayScene(
        size, PlayOptions(game="tictactoe", width=3, height=3, mode=Mode.TWO_PLAYERS), engine, fonts=fonts
    )
    play_script(scene, engine, script)
    settle(scene, engine)
    save(scene, "tictactoe-won")

    script = "45546536"
    engine = scripted(script)
    options = PlayOptions(width=8, height=7, mode=Mode.TWO_PLAYERS, first=FirstPlayer.HUMAN)
    scene = PlayScene(size, options, engine, fonts=fonts)
    play_script(scene, engine, script)
    hover(scene, 6)
    save(scene, "two-players", (1100, 760))
    return 0


if __name__ == "__main__":
    sys.exit(main())
