"""The explainer's claims (:mod:`ai.claims`) in words, once for the window and the command line: each kind of
claim has one sentence, which the hint, the coach and the review say in the window and ``ponder explain``
says on the command line (:func:`claim_sentence`), and the plan's items, replies and rules are worded here
for both. Pure functions, no pygame.

A cell is named as players name it: its column's letter from ``a`` at the left and its row from 1 at the
bottom (``c3``); a list of cells ends in "and" ("a1, b2 and c3"); Allis's rules keep their names in every
language ("claimeven"). The sides are named by whoever asks: the window by the players' names ("Red",
"Yellow"), the command line by their order (:func:`side_names`).
"""

from __future__ import annotations

import enum
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
from ai.plans import COLUMN_PAIR_RULES, STEADY_RULES, ColumnPairs, Plan, Rule, SummaryItem
from game.cells import Cell
from game.language import N_, _

#: The columns' letters, from the left.
COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Length(enum.Enum):
    """How much of a claim its sentence tells, for the room it has."""

    #: A plan's items there only to keep the columns' parity too (``ponder explain --details``).
    DETAILS = "details"
    #: A plan's every item that stops a line of the opponent's (``ponder explain``).
    FULL = "full"
    #: One line of the window's status area: a plan's first item only.
    LINE = "line"
    #: What holds at a road's end, after its line: a plan or claimeven without its items or gloss.
    BRIEF = "brief"


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


def side_names() -> tuple[str, str]:
    """The sides as the command line names them in a claim's sentence, by player number."""
    return _("the first player"), _("the second player")


def rule_name(rule: Rule) -> str:
    """A rule as a player reads it: Allis's names (the same in every language), the odd threat and the
    searched replies (translated)."""
    if rule is Rule.ODD_THREAT:
        return _("odd threat")
    return _("replies") if rule is Rule.REPLIES else rule.value


#: Each rule in plain words, for a player who never read Allis (said where a rule first appears).
RULE_GLOSSES = {
    Rule.CLAIMEVEN: N_("claimeven: answer every move in the column directly on top of it"),
    Rule.BASEINVERSE: N_("baseinverse: of two cells both playable now, take the one the opponent leaves"),
    Rule.VERTICAL: N_("vertical: of two cells one above the other, answer the lower with the upper"),
    Rule.AFTEREVEN: N_(
        "aftereven: a four of your own that your claimevens complete; the cells above it may go to the "
        "opponent"
    ),
    Rule.LOWINVERSE: N_(
        "lowinverse: two pairs one above the other in two columns; answer a lower cell above it, an upper "
        "cell with the other upper cell"
    ),
    Rule.HIGHINVERSE: N_("highinverse: as lowinverse, one row higher, the cells above the pairs included"),
    Rule.BASECLAIM: N_("baseclaim: a baseinverse and a claimeven together, over three playable cells"),
    Rule.BEFORE: N_("before: fill the opponent's line early, answering in its columns as the pairs say"),
    Rule.SPECIALBEFORE: N_(
        "specialbefore: a before with one playable cell of the line, and a baseinverse on it"
    ),
    Rule.ODD_THREAT: N_(
        "odd threat: a cell in an odd row (1, 3, 5) where you complete four; filling the board pair by pair, "
        "the opponent must in the end give it up"
    ),
    Rule.REPLIES: N_(
        "replies: answer the opponent's next move as listed; after each reply a plan of the rules holds"
    ),
    Rule.CLAIMODD: N_(
        "claimodd: take the odd-row cells of the column: answer a move on an even row directly on top of it"
    ),
    Rule.URGENT: N_("urgent: take this cell as soon as it is playable (after a win or a block)"),
    Rule.MIAI: N_("miai: two cells; when the opponent takes one, take the other as soon as it is playable"),
    Rule.TEMPO: N_(
        "tempo: where no other rule answers, take one of these cells, in this order, but not one directly "
        "under a cell where either side would complete four"
    ),
}


def gloss(rule: Rule) -> str:
    """``rule`` in plain words: ``"claimeven: answer every move in the column directly on top of it"``."""
    return _(RULE_GLOSSES[rule])


def claim_sentence(claim: Claim, names: tuple[str, str], length: Length = Length.FULL) -> str:
    """``claim`` as one sentence, its sides named by ``names`` (by player number): ``"Red makes two threats
    with c1: a1 and e1"``; ``length`` says how much of a plan it tells."""
    player, other = names[claim.side], names[1 - claim.side]
    cells = cells_text(claim.cells)
    match claim:
        case WinNow():
            return _("{player} completes four at {cells}").format(player=player, cells=cells)
        case Block():
            return _("{player} must block {other}'s four at {cell}: every other move loses at once").format(
                player=player, other=other, cell=cells
            )
        case DoubleThreat():
            if claim.move is None:
                text = (
                    _("{player} has two threats, one above the other: {cells}")
                    if claim.stacked
                    else _("{player} has two threats: {cells}")
                )
                return text.format(player=player, cells=cells)
            text = (
                _("{player} makes two threats with {move}, one above the other: {cells}")
                if claim.stacked
                else _("{player} makes two threats with {move}: {cells}")
            )
            return text.format(player=player, move=cell_name(claim.move), cells=cells)
        case HandsOver():
            played, above = (cell_name(cell) for cell in claim.cells)
            if claim.whose != claim.side:
                text = _("{played} fills the cell under {other}'s threat at {cell}: {other} wins there")
            else:
                text = _(
                    "{played} fills the cell under {player}'s own threat at {cell}: {other} blocks it there"
                )
            return text.format(played=played, player=player, other=other, cell=above)
        case ForcingLine():
            # The side's stones of the line; the opponent's forced answers lie between them.
            return _("{player} wins by a forcing line, every move a threat: {cells}").format(
                player=player, cells=cells_text(claim.cells[0::2])
            )
        case OddThreat():
            return _("{player} has odd threats at {cells}").format(player=player, cells=cells)
        case EvenThreat():
            return _("{player} has even threats at {cells}").format(player=player, cells=cells)
        case Zugzwang():
            wins = claim.result is Result.WIN
            if claim.rule is ZugzwangRule.ODD_THREAT_HOLDS:
                text = (
                    _("{player} wins by zugzwang with the odd threat at {cells}")
                    if wins
                    else _("{player} holds at least a draw by zugzwang with the odd threat at {cells}")
                )
            elif length is Length.BRIEF:
                text = (
                    _("{player} wins by claimeven")
                    if wins
                    else _("{player} holds at least a draw by claimeven")
                )
            else:
                text = (
                    _("{player} wins by claimeven, answering every move directly above it")
                    if wins
                    else _(
                        "{player} holds at least a draw by claimeven, answering every move directly above it"
                    )
                )
            return text.format(player=player, cells=cells)
        case PlanClaim():
            return _plan_sentence(claim, player, other, length)
        case LeavesPlan():
            moved, answer = claim.cells
            if claim.rule is None:
                return _("{played} leaves {player}'s plan, which answered at {cell}").format(
                    played=cell_name(moved), player=player, cell=cell_name(answer)
                )
            # Translators: {rule} is one of Allis's rules ("claimeven"), {column} a column's letter ("f").
            return _(
                "{played} breaks {player}'s {rule} in column {column}: the plan answered at {cell}"
            ).format(
                played=cell_name(moved),
                player=player,
                rule=rule_name(claim.rule),
                column=COLUMN_LETTERS[answer[0]],
                cell=cell_name(answer),
            )
        case Road():
            assert claim.then is not None, "a road states what holds at its end"
            # Translators: {line} is a line of best play, cells in turn ("e4 d4 e5"); {then} what holds
            # after it.
            return _("Best play: {line}; {then}").format(
                line=" ".join(cell_name(cell) for cell in claim.line),
                then=claim_sentence(claim.then, names, Length.BRIEF),
            )
        case _:
            # Every kind has its case above: the type check finds ``claim`` of no type left here.
            unhandled: NoReturn = claim
            raise AssertionError(unhandled)


#: How many items of a plan's compact form one line of the window names (the plan view draws them all): the
#: sentence keeps to the status area's one line at the smallest window, in every language.
PLAN_ITEMS_IN_A_LINE = 1


def _plan_sentence(claim: PlanClaim, player: str, other: str, length: Length) -> str:
    """A plan's sentence: what it holds for ``player`` and, as ``length`` allows, its items."""
    assert claim.plan is not None, "a plan claim carries its plan"
    wins = claim.result is Result.WIN
    if length is Length.BRIEF:
        text = _("{player} wins by a plan") if wins else _("{player} holds at least a draw by a plan")
        return text.format(player=player)
    items = [summary_item(item) for item in claim.plan.summary() if not item.parity_only]
    if not items:
        # Every item is there for parity only: no line of the opponent's is left to stop.
        text = (
            _("{player} wins: {other} has no four left to make")
            if wins
            else _("{player} holds at least a draw: {other} has no four left to make")
        )
        return text.format(player=player, other=other)
    if length is Length.LINE and len(items) > PLAN_ITEMS_IN_A_LINE:
        items = [*items[:PLAN_ITEMS_IN_A_LINE], "\u2026"]
    text = (
        _("{player} wins by a plan: {rules}")
        if wins
        else _("{player} holds at least a draw by a plan: {rules}")
    )
    text = text.format(player=player, rules=_("; ").join(items))
    parity = [summary_item(item) for item in claim.plan.summary() if item.parity_only]
    if parity and length is Length.DETAILS:
        text += _("; for parity only: {rules}").format(rules=_("; ").join(parity))
    return text


def shown_by_default(claim: Claim) -> bool:
    """Whether the tools show ``claim`` without being asked for details: every reason but the bare lists of
    threats (which say where a side could complete four, not who gets the cell)."""
    return not isinstance(claim, OddThreat | EvenThreat)


def rules_told(claims: tuple[Claim, ...], details: bool = False) -> list[Rule]:
    """The rules the sentences of ``claims`` name, in the order they first appear (a road's end included;
    ``details``: a plan's items there only for parity too)."""
    found: dict[Rule, None] = {}
    for claim in claims:
        for rule in _rules_named(claim, details):
            found.setdefault(rule)
    return list(found)


def _rules_named(claim: Claim, details: bool) -> list[Rule]:
    match claim:
        case Road():
            return [] if claim.then is None else _rules_named(claim.then, details)
        case PlanClaim():
            if claim.plan is None:
                return []
            return [item.rule for item in claim.plan.summary() if details or not item.parity_only]
        case Zugzwang():
            return [Rule.ODD_THREAT if claim.rule is ZugzwangRule.ODD_THREAT_HOLDS else Rule.CLAIMEVEN]
        case LeavesPlan():
            return [] if claim.rule is None else [claim.rule]
        case WinNow() | Block() | DoubleThreat() | HandsOver() | ForcingLine() | OddThreat() | EvenThreat():
            return []
        case _:
            # Every kind has its case above: the type check finds ``claim`` of no type left here.
            unhandled: NoReturn = claim
            raise AssertionError(unhandled)


def summary_item(item: SummaryItem) -> str:
    """One item of a plan's compact form: ``"claimeven in columns a, c, rows 3 to 6"``, ``"baseinverse d1
    and e1"``."""
    if isinstance(item, ColumnPairs):
        columns = _(", ").join(COLUMN_LETTERS[column] for column in item.columns)
        text = (
            _("{rule} in column {columns}, rows {bottom} to {top}")
            if len(item.columns) == 1
            else _("{rule} in columns {columns}, rows {bottom} to {top}")
        )
        return text.format(
            rule=rule_name(item.rule), columns=columns, bottom=item.bottom + 1, top=item.top + 1
        )
    if item.rule is Rule.REPLIES:
        *whens, answer = item.cells
        return _("reply {answer} to {when}").format(answer=cell_name(answer), when=cells_text(tuple(whens)))
    return _("{rule} {cells}").format(rule=rule_name(item.rule), cells=cells_text(item.cells))


def plan_response_lines(plan: Plan) -> list[str]:
    """The replies a plan's compact form does not already say, one line each: a steady plan's priority line,
    one line for all its claimevens and verticals or claimodds (each answered directly above), then the
    replies of its other rules."""
    lines = []
    if any(use.rule in STEADY_RULES for use in plan.rules):
        # A steady plan: its priority list comes before its replies.
        lines.append(_("  first complete four if you can, else block the opponent's four if you must"))
    if any(reply.rule is Rule.CLAIMODD for reply in plan.responses):
        lines.append(
            _("  in the columns of its claimevens and claimodds, answer each move directly above it")
        )
    elif any(reply.rule in COLUMN_PAIR_RULES for reply in plan.responses):
        lines.append(
            _("  in the columns of its claimevens and verticals, answer each move directly above it")
        )
    lines += [
        response_line(reply.when, reply.answer, reply.rule)
        for reply in plan.responses
        # A reply of the search is its own item of the compact form already.
        if reply.rule not in COLUMN_PAIR_RULES and reply.rule is not Rule.REPLIES
    ]
    return lines


def response_line(when: Cell, answer: Cell, rule: Rule) -> str:
    """One reply of a plan: ``"  if the opponent takes c2, take c3 (claimeven)"``."""
    return _("  if the opponent takes {when}, take {answer} ({rule})").format(
        when=cell_name(when), answer=cell_name(answer), rule=rule_name(rule)
    )
