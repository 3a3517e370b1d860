"""The layers keep their promises: ``ui.state`` never imports pygame, ``ai`` and ``game`` neither."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

from ui.state.settings import THEME_NAMES
from ui.theme import THEMES

ROOT = Path(__file__).resolve().parent.parent


def _modules(package: str) -> list[str]:
    path = ROOT / package.replace(".", "/")
    return [f"{package}.{info.name}" for info in pkgutil.iter_modules([str(path)])]


def test_the_state_modules_the_search_and_the_rules_import_without_pygame():
    modules = _modules("ui.state") + _modules("ai") + _modules("game")
    assert {"ui.state.session", "ui.state.texts", "ai.engine", "game.connect4"} <= set(modules)
    # A None entry in sys.modules makes ``import pygame`` raise ImportError, wherever it is tried.
    code = "import sys; sys.modules['pygame'] = None\n" + "".join(f"import {name}\n" for name in modules)
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_settings_know_every_theme_by_name_in_order():
    assert tuple(THEMES) == THEME_NAMES
