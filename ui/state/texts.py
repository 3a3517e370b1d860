"""How the engine's numbers are said to a person: values in words, short labels, the bars' scale, statistics,
and every line of the play screen built from them: the status, the line under it, the result, the tally,
the window's caption.

Pure functions of plain values and of the (pygame-free) session, never of the scene, so each wording is tested
on its own. Scores follow :mod:`ai.score`: from the point of view of one side (``side``), proven wins and
losses beyond ``PROVEN``, heuristic estimates inside ``HEURISTIC_LIMIT``. The words for one value
(:func:`outlook`, :func:`estimate`) and their bands are :mod:`ui.state.words`'s; the analysis bars use the
same bands, so a bar reaching a tick mark means the same as the word.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ai.contracts import EnginePart
from ai.messages import EngineFailure
from ai.score import HEURISTIC_LIMIT, is_proven_loss, is_proven_win, moves_to_end
from game.catalog import GAME_TITLES
from game.protocol import Game
from ui.state.coach import CoachWarning
from ui.state.hint import Hint
from ui.state.options import Mode
from ui.state.player_rating import ASSISTS, PlayedGame
from ui.state.puzzle_record import PuzzleRecord
from ui.state.review import CHANGE_WORDS
from ui.state.session import Refusal, Session, Thinking
from ui.state.tally import Record
from ui.state.words import BETTER_BELOW, EVEN_BELOW, WINNING_FROM, estimate, outlook

#: Where the bands' edges sit on a bar that runs from -1 (lost) to 1 (won): the bars' tick marks.
TICKS = (0.2, 0.55, 0.85)

#: What the player is told when a part of the engine fails, and how the game goes on without it.
FAILURE_WORDS = {
    EnginePart.BOOK: "The opening book could not be used ({reason}); the computer solves positions instead",
    EnginePart.EXACT: "The exact solver failed ({reason}); the computer plays on without it",
    EnginePart.SEARCH: "The computer's search failed ({reason}); it plays on as best it can",
}


def failure_text(failure: EngineFailure) -> str:
    """The player's words for a part of the engine that failed (see :data:`FAILURE_WORDS`)."""
    return FAILURE_WORDS[failure.part].format(reason=failure.reason)


def short_label(score: int, exact: bool) -> str | None:
    """The value of a move in a few characters for a column of the analysis row, drawn beside the mark of
    the player it names (:attr:`MoveValue.winner`): ``"7"`` (that player wins in 7 of their own moves),
    ``"="`` (draw); None for an estimate, which is drawn as a bar instead. It says the same whoever is to
    move."""
    if is_proven_win(score) or is_proven_loss(score):
        return str(moves_to_end(score))
    if exact and score == 0:
        return "="
    return None


def winner_of(score: int, player: int) -> int | None:
    """The player a proven ``score`` (from ``player``'s side) says wins; None for a draw or an estimate."""
    if is_proven_win(score):
        return player
    if is_proven_loss(score):
        return 1 - player
    return None


def legend(values: Iterable[MoveValue], names: tuple[str, str]) -> str:
    """What the analysis row's labels mean, for the kinds shown, each told with one shown (the fastest win):
    ``"Red's mark + 3: Red wins in 3 · Yellow's mark + 1: Yellow wins next move · =: draw"``."""
    shown = list(values)
    parts = []
    for player in (0, 1):
        wins = [value for value in shown if value.winner == player and value.label is not None]
        if wins:
            fastest = min(wins, key=lambda value: int(value.label or 0))
            moves = int(fastest.label or 0)
            said = "wins next move" if moves == 1 else f"wins in {moves}"
            parts.append(f"{names[player]}'s mark {moves}: {names[player]} {said}")
    if any(value.label == "=" for value in shown):
        parts.append("=: draw")
    if any(value.label is None for value in shown):
        parts.append("bars: estimate, in the colour of the side it favours")
    return "  \u00b7  ".join(parts)


def lean(score: int, exact: bool) -> float:
    """Where a value sits on a bar from -1 (lost) through 0 (even) to 1 (won), the bands of :func:`outlook`
    ending at :data:`TICKS`; proven results are the ends, estimates never reach them."""
    if is_proven_win(score):
        return 1.0
    if is_proven_loss(score):
        return -1.0
    size = abs(score)
    even, better, much = TICKS
    if size < EVEN_BELOW:
        reach = even * size / EVEN_BELOW
    elif size < BETTER_BELOW:
        reach = even + (better - even) * (size - EVEN_BELOW) / (BETTER_BELOW - EVEN_BELOW)
    elif size < WINNING_FROM:
        # Logarithmic: 100 and 1,000 are both "much better", but 1,000 is clearly more.
        share = math.log(size / BETTER_BELOW) / math.log(WINNING_FROM / BETTER_BELOW)
        reach = better + (much - better) * share
    else:
        top = math.log(HEURISTIC_LIMIT / WINNING_FROM)
        reach = much + (0.95 - much) * min(1.0, math.log(size / WINNING_FROM) / top)
    return math.copysign(reach, score) if score else 0.0


@dataclass(frozen=True)
class MoveValue:
    """The value of ``move`` for the side to move: its ``score`` and whether it is ``exact`` (see
    :mod:`ai.score`); the ``winner`` a proven win or loss names (a player number, whoever is to move; None for
    a draw or an estimate) and the ``label`` drawn beside that player's mark (:func:`short_label`; None for an
    estimate); its ``lean`` from -1 (lost) to 1 (won) for the side to move, on the bars' scale; and whether it
    is one of the ``best`` moves (the highest score)."""

    move: int
    score: int
    exact: bool
    winner: int | None
    label: str | None
    lean: float
    best: bool


def move_values(thinking: Thinking | None) -> list[MoveValue]:
    """The values of every move the search valued, in the order it gave them; empty when it gave none."""
    if thinking is None or thinking.result is None or not thinking.result.move_scores:
        return []
    move_scores = thinking.result.move_scores
    top = max(score for _, score, _ in move_scores)
    return [
        MoveValue(
            move,
            score,
            exact,
            winner_of(score, thinking.player),
            short_label(score, exact),
            lean(score, exact),
            score == top,
        )
        for move, score, exact in move_scores
    ]


def count(number: int, noun: str) -> str:
    """``"1 move"``, ``"2 moves"``, ``"1,024 positions"``."""
    return f"{number:,} {noun}" if number == 1 else f"{number:,} {noun}s"


def statistics(depth: int, nodes: int, seconds: float, exact: bool = False) -> str:
    """``"depth 11 · 36,758 positions · 2.5 s"``, or ``"proven · ..."`` for an exact result (the solver's
    result has no depth worth telling: it reaches the end of every line); without the count and the time
    when no search was needed (every move ended the game, or was already proven)."""
    head = "proven" if exact else f"depth {depth}"
    if nodes <= 0:
        return head
    return f"{head}  \u00b7  {count(nodes, 'position')}  \u00b7  {seconds:.1f} s"


# --- the play screen's lines about a running search ---------------------------------------------------------
# ``names`` are the players' names by player number (("Red", "Yellow")); ``line`` is the principal variation
# already in the game's notation ("4 4 3"). Each returns its parts most important first, so a narrow window
# can drop the last ones.


def _sides(thinking: Thinking, names: tuple[str, str]) -> tuple[str, str]:
    """The name of the player the search's scores are for (the side to move), then the other's."""
    return names[thinking.player], names[1 - thinking.player]


def search_status(who: str, thinking: Thinking | None, names: tuple[str, str]) -> str:
    """The status line while ``who`` ("Computer", "Red (depth 4)") thinks: ``"Computer is thinking: Red is
    better"``, or only ``"Computer is thinking..."`` until the first depth is complete."""
    if thinking is None or thinking.result is None:
        return f"{who} is thinking..."
    result = thinking.result
    return f"{who} is thinking: {outlook(result.score, result.exact, *_sides(thinking, names))}"


def search_detail(thinking: Thinking, names: tuple[str, str], line: str) -> list[str]:
    """The small line under a think: the statistics (ticking between depths), the estimate as a number
    where the value is not proven and the headline names a side (so the two never disagree: no "Red +6"
    under "even"), and the line the search expects."""
    parts = [_statistics(thinking)]
    result = thinking.result
    if result is not None and not result.exact and abs(result.score) >= EVEN_BELOW:
        parts.append(estimate(result.score, *_sides(thinking, names)))
    if line:
        parts.append(f"best line: {line}")
    return [part for part in parts if part]


def ponder_detail(thinking: Thinking) -> list[str]:
    """The small line while the computer thinks on the human's time (its opinion is not given away)."""
    return [f"Pondering on your time: {_statistics(thinking) or 'starting'}"]


def analysis_detail(
    thinking: Thinking | None,
    names: tuple[str, str],
    line: str,
    values: list[MoveValue],
    hovered: tuple[str, int, bool] | None = None,
) -> list[str]:
    """The small line under the analysis overlay: the value of the position (or, with ``hovered`` = (the
    move's name, its score, exact), of the move under the pointer) in words, marked "estimate" until it is
    proven, the legend of the ``values`` shown, the expected line and the statistics (or the proof's
    progress)."""
    if thinking is None:
        return ["Analysis: no search runs here"]
    mover, other = _sides(thinking, names)
    if hovered is not None:
        name, score, exact = hovered
        headline = f"{name[:1].upper()}{name[1:]}: {_valued(score, exact, mover, other)}"
    elif thinking.result is None:
        headline = f"Analysis for {mover}: searching..."
    else:
        headline = f"Analysis: {_valued(thinking.result.score, thinking.result.exact, mover, other)}"
    parts = [headline, legend(values, names)]
    if line and thinking.result is not None:
        parts.append(f"best line: {line}")
    parts.append(_statistics(thinking))
    return [part for part in parts if part]


def _valued(score: int, exact: bool, side: str, other: str) -> str:
    """:func:`outlook`, followed by "(estimate)" where the value is not proven."""
    words = outlook(score, exact, side, other)
    return words if exact or is_proven_win(score) or is_proven_loss(score) else f"{words} (estimate)"


def _move_value(thinking: Thinking | None, move: int) -> tuple[int, bool] | None:
    """The score and exactness the search gave ``move`` (from the side to move), if it valued it."""
    if thinking is None or thinking.result is None:
        return None
    return next(
        ((score, exact) for valued, score, exact in thinking.result.move_scores if valued == move), None
    )


def _statistics(thinking: Thinking) -> str:
    """The search's progress: its depth (or "proven") with the count and time, or "proving" while the exact
    solver works (a depth there would be the board's remaining cells, far beyond any level)."""
    if thinking.proving:
        if thinking.nodes <= 0:
            return "proving..."
        return f"proving  \u00b7  {count(thinking.nodes, 'position')}  \u00b7  {thinking.seconds:.1f} s"
    if thinking.result is None:
        if thinking.nodes <= 0:
            return ""
        return f"{count(thinking.nodes, 'position')}  \u00b7  {thinking.seconds:.1f} s"
    return statistics(thinking.result.depth, thinking.nodes, thinking.seconds, thinking.result.exact)


# --- the play screen's lines --------------------------------------------------------------------------------
# Each takes the session (the board, the seats, the mode, the running search) and ``names``, the players'
# names by player number as the theme gives them.


def seat_name(session: Session, names: tuple[str, str], player: int) -> str:
    """``"Red"``, or ``"Red (depth 4)"`` in watch mode where both are computers."""
    seat = session.seats[player]
    if session.options.mode is Mode.WATCH and seat.level is not None:
        return f"{names[player]} ({seat.level.label})"
    return names[player]


def result_text(session: Session, names: tuple[str, str]) -> tuple[str, str]:
    """The result of the finished game in a few words, and a line under it."""
    winner = session.game.winner()
    if winner is None:
        return "Draw", "Nobody made a line."
    title = f"{names[winner]} wins"
    computer, mode = session.computer(), session.options.mode
    if computer is not None:
        player, level = computer
        if player != winner:
            return title, f"You beat the computer at {level.label}!"
        return title, f"The computer ({level.label}) wins this one."
    if mode is Mode.WATCH:
        return title, f"{seat_name(session, names, winner)} beats {seat_name(session, names, 1 - winner)}."
    return title, "Well played."


def status_text(
    session: Session, names: tuple[str, str], *, moving_player: int | None, hint: Hint | None
) -> str:
    """The status line (when no notice shows): whose turn it is, the hint, the search, or the result.

    ``moving_player`` is the player whose stone is still moving on the board (None when none moves)."""
    game, mode = session.game, session.options.mode
    if game.is_over():
        return result_text(session, names)[0]
    player, last = game.to_move(), session.last_move()
    # A moving stone is the last move's (an undo ends the animation with the move).
    if moving_player is not None and last is not None and not session.seats[moving_player].is_human:
        # The computer's stone is still falling: it is not the human's turn until it has landed.
        who = "Computer" if mode is Mode.COMPUTER else seat_name(session, names, moving_player)
        return f"{who} plays {game.describe_move(last)}"
    if session.is_human_turn():
        if hint is not None:
            if hint.move is None:
                return "Hint: looking for the best move..."
            value = _move_value(session.thinking, hint.move)
            said = "" if value is None else f"  \u00b7  {_valued(*value, names[player], names[1 - player])}"
            return f"Hint: {game.describe_move(hint.move)}{said}"
        if mode is Mode.COMPUTER:
            return f"Your turn ({names[player]})"
        return f"{names[player]} to move"
    who = "Computer" if mode is Mode.COMPUTER else seat_name(session, names, player)
    if session.paused:
        return f"Paused: {who} to move (Space resumes)"
    return search_status(who, session.thinking, names)


def detail_parts(
    session: Session,
    names: tuple[str, str],
    *,
    overlay_shown: bool,
    selection: int | None,
    gravity: bool,
) -> list[str]:
    """The small line under the status, most important part first: search statistics, the analysis (with
    ``overlay_shown``; the move ``selection`` is under the pointer), or the keys to use. A window too narrow
    for all of it shows the first parts that fit."""
    game, thinking = session.game, session.thinking
    if game.is_over():
        return ["Enter: next round", "Ctrl+N: new game", "Esc: menu", "Click the board to see it"]
    if overlay_shown:
        return analysis_parts(session, names, selection)
    if thinking is not None and (thinking.result is not None or thinking.nodes > 0):
        if thinking.pondering:
            return ponder_detail(thinking)
        return search_detail(thinking, names, line_text(game, thinking, 8))
    if session.is_human_turn():
        undo = "Ctrl+Z undo"
        if gravity:
            return [f"Click a column or press 1-{game.width}", "\u2190\u2192 + Enter", undo]
        keys = "1-9" if game.width == 3 else "1-9, a-g"
        return [f"Click a cell or press {keys}", "arrows + Enter", undo]
    return ["Space pauses"] if session.options.mode is Mode.WATCH else []


def line_text(game: Game, thinking: Thinking, length: int) -> str:
    """The line the search expects, in the game's notation: what the computer is "thinking about"."""
    if thinking.result is None:
        return ""
    return " ".join(game.move_to_text(move) for move in thinking.result.principal_variation[:length])


def analysis_parts(session: Session, names: tuple[str, str], selection: int | None) -> list[str]:
    """The overlay's line: the value in words (of the move ``selection`` under the pointer, if it has one),
    the legend of the labels shown, the best line and the statistics."""
    thinking, game = session.thinking, session.game
    if thinking is None:
        return analysis_detail(None, names, "", [])
    values: dict[int, MoveValue] = {value.move: value for value in move_values(thinking)}
    hovered = None
    if selection in values and selection in game.moves():
        value = values[selection]
        hovered = (game.describe_move(value.move), value.score, value.exact)
    return analysis_detail(thinking, names, line_text(game, thinking, 10), list(values.values()), hovered)


def caption(session: Session, names: tuple[str, str]) -> str:
    """The window title: the game and what is happening, so a glance at the task bar tells whose turn it
    is."""
    game = session.game
    if game.is_over():
        winner = game.winner()
        state = "draw" if winner is None else f"{names[winner]} wins"
    elif session.is_human_turn():
        you = session.options.mode is Mode.COMPUTER
        state = "your turn" if you else f"{names[game.to_move()]} to move"
    elif session.paused:
        state = "paused"
    else:
        state = "computer thinking"
    return f"Ponder \u2014 {session.options.title()} \u2014 {state}"


def matchup(session: Session) -> str:
    """Who plays whom: ``"You vs computer (depth 4)"``, ``"depth 4 vs max"``, ``"Two players"``."""
    mode, seats = session.options.mode, session.seats
    if mode is Mode.TWO_PLAYERS:
        return "Two players"
    computer = session.computer()
    if computer is not None:
        return f"You vs computer ({computer[1].label})"
    first, second = (seat.level.label if seat.level is not None else "you" for seat in seats)
    return f"{first} vs {second}"


def toolbar_titles(session: Session) -> list[str]:
    """The toolbar's title, longest first: a narrow window shows the first that fits, down to the game's
    name."""
    options = session.options
    title = f"{options.title()}  \u00b7  {matchup(session)}"
    if session.round_number > 1:
        title += f"  \u00b7  round {session.round_number}"
    titles = [title, options.title(), GAME_TITLES[options.game]]
    if session.review is not None:
        return [f"Review  \u00b7  {titles[0]}", f"Review  \u00b7  {titles[1]}", "Review"]
    return titles


def tally_text(record: Record, opponent: str | None, names: tuple[str, str]) -> str:
    """The tally under the result: against the computer at level ``opponent`` (its label), else per colour."""
    if opponent is not None:
        return f"You against {opponent}: {record.wins} won · {record.draws} drawn · {record.losses} lost"
    return f"Tally: {names[0]} {record.wins} · draws {record.draws} · {names[1]} {record.losses}"


def short_tally(record: Record, opponent: str | None, names: tuple[str, str]) -> str:
    """The tally in the match bar's few words: "all time 5 won, 2 drawn, 3 lost" against the computer, else
    "all time Red 5, Yellow 3, 2 draws"; "" before the first game."""
    if not record.games:
        return ""
    if opponent is not None:
        return f"all time {record.wins} won, {record.draws} drawn, {record.losses} lost"
    return f"all time {names[0]} {record.wins}, {names[1]} {record.losses}, {count(record.draws, 'draw')}"


def refusal_text(session: Session, refusal: Refusal, move: int, gravity: bool) -> str:
    """Why the human's ``move`` was refused: not their turn, or the column is full / the cell taken."""
    if refusal is Refusal.NOT_YOUR_TURN:
        if session.options.mode is Mode.WATCH:
            return "Watching: the computers play this game"
        return "Wait: the computer is thinking"
    if refusal is Refusal.GAME_OVER:
        return "The game is over"
    if gravity:
        return f"Column {move + 1} is full"
    return f"Cell {session.game.move_to_text(move)} is taken"


def coach_text(game: Game, warning: CoachWarning) -> str:
    """The coach's one line before a move that throws the player's result away, in the review's words:
    ``"Coach: column 3 throws the win away (a draw now). Again: play it anyway · Backspace: choose again"``.
    """
    change = CHANGE_WORDS[warning.best, warning.played]
    where = game.describe_move(warning.move)
    return f"Coach: {where} {change}. Again: play it anyway  \u00b7  Backspace: choose again"


def puzzle_task(mover: str, win_in: int) -> str:
    """What a puzzle asks: ``"Puzzle: Red to play and win in 5"`` (``"... and win now"`` for one move)."""
    return f"Puzzle: {mover} to play and win" + (" now" if win_in == 1 else f" in {win_in}")


def puzzle_result(record: PuzzleRecord, misses: int) -> tuple[str, str]:
    """The banner of a finished puzzle: solved cleanly (the streak goes on) or after misses (it was reset)."""
    standing = f"streak {record.streak} (best {record.best_streak}) \u00b7 puzzle rating {record.rating:,}"
    if misses:
        return "Solved", f"After {count(misses, 'wrong move')}: {standing}. Enter: next puzzle"
    return "Solved!", f"Right first time: {standing}. Enter: next puzzle"


def rating_line(game: PlayedGame, before: int | None) -> str:
    """The player's rating after the finished ``game`` for the result banner ("Your rating 1216 (+16)"), or
    why the game was not rated."""
    if not game.rated:
        reasons = ", ".join(ASSISTS[assist] for assist in game.assists)
        return f"Not rated: {reasons}."
    if before is None:
        return f"Your rating {game.rating}."
    return f"Your rating {game.rating} ({game.rating - before:+d})."
