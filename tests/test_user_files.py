"""The user's files shared by two windows (nothing either writes is lost), and every file kind round-tripping
over generated values, extremes included (what the program saves, it loads)."""

from __future__ import annotations

import json
import multiprocessing
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.play.levels import levels_for
from ai.puzzles import load_puzzles
from ai.rating.ladder import ladder_for
from game.catalog import SIZES, new_game
from tools.support.waiting import GENEROUS
from ui.state.files import finished_games
from ui.state.files.background_writer import BackgroundWriter
from ui.state.files.current_game import MAX_KEPT, UNFINISHED_FILE, UnfinishedGame, UnfinishedGames
from ui.state.files.finished_games import FinishedGame, FinishedGames, RatedResult
from ui.state.files.player_rating import ASSISTS, MAX_RATING, RATINGS_FILE, PlayedGame, Ratings
from ui.state.files.puzzle_record import MAX_VALUE, PUZZLE_FILE, PuzzleRecord
from ui.state.files.settings import SETTINGS, SETTINGS_FILE, Between, OneOf, Setting, Settings, WindowSize
from ui.state.files.store import FileKind, JsonStore
from ui.state.files.tally import MAX_COUNT, TALLY_FILE, Record, Tally
from ui.state.files.user_data import UserData
from ui.state.files.userfiles import object_text, parse_json_object
from ui.state.options import MAX_NAME, FirstPlayer, Mode, PlayOptions
from ui.words.problem_words import reason_text

WIN = "connect4 7x6 vs depth 4"
BOARD = "connect4 7x6"


def window(tmp_path: Path) -> UserData:
    """One window's files, read at its start."""
    return UserData.open(tmp_path / "config", tmp_path / "data")


def written(writer: BackgroundWriter) -> None:
    """Waits for ``writer`` to write every change handed over, and checks that it did."""
    assert writer.flush(GENEROUS)
    problem = reason_text(writer.take_problem())
    assert problem is None, problem


# --- two windows on one data folder -------------------------------------------------------------------------


def test_two_windows_counting_results_both_count(tmp_path):
    first, second = window(tmp_path), window(tmp_path)
    for _ in range(3):
        for files in (first, second):
            files.tally.change(lambda tally: tally.adding(WIN, "wins"))
            written(files.tally)
    assert window(tmp_path).tally.value.get(WIN) == Record(wins=6)
    assert second.tally.value.get(WIN) == Record(wins=6)  # the window's own copy caught up on writing


def test_two_windows_rating_games_keep_every_game(tmp_path):
    first, second = window(tmp_path), window(tmp_path)
    for number in range(8):
        files = first if number % 2 else second
        files.ratings.change(lambda ratings: ratings.recording(BOARD, 2000, "4", 1943, "win", "4455", set()))
        written(files.ratings)
    games = window(tmp_path).ratings.value.games(BOARD)
    assert len(games) == 8
    # Each rated game moved the rating on from the one before it, whichever window played it.
    assert [game.rating for game in games] == sorted(game.rating for game in games)


def test_two_windows_keep_their_unfinished_games_apart(tmp_path):
    first, second = window(tmp_path), window(tmp_path)
    mine, theirs = UnfinishedGame(PlayOptions(), 1, "44"), UnfinishedGame(PlayOptions(), 1, "1234")
    first.unfinished.change(lambda kept: kept.keeping(first.window, mine))
    written(first.unfinished)
    second.unfinished.change(lambda kept: kept.keeping(second.window, theirs))
    written(second.unfinished)
    first.unfinished.change(lambda kept: kept.keeping(first.window, replace(mine, moves="445")))
    written(first.unfinished)
    kept = window(tmp_path).unfinished.value
    assert sorted(game.moves for game in kept.games) == ["1234", "445"]
    assert kept.offered(second.window).moves == "1234"  # each window is offered its own
    assert kept.newest().moves == "445"  # a new window, the newest
    # A finished game goes from the file; the other window's stays.
    first.unfinished.change(lambda kept: kept.keeping(first.window, None))
    written(first.unfinished)
    assert [game.moves for game in window(tmp_path).unfinished.value.games] == ["1234"]


def test_a_game_replaced_at_the_players_word_goes_and_comes_back_if_its_window_plays_on(tmp_path):
    first, second = window(tmp_path), window(tmp_path)
    theirs = UnfinishedGame(PlayOptions(), 1, "1234")
    first.unfinished.change(lambda kept: kept.keeping(first.window, theirs))
    written(first.unfinished)
    offered = window(tmp_path).unfinished.value.newest()
    # The second window starts a new game over the one it offered (New game: "Ctrl+Z brings it back") and
    # plays on it: the game it replaced goes...
    mine = UnfinishedGame(PlayOptions(), 1, "4")
    second.unfinished.change(lambda kept: kept.keeping(second.window, mine, superseded=offered))
    written(second.unfinished)
    assert [game.moves for game in window(tmp_path).unfinished.value.games] == ["4"]
    # ...until its own window, still open, plays on: it is kept again beside the other.
    first.unfinished.change(lambda kept: kept.keeping(first.window, replace(theirs, moves="12345")))
    written(first.unfinished)
    assert sorted(game.moves for game in window(tmp_path).unfinished.value.games) == ["12345", "4"]


def test_two_windows_changing_different_settings_keep_both_changes(tmp_path):
    first, second = window(tmp_path), window(tmp_path)
    first.settings.change(lambda stored: replace(stored, theme="dark"))
    second.settings.change(lambda stored: replace(stored, sound=False))
    written(first.settings)
    written(second.settings)
    assert window(tmp_path).settings.value == Settings(theme="dark", sound=False)


def _count_wins(folder: str, times: int) -> None:
    files = UserData.open(Path(folder) / "config", Path(folder) / "data")
    for _ in range(times):
        files.tally.change(lambda tally: tally.adding(WIN, "wins"))
        written(files.tally)


def test_two_processes_counting_at_the_same_time_lose_no_count(tmp_path):
    """The lock, for real: two processes read, change and write the same file as fast as they can."""
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_count_wins, args=(str(tmp_path), 60)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    assert window(tmp_path).tally.value.get(WIN).wins == 120


# --- every file kind round-trips, extremes included ---------------------------------------------------------

names = st.text(max_size=MAX_NAME).map(lambda name: " ".join(name.split())[:MAX_NAME].strip())
game_and_size = st.sampled_from([(game, size) for game, sizes in SIZES.items() for size in sizes])


@st.composite
def play_options(draw: st.DrawFn) -> PlayOptions:
    game, (width, height) = draw(game_and_size)
    level = st.sampled_from(levels_for(game))
    options = PlayOptions().with_game(game, width, height)
    return replace(
        options,
        mode=draw(st.sampled_from(Mode)),
        level=draw(level),
        watch_levels=(draw(level), draw(level)),
        first=draw(st.sampled_from(FirstPlayer)),
        ponder=draw(st.booleans()),
        names=(draw(clean_names), draw(clean_names)),
        adaptive=draw(st.booleans()) and ladder_for(options.variant()) is not None,
    )


def _clean(name: str) -> bool:
    from ui.state.options import clean_name

    return clean_name(name) == name


def _cleaned(name: str) -> str:
    from ui.state.options import clean_name

    return clean_name(name)


#: Names as the program keeps them: random text cleaned the program's way (a filter of random text for clean
#: names rejected so many that Hypothesis's health check failed now and then).
clean_names = names.map(_cleaned).filter(_clean)


extreme_int = st.one_of(st.integers(-(10**12), 10**12), st.sampled_from([0, 1, -1, 10**9, -(10**9)]))


def setting_values(setting: Setting) -> st.SearchStrategy[object]:
    """Every value ``setting`` takes, the extremes included (a window size is brought within bounds)."""
    match setting.domain:
        case OneOf(values=values):
            return st.sampled_from(values)
        case Between(low=low, high=high, whole=True):
            return st.integers(int(low), int(high))
        case Between(low=low, high=high, low_open=low_open):
            return st.floats(min_value=low, max_value=high, exclude_min=low_open)
        case WindowSize():
            return st.tuples(extreme_int, extreme_int)
    raise AssertionError(f"no values for {setting.domain}")


@st.composite
def settings_values(draw: st.DrawFn) -> Settings:
    settings = Settings(play=draw(play_options()))
    for setting in SETTINGS:
        settings = setting.changed(settings, setting.domain.to_json(draw(setting_values(setting))))
    return settings


counts = st.integers(0, MAX_COUNT)
tally_values = st.dictionaries(
    st.text(max_size=60), st.builds(Record, counts, counts, counts), max_size=5
).map(lambda records: Tally(MappingProxyType(records)))

puzzle_values = st.builds(PuzzleRecord, *(st.integers(0, MAX_VALUE) for _ in range(5)))


@st.composite
def ratings_values(draw: st.DrawFn) -> Ratings:
    ratings = Ratings()
    for _ in range(draw(st.integers(0, 6))):
        ratings = ratings.recording(
            draw(st.sampled_from([BOARD, "tictactoe 3x3"])),
            draw(extreme_int),
            draw(st.text(max_size=64)),
            draw(st.integers(-MAX_RATING, MAX_RATING)),
            draw(st.sampled_from(["win", "draw", "loss"])),
            draw(st.text("1234567", max_size=42)),
            draw(st.sets(st.sampled_from(sorted(ASSISTS)))),
        )
        if draw(st.booleans()):
            board = next(iter(ratings.boards))
            last: PlayedGame = ratings.boards[board][-1]
            likely = draw(st.none() | st.tuples(extreme_int, extreme_int))
            ratings = ratings.with_performance(board, last.moves, draw(extreme_int), likely)
    return ratings


@st.composite
def unfinished_values(draw: st.DrawFn) -> UnfinishedGames:
    games = []
    for number in range(draw(st.integers(0, MAX_KEPT))):
        options = draw(play_options())
        game = new_game(options.game, options.width, options.height)
        for _ in range(draw(st.integers(0, game.width * game.height))):
            moves = [move for move in game.moves() if not _ends(game, move)]
            if not moves:
                break
            game.apply(draw(st.sampled_from(moves)))
        text = game.moves_text()
        start = text[: draw(st.integers(0, len(text)))] if options.game == "connect4" else ""
        options = replace(options, moves=start)
        games.append(UnfinishedGame(options, draw(st.integers(1, 1_000_000)), text, f"window {number}"))
    return UnfinishedGames(tuple(games))


def _ends(game, move: int) -> bool:
    game.apply(move)
    over = game.is_over()
    game.undo()
    return over


def _round_trips(kind: FileKind, value: object, folder: Path) -> None:
    path = folder / kind.file_name
    path.unlink(missing_ok=True)
    assert JsonStore(kind, path).update(lambda old: value) is None
    again = JsonStore(kind, path)
    assert again.load() == value and again.problem is None


FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FAST
@given(settings_values())
def test_every_settings_value_saved_loads_back(tmp_path, value):
    _round_trips(SETTINGS_FILE, value, tmp_path)


@FAST
@given(tally_values)
def test_every_tally_saved_loads_back(tmp_path, value):
    _round_trips(TALLY_FILE, value, tmp_path)


@FAST
@given(puzzle_values)
def test_every_puzzle_record_saved_loads_back(tmp_path, value):
    _round_trips(PUZZLE_FILE, value, tmp_path)


@FAST
@given(ratings_values())
def test_every_ratings_value_saved_loads_back(tmp_path, value):
    _round_trips(RATINGS_FILE, value, tmp_path)


@FAST
@given(unfinished_values())
def test_every_set_of_unfinished_games_saved_loads_back(tmp_path, value):
    _round_trips(UNFINISHED_FILE, value, tmp_path)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)


@FAST
@given(st.dictionaries(st.text(), json_values, max_size=5), st.sampled_from([None, 0, 1, 4]), st.booleans())
def test_a_files_members_are_written_back_as_they_were_read(data, indent, ascii_only):
    """Whatever layout a JSON writer chose, each member keeps its text through :func:`object_text`, and the
    object written is the one read; without kept members it is the layout of every user file."""
    text = json.dumps(data, indent=indent, ensure_ascii=ascii_only)
    members = parse_json_object(text).members
    written = object_text(dict(members))
    assert json.loads(written) == json.loads(text)
    for member in members.values():
        assert f"{member.key_text}: {member.value_text}" in written
        assert json.loads(member.value_text) == data[member.key]
    assert object_text(data) == json.dumps(data, indent=2, sort_keys=True) + "\n"


def test_counts_at_their_limit_stay_there():
    tally = Tally(MappingProxyType({WIN: Record(wins=MAX_COUNT)})).adding(WIN, "wins")
    assert tally.get(WIN).wins == MAX_COUNT
    puzzle = load_puzzles().puzzles[0]
    record = PuzzleRecord(streak=MAX_VALUE, best_streak=MAX_VALUE, solved=MAX_VALUE).after(puzzle, clean=True)
    assert (record.streak, record.best_streak, record.solved) == (MAX_VALUE,) * 3
    assert PuzzleRecord(failed=MAX_VALUE).after(puzzle, clean=False).failed == MAX_VALUE


# --- a finished game counted once ---------------------------------------------------------------------------


def test_the_tally_and_the_ratings_count_a_game_once_by_its_id_even_after_a_reset():
    tally = Tally().adding("c4 vs 2", "wins", "game-1").adding("c4 vs 2", "wins", "game-1")
    assert tally.get("c4 vs 2").wins == 1 and tally.counted("game-1")
    # A reset moves the record aside with its ids: the game is still counted once.
    moved = tally.moving("c4 vs 2", "c4 vs 2 reset").adding("c4 vs 2", "losses", "game-1")
    assert moved.get("c4 vs 2").games == 0 and moved.get("c4 vs 2 reset").wins == 1
    # Games without an id (an older version's) each count.
    assert Tally().adding("k", "draws").adding("k", "draws").get("k").draws == 2
    ratings = Ratings()
    for _ in range(2):
        ratings = ratings.recording("connect4 7x6", 1500, "4", 1900, "win", "44", set(), "game-1")
    assert len(ratings.games("connect4 7x6")) == 1 and ratings.counted("game-1")


def test_the_journal_of_finished_games_round_trips_and_refuses_a_damaged_one():
    journal = (
        FinishedGames()
        .adding(
            FinishedGame(
                "g1",
                ("connect4 7x6 vs depth 2", "wins"),
                RatedResult("connect4 7x6", 1500, "2", 1400, "win", "1212121", ("hint",)),
            )
        )
        .adding(FinishedGame("g2", ("connect4 7x6 two players", "draws"), None))
    )
    assert finished_games.parse(json.loads(json.dumps(finished_games.dump(journal)))) == journal
    assert journal.dropping("g1").games == (journal.games[1],)
    for broken in (
        {"version": 1, "games": [{"id": "", "tally": None, "rating": None}]},
        {"version": 1, "games": [{"id": "g", "tally": {"key": "k", "result": "won"}, "rating": None}]},
        {"version": 1, "games": [{"id": "g", "tally": None, "rating": {"assists": [["x"]]}}]},
        {"version": 2, "games": []},
    ):
        with pytest.raises(ValueError):
            finished_games.parse(broken)


def test_an_ended_game_leaves_the_unfinished_games_but_one_taken_back_after_its_end_stays():
    ended = UnfinishedGame(PlayOptions(), 1, "44", "w1", "g1")
    taken_back = UnfinishedGame(PlayOptions(), 1, "44", "w2", "g2", after_end=True)
    old = UnfinishedGame(PlayOptions(), 1, "44", "w3")
    kept = UnfinishedGames((ended, taken_back, old))
    assert kept.ended("g1").games == (taken_back, old)
    assert kept.ended("g2").games == kept.games
