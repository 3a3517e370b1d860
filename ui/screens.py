"""The window's screens, made on request: the start screen, a game, the next puzzle, the rating. One
:class:`Screens` per window holds what every screen of that window shares (the engine, the user's files, the
fonts, the sounds); what may change between two screens (the window's size, the theme, the animations' speed,
where the mouse is) is passed in as one :class:`ScreenContext`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from ai.learn.tree import LearnTreeError
from ai.puzzles import Puzzle, PuzzleFileError, PuzzleSet, load_puzzles
from ai.rating.ladder import LadderFileError, ladder_for, shipped_ladder
from game.language import _
from ui.play.scene import PlayScene
from ui.sound import Sounds
from ui.start.scene import StartScene
from ui.state.board.engine_like import EngineLike
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.puzzle_record import choose_puzzle, puzzle_options
from ui.state.files.user_data import UserData
from ui.state.options import Mode, PlayOptions
from ui.state.play import finished_round
from ui.state.play.learn_drill import GraphLoader, LearnDrill, learn_options
from ui.state.play.puzzle_theme import ThemeChoice, offered_themes
from ui.state.stats import rating_stats
from ui.statistics.scene import StatsScene
from ui.theme import Fonts, Theme
from ui.words.learn_words import no_tree_text, reading_tree_text
from ui.words.problem_words import problem_text


@dataclass(frozen=True)
class ScreenContext:
    """What a new screen is made for, as the window stands when it asks: the window's ``size``, the
    ``theme``, the ``animation`` speed (a key of :data:`ui.state.animation.ANIMATION_SPEEDS`) and where the
    mouse is (``pointer``; None: outside the window)."""

    size: tuple[int, int]
    theme: Theme
    animation: str
    pointer: tuple[int, int] | None


@dataclass
class Screens:
    """Makes one window's screens."""

    engine: EngineLike
    files: UserData
    fonts: Fonts
    sounds: Sounds
    puzzle_rng: random.Random = field(default_factory=random.Random)
    #: The theme the player asks this window's puzzles of.
    puzzle_theme: ThemeChoice = field(default_factory=ThemeChoice)
    #: The Learn trainer's tree, read on a thread of its own once the start screen first shows.
    learn_loader: GraphLoader = field(default_factory=GraphLoader)
    #: The shipped puzzles, or why they cannot be used: read at the first puzzle of the window, then kept
    #: (a fifth of a second each time otherwise, and the file does not change while the program runs).
    shipped_puzzles: PuzzleSet | PuzzleFileError | None = None

    def start(self, context: ScreenContext, options: PlayOptions) -> StartScene:
        """The start screen showing ``options``, offering this window's unfinished game if it has one."""
        # Read again: another window may have kept or finished a game since this one last looked. This
        # window's own last move is in the writer's value even while its write is still on the way.
        unfinished = self.files.unfinished.reload().offered(self.files.window)
        self.learn_loader.start()
        return StartScene(context.size, options, context.theme, self.fonts, unfinished=unfinished)

    def play(
        self,
        context: ScreenContext,
        options: PlayOptions,
        resume: UnfinishedGame | None = None,
        puzzle: Puzzle | None = None,
        learn: LearnDrill | None = None,
    ) -> PlayScene:
        """A game of ``options`` (or the unfinished game ``resume``, or ``puzzle``, or a run of the Learn
        trainer ``learn``)."""
        return PlayScene(
            context.size,
            options,
            self.engine,
            context.theme,
            self.fonts,
            sounds=self.sounds,
            files=self.files,
            animation=context.animation,
            pointer=context.pointer,
            resume=resume,
            puzzle=puzzle,
            theme_choice=self.puzzle_theme,
            learn=learn,
        )

    def next_puzzle(self, context: ScreenContext) -> PlayScene | str:
        """The next puzzle for the player's rating, of the theme chosen; where the puzzle file cannot be used,
        why (for a toast)."""
        if self.shipped_puzzles is None:
            try:
                self.shipped_puzzles = load_puzzles()
            except PuzzleFileError as error:
                self.shipped_puzzles = error
        shipped = self.shipped_puzzles
        if isinstance(shipped, PuzzleFileError):
            return _("No puzzles: {reason}").format(reason=problem_text(shipped.brief()))
        self.puzzle_theme.offer(offered_themes(shipped.puzzles))
        record = self.files.puzzles.value
        puzzle = choose_puzzle(shipped.puzzles, record, self.puzzle_rng, self.puzzle_theme.theme)
        return self.play(context, puzzle_options(puzzle), puzzle=puzzle)

    def learn(self, context: ScreenContext) -> PlayScene | str:
        """The Learn trainer's board (see :mod:`ui.state.play.learn_drill`); where the tree cannot be used,
        or is still being read (it is read once per window, on a thread of its own), why (for a toast)."""
        graph = self.learn_loader.result()
        if graph is None:
            return reading_tree_text()
        if isinstance(graph, LearnTreeError):
            return no_tree_text(problem_text(graph.brief()))
        drill = LearnDrill(graph, self.files.learning.value)
        return self.play(context, learn_options(graph.tree), learn=drill)

    def rating(self, context: ScreenContext, options: PlayOptions) -> StatsScene:
        """The player's rating on the board the ladder rates (Connect Four 7 x 6, whatever the start screen
        shows: it is the one rated board)."""
        rated = replace(options.with_game("connect4", 7, 6), mode=Mode.COMPUTER)
        ladder = ladder_for(rated.variant())
        if ladder is None:
            # The rated board always has a ladder: it is the shipped file that cannot be used.
            unusable = shipped_ladder()
            why = unusable.brief() if isinstance(unusable, LadderFileError) else None
            return StatsScene(context.size, options, None, None, context.theme, self.fonts, why=why)
        start = finished_round.start_rating(ladder)
        ratings, puzzles = self.files.ratings.value, self.files.puzzles.value
        stats = rating_stats(ratings, puzzles, rated, ladder, start)
        return StatsScene(context.size, options, stats, ladder, context.theme, self.fonts)
