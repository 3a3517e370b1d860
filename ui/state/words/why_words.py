"""Why a move is worth what it is, in the player's words: the explainer's proven claims
(:mod:`ai.claims`) as one sentence, for the hint, the coach and the review. Pure functions, no pygame.

The players are named as the play screen names them (``names``, by player number: "Red", "Yellow"); a cell
by its column's letter from ``a`` at the left and its row from 1 at the bottom (``c3``), Connect Four's
usual notation, as ``ponder explain`` names cells; a column as the game names it ("column 3"). Of all the
claims about a move one is told, the most telling: for a good move what it does (wins, blocks, makes two
threats, starts a forcing line, then holds zugzwang or a plan), for a move that throws the result away what
it gives the opponent (a cell under a threat, two threats, a forcing line, zugzwang) or which part of its
mover's plan it breaks; where nothing of that is proven, the road from the position after the move: the
line of best play to the first proven reason ("Best play after it: e4 d4 e5; Yellow then has two threats:
c5 and e5").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai.claims import (
    Block,
    Claim,
    DoubleThreat,
    ForcingLine,
    HandsOver,
    LeavesPlan,
    PlanClaim,
    Result,
    Road,
    WinNow,
    Zugzwang,
    ZugzwangRule,
)
from ai.explain.themes import PuzzleTheme, themes_of
from ai.explain.words import summary_item
from ai.plans import Rule
from game.cells import Cell
from game.language import N_, _
from ui.state.play.plan_view import Followed, LeftPlan

#: The columns' letters, from the left.
COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: How many items of a plan's compact form a reason names (the plan view draws them all): the sentence keeps
#: to the status area's one line at the smallest window, in every language.
PLAN_ITEMS_TOLD = 1


def cell_name(cell: Cell) -> str:
    """``(2, 0)`` -> ``"c1"``: the column's letter and the row from 1 at the bottom."""
    return f"{COLUMN_LETTERS[cell[0]]}{cell[1] + 1}"


def cells_text(cells: tuple[Cell, ...]) -> str:
    """The cells of a list: ``"a1, b2 and c3"``."""
    names = [cell_name(cell) for cell in cells]
    if len(names) <= 1:
        return "".join(names)
    # Translators: the last two of a list of cells, "b2 and c3".
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def rule_name(rule: Rule) -> str:
    """A rule as a player reads it: Allis's names (the same in every language), and the odd threat."""
    return _("odd threat") if rule is Rule.ODD_THREAT else rule.value


@dataclass(frozen=True)
class ReasonMarks:
    """What the board marks while a reason shows: the ``cells`` its sentence names (ringed, each with its
    name), and a road's ``line``, its stones numbered in turn, the first ``line_player``'s."""

    cells: tuple[Cell, ...]
    line: tuple[Cell, ...] = ()
    line_player: int = 0


def move_reason(claims: tuple[Claim, ...], mover: int, names: tuple[str, str]) -> str:
    """The one sentence that says why ``mover``'s move, whose proven claims are ``claims``, is worth what it
    is; "" where none of them is worth telling."""
    return marked_reason(claims, mover, names)[0]


def marked_reason(
    claims: tuple[Claim, ...], mover: int, names: tuple[str, str]
) -> tuple[str, ReasonMarks | None]:
    """:func:`move_reason`'s sentence and the cells it names, to mark on the board (a road's line after
    ``mover``'s move, and the cells of what holds at its end); ("", None) where it tells nothing."""
    told = _told(claims, mover, names)
    if told is None:
        return "", None
    text, claim = told
    if isinstance(claim, Road) and claim.then is not None:
        return text, ReasonMarks(_named_cells(claim.then), claim.line, 1 - mover)
    return text, ReasonMarks(_named_cells(claim))


def _named_cells(claim: Claim) -> tuple[Cell, ...]:
    """The cells a claim's sentence names: a double threat's move as well as its two cells, a forcing line's
    stones of its side, the answer a left plan had; none for a plan or claimeven, which name no cell (the
    plan view draws plans)."""
    if isinstance(claim, DoubleThreat) and claim.move is not None:
        return (claim.move, *claim.cells)
    if isinstance(claim, ForcingLine):
        return claim.cells[0::2]
    if isinstance(claim, PlanClaim):
        return ()
    if isinstance(claim, LeavesPlan):
        return claim.cells[1:]
    if isinstance(claim, Zugzwang) and claim.rule is not ZugzwangRule.ODD_THREAT_HOLDS:
        return ()
    return claim.cells


def _told(claims: tuple[Claim, ...], mover: int, names: tuple[str, str]) -> tuple[str, Claim] | None:
    """The most telling of ``claims`` (about ``mover``'s move) with its sentence, or None."""
    for rank in _RANKS:
        for claim in claims:
            text = rank(claim, mover, names[mover], names[1 - mover])
            if text is not None:
                return text, claim
    return None


# --- each kind of claim, most telling first: (claim, mover, its name, the opponent's) -> text or None ---


def _wins(claim: Claim, mover: int, player: str, other: str) -> str | None:
    if isinstance(claim, WinNow) and claim.side == mover:
        return _("It completes four at {cell}").format(cell=cell_name(claim.cells[0]))
    return None


def _hands_over(claim: Claim, mover: int, player: str, other: str) -> str | None:
    if not isinstance(claim, HandsOver) or claim.side != mover:
        return None
    above = cell_name(claim.cells[1])
    if claim.whose != mover:
        return _("It fills the cell under {other}'s threat at {cell}: {other} wins there").format(
            other=other, cell=above
        )
    return _("It fills the cell under {player}'s own threat at {cell}: {other} blocks it there").format(
        player=player, other=other, cell=above
    )


def _block(claim: Claim, mover: int, player: str, other: str) -> str | None:
    if isinstance(claim, Block) and claim.side == mover:
        return _("It blocks {other}'s four at {cell}: every other move loses at once").format(
            other=other, cell=cell_name(claim.cells[0])
        )
    return None


def _double_threat(claim: Claim, mover: int, player: str, other: str) -> str | None:
    if not isinstance(claim, DoubleThreat):
        return None
    cells = cells_text(claim.cells)
    if claim.side == mover:
        if claim.stacked:
            return _("It makes two threats, one above the other: {cells}").format(cells=cells)
        return _("It makes two threats: {cells}").format(cells=cells)
    if claim.move is None:
        return _("{other} then has two threats: {cells}").format(other=other, cells=cells)
    return _("{other} then makes two threats with {move}: {cells}").format(
        other=other, move=cell_name(claim.move), cells=cells
    )


def _win_after(claim: Claim, mover: int, player: str, other: str) -> str | None:
    if isinstance(claim, WinNow) and claim.side != mover:
        return _("{other} then completes four at {cell}").format(other=other, cell=cell_name(claim.cells[0]))
    return None


def _forcing_line(claim: Claim, mover: int, player: str, other: str) -> str | None:
    if not isinstance(claim, ForcingLine):
        return None
    if claim.side == mover:
        # The mover's stones of the line, the opponent's forced answers between them.
        return _("It starts a forcing line, every move a threat: {cells}").format(
            cells=cells_text(claim.cells[0::2])
        )
    return _("{other} then wins by a forcing line from {cell}").format(
        other=other, cell=cell_name(claim.cells[0])
    )


def _leaves_plan(claim: Claim, mover: int, player: str, other: str) -> str | None:
    if not isinstance(claim, LeavesPlan) or claim.side != mover:
        return None
    answer = claim.cells[1]
    if claim.rule is None:
        return _("It leaves {player}'s plan, which answered at {cell}").format(
            player=player, cell=cell_name(answer)
        )
    # Translators: {rule} is one of Allis's rules ("claimeven"), {column} a column's letter ("f").
    return _("It breaks {player}'s {rule} in column {column}: the plan answered at {cell}").format(
        player=player, rule=rule_name(claim.rule), column=COLUMN_LETTERS[answer[0]], cell=cell_name(answer)
    )


def _zugzwang(claim: Claim, mover: int, player: str, other: str) -> str | None:
    if not isinstance(claim, Zugzwang):
        return None
    holder = player if claim.side == mover else other
    wins = claim.result is Result.WIN
    if claim.rule is ZugzwangRule.ODD_THREAT_HOLDS:
        text = (
            _("{player} then wins by zugzwang with the odd threat at {cells}")
            if wins
            else _("{player} then holds zugzwang with the odd threat at {cells}")
        )
        return text.format(player=holder, cells=cells_text(claim.cells))
    text = (
        _("{player} then wins by claimeven, answering every move directly above it")
        if wins
        else _("{player} then holds at least a draw by claimeven, answering every move directly above it")
    )
    return text.format(player=holder)


def _plan(claim: Claim, mover: int, player: str, other: str) -> str | None:
    if not isinstance(claim, PlanClaim) or claim.side != mover or claim.plan is None:
        return None
    # The plan's first item in the tools' compact form, cells named ("claimeven in columns a, b, rows 1 to
    # 6"); the plan view (E) draws the whole plan.
    items = [summary_item(item) for item in claim.plan.summary() if not item.parity_only]
    if not items:
        return _plan_said(claim, player, _rule_names(claim))
    rules = "; ".join(items[:PLAN_ITEMS_TOLD]) + ("; \u2026" if len(items) > PLAN_ITEMS_TOLD else "")
    return _plan_said(claim, player, rules)


def _rule_names(claim: PlanClaim) -> str:
    """The rules a plan uses, by name: "claimeven, baseinverse"."""
    assert claim.plan is not None, "a plan claim carries its plan"
    return ", ".join(dict.fromkeys(rule_name(use.rule) for use in claim.plan.rules))


def _plan_said(claim: PlanClaim, player: str, rules: str) -> str:
    """The sentence of ``player``'s plan, what it holds and its ``rules`` as told."""
    if claim.result is Result.WIN:
        return _("{player} then wins by a plan: {rules}").format(player=player, rules=rules)
    return _("{player} then holds at least a draw by a plan: {rules}").format(player=player, rules=rules)


def _road(claim: Claim, mover: int, player: str, other: str) -> str | None:
    if not isinstance(claim, Road) or claim.then is None:
        return None
    names = (player, other) if mover == 0 else (other, player)
    then = road_end(claim.then, names)
    if then is None:
        return None
    # Translators: {line} is a line of best play, cells in turn ("e4 d4 e5"); {then} what holds after it.
    return _("Best play after it: {line}; {then}").format(
        line=" ".join(cell_name(cell) for cell in claim.line), then=then
    )


def road_end(then: Claim, names: tuple[str, str]) -> str | None:
    """What holds at a road's end, said of the side it favours ("Yellow then has two threats: c5 and e5"),
    ``names`` by player number."""
    side = then.side
    if isinstance(then, PlanClaim):
        # After the road's line the status area's one line has no room for the plan's items (at the smallest
        # window): the plan holds what it holds, and the plan view (E) draws it once the road is played.
        if then.result is Result.WIN:
            return _("{player} then wins by a plan").format(player=names[side])
        return _("{player} then holds at least a draw by a plan").format(player=names[side])
    if isinstance(then, Zugzwang) and then.rule is ZugzwangRule.CLAIMEVEN_EVERYWHERE:
        # The same for claimeven, without its gloss: after a long road it does not fit.
        if then.result is Result.WIN:
            return _("{player} then wins by claimeven").format(player=names[side])
        return _("{player} then holds at least a draw by claimeven").format(player=names[side])
    for rank in (_win_after, _double_threat, _forcing_line, _zugzwang):
        text = rank(then, 1 - side, names[1 - side], names[side])
        if text is not None:
            return text
    return None


_RANKS: tuple[Callable[[Claim, int, str, str], str | None], ...] = (
    _wins,
    _hands_over,
    _block,
    _double_threat,
    _win_after,
    _forcing_line,
    _leaves_plan,
    _zugzwang,
    _plan,
    _road,
)


# --- the plan view ------------------------------------------------------------------------------------------

#: The mark of each rule on the board's cells (Allis's names are the same in every language, so are these).
RULE_MARKS = {
    Rule.CLAIMEVEN: "CE",
    Rule.BASEINVERSE: "BI",
    Rule.VERTICAL: "V",
    Rule.AFTEREVEN: "AE",
    Rule.LOWINVERSE: "LI",
    Rule.HIGHINVERSE: "HI",
    Rule.BASECLAIM: "BC",
    Rule.BEFORE: "B",
    Rule.SPECIALBEFORE: "SB",
    Rule.ODD_THREAT: "OT",
    Rule.CLAIMODD: "CO",
    Rule.URGENT: "!",
    Rule.MIAI: "MI",
    Rule.TEMPO: "T",
}


def plan_legend(followed: Followed | None, left: LeftPlan | None, side: int, names: tuple[str, str]) -> str:
    """The plan view's line: the move that just left the plan, if one did; else whose plan shows, the move
    that starts it (where its side is to move and has not begun it), what it holds, the cell it answers at and
    the legend of its marks, or that no plan of ``side``'s is proven here."""
    if left is not None:
        # The move that left the plan is the news: the new plan's legend waits for the next move.
        return _("{player} left the plan: it played {played}, the plan answered at {cell}").format(
            player=names[left.side], played=cell_name(left.played), cell=cell_name(left.answer)
        )
    if followed is None:
        return _("Plan view: no plan of {player}'s proven here").format(player=names[side])
    player = names[followed.plan.side]
    parts = []
    if followed.first is not None:
        if followed.result is Result.WIN:
            text = _("{player}'s plan: play {cell}, then it wins")
        else:
            text = _("{player}'s plan: play {cell}, then it holds at least a draw")
        parts.append(text.format(player=player, cell=cell_name(followed.first)))
    elif followed.result is Result.WIN:
        parts.append(_("{player}'s plan wins").format(player=player))
    else:
        parts.append(_("{player}'s plan holds at least a draw").format(player=player))
    if followed.answer is not None:
        parts.append(_("answer at {cell}").format(cell=cell_name(followed.answer)))
    rules = dict.fromkeys(use.rule for use in followed.plan.rules)
    parts.append("  ".join(f"{RULE_MARKS[rule]} {rule_name(rule)}" for rule in rules))
    return "  \u00b7  ".join(parts)


# --- a puzzle's themes --------------------------------------------------------------------------------------

#: Each theme of a puzzle, in the player's words (Allis's "claimeven" is kept in every language).
THEME_WORDS = {
    PuzzleTheme.DOUBLE_THREAT: N_("double threat"),
    PuzzleTheme.STACKED_THREATS: N_("threats one above the other"),
    PuzzleTheme.FORCING_LINE: N_("forcing line"),
    PuzzleTheme.ODD_THREAT: N_("odd threat"),
    PuzzleTheme.ZUGZWANG: N_("zugzwang"),
    PuzzleTheme.CLAIMEVEN: N_("claimeven"),
    PuzzleTheme.PLAN: N_("a plan"),
    PuzzleTheme.ROAD: N_("a quiet line first"),
}


def puzzle_themes(claims: tuple[Claim, ...], mover: int) -> str:
    """The themes of a puzzle whose winning move's proven claims are ``claims`` (``mover`` plays it):
    ``"Themes: double threat, forcing line"``; "" where none is proven."""
    themes = themes_of(claims, mover)
    if not themes:
        return ""
    names = ", ".join(_(THEME_WORDS[theme]) for theme in PuzzleTheme if theme in themes)
    return _("Themes: {themes}").format(themes=names)


def chosen_theme(theme: PuzzleTheme | None) -> str:
    """The theme the next puzzles are drawn from, for the puzzle screen: ``"F: double threat"``, ``"F: any
    theme"`` (F is the key that changes it)."""
    name = _("any theme") if theme is None else _(THEME_WORDS[theme])
    # Translators: on the puzzle screen: F is the key that chooses the theme of the next puzzles.
    return _("F: {theme}").format(theme=name)
