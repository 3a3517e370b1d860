"""The match bar (ui/play/match_bar.py, ui/state/board/match.py): who plays, this match's score and the
stored tally, always on screen; two players rename themselves in it."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from ai.messages import BestMove
from ai.play.levels import MAX, Level
from ai.score import Score
from tools.support.fakes import FakeEngine, click, key, search_result
from tools.support.waiting import GENEROUS
from ui.app import App
from ui.kit.layout import play_layout
from ui.kit.scene import RememberName
from ui.play.actions import Action
from ui.play.match_bar import MatchBar, match_geometry, name_at
from ui.play.scene import PlayScene
from ui.state.files.settings import SETTINGS_FILE
from ui.state.files.store import JsonStore
from ui.state.files.tally import TALLY_FILE, Record
from ui.state.files.user_data import UserData
from ui.state.options import MAX_NAME, FirstPlayer, Mode, PlayOptions
from ui.state.play.play_files import paste
from ui.theme import THEMES, Fonts
from ui.window.window_loop import MIN_WINDOW
from ui.words import play_words as words

SIZE = (960, 780)
#: The names in watch mode, depth 2 against max.
WATCHED = ("Computer (depth 2)", "Computer (max)")
#: Red makes four in column 1.
RED_WINS = (0, 1, 0, 1, 0, 1, 0)


pytestmark = pytest.mark.usefixtures("pygame_ready")


def scene_for(options: PlayOptions, files: UserData | None = None) -> PlayScene:
    return PlayScene(SIZE, options, FakeEngine(), files=files)


def text(characters: str):
    return pygame.event.Event(pygame.TEXTINPUT, text=characters)


@pytest.mark.parametrize(
    ("options", "names"),
    [
        (PlayOptions(level=Level(4)), ("You", "Computer (depth 4)")),
        (PlayOptions(level=MAX, first=FirstPlayer.COMPUTER), ("Computer (max)", "You")),
        (
            PlayOptions(mode=Mode.WATCH, watch_levels=(Level(2), MAX)),
            ("Computer (depth 2)", "Computer (max)"),
        ),
        (
            PlayOptions(mode=Mode.WATCH, watch_levels=(Level(4), Level(4))),
            ("Red (depth 4)", "Yellow (depth 4)"),
        ),
        (PlayOptions(mode=Mode.TWO_PLAYERS), ("Red", "Yellow")),
        (PlayOptions(mode=Mode.TWO_PLAYERS, names=("Ann", "")), ("Ann", "Yellow")),
    ],
)
def test_the_bar_names_the_players_in_every_mode(options, names):
    assert scene_for(options).frame().match.names == names


def play_out(scene: PlayScene, moves=RED_WINS) -> None:
    for move in moves:
        assert scene.play_state.try_play(move) is None
    scene.update(5.0)  # the last stone lands: the round is counted


def test_a_game_from_a_set_up_position_counts_in_the_match_not_in_the_all_time_tally(tmp_path):
    tally = JsonStore(TALLY_FILE, tmp_path / "tally.json")
    tally.load()
    # Red's first move is on the board already (pasted, loaded or given with --moves): unrated, not counted.
    scene = scene_for(PlayOptions(mode=Mode.TWO_PLAYERS, moves="1"), UserData(tally=tally))
    play_out(scene, RED_WINS[1:])
    assert scene.play_state.game.is_over() and scene.frame().match.wins == (1, 0)
    assert scene.frame().match.tally == ""
    assert scene.play_state.files.tally.flush(GENEROUS)
    assert JsonStore(TALLY_FILE, tmp_path / "tally.json").load().get("connect4 7x6 two players") == Record()


def test_the_score_of_the_match_and_the_stored_tally(tmp_path):
    tally = JsonStore(TALLY_FILE, tmp_path / "tally.json")
    tally.load()
    scene = scene_for(PlayOptions(mode=Mode.TWO_PLAYERS), UserData(tally=tally))
    assert scene.frame().match == MatchBar(("Red", "Yellow"), (0, 0), 0, "", None)
    play_out(scene)
    bar = scene.frame().match
    assert bar.wins == (1, 0) and bar.draws == 0 and bar.tally == "all time Red 1, Yellow 0, 0 draws"
    scene.play_state.new_round(next_round=True)
    play_out(scene, (6, 0, 1, 0, 1, 0, 1, 0))  # Yellow makes four in column 1
    assert scene.frame().match.wins == (1, 1)
    # A pasted game (or a loaded one of the same board) goes on with the match; the tally stays.
    paste(scene.play_state, "4453")
    assert scene.frame().match.wins == (1, 1) and "Red 1, Yellow 1" in scene.frame().match.tally
    # A game of another board starts a new match.
    scene.play_state.begin_game(scene.play_state.options.with_game("connect4", 6, 5))
    assert scene.frame().match.wins == (0, 0)
    assert scene.play_state.files.tally.flush(GENEROUS)
    stored = JsonStore(TALLY_FILE, tmp_path / "tally.json")
    record = stored.load().get("connect4 7x6 two players")
    assert (record.wins, record.draws, record.losses) == (1, 0, 1) and len(record.game_ids) == 2


def test_with_alternating_starts_the_score_follows_the_players_not_the_colours():
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(SIZE, PlayOptions(level=Level(2), first=FirstPlayer.ALTERNATE), engine)
    for move in RED_WINS[::2][:3]:
        scene.play_state.try_play(move)
        think = engine.last("think")

        engine.deliver(BestMove(think.token, search_result(2, Score.estimate(0), (1,))))
        for _ in range(20):
            for message in engine.poll():
                scene.receive(message)
            scene.update(0.5)
    scene.play_state.try_play(0)
    scene.update(5.0)
    assert scene.play_state.game.winner() == 0 and scene.frame().match.wins == (1, 0)
    scene.play_state.new_round(next_round=True)  # the computer starts: it plays Red now
    assert scene.frame().match.names == ("Computer (depth 2)", "You")
    assert scene.frame().match.wins == (0, 1)  # You: still one win, now on the right


def test_two_players_choose_whose_name_starts_and_alternate_with_the_score_following_them(tmp_path):
    from ui.words.start_words import rows_for

    options = PlayOptions(mode=Mode.TWO_PLAYERS, names=("Ann", "Bob"))
    (first_row,) = [row for row in rows_for(options, THEMES["classic"]) if row.key == "first"]
    assert first_row.enabled and [text for _value, text in first_row.choices] == ["Ann", "Bob", "Alternate"]
    # A name not given is no colour (whoever starts plays Red): the row names the player by their place.
    unnamed = rows_for(replace(options, names=("", "Bob")), THEMES["classic"])
    (first_row,) = [row for row in unnamed if row.key == "first"]
    assert [text for _value, text in first_row.choices] == ["First player", "Bob", "Alternate"]
    # The second name starts: Bob plays Red (the first to move) every round.
    scene = scene_for(replace(options, first=FirstPlayer.COMPUTER))
    for _round in range(2):
        assert scene.frame().match.names == ("Bob", "Ann") and scene.play_state.player_names == ("Bob", "Ann")
        scene.play_state.new_round(next_round=True)
    # Alternate: Ann starts the odd rounds, Bob the even ones; the score follows the players.
    tally = JsonStore(TALLY_FILE, tmp_path / "tally.json")
    tally.load()
    scene = scene_for(replace(options, first=FirstPlayer.ALTERNATE), UserData(tally=tally))
    assert scene.frame().match.names == ("Ann", "Bob")
    play_out(scene)  # Red wins: Ann
    scene.play_state.new_round(next_round=True)
    assert scene.frame().match.names == ("Bob", "Ann") and scene.frame().match.wins == (0, 1)
    # The all-time tally counts by colour: while the colours change hands it names the colours.
    assert scene.frame().match.tally == "all time Red 1, Yellow 0, 0 draws"
    play_out(scene)  # Red wins: Bob
    assert scene.frame().match.wins == (1, 1)
    scene.play_state.new_round(next_round=True)
    assert scene.frame().match.names == ("Ann", "Bob")
    # Renaming the player of Red in an even round renames Bob, the second name, wherever he sits.
    scene.play_state.new_round(next_round=True)
    scene.start_renaming(0)
    scene.handle(key(pygame.K_BACKSPACE))
    scene.handle(key(pygame.K_BACKSPACE))
    scene.handle(key(pygame.K_BACKSPACE))
    scene.handle(text("Rob"))
    scene.handle(key(pygame.K_RETURN))
    assert scene.play_state.options.names == ("Ann", "Rob") and scene.request == RememberName(1, "Rob")
    assert scene.frame().match.names == ("Rob", "Ann")


def test_two_players_rename_themselves_with_enter_and_esc_cancels():
    scene = scene_for(PlayOptions(mode=Mode.TWO_PLAYERS))
    layout = scene.layout()
    geometry = match_geometry(scene.fonts, layout.match, scene.frame().match)
    scene.handle(click(geometry.name_rects[1].center))
    assert scene.renaming == 1 and scene.wants_text
    scene.handle(key(pygame.K_BACKSPACE))
    for characters in ("Bo", "b\x07", "4"):  # a control character is dropped; a digit is a letter here
        scene.handle(text(characters))
    scene.handle(key(pygame.K_4, unicode="4"))  # the key of the digit plays no move while typing
    assert scene.play_state.game.ply() == 0 and scene.frame().match.names[1] == "Bob4"
    scene.handle(key(pygame.K_RETURN))
    assert scene.play_state.options.names == ("", "Bob4") and scene.frame().match.names == ("Red", "Bob4")
    assert scene.request == RememberName(1, "Bob4") and not scene.wants_text
    scene.request = None
    scene.start_renaming(0)
    for characters in ("Ann", " ", "M", " "):  # a space between words stays; the one at the end goes
        scene.handle(text(characters))
    scene.handle(key(pygame.K_RETURN))
    assert scene.play_state.options.names == ("Ann M", "Bob4")
    scene.start_renaming(0)
    scene.handle(text("x" * 50))
    assert len(scene.name_draft) == MAX_NAME
    scene.handle(key(pygame.K_ESCAPE))
    assert scene.play_state.options.names == ("Ann M", "Bob4")


def test_renaming_is_for_two_players_only():
    scene = scene_for(PlayOptions(level=Level(4)))
    layout = scene.layout()
    geometry = match_geometry(scene.fonts, layout.match, scene.frame().match)
    scene.handle(click(geometry.name_rects[0].center))
    assert scene.renaming is None


def test_a_name_is_remembered_and_typing_takes_the_windows_shortcut_keys(tmp_path):
    store = JsonStore(SETTINGS_FILE, tmp_path / "settings.json")
    store.load()
    app = App(
        FakeEngine, PlayOptions(mode=Mode.TWO_PLAYERS), start_playing=True, files=UserData(settings=store)
    )
    scene = app.scene
    assert isinstance(scene, PlayScene)
    scene.start_renaming(0)
    sound = app.settings.sound
    app.step([key(pygame.K_m, unicode="m"), text("m"), key(pygame.K_RETURN)], 0.01)
    assert app.settings.sound == sound  # M was a letter of the name, not the sound's shortcut
    assert app.files.settings.flush(GENEROUS)
    assert JsonStore(SETTINGS_FILE, tmp_path / "settings.json").load().play.names == ("m", "")


@pytest.mark.parametrize("size", [MIN_WINDOW, (800, 600), (1600, 1000), (640, 1400), (2600, 700)])
def test_the_bar_is_on_screen_at_every_size_and_overlaps_nothing(size):
    fonts = Fonts()
    for columns, rows, gravity in ((7, 6, True), (9, 7, True), (3, 3, False)):
        layout = play_layout(size, columns, rows, gravity)
        assert layout.match.top == layout.toolbar.bottom and layout.match.height >= 24
        above_board = layout.frame.top - (layout.cell if gravity else 0)
        assert layout.match.bottom <= above_board and layout.match.bottom < layout.status.top
        long_names = MatchBar(
            ("Wilhelmina Abernathy", "Bartholomew Q. Smith"), (12, 130), 7, "all time 5 won"
        )
        geometry = match_geometry(fonts, layout.match, long_names)
        left, right = geometry.name_rects
        assert layout.match.contains(left) and layout.match.contains(right), size
        assert left.right <= geometry.centre_rect.left and geometry.centre_rect.right <= right.left, size
        assert geometry.centre.startswith("12 \u2013 130")
        assert name_at(fonts, layout.match, long_names, left.center) == 0
        assert name_at(fonts, layout.match, long_names, right.center) == 1


def test_two_players_names_stand_for_them_everywhere_a_player_is_named(tmp_path):
    tally = JsonStore(TALLY_FILE, tmp_path / "tally.json")
    tally.load()
    scene = scene_for(PlayOptions(mode=Mode.TWO_PLAYERS, names=("Ann", "")), UserData(tally=tally))
    play_state = scene.play_state
    assert words.status_text(play_state) == "Ann to move" and "Ann to move" in words.caption(play_state)
    scene.handle(key(pygame.K_1, unicode="1"))
    scene.update(5.0)
    assert words.status_text(play_state) == "Yellow to move"  # no name given: the piece's
    for move in RED_WINS[1:]:
        scene.handle(key(pygame.K_1 + move, unicode=str(move + 1)))
        scene.update(5.0)
    assert play_state.game.winner() == 0
    assert words.result_text(play_state)[0] == "Ann wins" and words.status_text(play_state) == "Ann wins"
    assert "Ann wins" in words.caption(play_state)
    assert words.tally_text(play_state) == "Tally: Ann 1 · draws 0 · Yellow 0"
    assert scene.frame().match.tally == "all time Ann 1, Yellow 0, 0 draws"
    scene.handle(key(pygame.K_r, unicode="r"))  # the review names the players too
    assert play_state.review is not None
    scene.act(Action.REVIEW_FIRST)
    assert words.status_text(play_state).startswith("Move 1: Ann in column a")
    scene.act(Action.REVIEW_FORWARD)
    assert words.status_text(play_state).startswith("Move 2: Yellow in column b")
    assert all("Red" not in part for part in words.detail_parts(play_state))


def test_the_name_being_typed_shows_how_much_of_the_limit_it_uses():
    for size in (MIN_WINDOW, SIZE):
        scene = PlayScene(size, PlayOptions(mode=Mode.TWO_PLAYERS), FakeEngine())
        match_rect = scene.layout().match
        scene.start_renaming(1)
        scene.handle(text("Bob"))
        geometry = match_geometry(scene.fonts, match_rect, scene.frame().match)
        assert geometry.counter is not None and geometry.counter[0] == f"3/{MAX_NAME}"
        scene.handle(text("x" * 50))  # the field takes no more than the limit, and says so
        geometry = match_geometry(scene.fonts, match_rect, scene.frame().match)
        assert geometry.counter is not None and geometry.counter[0] == f"{MAX_NAME}/{MAX_NAME}"
        counter = geometry.counter[1]
        assert match_rect.contains(counter), size
        assert geometry.centre_rect.right <= counter.left and counter.right <= geometry.name_rects[1].left
        scene.handle(key(pygame.K_RETURN))
        assert match_geometry(scene.fonts, match_rect, scene.frame().match).counter is None


@pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES)
def test_the_tally_shows_with_every_themes_piece_names_where_they_leave_room(theme):
    # Two players are named by their pieces, and so is their tally: the high-contrast theme's names are long.
    names = theme.disc_names
    tally = f"all time {names[0]} 12, {names[1]} 10, 3 draws"
    bar = MatchBar(names, (1, 2), 1, tally)
    fonts = Fonts()
    geometry = match_geometry(fonts, play_layout(SIZE, 7, 6, True).match, bar)
    assert geometry.centre.endswith(tally) and geometry.names == names
    left, right = geometry.name_rects
    assert left.right <= geometry.centre_rect.left and geometry.centre_rect.right <= right.left


def contrast(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""

    def luminance(colour: tuple[int, int, int]) -> float:
        linear = [
            c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in colour)
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES)
def test_text_and_muted_text_are_readable_on_every_background_of_every_theme(theme):
    # The bar's names are text, its score and tally muted text, on the toolbar's colour (background_glow).
    for ink in (theme.text, theme.text_muted):
        for ground in (theme.background, theme.background_glow, theme.panel):
            assert contrast(ink, ground) >= 4.5, (theme.name, ink, ground)
