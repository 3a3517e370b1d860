"""The theme the player asks puzzles of (:class:`~ai.puzzles.PuzzleTheme`), chosen in puzzle mode by a key
that cycles through "any" and then every theme some shipped puzzle has. One choice per window: the next
puzzle is drawn from it (:func:`ui.state.files.puzzle_record.choose_puzzle`). No pygame here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai.puzzles import Puzzle, PuzzleTheme


def offered_themes(puzzles: Sequence[Puzzle]) -> tuple[PuzzleTheme, ...]:
    """The themes at least one of ``puzzles`` has, in :class:`PuzzleTheme`'s order (none for a file
    without themes)."""
    found = {theme for puzzle in puzzles for theme in puzzle.themes or ()}
    return tuple(theme for theme in PuzzleTheme if theme in found)


@dataclass
class ThemeChoice:
    """The theme chosen (None: any) among the ``offered`` ones."""

    theme: PuzzleTheme | None = None
    offered: tuple[PuzzleTheme, ...] = ()

    def offer(self, themes: tuple[PuzzleTheme, ...]) -> None:
        """Offers ``themes`` from now on; a chosen theme no longer among them falls back to any."""
        self.offered = themes
        if self.theme not in themes:
            self.theme = None

    def advance(self) -> None:
        """The next choice: any, then each offered theme in turn, then any again."""
        cycle: tuple[PuzzleTheme | None, ...] = (None, *self.offered)
        self.theme = cycle[(cycle.index(self.theme) + 1) % len(cycle)]
