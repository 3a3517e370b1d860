"""The player's rating: recorded games, the Elo step, what keeps a game unrated, the file, the adaptive level
and the statistics screen's content."""

from __future__ import annotations

import json

import pytest

from ai.play.levels import MAX, Level
from ai.rating.elo import updated_rating
from ai.rating.ladder import STAGES, Ladder, Rung, StageCounts
from ui.state.player_rating import (
    K_PROVISIONAL,
    MAX_GAMES,
    PROVISIONAL_GAMES,
    K,
    PlayerRatings,
    adaptive_level,
)
from ui.state.stats import rating_stats

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


def test_a_rated_game_moves_the_rating_by_elo() -> None:
    ratings = PlayerRatings(None)
    game, problem = ratings.record(BOARD, 1300, "4", 1300, "win", "4455", set())
    assert problem is None and game.rated
    assert game.rating == round(updated_rating(1300, 1300, 1.0, K_PROVISIONAL)) == 1320
    assert ratings.rating(BOARD, 1300) == 1320
    loss, _ = ratings.record(BOARD, 1300, "max", 2400, "loss", "4455", set())
    assert loss.rating == round(updated_rating(1320, 2400, 0.0, K_PROVISIONAL))


def test_help_keeps_a_game_unrated_but_listed() -> None:
    ratings = PlayerRatings(None)
    game, _ = ratings.record(BOARD, 1300, "4", 1300, "win", "4455", {"hint", "take-back"})
    assert not game.rated and game.assists == ("hint", "take-back")
    assert game.rating == 1300 and ratings.rating(BOARD, 1300) == 1300
    assert len(ratings.games(BOARD)) == 1
    with pytest.raises(ValueError):
        ratings.record(BOARD, 1300, "4", 1300, "win", "4455", {"luck"})
    with pytest.raises(ValueError):
        ratings.record(BOARD, 1300, "4", 1300, "won", "4455", set())  # not a result


def test_the_step_shrinks_after_the_provisional_games() -> None:
    ratings = PlayerRatings(None)
    for _ in range(PROVISIONAL_GAMES):
        ratings.record(BOARD, 1300, "4", 1300, "draw", "44", set())
    before = ratings.rating(BOARD, 1300)
    game, _ = ratings.record(BOARD, 1300, "4", 1300, "win", "44", set())
    assert game.rating == round(updated_rating(before, 1300, 1.0, K))


def test_ratings_survive_a_restart_and_keep_the_newest_games(tmp_path) -> None:
    path = tmp_path / "ratings.json"
    ratings = PlayerRatings(path)
    ratings.record(BOARD, 1300, "4", 1300, "win", "4455", set())
    assert ratings.set_performance(BOARD, "4455", 1420) is None
    ratings.set_performance(BOARD, "4", 999)  # not the last game's moves: nothing changes
    again = PlayerRatings(path)
    again.load()
    assert again.problem is None
    [game] = again.games(BOARD)
    assert (game.rating, game.performance, game.level) == (1320, 1420, "4")
    # A full history, as years of play leave the file (written at once: a thousand saves of a growing file
    # take seconds): each game recorded now pushes out the oldest, and the file keeps what memory keeps.
    path.write_text(json.dumps({BOARD: [{**GOOD_ENTRY, "when": str(index)} for index in range(MAX_GAMES)]}))
    full = PlayerRatings(path)
    full.load()
    assert full.problem is None and len(full.games(BOARD)) == MAX_GAMES
    for index in range(5):
        full.record(BOARD, 1300, "2", 1000, "loss", str(1 + index), set())
    kept = full.games(BOARD)
    assert len(kept) == MAX_GAMES
    assert [game.when for game in kept[:-5]] == [str(index) for index in range(5, MAX_GAMES)]
    assert [game.moves for game in kept[-5:]] == ["1", "2", "3", "4", "5"]
    reloaded = PlayerRatings(path)
    reloaded.load()
    assert reloaded.games(BOARD) == kept


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
    ratings = PlayerRatings(path)
    ratings.load()
    assert ratings.problem is not None and ratings.problem.startswith("Ratings ignored")
    assert ratings.games(BOARD) == []
    assert path.read_bytes() == content  # left alone until a game is recorded
    ratings.record(BOARD, 1300, "4", 1300, "win", "44", set())
    fixed = PlayerRatings(path)
    fixed.load()
    assert fixed.problem is None and len(fixed.games(BOARD)) == 1


def test_the_adaptive_level_is_the_nearest_rated_one() -> None:
    assert adaptive_level(LADDER, 1290) == Level(4)
    assert adaptive_level(LADDER, 100) == Level(1)
    assert adaptive_level(LADDER, 3000) == MAX
    assert adaptive_level(LADDER, 1620) == Level(8)


def test_statistics_follow_the_games() -> None:
    ratings = PlayerRatings(None)
    ratings.record(BOARD, 1300, "4", 1300, "win", "4455", set())
    ratings.record(BOARD, 1300, "4", 1300, "loss", "4455", {"hint"})
    ratings.record(BOARD, 1300, "max", 2400, "loss", "44", set())
    ratings.set_performance(BOARD, "44", 1555)
    stats = rating_stats(ratings, BOARD, "Connect Four 7x6", LADDER, 1300)
    assert stats.course == (1300, 1320, ratings.rating(BOARD, 1300))
    assert (stats.rated, stats.unrated) == (2, 1)
    by_label = {row.label: row for row in stats.levels}
    assert (by_label["depth 4"].wins, by_label["depth 4"].losses, by_label["depth 4"].rating) == (1, 1, 1300)
    assert (by_label["max"].losses, by_label["max"].rating) == (1, 2400)
    assert "played like 1555" in stats.recent[0] and "vs max (2400)" in stats.recent[0]
    assert "not rated: a hint" in stats.recent[1]
