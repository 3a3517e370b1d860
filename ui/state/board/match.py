"""The match at one board: who plays this round and the score of the rounds played since the
players sat down, for the match bar. Pure: no pygame.

Who plays: against the computer the human and the computer at its level (the adaptive level says it chose);
with two players the names they gave themselves (else the pieces' names); in watch mode each computer by its
level, or by piece and level when both play at one level. The score follows the
participants, not the colours: with alternating starts the same person plays Red one round and Yellow the
next.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ai.play.levels import Level
from ui.state.board.board_game import BoardGame
from ui.state.options import Mode


@dataclass(frozen=True)
class Named:
    """A player by the name they gave themselves, else by their piece's name (two players)."""

    name: str


@dataclass(frozen=True)
class You:
    """The human against the computer."""


@dataclass(frozen=True)
class Computer:
    """The computer at ``level``; ``auto``: the adaptive level chose it; ``piece``: in watch mode where both
    computers play at one level, the piece's name tells them apart."""

    level: Level
    auto: bool = False
    piece: str | None = None


#: Who plays one side of the board (its words are :func:`ui.words.texts.participant_name`'s).
Participant = Named | You | Computer


def participants(board_game: BoardGame, piece_names: tuple[str, str]) -> tuple[Participant, Participant]:
    """Who plays pieces 0 and 1 in this round."""
    options, seats = board_game.options, board_game.seats
    if options.mode is Mode.TWO_PLAYERS:
        given = board_game.given_names()
        return (Named(given[0] or piece_names[0]), Named(given[1] or piece_names[1]))
    auto = options.adaptive and options.mode is Mode.COMPUTER
    first, second = (You() if seat.level is None else Computer(seat.level, auto) for seat in seats)
    if isinstance(first, Computer) and isinstance(second, Computer) and first.level == second.level:
        return (Computer(first.level, piece=piece_names[0]), Computer(second.level, piece=piece_names[1]))
    return first, second


@dataclass
class MatchScore:
    """Wins by participant, and draws, of the rounds finished at this board."""

    wins: Counter[Participant] = field(default_factory=Counter)
    draws: int = 0

    def count(self, board_game: BoardGame, piece_names: tuple[str, str]) -> None:
        """Counts the finished game of ``board_game`` (call once per round)."""
        winner = board_game.game.winner()
        if winner is None:
            self.draws += 1
        else:
            self.wins[participants(board_game, piece_names)[winner]] += 1

    @property
    def rounds(self) -> int:
        return sum(self.wins.values()) + self.draws
