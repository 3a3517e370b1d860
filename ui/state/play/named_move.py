"""A move as the notices carry it, for the words to name ("column d", "cell b2"). No pygame here."""

from __future__ import annotations

from dataclasses import dataclass

from game.protocol import Game


@dataclass(frozen=True)
class NamedMove:
    """A move as a text names it: in ``gravity``'s terms its column ``move`` ("column d"), else its cell
    ``cell`` ("cell b2"); the words are :func:`ui.words.search_texts.move_words`'."""

    move: int
    cell: str
    gravity: bool

    @classmethod
    def of(cls, game: Game, move: int) -> NamedMove:
        """``move`` of ``game``."""
        return cls(move, game.move_to_text(move), game.gravity)
