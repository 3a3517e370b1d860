"""Ratings: the Elo arithmetic, the tournament fit, what a move says (observations), the ladder file and the
per-game performance estimate."""

from __future__ import annotations

import math
import random
import re

import pytest

from ai.rating.elo import GameResult, expected_score, fit_ratings, updated_rating
from ai.rating.ladder import (
    ANCHOR_RATING,
    LADDER_PATH,
    STAGES,
    VERSION,
    Ladder,
    LadderFileError,
    Rung,
    StageCounts,
    file_text,
    parse_ladder,
    read_ladder,
    stage_of,
)
from ai.rating.observe import Observation, observe
from ai.rating.performance import MIN_ANSWERS, performance
from ai.score import Score, win_in
from assets.sealed_text import seal
from tests.conftest import raises_saying
from tools.support.bit_flips import every_bit_changed

WIN_3, WIN_5, DRAW, LOSS_4 = Score(win_in(3)), Score(win_in(5)), Score(0), Score(-win_in(4))


def test_expected_score_is_the_elo_curve() -> None:
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)
    assert expected_score(1500, 1900) + expected_score(1900, 1500) == pytest.approx(1.0)


def test_update_moves_towards_the_result() -> None:
    assert updated_rating(1500, 1500, 1.0, 32) == pytest.approx(1516)
    assert updated_rating(1500, 1500, 0.5, 32) == pytest.approx(1500)
    assert updated_rating(1500, 1900, 0.0, 32) == pytest.approx(1500 - 32 / 11)


def simulated(true: dict[str, float], games_per_pair: int, draw_rate: float, seed: int) -> list[GameResult]:
    """Games drawn from the Davidson model itself, so the fit should find ``true`` again."""
    rng = random.Random(seed)
    results = []
    for first in true:
        for second in true:
            if first == second:
                continue
            strength_a, strength_b = 10 ** (true[first] / 400), 10 ** (true[second] / 400)
            draw = draw_rate * math.sqrt(strength_a * strength_b)
            total = strength_a + strength_b + draw
            for _ in range(games_per_pair):
                roll = rng.random() * total
                score = 1.0 if roll < strength_a else 0.5 if roll < strength_a + draw else 0.0
                results.append(GameResult(first, second, score))
    return results


def test_fit_finds_the_ratings_the_games_were_drawn_from() -> None:
    true = {"floor": 500.0, "b": 900.0, "c": 1300.0, "d": 1500.0, "top": 2200.0}
    names = list(true)
    prior = [(names[i], names[i + 1], 0.5) for i in range(len(names) - 1)]
    fit = fit_ratings(simulated(true, 300, 0.3, seed=1), names, "floor", 500, prior)
    assert fit.ratings["floor"] == 500 and fit.errors["floor"] == 0
    for name in names[1:]:
        assert 0 < fit.errors[name] < 100
        assert abs(fit.ratings[name] - true[name]) < 3 * fit.errors[name], name
    assert fit.draw_rate == pytest.approx(0.3, abs=0.05)


def test_a_player_that_never_loses_stays_finite_with_the_prior() -> None:
    results = [GameResult("strong", "weak", 1.0)] * 30
    fit = fit_ratings(results, ["weak", "strong"], "weak", 500, [("weak", "strong", 0.5)])
    assert 500 < fit.ratings["strong"] < 2000
    assert math.isfinite(fit.errors["strong"])


def test_fit_refuses_what_it_cannot_rate() -> None:
    with pytest.raises(ValueError, match="not two of the players"):
        fit_ratings([GameResult("a", "z", 1.0)], ["a", "b"], "a", 500)
    with pytest.raises(ValueError, match="no game linking"):
        fit_ratings([GameResult("a", "b", 1.0), GameResult("b", "a", 1.0)], ["a", "b", "c"], "a", 500)
    with pytest.raises(ValueError, match="not a win"):
        fit_ratings([GameResult("a", "b", 0.7)], ["a", "b"], "a", 500)


@pytest.mark.parametrize(
    ("values", "move", "expected"),
    [
        ((DRAW, DRAW, None, DRAW), 1, Observation.NOTHING),
        ((WIN_3, WIN_5, None), 0, Observation.BEST_ONLY),
        ((WIN_3, WIN_5, None), 1, Observation.SLOWER_ONLY),
        ((DRAW, LOSS_4, DRAW), 2, Observation.KEPT),
        ((WIN_3, WIN_5, DRAW), 0, Observation.KEPT_BEST),
        ((WIN_3, WIN_5, LOSS_4), 1, Observation.KEPT_SLOWER),
        ((WIN_3, WIN_5, DRAW), 2, Observation.LOST),
        ((DRAW, LOSS_4), 1, Observation.LOST),
    ],
)
def test_observe_asks_only_what_the_position_can_answer(values, move, expected) -> None:
    observation = observe(values, move)
    assert observation is expected
    assert Observation(observation.value) is observation


def test_observe_refuses_an_illegal_move() -> None:
    with pytest.raises(ValueError):
        observe((DRAW, None), 1)
    with pytest.raises(ValueError):
        observe((DRAW, None), 7)


def make_ladder(ratings: list[int], kept_rates: list[float], best_rates: list[float]) -> Ladder:
    """A ladder whose rungs keep the result and play best at the given rates in every stage."""
    names = ["random", "1", "2", "4", "6", "8", "10", "max"]
    rungs = []
    for name, rating, kept, best in zip(names, ratings, kept_rates, best_rates, strict=True):
        counts = StageCounts(1000, round(1000 * kept), 1000, round(1000 * best))
        rungs.append(
            Rung(
                name,
                rating,
                rating - 10 * (name != "random"),
                rating + 10 * (name != "random"),
                10,
                5.0,
                tuple(counts for _ in STAGES),
            )
        )
    return Ladder((7, 6), 40, tuple(rungs), 0.1)


LADDER = make_ladder(
    [500, 900, 1100, 1300, 1500, 1700, 1900, 2500],
    [0.40, 0.60, 0.70, 0.78, 0.85, 0.90, 0.93, 0.999],
    [0.30, 0.40, 0.45, 0.50, 0.55, 0.60, 0.62, 0.999],
)


def test_ladder_file_round_trips() -> None:
    assert parse_ladder(file_text(LADDER).encode()) == LADDER


def resealed(text: str) -> str:
    """``text`` with a checksum that fits it again: for the faults the checksum does not stand in front of."""
    header, newline, body = text.partition("\n")
    return seal(header[:-8] + newline + body)


@pytest.mark.parametrize(
    ("mangle", "reason"),
    [
        (lambda text: "", "line 1: not a ladder file"),
        (lambda text: text.replace("ponder-ladder 2", "ponder-ladder 9"), "format version 9"),
        (lambda text: text.replace("7x6", "6x5", 1), "checksum mismatch"),
        (lambda text: resealed(text.replace("7x6", "6x5", 1)), "a ladder for the 6x5 board, not for 7x6"),
        (lambda text: text.replace("draws=0.1000", "draws=0.9000"), "checksum mismatch"),
        (lambda text: resealed(text.replace("anchor=random:500", "anchor=random:400")), "anchored at 400"),
        (lambda text: text.replace(" 900 890 910 ", " 901 890 910 "), "checksum mismatch"),
        (lambda text: text.replace("crc32=", "crc32=x"), "does not end in a checksum"),
        (lambda text: resealed("\n".join(text.split("\n")[:5])), "shorter"),
        (lambda text: resealed(text + "extra\n"), "more lines"),
        (lambda text: resealed(text.replace("rungs=8", "rungs=99999")), "shorter"),
    ],
)
def test_a_damaged_ladder_is_refused_with_its_reason(mangle, reason) -> None:
    with raises_saying(LadderFileError, reason):
        parse_ladder(mangle(file_text(LADDER)).encode())


def test_every_bit_of_the_ladder_file_is_checked(tmp_path) -> None:
    """Whatever bit of a ladder file changes (in the header: the draw parameter, the games, the checksum
    itself; or in a rung), the file is refused with one error naming it."""
    data = file_text(LADDER).encode()
    path = tmp_path / "changed.txt"
    for changed in every_bit_changed(data):
        path.write_bytes(changed)
        with pytest.raises(LadderFileError, match=re.escape(path.name)):
            read_ladder(path)


def test_a_ladder_of_the_first_format_is_refused_naming_its_version() -> None:
    """Version 1's checksum covered the rung lines alone, so the draw parameter went unchecked."""
    old = file_text(LADDER).replace(f"ponder-ladder {VERSION} ", "ponder-ladder 1 ", 1)
    with raises_saying(LadderFileError, "line 1: format version 1, this program reads version 2"):
        parse_ladder(old.encode())


def test_the_shipped_ladder_is_of_the_current_format() -> None:
    assert LADDER_PATH.read_text().startswith(f"ponder-ladder {VERSION} ") and VERSION == 2


def resigned(ladder: Ladder, **changes) -> str:
    """``ladder``'s file with the second rung changed and a valid checksum (faults beyond the checksum)."""
    rungs = list(ladder.rungs)
    rungs[1] = Rung(**{**rungs[1].__dict__, **changes})
    return file_text(Ladder(ladder.board, ladder.games, tuple(rungs), ladder.draw_rate))


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"rating": 2000}, "outside its interval"),
        ({"points": 11.0}, "points"),
        ({"name": "3"}, "not this game's levels"),
        ({"stages": (StageCounts(5, 6, 0, 0),) * len(STAGES)}, "more moves counted"),
        ({"games": 12}, "do not add up"),
    ],
)
def test_a_consistent_checksum_does_not_hide_bad_numbers(changes, reason) -> None:
    with raises_saying(LadderFileError, reason):
        parse_ladder(resigned(LADDER, **changes).encode())


def test_unreadable_ladder_files_are_refused(tmp_path) -> None:
    with raises_saying(LadderFileError, "none.txt: missing"):
        read_ladder(tmp_path / "none.txt")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(LadderFileError):
        read_ladder(binary)


def test_the_shipped_ladder_rates_every_level_above_the_one_below() -> None:
    ladder = read_ladder(LADDER_PATH)
    ratings = [rung.rating for rung in ladder.rungs]
    assert ratings[0] == ANCHOR_RATING
    assert all(low < high for low, high in zip(ratings, ratings[1:], strict=False)), ratings
    assert all(rung.games > 0 for rung in ladder.rungs)


def test_stages_cover_the_board() -> None:
    assert [stage_of(stones) for stones in (0, 9, 10, 29, 30, 41)] == [0, 0, 1, 2, 3, 3]
    with pytest.raises(ValueError):
        stage_of(42)


def test_performance_follows_the_moves() -> None:
    perfect = [(12, Observation.KEPT_BEST)] * 10
    careless = [(12, Observation.LOST), (14, Observation.KEPT_SLOWER), (16, Observation.KEPT_BEST)] * 4
    middling = [(12, Observation.KEPT_BEST)] * 5 + [(14, Observation.KEPT_SLOWER)] * 5
    top = performance(perfect, LADDER)
    low = performance(careless, LADDER)
    middle = performance(middling, LADDER)
    assert top is not None and low is not None and middle is not None
    assert top.rating == 2500
    assert 500 <= low.rating < middle.rating < top.rating
    assert performance([(12, Observation.KEPT)] * (MIN_ANSWERS - 1), LADDER) is None
    assert performance([(12, Observation.NOTHING)] * 20, LADDER) is None


def test_a_performance_carries_its_range_and_more_moves_narrow_it() -> None:
    few = performance([(12, Observation.KEPT_BEST), (14, Observation.KEPT_SLOWER)] * 2, LADDER)
    many = performance([(12, Observation.KEPT_BEST), (14, Observation.KEPT_SLOWER)] * 12, LADDER)
    assert few is not None and many is not None
    assert few.low <= few.rating <= few.high and many.low <= many.rating <= many.high
    assert many.high - many.low < few.high - few.low


def test_the_gap_between_neighbours_is_known_better_than_either_rating_from_the_anchor() -> None:
    true = {"floor": 500.0, "b": 1500.0, "c": 1600.0}
    names = list(true)
    results = [
        result for result in simulated(true, 200, 0.3, seed=3) if "floor" not in (result.first, result.second)
    ]
    results += [GameResult("b", "floor", 1.0)] * 20 + [GameResult("c", "floor", 1.0)] * 20
    prior = [("floor", "b", 0.5), ("b", "c", 0.5)]
    fit = fit_ratings(results, names, "floor", 500, prior)
    gap = fit.difference_error("c", "b")
    assert 0 < gap < fit.errors["b"] / 2 and gap < fit.errors["c"] / 2
    assert fit.difference_error("b", "floor") == pytest.approx(fit.errors["b"])
    assert abs(fit.ratings["c"] - fit.ratings["b"] - 100) < 3 * gap
