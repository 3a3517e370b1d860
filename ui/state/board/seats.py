"""Who sits at the board: a human, or the computer at a level, on each side, round after round."""

from __future__ import annotations

from dataclasses import dataclass

from ai.play.levels import Level
from ui.state.options import FirstPlayer, Mode, PlayOptions


@dataclass(frozen=True)
class Seat:
    """One side of the board: a human (``level`` None) or the computer at ``level``."""

    level: Level | None = None

    @property
    def is_human(self) -> bool:
        return self.level is None


HUMAN = Seat()


def seats_for_round(options: PlayOptions, round_number: int, to_move_at_start: int) -> tuple[Seat, Seat]:
    """The seats of players 0 and 1 in round ``round_number`` (1, 2, ...).

    Against the computer, "who starts" means who moves first from the start position (which is player 0 on an
    empty board); with ALTERNATE the human starts the odd rounds. In watch mode ALTERNATE swaps the two levels
    every round, so each level gets to start.
    """
    swapped = options.first is FirstPlayer.ALTERNATE and round_number % 2 == 0
    if options.mode is Mode.TWO_PLAYERS:
        return HUMAN, HUMAN
    if options.mode is Mode.WATCH:
        first, second = options.watch_levels
        if swapped:
            first, second = second, first
        return Seat(first), Seat(second)
    human_starts = options.first is FirstPlayer.HUMAN or (
        options.first is FirstPlayer.ALTERNATE and not swapped
    )
    human_player = to_move_at_start if human_starts else 1 - to_move_at_start
    computer = Seat(options.level)
    return (HUMAN, computer) if human_player == 0 else (computer, HUMAN)


def name_order(options: PlayOptions, round_number: int) -> tuple[int, int]:
    """Which of the two names (:attr:`PlayOptions.names`: 0 the first) plays pieces 0 and 1 in round
    ``round_number``: with two players, "who starts" says whose name moves first (HUMAN: the first name,
    COMPUTER: the second, ALTERNATE: the first name in the odd rounds, the second in the even ones); in the
    other modes the first name is piece 0's."""
    if options.mode is not Mode.TWO_PLAYERS:
        return (0, 1)
    second_starts = options.first is FirstPlayer.COMPUTER or (
        options.first is FirstPlayer.ALTERNATE and round_number % 2 == 0
    )
    return (1, 0) if second_starts else (0, 1)


def plies_back_to_human(plies: int, seats: tuple[Seat, Seat]) -> int:
    """How many of a game's last ``plies`` moves to take back so that a human is to move again: back to (and
    including) a human's last move; 0 when no human moved."""
    # Moves alternate from player 0 on the empty board, so move i was made by player i % 2.
    for index in range(plies - 1, -1, -1):
        if seats[index % 2].is_human:
            return plies - index
    return 0


def plies_per_undo(mode: Mode, plies: int, seats: tuple[Seat, Seat]) -> int:
    """How many of a game's ``plies`` moves one undo takes back in ``mode``: 0 when it is not allowed (a
    watched game, no move yet), one with two players, else back to a human's last move (see
    :func:`plies_back_to_human`)."""
    if mode is Mode.WATCH or not plies:
        return 0
    if mode is Mode.TWO_PLAYERS:
        return 1
    return plies_back_to_human(plies, seats)
