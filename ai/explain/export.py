"""Claims as JSON for ``ponder explain --json``: cells as ``[column, row]`` counted from 1 at the bottom left,
sides as ``"first"`` and ``"second"``, results and kinds by their names (docs/tools.md lists every field)."""

from __future__ import annotations

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
    Road,
    WinNow,
    Zugzwang,
)
from ai.plans import ColumnPairs, SummaryItem
from game.cells import Cell

JsonValue = str | int | bool | list["JsonValue"] | dict[str, "JsonValue"] | None


def cell_json(cell: Cell) -> list[JsonValue]:
    """``(2, 0)`` -> ``[3, 1]``."""
    return [cell[0] + 1, cell[1] + 1]


def side_json(side: int) -> str:
    return "first" if side == 0 else "second"


def claim_json(claim: Claim) -> dict[str, JsonValue]:
    """One claim as a JSON object (``result`` only where the claim states one)."""
    found: dict[str, JsonValue] = {"kind": claim.kind.value, "side": side_json(claim.side)}
    if claim.result is not None:
        found["result"] = claim.result.value
    found["cells"] = [cell_json(cell) for cell in claim.cells]
    match claim:
        case WinNow() | Block() | ForcingLine() | OddThreat() | EvenThreat():
            pass  # the side, the result and the cells say it all
        case DoubleThreat():
            found["move"] = None if claim.move is None else cell_json(claim.move)
            found["stacked"] = claim.stacked
        case HandsOver():
            found["whose"] = side_json(claim.whose)
        case Zugzwang():
            found["rule"] = claim.rule.value
        case LeavesPlan():
            found["rule"] = None if claim.rule is None else claim.rule.value
        case PlanClaim():
            if claim.plan is not None:
                found["rules"] = [
                    {"rule": use.rule.value, "cells": [cell_json(cell) for cell in use.cells]}
                    for use in claim.plan.rules
                ]
                found["responses"] = [
                    {
                        "when": cell_json(reply.when),
                        "answer": cell_json(reply.answer),
                        "rule": reply.rule.value,
                    }
                    for reply in claim.plan.responses
                ]
                found["summary"] = [summary_json(item) for item in claim.plan.summary()]
        case Road():
            if claim.then is not None:
                found["line"] = [cell_json(cell) for cell in claim.line]
                found["then"] = claim_json(claim.then)
        case _:
            # Every kind has its case above: the type check finds ``claim`` of no type left here.
            unhandled: NoReturn = claim
            raise AssertionError(unhandled)
    return found


def summary_json(item: SummaryItem) -> dict[str, JsonValue]:
    """One item of a plan's compact form: a run of column pairs as its ``columns`` (from 1) and ``rows``
    (lowest and highest, from 1), any other instance as its ``cells``; both with ``rule`` and
    ``parity_only``."""
    if isinstance(item, ColumnPairs):
        return {
            "rule": item.rule.value,
            "columns": [column + 1 for column in item.columns],
            "rows": [item.bottom + 1, item.top + 1],
            "parity_only": item.parity_only,
        }
    return {
        "rule": item.rule.value,
        "cells": [cell_json(cell) for cell in item.cells],
        "parity_only": item.parity_only,
    }
