"""Every line of the play screen: the status, the line under it, the result, the tally, the window's caption,
the refusals, the coach's and the puzzles' words, and what is said when a part of the engine fails.

Pure functions of plain values and of the (pygame-free) play state, not the scene's, so each wording is tested
on its own. The words about the search and the engine's values are :mod:`ui.words.search_texts`'s, the
words for one value :mod:`ui.words.score_words`'s.
"""

from __future__ import annotations

from ai.capabilities import Core
from ai.contracts import EnginePart
from ai.messages import EngineFailure
from ai.play.levels import Level
from ai.rating.glicko import Glicko
from game.language import N_, _, ngettext, number
from ui.state.board.board_game import BoardGame
from ui.state.board.match import Computer, Named, Participant, You
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.player_rating import ASSISTS, PlayedGame
from ui.state.files.puzzle_record import PuzzleRecord
from ui.state.files.tally import Record
from ui.state.options import Mode, PlayOptions
from ui.state.play.hint import Hint
from ui.state.stats import RecentGame
from ui.words.problem_words import reason_text
from ui.words.score_words import own_moves
from ui.words.search_texts import (
    MoveValue,
    analysis_detail,
    game_move_words,
    line_text,
    move_value,
    move_values,
    ponder_detail,
    search_detail,
    search_status,
    valued,
)

#: What the player is told when a part of the engine fails, and how the game goes on without it.
FAILURE_WORDS = {
    EnginePart.BOOK: N_(
        "The opening book could not be used ({reason}); the computer solves positions instead"
    ),
    EnginePart.EXACT: N_("The exact solver failed ({reason}); the computer plays on without it"),
    EnginePart.SEARCH: N_("The computer's search failed ({reason}); it plays on as best it can"),
    EnginePart.ROADS: N_("The road book could not be used ({reason}); the first moves get fewer reasons"),
}


def failure_text(failure: EngineFailure) -> str:
    """The player's words for a part of the engine that failed (see :data:`FAILURE_WORDS`)."""
    return _(FAILURE_WORDS[failure.part]).format(reason=reason_text(failure.reason))


# --- the play screen's lines --------------------------------------------------------------------------------
# Each takes the board game (the board, the seats, the mode, the running search) and ``names``, the players'
# names by player number as the theme gives them.


#: The games' names for players, by machine name (marked for translation, translated where shown); every
#: game of :data:`game.catalog.GAMES` has one (the words' test checks).
GAME_TITLES = {"connect4": N_("Connect Four"), "tictactoe": N_("Tic-tac-toe")}


def board_title(options: PlayOptions) -> str:
    """``"Connect Four 7×6"``."""
    return f"{_(GAME_TITLES[options.game])} {options.width}\u00d7{options.height}"


#: What the program's start says on stderr where the compiled solver core is wanted but not built.
FALLBACK_CORE = N_(
    "ponder: the compiled solver core is not built (no C compiler at install?); "
    "solving with the slower pure-Python core"
)


def core_words(core: Core) -> str:
    """The exact solver's core in a few words, for the help card and the benchmarks' tables."""
    match core:
        case Core.COMPILED:
            return _("compiled (C)")
        case Core.PYTHON_ASKED_FOR:
            return _("pure Python (asked for by PONDER_PURE_PYTHON)")
        case Core.PYTHON_NOT_BUILT:
            return _("pure Python (the compiled core is not built)")


def level_name(level: Level) -> str:
    """A level as the player reads it: ``"depth 4"``, ``"max"`` (:attr:`~ai.play.levels.Level.label` is the
    files' English)."""
    if level.depth is None:
        # Translators: the strongest level of the computer (it searches until its time is up).
        return _("max")
    return _("depth {depth}").format(depth=level.depth)


def unfinished_text(unfinished: UnfinishedGame) -> str:
    """``"Connect Four 7×6, two players, 12 moves"``: what the player would continue."""
    options, ply = unfinished.options, unfinished.position().ply()
    if options.mode is Mode.TWO_PLAYERS:
        text = ngettext("{game}, two players, {count} move", "{game}, two players, {count} moves", ply)
    else:
        text = ngettext(
            "{game}, against {level}, {count} move", "{game}, against {level}, {count} moves", ply
        )
    # The level's label is only a placeholder of the second wording; format ignores what a text lacks.
    return text.format(game=board_title(options), level=level_name(options.level), count=number(ply))


def participant_name(player: Participant) -> str:
    """How the match bar names a player: "You", "Computer (depth 4)", "Computer (auto: depth 6)" (the adaptive
    level says it chose), "Red (depth 4)" in watch mode where both play at one level, or the player's name."""
    match player:
        case Named():
            return player.name
        case You():
            return _("You")
        case Computer(piece=str(piece)):
            return _("{player} ({level})").format(player=piece, level=level_name(player.level))
        case Computer(auto=True):
            return _("Computer (auto: {level})").format(level=level_name(player.level))
        case Computer():
            return _("Computer ({level})").format(level=level_name(player.level))


def seat_name(board_game: BoardGame, names: tuple[str, str], player: int) -> str:
    """``"Red"``, or ``"Red (depth 4)"`` in watch mode where both are computers."""
    seat = board_game.seats[player]
    if board_game.options.mode is Mode.WATCH and seat.level is not None:
        # Translators: a player's name and the computer's level that plays it in watch mode ("Red (depth 4)").
        return _("{player} ({level})").format(player=names[player], level=level_name(seat.level))
    return names[player]


def result_text(board_game: BoardGame, names: tuple[str, str]) -> tuple[str, str]:
    """The result of the finished game in a few words, and a line under it."""
    winner = board_game.game.winner()
    if winner is None:
        # Translators: the result of a game (a title).
        return _("Draw"), _("Nobody made a line.")
    title = _("{player} wins").format(player=names[winner])
    computer, mode = board_game.computer(), board_game.options.mode
    if computer is not None:
        player, level = computer
        if player != winner:
            return title, _("You beat the computer at {level}!").format(level=level_name(level))
        return title, _("The computer ({level}) wins this one.").format(level=level_name(level))
    if mode is Mode.WATCH:
        winner_name, loser_name = (
            seat_name(board_game, names, winner),
            seat_name(board_game, names, 1 - winner),
        )
        return title, _("{winner} beats {loser}.").format(winner=winner_name, loser=loser_name)
    return title, _("Well played.")


def status_text(
    board_game: BoardGame, names: tuple[str, str], *, moving_player: int | None, hint: Hint | None
) -> str:
    """The status line (when no notice shows): whose turn it is, the hint, the search, or the result.

    ``moving_player`` is the player whose stone is still moving on the board (None when none moves)."""
    game, mode = board_game.game, board_game.options.mode
    if game.is_over():
        return result_text(board_game, names)[0]
    player, last = game.to_move(), board_game.last_move()
    # A moving stone is the last move's (an undo ends the animation with the move).
    if moving_player is not None and last is not None and not board_game.seats[moving_player].is_human:
        # The computer's stone is still falling: it is not the human's turn until it has landed.
        who = _("Computer") if mode is Mode.COMPUTER else seat_name(board_game, names, moving_player)
        return _("{player} plays {move}").format(player=who, move=game_move_words(game, last))
    if board_game.is_human_turn():
        if hint is not None:
            if hint.move is None:
                return _("Hint: looking for the best move...")
            value = move_value(board_game.thinking, hint.move, board_game.proven)
            hinted = _("Hint: {move}").format(move=game_move_words(game, hint.move))
            if value is None:
                return hinted
            return f"{hinted}  \u00b7  {valued(value, names[player], names[1 - player])}"
        if mode is Mode.COMPUTER:
            return _("Your turn ({player})").format(player=names[player])
        return _("{player} to move").format(player=names[player])
    who = _("Computer") if mode is Mode.COMPUTER else seat_name(board_game, names, player)
    if board_game.paused:
        return _("Paused: {player} to move (Space resumes)").format(player=who)
    return search_status(who, board_game.thinking, names, board_game.proven)


def detail_parts(
    board_game: BoardGame,
    names: tuple[str, str],
    *,
    overlay_shown: bool,
    selection: int | None,
    gravity: bool,
    hint: Hint | None = None,
) -> list[str]:
    """The small line under the status, most important part first: search statistics, the analysis (with
    ``overlay_shown``; the move ``selection`` is under the pointer), or the keys to use; under a ``hint``
    whose value is a win in N, first what N counts. A window too narrow for all of it shows the first parts
    that fit."""
    game, thinking = board_game.game, board_game.thinking
    if game.is_over():
        return [_("Enter: next round"), _("Ctrl+N: new game"), _("Esc: menu"), _("Click the board to see it")]
    if overlay_shown:
        return analysis_parts(board_game, names, selection)
    counted = _hint_counts(board_game, names, hint)
    if thinking is not None and (thinking.result is not None or thinking.nodes > 0):
        if thinking.pondering:
            return counted + ponder_detail(thinking, names, board_game.proven)
        return search_detail(thinking, names, line_text(game, thinking, 8), board_game.proven)
    if board_game.is_human_turn():
        undo = _("Ctrl+Z undo")
        if gravity:
            # Translators: {last} is the number of the last column ("1-7").
            return [
                *counted,
                _("Click a column or press 1-{last}").format(last=game.width),
                _("\u2190\u2192 + Enter"),
                undo,
            ]
        keys = "1-9" if game.width == 3 else "1-9, a-g"
        return [*counted, _("Click a cell or press {keys}").format(keys=keys), _("arrows + Enter"), undo]
    return [_("Space pauses")] if board_game.options.mode is Mode.WATCH else []


def _hint_counts(board_game: BoardGame, names: tuple[str, str], hint: Hint | None) -> list[str]:
    """What the hint's "wins in N" counts ("in 7 of Red's own moves"), as the status line values the hinted
    move (:func:`status_text`); empty where no hint shows or its value names no count."""
    if hint is None or hint.move is None or not board_game.is_human_turn():
        return []
    value = move_value(board_game.thinking, hint.move, board_game.proven)
    player = board_game.game.to_move()
    said = "" if value is None else own_moves(value, names[player], names[1 - player])
    return [said] if said else []


def analysis_parts(board_game: BoardGame, names: tuple[str, str], selection: int | None) -> list[str]:
    """The overlay's line: the value in words (of the move ``selection`` under the pointer, if it has one),
    the legend of the labels shown, the best line and the statistics."""
    thinking, game = board_game.thinking, board_game.game
    if thinking is None:
        return analysis_detail(None, names, "", [])
    proven = board_game.proven
    values: dict[int, MoveValue] = {value.move: value for value in move_values(thinking, proven)}
    hovered = None
    if selection in values and selection in game.moves():
        value = values[selection]
        hovered = (game_move_words(game, value.move), value.score)
    line = line_text(game, thinking, 10)
    return analysis_detail(thinking, names, line, list(values.values()), hovered, proven)


def caption(board_game: BoardGame, names: tuple[str, str]) -> str:
    """The window title: the game and what is happening, so a glance at the task bar tells whose turn it
    is."""
    game = board_game.game
    if game.is_over():
        winner = game.winner()
        # Translators: the window's caption, after the game's name: the game ended in a draw.
        state = _("draw") if winner is None else _("{player} wins").format(player=names[winner])
    elif board_game.is_human_turn():
        you = board_game.options.mode is Mode.COMPUTER
        # Translators: the window's caption, after the game's name (lower case).
        state = _("your turn") if you else _("{player} to move").format(player=names[game.to_move()])
    elif board_game.paused:
        # Translators: the window's caption, after the game's name (lower case).
        state = _("paused")
    else:
        # Translators: the window's caption, after the game's name (lower case).
        state = _("computer thinking")
    return f"Ponder \u2014 {board_title(board_game.options)} \u2014 {state}"


def matchup(board_game: BoardGame) -> str:
    """Who plays whom: ``"You vs computer (depth 4)"``, ``"depth 4 vs max"``, ``"Two players"``."""
    mode, seats = board_game.options.mode, board_game.seats
    if mode is Mode.TWO_PLAYERS:
        return _("Two players")
    computer = board_game.computer()
    if computer is not None:
        return _("You vs computer ({level})").format(level=level_name(computer[1]))
    # Translators: a human seat in "depth 4 vs you" (lower case).
    first, second = (level_name(seat.level) if seat.level is not None else _("you") for seat in seats)
    # Translators: who plays whom, each a computer's level or "you" ("depth 4 vs max").
    return _("{first} vs {second}").format(first=first, second=second)


def toolbar_titles(board_game: BoardGame) -> list[str]:
    """The toolbar's title, longest first: a narrow window shows the first that fits, down to the game's
    name."""
    options = board_game.options
    title = f"{board_title(options)}  \u00b7  {matchup(board_game)}"
    # The round goes before the players do, so that who plays stays in sight as the rounds go by.
    rounds = (
        "  \u00b7  " + _("round {number}").format(number=board_game.round_number)
        if board_game.round_number > 1
        else ""
    )
    titles = [title + rounds, title, board_title(options), _(GAME_TITLES[options.game])]
    if board_game.review is not None:
        review = _("Review")
        return [f"{review}  \u00b7  {titles[0]}", f"{review}  \u00b7  {titles[1]}", review]
    return titles


def tally_text(record: Record, opponent: str | None, names: tuple[str, str]) -> str:
    """The tally under the result: against the computer at level ``opponent`` (its label), else per colour."""
    if opponent is not None:
        won, drawn, lost = results(record)
        return _("You against {opponent}: {won} · {drawn} · {lost}").format(
            opponent=opponent, won=won, drawn=drawn, lost=lost
        )
    return _("Tally: {first} {wins} · draws {draws} · {second} {losses}").format(
        first=names[0], wins=record.wins, draws=record.draws, second=names[1], losses=record.losses
    )


def results(record: Record) -> tuple[str, str, str]:
    """The games won, drawn and lost, each counted in the plural its own number needs (``"1 won"``; Spanish
    "1 ganada", "2 ganadas")."""
    # Translators: games won, drawn, lost: each word agrees with its own count (Spanish: partidas ganadas).
    won = ngettext("{count} won", "{count} won", record.wins).format(count=number(record.wins))
    drawn = ngettext("{count} drawn", "{count} drawn", record.draws).format(count=number(record.draws))
    lost = ngettext("{count} lost", "{count} lost", record.losses).format(count=number(record.losses))
    return won, drawn, lost


def short_tally(record: Record, opponent: str | None, names: tuple[str, str]) -> str:
    """The tally in the match bar's few words: "all time 5 won, 2 drawn, 3 lost" against the computer, else
    "all time Red 5, Yellow 3, 2 draws"; "" before the first game."""
    if not record.games:
        return ""
    if opponent is not None:
        won, drawn, lost = results(record)
        return _("all time {won}, {drawn}, {lost}").format(won=won, drawn=drawn, lost=lost)
    return ngettext(
        "all time {first} {wins}, {second} {losses}, {draws} draw",
        "all time {first} {wins}, {second} {losses}, {draws} draws",
        record.draws,
    ).format(
        first=names[0], wins=record.wins, second=names[1], losses=record.losses, draws=number(record.draws)
    )


def puzzle_task(mover: str, win_in: int, returning: bool = False) -> str:
    """What a puzzle asks: ``"Puzzle: Red to play and win in 5"`` (``"... and win now"`` for one move);
    ``returning``: a puzzle the player missed before, told as one (``"Puzzle again: ..."``)."""
    if win_in == 1:
        task = _("{player} to play and win now").format(player=mover)
    else:
        task = ngettext("{player} to play and win in {moves}", "{player} to play and win in {moves}", win_in)
        task = task.format(player=mover, moves=win_in)
    if returning:
        # Translators: a puzzle the player missed before, coming back; {task} is "Red to play and win in 5".
        return _("Puzzle again, missed before: {task}").format(task=task)
    return _("Puzzle: {task}").format(task=task)


#: The status once a puzzle is solved, while its last moves play themselves out.
PUZZLE_SOLVED = N_("Solved! The win cannot slip now: watch it played out")


def puzzle_titles(moves_left: int, solved: bool) -> list[str]:
    """The toolbar's title of a puzzle, longest first: the player's moves still needed, or solved."""
    if solved:
        return [_("Puzzle \u00b7 solved"), _("Puzzle")]
    return [
        ngettext(
            "Puzzle \u00b7 {moves} move left to win",
            "Puzzle \u00b7 {moves} moves left to win",
            moves_left,
        ).format(moves=number(moves_left)),
        ngettext("Puzzle \u00b7 {moves} left", "Puzzle \u00b7 {moves} left", moves_left).format(
            moves=moves_left
        ),
        _("Puzzle"),
    ]


def puzzle_standing(record: PuzzleRecord) -> list[str]:
    """The player's puzzle record in a few words, longest first: ``"streak 3 (best 5) · puzzle rating 1216
    ± 240, provisional"`` down to ``"streak 3"``. A rating is written as the game rating is, in plain digits
    (see :func:`rating_text`)."""
    streak = _("streak {streak}").format(streak=record.streak)
    rating = f"{rating_text(record.rating)} {uncertainty(record.glicko)}"
    return [
        _("{streak} (best {best}) \u00b7 puzzle rating {rating}").format(
            streak=streak, best=record.best_streak, rating=rating
        ),
        _("{streak} \u00b7 puzzle rating {rating}").format(streak=streak, rating=rating),
        _("{streak} \u00b7 rating {rating}").format(
            streak=streak, rating=f"{rating_text(record.rating)} {spread(record.glicko)}"
        ),
        f"{streak} \u00b7 {rating_text(record.rating)}",
        streak,
    ]


def puzzle_beside_games(record: PuzzleRecord) -> str:
    """The puzzle rating where the game rating stands too (the rating screen), told apart from it: ``"Puzzle
    rating 1216 ± 240, provisional: solving puzzles, a scale of its own · 12 solved"``."""
    # Translators: on the rating screen, under the rating from games: the rating from puzzles, which is
    # measured against the puzzles, not the computer's levels.
    text = ngettext(
        "Puzzle rating {rating}: from puzzles, a scale of its own \u00b7 {solved} solved",
        "Puzzle rating {rating}: from puzzles, a scale of its own \u00b7 {solved} solved",
        record.solved,
    )
    rating = f"{rating_text(record.rating)} {uncertainty(record.glicko)}"
    return text.format(rating=rating, solved=number(record.solved))


def rating_text(rating: int) -> str:
    """A rating as ratings are written, in every language: plain digits, never grouped (``"1216"``,
    ``"2064"``), so that the puzzle rating and the game rating read alike wherever they are shown."""
    return str(rating)


def puzzle_result(record: PuzzleRecord, misses: int) -> tuple[str, str]:
    """The banner of a finished puzzle: solved cleanly (the streak goes on) or after misses (it was reset),
    with the record as it now stands."""
    standing = puzzle_standing(record)[0]
    if misses:
        line = ngettext(
            "After {count} wrong move: {standing}. Enter: next puzzle",
            "After {count} wrong moves: {standing}. Enter: next puzzle",
            misses,
        )
        # Translators: a puzzle solved after wrong moves (a title).
        return _("Solved"), line.format(count=number(misses), standing=standing)
    return _("Solved!"), _("Right first time: {standing}. Enter: next puzzle").format(standing=standing)


def spread(rating: Glicko) -> str:
    """How far a rating may be off, for a person: "± 240" (two deviations, about 95 %, to the nearest ten)."""
    return f"\u00b1 {number(round(2 * rating.deviation, -1))}"


def uncertainty(rating: Glicko) -> str:
    """How sure a rating is, for a person: "± 240, provisional" while it is, else "± 90"."""
    return _("{spread}, provisional").format(spread=spread(rating)) if rating.provisional else spread(rating)


def rating_line(game: PlayedGame, before: int | None) -> str:
    """The player's rating after the finished ``game`` for the result banner ("Your rating 1216 ± 240 (+16)"),
    or why the game was not rated."""
    if not game.rated:
        reasons = ", ".join(_(ASSISTS[assist]) for assist in game.assists)
        return _("Not rated: {reasons}.").format(reasons=reasons)
    if before is None:
        return _("Your rating {rating} {spread}.").format(rating=game.rating, spread=spread(game.glicko))
    return _("Your rating {rating} {spread} ({change}).").format(
        rating=game.rating, spread=spread(game.glicko), change=number(game.rating - before, signed=True)
    )


#: A game's result as the list of games says it, by its result in the player's file.
RESULT_WORDS = {"win": N_("win"), "draw": N_("draw"), "loss": N_("loss")}


def game_line(recent: RecentGame) -> str:
    """One game of the list: "2026-11-24 19:40 · vs depth 4 (1450) · win · 1216 · played like 1500"."""
    game = recent.game
    level_label = game.level if recent.level is None else level_name(recent.level)
    parts = [
        game.when,
        _("vs {level} ({rating})").format(level=level_label, rating=game.level_rating),
        _(RESULT_WORDS[game.result]),
    ]
    if game.rated:
        parts.append(_("rating {rating}").format(rating=game.rating))
    else:
        reasons = ", ".join(_(ASSISTS[assist]) for assist in game.assists)
        parts.append(_("not rated: {reasons}").format(reasons=reasons))
    if game.performance is not None:
        likely = game.performance_range
        if likely is None:
            parts.append(_("played like {rating}").format(rating=game.performance))
        else:
            parts.append(
                _("played like {rating} ({low}\u2013{high})").format(
                    rating=game.performance, low=likely[0], high=likely[1]
                )
            )
    return " \u00b7 ".join(parts)
