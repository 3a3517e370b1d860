"""What the statistics screen shows for one board, without pygame: the player's rating and its course over the
rated games, the results against each level, and the last games with the strength each showed (their words
are :mod:`ui.words.texts`')."""

from __future__ import annotations

from dataclasses import dataclass

from ai.play.levels import Level, levels_for
from ai.rating.glicko import Glicko
from ai.rating.ladder import Ladder, rung_name
from ui.state.files.player_rating import PlayedGame, Ratings
from ui.state.files.puzzle_record import PuzzleRecord
from ui.state.options import PlayOptions

#: Games listed under the plot, newest first.
RECENT_GAMES = 8


@dataclass(frozen=True)
class LevelResults:
    """The player's results against one level (named when shown, in the language then in use: see
    :func:`ui.words.texts.level_name`), its measured rating, wins, draws and losses (rated and unrated games
    alike)."""

    level: Level
    rating: int | None
    wins: int = 0
    draws: int = 0
    losses: int = 0


@dataclass(frozen=True)
class RecentGame:
    """A game of the list under the plot, and the level it was played against (None: a level this version
    does not know, which the line names as the file does). Its line is
    :func:`ui.words.texts.game_line`'s."""

    game: PlayedGame
    level: Level | None


@dataclass(frozen=True)
class RatingStats:
    """Everything the statistics screen says about one board: ``board``, the options of that board (named
    when shown, so that a change of language shows at once)."""

    board: PlayOptions
    rating: int
    #: The rating with how sure it is (see :func:`ui.words.texts.uncertainty`).
    glicko: Glicko
    #: The rating before the first rated game, then after each one: the plot's points.
    course: tuple[int, ...]
    rated: int
    unrated: int
    levels: tuple[LevelResults, ...]
    #: The last games, newest first (see :data:`RECENT_GAMES`).
    recent: tuple[RecentGame, ...]
    #: The player's puzzle record, whose rating is told apart from the game rating it stands under (see
    #: :func:`ui.words.texts.puzzle_beside_games`).
    puzzles: PuzzleRecord


def rating_stats(
    ratings: Ratings, puzzles: PuzzleRecord, board: PlayOptions, ladder: Ladder, start: int
) -> RatingStats:
    """The statistics of the board of ``board`` (Connect Four 7 x 6) from the player's games, the ratings on
    ``ladder``'s scale; ``start`` is the rating before the first rated game; the player's ``puzzles``
    record goes beside them."""
    variant = board.variant()
    games = ratings.games(variant)
    labels = {rung_name(level): level for level in levels_for("connect4")}
    course = [start] + [game.rating for game in games if game.rated]
    tallies: dict[str, list[int]] = {name: [0, 0, 0] for name in labels}
    for game in games:
        if game.level in tallies:
            tallies[game.level][("win", "draw", "loss").index(game.result)] += 1
    levels = tuple(
        LevelResults(labels[name], ladder.rating_of(level), *tallies[name])
        for level in levels_for("connect4")
        for name in (rung_name(level),)
    )
    recent = tuple(RecentGame(game, labels.get(game.level)) for game in reversed(games[-RECENT_GAMES:]))
    rated = sum(game.rated for game in games)
    return RatingStats(
        board=board,
        rating=course[-1],
        glicko=ratings.glicko(variant, start),
        course=tuple(course),
        rated=rated,
        unrated=len(games) - rated,
        levels=levels,
        recent=recent,
        puzzles=puzzles,
    )
