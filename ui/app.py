"""The window's entry point and its one main loop, and what belongs to the whole window rather than one
screen.

Each frame: events -> scene.handle; engine.poll() -> scene.receive; scene.update(dt); then the window's
picture (:class:`WindowPicture`: the scene's picture and the window's layers over it) is made and drawn, and
the display flipped, only when it differs from the one drawn last; at most 60 frames a second. Scenes ask
for a switch (play, menu, quit) through their ``request``; the loop carries it out. :meth:`App.step` is one
frame without the display work, so tests drive the real loop with synthetic events and chosen time steps.

The window's own keys (:mod:`ui.panels.window_keys`) work on every screen and come before the screen's: F1
or ? shows the help (which then takes every key and click until closed), F2 the settings, M mutes, T changes
the theme, S the animation speed, Ctrl+Q closes the window. Their settings, and the game chosen on the start
screen, are remembered in the settings of the user's files (:class:`~ui.state.files.user_data.UserData`),
changed only by the player's own choices: options given on the command line are for that run (its game), and
the start screen then offers the player's own choices as they were. Notes about them (and about a user file
that could not be used, once, at the start) appear as a toast in the band the scene offers at the bottom.

The engine is made by a factory passed in (tests pass a fake); the real ``ai.engine.Engine`` is imported only
when the real window starts.

Quitting from outside: SDL turns SIGTERM into the window's quit event (it installs that handler when the
display starts, as SIGTERM still has its default action), so ``kill`` ends the loop like the close button:
status 0, the engine stopped. Ctrl+C (SIGINT) raises KeyboardInterrupt in the loop; :meth:`App.run` closes
the engine on its way out and ``main.py`` exits with status 130 without a traceback. Either way the process is
gone a fraction of a second later, even while the engine is deep in a search (tests/test_hostile_input.py).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import NoReturn, cast

import pygame
from pygame import Rect

from ai.messages import EngineFailure
from game.language import _, current_language, language_problem, use_language
from ui.kit.scene import (
    GoToLearn,
    GoToMenu,
    GoToPlay,
    GoToPuzzle,
    GoToStats,
    OpenSettings,
    RememberName,
    Scene,
)
from ui.kit.toast import PROBLEM_SECONDS, Toast
from ui.panels.closing_card import Closing, draw_closing
from ui.panels.help_card import draw_help, help_layout
from ui.panels.panel_input import PanelInput
from ui.panels.settings_panel import PanelPicture, SettingRow, draw_panel, panel_picture, panel_rows
from ui.panels.window_keys import WindowAction, WindowSituation, window_action
from ui.play.actions import help_sections as play_help
from ui.play.scene import PlayScene
from ui.screens import ScreenContext, Screens
from ui.sound import Sounds
from ui.start.scene import StartScene
from ui.state.animation import next_speed
from ui.state.board.engine_like import EngineLike
from ui.state.files import fallback
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.settings import DEFAULT_WINDOW, SETTING, Applies, Settings
from ui.state.files.user_data import UserData
from ui.state.option_changes import OptionChanges
from ui.state.options import PlayOptions
from ui.theme import THEMES, Fonts, Theme, next_theme
from ui.window.window_loop import run_window
from ui.words.problem_words import reason_text
from ui.words.texts import failure_text

log = logging.getLogger(__name__)

DEFAULT_SIZE = DEFAULT_WINDOW
#: Seconds the closing window waits at most, in all, for the changes to its user files to be written (a write
#: takes milliseconds; a stuck disk must not hold the window open).
FILE_WRITE_SECONDS = 2.0

EngineFactory = Callable[[], EngineLike]


@dataclass(frozen=True)
class ToastPicture:
    """The window's note on show: its text, the band the scene offers it, and the taller place for a long
    one (see :meth:`ui.kit.toast.Toast.card`)."""

    text: str
    area: Rect
    tall: Rect | None


@dataclass(frozen=True)
class HelpPicture:
    """The help card on show, at its ``page``."""

    page: int


@dataclass(frozen=True)
class WindowPicture:
    """Everything the window shows, as a plain value: the window's size, theme and language (the texts a
    view words itself follow them), the scene's picture, the toast, and what lies over them (the closing
    card, the help or the settings panel; None: nothing). The loop draws it when it differs from the one it
    drew last."""

    size: tuple[int, int]
    theme: Theme
    language: str
    scene: object
    toast: ToastPicture | None
    layer: Closing | HelpPicture | PanelPicture | None


class App:
    """The running window: one engine for the whole run, the scene on screen, and the window's settings."""

    def __init__(
        self,
        engine_factory: EngineFactory,
        options: PlayOptions,
        start_playing: bool,
        size: tuple[int, int] | None = None,
        theme: Theme | None = None,
        *,
        files: UserData | None = None,
        sounds: Sounds | None = None,
        resume: UnfinishedGame | None = None,
    ) -> None:
        """``files`` are the user's files, already read (None: all kept in memory only, for tests); ``size``
        and ``theme`` default to the stored settings. ``sounds`` stay silent until :meth:`run` opens the audio
        device. ``resume`` opens the window at that unfinished game, with its own options (``start_playing``
        is then implied)."""
        self.files = files or UserData()
        #: The window's settings: the stored ones, with a theme passed in for this run.
        self.settings: Settings = self.files.settings.value
        if theme is not None:
            self.settings = replace(self.settings, theme=theme.name)
        self.theme = THEMES[self.settings.theme]
        # Before any text is made: every text of the window is made in the language in use.
        use_language(self.settings.language)
        self.sounds = sounds or Sounds(enabled=self.settings.sound)
        self.fonts = Fonts()
        self.engine = engine_factory()
        self.screens = Screens(self.engine, self.files, self.fonts, self.sounds)
        self.running = True
        self.help_shown = False
        #: The help card's page on show (a window too short for every section shows them page by page).
        self.help_page = 0
        #: The settings panel (F2, or the play screen's Settings button): shown or not, its keyboard row.
        self.panel = PanelInput()
        self.toast = Toast()
        #: The closing card: the player closed the window while changes wait on a refused write (None: not
        #: shown).
        self.closing: Closing | None = None
        self._keeping: threading.Thread | None = None
        #: Where the mouse was last seen in the window, for the next play screen's hover (None: not known).
        self.pointer: tuple[int, int] | None = None
        #: The settings panel's rows, and what they were made of (made again only when that changes).
        self._rows: tuple[object, list[SettingRow]] | None = None
        size = size or self.settings.window
        self.scene: Scene = (
            self._play_scene(size, options, resume)
            if start_playing or resume is not None
            else self._start_scene(size, options)
        )
        # Each broken file is reported once, here, and in the log by the store that found it.
        problems = [reason_text(problem) for problem in self.files.problems()]
        if (problem := language_problem()) is not None:
            problems.append(problem)
        self.toast.show_each(problems, PROBLEM_SECONDS)

    def _play_scene(
        self, size: tuple[int, int], options: PlayOptions, resume: UnfinishedGame | None = None
    ) -> PlayScene:
        return self.screens.play(self._context(size), options, resume)

    def _start_scene(self, size: tuple[int, int], options: PlayOptions) -> StartScene:
        return self.screens.start(self._context(size), options)

    def _context(self, size: tuple[int, int]) -> ScreenContext:
        """What a screen made now is made for: ``size``, and the window's theme, animation speed and mouse."""
        return ScreenContext(size, self.theme, self.settings.animation, self.pointer)

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One frame of input, engine messages and time (no drawing)."""
        for event in events:
            if event.type == pygame.QUIT:
                self._close()
                return
            if self.closing is not None:
                self._closing_input(event)
                continue
            if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
                self.pointer = event.pos
            elif event.type == pygame.WINDOWLEAVE:
                self.pointer = None
            if self._window_input(event):
                continue
            choices = self.scene.options if isinstance(self.scene, StartScene) else None
            self.scene.handle(event)
            if isinstance(self.scene, StartScene) and choices is not None and self.scene.options != choices:
                # A choice on the start screen is the player's from the moment it is made, whichever screen
                # comes next (a puzzle, the rating, a game): the settings keep it.
                self._remember_play(self.scene.options)
            self._follow_request()
        for message in self.engine.poll():
            if isinstance(message, EngineFailure):
                # News about the engine, whichever screen shows and whatever request it failed in.
                self._note(failure_text(message), PROBLEM_SECONDS)
            else:
                self.scene.receive(message)
        self.scene.update(dt)
        # The user's files are written off this thread: a write that failed is told here, after the play
        # screen has told those of its board in its own notices.
        for problem in UserData.take_problems(self.files.writers()):
            self._note(reason_text(problem), PROBLEM_SECONDS)
        if self.closing is not None and not self.files.unsaved()[0]:
            # The card follows the copy's thread and the writers' retries: all saved, the window closes.
            self.running = False
        self.toast.advance(dt)
        self._follow_request()

    def _close(self) -> None:
        """The player closes the window (Ctrl+Q, the window's close button, SIGTERM): it closes, unless
        changes to the user's files wait on a refused write (a full disk); then the closing card says so and
        asks (see :mod:`ui.panels.closing_card`), while a copy is kept elsewhere, off this thread. Asked again
        while the card shows, it quits anyway."""
        if self.closing is not None:
            self.running = False
            return
        titles, reason = self.files.unsaved()
        if not titles:
            self.running = False
            return
        closing = Closing(titles, None if reason is None else reason_text(reason))
        self.closing = closing

        def keep() -> None:
            kept = fallback.keep_elsewhere(self.files, titles)
            closing.kept = False if kept is None else kept

        self._keeping = threading.Thread(target=keep, name="keep-elsewhere", daemon=True)
        self._keeping.start()

    def _closing_input(self, event: pygame.event.Event) -> None:
        """The closing card's keys: W waits for space, Q (or Ctrl+Q) quits anyway, Esc goes back."""
        if event.type != pygame.KEYDOWN or self.closing is None:
            return
        if event.key == pygame.K_w:
            self.closing.waiting = True
        elif event.key == pygame.K_q:
            self.running = False
        elif event.key == pygame.K_ESCAPE:
            self.closing = None

    def _window_input(self, event: pygame.event.Event) -> bool:
        """Handles the window's own keys (:data:`~ui.panels.window_keys.WINDOW_COMMANDS`, resolved before the
        screen's), and every key and click while the help or the settings show; True if taken."""
        if event.type == pygame.KEYDOWN:
            situation = WindowSituation(
                help_shown=self.help_shown, settings_shown=self.panel.shown, typing=self.scene.wants_text
            )
            action = window_action(event.key, event.mod, event.unicode, situation)
            if action is not None:
                self._window_act(action)
                return True
        if self._settings_input(event):
            return True
        if self.help_shown and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            # The help covers the screen: a click closes it rather than playing a move nobody could see.
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.help_shown = False
            return True
        return False

    def _window_act(self, action: WindowAction) -> None:
        """Does what the window's key ``action`` asks for."""
        match action:
            case WindowAction.HELP | WindowAction.CLOSE_HELP:
                # F1 or ? opens the help, then turns its pages, and closes it after the last; Esc closes it.
                pages = len(help_layout(self.scene.size, self.fonts, play_help()).pages)
                turns = self.help_shown and action is WindowAction.HELP and self.help_page + 1 < pages
                self.help_page = self.help_page + 1 if turns else 0
                self.help_shown = turns or (not self.help_shown and action is WindowAction.HELP)
            case WindowAction.SETTINGS:
                self.show_settings(not self.panel.shown)
            case WindowAction.SOUND:
                self._apply_setting("sound", not self.settings.sound)
                if not self.sounds.available:
                    if self.settings.sound:
                        self._note(_("No audio device: nothing to hear (sound on for when there is one)"))
                    else:
                        self._note(_("No audio device: nothing to hear (sound off for when there is one)"))
                else:
                    self._note(_("Sound on") if self.settings.sound else _("Sound off (M turns it on)"))
            case WindowAction.THEME:
                self._apply_setting("theme", next_theme(self.theme).name)
                theme = SETTING["theme"].text(self.settings.theme)
                self._note(_("Theme: {theme}").format(theme=theme))
            case WindowAction.ANIMATION:
                self._apply_setting("animation", next_speed(self.settings.animation))
                speed = SETTING["animation"].text(self.settings.animation)
                self._note(_("Animations: {speed}").format(speed=speed))
            case WindowAction.QUIT:
                self._close()
            case _:
                # Every action has its case above: the type check finds ``action`` of no type left here.
                unhandled: NoReturn = action
                raise AssertionError(unhandled)

    # --- the settings panel ---------------------------------------------------------------------------------

    def _setting_rows(self) -> list[SettingRow]:
        """The panel's rows: made again only when the settings, the game on the board, the language or the
        audio device's presence changed, not on every event or frame."""
        play = self.scene.play_state.options if isinstance(self.scene, PlayScene) else None
        made_of = (self.settings, play, current_language(), self.sounds.available)
        if self._rows is None or self._rows[0] != made_of:
            notes = {} if self.sounds.available else {"sound": _("no audio device")}
            self._rows = (made_of, panel_rows(self.settings, play, notes))
        return self._rows[1]

    @property
    def settings_shown(self) -> bool:
        """The settings panel shows (F2, or the play screen's Settings button)."""
        return self.panel.shown

    def show_settings(self, shown: bool) -> None:
        """Opens or closes the settings panel."""
        self.panel.show(shown)

    def _settings_input(self, event: pygame.event.Event) -> bool:
        """The settings panel's keys and clicks (see :meth:`PanelInput.handle`); a choice applies at once."""
        if not self.panel.shown:
            return False
        answer = self.panel.handle(event, self._setting_rows(), self.scene.size, self.fonts)
        if answer.choice is not None:
            self._apply_setting(*answer.choice)
        return answer.taken

    def _apply_setting(self, key: str, value: object) -> None:
        """Applies a new ``value`` of the setting ``key`` (of :data:`~ui.state.files.settings.SETTINGS`) now,
        as its :class:`~ui.state.files.settings.Applies` says, and remembers it: a choice of the panel, or a
        one-key shortcut's."""
        setting = SETTING[key]
        if setting.applies is Applies.BOARD and not isinstance(self.scene, PlayScene):
            return
        self._change(lambda settings: setting.changed(settings, value))
        match setting.applies:
            case Applies.SOUND:
                self.sounds.enabled = self.settings.sound
            case Applies.LOOK:
                self.theme = THEMES[self.settings.theme]
                self.scene.set_theme(self.theme)
            case Applies.ANIMATION:
                if isinstance(self.scene, PlayScene):
                    self.scene.play_state.set_animation(self.settings.animation)
            case Applies.LANGUAGE:
                use_language(self.settings.language)
                # The scene's texts are made anew in the language now in use (its views too, as for a theme).
                self.scene.set_theme(self.theme)
                if (problem := language_problem()) is not None:
                    self._note(reason_text(problem), PROBLEM_SECONDS)
            case Applies.BOARD:
                # The game on the board changes, and the player's settings take that one choice (the board's
                # other options may be a puzzle's or a continued game's, which are not the player's settings).
                assert isinstance(self.scene, PlayScene), "a board's setting is offered only on the board"
                changes = cast(OptionChanges, {key: setting.value(self.settings)})
                self.scene.play_state.board_game.change_options(**changes)
            case Applies.PICTURE | Applies.LATER:
                pass  # the screen's picture reads it, made every frame; the next start reads it
            case _:
                # Every way a change applies has its case above: the type check finds none left here.
                unhandled: NoReturn = setting.applies
                raise AssertionError(unhandled)
        if setting.note is not None:
            self._note(setting.note(setting.value(self.settings)))

    def _change(self, change: Callable[[Settings], Settings]) -> None:
        """Changes the window's settings and remembers them, that change only (another window's changes to
        the other settings are kept); the file is written off this thread (a failed write is shown by
        :meth:`step`)."""
        self.settings = change(self.settings)
        self.files.settings.change(change)

    def _remember_play(self, play: PlayOptions) -> None:
        """The player's choices of a game (:attr:`Settings.play`) are ``play`` from now on, and remembered."""
        self._change(lambda settings: replace(settings, play=play))

    def _note(self, text: str, seconds: float | None = None) -> None:
        if seconds is None:
            self.toast.show(text)
        else:
            self.toast.show(text, seconds)

    def picture(self) -> WindowPicture:
        """What the window shows now (see :class:`WindowPicture`)."""
        toast = None
        if self.toast.text is not None:
            toast = ToastPicture(self.toast.text, self.scene.toast_area(), self.scene.tall_toast_area())
        layer: Closing | HelpPicture | PanelPicture | None = None
        if self.closing is not None:
            layer = replace(self.closing)  # the card as it is now: its copy's thread changes the card's own
        elif self.help_shown:
            layer = HelpPicture(self.help_page)
        elif self.settings_shown:
            mouse = self.pointer if self.pointer is not None else (-1, -1)
            rows = self._setting_rows()
            layer = panel_picture(self.scene.size, self.fonts, rows, mouse, self.panel.focus)
        scene = self.scene.picture(self.settings)
        return WindowPicture(self.scene.size, self.theme, current_language(), scene, toast, layer)

    def render(self, surface: pygame.Surface, picture: WindowPicture | None = None) -> None:
        """Draws ``picture`` (this frame's :meth:`picture`; None: made now): the scene, then the window's
        layers over it: the toast, and the closing card, the help or the settings panel."""
        shown = picture or self.picture()
        self.scene.draw(surface, shown.scene)
        if shown.toast is not None:
            self.toast.draw(surface, self.theme, self.fonts, shown.toast.area, shown.toast.tall)
        layer = shown.layer
        if isinstance(layer, Closing):
            draw_closing(surface, self.theme, self.fonts, layer)
        elif isinstance(layer, HelpPicture):
            draw_help(surface, self.theme, self.fonts, play_help(), layer.page)
        elif isinstance(layer, PanelPicture):
            draw_panel(surface, self.theme, self.fonts, list(layer.rows), layer.hovered, layer.focus)

    def _follow_request(self) -> None:
        request = self.scene.request
        if request is None:
            return
        size = self.scene.size
        if isinstance(request, GoToPlay):
            # The choices of the start screen are the settings to remember (a continued game is not a choice).
            if isinstance(self.scene, StartScene) and request.resume is None:
                self._remember_play(request.options)
            self.scene = self._play_scene(size, request.options, request.resume)
        elif isinstance(request, GoToMenu):
            options = self.settings.play if request.options is None else request.options
            self.scene = self._start_scene(size, options)
        elif isinstance(request, RememberName):
            names = list(self.settings.play.names)
            names[request.player] = request.name
            self._remember_play(replace(self.settings.play, names=(names[0], names[1])))
        elif isinstance(request, OpenSettings):
            self.show_settings(True)
        elif isinstance(request, GoToPuzzle):
            puzzle = self.screens.next_puzzle(self._context(size))
            if isinstance(puzzle, str):
                self._note(puzzle, PROBLEM_SECONDS)
                self.scene = self._start_scene(size, self.settings.play)
            else:
                self.scene = puzzle
        elif isinstance(request, GoToLearn):
            learn = self.screens.learn(self._context(size))
            if isinstance(learn, str):
                self._note(learn, PROBLEM_SECONDS)
                self.scene = self._start_scene(size, self.settings.play)
            else:
                self.scene = learn
        elif isinstance(request, GoToStats):
            self.scene = self.screens.rating(self._context(size), request.options)
        self.scene.request = None

    @property
    def screen(self) -> Scene:
        """The screen on show (what the window loop resizes and names)."""
        return self.scene

    def start_sound(self) -> None:
        self.sounds.start()

    def finish(self, size: tuple[int, int] | None) -> None:
        """The window closes: its ``size`` (when it closed normally) is remembered, every change to the
        user's files written (waiting at most :data:`FILE_WRITE_SECONDS`), the engine and the sounds
        closed. Changes that could not be written by then are named on the log, since the window is gone."""
        try:
            if size is not None:
                self._change(lambda settings: replace(settings, window=size))
        finally:
            if self._keeping is not None:
                self._keeping.join(FILE_WRITE_SECONDS)
            unsaved = self.files.close(FILE_WRITE_SECONDS)
            if not unsaved and self.closing is not None:
                # Saved after all (the disk had room again): the copy kept elsewhere is not needed.
                fallback.forget(self.closing.kept)
            elif unsaved and self.closing is None:
                # Writes still on their way when the window went (a disk slow to answer): kept elsewhere too.
                fallback.keep_elsewhere(self.files, unsaved)
            if unsaved:
                log.warning(
                    "%s",
                    _("Not saved as the window closed: {files}").format(
                        files=", ".join(_(title) for title in unsaved)
                    ),
                )
            self.engine.close()
            self.sounds.close()

    def run(self) -> int:
        """Opens the window and runs until it is closed; always closes the engine. Returns the exit status."""
        return run_window(self)
