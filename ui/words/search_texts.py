"""How a running search and the engine's values are said to a person: the short labels and the bars' scale of
the analysis, the statistics, and the lines about a think, a ponder and an analysis.

Pure functions of plain values and of the search as the board game follows (:class:`FollowedSearch`), so each
wording is tested on its own. Scores follow :mod:`ai.score`: from the point of view of one side (``side``),
proven wins and losses beyond ``PROVEN``, heuristic estimates inside ``HEURISTIC_LIMIT``. The words for one
value (:func:`outlook`, :func:`estimate`) and their bands are :mod:`ui.words.score_words`'s; the
analysis bars use the same bands, so a bar reaching a tick mark means the same as the word.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ai.score import HEURISTIC_LIMIT, Score
from game.language import _, ngettext, number
from game.protocol import Game
from ui.state.board.followed_search import FollowedSearch
from ui.state.board.proven import Proven
from ui.state.play.named_move import NamedMove
from ui.words.claim_words import COLUMN_LETTERS
from ui.words.score_words import BETTER_BELOW, EVEN_BELOW, WINNING_FROM, estimate, outlook, own_moves

#: Where the bands' edges sit on a bar that runs from -1 (lost) to 1 (won): the bars' tick marks.
TICKS = (0.2, 0.55, 0.85)


def short_label(score: Score) -> str | None:
    """The value of a move in a few characters for a column of the analysis row, drawn beside the mark of
    the player it names (:attr:`MoveValue.winner`): ``"7"`` (that player wins in 7 of their own moves),
    ``"="`` (draw); None for an estimate, which is drawn as a bar instead. It says the same whoever is to
    move."""
    if score.is_win or score.is_loss:
        return str(score.moves_to_end)
    if score.is_draw:
        return "="
    return None


def winner_of(score: Score, player: int) -> int | None:
    """The player a proven ``score`` (from ``player``'s side) says wins; None for a draw or an estimate."""
    if score.is_win:
        return player
    if score.is_loss:
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
            if moves == 1:
                text = _("{player}'s mark {moves}: {player} wins next move")
            else:
                # Translators: the analysis row's legend: the label {moves} beside a player's mark.
                text = ngettext(
                    "{player}'s mark {moves}: {player} wins in {moves}",
                    "{player}'s mark {moves}: {player} wins in {moves}",
                    moves,
                )
            parts.append(text.format(player=names[player], moves=moves))
    if any(value.label == "=" for value in shown):
        # Translators: the legend of the label "=" in the analysis row.
        parts.append(_("=: draw"))
    if any(value.label is None for value in shown):
        parts.append(_("bars: estimate, in the colour of the side it favours"))
    return "  \u00b7  ".join(parts)


def lean(score: Score) -> float:
    """Where a value sits on a bar from -1 (lost) through 0 (even) to 1 (won), the bands of :func:`outlook`
    ending at :data:`TICKS`; proven results are the ends, estimates never reach them."""
    if score.is_win:
        return 1.0
    if score.is_loss:
        return -1.0
    size = abs(score.value)
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
    return math.copysign(reach, score.value) if score.value else 0.0


@dataclass(frozen=True)
class MoveValue:
    """The value of ``move`` for the side to move: its ``score`` (see :mod:`ai.score`); the ``winner`` a
    proven win or loss names (a player number, whoever is to move; None for a draw or an estimate) and the
    ``label`` drawn beside that player's mark (:func:`short_label`; None for an estimate); its ``lean`` from
    -1 (lost) to 1 (won) for the side to move, on the bars' scale; and whether it is one of the ``best``
    moves (the highest score)."""

    move: int
    score: Score
    winner: int | None
    label: str | None
    lean: float
    best: bool


def move_values(thinking: FollowedSearch | None, proven: Proven | None = None) -> list[MoveValue]:
    """The values of every move the search valued, in the order it gave them, each proven one as ``proven``
    has it (a running search's estimate never hides a proof); then the moves only ``proven`` values. Empty
    when there are none."""
    scores = {} if thinking is None or thinking.result is None else dict(thinking.result.move_scores)
    if proven is not None:
        scores.update(proven.move_scores)
    # Both speak of the position on the board, so of the same side to move.
    side = proven if proven is not None else thinking
    if side is None or not scores:
        return []
    top = max(scores.values())
    return [
        MoveValue(move, score, winner_of(score, side.player), short_label(score), lean(score), score == top)
        for move, score in scores.items()
    ]


def position_value(thinking: FollowedSearch | None, proven: Proven | None) -> Score | None:
    """The value of the position for its side to move: the proven one where any search proved it, else the
    running search's latest (None before its first depth)."""
    if proven is not None and proven.score is not None:
        return proven.score
    if thinking is None or thinking.result is None:
        return None
    return thinking.result.score


def statistics(depth: int, nodes: int, seconds: float, exact: bool = False) -> str:
    """``"depth 11 · 36,758 positions · 2.5 s"``, or ``"proven · ..."`` for an exact result (the solver's
    result has no depth worth telling: it reaches the end of every line); without the count and the time
    when no search was needed (every move ended the game, or was already proven)."""
    # Translators: a search's result proven by the exact solver (no depth to tell).
    head = _("proven") if exact else _("depth {depth}").format(depth=depth)
    if nodes <= 0:
        return head
    return f"{head}  \u00b7  {_counts_of(nodes, seconds)}"


# --- the play screen's lines about a running search ---------------------------------------------------------
# ``names`` are the players' names by player number (("Red", "Yellow")); ``line`` is the principal variation
# already in the game's notation ("4 4 3"). Each returns its parts most important first, so a narrow window
# can drop the last ones.


def _sides(thinking: FollowedSearch, names: tuple[str, str]) -> tuple[str, str]:
    """The name of the player the search's scores are for (the side to move), then the other's."""
    return names[thinking.player], names[1 - thinking.player]


def search_status(
    who: str, thinking: FollowedSearch | None, names: tuple[str, str], proven: Proven | None = None
) -> str:
    """The status line while ``who`` ("Computer", "Red (depth 4)") thinks: ``"Computer is thinking: Red is
    better"``, the value ``proven`` (if any) before any estimate, or only ``"Computer is thinking..."`` until
    there is a value."""
    value = position_value(thinking, proven)
    if thinking is None or value is None:
        return _("{who} is thinking...").format(who=who)
    return _("{who} is thinking: {value}").format(who=who, value=outlook(value, *_sides(thinking, names)))


def search_detail(
    thinking: FollowedSearch, names: tuple[str, str], line: str, proven: Proven | None = None
) -> list[str]:
    """The small line under a think, one voice with the headline above it: what its "wins in N" counts
    (:func:`~ui.words.score_words.own_moves`), the line the search expects said as its own where its
    depth is limited (:func:`line_said`: "depth 2 looks at d d" under a proven "Red wins in 6" is the
    search's view, never offered as the best line), the estimate as a number where the value is not proven
    and the headline names a side (so the two never disagree: no "Red +6" under "even"), and the statistics
    (ticking between depths; the depth said once)."""
    value = position_value(thinking, proven)
    said, progress = _line_and_progress(thinking, line)
    number_said = ""
    if value is not None and not value.is_proven and abs(value.value) >= EVEN_BELOW:
        number_said = estimate(value, *_sides(thinking, names))
    gloss = "" if value is None else own_moves(value, *_sides(thinking, names))
    if _names_depth(thinking, said):
        parts = [gloss, said, number_said, progress]
    else:
        parts = [gloss, progress, number_said, said]
    return [part for part in parts if part]


def ponder_detail(
    thinking: FollowedSearch, names: tuple[str, str], proven: Proven | None = None
) -> list[str]:
    """The small line while the computer thinks on the human's time. Its opinion is not given away (that
    would be help, see :mod:`ui.state.files.player_rating`), except a proven value the computer's think has
    told already (``proven.told``): ``"Thinking on your time: Red wins in 6 (proven)  ·  ..."``; a value it
    proved but has not told is said to be known, not what it is."""
    if proven is not None and proven.told and proven.score is not None:
        said = outlook(proven.score, *_sides(thinking, names))
        # Translators: the computer thinks while the player does; {value} is "Red wins in 6".
        told = _("Thinking on your time: {value} (proven)").format(value=said)
        return [part for part in (told, _counts(thinking)) if part]
    if thinking.result is not None and thinking.result.score.exact and not thinking.proving:
        # Translators: the computer has proven how the game ends but does not tell (that would be help).
        known = _("Thinking on your time: it knows how this ends, and keeps it to itself")
        return [part for part in (known, _counts(thinking)) if part]
    progress = _statistics(thinking)
    if not progress:
        return [_("Thinking on your time: starting")]
    return [_("Thinking on your time: {progress}").format(progress=progress)]


def analysis_detail(
    thinking: FollowedSearch | None,
    names: tuple[str, str],
    line: str,
    values: list[MoveValue],
    hovered: tuple[str, Score] | None = None,
    proven: Proven | None = None,
) -> list[str]:
    """The small line under the analysis overlay: the value of the position (or, with ``hovered`` = (the
    move's name, its score), of the move under the pointer) in words, marked "estimate" until it is
    proven (the value ``proven``, if any, before the search's estimate), what its "wins in N" counts, the
    legend of the ``values`` shown, the expected line (said as the search's own where its depth is limited,
    :func:`line_said`) and the statistics (or the proof's progress)."""
    if thinking is None:
        return [_("Analysis: no search runs here")]
    mover, other = _sides(thinking, names)
    gloss = ""
    if hovered is not None:
        name, score = hovered
        # Translators: a move's name ("Column 4", "Cell b2") and its value.
        headline = _("{move}: {value}").format(
            move=f"{name[:1].upper()}{name[1:]}", value=valued(score, mover, other)
        )
        gloss = own_moves(score, mover, other)
    elif (value := position_value(thinking, proven)) is None:
        headline = _("Analysis for {player}: searching...").format(player=mover)
    else:
        headline = _("Analysis: {value}").format(value=valued(value, mover, other))
        gloss = own_moves(value, mover, other)
    said, progress = _line_and_progress(thinking, line if thinking.result is not None else "")
    parts = [headline, gloss, legend(values, names), said, progress]
    return [part for part in parts if part]


def line_said(thinking: FollowedSearch, line: str) -> str:
    """The line the search expects (``line``, already in the game's notation), said as what it is: "best
    line: d c g" where the search proved its value (best play), "depth 2 looks at d d" where a search of
    limited depth found it, which is that search's view alone (a proof of the position may say its first
    move loses); "" without a line."""
    if not line or thinking.result is None:
        return ""
    if thinking.result.score.exact:
        return _("best line: {line}").format(line=line)
    # Translators: a search that looks {depth} moves ahead, and the moves it expects: its own view, not a
    # proven line ("depth 2 looks at d d").
    return _("depth {depth} looks at {line}").format(depth=thinking.result.depth, line=line)


def _names_depth(thinking: FollowedSearch, said: str) -> bool:
    """The line ``said`` names the search's depth (:func:`line_said` of a search of limited depth)."""
    return bool(said) and thinking.result is not None and not thinking.result.score.exact


def _line_and_progress(thinking: FollowedSearch, line: str) -> tuple[str, str]:
    """The line said (:func:`line_said`) and the search's progress, the depth told once: in the line where
    it names it (the progress is then the count and the time, or the proof's progress), else in the
    progress (:func:`_statistics`)."""
    said = line_said(thinking, line)
    if _names_depth(thinking, said) and not thinking.proving:
        return said, _counts(thinking)
    return said, _statistics(thinking)


def valued(score: Score, side: str, other: str) -> str:
    """:func:`outlook`, followed by "(estimate)" where the value is not proven."""
    words = outlook(score, side, other)
    return words if score.is_proven else _("{value} (estimate)").format(value=words)


def move_value(thinking: FollowedSearch | None, move: int, proven: Proven | None = None) -> Score | None:
    """The score of ``move`` (from the side to move): proven, if ``proven`` has it, else the search's, if it
    valued it."""
    if proven is not None and move in proven.move_scores:
        return proven.move_scores[move]
    if thinking is None or thinking.result is None:
        return None
    return dict(thinking.result.move_scores).get(move)


def _statistics(thinking: FollowedSearch) -> str:
    """The search's progress: its depth (or "proven") with the count and time, or "proving" while the exact
    solver works (a depth there would be the board's remaining cells, far beyond any level)."""
    if thinking.proving:
        counts = _counts(thinking)
        # Translators: the exact solver at work, with its count of positions and its time so far.
        return _("proving  \u00b7  {counts}").format(counts=counts) if counts else _("proving...")
    if thinking.result is None:
        return _counts(thinking)
    return statistics(thinking.result.depth, thinking.nodes, thinking.seconds, thinking.result.score.exact)


def _counts(thinking: FollowedSearch) -> str:
    """The positions the search has seen and its time so far ("" before it has seen any)."""
    if thinking.nodes <= 0:
        return ""
    return _counts_of(thinking.nodes, thinking.seconds)


def _counts_of(nodes: int, seconds: float) -> str:
    """``"36,758 positions · 2.5 s"``."""
    positions = ngettext("{count} position", "{count} positions", nodes).format(count=number(nodes))
    # Translators: a time in seconds ("2.5 s").
    return f"{positions}  \u00b7  " + _("{seconds} s").format(seconds=number(seconds, 1))


def line_text(game: Game, thinking: FollowedSearch, length: int) -> str:
    """The line the search expects, each move named as :func:`move_name` names it: what the computer is
    "thinking about"."""
    if thinking.result is None:
        return ""
    return " ".join(move_name(game, move) for move in thinking.result.principal_variation[:length])


def move_words(named: NamedMove) -> str:
    """A move for a person: ``"column d"`` (a column by its letter, as cells are named), ``"cell b2"``."""
    if named.gravity:
        # Translators: a move of Connect Four by its column's letter, as cells are named ("c3" is in column c;
        # lower case: it may follow other words, "Red plays column d").
        return _("column {letter}").format(letter=COLUMN_LETTERS[named.move])
    # Translators: a move of Tic-tac-toe (lower case: it may follow other words, "X plays cell b2").
    return _("cell {cell}").format(cell=named.cell)


def game_move_words(game: Game, move: int) -> str:
    """:func:`move_words` of ``move`` in ``game``."""
    return move_words(NamedMove.of(game, move))


def move_name(game: Game, move: int) -> str:
    """A move as a line of moves names it: a Connect Four column by its letter, as the reasons name cells
    ("d" holds d1 to d6), any other game's move by its own symbol."""
    if game.gravity:
        return COLUMN_LETTERS[move]
    return game.move_to_text(move)
