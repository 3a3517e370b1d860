"""The review's words: the verdict on the move shown, what it changed and the best move, the summary of the
players' moves, "show me"'s line, and the review's keys. Pure functions of a
:class:`~ui.state.review.game_review.GameReview`. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.contracts import MoveReview, Verdict
from ai.score import Score
from game.language import N_, _, ngettext
from ui.state.review.game_review import GameReview
from ui.words.score_words import outlook
from ui.words.search_texts import game_move_words

#: What a verdict that kept the result says, after "Move N: Red in column d, " (a move that changed the result
#: is said by what it did: :data:`CHANGE_WORDS`).
VERDICT_WORDS = {
    Verdict.BEST: N_("the best move"),
    Verdict.KEPT: N_("not the best move"),
}
#: Writes a move the short way ("4", "b2"), as the best moves are listed.
MoveText = Callable[[int], str]
#: The keys of the review, for the detail line.
REVIEW_KEYS = (
    N_("\u2190 \u2192: step"),
    N_("Home / End"),
    N_("B: show me the best line"),
    N_("Esc: back to the game"),
)
#: The keys while "show me" plays the best line.
LINE_KEYS = (N_("\u2190 \u2192: step the line"), N_("Home / End"), N_("B or Esc: back to the review"))
#: What a move did to its mover's result, by (result of the best move, result of the move played): the
#: review's, the coach's and the puzzles' words for a mistake or a blunder.
CHANGE_WORDS = {
    (1, 0): N_("throws the win away (a draw now)"),
    (1, -1): N_("throws the win away (a loss now)"),
    (0, -1): N_("throws the draw away"),
}


def result_words(mark: MoveReview, names: tuple[str, str]) -> str:
    """The result after the move, naming the player it favours, as everywhere in the game: "Red wins in 5",
    "draw", "Yellow wins next move"."""
    mover = mark.mover
    return outlook(mark.played, names[mover], names[1 - mover])


def wins_at_once(score: Score) -> bool:
    """A move valued ``score`` (from its mover's side) wins the game itself: the value counts the move, so
    the outlook's words would be "wins next move", which a player reads as the move after it."""
    return score.exact and score.is_win and score.plies_to_end == 1


def best_words(mark: MoveReview, names: tuple[str, str], move_text: MoveText) -> str:
    """The best move(s) and what they lead to, e.g. "best: 4 (Red wins in 5)", "best: 3 or 5 (draw)" or
    "best: 4 (Red wins at once)"."""
    # Translators: between the best moves when there are several ("3 or 5").
    moves = _(" or ").join(move_text(move) for move in mark.best_moves)
    if not mark.exact:
        return _("the search prefers {moves}").format(moves=moves)
    mover = mark.mover
    if wins_at_once(mark.best):
        return _("best: {moves} ({player} wins at once)").format(moves=moves, player=names[mover])
    best = outlook(mark.best, names[mover], names[1 - mover])
    return _("best: {moves} ({value})").format(moves=moves, value=best)


def mark_text(review: GameReview, names: tuple[str, str], move_text: MoveText) -> str:
    """The status line of the move shown: who played what and the verdict ("the best move"), or for a
    move that changed the result what it did ("throws the draw away"); then after "; " separators the best
    move and what the move gives back of the opponent's last change of result (a narrow window drops clauses
    from the end). ``move_text`` writes a move the short way, as the best moves are listed."""
    ply = review.cursor
    if ply == 0:
        return _("No moves to review")
    mover = (ply - 1) % 2
    head = _("Move {number}: {player} in {move}").format(
        number=ply, player=names[mover], move=game_move_words(review.game, review.moves[ply - 1])
    )
    mark = review.shown()
    if mark is None:
        return _("{move_played}, working it out…").format(move_played=head)
    # An estimate has no verdict, a proven mark always has one (MoveReview's contract).
    if mark.verdict is None:
        return _("{move_played}, an estimate; {best}").format(
            move_played=head, best=best_words(mark, names, move_text)
        )
    if mark.verdict is Verdict.BEST and wins_at_once(mark.played):
        return _("{move_played}, the winning move").format(move_played=head)
    if mark.verdict is Verdict.BEST:
        return _("{move_played}, {verdict} ({value})").format(
            move_played=head, verdict=_(VERDICT_WORDS[mark.verdict]), value=result_words(mark, names)
        )
    if mark.verdict is Verdict.KEPT:
        return _("{move_played}, {verdict}; same result ({value}); {best}").format(
            move_played=head,
            verdict=_(VERDICT_WORDS[mark.verdict]),
            value=result_words(mark, names),
            best=best_words(mark, names, move_text),
        )
    # A mistake or a blunder is said by what it did ("throws the draw away"), the clause a narrow window
    # keeps.
    change = _(CHANGE_WORDS[mark.best.result, mark.played.result])
    best = best_words(mark, names, move_text)
    earlier = [point for point in review.turning_points() if point.ply < ply]
    if earlier and earlier[-1].mover != mark.mover:
        # Translators: {move_played} is "Move 7: Red in column c", {change} what it did ("throws the draw
        # away"), {best} the best move ("best: e (draw)"), {given_back} what the opponent gets back of its own
        # earlier change ("Yellow gets back what move 6 threw away").
        return _("{move_played} {change}; {best}; {given_back}").format(
            move_played=head, change=change, best=best, given_back=given_back_words(earlier[-1], mark, names)
        )
    # Translators: {move_played} is "Move 7: Red in column c", {change} what it did ("throws the draw
    # away"), {best} the best move ("best: e (draw)").
    return _("{move_played} {change}; {best}").format(move_played=head, change=change, best=best)


def given_back_words(earlier: MoveReview, mark: MoveReview, names: tuple[str, str]) -> str:
    """What ``mark``, a move that changed the result, gives back of the opponent's ``earlier`` one (the
    game's last change of result before it): "Yellow gets back what move 6 threw away", "part of what" or
    "more than" move 6 threw away, by the result the opponent has now against the one it had before that
    move."""
    # The opponent's result now, and before its own move: each from the opponent's side.
    now, before = -mark.played.result, earlier.best.result
    if now == before:
        words = _("{player} gets back what move {number} threw away")
    elif now < before:
        words = _("{player} gets back part of what move {number} threw away")
    else:
        words = _("{player} gets back more than move {number} threw away")
    return words.format(player=names[earlier.mover], number=earlier.ply)


def summary_text(review: GameReview, names: tuple[str, str]) -> str:
    """Per player, the share of moves that kept the value and, once the review is complete on a board the
    ladder rates, the strength the moves showed; and how many moves changed the result."""
    parts = []
    for player, name in enumerate(names):
        kept, counted = review.kept(player)
        if counted:
            shown = review.performance(player)
            if shown is not None:
                said = _(
                    "{player} kept the value {kept}/{counted}, played like about {rating} ({low}\u2013{high})"
                )
                parts.append(
                    said.format(
                        player=name,
                        kept=kept,
                        counted=counted,
                        rating=shown.rating,
                        low=shown.low,
                        high=shown.high,
                    )
                )
            else:
                said = _("{player} kept the value {kept}/{counted}")
                parts.append(said.format(player=name, kept=kept, counted=counted))
    turning = len(review.turning_points())
    if review.complete():
        parts.append(
            ngettext("{count} turning point", "{count} turning points", turning).format(count=turning)
        )
    else:
        parts.append(_("working…"))
    return " · ".join(parts)


#: The most moves of a "show me" line the status line lists at once (around the one on the board).
LINE_MOVES_SHOWN = 10


def line_text(review: GameReview, names: tuple[str, str], move_text: MoveText) -> str:
    """The status line while "show me" plays the best line from the move shown: where it starts, what best
    play leads to, in the words of the rest of the game, then the moves found so far (the one last put on the
    board in brackets), at most :data:`LINE_MOVES_SHOWN` of them around it: "Best line from move 15, Red wins
    in 14: 3 5 [4] 4 ...". The result comes first, so that a long line never hides it."""
    line = review.line
    assert line is not None
    moves = [move_text(move) for move in line.moves]
    if line.shown:
        moves[line.shown - 1] = f"[{moves[line.shown - 1]}]"
    # The moves around the one on the board: a few before it, the rest after.
    first = max(0, min(line.shown - LINE_MOVES_SHOWN // 2, len(moves) - LINE_MOVES_SHOWN))
    window = moves[first : first + LINE_MOVES_SHOWN]
    found = " ".join(window) if moves else _("working it out\u2026")
    if first > 0:
        found = f"\u2026 {found}"
    if moves and (not line.done or first + LINE_MOVES_SHOWN < len(moves)):
        found += " \u2026"
    if line.allowed:
        # Translators: "show me" on a mistake: the move played, then the road of its reason ({moves}).
        return _("What move {number} allows: {moves}").format(number=review.cursor, moves=found)
    if line.value is None:
        return _("Best line from move {number}: {moves}").format(number=review.cursor, moves=found)
    mover = line.start.to_move()
    result = outlook(line.value, names[mover], names[1 - mover])
    # Translators: {result} is what best play leads to ("Red wins in 14"), {moves} the line's moves.
    return _("Best line from move {number}, {result}: {moves}").format(
        number=review.cursor, result=result, moves=found
    )
