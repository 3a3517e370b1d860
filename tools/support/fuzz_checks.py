"""The fuzzers' checks of a play screen (bench/fuzz_ui.py, bench/soak.py, tests/test_fuzz_ui.py): after every
event, the board is the replay of its history and every change of the history is one of the play state's acts
done by its rules (see :class:`Checker`).
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass

from ai.messages import BestMove
from game.catalog import new_game
from ui.play.scene import PlayScene
from ui.state.options import Mode

#: Wall-clock seconds a computer to move may go without its think answering before the fuzzer calls it a hang.
HANG_SECONDS = 20.0


def record_thinks(engine, thinks: dict[int, tuple[int, ...]] | None = None) -> dict[int, tuple[int, ...]]:
    """Wraps ``engine.think`` (on this instance) to remember, in ``thinks`` (a new dict by default, returned),
    the move history each think was about, by the token of its request."""
    thinks = {} if thinks is None else thinks
    original = engine.think

    def think(game, limits):
        request = original(game, limits)
        thinks[request.token] = game.history()
        return request

    engine.think = think
    return thinks


class FuzzFailure(AssertionError):
    """A check failed, or the app raised; the message names the seed and the events that led there."""


@dataclass(frozen=True)
class ChosenReply:
    """The computer's ``move`` chosen without a search (the Learn trainer's tree) in the game at
    ``position``."""

    move: int
    position: tuple[int, ...]


class Checker:
    """Watches one play scene's play state: wraps its actions to record what each did, checks the record."""

    def __init__(self, scene: PlayScene, thinks: dict[int, tuple[int, ...]]) -> None:
        self.scene = scene
        self.board_game = scene.play_state.board_game
        #: The move history each think token was asked about (see :func:`record_thinks`).
        self.thinks = thinks
        options = self.board_game.options
        start = new_game(options.game, options.width, options.height)
        start.play_text(options.moves)
        self.start = start.history()
        # A board game at an unfinished game (continued, or brought back by undo) starts where that game was:
        # undone below its start position, that may be the empty board (an empty move string, not None); one
        # at a game set up (pasted, loaded) starts at its start position.
        started = new_game(options.game, options.width, options.height)
        resumed = self.board_game.resumed_at
        started.play_text(self.board_game.start if resumed is None else resumed)
        self.history = self.board_game.game.history()
        self.transitions: list[tuple[str, tuple[int, ...], tuple[int, ...], object, tuple]] = []
        #: The last BestMove the board game accepted, with the history it was accepted in. The frame that made
        #: the scene may already have accepted one (a shallow engine answers while the scene is being built),
        #: before this checker could watch: white box, it is taken from the board game.
        pending = self.board_game.request.answer
        self.accepted: tuple[BestMove, tuple[int, ...]] | None = (
            None if pending is None else (pending, self.history)
        )
        self.counts: Counter[str] = Counter()
        self._computer_waiting_since: float | None = None
        for name in ("play", "update", "undo", "redo", "restart", "next_round"):
            self._wrap(name)
        self._wrap_receive()
        if self.history != started.history():
            self.fail(f"a new board game starts at {self.history}, not at {started.history()}")

    def fail(self, text: str) -> None:
        raise FuzzFailure(text)

    def _wrap(self, name: str) -> None:
        original = getattr(self.board_game, name)

        def wrapper(*args, **kwargs):
            board_game = self.board_game
            before = board_game.game.history()
            chosen = board_game.request.chosen
            state = (
                board_game.game.is_over(),
                board_game.seat_to_move().is_human,
                board_game.paused,
                # The Learn trainer's reply is chosen from its tree, not answered by a search.
                self.accepted if chosen is None else ChosenReply(chosen, before),
            )
            result = original(*args, **kwargs)
            self.transitions.append((name, before, board_game.game.history(), result, state + (args,)))
            return result

        setattr(self.board_game, name, wrapper)

    def _wrap_receive(self) -> None:
        original = self.board_game.receive

        def receive(message):
            taken = original(message)
            if taken and isinstance(message, BestMove):
                self.accepted = (message, self.board_game.game.history())
            return taken

        self.board_game.receive = receive

    # --- the checks -----------------------------------------------------------------------------------------

    def check(self) -> None:
        """Checks every transition since the last check, then the position and the engine requests now."""
        board_game = self.board_game
        mode = board_game.options.mode
        position = self.history
        for name, before, after, result, (
            was_over,
            human_to_move,
            paused,
            accepted,
            args,
        ) in self.transitions:
            if before != position:
                self.fail(
                    f"{name}: the history changed outside the play state's actions: {position} -> {before}"
                )
            getattr(self, f"_check_{name}")(
                before, after, result, was_over, human_to_move, paused, accepted, args, mode
            )
            position = after
        self.transitions.clear()
        game = board_game.game
        history = game.history()
        if history != position:
            self.fail(f"the history changed outside the play state's actions: {position} -> {history}")
        self.history = history
        self._check_position(game, history)
        self._check_requests(game, mode)

    def _check_play(self, before, after, refusal, was_over, human_to_move, paused, accepted, args, mode):
        move = args[0]  # then, maybe, the play state's checks of the move (the coach, a puzzle)
        if refusal is not None:
            if after != before:
                self.fail(f"play({move}) was refused ({refusal}) but the history went {before} -> {after}")
            return
        if was_over:
            self.fail(f"play({move}) was played on a finished game: {before}")
        if not human_to_move or mode is Mode.WATCH:
            self.fail(f"play({move}) was played for the computer's side ({mode.value}): {before}")
        if after != before + (move,):
            self.fail(f"play({move}) turned {before} into {after}")
        self.counts["human moves"] += 1

    def _check_update(self, before, after, move, was_over, human_to_move, paused, accepted, args, mode):
        if move is None:
            if after != before:
                self.fail(f"update() played nothing but the history went {before} -> {after}")
            return
        if was_over or human_to_move or paused or mode is Mode.TWO_PLAYERS:
            self.fail(
                f"the computer played {move} when it may not (over={was_over}, "
                f"human to move={human_to_move}, paused={paused}, mode={mode.value}): {before}"
            )
        if after != before + (move,):
            self.fail(f"the computer's move {move} turned {before} into {after}")
        if isinstance(accepted, ChosenReply):
            if self.board_game.reply_from is None or accepted.move != move or accepted.position != before:
                self.fail(
                    f"the computer played {move} in {before}, a reply chosen without a search: {accepted}"
                )
            self.counts["computer moves"] += 1
            return
        if accepted is None:
            self.fail(f"the computer played {move} without an accepted answer: {before}")
        answer, accepted_in = accepted
        asked_about = self.thinks.get(answer.token)
        if answer.move != move or accepted_in != before or asked_about != before:
            self.fail(
                f"stale answer: played {move} in {before}; the answer was {answer.move} to a think about "
                f"{asked_about}, accepted in {accepted_in}"
            )
        self.counts["computer moves"] += 1

    def _check_undo(self, before, after, count, was_over, human_to_move, paused, accepted, args, mode):
        if count == 0:
            if after != before:
                self.fail(f"undo() returned 0 but the history went {before} -> {after}")
            return
        if mode is Mode.WATCH:
            self.fail(f"undo() took back {count} plies in watch mode")
        if after != before[: len(before) - count]:
            self.fail(f"undo() of {count} plies turned {before} into {after}")
        if mode is Mode.COMPUTER and not self.board_game.is_human_turn():
            self.fail(f"after undo the human is not to move: {after}")
        self.counts["undos"] += 1

    def _check_redo(self, before, after, count, was_over, human_to_move, paused, accepted, args, mode):
        if count == 0:
            if after != before:
                self.fail(f"redo() returned 0 but the history went {before} -> {after}")
            return
        if mode is Mode.WATCH or was_over:
            self.fail(f"redo() replayed {count} plies (mode {mode.value}, over={was_over}): {before}")
        if len(after) != len(before) + count or after[: len(before)] != before:
            self.fail(f"redo() of {count} plies turned {before} into {after}")
        if mode is Mode.COMPUTER:
            # Your move and the computer's reply(s) come back together, up to your next turn (or as far as the
            # redo stack goes: a move undone before the computer replied comes back alone, and it then
            # thinks).
            seats = self.board_game.seats
            for ply in range(len(before) + 1, len(after)):
                if seats[ply % 2].is_human:
                    self.fail(f"redo() went on past the human's turn at ply {ply}: {before} -> {after}")
        self.counts["redos"] += 1

    def _check_restart(self, before, after, result, *rest):
        if after != self.start:
            self.fail(f"a new game starts at {after}, not at the start position {self.start}")
        self.counts["new games"] += 1

    def _check_next_round(self, before, after, result, *rest):
        if after != self.start:
            self.fail(f"the next round starts at {after}, not at the start position {self.start}")
        self.counts["next rounds"] += 1

    def _check_position(self, game, history: tuple[int, ...]) -> None:
        options = self.board_game.options
        replay = new_game(options.game, options.width, options.height)
        for move in history:
            if replay.is_over():
                self.fail(f"the history {history} goes on after the game ended")
            replay.apply(move)
        if game.cells() != replay.cells():
            self.fail(f"the board differs from the replay of its history {history}")
        if (
            game.ply() != len(history)
            or game.to_move() != len(history) % 2
            or game.to_move() != replay.to_move()
        ):
            self.fail(f"side to move {game.to_move()} after {history} (replay: {replay.to_move()})")
        if game.is_over() != replay.is_over() or game.winner() != replay.winner():
            self.fail(f"result differs from the replay of {history}: {game.winner()} vs {replay.winner()}")

    def _check_requests(self, game, mode: Mode) -> None:
        board_game = self.board_game
        thinking = board_game.thinking
        humans = sum(seat.is_human for seat in board_game.seats)
        if humans != {Mode.COMPUTER: 1, Mode.TWO_PLAYERS: 2, Mode.WATCH: 0}[mode]:
            self.fail(f"{humans} human seats in {mode.value} mode")
        if board_game.review is not None:
            # The game waits while its review shows: the review is the one request.
            if thinking is not None:
                self.fail(f"a search runs while the review shows: {thinking}")
            if board_game.review.moves != tuple(game.history()):
                self.fail(f"the review is of {board_game.review.moves}, the game is {game.history()}")
            self._computer_waiting_since = None
            return
        if game.is_over():
            if thinking is not None:
                self.fail(f"a search runs on a finished game: {thinking}")
            self._computer_waiting_since = None
            return
        if board_game.is_computer_turn() and board_game.request.chosen is not None:
            # The Learn trainer's reply, chosen from its tree without a search: it only waits to be shown.
            if thinking is not None:
                self.fail(f"a search runs beside a reply chosen without one: {thinking}")
            chosen = board_game.request.chosen
            if chosen not in game.moves():
                self.fail(f"the reply chosen, {chosen}, is not a legal move of {game.history()}")
            self._computer_waiting_since = None
            return
        if board_game.is_computer_turn():
            if thinking is None or thinking.pondering or thinking.player != game.to_move():
                self.fail(f"the computer is to move but no think runs for it: {thinking}")
            # White box: the computer's answer has arrived and only waits for its presentation.
            if board_game.paused or board_game.request.answer is not None:
                self._computer_waiting_since = None
            elif self._computer_waiting_since is None:
                self._computer_waiting_since = time.monotonic()
            elif time.monotonic() - self._computer_waiting_since > HANG_SECONDS:
                self.fail(f"no answer to the computer's think for {HANG_SECONDS} s: {game.history()}")
            return
        self._computer_waiting_since = None
        # A hint, the analysis overlay or the coach asks for a search on a human's turn in every mode.
        analysis = board_game.analysis_wanted or board_game.options.coach
        if (mode is Mode.COMPUTER and board_game.options.ponder) or analysis:
            if thinking is None or not thinking.pondering or thinking.player != game.to_move():
                self.fail(
                    f"the human is to move (analysis wanted: {analysis}) but no ponder runs: {thinking}"
                )
        elif thinking is not None:
            self.fail(f"a search runs on a human's turn in {mode.value} mode: {thinking}")


# --- the input ----------------------------------------------------------------------------------------------
