"""The start screen's rows as the player reads them: game, board, mode, who starts, levels, think time, each
with its label and its choices in words, which of them apply in each mode, and the rows of every variant (the
screen makes room for all). How a choice changes the options is :mod:`ui.state.start_choices`'. No pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from ai.play.levels import MAX, Level, levels_for
from ai.rating.ladder import Ladder, ladder_for
from game.catalog import SIZES
from game.language import N_, _
from ui.state.files.settings import seconds_text
from ui.state.options import THINK_SECONDS_CHOICES, FirstPlayer, Mode, PlayOptions
from ui.state.start_choices import AUTO, Row
from ui.words.texts import GAME_TITLES, level_name

#: The choices' texts, translated where the rows are made (:func:`rows_for`).
MODE_TEXT = {
    Mode.COMPUTER: N_("Against the computer"),
    Mode.TWO_PLAYERS: N_("Two players"),
    Mode.WATCH: N_("Computer vs computer"),
}
# Translators: who starts the game: the player ("You"), the computer, or each in turn ("Alternate").
FIRST_TEXT = {
    FirstPlayer.HUMAN: N_("You"),
    FirstPlayer.COMPUTER: N_("Computer"),
    FirstPlayer.ALTERNATE: N_("Alternate"),
}
#: Who starts with two players, for a player who gave no name.
TWO_PLAYERS_TEXT = (N_("First player"), N_("Second player"))
WATCH_ROUNDS_TEXT = {FirstPlayer.HUMAN: N_("Same colours"), FirstPlayer.ALTERNATE: N_("Swap colours")}


class PlayerNames(Protocol):
    """What names the sides in watch mode's level rows (a :class:`ui.theme.Theme`)."""

    def player_name(self, game_name: str, player: int) -> str: ...


def level_text(level: Level, ladder: Ladder | None) -> str:
    """A level's choice on the start screen: ``"depth 4"``, with its measured rating where the ladder rates
    the board: ``"depth 4 · 1450"``."""
    rating = None if ladder is None else ladder.rating_of(level)
    return level_name(level) if rating is None else f"{level_name(level)} \u00b7 {rating}"


def on_off() -> list[tuple[object, str]]:
    """The choices of a setting that is on or off."""
    return [(True, _("On")), (False, _("Off"))]


def rows_for(options: PlayOptions, names: PlayerNames) -> list[Row]:
    """The rows the start screen shows for ``options``: always eight, in the same order in every mode and
    game, so that a choice that changes what applies changes only the rows below it (the screen keeps the
    rows above it, and Play, where they are).

    Game, board and mode; then who starts (with two players, whose name: see
    :func:`~ui.state.board.seats.name_order`), the computer's level and thinking on your time against the
    computer, which in watch mode are the rounds' colours and each side's level (labelled with ``names``), and
    with two players are shown disabled; the coach; last the max level's think time, enabled while a
    computer plays at max.
    """

    def row(
        key: str, label: str, choices: Sequence[tuple[object, str]], current: object, enabled: bool = True
    ) -> Row:
        values = [value for value, _text in choices]
        selected = values.index(current) if current in values else 0
        return Row(key, label, tuple(choices), selected, enabled)

    ladder = ladder_for(options.variant())
    levels: list[tuple[object, str]] = [
        (level, level_text(level, ladder)) for level in levels_for(options.game)
    ]
    mode = options.mode
    rows = [
        row("game", _("Game"), [(name, _(title)) for name, title in GAME_TITLES.items()], options.game),
        row(
            "size",
            _("Board"),
            [(size, f"{size[0]} \u00d7 {size[1]}") for size in SIZES[options.game]],
            (options.width, options.height),
        ),
        row("mode", _("Mode"), [(mode, _(text)) for mode, text in MODE_TEXT.items()], mode),
    ]
    if mode is Mode.WATCH:
        first = options.first if options.first in WATCH_ROUNDS_TEXT else FirstPlayer.HUMAN
        rounds = [(value, _(text)) for value, text in WATCH_ROUNDS_TEXT.items()]
        rows.append(row("first", _("Next rounds"), rounds, first))
        for side in (0, 1):
            name = names.player_name(options.game, side)
            rows.append(row(f"watch{side}", name, levels, options.watch_levels[side]))
        at_max = MAX in options.watch_levels
        # Kept in its place (greyed) so that no row moves when the mode changes.
        rows.append(row("coach", _("Coach"), on_off(), options.coach, False))
    else:
        computer = mode is Mode.COMPUTER
        starts = [(value, _(text)) for value, text in FIRST_TEXT.items()]
        if not computer:
            # Two players: whose name starts. A name not given is no colour here (whoever starts plays the
            # first piece): it reads as the first or the second player.
            given = [options.names[side] or _(TWO_PLAYERS_TEXT[side]) for side in (0, 1)]
            starts = [(FirstPlayer.HUMAN, given[0]), (FirstPlayer.COMPUTER, given[1]), starts[2]]
        rows.append(row("first", _("Who starts"), starts, options.first))
        # Translators: the computer's level chosen from the player's rating.
        own_levels = levels + ([(AUTO, _("auto"))] if ladder is not None else [])
        current = AUTO if options.adaptive else options.level
        # Translators: the start screen's row of the computer's level.
        rows.append(row("level", _("Computer"), own_levels, current, computer))
        rows.append(row("ponder", _("Think on your time"), on_off(), options.ponder, computer))
        rows.append(row("coach", _("Coach"), on_off(), options.coach))
        at_max = computer and options.level == MAX
    seconds = sorted({*THINK_SECONDS_CHOICES, options.max_seconds})
    choices = [(value, seconds_text(value)) for value in seconds]
    rows.append(row("seconds", _("Max level, per move"), choices, options.max_seconds, at_max))
    return rows


def rows_of_every_variant(options: PlayOptions, names: PlayerNames) -> list[list[Row]]:
    """The rows of every game (on its standard board) and every mode, with ``options``' other choices: the
    screen makes room for all of them, so that switching the game or the mode moves nothing."""
    variants = []
    for game in GAME_TITLES:
        width, height = SIZES[game][0]
        for mode in Mode:
            variant = replace(options.with_game(game, width, height), mode=mode)
            variants.append(rows_for(variant, names))
    return variants
