"""``ponder explain``: one line per proven reason, or one JSON object per position; bad lines said and
skipped."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

import ai.explain.plan
from ai.plans import Goal, Plan, Response, Rule, RuleUse
from game.connect4 import ConnectFour
from ui.command_line.tools import run_tool

CLAIMEVEN_HOLDS = "474453633554663673235411471712"


def run(args: list[str], text: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_tool("explain", args, io.StringIO(text), out, err)
    return status, out.getvalue(), err.getvalue()


def claimeven(game: ConnectFour, side: int, budget: object = None, **_: int) -> Plan | None:
    """The whole board's claimeven for the second player, with the replies of column c drawn out."""
    if side != 1 or game.moves_text() != CLAIMEVEN_HOLDS:
        return None
    return Plan(
        1,
        Goal.AT_LEAST_DRAW,
        game.moves_text(),
        (RuleUse(Rule.CLAIMEVEN, ((2, 4), (2, 5))),),
        (Response((2, 4), (2, 5), Rule.CLAIMEVEN),),
        lambda position: position.history()[-1],
    )


@pytest.fixture(autouse=True)
def plans(monkeypatch):
    """The plan finder replaced by one that knows a single plan, so that the output is known here."""
    monkeypatch.setattr(ai.explain.plan, "find_plan", claimeven, raising=False)


def test_text_gives_the_score_then_one_line_per_reason():
    status, out, err = run([], "4455\n12121\n")
    assert status == 0 and err == ""
    assert out.splitlines() == [
        "4455 18 (first player wins in 2)",
        "  the first player makes two threats with c1: b1 and f1",
        "  the first player makes two threats with f1: c1 and g1",
        "12121 1 (second player wins in 19)",
        "  the second player must block the first player's four at a4: every other move loses at once",
    ]


def test_a_plan_is_printed_with_its_rules_and_the_replies_to_make():
    status, out, _ = run([], CLAIMEVEN_HOLDS + "\n")
    assert status == 0
    lines = out.splitlines()
    assert "  the second player holds at least a draw by a plan: claimeven in column c, rows 5 to 6" in lines
    assert "  in the columns of its claimevens and verticals, answer each move directly above it" in lines
    assert not any(line.startswith("  if the opponent takes") for line in lines)  # the run says it all


def test_json_gives_one_object_per_line_with_cells_counted_from_one():
    status, out, _ = run(["--json"], "4455\n12121\n")
    assert status == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["moves"] == "4455" and first["score"] == 18 and first["timed_out"] is False
    assert first["claims"][0] == {
        "kind": "double_threat",
        "side": "first",
        "result": "win",
        "cells": [[2, 1], [6, 1]],
        "move": [3, 1],
        "stacked": False,
    }
    assert second["claims"] == [{"kind": "block", "side": "second", "cells": [[1, 4]]}]


def test_json_gives_a_plans_rules_and_responses():
    status, out, _ = run(["--json"], CLAIMEVEN_HOLDS + "\n")
    plan = next(claim for claim in json.loads(out)["claims"] if claim["kind"] == "plan")
    assert plan["side"] == "second" and plan["result"] == "at_least_draw"
    assert plan["rules"] == [{"rule": "claimeven", "cells": [[3, 5], [3, 6]]}]
    assert plan["responses"] == [{"when": [3, 5], "answer": [3, 6], "rule": "claimeven"}]
    assert plan["summary"] == [{"rule": "claimeven", "columns": [3], "rows": [5, 6], "parity_only": False}]


def test_a_bad_line_is_named_and_the_others_are_explained():
    status, out, err = run(["--json"], "4455\n48\n1212121\n12121\n")
    assert status == 1
    assert [json.loads(line)["moves"] for line in out.splitlines()] == ["4455", "12121"]
    assert err.splitlines() == [
        "line 2: move 2 ('8'): '8' is not a column of a 7-column board",
        "line 3: game is over",
    ]


def test_an_explanation_out_of_time_says_so(monkeypatch):
    import ai.explain.explainer as explainer

    monkeypatch.setattr(explainer, "explain_position", lambda *_, **__: explainer.Explanation((), (), True))
    status, out, _ = run(["--seconds", "0.5"], "4455\n")
    assert status == 0
    assert out.splitlines() == ["4455 18 (first player wins in 2)", "  (no explanation within 0.5 s)"]
    assert json.loads(run(["--json"], "4455\n")[1])["timed_out"] is True


def test_hostile_lines_each_get_a_reason_and_the_tool_goes_on():
    lines = ["\x00", "4" * 10_000, "12121 and the rest is ignored", "4455\t", "-1", "444444"]
    status, out, err = run(["--json"], "\n".join(lines) + "\n")
    assert status == 1
    assert [json.loads(line)["moves"] for line in out.splitlines()] == ["12121", "4455", "444444"]
    assert [line.split(":")[0] for line in err.splitlines()] == ["line 1", "line 2", "line 5"]


def test_threat_lists_and_parity_items_only_on_request_and_each_rule_in_plain_words():
    status, out, _ = run([], CLAIMEVEN_HOLDS + "\n")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == CLAIMEVEN_HOLDS + " 0 (draw)"
    assert not any("even threats" in line or "odd threats" in line for line in lines)
    # claimeven is named by the zugzwang and the plan: glossed once, after the reasons.
    assert lines.count("  (claimeven: answer every move in the column directly on top of it)") == 1
    assert lines[-1] == "  (claimeven: answer every move in the column directly on top of it)"
    status, out, _ = run(["--details"], CLAIMEVEN_HOLDS + "\n")
    assert "  the first player has even threats at b4" in out.splitlines()


def test_a_plan_of_parity_items_alone_says_the_opponent_has_no_four_left(monkeypatch):
    def parity_only(game: ConnectFour, side: int, budget: object = None, **_: int) -> Plan | None:
        if side != 1 or game.moves_text() != CLAIMEVEN_HOLDS:
            return None
        return Plan(
            1,
            Goal.AT_LEAST_DRAW,
            game.moves_text(),
            (RuleUse(Rule.CLAIMEVEN, ((2, 4), (2, 5)), parity_only=True),),
            (Response((2, 4), (2, 5), Rule.CLAIMEVEN),),
            lambda position: position.history()[-1],
        )

    monkeypatch.setattr(ai.explain.plan, "find_plan", parity_only, raising=False)
    lines = run([], CLAIMEVEN_HOLDS + "\n")[1].splitlines()
    assert "  the second player holds at least a draw: the first player has no four left to make" in lines
    assert not any(line.startswith("  in the columns of its claimevens") for line in lines)
    detailed = run(["--details"], CLAIMEVEN_HOLDS + "\n")[1].splitlines()
    assert "  in the columns of its claimevens and verticals, answer each move directly above it" in detailed


def test_searched_replies_only_on_request():
    """``--replies 1``: where the rules alone find no plan, replies searched for the opponent's next move
    with a rule plan after each (the real finder: the fixture's knows no plan of this position)."""
    drawn = "574344"  # a real game's position: the rule plans alone find none here
    _status, plain, _ = run(["--seconds", "60"], drawn + "\n")
    assert "reply" not in plain
    status, out, _ = run(["--replies", "1", "--seconds", "60"], drawn + "\n")
    assert status == 0
    lines = out.splitlines()
    assert lines[1].startswith("  the second player holds at least a draw by a plan: reply d")
    assert lines[2] == (
        "  (replies: answer the opponent's next move as listed; after each reply a plan of the rules holds)"
    )


def test_searched_replies_are_bounded():
    err = io.StringIO()
    with pytest.raises(SystemExit) as refused, contextlib.redirect_stderr(err):
        run(["--replies", "9"], "574344\n")
    assert refused.value.code == 2 and "--replies" in err.getvalue()
