"""The words of the play screen, each read from a :class:`~ui.state.play.play_state.PlayState` (naming the
players by its :attr:`~ui.state.play.play_state.PlayState.player_names`): the status line and the small line
under it, the result and the tally, the window title, the toolbar's titles. Pure functions; the phrasing
itself is
:mod:`ui.words.texts`'. No pygame here.
"""

from __future__ import annotations

import dataclasses

from ai.claims import Claim
from ai.contracts import Verdict
from game.cells import Cell
from game.language import _, ngettext, number
from game.protocol import Game
from ui.state.options import FirstPlayer, Mode
from ui.state.play import finished_round
from ui.state.play.learn_notices import LearnLeaf, LearnMissed
from ui.state.play.notices import PuzzleMissed
from ui.state.play.play_state import PlayState
from ui.words import texts
from ui.words.learn_words import learn_notice_text, next_branch_keys
from ui.words.notice_words import notice_text
from ui.words.review_words import LINE_KEYS, REVIEW_KEYS, line_text, mark_text, summary_text
from ui.words.search_texts import move_name
from ui.words.why_words import ReasonMarks, marked_reason, plan_legend, puzzle_themes


def result_text(play_state: PlayState) -> tuple[str, str]:
    """The result in a few words, and a line under it (saying how often the coach spoke, if it did; for
    a puzzle, the player's puzzle record; for a run of the Learn trainer, the branch's progress)."""
    if play_state.round.attempt is not None:
        return texts.puzzle_result(play_state.files.puzzles.value, play_state.round.attempt.misses)
    title, line = texts.result_text(play_state.board_game, play_state.player_names)
    learning = play_state.round.learning
    if learning is not None:
        # The run's outcome in the branch's progress, not a game against the computer's level.
        return title, "" if learning.ended is None else learn_notice_text(learning.ended)
    if play_state.round.coach.spoke:
        spoke = play_state.round.coach.spoke
        line += " " + ngettext(
            "The coach spoke {count} time.", "The coach spoke {count} times.", spoke
        ).format(count=number(spoke))
    rated = play_state.round.rating.rated_game
    if rated is not None:
        line += " " + texts.rating_line(rated, play_state.round.rating.rating_before)
    return title, line


def status_text(play_state: PlayState) -> str:
    """The status line: the notice if one is showing, else whose turn it is, the search, or the result."""
    names, game, review, puzzle = (
        play_state.player_names,
        play_state.game,
        play_state.review,
        play_state.puzzle,
    )
    if play_state.notice is not None:
        return notice_text(play_state.notice.said)
    if puzzle is not None and game.moves_text() == puzzle.moves and review is None:
        returning = play_state.round.attempt is not None and play_state.round.attempt.returning
        return texts.puzzle_task(names[game.to_move()], puzzle.win_in, returning)
    attempt = play_state.round.attempt
    if attempt is not None and attempt.solved and review is None and not game.is_over():
        return _(texts.PUZZLE_SOLVED)
    if review is not None and review.line is not None:
        return line_text(review, names, lambda move: move_name(game, move))
    if review is not None:
        return mark_text(review, names, lambda move: move_name(game, move))
    moving = None if play_state.animation is None else play_state.animation.player
    return texts.status_text(
        play_state.board_game, names, moving_player=moving, hint=play_state.assistance.hint
    )


def why(play_state: PlayState) -> tuple[str, ReasonMarks | None]:
    """Why the move the status line speaks of is worth what it is, where the explainer proved it, and the
    cells the reason names, to mark on the board (("", None) otherwise, and until its answer comes): a
    solved puzzle's themes (no marks), the Learn trainer's leaf (see :func:`_leaf_told`), the review's mistake
    or blunder shown, the puzzle's move just refused,
    the move the coach's standing warning is about, else the hint's; else, with the plan view on, its plan
    (which the plan view draws)."""
    board_game, game = play_state.board_game, play_state.game
    attempt, puzzle = play_state.round.attempt, play_state.puzzle
    if attempt is not None and puzzle is not None and attempt.solved and play_state.review is None:
        start = game.copy()
        while start.ply() > len(puzzle.moves):
            start.undo()
        claims = board_game.reasons.of(start, puzzle.column - 1)
        return ("" if claims is None else puzzle_themes(claims, start.to_move())), None
    leaf = _leaf_told(play_state)
    if leaf is not None:
        return leaf
    told = _move_told(play_state)
    if told is not None:
        claims, position, move = told
        if claims is None:
            return "", None
        text, marks = marked_reason(claims, position.to_move(), play_state.player_names)
        if play_state.review is not None and play_state.review.line is not None:
            marks = None  # the line's own stones are on the board
        elif marks is not None and marks.line:
            marks = dataclasses.replace(marks, move=_landing(position, move))
        return text, marks
    plan = play_state.assistance.plan
    if play_state.review is None and not game.is_over() and plan.side is not None:
        return plan_legend(plan.followed, plan.left, plan.side, play_state.player_names), None
    return "", None


def _leaf_told(play_state: PlayState) -> tuple[str, ReasonMarks | None] | None:
    """While the Learn trainer says that the run reached its leaf: why the player's move that reached it wins,
    or where the computer's reply reached it why the player wins there, as the explainer proved it (the
    branch's claim: a plan, a road into one, a double threat ...), marked on the board while the position is
    still the leaf's; ("", None) until the reason comes; None where no leaf is told."""
    learning, notice = play_state.round.learning, play_state.notice
    if (
        learning is None
        or learning.leaf_move is None
        or notice is None
        or not isinstance(notice.said, LearnLeaf)
    ):
        return None
    before, move = learning.leaf_move
    claims = play_state.board_game.reasons.of(before, move)
    if claims is None:
        return "", None
    text, marks = marked_reason(claims, before.to_move(), play_state.player_names)
    after = before.moves_text() + ("" if move is None else before.move_to_text(move))
    return text, marks if play_state.game.moves_text() == after else None


def _landing(game: Game, move: int) -> Cell | None:
    """The cell ``move`` fills in ``game`` (a legal move), as reasons name cells."""
    child = game.copy()
    child.apply(move)
    grid = child.last_cell()
    return None if grid is None else (grid[1], len(child.cells()) - 1 - grid[0])


def _move_told(play_state: PlayState) -> tuple[tuple[Claim, ...] | None, Game, int] | None:
    """The move whose reason the status area tells, as its proven claims (None until they come), the
    position it is played in and the move: the review's mistake or blunder shown, the puzzle's move refused,
    the coach's warning, the hint; None where no move's reason is told."""
    board_game, game, review = play_state.board_game, play_state.game, play_state.review
    if review is not None:
        # Under "show me"'s line of what a mistake allows, the mistake's reason stays told.
        mark = review.shown() if review.line is None or review.line.allowed else None
        if mark is None or mark.verdict not in (Verdict.MISTAKE, Verdict.BLUNDER):
            return None
        position = review.position()
        return board_game.reasons.of(position, mark.move), position, mark.move
    if game.is_over():
        return None
    warning, notice = play_state.round.coach.warning, play_state.notice
    move: int | None = None
    if notice is not None and isinstance(notice.said, PuzzleMissed):
        move = notice.said.column
    elif notice is not None and isinstance(notice.said, LearnMissed):
        move = notice.said.move.move
    elif warning is not None and notice is not None:
        move = warning.move
    elif play_state.assistance.hint is not None and play_state.notice is None:
        move = play_state.assistance.hint.move
    if move is None or move not in game.moves():
        return None
    return board_game.reasons.of(game, move), game, move


def detail_parts(play_state: PlayState) -> list[str]:
    """The small line under the status, most important part first (see
    :func:`ui.words.texts.detail_parts`); the overlay's line tells the move under the pointer only
    while no hint shows."""
    review = play_state.review
    if review is not None and review.line is not None:
        return [_(keys) for keys in LINE_KEYS]
    if review is not None:
        return [summary_text(review, play_state.player_names), *(_(keys) for keys in REVIEW_KEYS)]
    if play_state.puzzle is not None and play_state.game.is_over():
        return [_("Enter: next puzzle"), _("Ctrl+N: this puzzle again"), _("Esc: menu")]
    if play_state.learn is not None and play_state.game.is_over():
        return [next_branch_keys(), _("Esc: menu")]
    # While a hint shows, the status line speaks of the hinted move: the overlay's line speaks of the
    # position, not of the move under the pointer, so two moves never compete for the player's eye.
    hinted = play_state.assistance.hint is not None
    return texts.detail_parts(
        play_state.board_game,
        play_state.player_names,
        overlay_shown=play_state.assistance.overlay_shown,
        selection=None if hinted else play_state.selection,
        gravity=play_state.gravity,
        hint=play_state.assistance.hint if play_state.notice is None else None,
    )


def detail_text(play_state: PlayState) -> str:
    """The small line under the status, in full."""
    return "    ".join(detail_parts(play_state))


def caption(play_state: PlayState) -> str:
    """The window title (see :func:`ui.words.texts.caption`)."""
    return texts.caption(play_state.board_game, play_state.player_names)


def tally_text(play_state: PlayState) -> str:
    """The tally of this board and opponent for the result banner ("" when nothing is counted, as for a
    puzzle or the Learn trainer)."""
    key = finished_round.tally_key(play_state.board_game)
    if play_state.puzzle is not None or play_state.learn is not None or key is None:
        return ""
    record = play_state.files.tally.value.get(key)
    return texts.tally_text(record, _opponent_shown(play_state), _tally_names(play_state))


def short_tally_text(play_state: PlayState) -> str:
    """The tally for the match bar ("" when nothing is counted yet, or for a puzzle)."""
    key = finished_round.tally_key(play_state.board_game)
    if play_state.puzzle is not None or play_state.learn is not None or key is None:
        return ""
    record = play_state.files.tally.value.get(key)
    return texts.short_tally(record, _opponent_shown(play_state), _tally_names(play_state))


def _tally_names(play_state: PlayState) -> tuple[str, str]:
    """Who the tally's two records are: with two players it counts by colour, so the players' names stand
    for them only while each keeps a colour (not when the start alternates: then the pieces' names do)."""
    options = play_state.options
    if options.mode is Mode.TWO_PLAYERS and options.first is FirstPlayer.ALTERNATE:
        return play_state.piece_names
    return play_state.player_names


def _opponent_shown(play_state: PlayState) -> str | None:
    """The computer's level against the human as the player reads it, in the language in use."""
    computer = play_state.board_game.computer()
    return None if computer is None else texts.level_name(computer[1])


def toolbar_titles(play_state: PlayState) -> list[str]:
    """The toolbar's title, longest first (the toolbar shows the longest that fits)."""
    if play_state.round.attempt is None:
        return texts.toolbar_titles(play_state.board_game)
    attempt = play_state.round.attempt
    return texts.puzzle_titles(attempt.moves_left(play_state.game.ply()), attempt.solved)


def status_player(play_state: PlayState) -> int | None:
    """The player whose piece leads the status line: the mover of the move under review, the winner, the
    mover of a falling stone, or the side to move; None after a draw."""
    review, game = play_state.review, play_state.game
    if review is not None:
        return (review.cursor - 1) % 2 if review.cursor else None
    if game.is_over():
        return game.winner()
    moving = play_state.animation
    if moving is not None and not play_state.board_game.seats[moving.player].is_human:
        return moving.player
    return game.to_move()
