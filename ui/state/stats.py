"""What the statistics screen shows for one board, without pygame: the player's rating and its course over the
rated games, the results against each level, and the last games with the strength each showed."""

from __future__ import annotations

from dataclasses import dataclass

from ai.play.levels import levels_for
from ai.rating.ladder import Ladder, rung_name
from game.language import N_, _
from ui.state.files.player_rating import ASSISTS, PlayedGame, Ratings
from ui.state.words.texts import uncertainty

#: A game's result as the list of games says it, by its result in the player's file.
RESULT_WORDS = {"win": N_("win"), "draw": N_("draw"), "loss": N_("loss")}
#: Games listed under the plot, newest first.
RECENT_GAMES = 8


@dataclass(frozen=True)
class LevelResults:
    """The player's results against one level: its label, its measured rating, wins, draws and losses (rated
    and unrated games alike)."""

    label: str
    rating: int | None
    wins: int = 0
    draws: int = 0
    losses: int = 0


@dataclass(frozen=True)
class RatingStats:
    """Everything the statistics screen says about one board."""

    board_title: str
    rating: int
    #: How sure the rating is, in words ("± 240, provisional").
    uncertainty: str
    #: The rating before the first rated game, then after each one: the plot's points.
    course: tuple[int, ...]
    rated: int
    unrated: int
    levels: tuple[LevelResults, ...]
    recent: tuple[str, ...]


def game_line(game: PlayedGame, level_label: str) -> str:
    """One game of the list: "2026-11-24 19:40 · vs depth 4 (1450) · win · 1216 · played like 1500"."""
    parts = [
        game.when,
        _("vs {level} ({rating})").format(level=level_label, rating=game.level_rating),
        _(RESULT_WORDS[game.result]),
    ]
    if game.rated:
        parts.append(_("rating {rating}").format(rating=game.rating))
    else:
        reasons = ", ".join(_(ASSISTS[assist]) for assist in game.assists)
        parts.append(_("not rated: {reasons}").format(reasons=reasons))
    if game.performance is not None:
        likely = game.performance_range
        if likely is None:
            parts.append(_("played like {rating}").format(rating=game.performance))
        else:
            parts.append(
                _("played like {rating} ({low}\u2013{high})").format(
                    rating=game.performance, low=likely[0], high=likely[1]
                )
            )
    return " \u00b7 ".join(parts)


def rating_stats(ratings: Ratings, variant: str, board_title: str, ladder: Ladder, start: int) -> RatingStats:
    """The statistics of ``variant`` (``"connect4 7x6"``) from the player's games, the ratings on
    ``ladder``'s scale; ``start`` is the rating before the first rated game."""
    games = ratings.games(variant)
    labels = {rung_name(level): level.shown for level in levels_for("connect4")}
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
    recent = tuple(
        game_line(game, labels.get(game.level, game.level)) for game in reversed(games[-RECENT_GAMES:])
    )
    rated = sum(game.rated for game in games)
    return RatingStats(
        board_title=board_title,
        rating=course[-1],
        uncertainty=uncertainty(ratings.glicko(variant, start)),
        course=tuple(course),
        rated=rated,
        unrated=len(games) - rated,
        levels=levels,
        recent=recent,
    )
