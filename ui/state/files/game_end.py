"""The end of a game as one change on disk: journalled first, counted after, counted once.

A finished game changes the score tally, the ratings and the unfinished games, each file written by its own
writer on its own thread (:class:`~ui.state.files.background_writer.BackgroundWriter`). :func:`record` hands
the game to the journal of finished games (:mod:`ui.state.files.finished_games`) and the counts to the other
files *after* it: their writers write them only once the journal's write has landed, so a program killed at
any moment leaves either no trace of the end (the game is still there to continue, before its last move) or
the journal, from which the next start (:func:`recover`) counts what is missing. Every file remembers the
ids of the games it counted (:meth:`~ui.state.files.tally.Tally.adding`,
:meth:`~ui.state.files.player_rating.Ratings.recording`), so a game counted again counts once, whichever file
already had it. The journal lets a game go once every file has it. A puzzle's solve changes one file (the
puzzle record) in one write, and needs no journal. No pygame here.
"""

from __future__ import annotations

from ui.state.files.background_writer import Landing
from ui.state.files.finished_games import FinishedGame, FinishedGames
from ui.state.files.user_data import UserData


def record(files: UserData, ending: FinishedGame) -> Landing:
    """Journals ``ending`` and hands its counts to the tally and the ratings and its unfinished game's end to
    the unfinished games, each written after the journal's write; returns the journal's landing (any other
    change that must not reach the disk before the end, as the window's keeping of the finished game, waits
    for it). The window's values change at once."""
    journalled = files.finished.change(lambda journal: journal.adding(ending))
    _count(files, ending, journalled)
    return journalled


def recover(files: UserData, kept: FinishedGames | None = None) -> Landing:
    """Counts the games the journal holds (a program killed before their counts were all on disk) in every
    file that lacks them, ends their unfinished games (but one continued after an undo of its end), and lets
    them go from the journal once that is written; the games ``kept`` elsewhere by a window that closed on a
    full disk (:mod:`ui.state.files.fallback`) are journalled and counted the same way. Returns the landing
    of those in the user's journal. Call once the files are read."""
    pending = files.finished.value.games
    for ending in pending:
        _count(files, ending, None)
    known = {ending.game_id for ending in pending}
    adopted = (
        []
        if kept is None
        else [record(files, ending) for ending in kept.games if ending.game_id not in known]
    )
    return Landing.all(adopted)


def _count(files: UserData, ending: FinishedGame, after: Landing | None) -> None:
    """Hands ``ending``'s counts and its unfinished game's end to their files, written after ``after``, and
    has the journal let the game go once all three are on disk."""
    game_id = ending.game_id
    landings = []
    if ending.tally is not None:
        key, result = ending.tally
        landings.append(files.tally.change(lambda tally: tally.adding(key, result, game_id), after))
    rating = ending.rating
    if rating is not None:
        landings.append(
            files.ratings.change(
                lambda ratings: ratings.recording(
                    rating.board,
                    rating.start,
                    rating.level,
                    rating.level_rating,
                    rating.result,
                    rating.moves,
                    set(rating.assists),
                    game_id,
                ),
                after,
            )
        )
    landings.append(files.unfinished.change(lambda kept: kept.ended(game_id), after))

    def let_go() -> None:
        files.finished.change(lambda journal: journal.dropping(game_id))

    Landing.all(landings).then(let_go)
