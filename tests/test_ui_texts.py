"""The words, labels and bar scale of the engine's values, and the play screen's lines
(ui/words/texts.py, search_texts.py, score_words.py): pure functions, no pygame."""

from __future__ import annotations

import random

import pytest

from ai.heuristic.evaluate import LOSES_NEXT, WINS_NEXT
from ai.play.levels import Level
from ai.score import HEURISTIC_LIMIT, Score, from_child, win_in
from game.language import SOURCE_LANGUAGE, use_language
from tools.support.fakes import FakeEngine, search_result
from ui.state.board.board_game import BoardGame
from ui.state.board.followed_search import FollowedSearch
from ui.state.board.proven import Proven
from ui.state.files.tally import Record
from ui.state.options import FirstPlayer, Mode, PlayOptions
from ui.state.play.notices import Told
from ui.words import score_words, search_texts, texts
from ui.words.notice_words import notice_text
from ui.words.score_words import estimate, outlook
from ui.words.search_texts import MoveValue, lean, legend, short_label, statistics, winner_of


@pytest.mark.parametrize(
    ("score", "exact", "words"),
    [
        (win_in(1), True, "Red wins next move"),
        (win_in(13), True, "Red wins in 7"),
        (-win_in(2), True, "Yellow wins next move"),
        (-win_in(12), True, "Yellow wins in 6"),
        (0, True, "draw"),
        (0, False, "even"),
        (6, False, "even"),
        (-19, False, "even"),
        (20, False, "Red is better"),
        (-33, False, "Yellow is better"),
        (89, False, "Red is better"),
        (-202, False, "Yellow is much better"),
        (9_999, False, "Red is much better"),
        (WINS_NEXT, False, "Red is winning"),
        (LOSES_NEXT, False, "Yellow is winning"),
    ],
)
def test_values_in_words_name_who_is_ahead(score, exact, words):
    assert outlook(Score(score, exact), "Red", "Yellow") == words


def test_no_raw_number_ever_reaches_the_words():
    for score in (-99_000, -202, -33, -6, 0, 6, 33, 202, 99_000, win_in(9), -win_in(9)):
        for exact in (False, True):
            words = outlook(Score(score, exact), "X", "O")
            assert not any(character in words for character in "+-") and str(abs(score)) not in words


def test_estimates_are_numbers_for_the_side_they_favour():
    assert estimate(Score.estimate(42), "Red", "Yellow") == "estimate: Red ahead by 42 points"
    assert estimate(Score.estimate(-33), "Red", "Yellow") == "estimate: Yellow ahead by 33 points"
    assert estimate(Score.estimate(-1), "Red", "Yellow") == "estimate: Yellow ahead by 1 point"
    assert estimate(Score.estimate(12_345), "Red", "Yellow") == "estimate: Red ahead by 12,345 points"
    assert estimate(Score.estimate(0), "Red", "Yellow") == "estimate: level"


def test_short_labels_fit_a_column():
    assert short_label(Score(win_in(1))) == "1"
    assert short_label(Score(win_in(11))) == "6"
    # The value of a move whose reply wins at once (from the mover's side): the opponent wins in one.
    assert short_label(Score(win_in(1)).from_child()) == "1"
    assert short_label(Score(-win_in(6))) == "3"
    assert short_label(Score(0)) == "="
    assert short_label(Score.estimate(0)) is None and short_label(Score.estimate(300)) is None
    labels = [short_label(Score(score)) for score in range(-win_in(1), -win_in(43), -1)]
    labels += [short_label(Score(score)) for score in range(win_in(1), win_in(43), -1)]
    assert max(len(label) for label in labels) <= 2


def test_a_proven_value_names_its_winner_whoever_is_to_move():
    # Playing the move wins for the mover, or lets the other side win: named by player number.
    assert winner_of(Score(win_in(3)), 0) == 0 and winner_of(Score(win_in(3)), 1) == 1
    reply_wins = Score(win_in(1)).from_child()
    assert winner_of(reply_wins, 0) == 1 and winner_of(reply_wins, 1) == 0
    assert winner_of(Score(0), 0) is None and winner_of(Score.estimate(300), 1) is None


def value(move, score, exact, player):
    valued = Score(score, exact)
    return MoveValue(move, valued, winner_of(valued, player), short_label(valued), lean(valued), False)


def test_the_legend_explains_the_labels_shown_with_their_own_examples():
    # Yellow (player 1) to move: two of its moves win, three let Red win.
    shown = [
        value(0, from_child(win_in(1)), True, 1),
        value(1, from_child(win_in(1)), True, 1),
        value(2, win_in(11), True, 1),
        value(3, from_child(win_in(3)), True, 1),
        value(4, win_in(15), True, 1),
    ]
    words = legend(shown, ("Red", "Yellow"))
    assert words == "Red's mark 1: Red wins next move  \u00b7  Yellow's mark 6: Yellow wins in 6"
    words = legend([value(0, 0, True, 0), value(1, 5, False, 0)], ("X", "O"))
    assert words == "=: draw  \u00b7  bars: estimate, in the colour of the side it favours"
    assert legend([], ("X", "O")) == ""


def test_the_bar_scale_matches_the_words():
    assert lean(Score.estimate(score_words.EVEN_BELOW)) == pytest.approx(search_texts.TICKS[0])
    assert lean(Score.estimate(score_words.BETTER_BELOW)) == pytest.approx(search_texts.TICKS[1])
    assert lean(Score.estimate(score_words.WINNING_FROM)) == pytest.approx(search_texts.TICKS[2])
    assert lean(Score(win_in(5))) == 1.0 and lean(Score(-win_in(5))) == -1.0
    assert lean(Score(0)) == 0.0 and lean(Score.estimate(0)) == 0.0


def test_the_bar_scale_is_monotonic_symmetric_and_leaves_the_ends_to_proven_results():
    scores = [0, 1, 6, 19, 20, 21, 50, 89, 90, 91, 200, 1000, 9_999, 10_000, 50_000, HEURISTIC_LIMIT - 1]
    leans = [lean(Score.estimate(score)) for score in scores]
    assert leans == sorted(leans) and len(set(leans)) == len(leans)
    assert all(0 <= value < 1 for value in leans)
    assert all(lean(Score.estimate(-score)) == -lean(Score.estimate(score)) for score in scores)
    # A lean a person can see: one good threat's worth reaches a third of the way.
    assert lean(Score.estimate(70)) > 0.4


def test_statistics_leave_out_a_count_that_says_nothing():
    assert statistics(11, 36_758, 2.46) == "depth 11  \u00b7  36,758 positions  \u00b7  2.5 s"
    assert statistics(2, 0, 0.0) == "depth 2"
    assert statistics(1, 1, 0.01) == "depth 1  \u00b7  1 position  \u00b7  0.0 s"


def test_an_exact_result_says_proven_not_the_depth_of_the_whole_board():
    assert statistics(42, 1_000, 0.5, exact=True) == "proven  \u00b7  1,000 positions  \u00b7  0.5 s"
    assert statistics(42, 0, 0.0, exact=True) == "proven"


def test_counts_agree_with_their_number():
    assert texts.puzzle_titles(1, solved=False)[0] == "Puzzle \u00b7 1 move left to win"
    assert texts.puzzle_titles(0, solved=False)[0] == "Puzzle \u00b7 0 moves left to win"
    assert texts.puzzle_titles(2048, solved=False)[0] == "Puzzle \u00b7 2,048 moves left to win"


def test_each_count_of_the_tally_takes_its_own_plural_in_every_language():
    record = Record(wins=1, draws=0, losses=2)
    assert (
        texts.tally_text(record, "depth 4", ("Red", "Yellow"))
        == "You against depth 4: 1 won · 0 drawn · 2 lost"
    )
    try:
        use_language("es")
        assert texts.short_tally(record, "nivel 4", ("Rojo", "Amarillo")) == (
            "en total 1 ganada, 0 empatadas, 2 perdidas"
        )
        use_language("fr")
        assert texts.tally_text(record, "profondeur 4", ("Rouge", "Jaune")).endswith(
            "1 gagnée · 0 nulle · 2 perdues"
        )
    finally:
        use_language(SOURCE_LANGUAGE)


def scripted_result(rng: random.Random) -> tuple[int, bool]:
    """A score as the searches give them: a proven win or loss, a draw, or an estimate of any size."""
    kind = rng.random()
    if kind < 0.3:
        return rng.choice([1, -1]) * win_in(rng.randint(1, 21)), True
    if kind < 0.4:
        return 0, True
    size = min(HEURISTIC_LIMIT - 1, int(10 ** rng.uniform(0, 5.5)))
    return rng.choice([1, -1, 0]) * size, False


def test_the_headline_and_the_detail_line_never_disagree():
    """A property over scripted searches: the side the detail line's number favours is the side the headline
    names as ahead (no "Red +6" under "even", no side the headline does not name), a proven value's line
    says "proven" and offers the best line where an estimate's gives its depth once, with the line as that
    depth's own, and a win in N says it counts the winner's own moves."""
    rng = random.Random(28)
    names = ("Red", "Yellow")
    for _ in range(5000):
        score, exact = scripted_result(rng)
        depth = rng.randint(1, 12)
        result = search_result(depth, Score(score, exact), (3, 4), rng.randint(0, 10**6), rng.uniform(0, 5))
        thinking = FollowedSearch(rng.randrange(2), pondering=False, result=result, nodes=result.nodes)
        headline = search_texts.search_status("Computer", thinking, names)
        detail = "  ".join(search_texts.search_detail(thinking, names, "4 5"))
        ahead = {name for name in names if name in headline}
        favoured = {name for name in names if name in detail}
        assert len(ahead) <= 1 and favoured <= ahead, (headline, detail)
        value = thinking.result.score
        counted = (value.is_win or value.is_loss) and value.moves_to_end > 1
        assert ("own moves" in detail) is counted, (headline, detail)
        if exact:
            assert "proven" in detail and "best line: 4 5" in detail and "depth" not in detail, detail
        else:
            assert detail.count("depth") == 1 and f"depth {depth} looks at 4 5" in detail, detail
            assert "best line" not in detail, detail


def test_the_proofs_progress_says_proving_not_a_depth():
    thinking = FollowedSearch(0, pondering=True, result=None, nodes=5_000, seconds=1.25, proving=True)
    line = "Thinking on your time: proving  \u00b7  5,000 positions  \u00b7  1.2 s"
    assert search_texts.ponder_detail(thinking, ("Red", "Yellow")) == [line]
    estimate_so_far = search_result(3, Score.estimate(30), (3,), 100, 0.1)
    thinking = FollowedSearch(
        0, pondering=True, result=estimate_so_far, nodes=9_000, seconds=2.0, proving=True
    )
    assert "depth" not in search_texts.ponder_detail(thinking, ("Red", "Yellow"))[0]


def test_who_plays_whom_and_who_won_name_the_computers_level_in_every_mode():
    names = ("Red", "Yellow")
    options = PlayOptions(mode=Mode.COMPUTER, level=Level(4), first=FirstPlayer.COMPUTER)
    against = BoardGame(options, FakeEngine())
    watch = BoardGame(PlayOptions(mode=Mode.WATCH, watch_levels=(Level(2), Level(4))), FakeEngine())
    assert texts.matchup(against) == "You vs computer (depth 4)"
    assert texts.matchup(watch) == "depth 2 vs depth 4"
    # The computer (Red) wins with a column of four; then the human (Yellow) wins a game.
    against.game.play_text("1212121")
    assert texts.result_text(against, names)[1] == "The computer (depth 4) wins this one."
    against = BoardGame(options, FakeEngine(), moves="12121232")
    assert texts.result_text(against, names)[1] == "You beat the computer at depth 4!"


def test_a_moving_stone_without_a_move_on_the_board_reads_as_the_turn():
    watch = BoardGame(PlayOptions(mode=Mode.WATCH), FakeEngine())
    # An animation never outlives its move (undo ends it); were one left, the line still reads, not raises.
    assert "plays" not in texts.status_text(watch, ("Red", "Yellow"), moving_player=0, hint=None)


def test_what_is_proven_is_kept_against_estimates_and_carried_over_a_proven_move():
    for child in (win_in(1), win_in(12), -win_in(2), -win_in(15), 0, 37, -4_000):
        assert Score(child).from_child().to_child() == Score(child)
    known = Proven("4", 1)
    lost = Score(-win_in(10))
    proof = search_result(20, lost, (2, 3), 9, 0.1, ((2, lost), (3, Score.estimate(40))))
    known = known.learn(proof)
    assert known.score == lost and known.move_scores == {2: lost}
    # A later estimate of the same position changes nothing; a later proof of another move adds to it.
    estimates = ((2, Score.estimate(12)), (3, Score.estimate(55)))
    assert known.learn(search_result(3, Score.estimate(55), (3,), 9, 0.1, estimates)) is known
    known = known.learn(search_result(21, lost, (2,), 9, 0.1, ((3, Score(-win_in(6))),)))
    assert known.move_scores == {2: lost, 3: Score(-win_in(6))}
    after = known.after(3, "44", by_think=True)
    assert after == Proven("44", 0, Score(win_in(5)), told=True)
    assert known.after(5, "46", by_think=True) is None


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_every_notice_without_arguments_has_its_words_in_every_language(language):
    try:
        use_language(language)
        said = {told: notice_text(told) for told in Told}
    finally:
        use_language("en")
    assert all(text and "{" not in text for text in said.values()), said
    assert len(set(said.values())) == len(said)  # no two notices read alike
