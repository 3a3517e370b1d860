"""The play screen's commands, each declared once in :data:`COMMANDS`: its name (an :class:`Action`, which
the buttons carry), the keys that ask for it, its row of the help card, its place on the toolbar, and what it
does.

The help card's rows of the play screen (:func:`help_sections`), the toolbar's buttons
(:data:`TOOLBAR`) and what a key means (:func:`key_action`) are read from the table; keys that select or
play a column or cell are :mod:`ui.play.move_keys`' (their help rows are :data:`MOVE_ROWS` here, beside the
commands they share the card with). The keys of the whole window (help, settings, sound, theme, quit) are
the entries of :data:`ui.panels.window_keys.WINDOW_COMMANDS`; they come first, in the situations where they
apply, and no key press is claimed by both tables (tests/test_ui_keys.py).

Adding a command: a value of :class:`Action` and an entry of :data:`COMMANDS` (docs/development.md).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.language import N_, NC_
from game.protocol import Game
from ui.kit.keys import Chord, HelpRow, Section, claimant
from ui.kit.scene import GoToMenu, GoToPuzzle, OpenSettings, SceneRequest
from ui.play.clipboard import copy_text, paste_text
from ui.state.play import play_files
from ui.state.play.learn_map import LearnMap
from ui.state.play.notices import FILE_NOTICE_SECONDS, CopiedMoves, Notice, NoticeKind, notice
from ui.state.play.play_state import PlayState


class Action(str, enum.Enum):
    """Something the player asks of the play screen by a key or a button (buttons carry these values)."""

    UNDO = "undo"
    REDO = "redo"
    NEW = "new"
    NEXT = "next"
    MENU = "menu"
    PAUSE = "pause"
    HINT = "hint"
    OVERLAY = "overlay"
    #: The plan view: the plan the explainer proved, drawn on the board.
    PLAN = "plan"
    SAVE = "save"
    LOAD = "load"
    COPY = "copy"
    PASTE = "paste"
    RESET_TALLY = "reset-tally"
    REVIEW = "review"
    SETTINGS = "settings"
    # Stepping through the game under review.
    REVIEW_BACK = "review-back"
    REVIEW_FORWARD = "review-forward"
    REVIEW_FIRST = "review-first"
    REVIEW_LAST = "review-last"
    #: The review's "show me": the best line from the move shown, and back.
    SHOW_ME = "show-me"
    #: Puzzle mode: the next theme to draw puzzles of.
    PUZZLE_THEME = "puzzle-theme"
    #: The Learn trainer: its picture of the tree, shown or hidden.
    LEARN_MAP = "learn-map"
    # Walking the picture of the tree: the parent, a child, the siblings, the root.
    LEARN_MAP_UP = "learn-map-up"
    LEARN_MAP_DOWN = "learn-map-down"
    LEARN_MAP_LEFT = "learn-map-left"
    LEARN_MAP_RIGHT = "learn-map-right"
    LEARN_MAP_ROOT = "learn-map-root"
    #: The trainer's runs start from the position chosen in the picture of the tree.
    LEARN_DRILL = "learn-drill"
    #: The coach warned about the move just tried: take it back, and choose again.
    TAKE_BACK_COACHED = "take-back-coached"


@dataclass(frozen=True)
class Situation:
    """What a key's meaning depends on: the review shows, the board's cells 10-16 are the letters a-g (so
    only Shift+A is the analysis), the game is over, computer watches computer, the coach's warning about the
    move just tried stands (Backspace and Esc then take that move back), the Learn trainer's picture of the
    tree covers the board (the arrows, Enter and Esc are its own then)."""

    reviewing: bool = False
    letters_are_cells: bool = False
    game_over: bool = False
    watching: bool = False
    coach_warned: bool = False
    map_shown: bool = False


def playing(situation: Situation) -> bool:
    """The live game shows (not the review, nor the picture of the tree over the board)."""
    return not situation.reviewing and not situation.map_shown


def reviewing(situation: Situation) -> bool:
    """The review shows (no picture of the tree over it)."""
    return situation.reviewing and not situation.map_shown


def coach_warned(situation: Situation) -> bool:
    """The coach's warning about the move just tried stands (no picture of the tree over the board)."""
    return situation.coach_warned and not situation.map_shown


def map_shown(situation: Situation) -> bool:
    """The Learn trainer's picture of the tree covers the board."""
    return situation.map_shown


#: The help card's sections of the play screen, in their order.
PLAYING, FILES = N_("Playing"), N_("Files and scores")


@dataclass(frozen=True)
class ToolbarPlace:
    """A command's button on the toolbar: its ``position`` (0 leftmost), its ``label``, the label in a narrow
    window (in the context :data:`NARROW`), and, where the button changes while the review shows, those two
    labels then."""

    position: int
    label: str
    narrow: str
    reviewing: tuple[str, str] | None = None


#: The context of a label in a narrow window: a language may need a shorter word there than in a wide one,
#: where English has the same ("Undo").
NARROW = "toolbar, narrow window"

#: What a command does to the play state; a request, if any, is for the window (another screen, the panel).
Run = Callable[[PlayState], SceneRequest | None]


@dataclass(frozen=True)
class Command:
    """One command of the play screen (see the module's docstring)."""

    action: Action
    run: Run
    chords: tuple[Chord[Situation], ...] = ()
    help: HelpRow | None = None
    toolbar: ToolbarPlace | None = None


def copy_moves(game: Game) -> Notice:
    """Copies the move string of ``game`` to the clipboard; the notice shows it, copied or not."""
    moves = game.moves_text()
    if copy_text(moves):
        return notice(CopiedMoves(moves, copied=True), kind=NoticeKind.SUCCESS)
    return notice(CopiedMoves(moves, copied=False), FILE_NOTICE_SECONDS, NoticeKind.INFO)


def _line_shows(play: PlayState) -> bool:
    """The review shows "show me"'s best line."""
    return play.review is not None and play.review.line is not None


def _review_step(delta: int, to_end: bool | None) -> Run:
    """Steps the review by ``delta`` moves, or to its first (``to_end`` False) or last (True) move; while
    "show me"'s line shows, the line's moves instead."""

    def run(play: PlayState) -> None:
        if _line_shows(play):
            play.browser.step_line(delta, to_end)
        elif to_end is None:
            play.step_review(delta=delta)
        else:
            play.step_review(len(play.game.history()) if to_end else 1)

    return run


def _on_live_game(run: Callable[[PlayState], object]) -> Run:
    """``run`` (what it returns is not a request), about the live game: the review, if it shows, closes
    first."""

    def on_live_game(play: PlayState) -> None:
        if play.review is not None:
            play.board_game.close_review()
        run(play)

    return on_live_game


def _on_map(walk: Callable[[LearnMap], None]) -> Run:
    """``walk`` on the Learn trainer's picture of the tree, where it shows."""

    def on_map(play: PlayState) -> None:
        if play.learn_map is not None:
            walk(play.learn_map)

    return on_map


def _show_me(play: PlayState) -> None:
    play.show_me()


def _review(play: PlayState) -> None:
    # Esc and R go back from "show me"'s line to the review first.
    if _line_shows(play):
        _show_me(play)
    else:
        play.toggle_review()


def _next(play: PlayState) -> SceneRequest | None:
    if play.puzzle is not None:
        play.board_game.leave()
        return GoToPuzzle()
    # The trainer's next run starts from the tree's root again, the player on the learner's side.
    play.new_round(next_round=play.learn is None)
    return None


def _puzzle_theme(play: PlayState) -> None:
    """In puzzle mode, the next theme to draw the next puzzles of; elsewhere nothing."""
    if play.puzzle is not None:
        play.theme_choice.advance()


def _menu(play: PlayState) -> SceneRequest:
    play.board_game.leave()
    return GoToMenu()


def _save(play: PlayState) -> None:
    play.feedback.notice = play_files.save(play.saved_game_path, play.game)


def _copy(play: PlayState) -> None:
    play.feedback.notice = copy_moves(play.game)


def _undo(play: PlayState) -> None:
    # Ctrl+Z while the record's reset shows brings the record back, rather than taking back a move.
    restored = play.tally_reset.undo(play.files.tally, play.feedback.notice)
    if restored is None:
        play.undo()
    else:
        play.feedback.notice = restored


def _take_back_coached(play: PlayState) -> None:
    play.round.take_back_coached()


def _reset_tally(play: PlayState) -> None:
    play.feedback.notice = play.tally_reset.press(play.board_game, play.files.tally, play.feedback.notice)


#: Every command of the play screen, in the help card's order.
COMMANDS: tuple[Command, ...] = (
    Command(
        Action.UNDO,
        _undo,
        (Chord(pygame.K_z, ctrl=True, shift=False),),
        HelpRow(PLAYING, N_("Ctrl+Z  /  Ctrl+Y or Ctrl+Shift+Z"), N_("undo  /  redo")),
        ToolbarPlace(0, N_("Undo"), NC_("toolbar, narrow window", "Undo")),
    ),
    Command(
        Action.REDO,
        lambda play: play.redo(),
        (Chord(pygame.K_y, ctrl=True), Chord(pygame.K_z, ctrl=True, shift=True)),
        toolbar=ToolbarPlace(1, N_("Redo"), NC_("toolbar, narrow window", "Redo")),
    ),
    Command(
        Action.HINT,
        _on_live_game(lambda play: play.feedback.refuse(play.ask_hint())),
        (Chord(pygame.K_h, when=playing),),
        HelpRow(PLAYING, N_("H"), N_("hint: the engine's best move for you")),
    ),
    Command(
        Action.OVERLAY,
        _on_live_game(lambda play: play.assistance.toggle_overlay(play.board_game)),
        (
            Chord(pygame.K_a, shift=True, when=playing),
            Chord(pygame.K_a, when=lambda situation: playing(situation) and not situation.letters_are_cells),
        ),
        HelpRow(PLAYING, N_("A"), N_("analysis: the value of every move, live on your turn")),
    ),
    Command(
        Action.PLAN,
        _on_live_game(lambda play: play.feedback.refuse(play.assistance.toggle_plan(play.board_game))),
        (Chord(pygame.K_e, when=lambda situation: playing(situation) and not situation.letters_are_cells),),
        HelpRow(PLAYING, N_("E"), N_("plan view: your plan on the board; again: the opponent's")),
    ),
    Command(
        Action.REVIEW,
        _review,
        (
            Chord(pygame.K_r),
            Chord(
                pygame.K_ESCAPE, when=lambda situation: reviewing(situation) and not coach_warned(situation)
            ),
        ),
        HelpRow(PLAYING, N_("R"), N_("review the game: \u2190\u2192 Home End step, Esc back")),
        ToolbarPlace(
            3,
            N_("Review"),
            NC_("toolbar, narrow window", "Review"),
            reviewing=(N_("Back to game"), NC_("toolbar, narrow window", "Back")),
        ),
    ),
    Command(
        Action.SHOW_ME,
        _show_me,
        (Chord(pygame.K_b, when=reviewing),),
        HelpRow(PLAYING, N_("B"), N_("in the review: show me the best line from the move shown")),
    ),
    Command(Action.REVIEW_BACK, _review_step(-1, None), (Chord(pygame.K_LEFT, when=reviewing),)),
    Command(Action.REVIEW_FORWARD, _review_step(1, None), (Chord(pygame.K_RIGHT, when=reviewing),)),
    Command(Action.REVIEW_FIRST, _review_step(0, False), (Chord(pygame.K_HOME, when=reviewing),)),
    Command(Action.REVIEW_LAST, _review_step(0, True), (Chord(pygame.K_END, when=reviewing),)),
    Command(
        Action.PUZZLE_THEME,
        _puzzle_theme,
        (Chord(pygame.K_f, when=lambda situation: playing(situation) and not situation.letters_are_cells),),
        HelpRow(PLAYING, N_("F"), N_("puzzles: the theme of the next ones (any, double threat ...)")),
    ),
    Command(
        Action.LEARN_MAP,
        lambda play: play.toggle_learn_map(),
        (
            Chord(
                pygame.K_l,
                when=lambda situation: (
                    map_shown(situation) or (playing(situation) and not situation.letters_are_cells)
                ),
            ),
            Chord(pygame.K_ESCAPE, when=map_shown),
        ),
        HelpRow(
            PLAYING,
            N_("L"),
            N_("Learn: the tree; click or arrows to walk it, Enter: drill from there, Esc: back"),
        ),
    ),
    Command(Action.LEARN_MAP_UP, _on_map(lambda tree: tree.up()), (Chord(pygame.K_UP, when=map_shown),)),
    Command(
        Action.LEARN_MAP_DOWN, _on_map(lambda tree: tree.down()), (Chord(pygame.K_DOWN, when=map_shown),)
    ),
    Command(
        Action.LEARN_MAP_LEFT,
        _on_map(lambda tree: tree.sideways(-1)),
        (Chord(pygame.K_LEFT, when=map_shown),),
    ),
    Command(
        Action.LEARN_MAP_RIGHT,
        _on_map(lambda tree: tree.sideways(1)),
        (Chord(pygame.K_RIGHT, when=map_shown),),
    ),
    Command(
        Action.LEARN_MAP_ROOT, _on_map(lambda tree: tree.select(())), (Chord(pygame.K_HOME, when=map_shown),)
    ),
    Command(
        Action.LEARN_DRILL,
        lambda play: play.drill_from_map(),
        (Chord(pygame.K_RETURN, when=map_shown), Chord(pygame.K_KP_ENTER, when=map_shown)),
    ),
    Command(
        Action.TAKE_BACK_COACHED,
        _take_back_coached,
        (Chord(pygame.K_BACKSPACE, when=coach_warned), Chord(pygame.K_ESCAPE, when=coach_warned)),
        HelpRow(
            PLAYING,
            N_("Backspace or Esc"),
            N_("coach on: take back the move it warned about, and choose again"),
        ),
    ),
    Command(
        Action.NEXT,
        _next,
        (
            Chord(pygame.K_RETURN, when=lambda situation: playing(situation) and situation.game_over),
            Chord(pygame.K_KP_ENTER, when=lambda situation: playing(situation) and situation.game_over),
        ),
        HelpRow(
            PLAYING, N_("Enter"), N_("next round (next puzzle, next branch in Learn), when the game is over")
        ),
    ),
    Command(
        Action.NEW,
        lambda play: play.new_round(next_round=False),
        (Chord(pygame.K_n, ctrl=True),),
        HelpRow(PLAYING, N_("Ctrl+N"), N_("new game")),
        ToolbarPlace(2, N_("New game"), NC_("toolbar, narrow window", "New")),
    ),
    Command(
        Action.PAUSE,
        _on_live_game(lambda play: play.board_game.toggle_pause()),
        (
            Chord(pygame.K_SPACE, when=lambda situation: playing(situation) and situation.watching),
            Chord(pygame.K_p, when=lambda situation: playing(situation) and situation.watching),
        ),
        HelpRow(PLAYING, N_("Space or P"), N_("pause (computer against computer)")),
    ),
    Command(
        Action.MENU,
        _menu,
        (Chord(pygame.K_ESCAPE, when=lambda situation: playing(situation) and not coach_warned(situation)),),
        HelpRow(PLAYING, N_("Esc"), N_("back to the start screen")),
        ToolbarPlace(5, N_("Menu"), NC_("toolbar, narrow window", "Menu")),
    ),
    Command(
        Action.SETTINGS,
        lambda play: OpenSettings(),
        toolbar=ToolbarPlace(4, N_("Settings"), NC_("toolbar, narrow window", "Settings")),
    ),
    Command(
        Action.SAVE,
        _save,
        (Chord(pygame.K_s, ctrl=True),),
        HelpRow(FILES, N_("Ctrl+S  /  Ctrl+O"), N_("save  /  load the game")),
    ),
    Command(Action.LOAD, play_files.load, (Chord(pygame.K_o, ctrl=True),)),
    Command(
        Action.COPY,
        _copy,
        (Chord(pygame.K_c, ctrl=True),),
        HelpRow(
            FILES, N_("Ctrl+C  /  Ctrl+V"), N_("copy the moves (e.g. 4453)  /  paste a game and review it")
        ),
    ),
    Command(
        Action.PASTE,
        lambda play: play_files.paste(play, paste_text()),
        (Chord(pygame.K_v, ctrl=True),),
    ),
    Command(
        Action.RESET_TALLY,
        _reset_tally,
        (Chord(pygame.K_r, ctrl=True),),
        HelpRow(FILES, N_("Ctrl+R"), N_("reset this board's record (asks first; Ctrl+Z undoes)")),
    ),
)
#: Each action's command.
BY_ACTION = {command.action: command for command in COMMANDS}
#: The toolbar's buttons, left to right: (action, its place).
TOOLBAR = tuple(
    sorted(
        ((command.action, command.toolbar) for command in COMMANDS if command.toolbar is not None),
        key=lambda button: button[1].position,
    )
)

#: The help card's rows for keys that are not commands, each before the command whose row it precedes (None:
#: at its section's end): the moves (:mod:`ui.play.move_keys`) and renaming a player (the match bar's).
MOVE_ROWS: tuple[tuple[Action | None, HelpRow], ...] = (
    (
        Action.UNDO,
        HelpRow(PLAYING, N_("Click, 1-9, \u2190\u2192 + Enter"), N_("play a column (Connect Four)")),
    ),
    (
        Action.UNDO,
        HelpRow(
            PLAYING, N_("Space or \u2193"), N_("drop the stone over the column chosen with \u2190\u2192")
        ),
    ),
    (Action.UNDO, HelpRow(PLAYING, N_("Click, 1-9, numpad, arrows"), N_("play a cell (Tic-tac-toe)"))),
    (
        Action.UNDO,
        HelpRow(PLAYING, N_("a-g  /  Shift+A"), N_("4 \u00d7 4 Tic-tac-toe: cells 10-16  /  analysis")),
    ),
    (
        None,
        HelpRow(
            PLAYING, N_("Click a name"), N_("two players: type your own name (Enter keeps it, Esc does not)")
        ),
    ),
)


def help_sections() -> tuple[Section, ...]:
    """The help card's sections of the play screen (untranslated): each command's row, and the other keys'
    rows (:data:`MOVE_ROWS`) in their places."""
    sections: dict[str, list[tuple[str, str]]] = {PLAYING: [], FILES: []}

    def add(row: HelpRow) -> None:
        sections[row.section].append((row.keys, row.text))

    for command in COMMANDS:
        for before, row in MOVE_ROWS:
            if before is command.action:
                add(row)
        if command.help is not None:
            add(command.help)
    for before, row in MOVE_ROWS:
        if before is None:
            add(row)
    return tuple((title, tuple(rows)) for title, rows in sections.items())


def key_action(key: int, mod: int, situation: Situation) -> Action | None:
    """The action ``key`` with the modifiers ``mod`` asks for in ``situation``; None for a key that names none
    (with Ctrl held, or while the review shows, it then does nothing; else it goes to the board)."""
    return claimant(((command.action, command.chords) for command in COMMANDS), key, mod, situation)
