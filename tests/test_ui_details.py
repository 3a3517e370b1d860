"""Details a newcomer notices: how messages look and where the toast goes, the hover disc from the first
frame and after a resize, whose turn it is while a disc falls, keys for every cell, a tiny window's title."""

from __future__ import annotations

import pygame
import pytest

from ai.messages import Progress
from ai.play.levels import Level
from ai.score import Score
from tools.support.fakes import FakeEngine, key, motion, search_result
from ui.app import App
from ui.kit.layout import play_layout
from ui.kit.toast import NoticeKind
from ui.play import move_keys
from ui.play.move_keys import KeyAnswer
from ui.play.scene import PlayScene
from ui.play.toolbar import draw_toolbar, toolbar
from ui.start.scene import StartScene
from ui.state.board.board_game import BoardGame
from ui.state.options import Mode, PlayOptions
from ui.state.play.notices import NoSuchColumn
from ui.theme import CLASSIC, THEMES, Fonts
from ui.window.window_loop import MIN_WINDOW
from ui.words import play_words as words
from ui.words import texts

SIZE = (960, 780)
CTRL = pygame.KMOD_LCTRL


pytestmark = pytest.mark.usefixtures("pygame_ready")


LEVEL_2 = PlayOptions(level=Level(2))


def make(options=LEVEL_2, size=SIZE, theme=CLASSIC, **scene_options):
    engine = FakeEngine()
    return PlayScene(size, options, engine, theme, **scene_options), engine


def run(scene, engine, seconds=2.0, dt=0.05):
    for _ in range(round(seconds / dt)):
        for message in engine.poll():
            scene.receive(message)
        scene.update(dt)


def pixels_of(surface: pygame.Surface, area: pygame.Rect, colour) -> int:
    """How many pixels of ``area`` have exactly ``colour`` (the cores of text glyphs do)."""
    count = 0
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            count += surface.get_at((x, y))[:3] == tuple(colour)
    return count


# --- messages -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))
def test_success_is_never_shown_in_the_refusals_colour(tmp_path, theme):
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS), theme=theme, saved_game_path=tmp_path / "s.txt")
    assert theme.success != theme.warning
    scene.play_state.try_play(3)
    run(scene, engine, 1.0)
    scene.handle(key(pygame.K_s, CTRL))
    assert (
        words.status_text(scene.play_state).startswith("Saved 1 move to ")
        and scene.play_state.notice.kind is NoticeKind.SUCCESS
    )
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    status = scene.layout().status
    assert pixels_of(surface, status, theme.success) > 20 and pixels_of(surface, status, theme.warning) == 0
    scene.handle(key(pygame.K_o, CTRL))
    assert (
        words.status_text(scene.play_state).startswith("Loaded s.txt")
        and scene.play_state.notice.kind is NoticeKind.SUCCESS
    )
    # A refusal is a refusal.
    for _ in range(6):
        scene.play_state.try_play(0)
    scene.play_state.try_play(0)
    assert (
        words.status_text(scene.play_state) == "Column a is full"
        and scene.play_state.notice.kind is NoticeKind.REFUSAL
    )
    scene.draw(surface)
    assert pixels_of(surface, status, theme.warning) > 20


def test_the_toast_hides_neither_the_title_nor_the_board_nor_the_hover_disc(tmp_path):
    app = App(FakeEngine, PlayOptions(level=Level(2)), start_playing=True)
    for size in ((960, 780), (640, 480), (360, 300), (1600, 500)):
        app.scene.resize(size)
        app.step([motion(app.scene.layout().ghost_centre(3)), key(pygame.K_t)], 0.01)
        assert app.toast.text and app.toast.text.startswith("Theme: ")
        card, _ = app.toast.card(app.fonts, app.scene.toast_area())
        layout = app.scene.layout()
        frame = layout.frame
        ghost_row = pygame.Rect(frame.left, frame.top - layout.cell, frame.width, layout.cell)
        assert not card.colliderect(layout.toolbar) and not card.colliderect(layout.frame), size
        assert not card.colliderect(ghost_row) and not card.colliderect(layout.analysis), size
        # The status line's own words stay readable: the toast sits in the detail line's band below them.
        assert card.top >= layout.status.top + layout.status.height // 2 and card.bottom <= size[1], size
        app.render(pygame.Surface(size))
    start = StartScene(SIZE, PlayOptions())
    card, _ = app.toast.card(app.fonts, start.toast_area())
    assert not any(card.colliderect(button.rect) for row in start.buttons() for button in row)


# --- the hover disc -----------------------------------------------------------------------------------------


def test_the_hover_disc_shows_from_the_first_frame_where_the_mouse_is():
    app = App(FakeEngine, PlayOptions(level=Level(2)), start_playing=False)
    pointer = (SIZE[0] // 2, SIZE[1] // 3)  # over the middle of the board the play screen will show
    app.step([motion(pointer), key(pygame.K_RETURN)], 0.01)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    assert scene.play_state.selection == 3 and scene.move_at(pointer) == 3
    assert scene.picture().board.ghost_player == 0
    # Started from the command line, before the mouse was seen: nothing is selected, nothing breaks.
    other = App(FakeEngine, PlayOptions(level=Level(2)), start_playing=True)
    assert other.scene.play_state.selection is None


def test_after_a_resize_the_hover_follows_the_column_under_the_mouse():
    scene, engine = make()
    pointer = scene.layout().ghost_centre(6)
    scene.handle(motion(pointer))
    assert scene.play_state.selection == 6
    for size in ((1400, 780), (700, 900), (960, 780)):
        scene.resize(size)
        assert scene.play_state.selection == scene.layout().column_at(pointer), size
    scene.resize((1400, 780))
    assert scene.play_state.selection != 6  # the board moved right: the pointer is over another column now
    # A selection made with the keys stays where the keys put it.
    scene.handle(key(pygame.K_LEFT))
    chosen = scene.play_state.selection
    scene.resize(SIZE)
    assert scene.play_state.selection == chosen


def test_no_ghost_disc_over_a_full_column():
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS, moves="222222"))
    scene.handle(motion(scene.layout().ghost_centre(1)))
    assert scene.play_state.selection == 1 and scene.picture().board.ghost_player is None
    scene.handle(motion(scene.layout().ghost_centre(2)))
    assert scene.picture().board.ghost_player == 0


# --- whose turn ---------------------------------------------------------------------------------------------


def test_it_is_not_your_turn_until_the_computers_disc_has_landed():
    scene, engine = make()
    scene.play_state.try_play(3)
    seen = []
    for _ in range(150):
        for message in engine.poll():
            scene.receive(message)
        scene.update(0.02)
        if scene.play_state.game.ply() == 2 and scene.play_state.animation is not None:
            seen.append(words.status_text(scene.play_state))
    assert seen and set(seen) == {f"Computer plays column {'abcdefg'[scene.play_state.game.history()[1]]}"}
    assert scene.play_state.animation is None and words.status_text(scene.play_state) == "Your turn (Red)"


def test_a_depth_searched_without_positions_shows_no_zero_count():
    options = PlayOptions(game="tictactoe", width=3, height=3, level=Level(2))
    scene, engine = make(options)
    token = engine.last("ponder").token
    scene.receive(Progress(token, search_result(2, Score.estimate(0), (4,), 0, 0.0)))
    assert words.detail_text(scene.play_state) == "Thinking on your time: depth 2"


# --- keys ---------------------------------------------------------------------------------------------------


def test_every_cell_of_the_4x4_board_has_a_key():
    options = PlayOptions(game="tictactoe", width=4, height=4, mode=Mode.TWO_PLAYERS)
    scene, engine = make(options)
    for letter, cell in (("b", 10), ("a", 9), ("g", 15), ("9", 8), ("1", 0)):
        scene.handle(key(pygame.key.key_code(letter), unicode=letter))
        assert scene.play_state.game.history()[-1] == cell, letter
    assert not scene.play_state.assistance.overlay_shown  # "a" played cell 10
    scene.handle(key(pygame.K_a, pygame.KMOD_LSHIFT, unicode="A"))
    assert scene.play_state.assistance.overlay_shown and scene.play_state.game.ply() == 5
    # On the 3 x 3 board the letters are no cells: A is the analysis, as everywhere.
    small, engine = make(PlayOptions(game="tictactoe", width=3, height=3, mode=Mode.TWO_PLAYERS))
    small.handle(key(pygame.K_b, unicode="b"))
    small.handle(key(pygame.K_a, unicode="a"))
    assert small.play_state.game.ply() == 0 and small.play_state.assistance.overlay_shown


def test_the_keys_hint_names_the_letters_of_the_4x4_board():
    scene, engine = make(PlayOptions(game="tictactoe", width=4, height=4, mode=Mode.TWO_PLAYERS))
    assert "1-9, a-g" in words.detail_text(scene.play_state)


def test_a_digit_past_the_last_column_says_so():
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS))
    scene.handle(key(pygame.K_8, unicode="8"))
    assert scene.play_state.game.ply() == 0 and words.status_text(scene.play_state) == "Columns are 1-7"
    assert scene.play_state.notice.kind is NoticeKind.INFO


# --- a tiny window ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [MIN_WINDOW, (700, 560), (800, 600), (960, 780)])
@pytest.mark.parametrize("game", ["connect4", "tictactoe"])
def test_the_title_stays_in_a_narrow_window(size, game):
    """Down to the smallest window the window allows (its minimum size)."""
    width, height = (7, 6) if game == "connect4" else (3, 3)
    options = PlayOptions(game=game, width=width, height=height)
    scene, engine = make(options, size=size)
    surface = pygame.Surface(size)
    scene.draw(surface)
    layout = scene.layout()
    buttons = scene.frame().toolbar.buttons
    assert all(layout.toolbar.contains(button.rect) for button in buttons)
    title_area = pygame.Rect(0, 0, buttons[0].rect.left, layout.toolbar.height - 1)
    assert pixels_of(surface, title_area, CLASSIC.text) > 30, size
    assert scene.frame().toolbar.title_room >= scene.fonts.get(12, bold=True).size(texts.GAME_TITLES[game])[0]


def test_what_each_key_means_on_each_board():
    answer = move_keys.answer
    assert answer(pygame.K_b, 4, 4, False, None) == KeyAnswer(10, play=True)
    assert answer(pygame.K_h, 4, 4, False, 3) == KeyAnswer(3)  # past g: no cell
    assert answer(pygame.K_b, 3, 3, False, None) == KeyAnswer(None)
    assert answer(pygame.K_KP7, 3, 3, False, None) == KeyAnswer(0, play=True)  # the numpad's top left
    assert answer(pygame.K_DOWN, 4, 4, False, None) == KeyAnswer(5)  # first the cell up-left of the middle
    assert answer(pygame.K_RIGHT, 4, 4, False, 7) == KeyAnswer(7)  # the edge holds
    assert answer(pygame.K_9, 7, 6, True, 2) == KeyAnswer(2, note=NoSuchColumn(7))
    assert answer(pygame.K_9, 9, 7, True, 2) == KeyAnswer(8, play=True)
    assert answer(pygame.K_RETURN, 7, 6, True, None) == KeyAnswer(3)  # shows the column first
    assert answer(pygame.K_RETURN, 7, 6, True, 3) == KeyAnswer(3, play=True)


def test_two_players_stay_in_the_title_as_rounds_go_by_and_a_wider_window_never_shortens_it():
    board_game = BoardGame(PlayOptions(mode=Mode.TWO_PLAYERS), FakeEngine())
    first_round = texts.toolbar_titles(board_game)
    board_game.next_round()
    second_round = texts.toolbar_titles(board_game)
    assert second_round[0].endswith("round 2")
    fonts, surface = Fonts(), pygame.Surface((1700, 780))

    def shown(width: int, titles: list[str]) -> str | None:
        bar = play_layout((width, 780), 7, 6, True).toolbar
        return draw_toolbar(surface, CLASSIC, fonts, bar, toolbar(fonts, bar, titles, {}), titles, None)

    widths = range(MIN_WINDOW[0], 1700, 20)
    for titles in (first_round, second_round):
        # Which title shows: never a shorter one (a later one of the list) in a wider window.
        places = [titles.index(shown(width, titles) or "") for width in widths]
        assert places == sorted(places, reverse=True), list(zip(widths, places, strict=True))
    for width in widths:
        # Round 2 drops its round before the players.
        assert ("Two players" in (shown(width, second_round) or "")) == (
            "Two players" in (shown(width, first_round) or "")
        ), width
