"""The player's rating in the window: a finished game against the computer is recorded with the Elo update,
help keeps it unrated, the unseen review adds the strength the moves showed, and the adaptive level follows
the rating."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from ai.file_problems import LadderProblem
from ai.rating.glicko import Glicko
from ai.rating.ladder import LADDER_PATH, LadderFileError, read_ladder
from game.connect4 import ConnectFour
from game.language import SOURCE_LANGUAGE, use_language
from game.problems import Problem
from tools.support.fakes import FakeEngine, deliver_review, key, motion
from ui.kit.toast import Toast
from ui.kit.widgets import recording_texts
from ui.play.scene import PlayScene
from ui.state.files.player_rating import Ratings, adaptive_level
from ui.state.files.puzzle_record import PuzzleRecord
from ui.state.files.user_data import UserData
from ui.state.options import FirstPlayer, PlayOptions
from ui.state.play.finished_round import start_rating
from ui.state.stats import rating_stats
from ui.statistics.scene import StatsScene
from ui.theme import CLASSIC, Fonts
from ui.words import play_words as words
from ui.words.notice_words import notice_text

SIZE = (960, 780)
BOARD = "connect4 7x6"


pytestmark = pytest.mark.usefixtures("pygame_ready")


def leftmost(game) -> int:
    return min(game.moves())


def run(scene, engine, seconds=2.0, dt=0.05):
    for _ in range(round(seconds / dt)):
        for message in engine.poll():
            scene.receive(message)
        scene.update(dt)


def play_four_in_column_4(scene, engine) -> None:
    """The human (first) stacks column 4 while the fake computer plays column 1: a win in four moves."""
    for _ in range(4):
        assert scene.play_state.board_game.is_human_turn()
        assert scene.play_state.try_play(3) is None
        run(scene, engine)
    assert scene.play_state.game.is_over() and scene.play_state.game.winner() == 0


def new_scene(files: UserData, **options):
    engine = FakeEngine(choose=leftmost)
    chosen = PlayOptions(first=FirstPlayer.HUMAN, **options)
    return PlayScene(SIZE, chosen, engine, files=files), engine


def test_a_game_won_unaided_is_rated_and_its_review_adds_the_strength_shown():
    ladder = read_ladder()
    files = UserData()
    scene, engine = new_scene(files)
    play_four_in_column_4(scene, engine)
    [game] = files.ratings.value.games(BOARD)
    level_rating = ladder.rating_of(scene.play_state.options.level)
    assert game.rated and game.result == "win" and game.level_rating == level_rating
    assert game.rating > start_rating(ladder)
    title, line = words.result_text(scene.play_state)
    gain = game.rating - start_rating(ladder)
    assert f"Your rating {game.rating} \u00b1 {round(2 * game.deviation, -1):.0f} (+{gain})." in line
    # The finished game is reviewed unseen; once complete, the strength the player showed is noted.
    assert engine.last("review").moves == game.moves and game.performance is None
    deliver_review(engine, ConnectFour.from_moves(game.moves))
    run(scene, engine, 0.2)
    [game] = files.ratings.value.games(BOARD)
    assert game.performance is not None and game.performance >= ladder.rungs[0].rating
    # Opening the review shows that same review, complete, rather than starting another.
    reviews = engine.count("review")
    scene.play_state.toggle_review()
    assert (
        scene.play_state.review is not None
        and scene.play_state.review.complete()
        and engine.count("review") == reviews
    )
    assert "played like about" in words.detail_text(scene.play_state)


def test_a_hint_or_a_take_back_keeps_the_game_unrated():
    files = UserData()
    scene, engine = new_scene(files)
    scene.handle(key(pygame.K_h))
    play_four_in_column_4(scene, engine)
    [game] = files.ratings.value.games(BOARD)
    assert not game.rated and game.assists == ("hint",)
    assert words.result_text(scene.play_state)[1].endswith("Not rated: a hint.")

    files = UserData()
    scene, engine = new_scene(files)
    scene.play_state.try_play(3)
    run(scene, engine)
    assert scene.play_state.board_game.undo() == 2
    play_four_in_column_4(scene, engine)
    [game] = files.ratings.value.games(BOARD)
    assert game.assists == ("take-back",) and files.ratings.value.rating(BOARD, 0) == 0


def test_games_on_boards_without_a_ladder_are_not_recorded():
    files = UserData()
    scene, engine = new_scene(files, width=8, height=7)
    play_four_in_column_4(scene, engine)
    assert (
        files.ratings.value.games("connect4 8x7") == [] and scene.play_state.round.rating.rated_game is None
    )


def test_the_adaptive_level_follows_the_rating_from_game_to_game():
    ladder = read_ladder()
    files = UserData()
    scene, engine = new_scene(files, adaptive=True)
    first_level = adaptive_level(ladder, start_rating(ladder))
    assert scene.play_state.board_game.seats[1].level == first_level
    assert scene.play_state.notice is not None and notice_text(scene.play_state.notice.said).startswith(
        f"Auto level: {first_level.label}"
    )
    # Win after win, the rating climbs and the level chosen never falls.
    levels = [first_level]
    for _ in range(6):
        play_four_in_column_4(scene, engine)
        scene.play_state.new_round(next_round=False)
        chosen = scene.play_state.board_game.seats[1].level
        assert chosen == adaptive_level(ladder, files.ratings.value.rating(BOARD, start_rating(ladder)))
        levels.append(chosen)
    ratings_of = [ladder.rating_of(level) for level in levels]
    assert ratings_of == sorted(ratings_of) and ratings_of[-1] > ratings_of[0]


@pytest.mark.parametrize("size", [(640, 540), (960, 780), (1600, 1000)])
def test_the_rating_plot_never_covers_a_levels_label(size):
    """The course of the rating ends at a level's rating, the plot's highest and lowest points on others:
    no pixel of the course (drawn in the accent colour) lies on a guide line's label."""
    ladder = read_ladder()
    start = start_rating(ladder)
    ratings = dict((level.label, rating) for level, rating in ladder.levels())
    low, middle, high = ratings["depth 6"], ratings["depth 8"], ratings["depth 10"]
    course = (start, low, high, low, high, low, high, middle)
    shown = rating_stats(Ratings(), PuzzleRecord(), PlayOptions(), ladder, start)
    shown = replace(shown, course=course, rating=middle, glicko=Glicko(middle, 80.0), rated=len(course) - 1)
    surface = pygame.Surface(size)
    with recording_texts() as drawn:
        StatsScene(size, PlayOptions(), shown, ladder, CLASSIC, Fonts()).draw(surface)
    wanted = {f"depth 6 {low}", f"depth 8 {middle}", f"depth 10 {high}"}
    labels = [text for text in drawn if text.text in wanted]
    assert {text.text for text in labels} == wanted, [text.text for text in drawn]
    for text in labels:
        box = text.ink
        covered = [
            (x, y)
            for x in range(box.left, box.right)
            for y in range(box.top, box.bottom)
            if tuple(surface.get_at((x, y)))[:3] == CLASSIC.accent
        ]
        assert not covered, (text.text, covered[:5])


@pytest.mark.parametrize("size", [(640, 540), (960, 780), (1600, 1000)])
def test_a_windows_note_never_covers_the_back_button(size):
    """A note of the window (a setting changed, a file's problem) shows over the title, never over Back."""
    ladder = read_ladder()
    start = start_rating(ladder)
    shown = rating_stats(Ratings(), PuzzleRecord(), PlayOptions(), ladder, start)
    scene = StatsScene(size, PlayOptions(), shown, ladder, CLASSIC, Fonts())
    back = scene.back_button().rect
    for note in ("Theme: High contrast", "A note of the window long enough to need several lines " * 4):
        toast = Toast()
        toast.show(note)
        card = toast.card(Fonts(), scene.toast_area(), scene.tall_toast_area())
        assert card is not None and pygame.Rect((0, 0), size).contains(card[0]), note
        assert not card[0].colliderect(back), (note, card[0], back)


def test_the_statistics_picture_changes_exactly_when_the_screen_would_look_different():
    """The picture stays equal while nothing happens, differs while the mouse is over Back, and holds its
    texts in the language in use (a change of language changes it); without a ladder it says so."""
    ladder = read_ladder()
    shown = rating_stats(Ratings(), PuzzleRecord(), PlayOptions(), ladder, start_rating(ladder))
    scene = StatsScene((960, 780), PlayOptions(), shown, ladder, CLASSIC, Fonts())
    first = scene.picture()
    scene.update(1.0)
    assert scene.picture() == first and first.rating is not None
    scene.handle(motion(scene.back_button().rect.center))
    assert scene.picture() != first and scene.picture().back_hovered
    scene.handle(motion((1, 1)))
    assert scene.picture() == first
    try:
        use_language("de")
        german = scene.picture()
        assert german != first and german.rating is not None and german.rating.title != first.rating.title
    finally:
        use_language(SOURCE_LANGUAGE)
    none = StatsScene((960, 780), PlayOptions(), None, None, CLASSIC, Fonts()).picture()
    assert none.rating is None and none.message == "No ratings: the levels' ladder could not be read"


def test_without_a_usable_ladder_the_screen_says_why_in_the_language_in_use():
    damaged = LadderFileError(LADDER_PATH, Problem.of(LadderProblem.WRONG_BOARD, width=6, height=5))
    scene = StatsScene((960, 780), PlayOptions(), None, None, CLASSIC, Fonts(), why=damaged.brief())
    shown = scene.picture()
    assert shown.message == "No ratings: the levels' ladder could not be read"
    assert shown.reason == "c4-ladder-7x6.txt: a ladder for the 6x5 board, not for 7x6"
    try:
        use_language("de")
        german = scene.picture()
        assert german.message != shown.message and german.reason.startswith("c4-ladder-7x6.txt: ")
        assert german.reason != shown.reason
    finally:
        use_language(SOURCE_LANGUAGE)
