"""Why a move is worth what it is, in the player's words: of the explainer's proven claims
(:mod:`ai.claims`) about a move, the most telling, as one sentence, for the hint, the coach and the review;
the plan view's line; a puzzle's themes. Pure functions, no pygame.

The players are named as the play screen names them (``names``, by player number: "Red", "Yellow"). Each
claim is said in the sentence ``ponder explain`` says for it (:func:`~ui.words.claim_words.
claim_sentence`), in one line of the status area. Of all the claims about a move one is told, the most
telling: for a good move what it does (wins, blocks, makes two threats, starts a forcing line, then holds
zugzwang or a plan), for a move that throws the result away what it gives the opponent (a cell under a
threat, two threats, a forcing line, zugzwang) or which part of its mover's plan it breaks; where nothing of
that is proven, the road from the position after the move: the line of best play to the first proven reason
("Best play: e4 d4 e5; Yellow has two threats: c5 and e5").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn

from ai.claims import (
    Block,
    Claim,
    DoubleThreat,
    EvenThreat,
    ForcingLine,
    HandsOver,
    LeavesPlan,
    OddThreat,
    PlanClaim,
    Result,
    Road,
    WinNow,
    Zugzwang,
    ZugzwangRule,
)
from ai.explain.themes import PuzzleTheme, themes_of
from ai.plans import Rule
from game.cells import Cell
from game.language import N_, _
from ui.state.play.plan_view import Followed, LeftPlan
from ui.words.claim_words import Length, cell_name, claim_sentence, rule_name


@dataclass(frozen=True)
class ReasonMarks:
    """What the board marks while a reason shows: the ``cells`` its sentence names (ringed, each with its
    name), and a road's ``line``, its stones numbered in turn, the first ``line_player``'s; ``move``, where
    the road follows a move not on the board (the coach's warning, the review's mistake, the hint), that
    move's stone, so that the line starts from where it lands."""

    cells: tuple[Cell, ...]
    line: tuple[Cell, ...] = ()
    line_player: int = 0
    move: Cell | None = None


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
    match claim:
        case DoubleThreat():
            return claim.cells if claim.move is None else (claim.move, *claim.cells)
        case ForcingLine():
            return claim.cells[0::2]
        case PlanClaim():
            return ()
        case LeavesPlan():
            return claim.cells[1:]
        case Zugzwang():
            return claim.cells if claim.rule is ZugzwangRule.ODD_THREAT_HOLDS else ()
        case WinNow() | Block() | HandsOver() | OddThreat() | EvenThreat() | Road():
            return claim.cells
        case _:
            # Every kind has its case above: the type check finds ``claim`` of no type left here.
            unhandled: NoReturn = claim
            raise AssertionError(unhandled)


def _told(claims: tuple[Claim, ...], mover: int, names: tuple[str, str]) -> tuple[str, Claim] | None:
    """The most telling of ``claims`` (about ``mover``'s move) with its sentence, or None."""
    ranked = [
        (rank, index) for index, claim in enumerate(claims) if (rank := _rank(claim, mover)) is not None
    ]
    if not ranked:
        return None
    claim = claims[min(ranked)[1]]
    return claim_sentence(claim, names, Length.LINE), claim


def _rank(claim: Claim, mover: int) -> int | None:
    """How telling ``claim`` is of ``mover``'s move, 0 the most; None for a claim the window does not tell
    (the bare lists of threats; the opponent's hand-over, block, left plan or plan, which say nothing of it).
    For a good move what it does (wins, blocks, makes two threats, starts a forcing line, then holds zugzwang
    or a plan); for a move that throws the result away what it gives the opponent or which part of its
    mover's plan it breaks; last the road from the position after it."""
    own = claim.side == mover
    match claim:
        case WinNow():
            return 0 if own else 4
        case HandsOver():
            return 1 if own else None
        case Block():
            return 2 if own else None
        case DoubleThreat():
            return 3
        case ForcingLine():
            return 5
        case LeavesPlan():
            return 6 if own else None
        case Zugzwang():
            return 7
        case PlanClaim():
            return 8 if own and claim.plan is not None else None
        case Road():
            return 9 if claim.then is not None else None
        case OddThreat() | EvenThreat():
            return None
        case _:
            # Every kind has its case above: the type check finds ``claim`` of no type left here.
            unhandled: NoReturn = claim
            raise AssertionError(unhandled)


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
    Rule.REPLIES: "R",
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
