"""A claim in words, one line, in the player's language: ``"first player: makes a double threat with c1: a1
and e1; wins"``. Cells are named as players name them: the column's letter from ``a`` at the left and the row
from 1 at the bottom (``c3``). The window has its own words, in the players' colours; these are the command
line's."""

from __future__ import annotations

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


def cell_name(cell: Cell) -> str:
    """``(2, 0)`` -> ``"c1"``."""
    return f"{'abcdefghi'[cell[0]]}{cell[1] + 1}"


def cell_list(cells: tuple[Cell, ...]) -> str:
    # Translators: what separates the cells of a list, "a1, b2, c3".
    return _(", ").join(cell_name(cell) for cell in cells)


def side_name(side: int) -> str:
    return _("first player") if side == 0 else _("second player")


def result_words(result: Result) -> str:
    return {
        Result.WIN: _("wins"),
        Result.DRAW: _("draws"),
        Result.AT_LEAST_DRAW: _("holds at least a draw"),
        Result.LOSS: _("loses"),
    }[result]


def rule_name(rule: Rule) -> str:
    """A rule of Allis's, or the odd threat, as a player reads it (his names, kept in every language)."""
    if rule is Rule.ODD_THREAT:
        return _("odd threat")
    return str(rule.value)


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


def describe(claim: Claim, details: bool = False) -> str:
    """``claim`` as one line: the side, a colon, what the claim says of it (``details``: a plan's items
    there only for parity too)."""
    return _("{side}: {reason}").format(side=side_name(claim.side), reason=_reason(claim, details))


def shown_by_default(claim: Claim) -> bool:
    """Whether the tools show ``claim`` without being asked for details: every reason but the bare lists of
    threats (which say where a side could complete four, not who gets the cell)."""
    return not isinstance(claim, OddThreat | EvenThreat)


def rules_told(claims: tuple[Claim, ...], details: bool = False) -> list[Rule]:
    """The rules the lines of ``claims`` name, in the order they first appear (a road's end included)."""
    found: dict[Rule, None] = {}
    for claim in claims:
        if isinstance(claim, Road) and claim.then is not None:
            claim = claim.then
        if isinstance(claim, PlanClaim) and claim.plan is not None:
            for item in claim.plan.summary():
                if details or not item.parity_only:
                    found.setdefault(item.rule)
        elif isinstance(claim, Zugzwang):
            found.setdefault(
                Rule.ODD_THREAT if claim.rule is ZugzwangRule.ODD_THREAT_HOLDS else Rule.CLAIMEVEN
            )
        elif isinstance(claim, LeavesPlan) and claim.rule is not None:
            found.setdefault(claim.rule)
    return list(found)


def gloss(rule: Rule) -> str:
    """``rule`` in plain words: ``"claimeven: answer every move in the column directly on top of it"``."""
    return _(RULE_GLOSSES[rule])


def _reason(claim: Claim, details: bool = False) -> str:
    cells = cell_list(claim.cells)
    if isinstance(claim, WinNow):
        return _("wins at once at {cells}").format(cells=cells)
    if isinstance(claim, Block):
        return _("must block at {cell}: every other move loses at once").format(cell=cells)
    if isinstance(claim, DoubleThreat):
        if claim.move is None:
            text = (
                _("has two threats stacked at {cells}; wins")
                if claim.stacked
                else _("has a double threat at {cells}; wins")
            )
            return text.format(cells=cells)
        if claim.stacked:
            text = _("makes two threats stacked at {cells} with {move}; wins")
        else:
            text = _("makes a double threat with {move}: {cells}; wins")
        return text.format(move=cell_name(claim.move), cells=cells)
    if isinstance(claim, HandsOver):
        played, above = (cell_name(cell) for cell in claim.cells)
        if claim.whose != claim.side:
            return _("{played} hands over {above}, where the opponent then wins; loses").format(
                played=played, above=above
            )
        return _("{played} lets the opponent block the threat at {above} above it").format(
            played=played, above=above
        )
    if isinstance(claim, ForcingLine):
        steps = [
            _("{move} (answered at {reply})").format(move=cell_name(move), reply=cell_name(reply))
            for move, reply in zip(claim.cells[0::2], claim.cells[1::2], strict=False)
        ]
        return _("wins by a forcing line, every move a threat to answer: {steps}, then {last}").format(
            steps=_(", ").join(steps), last=cell_name(claim.cells[-1])
        )
    if isinstance(claim, OddThreat):
        return _("has odd threats at {cells}").format(cells=cells)
    if isinstance(claim, EvenThreat):
        return _("has even threats at {cells}").format(cells=cells)
    if isinstance(claim, Zugzwang):
        assert claim.result is not None, "a zugzwang claim states its result"
        result = result_words(claim.result)
        if claim.rule is ZugzwangRule.ODD_THREAT_HOLDS:
            return _(
                "controls zugzwang with the odd threat at {cells}: the second player has no threat below it "
                "nor an even threat, so filling the board pair by pair it must give the cell up; {result}"
            ).format(cells=cells, result=result)
        if claim.cells:
            return _(
                "controls zugzwang by claimeven: answering every move directly above it takes every even "
                "row, and with it {cells}; {result}"
            ).format(cells=cells, result=result)
        return _(
            "controls zugzwang by claimeven: answering every move directly above it takes every even row, "
            "where the first player's lines all need a cell; {result}"
        ).format(result=result)
    if isinstance(claim, PlanClaim):
        assert claim.result is not None and claim.plan is not None, "a plan claim states its result and plan"
        items = claim.plan.summary()
        rules = _("; ").join(summary_item(item) for item in items if not item.parity_only)
        if not rules:
            # Every item is there for parity only: no line of the opponent's is left to stop.
            return _("{result}: the {opponent} has no four left to make").format(
                result=result_words(claim.result), opponent=side_name(1 - claim.side)
            )
        text = _("{result} by a plan: {rules}").format(result=result_words(claim.result), rules=rules)
        parity = [summary_item(item) for item in items if item.parity_only]
        if parity and details:
            text += _("; for parity only: {rules}").format(rules=_("; ").join(parity))
        return text
    if isinstance(claim, LeavesPlan):
        played, answer = (cell_name(cell) for cell in claim.cells)
        if claim.rule is None:
            return _("{played} leaves its plan, which answered at {answer}").format(
                played=played, answer=answer
            )
        return _("{played} leaves its plan, which answered at {answer} ({rule})").format(
            played=played, answer=answer, rule=rule_name(claim.rule)
        )
    if isinstance(claim, Road):
        assert claim.result is not None and claim.then is not None, "a road states its result and its end"
        # Translators: a road: the side's result, the line of best play (cells), then what holds after it.
        return _("{result}; best play: {line}, then it {reason}").format(
            result=result_words(claim.result),
            line=" ".join(cell_name(cell) for cell in claim.line),
            reason=_reason(claim.then, details),
        )
    raise ValueError(f"no words for {claim!r}")


def summary_item(item: SummaryItem) -> str:
    """One item of a plan's compact form: ``"claimeven in columns a, c, rows 3 to 6"``, ``"baseinverse d1,
    e1"``."""
    if isinstance(item, ColumnPairs):
        columns = _(", ").join("abcdefghi"[column] for column in item.columns)
        text = (
            _("{rule} in column {columns}, rows {bottom} to {top}")
            if len(item.columns) == 1
            else _("{rule} in columns {columns}, rows {bottom} to {top}")
        )
        return text.format(
            rule=rule_name(item.rule), columns=columns, bottom=item.bottom + 1, top=item.top + 1
        )
    return _("{rule} {cells}").format(rule=rule_name(item.rule), cells=cell_list(item.cells))


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
        if reply.rule not in COLUMN_PAIR_RULES
    ]
    return lines


def response_line(when: Cell, answer: Cell, rule: Rule) -> str:
    """One reply of a plan: ``"  c2 -> c3 (claimeven)"``."""
    return _("  if the opponent takes {when}, take {answer} ({rule})").format(
        when=cell_name(when), answer=cell_name(answer), rule=rule_name(rule)
    )
