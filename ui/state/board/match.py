"""The match at one board: who plays (their names this round) and the score of the rounds played since the
players sat down, for the match bar. Pure: no pygame.

Names: against the computer "You" and "Computer (depth 4)" ("Computer (auto: depth 4)" at the adaptive level);
with two players the names they gave themselves (else the pieces' names); in watch mode each computer by its
level ("Computer (max)"), or by piece and level when both play at one level. The score follows the
participants, not the colours: with alternating starts the same person plays Red one round and Yellow the
next.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.language import _
from ui.state.board.board_game import BoardGame
from ui.state.options import Mode


def participants(session: BoardGame, piece_names: tuple[str, str]) -> tuple[str, str]:
    """The names of the players of pieces 0 and 1 in this round."""
    options, seats = session.options, session.seats
    if options.mode is Mode.TWO_PLAYERS:
        return (options.names[0] or piece_names[0], options.names[1] or piece_names[1])
    labels = ["" if seat.level is None else seat.level.shown for seat in seats]
    if options.mode is Mode.WATCH:
        if labels[0] == labels[1]:
            return (
                _("{player} ({level})").format(player=piece_names[0], level=labels[0]),
                _("{player} ({level})").format(player=piece_names[1], level=labels[1]),
            )
        return (
            _("Computer ({level})").format(level=labels[0]),
            _("Computer ({level})").format(level=labels[1]),
        )
    # The adaptive level says it chose: "Computer (auto: depth 6)".
    computer = _("Computer (auto: {level})") if options.adaptive else _("Computer ({level})")
    first, second = (
        _("You") if seat.is_human else computer.format(level=label)
        for seat, label in zip(seats, labels, strict=True)
    )
    return first, second


@dataclass
class MatchScore:
    """Wins by participant's name, and draws, of the rounds finished at this board."""

    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0

    def count(self, session: BoardGame, piece_names: tuple[str, str]) -> None:
        """Counts the finished game of ``session`` (call once per round)."""
        winner = session.game.winner()
        if winner is None:
            self.draws += 1
        else:
            self.wins[participants(session, piece_names)[winner]] += 1

    @property
    def rounds(self) -> int:
        return sum(self.wins.values()) + self.draws
