"""The explainer's tactics and parity on positions where each decides, and its checks refusing claims that
are not so."""

from __future__ import annotations

import pytest

from ai.claims import (
    Block,
    Claim,
    DoubleThreat,
    EvenThreat,
    ForcingLine,
    HandsOver,
    Kind,
    OddThreat,
    Result,
    WinNow,
    Zugzwang,
    ZugzwangRule,
)
from ai.contracts import result_of
from ai.exact.analysis import ExactAnalyzer
from ai.explain.checks import check
from ai.explain.explainer import explain_move, explain_position
from ai.explain.values import ExactValues
from game.connect4 import ConnectFour


@pytest.fixture(scope="module")
def analyzer():
    analyzer = ExactAnalyzer(threads=1, solver_slots=1 << 18)
    yield analyzer
    analyzer.release()


def claims_of(analyzer: ExactAnalyzer, moves: str) -> list[Claim]:
    explanation = explain_position(ConnectFour.from_moves(moves), analyzer)
    assert not explanation.timed_out
    return list(explanation.claims)


def value_for(analyzer: ExactAnalyzer, moves: str, side: int) -> int:
    """``side``'s exact result in ``moves`` (1, 0, -1), straight from the solver."""
    game = ConnectFour.from_moves(moves)
    own = result_of(analyzer.score(game))
    return own if game.to_move() == side else -own


def test_a_win_at_once_names_every_winning_cell_and_nothing_else(analyzer):
    # The first player has d1, e1 and f1 on the bottom row, open at both ends.
    assert claims_of(analyzer, "445566") == [WinNow(0, ((2, 0), (6, 0)))]


def test_the_only_block_is_named_where_every_other_move_loses_at_once(analyzer):
    # Column a: the first player's three, the second must take a4.
    assert Block(1, ((0, 3),)) in claims_of(analyzer, "12121")


def test_a_move_that_makes_two_winning_cells_is_a_double_threat(analyzer):
    claims = claims_of(analyzer, "4455")
    assert DoubleThreat(0, ((1, 0), (5, 0)), move=(2, 0)) in claims
    assert DoubleThreat(0, ((2, 0), (6, 0)), move=(5, 0)) in claims


def test_a_double_threat_on_the_board_is_named_for_the_side_that_made_it(analyzer):
    assert claims_of(analyzer, "44556") == [DoubleThreat(0, ((2, 0), (6, 0)))]


def test_two_threats_stacked_in_one_column_are_a_double_threat(analyzer):
    claims = claims_of(analyzer, "64115442265757253615")
    assert DoubleThreat(0, ((2, 2), (2, 3)), move=(2, 1), stacked=True) in claims
    assert value_for(analyzer, "64115442265757253615", 0) == 1


def test_a_move_under_the_opponents_winning_cell_hands_it_over(analyzer):
    claims = claims_of(analyzer, "64115442265757253615")
    assert HandsOver(0, ((3, 3), (3, 4)), Result.LOSS, whose=1) in claims


def test_a_forcing_line_alternates_threats_and_forced_answers_to_a_double_threat(analyzer):
    claims = claims_of(analyzer, "52753311433677442422121")
    assert ForcingLine(1, ((4, 2), (4, 3), (2, 4))) in claims
    assert value_for(analyzer, "52753311433677442422121", 1) == 1


def test_threats_are_sorted_by_their_rows_parity_counted_from_one(analyzer):
    claims = claims_of(analyzer, "64115442265757253615")
    assert OddThreat(0, ((2, 2),), None) in claims  # c3: an odd row
    assert EvenThreat(0, ((2, 3),), None) in claims  # c4: an even row
    assert OddThreat(1, ((3, 4),), None) in claims


def test_an_odd_threat_with_nothing_against_it_gives_the_first_player_zugzwang(analyzer):
    claims = claims_of(analyzer, "662222576343651642712157")
    assert Zugzwang(0, ((6, 4),), Result.WIN, rule=ZugzwangRule.ODD_THREAT_HOLDS) in claims
    assert value_for(analyzer, "662222576343651642712157", 0) == 1


def test_claimeven_over_the_whole_board_holds_the_second_players_draw(analyzer):
    moves = "3576127617575661522124647446257235344113"
    claims = claims_of(analyzer, moves)
    assert Zugzwang(1, (), Result.AT_LEAST_DRAW, rule=ZugzwangRule.CLAIMEVEN_EVERYWHERE) in claims
    assert value_for(analyzer, moves, 1) >= 0


def test_a_move_explained_says_what_it_does_and_what_a_bad_one_throws_away(analyzer):
    game = ConnectFour.from_moves("4455")
    good = explain_move(game, 2, analyzer).claims
    assert DoubleThreat(0, ((1, 0), (5, 0)), move=(2, 0)) in good
    bad = explain_move(ConnectFour.from_moves("64115442265757253615"), 3, analyzer).claims
    assert HandsOver(0, ((3, 3), (3, 4)), Result.LOSS, whose=1) in bad
    # Not blocking lets the opponent's win stand: the claim is the opponent's win at once, after the move.
    lost = explain_move(ConnectFour.from_moves("12121"), 6, analyzer).claims
    assert WinNow(0, ((0, 3),)) in lost


def test_a_move_is_explained_only_if_legal_and_a_position_only_if_unfinished(analyzer):
    with pytest.raises(ValueError):
        explain_move(ConnectFour.from_moves("111111"), 0, analyzer)
    with pytest.raises(ValueError):
        explain_position(ConnectFour.from_moves("1212121"), analyzer)


@pytest.mark.parametrize(
    ("moves", "claim"),
    [
        ("445566", WinNow(0, ((2, 0), (5, 0)))),  # f1 is taken
        ("445566", WinNow(1, ((2, 0),))),  # not the side to move
        ("12121", Block(1, ((1, 0),))),  # no threat there
        ("4455", DoubleThreat(0, ((1, 0), (5, 0)), move=(6, 0))),  # g1 makes no threats
        ("4455", DoubleThreat(0, ((1, 0), (5, 0)), move=(2, 1))),  # c2 is not where c's stone lands
        ("64115442265757253615", HandsOver(0, ((3, 3), (3, 4)), Result.LOSS, whose=0)),  # d5 is the other's
        ("52753311433677442422121", ForcingLine(1, ((4, 2), (2, 4), (4, 3)))),  # the answer is not forced
        ("64115442265757253615", OddThreat(0, ((2, 3),), None)),  # c4 is an even row
        ("662222576343651642712157", Zugzwang(1, ((6, 4),), Result.WIN)),  # the wrong side
        ("3576127617575661522124647446257235344113", Zugzwang(1, (), Result.WIN)),  # a draw, not a win
        ("1111", WinNow(0, ((9, 0),))),  # no such column
    ],
)
def test_the_checks_refuse_a_claim_that_is_not_so(analyzer, moves, claim):
    assert not check(ConnectFour.from_moves(moves), claim, ExactValues(analyzer))


def test_a_claim_that_fails_its_check_is_dropped_and_counted_never_shown(analyzer, monkeypatch):
    import ai.explain.explainer as explainer

    wrong = WinNow(0, ((0, 0),))
    monkeypatch.setattr(explainer, "position_candidates", lambda game, find_plan, budget: [wrong])
    monkeypatch.setattr(explainer, "find_road", lambda *_, **__: None)
    explanation = explain_position(ConnectFour.from_moves("445566"), analyzer)
    assert explanation.claims == () and explanation.dropped == (wrong,)


def test_an_explanation_out_of_time_is_dropped_whole(analyzer):
    explanation = explain_position(ConnectFour.from_moves("4455"), analyzer, seconds=0.0)
    assert explanation.timed_out and explanation.claims == ()


def test_a_puzzle_is_tagged_with_the_themes_of_its_winning_move(analyzer):
    from ai.explain.themes import PuzzleTheme, puzzle_themes
    from ai.puzzles import Puzzle

    def puzzle(moves: str, column: int) -> Puzzle:
        return Puzzle(moves, column, 2, (), "easy", "levels")

    assert puzzle_themes(puzzle("4455", 3), analyzer) == {PuzzleTheme.DOUBLE_THREAT}
    assert puzzle_themes(puzzle("64115442265757253615", 3), analyzer) == {PuzzleTheme.STACKED_THREATS}
    assert PuzzleTheme.FORCING_LINE in puzzle_themes(puzzle("52753311433677442422121", 5), analyzer)


def test_a_win_by_tactics_is_themed_by_them_not_by_the_plan_that_also_holds(analyzer):
    from ai.explain.plan import find_plan
    from ai.explain.themes import PuzzleTheme, explain_puzzle, themes_of
    from ai.puzzles import Puzzle

    # d1 makes two threats (b1, f1); after it the first player's plan (complete four first) is proven too.
    double = Puzzle("1177773351", 4, 2, (), "easy", "benchmark")
    claims = explain_puzzle(double, analyzer, seconds=60, find_plan=find_plan).claims
    assert {claim.kind for claim in claims} == {Kind.DOUBLE_THREAT, Kind.PLAN}
    assert themes_of(claims, 0) == {PuzzleTheme.DOUBLE_THREAT}
    # Without a tactic, the plan is the theme, with its rules.
    quiet = Puzzle("1325577771774535541", 4, 8, (), "medium", "random")
    claims = explain_puzzle(quiet, analyzer, seconds=60, find_plan=find_plan).claims
    assert [claim.kind for claim in claims] == [Kind.PLAN]
    assert themes_of(claims, 1) == {PuzzleTheme.PLAN, PuzzleTheme.CLAIMEVEN}


def test_a_bad_move_is_explained_by_what_it_throws_away(analyzer):
    # e2 lands under the mover's own winning cell e3: the opponent blocks it there.
    own = explain_move(ConnectFour.from_moves("4661237137541742643224"), 4, analyzer).claims
    assert HandsOver(0, ((4, 1), (4, 2)), None, whose=0) in own
    # c3 instead of the double threat lets the opponent make one of its own with d3.
    lets = explain_move(ConnectFour.from_moves("662222576343651642712157"), 2, analyzer).claims
    assert DoubleThreat(1, ((2, 3), (4, 3)), move=(3, 2)) in lets
    # Column b leaves the first player zugzwang with its odd threat at d5.
    zugzwang = explain_move(ConnectFour.from_moves("7125417577721225375266556"), 1, analyzer).claims
    assert Zugzwang(0, ((3, 4),), Result.WIN, rule=ZugzwangRule.ODD_THREAT_HOLDS) in zugzwang


def test_a_good_move_is_not_blamed(analyzer):
    game = ConnectFour.from_moves("662222576343651642712157")
    claims = explain_move(game, 3, analyzer).claims
    assert all(claim.side == 0 for claim in claims) and claims
