"""The play screen driven by synthetic mouse and key events, with a fake engine and chosen time steps."""

from __future__ import annotations

import pygame
import pytest

from ai.messages import BestMove, LiveCount, Progress
from ai.play.levels import Level
from ai.score import Score, win_in
from tools.support.fakes import FakeEngine, click, key, motion, resize, search_result
from ui.kit.scene import GoToMenu
from ui.play.scene import PlayScene
from ui.state.options import FirstPlayer, Mode, PlayOptions
from ui.words import play_words as words

SIZE = (960, 780)
CTRL = pygame.KMOD_LCTRL
C4 = PlayOptions(level=Level(2))
TTT = PlayOptions(game="tictactoe", width=3, height=3, level=Level(2))
DOT = "  \u00b7  "


pytestmark = pytest.mark.usefixtures("pygame_ready")


def make(options=C4, size=SIZE, **engine_options):
    engine = FakeEngine(**engine_options)
    return PlayScene(size, options, engine), engine


def run(scene, engine, seconds=2.0, dt=0.05):
    """Poll, receive and update for ``seconds`` of game time in ``dt`` steps, as the main loop would."""
    for _ in range(round(seconds / dt)):
        for message in engine.poll():
            scene.receive(message)
        scene.update(dt)


def column_point(scene, column, row=None):
    """A point in ``column``: in the ghost row above the board, or in ``row``."""
    layout = scene.layout()
    return layout.ghost_centre(column) if row is None else layout.cell_centre(row, column)


def cell_point(scene, cell):
    return scene.layout().cell_centre(*divmod(cell, scene.play_state.game.width))


# --- Connect Four by mouse and keyboard ---------------------------------------------------------------------


def test_a_click_in_a_column_plays_it_anywhere_in_the_column():
    scene, engine = make()
    scene.handle(
        click(column_point(scene, 2, row=0))
    )  # the top cell of an empty column still means the column
    assert scene.play_state.game.history() == (2,)
    assert scene.play_state.animation is not None and scene.play_state.animation.column == 2
    scene, engine = make()
    scene.handle(click(column_point(scene, 6)))  # the ghost row above the board
    assert scene.play_state.game.history() == (6,)


def test_a_click_off_the_board_does_nothing():
    scene, engine = make()
    layout = scene.layout()
    scene.handle(click((layout.grid.left - 5, layout.grid.centery)))
    scene.handle(click((layout.grid.centerx, layout.status.centery)))
    assert scene.play_state.game.history() == ()


def test_the_computer_replies_after_the_animation_and_the_presentation_delay():
    scene, engine = make()
    scene.handle(click(column_point(scene, 3)))
    run(scene, engine, seconds=0.5)
    assert scene.play_state.game.moves_text() == "4"  # the human's disc is still falling or just landed
    run(scene, engine, seconds=1.5)
    assert scene.play_state.game.moves_text() == "44"
    assert scene.play_state.board_game.is_human_turn()


def test_keyboard_play_connect_four():
    scene, engine = make()
    for code in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RETURN):
        scene.handle(key(code))
    # The cursor starts in the centre column on the first arrow, then moves one to the right.
    assert scene.play_state.game.history() == (4,)
    run(scene, engine)
    scene.handle(key(pygame.K_1))
    assert scene.play_state.game.history()[-1] == 0
    run(scene, engine)
    scene.handle(key(pygame.K_LEFT))
    scene.handle(key(pygame.K_DOWN))
    assert scene.play_state.game.history()[-1] == 0
    run(scene, engine)
    scene.handle(key(pygame.K_KP7))
    assert scene.play_state.game.history()[-1] == 6
    # A digit beyond the board's width is not a column.
    run(scene, engine)
    before = scene.play_state.game.ply()
    scene.handle(key(pygame.K_8))
    assert scene.play_state.game.ply() == before


def test_a_full_column_is_refused_with_feedback_and_the_turn_stays():
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS))
    for _ in range(6):
        scene.handle(click(column_point(scene, 0)))
    assert scene.play_state.game.moves_text() == "111111"
    scene.handle(click(column_point(scene, 0)))
    assert scene.play_state.game.moves_text() == "111111"
    assert scene.play_state.game.to_move() == 0
    assert words.status_text(scene.play_state) == "Column a is full"
    assert scene.play_state.feedback.refusal is not None and scene.picture().board.refusal > 0
    run(scene, engine, seconds=2.0)
    assert words.status_text(scene.play_state) == "Red to move"
    scene.handle(click(column_point(scene, 1)))
    assert scene.play_state.game.moves_text() == "1111112"


def test_clicks_during_the_computers_turn_are_ignored_with_a_cue():
    scene, engine = make(auto_answer=False)
    scene.handle(click(column_point(scene, 3)))
    scene.handle(click(column_point(scene, 2)))
    assert scene.play_state.game.moves_text() == "4"
    assert "computer is thinking" in words.status_text(scene.play_state)
    assert scene.play_state.notice is not None


def test_the_thinking_line_moves_between_depths_and_speaks_in_words():
    scene, engine = make(auto_answer=False)
    assert words.status_text(scene.play_state) == "Your turn (Red)"
    scene.handle(click(column_point(scene, 3)))
    run(scene, engine, seconds=2.0)  # the cue of the click has faded
    token = engine.last("think").token
    assert words.status_text(scene.play_state) == "Computer is thinking..."
    engine.live = LiveCount(token, 8192, 1.9)
    run(scene, engine, seconds=0.5)
    assert words.detail_text(scene.play_state) == f"8,192 positions{DOT}2.5 s"
    scene.receive(Progress(token, search_result(9, Score.estimate(45), (3, 2, 6), 12345, 0.5)))
    assert words.status_text(scene.play_state) == "Computer is thinking: Yellow is better"
    assert (
        words.detail_text(scene.play_state)
        == f"depth 9 looks at d c g    estimate: Yellow ahead by 45 points    12,345 positions{DOT}2.5 s"
    )
    # Between completed depths the count and the time go on, redrawn a few times a second.
    engine.live = LiveCount(token, 40960, 2.9)
    redraws = 0
    for _ in range(20):
        drawn = scene.picture()
        scene.update(0.05)
        redraws += scene.picture() != drawn
    assert 3 <= redraws <= 5
    assert words.detail_text(scene.play_state).endswith(f"40,960 positions{DOT}3.5 s")
    # A count of another request is not this search's.
    engine.live = LiveCount(token + 1, 10**9, 99.0)
    scene.update(0.05)
    assert scene.play_state.board_game.thinking.nodes == 40960
    # Once the engine says the search has ended, the time stands still and nothing is redrawn for it.
    engine.live = LiveCount(token, 50_176, 3.5, running=False)
    scene.update(0.05)
    seconds = scene.play_state.board_game.thinking.seconds
    drawn = scene.picture()
    for _ in range(20):
        scene.update(0.05)
    assert scene.play_state.board_game.thinking.seconds == seconds and scene.picture() == drawn
    assert scene.play_state.board_game.thinking.nodes == 50_176


def test_a_proven_value_is_said_in_words_without_a_number():
    scene, engine = make(auto_answer=False)
    scene.handle(click(column_point(scene, 3)))
    token = engine.last("think").token
    scene.receive(Progress(token, search_result(12, Score(-win_in(12)), (3, 2), 5000, 0.5)))
    assert words.status_text(scene.play_state) == "Computer is thinking: Red wins in 6"
    assert "+" not in words.detail_text(scene.play_state) and "-" not in words.detail_text(scene.play_state)
    scene.receive(Progress(token, search_result(13, Score(0), (3, 2), 6000, 0.6)))
    assert words.status_text(scene.play_state) == "Computer is thinking: draw"


def test_pondering_is_shown_on_the_humans_turn():
    scene, engine = make(auto_answer=False)
    ponder = engine.last("ponder").token
    scene.receive(Progress(ponder, search_result(7, Score.estimate(0), (3,), 999, 0.2)))
    assert words.status_text(scene.play_state) == "Your turn (Red)"
    assert words.detail_text(scene.play_state).startswith("Thinking on your time: depth 7")


# --- undo, redo, stale answers ------------------------------------------------------------------------------


def test_undo_and_redo_pairs_against_the_computer_by_keys_and_buttons():
    scene, engine = make()
    scene.handle(click(column_point(scene, 3)))
    run(scene, engine)
    scene.handle(click(column_point(scene, 2)))
    run(scene, engine)
    assert scene.play_state.game.moves_text() == "4434"
    scene.handle(key(pygame.K_z, CTRL))
    assert scene.play_state.game.moves_text() == "44"
    scene.handle(key(pygame.K_z, CTRL | pygame.KMOD_LSHIFT))
    assert scene.play_state.game.moves_text() == "4434"
    scene.handle(key(pygame.K_z, CTRL))
    scene.handle(key(pygame.K_z, CTRL))
    assert scene.play_state.game.moves_text() == ""
    scene.handle(key(pygame.K_y, CTRL))
    assert scene.play_state.game.moves_text() == "44"
    buttons = {button.action: button for button in scene.frame().toolbar.buttons}
    scene.handle(click(buttons["redo"].rect.center))
    assert scene.play_state.game.moves_text() == "4434"
    scene.handle(click(buttons["undo"].rect.center))
    assert scene.play_state.game.moves_text() == "44"


def test_undo_during_a_search_stops_it_and_the_late_answer_is_never_applied():
    scene, engine = make(auto_answer=False)
    scene.handle(click(column_point(scene, 3)))
    token = engine.last("think").token
    scene.handle(key(pygame.K_z, CTRL))
    assert engine.count("stop") >= 1
    assert scene.play_state.game.moves_text() == ""
    engine.deliver(BestMove(token, search_result(4, Score.estimate(0), (3,), 10, 0.1)))
    run(scene, engine, seconds=2.0)
    assert scene.play_state.game.moves_text() == ""
    assert scene.play_state.board_game.is_human_turn()


def test_new_game_during_a_search_ignores_the_stale_best_move():
    scene, engine = make(PlayOptions(first=FirstPlayer.COMPUTER, level=Level(2)), auto_answer=False)
    stale = engine.last("think").token
    scene.handle(key(pygame.K_n, CTRL))
    fresh = engine.last("think").token
    assert fresh != stale
    engine.deliver(BestMove(stale, search_result(4, Score.estimate(0), (0,), 10, 0.1)))
    run(scene, engine, seconds=2.0)
    assert scene.play_state.game.moves_text() == ""
    engine.deliver(BestMove(fresh, search_result(4, Score.estimate(0), (3,), 10, 0.1)))
    run(scene, engine, seconds=2.0)
    assert scene.play_state.game.moves_text() == "4"


# --- game over ----------------------------------------------------------------------------------------------


def win_for_red(scene, engine):
    """Red (the human) plays column 1 four times while the fake computer answers in column 2."""
    for _ in range(4):
        scene.handle(click(column_point(scene, 0)))
        run(scene, engine)


def test_game_over_offers_next_round_and_new_game():
    options = PlayOptions(level=Level(2), first=FirstPlayer.ALTERNATE)
    scene, engine = make(options, choose=lambda game: 1)
    win_for_red(scene, engine)
    assert scene.play_state.game.winner() == 0
    assert words.status_text(scene.play_state) == "Red wins"
    assert scene.play_state.banner_shown()
    _, buttons = scene.frame().banner
    actions = {button.action: button for button in buttons}
    assert set(actions) == {"next", "new", "review", "menu"}
    # Clicks on the finished board play nothing.
    scene.handle(click(column_point(scene, 4)))
    assert scene.play_state.game.moves_text() == "1212121"
    scene.handle(click(column_point(scene, 4)))  # a second click brings the folded banner back
    scene.handle(click(actions["next"].rect.center))
    assert scene.play_state.board_game.round_number == 2
    # Alternate: the computer starts round 2.
    assert scene.play_state.game.ply() == 0 and scene.play_state.board_game.is_computer_turn()
    run(scene, engine)
    assert scene.play_state.game.ply() == 1
    scene.handle(key(pygame.K_n, CTRL))
    assert scene.play_state.board_game.round_number == 1 and scene.play_state.board_game.is_human_turn()


def test_enter_plays_the_next_round_and_new_game_button_restarts():
    scene, engine = make(choose=lambda game: 1)
    win_for_red(scene, engine)
    scene.handle(key(pygame.K_RETURN))
    assert scene.play_state.board_game.round_number == 2 and scene.play_state.game.ply() == 0
    win_for_red(scene, engine)
    _, buttons = scene.frame().banner
    new = next(button for button in buttons if button.action == "new")
    scene.handle(click(new.rect.center))
    assert scene.play_state.board_game.round_number == 1 and scene.play_state.game.ply() == 0


def test_the_banner_waits_for_the_last_disc_to_land():
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS))
    for column in (0, 1, 0, 1, 0, 1):
        scene.handle(click(column_point(scene, column)))
    run(scene, engine, seconds=1.0)
    scene.handle(click(column_point(scene, 0)))
    assert scene.play_state.game.is_over() and not scene.play_state.banner_shown()
    run(scene, engine, seconds=1.5)
    assert scene.play_state.banner_shown()


def test_the_banner_is_opaque_over_the_board():
    """Nothing of the board (its holes, its stones) shows through the result banner: its band above the
    title is the panel's colour alone, across the board's holes."""
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS, moves="415263"))
    scene.handle(click(column_point(scene, 6)))
    run(scene, engine, seconds=2.0)
    assert scene.play_state.banner_shown()
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    frame = scene.frame()
    assert frame.banner is not None
    rect = frame.banner[0]
    # Inside the border, above the title, clear of the rounded corners.
    y = rect.top + 6
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(rect.left + 20, rect.right - 20)}
    assert colours == {scene.theme.panel}, colours


def test_escape_goes_back_to_the_start_screen_and_stops_the_search():
    scene, engine = make(auto_answer=False)
    scene.handle(click(column_point(scene, 3)))
    scene.handle(key(pygame.K_ESCAPE))
    assert isinstance(scene.request, GoToMenu)
    assert engine.calls[-1].name == "stop"


# --- whole games in every mode ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        PlayOptions(mode=Mode.TWO_PLAYERS),
        PlayOptions(game="tictactoe", width=4, height=4, mode=Mode.TWO_PLAYERS),
    ],
)
def test_two_players_complete_a_whole_game_by_clicks(options):
    scene, engine = make(options)
    clicks = 0
    while not scene.play_state.game.is_over():
        move = scene.play_state.game.moves()[-1]
        point = column_point(scene, move) if scene.play_state.gravity else cell_point(scene, move)
        scene.handle(click(point))
        run(scene, engine, seconds=0.1)
        clicks += 1
    assert clicks == scene.play_state.game.ply()
    assert words.status_text(scene.play_state) in ("Draw", "Red wins", "Yellow wins", "X wins", "O wins")
    assert engine.count("think") == 0 and engine.count("ponder") == 0


@pytest.mark.parametrize(
    "options",
    [PlayOptions(mode=Mode.WATCH), PlayOptions(game="tictactoe", width=3, height=3, mode=Mode.WATCH)],
)
def test_watch_mode_completes_a_whole_game(options):
    scene, engine = make(options)
    run(scene, engine, seconds=2.0 * options.width * options.height)
    assert scene.play_state.game.is_over()
    assert engine.count("think") == scene.play_state.game.ply()
    assert scene.play_state.banner_shown()
    title, subtitle = words.result_text(scene.play_state)
    assert title == "Draw" or "(depth " in subtitle and " beats " in subtitle


def test_watch_mode_pauses_on_space():
    scene, engine = make(PlayOptions(mode=Mode.WATCH))
    scene.handle(key(pygame.K_SPACE))
    run(scene, engine, seconds=3.0)
    assert scene.play_state.game.ply() == 0 and words.status_text(scene.play_state).startswith("Paused")
    scene.handle(key(pygame.K_SPACE))
    run(scene, engine, seconds=1.0)
    assert scene.play_state.game.ply() >= 1


# --- Tic-tac-toe --------------------------------------------------------------------------------------------


def test_tic_tac_toe_by_click_numpad_digits_and_arrows():
    scene, engine = make(TTT, choose=lambda game: game.moves()[-1])
    scene.handle(click(cell_point(scene, 4)))
    assert scene.play_state.game.history() == (4,)
    run(scene, engine)
    assert scene.play_state.game.history()[-1] != 0
    scene.handle(key(pygame.K_KP7))  # numpad 7 is the top-left cell
    assert scene.play_state.game.history()[-1] == 0
    run(scene, engine)
    free = [cell for cell in range(9) if cell in scene.play_state.game.moves()]
    target = free[0]
    scene.handle(key(pygame.K_1 + target))  # digits count cells in reading order from 1
    assert scene.play_state.game.history()[-1] == target


def test_tic_tac_toe_arrows_and_taken_cell():
    scene, engine = make(PlayOptions(game="tictactoe", width=3, height=3, mode=Mode.TWO_PLAYERS))
    scene.handle(key(pygame.K_UP))  # the cursor appears in the centre
    scene.handle(key(pygame.K_UP))
    scene.handle(key(pygame.K_LEFT))
    scene.handle(key(pygame.K_RETURN))
    assert scene.play_state.game.history() == (0,)
    scene.handle(click(cell_point(scene, 0)))
    assert scene.play_state.game.history() == (0,)
    assert words.status_text(scene.play_state) == "Cell 1 is taken"
    assert scene.play_state.game.to_move() == 1


# --- geometry follows the window ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(500, 900), (1400, 600), (320, 260)])
def test_resize_keeps_hit_testing_correct(size):
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS))
    scene.handle(resize(*size))
    assert scene.size == size
    layout = scene.layout()
    assert layout.frame.left >= 0 and layout.frame.right <= size[0]
    assert abs(layout.grid.centerx - size[0] // 2) <= 1
    scene.handle(click(layout.cell_centre(3, 5)))
    assert scene.play_state.game.history() == (5,)
    # Just inside the left edge of column 2, and just outside the board.
    scene.handle(click((layout.grid.left + 2 * layout.cell + 1, layout.grid.bottom - 2)))
    assert scene.play_state.game.history() == (5, 2)
    scene.handle(click((layout.grid.right + 2, layout.grid.centery)))
    assert scene.play_state.game.history() == (5, 2)


def test_hover_shows_a_ghost_disc_in_the_players_colour():
    scene, engine = make()
    surface = pygame.Surface(SIZE)
    scene.handle(motion(column_point(scene, 5)))
    assert scene.play_state.selection == 5
    scene.draw(surface)
    red, green, blue, *_ = surface.get_at(column_point(scene, 5))
    assert red > green + 60 and red > blue + 60  # reddish, over a pale background
    red, green, blue, *_ = surface.get_at(column_point(scene, 1))
    assert abs(red - green) < 30  # no ghost over the other columns


def test_redraw_only_when_something_changed():
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS))
    drawn = scene.picture()
    scene.update(0.016)
    assert scene.picture() == drawn
    scene.handle(click(column_point(scene, 3)))
    assert scene.picture() != drawn
    # The falling stone: every frame shows it somewhere else.
    scene.update(0.016)
    falling = scene.picture()
    scene.update(0.016)
    assert scene.picture() != falling
    run(scene, engine, seconds=1.0)
    drawn = scene.picture()
    scene.update(0.016)
    assert scene.picture() == drawn
    # Pointer moves redraw only when they change what is shown.
    x, y = column_point(scene, 5)
    scene.handle(motion((x, y)))
    assert scene.picture() != drawn
    drawn = scene.picture()
    scene.handle(motion((x + 3, y + 20)))
    assert scene.picture() == drawn
    scene.handle(motion(column_point(scene, 4)))
    assert scene.picture() != drawn


@pytest.mark.parametrize(
    "options",
    [
        C4,
        TTT,
        PlayOptions(width=9, height=7, mode=Mode.WATCH),
        PlayOptions(game="tictactoe", width=4, height=4, mode=Mode.TWO_PLAYERS),
    ],
)
@pytest.mark.parametrize("size", [(960, 780), (360, 300), (1600, 500)])
def test_every_state_draws_at_every_size(options, size):
    scene, engine = make(options, size=size)
    surface = pygame.Surface(size)
    for _ in range(40):
        if scene.play_state.game.is_over():
            break
        if scene.play_state.board_game.is_human_turn():
            scene.play_state.try_play(scene.play_state.game.moves()[0])
        for message in engine.poll():
            scene.receive(message)
        scene.update(0.2)
        scene.draw(surface)
    run(scene, engine, seconds=1.0)
    scene.draw(surface)
