"""The words of the play screen, each read from a :class:`~ui.state.play.play_state.PlayState` (naming the
players by its :attr:`~ui.state.play.play_state.PlayState.player_names`): the status line and the small line
under it, the result and the tally, the window title, the toolbar's titles. Pure functions; the phrasing
itself is
:mod:`ui.state.words.texts`'. No pygame here.
"""

from __future__ import annotations

from ai.contracts import Verdict
from game.language import _, ngettext, number
from ui.state.play import finished_round
from ui.state.play.play_state import PlayState
from ui.state.words import texts
from ui.state.words.notice_words import notice_text
from ui.state.words.review_words import LINE_KEYS, REVIEW_KEYS, line_text, mark_text, summary_text
from ui.state.words.why_words import move_reason, plan_legend, puzzle_themes


def result_text(sitting: PlayState) -> tuple[str, str]:
    """The result in a few words, and a line under it (saying how often the coach spoke, if it did; for
    a puzzle, the player's puzzle record)."""
    if sitting.round.attempt is not None:
        return texts.puzzle_result(sitting.files.puzzles.value, sitting.round.attempt.misses)
    title, line = texts.result_text(sitting.session, sitting.player_names)
    if sitting.round.coach.spoke:
        spoke = sitting.round.coach.spoke
        line += " " + ngettext(
            "The coach spoke {count} time.", "The coach spoke {count} times.", spoke
        ).format(count=number(spoke))
    rated = sitting.round.rating.rated_game
    if rated is not None:
        line += " " + texts.rating_line(rated, sitting.round.rating.rating_before)
    return title, line


def status_text(sitting: PlayState) -> str:
    """The status line: the notice if one is showing, else whose turn it is, the search, or the result."""
    names, game, review, puzzle = sitting.player_names, sitting.game, sitting.review, sitting.puzzle
    if sitting.notice is not None:
        return notice_text(sitting.notice.said)
    if puzzle is not None and game.moves_text() == puzzle.moves and review is None:
        returning = sitting.round.attempt is not None and sitting.round.attempt.returning
        return texts.puzzle_task(names[game.to_move()], puzzle.win_in, returning)
    attempt = sitting.round.attempt
    if attempt is not None and attempt.solved and review is None and not game.is_over():
        return _(texts.PUZZLE_SOLVED)
    if review is not None and review.line is not None:
        return line_text(review, names, game.move_to_text)
    if review is not None:
        return mark_text(review, names, game.move_to_text)
    moving = None if sitting.animation is None else sitting.animation.player
    return texts.status_text(sitting.session, names, moving_player=moving, hint=sitting.assistance.hint)


def why_text(sitting: PlayState) -> str:
    """Why the move the status line speaks of is worth what it is, where the explainer proved it (""
    otherwise, and until its answer comes): a solved puzzle's themes, the review's mistake or blunder
    shown, the move the coach's standing warning is about, else the hint's; else, with the plan view on,
    its plan."""
    session, game, review = sitting.session, sitting.game, sitting.review
    attempt, puzzle = sitting.round.attempt, sitting.puzzle
    if attempt is not None and puzzle is not None and attempt.solved and review is None:
        start = game.copy()
        while start.ply() > len(puzzle.moves):
            start.undo()
        claims = session.reasons.of(start, puzzle.column - 1)
        return "" if claims is None else puzzle_themes(claims, start.to_move())
    if review is not None:
        mark = review.shown() if review.line is None else None
        if mark is None or mark.verdict not in (Verdict.MISTAKE, Verdict.BLUNDER):
            return ""
        claims = session.reasons.of(review.position(), mark.move)
        return "" if claims is None else move_reason(claims, mark.mover, sitting.player_names)
    if game.is_over():
        return ""
    warning = sitting.round.coach.warning
    move: int | None = None
    if warning is not None and sitting.notice is not None:
        move = warning.move
    elif sitting.assistance.hint is not None and sitting.notice is None:
        move = sitting.assistance.hint.move
    plan = sitting.assistance.plan
    if move is None and plan.shown:
        return plan_legend(plan.followed, plan.left, sitting.player_names)
    if move is None or move not in game.moves():
        return ""
    claims = session.reasons.of(game, move)
    return "" if claims is None else move_reason(claims, game.to_move(), sitting.player_names)


def detail_parts(sitting: PlayState) -> list[str]:
    """The small line under the status, most important part first (see
    :func:`ui.state.words.texts.detail_parts`)."""
    review = sitting.review
    if review is not None and review.line is not None:
        return [_(keys) for keys in LINE_KEYS]
    if review is not None:
        return [summary_text(review, sitting.player_names), *(_(keys) for keys in REVIEW_KEYS)]
    if sitting.puzzle is not None and sitting.game.is_over():
        return [_("Enter: next puzzle"), _("Ctrl+N: this puzzle again"), _("Esc: menu")]
    return texts.detail_parts(
        sitting.session,
        sitting.player_names,
        overlay_shown=sitting.assistance.overlay_shown,
        selection=sitting.selection,
        gravity=sitting.gravity,
    )


def detail_text(sitting: PlayState) -> str:
    """The small line under the status, in full."""
    return "    ".join(detail_parts(sitting))


def caption(sitting: PlayState) -> str:
    """The window title (see :func:`ui.state.words.texts.caption`)."""
    return texts.caption(sitting.session, sitting.player_names)


def tally_text(sitting: PlayState) -> str:
    """The tally of this board and opponent for the result banner ("" when nothing is counted, as for a
    puzzle)."""
    key = finished_round.tally_key(sitting.session)
    if sitting.puzzle is not None or key is None:
        return ""
    record = sitting.files.tally.value.get(key)
    return texts.tally_text(record, _opponent_shown(sitting), sitting.player_names)


def short_tally_text(sitting: PlayState) -> str:
    """The tally for the match bar ("" when nothing is counted yet, or for a puzzle)."""
    key = finished_round.tally_key(sitting.session)
    if sitting.puzzle is not None or key is None:
        return ""
    record = sitting.files.tally.value.get(key)
    return texts.short_tally(record, _opponent_shown(sitting), sitting.player_names)


def _opponent_shown(sitting: PlayState) -> str | None:
    """The computer's level against the human as the player reads it, in the language in use."""
    computer = sitting.session.computer()
    return None if computer is None else computer[1].shown


def toolbar_titles(sitting: PlayState) -> list[str]:
    """The toolbar's title, longest first (the toolbar shows the longest that fits)."""
    if sitting.round.attempt is None:
        return texts.toolbar_titles(sitting.session)
    attempt = sitting.round.attempt
    return texts.puzzle_titles(attempt.moves_left(sitting.game.ply()), attempt.solved)


def status_player(sitting: PlayState) -> int | None:
    """The player whose piece leads the status line: the mover of the move under review, the winner, the
    mover of a falling stone, or the side to move; None after a draw."""
    review, game = sitting.review, sitting.game
    if review is not None:
        return (review.cursor - 1) % 2 if review.cursor else None
    if game.is_over():
        return game.winner()
    moving = sitting.animation
    if moving is not None and not sitting.session.seats[moving.player].is_human:
        return moving.player
    return game.to_move()
