"""The player's rating: recorded games, the Glicko-2 step, what keeps a game unrated, the file, the adaptive
level and the statistics screen's content."""

from __future__ import annotations

import json

import pytest

from ai.play.levels import MAX, Level
from ai.rating.glicko import NEW_DEVIATION, Glicko
from ai.rating.ladder import STAGES, Ladder, Rung, StageCounts
from game.language import SOURCE_LANGUAGE, use_language
from ui.state.files.player_rating import (
    LEVEL_DEVIATION,
    MAX_GAMES,
    RATINGS_FILE,
    Ratings,
    adaptive_level,
)
from ui.state.files.puzzle_record import PuzzleRecord
from ui.state.files.store import JsonStore
from ui.state.options import PlayOptions
from ui.state.stats import rating_stats
from ui.words.problem_words import reason_text
from ui.words.texts import board_title, game_line, level_name, puzzle_beside_games

BOARD = "connect4 7x6"
GOOD_ENTRY = {
    "when": "t",
    "level": "4",
    "level_rating": 1,
    "result": "win",
    "rating": 1,
    "assists": [],
    "moves": "44",
}


def ladder_of(ratings: dict[str, int]) -> Ladder:
    counts = tuple(StageCounts(10, 5, 10, 5) for _ in STAGES)
    rungs = tuple(Rung(name, rating, rating, rating, 2, 1.0, counts) for name, rating in ratings.items())
    return Ladder((7, 6), len(rungs), rungs, 0.1)


LADDER = ladder_of(
    {"random": 500, "1": 800, "2": 1000, "4": 1300, "6": 1500, "8": 1700, "10": 1850, "max": 2400}
)


def test_a_rated_game_moves_the_rating_by_glicko_from_a_newcomers_uncertainty() -> None:
    ratings = Ratings().recording(BOARD, 1300, "4", 1300, "win", "4455", set())
    [game] = ratings.games(BOARD)
    expected = Glicko(1300).after([(1300, LEVEL_DEVIATION, 1.0)])
    assert game.rated and game.rating == round(expected.rating) and game.rating > 1400
    assert game.deviation == pytest.approx(expected.deviation) and game.glicko.provisional
    assert ratings.rating(BOARD, 1300) == game.rating
    ratings = ratings.recording(BOARD, 1300, "max", 2400, "loss", "4455", set())
    loss = ratings.games(BOARD)[-1]
    assert loss.rating == round(game.glicko.after([(2400, LEVEL_DEVIATION, 0.0)]).rating)


def test_help_keeps_a_game_unrated_but_listed() -> None:
    ratings = Ratings().recording(BOARD, 1300, "4", 1300, "win", "4455", {"hint", "take-back"})
    [game] = ratings.games(BOARD)
    assert not game.rated and game.assists == ("hint", "take-back")
    assert game.rating == 1300 and ratings.rating(BOARD, 1300) == 1300
    assert len(ratings.games(BOARD)) == 1
    with pytest.raises(ValueError):
        ratings.recording(BOARD, 1300, "4", 1300, "win", "4455", {"luck"})
    with pytest.raises(ValueError):
        ratings.recording(BOARD, 1300, "4", 1300, "won", "4455", set())  # not a result


def test_the_step_shrinks_as_the_rating_settles() -> None:
    first = Ratings().recording(BOARD, 1300, "4", 1300, "win", "44", set()).games(BOARD)[0].rating - 1300
    ratings = Ratings()
    for _ in range(12):
        ratings = ratings.recording(BOARD, 1300, "4", 1300, "draw", "44", set())
    settled = ratings.glicko(BOARD, 1300)
    assert not settled.provisional and settled.deviation < NEW_DEVIATION / 3
    ratings = ratings.recording(BOARD, 1300, "4", 1300, "win", "44", set())
    assert ratings.rating(BOARD, 1300) - round(settled.rating) < first / 3


def test_a_newcomers_loss_to_the_weakest_level_brings_the_auto_level_down_at_once() -> None:
    start = LADDER.rating_of(Level(6))
    assert start is not None and adaptive_level(LADDER, start) == Level(6)
    ratings = Ratings().recording(BOARD, start, "1", 800, "loss", "44", set())
    assert adaptive_level(LADDER, ratings.rating(BOARD, start)).depth in (1, 2)


def test_ratings_survive_a_restart_and_keep_the_newest_games(tmp_path) -> None:
    path = tmp_path / "ratings.json"
    store = JsonStore(RATINGS_FILE, path)
    store.load()
    assert store.update(lambda r: r.recording(BOARD, 1300, "4", 1300, "win", "4455", set())) is None
    assert store.update(lambda r: r.with_performance(BOARD, "4455", 1420)) is None
    # not the last game's moves: nothing changes
    assert store.update(lambda r: r.with_performance(BOARD, "4", 999)) is None
    again = JsonStore(RATINGS_FILE, path)
    again.load()
    assert again.problem is None
    [game] = again.value.games(BOARD)
    assert (game.performance, game.level) == (1420, "4") and game.rating > 1300
    # A full history, as years of play leave the file (written at once: a thousand saves of a growing file
    # take seconds): each game recorded now pushes out the oldest, and the file keeps what memory keeps.
    path.write_text(json.dumps({BOARD: [{**GOOD_ENTRY, "when": str(index)} for index in range(MAX_GAMES)]}))
    full = JsonStore(RATINGS_FILE, path)
    full.load()
    assert full.problem is None and len(full.value.games(BOARD)) == MAX_GAMES
    for index in range(5):
        assert (
            full.update(
                lambda r, index=index: r.recording(BOARD, 1300, "2", 1000, "loss", str(1 + index), set())
            )
            is None
        )
    kept = full.value.games(BOARD)
    assert len(kept) == MAX_GAMES
    assert [game.when for game in kept[:-5]] == [str(index) for index in range(5, MAX_GAMES)]
    assert [game.moves for game in kept[-5:]] == ["1", "2", "3", "4", "5"]
    assert JsonStore(RATINGS_FILE, path).load().games(BOARD) == kept


@pytest.mark.parametrize(
    "content",
    [
        b"not json",
        b"[]",
        b'{"connect4 7x6": 3}',
        b'{"connect4 7x6": [{"when": "x"}]}',
        *(
            json.dumps({BOARD: [{**GOOD_ENTRY, **change}]}).encode()
            for change in (
                {"result": "won"},
                {"rating": 1e9},
                {"assists": ["magic"]},
                {"moves": "4a"},
                {"level_rating": True},
            )
        ),
    ],
)
def test_a_broken_file_is_reported_and_replaced_in_memory(tmp_path, content) -> None:
    path = tmp_path / "ratings.json"
    path.write_bytes(content)
    ratings = JsonStore(RATINGS_FILE, path)
    ratings.load()
    said = reason_text(ratings.problem)
    assert said is not None and said.startswith("Ratings could not be used")
    [aside] = tmp_path.glob("ratings.damaged-*.json")
    assert aside.name in said and said.endswith(aside.name)
    assert ratings.value.games(BOARD) == []
    assert aside.read_bytes() == content  # kept aside for the player to look at
    assert ratings.update(lambda r: r.recording(BOARD, 1300, "4", 1300, "win", "44", set())) is None
    fixed = JsonStore(RATINGS_FILE, path)
    fixed.load()
    assert fixed.problem is None and len(fixed.value.games(BOARD)) == 1
    assert aside.read_bytes() == content


def test_the_adaptive_level_is_the_nearest_rated_one() -> None:
    assert adaptive_level(LADDER, 1290) == Level(4)
    assert adaptive_level(LADDER, 100) == Level(1)
    assert adaptive_level(LADDER, 3000) == MAX
    assert adaptive_level(LADDER, 1620) == Level(8)


def test_statistics_follow_the_games() -> None:
    ratings = (
        Ratings()
        .recording(BOARD, 1300, "4", 1300, "win", "4455", set())
        .recording(BOARD, 1300, "4", 1300, "loss", "4455", {"hint"})
        .recording(BOARD, 1300, "max", 2400, "loss", "44", set())
        .with_performance(BOARD, "44", 1555, (1300, 1800))
    )
    stats = rating_stats(ratings, PuzzleRecord(rating=1216, solved=12), PlayOptions(), LADDER, 1300)
    assert stats.course == (1300, ratings.games(BOARD)[0].rating, ratings.rating(BOARD, 1300))
    assert (stats.rated, stats.unrated) == (2, 1)
    by_label = {level_name(row.level): row for row in stats.levels}
    assert (by_label["depth 4"].wins, by_label["depth 4"].losses, by_label["depth 4"].rating) == (1, 1, 1300)
    assert (by_label["max"].losses, by_label["max"].rating) == (1, 2400)
    newest, before = (game_line(recent) for recent in stats.recent[:2])
    assert "played like 1555 (1300\u20131800)" in newest and "vs max (2400)" in newest
    assert "not rated: a hint" in before
    # The puzzle rating stands under the game rating, named as the other scale it is, written alike.
    beside = puzzle_beside_games(stats.puzzles)
    assert beside.startswith("Puzzle rating 1216 \u00b1 ") and "a scale of its own" in beside


def test_a_newcomers_auto_level_starts_gentle_and_climbs_with_their_wins() -> None:
    from ai.rating.ladder import ladder_for, rung_name
    from ui.state.play.finished_round import start_rating

    ladder = ladder_for(BOARD)
    assert ladder is not None
    start = start_rating(ladder)
    # A newcomer meets the gentlest level first, not the middle of the ladder.
    levels = [level for level, _rating in ladder.levels()]
    assert adaptive_level(ladder, start) == levels[0]
    ratings, met = Ratings(), []
    for game in range(4):
        level = adaptive_level(ladder, ratings.rating(BOARD, start))
        met.append(level)
        rating = ladder.rating_of(level)
        assert rating is not None
        ratings = ratings.recording(BOARD, start, rung_name(level), rating, "win", f"4{game}", set())
    # Each win meets a stronger level: the provisional rating finds a strong player within a few games.
    assert met == sorted(met, key=levels.index) and len(set(met)) == len(met)
    assert levels.index(adaptive_level(ladder, ratings.rating(BOARD, start))) > levels.index(Level(4))


def test_the_statistics_name_the_board_and_levels_in_the_language_in_use_when_shown() -> None:
    ratings = Ratings().recording(BOARD, 1300, "1", 1300, "win", "4455", set())
    stats = rating_stats(ratings, PuzzleRecord(), PlayOptions(), LADDER, 1300)
    # Made in English, shown after a change of language: the board, the levels and the games in French.
    try:
        use_language("fr")
        assert board_title(stats.board) == "Puissance 4 7\u00d76"
        assert [level_name(row.level) for row in stats.levels][:2] == ["profondeur 1", "profondeur 2"]
        assert "profondeur 1" in game_line(stats.recent[0]) and "depth" not in game_line(stats.recent[0])
    finally:
        use_language(SOURCE_LANGUAGE)
