"""The road: where nothing proven states a position's result, the line of best play to the first position
where something does; its check refusing every way a road can be wrong; its JSON and its words."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

import ai.explain.explainer as explainer
from ai.claims import ROAD_PLIES, Block, Claim, DoubleThreat, OddThreat, Result, Road, states_result
from ai.contracts import SearchStopped
from ai.exact.analysis import ExactAnalyzer
from ai.explain.checks import check
from ai.explain.explainer import explain_move, explain_position
from ai.explain.export import claim_json
from ai.explain.road import best_play, every_best_move, find_road
from ai.explain.values import ExactValues, Memory
from game.connect4 import ConnectFour
from ui.words.claim_words import claim_sentence, side_names
from ui.words.why_words import move_reason

#: The first player must block at e4, and every move loses: after the block, the second player makes a double
#: threat with c4 (c5 and f1). Nothing about the position itself states the result.
ROAD_OF_ONE = "35421425537314"
#: Three plies of best play (d5 f2 d6) before the second player's stacked threats at e2 and e3.
ROAD_OF_THREE = "43242223133464"
#: Red (first) plays g (column 7) here and throws the draw away: after Yellow's d6, Yellow's claimeven wins
#: (its own line on even rows). Yellow's a6 instead of d6 would only draw.
MISTAKE = "4745533444"


@pytest.fixture(scope="module")
def analyzer():
    analyzer = ExactAnalyzer(threads=1, solver_slots=1 << 18)
    yield analyzer
    analyzer.release()


def road_of(analyzer: ExactAnalyzer, moves: str) -> Road:
    explanation = explain_position(ConnectFour.from_moves(moves), analyzer)
    roads = [claim for claim in explanation.claims if isinstance(claim, Road)]
    assert len(roads) == 1, explanation
    return roads[0]


def test_the_road_leads_along_best_play_to_the_first_proven_reason(analyzer):
    claims = explain_position(ConnectFour.from_moves(ROAD_OF_ONE), analyzer).claims
    assert isinstance(claims[0], Block) and not any(states_result(claim) for claim in claims[:-1])
    road = claims[-1]
    assert isinstance(road, Road)
    assert road.side == 1 and road.result is Result.WIN and road.cells == ()
    assert road.line == ((4, 3),)  # the block at e4, the only move that does not lose at once
    assert road.then == DoubleThreat(1, ((2, 4), (5, 0)), Result.WIN, move=(2, 3))


def test_a_longer_road_ends_at_its_first_reason(analyzer):
    road = road_of(analyzer, ROAD_OF_THREE)
    assert road.line == ((3, 4), (5, 1), (3, 5))
    assert isinstance(road.then, DoubleThreat) and road.then.stacked and road.then.side == 1


def test_no_road_where_the_position_states_its_result_already(analyzer):
    claims = explain_position(ConnectFour.from_moves("4455"), analyzer).claims
    assert claims and not any(isinstance(claim, Road) for claim in claims)


def refused(analyzer: ExactAnalyzer, moves: str, road: Road) -> bool:
    return not check(ConnectFour.from_moves(moves), road, ExactValues(analyzer))


def test_the_check_refuses_every_way_a_road_can_be_wrong(analyzer):
    road = road_of(analyzer, ROAD_OF_THREE)
    assert check(ConnectFour.from_moves(ROAD_OF_THREE), road, ExactValues(analyzer))
    assert refused(analyzer, ROAD_OF_THREE, dataclasses.replace(road, result=Result.DRAW))
    assert refused(analyzer, ROAD_OF_THREE, dataclasses.replace(road, side=0))
    assert refused(analyzer, ROAD_OF_THREE, dataclasses.replace(road, line=()))
    assert refused(analyzer, ROAD_OF_THREE, dataclasses.replace(road, line=road.line[:2]))
    assert refused(analyzer, ROAD_OF_THREE, dataclasses.replace(road, cells=((0, 0),)))
    assert refused(analyzer, ROAD_OF_THREE, dataclasses.replace(road, then=OddThreat(1, ((0, 2),), None)))
    assert refused(analyzer, ROAD_OF_THREE, dataclasses.replace(road, then=road))
    too_long = dataclasses.replace(road, line=road.line * (ROAD_PLIES // 3 + 1))
    assert refused(analyzer, ROAD_OF_THREE, too_long)


def test_a_mistake_is_explained_by_the_road_from_the_position_after_it(analyzer):
    game = ConnectFour.from_moves(MISTAKE)
    claims = explain_move(game, 6, analyzer).claims
    assert [type(claim) for claim in claims] == [Road]
    (road,) = claims
    assert road.side == 1 and road.result is Result.WIN and road.line == ((3, 5),)
    assert move_reason(claims, 0, ("Red", "Yellow")) == ("Best play: d6; Yellow wins by claimeven")
    # The road with Yellow's a6, which only draws, for its d6: refused.
    after = ConnectFour.from_moves(MISTAKE + "7")
    assert not check(after, dataclasses.replace(road, line=((0, 5),)), ExactValues(analyzer))


def test_a_road_in_json_and_in_the_tools_words(analyzer):
    road = road_of(analyzer, ROAD_OF_ONE)
    assert claim_json(road) == {
        "kind": "road",
        "side": "second",
        "result": "win",
        "cells": [],
        "line": [[5, 4]],
        "then": {
            "kind": "double_threat",
            "side": "second",
            "result": "win",
            "cells": [[3, 5], [6, 1]],
            "move": [3, 4],
            "stacked": False,
        },
    }
    assert claim_sentence(road, side_names()) == (
        "Best play: e4; the second player makes two threats with c4: c5 and f1"
    )


def test_a_road_out_of_time_is_left_out_and_the_reasons_before_it_stand(analyzer, monkeypatch):
    def out_of_time(*_: object, **__: object) -> None:
        raise SearchStopped

    monkeypatch.setattr(explainer, "find_road", out_of_time)
    explanation = explain_position(ConnectFour.from_moves(ROAD_OF_ONE), analyzer)
    assert not explanation.timed_out
    assert isinstance(explanation.claims[0], Block)
    assert not any(isinstance(claim, Road) for claim in explanation.claims)


def counting_candidates(monkeypatch) -> list[str]:
    """The positions (as moves) where the road's search has claims proposed, from now on."""
    asked: list[str] = []
    propose = explainer.result_candidates

    def counted(game, find_plan, values):
        asked.append(game.moves_text())
        return propose(game, find_plan, values)

    monkeypatch.setattr(explainer, "result_candidates", counted)
    return asked


def test_with_a_memory_the_road_after_its_first_move_is_its_tail_found_for_nothing(analyzer, monkeypatch):
    asked = counting_candidates(monkeypatch)
    memory = Memory()
    first = explain_position(ConnectFour.from_moves(ROAD_OF_THREE), analyzer, memory=memory).claims
    (road,) = [claim for claim in first if isinstance(claim, Road)]
    assert asked  # the first search looked
    asked.clear()
    after = ROAD_OF_THREE + str(road.line[0][0] + 1)
    second = explain_position(ConnectFour.from_moves(after), analyzer, memory=memory).claims
    (tail,) = [claim for claim in second if isinstance(claim, Road)]
    assert tail.line == road.line[1:] and tail.then is road.then and tail.side == road.side
    assert asked == []  # every position on the way was looked at before
    # Without the memory the same road is searched for afresh.
    alone = explain_position(ConnectFour.from_moves(after), analyzer).claims
    assert [claim for claim in alone if isinstance(claim, Road)] == [tail]
    assert asked


def test_a_memory_proves_nothing_its_check_would_refuse(analyzer):
    memory = Memory()
    game = ConnectFour.from_moves(ROAD_OF_THREE)
    road = road_of(analyzer, ROAD_OF_THREE)
    assert check(game, road, ExactValues(analyzer, memory=memory, game=game))
    # The end claim, proven where the line ends and remembered there, is no proof at another position.
    for wrong in (road.line[:2], road.line[1:], road.line[:1]):
        assert not check(game, dataclasses.replace(road, line=wrong), ExactValues(analyzer, memory=memory))
    assert check(game, road, ExactValues(analyzer, memory=memory))


def test_a_memory_starts_afresh_on_another_board_size():
    memory = Memory()
    memory.fit(ConnectFour())
    memory.results[(1, 1)] = 1
    memory.fit(ConnectFour())
    assert memory.results
    memory.fit(ConnectFour(6, 5))
    assert not memory.results


def test_the_road_seeks_no_plan_for_a_side_that_loses(analyzer):
    asked: list[int] = []

    def finder(game: ConnectFour, side: int, budget: object = None) -> None:
        asked.append(side)

    # The first player must block at e4 and loses after it: the second player waits with the win.
    losing_first = ConnectFour.from_moves(ROAD_OF_ONE)
    list(explainer.result_candidates(losing_first, finder, ExactValues(analyzer)))
    assert asked == [1]
    asked.clear()
    after_block = ConnectFour.from_moves(ROAD_OF_ONE + "5")
    list(explainer.result_candidates(after_block, finder, ExactValues(analyzer)))
    assert asked == []


def test_a_memory_keeps_the_proofs_of_road_ends_alone(analyzer):
    memory = Memory()
    explain_position(ConnectFour.from_moves(ROAD_OF_THREE), analyzer, memory=memory)
    ends = {id(claim) for claim in memory.reasons.values() if claim is not None}
    assert ends and {memo[0] for memo in memory.checked} == ends
    assert all(found for _, found in memory.checked.values())


def test_the_dear_claims_come_last_at_the_positions_met_shortest_lines_first(analyzer):
    # The stacked threats at the end of ROAD_OF_THREE offered as a dear claim only: no cheap claim ends a
    # road, so the search meets every position within reach first, then asks for the dear ones in the order
    # met, and ends at the same road.
    game = ConnectFour.from_moves(ROAD_OF_THREE)
    values = ExactValues(analyzer)
    asked: list[tuple[str, int]] = []

    def cheap(position: ConnectFour) -> list[Claim]:
        asked.append(("cheap", position.ply()))
        return []

    def dear(position: ConnectFour) -> Iterator[Claim]:
        asked.append(("dear", position.ply()))
        return explainer.result_candidates(position, None, values)

    road = find_road(game, values, cheap, plies=4, later=dear)
    assert road is not None and road.line == ((3, 4), (5, 1), (3, 5))
    assert isinstance(road.then, DoubleThreat) and road.then.stacked
    kinds = [kind for kind, _ in asked]
    assert kinds.index("dear") == kinds.count("cheap")  # every cheap ask first
    plies = [ply for kind, ply in asked if kind == "dear"]
    assert plies == sorted(plies)  # the dear asks, shortest lines first
    # Without the dear claims there is no road here.
    assert find_road(game, ExactValues(analyzer), cheap, plies=4) is None


def test_the_road_asks_for_no_steady_plan_where_the_quick_claims_end_it(analyzer):
    asked: list[int] = []

    def finder(game: ConnectFour, side: int, budget: object = None, *, steady_nodes: int = 2000) -> None:
        asked.append(steady_nodes)

    claims = explain_position(ConnectFour.from_moves(ROAD_OF_THREE), analyzer, find_plan=finder).claims
    assert isinstance(claims[-1], Road)
    # The position's own plan with the finder's steady search; every one along the road without.
    assert asked[0] == 2000 and len(asked) > 1 and set(asked[1:]) == {0}


def test_the_wider_best_play_gives_a_losing_side_every_slowest_loss(analyzer):
    # After a1 b1 every move of Red's loses, six of them as slowly; the explanation's search follows the
    # first of those alone, the road book's every one.
    game = ConnectFour.from_moves("12")
    scores = analyzer.move_scores(game)
    slowest = max(scores[move] for move in game.moves())
    every = every_best_move(game, ExactValues(analyzer))
    assert every == [move for move in game.moves() if scores[move] == slowest] and len(every) == 6
    assert best_play(game, ExactValues(analyzer)) == every[:1]
    # For a winning side both give every move that keeps the win.
    winning = ConnectFour.from_moves("44")
    assert every_best_move(winning, ExactValues(analyzer)) == best_play(winning, ExactValues(analyzer))
