"""The registry of games (game/catalog.py) is the one place that knows which games exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ai.play.levels import MAX, Level, levels_for
from game.catalog import GAME_NAMES, GAMES, new_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_makes_its_boards_with_its_name_and_rules(name):
    spec = GAMES[name]
    for width, height in spec.sizes:
        game = new_game(name, width, height)
        assert (game.name, game.width, game.height, game.gravity) == (name, width, height, spec.gravity)
    assert (new_game(name).width, new_game(name).height) == spec.standard_size
    assert levels_for(name) == tuple(Level(depth) for depth in spec.depths) + (MAX,)


def test_no_module_of_the_search_or_the_window_asks_which_game_it_is_by_name():
    names = "|".join(GAME_NAMES)
    pattern = re.compile(rf"""[=!]= *["']({names})["']|["']({names})["'] *[=!]=""")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("ai", "ui")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []
