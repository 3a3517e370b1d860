"""Every line of the play screen: the status, the line under it, the result, the tally, the window's caption,
the refusals, the coach's and the puzzles' words, and what is said when a part of the engine fails.

Pure functions of plain values and of the (pygame-free) session, never of the scene, so each wording is tested
on its own. The words about the search and the engine's values are :mod:`ui.state.search_texts`'s, the
words for one value :mod:`ui.state.words`'s.
"""

from __future__ import annotations

from ai.contracts import EnginePart
from ai.messages import EngineFailure
from ai.rating.glicko import Glicko
from game.catalog import GAME_TITLES
from game.protocol import Game
from ui.state.coach import CoachWarning
from ui.state.hint import Hint
from ui.state.options import Mode
from ui.state.player_rating import ASSISTS, PlayedGame
from ui.state.puzzle_record import PuzzleRecord
from ui.state.review import CHANGE_WORDS
from ui.state.search_texts import (
    MoveValue,
    analysis_detail,
    line_text,
    move_value,
    move_values,
    ponder_detail,
    search_detail,
    search_status,
    valued,
)
from ui.state.session import Refusal, Session
from ui.state.tally import Record

# Also the play screen's (``texts.count``).
from ui.state.words import count as count

#: What the player is told when a part of the engine fails, and how the game goes on without it.
FAILURE_WORDS = {
    EnginePart.BOOK: "The opening book could not be used ({reason}); the computer solves positions instead",
    EnginePart.EXACT: "The exact solver failed ({reason}); the computer plays on without it",
    EnginePart.SEARCH: "The computer's search failed ({reason}); it plays on as best it can",
}


def failure_text(failure: EngineFailure) -> str:
    """The player's words for a part of the engine that failed (see :data:`FAILURE_WORDS`)."""
    return FAILURE_WORDS[failure.part].format(reason=failure.reason)


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
            value = move_value(session.thinking, hint.move, session.proven)
            said = "" if value is None else f"  \u00b7  {valued(value, names[player], names[1 - player])}"
            return f"Hint: {game.describe_move(hint.move)}{said}"
        if mode is Mode.COMPUTER:
            return f"Your turn ({names[player]})"
        return f"{names[player]} to move"
    who = "Computer" if mode is Mode.COMPUTER else seat_name(session, names, player)
    if session.paused:
        return f"Paused: {who} to move (Space resumes)"
    return search_status(who, session.thinking, names, session.proven)


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
            return ponder_detail(thinking, names, session.proven)
        return search_detail(thinking, names, line_text(game, thinking, 8), session.proven)
    if session.is_human_turn():
        undo = "Ctrl+Z undo"
        if gravity:
            return [f"Click a column or press 1-{game.width}", "\u2190\u2192 + Enter", undo]
        keys = "1-9" if game.width == 3 else "1-9, a-g"
        return [f"Click a cell or press {keys}", "arrows + Enter", undo]
    return ["Space pauses"] if session.options.mode is Mode.WATCH else []


def analysis_parts(session: Session, names: tuple[str, str], selection: int | None) -> list[str]:
    """The overlay's line: the value in words (of the move ``selection`` under the pointer, if it has one),
    the legend of the labels shown, the best line and the statistics."""
    thinking, game = session.thinking, session.game
    if thinking is None:
        return analysis_detail(None, names, "", [])
    proven = session.proven
    values: dict[int, MoveValue] = {value.move: value for value in move_values(thinking, proven)}
    hovered = None
    if selection in values and selection in game.moves():
        value = values[selection]
        hovered = (game.describe_move(value.move), value.score)
    line = line_text(game, thinking, 10)
    return analysis_detail(thinking, names, line, list(values.values()), hovered, proven)


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
    # The round goes before the players do, so that who plays stays in sight as the rounds go by.
    rounds = f"  \u00b7  round {session.round_number}" if session.round_number > 1 else ""
    titles = [title + rounds, title, options.title(), GAME_TITLES[options.game]]
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


def puzzle_progress(moves_left: int) -> str:
    """The word on a right move in a puzzle: ``"Right: that keeps the win. 3 more to go"``."""
    return f"Right: that keeps the win. {moves_left} more to go"


#: The status once a puzzle is solved, while its last moves play themselves out.
PUZZLE_SOLVED = "Solved! The win cannot slip now: watch it played out"


def puzzle_titles(moves_left: int, solved: bool) -> list[str]:
    """The toolbar's title of a puzzle, longest first: the player's moves still needed, or solved."""
    if solved:
        return ["Puzzle \u00b7 solved", "Puzzle"]
    return [
        f"Puzzle \u00b7 {count(moves_left, 'move')} left to win",
        f"Puzzle \u00b7 {moves_left} left",
        "Puzzle",
    ]


def puzzle_standing(record: PuzzleRecord) -> list[str]:
    """The player's puzzle record in a few words, longest first: ``"streak 3 (best 5) · puzzle rating 1,216
    ± 240, provisional"`` down to ``"streak 3"``."""
    streak = f"streak {record.streak}"
    rating = f"{record.rating:,} {uncertainty(record.glicko)}"
    return [
        f"{streak} (best {record.best_streak}) \u00b7 puzzle rating {rating}",
        f"{streak} \u00b7 puzzle rating {rating}",
        f"{streak} \u00b7 rating {record.rating:,} {spread(record.glicko)}",
        f"{streak} \u00b7 {record.rating:,}",
        streak,
    ]


def puzzle_result(record: PuzzleRecord, misses: int) -> tuple[str, str]:
    """The banner of a finished puzzle: solved cleanly (the streak goes on) or after misses (it was reset),
    with the record as it now stands."""
    standing = puzzle_standing(record)[0]
    if misses:
        return "Solved", f"After {count(misses, 'wrong move')}: {standing}. Enter: next puzzle"
    return "Solved!", f"Right first time: {standing}. Enter: next puzzle"


def spread(rating: Glicko) -> str:
    """How far a rating may be off, for a person: "± 240" (two deviations, about 95 %, to the nearest ten)."""
    return f"\u00b1 {round(2 * rating.deviation, -1):.0f}"


def uncertainty(rating: Glicko) -> str:
    """How sure a rating is, for a person: "± 240, provisional" while it is, else "± 90"."""
    return f"{spread(rating)}, provisional" if rating.provisional else spread(rating)


def rating_line(game: PlayedGame, before: int | None) -> str:
    """The player's rating after the finished ``game`` for the result banner ("Your rating 1216 ± 240 (+16)"),
    or why the game was not rated."""
    if not game.rated:
        reasons = ", ".join(ASSISTS[assist] for assist in game.assists)
        return f"Not rated: {reasons}."
    change = "" if before is None else f" ({game.rating - before:+d})"
    return f"Your rating {game.rating} {spread(game.glicko)}{change}."
