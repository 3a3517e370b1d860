"""Renders every screen of the window into assets/screenshots/*.png, headless, without a real search.

Scenes are drawn onto an off-screen Surface with SDL's dummy video driver; the computer's moves come from the
fake engine of :mod:`tools.support.fakes`, which plays a scripted game. Run: ``make screenshots`` or ``python
tools/screenshots.py``.

``python tools/screenshots.py --language de`` draws a few screens in one language instead, into
assets/screenshots/<code>/: the start screen, a game with the analysis overlay and the settings panel, for the
translators to see their words in place.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from ai.contracts import (  # noqa: E402
    Budget,
    Limits,
    SearchResult,
)
from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.heuristic.search import Searcher  # noqa: E402
from ai.heuristic.table import TranspositionTable  # noqa: E402
from ai.learn.tree import read_tree  # noqa: E402
from ai.messages import BestMove, LiveCount, Progress  # noqa: E402
from ai.play.levels import MAX, Level  # noqa: E402
from ai.play.review import review_game  # noqa: E402
from ai.play.thinker import Thinker  # noqa: E402
from ai.puzzles import load_puzzles  # noqa: E402
from ai.rating.ladder import read_ladder  # noqa: E402
from ai.rating.performance import observations_of, performance  # noqa: E402
from ai.score import Score  # noqa: E402
from ai.stop_flag import StopFlag  # noqa: E402
from assets.catalogs import shipped_catalogs  # noqa: E402
from game.connect4 import ConnectFour  # noqa: E402
from game.language import LANGUAGES, language_problem, use_catalogs, use_language  # noqa: E402
from tools.support.fakes import FakeEngine, deliver_review, scripted, search_result, settle  # noqa: E402
from ui.app import DEFAULT_SIZE  # noqa: E402
from ui.panels.help_card import draw_help  # noqa: E402
from ui.panels.settings_panel import draw_panel, panel_rows  # noqa: E402
from ui.play.actions import Action  # noqa: E402
from ui.play.actions import help_sections as play_help  # noqa: E402
from ui.play.scene import PlayScene  # noqa: E402
from ui.start.scene import StartScene  # noqa: E402
from ui.state.board.match import Computer, You  # noqa: E402
from ui.state.files.current_game import UnfinishedGame  # noqa: E402
from ui.state.files.learn_record import LearnRecord  # noqa: E402
from ui.state.files.player_rating import Ratings  # noqa: E402
from ui.state.files.puzzle_record import PuzzleRecord, puzzle_options  # noqa: E402
from ui.state.files.settings import Settings  # noqa: E402
from ui.state.files.tally import Record, Tally  # noqa: E402
from ui.state.files.user_data import UserData  # noqa: E402
from ui.state.options import FirstPlayer, Mode, PlayOptions  # noqa: E402
from ui.state.play.finished_round import start_rating  # noqa: E402
from ui.state.play.learn_drill import LearnDrill, LearnGraph, learn_options  # noqa: E402
from ui.state.play.notices import NotRated  # noqa: E402
from ui.state.stats import rating_stats  # noqa: E402
from ui.statistics.scene import StatsScene  # noqa: E402
from ui.theme import CLASSIC, DARK, HIGH_CONTRAST, Fonts  # noqa: E402
from ui.window.window_loop import MIN_WINDOW  # noqa: E402

OUT = ROOT / "assets" / "screenshots"


def play_script(scene: PlayScene, engine: FakeEngine, script: str) -> None:
    """Plays ``script`` through the scene: human moves as key presses, the computer's through the engine."""
    while scene.play_state.game.ply() < len(script) and not scene.play_state.game.is_over():
        if scene.play_state.board_game.is_human_turn():
            scene.play_state.try_play(scene.play_state.game.text_to_move(script[scene.play_state.game.ply()]))
        settle(scene, engine)


def hover(scene: PlayScene, move: int) -> None:
    """Moves the mouse over ``move``'s column (ghost row) or cell."""
    layout = scene.layout()
    if scene.play_state.gravity:
        position = layout.ghost_centre(move)
    else:
        position = layout.cell_centre(*divmod(move, scene.play_state.game.width))
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=position, rel=(0, 0), buttons=(0, 0, 0)))


def exact_ponder_progress(scene: PlayScene, engine: FakeEngine) -> Progress:
    """What pondering reports once the exact solver has proven every move of the human's position: the real
    values, from the solver itself (so the picture shows the truth, not made-up numbers)."""
    analyzer = ExactAnalyzer(solver_slots=1 << 20)
    started = time.perf_counter()
    game = scene.play_state.game.copy()
    cells = game.width * game.height

    def values(position) -> dict[int, int]:
        return {
            move: value.value
            for move, value in enumerate(analyzer.move_values(position))
            if value is not None
        }

    move_values = values(game)
    line = []
    position = game.copy()
    while not position.is_over() and len(line) < 8:
        best = max((value, -move) for move, value in values(position).items())
        line.append(-best[1])
        position.apply(line[-1])
    best_move = line[0]
    move_scores = tuple((move, Score(value)) for move, value in sorted(move_values.items()))
    token = engine.last("ponder").token
    seconds = time.perf_counter() - started
    depth = cells - game.ply()
    result = SearchResult(
        depth, Score(move_values[best_move]), best_move, tuple(line), analyzer.nodes, seconds, move_scores
    )
    return Progress(token, result)


def ask_then_prove(scene: PlayScene, engine: FakeEngine, key: int, name: str) -> None:
    """The player presses ``key`` (A or H) and pondering then reports every move proven, with the exact
    solver's real values, as the engine does (``name``: the key's text)."""
    settle(scene, engine, 0.5)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=name))
    engine.deliver(exact_ponder_progress(scene, engine))
    settle(scene, engine, 0.5)


def heuristic_ponder_progress(scene: PlayScene, engine: FakeEngine, depth: int) -> Progress:
    """What pondering reports after ``depth`` plies on a position the search cannot prove: the real search's
    estimate of every move (so the bars show the engine's own opinion)."""
    thinker = Thinker(table_entries=1 << 16, seed=1)
    game = scene.play_state.game.copy()
    last = None
    for last in thinker.ponder(game, Limits(depth=depth), Budget(stop=StopFlag())):
        pass
    assert last is not None
    token = engine.last("ponder").token
    return Progress(token, last)


def save(
    scene, name: str, size: tuple[int, int] = DEFAULT_SIZE, with_help: bool = False, out: Path = OUT
) -> None:
    play_state = getattr(scene, "play_state", None)
    feedback = None if play_state is None else play_state.feedback
    if feedback is not None and feedback.notice is not None and isinstance(feedback.notice.said, NotRated):
        # Every screenshot reaches its moment from a set-up position: the words such a game starts with give
        # way to what the picture shows (a player reads them for a few seconds, then sees the same).
        feedback.notice = None
        scene.update(0.0)
    surface = pygame.Surface(size)
    scene.resize(size)
    scene.draw(surface)
    if with_help:
        draw_help(surface, scene.theme, scene.fonts, play_help())
    path = out / f"{name}.png"
    pygame.image.save(surface, str(path))
    print(f"wrote {path.relative_to(ROOT)}")


def analysis_scene(size: tuple[int, int], fonts: Fonts) -> PlayScene:
    """The analysis overlay (A) on a position of the public benchmark set: the human (Yellow) to move."""
    engine = FakeEngine(auto_answer=False)
    options = PlayOptions(level=MAX, moves="5554224333234511764415115")
    scene = PlayScene(size, options, engine, fonts=fonts)
    ask_then_prove(scene, engine, pygame.K_a, "a")
    return scene


def save_settings_panel(scene: PlayScene, size: tuple[int, int], fonts: Fonts, out: Path = OUT) -> None:
    """The settings panel (F2, or the Settings button) over the game of ``scene``."""
    feedback = scene.play_state.feedback
    if feedback.notice is not None and isinstance(feedback.notice.said, NotRated):
        feedback.notice = None  # as in save()
        scene.update(0.0)
    surface = pygame.Surface(size)
    scene.resize(size)
    scene.draw(surface)
    rows = panel_rows(Settings(animation="fast"), replace(scene.play_state.options, coach=True))
    draw_panel(surface, scene.theme, fonts, rows, None, focus=1)
    path = out / "settings-panel.png"
    pygame.image.save(surface, str(path))
    print(f"wrote {path.relative_to(ROOT)}")


def language_screenshots(code: str, fonts: Fonts, size: tuple[int, int]) -> int:
    """The start screen, a game with the analysis overlay and the settings panel in the language ``code``,
    into assets/screenshots/<code>/; 1 (and nothing written) where its catalog cannot be read."""
    use_catalogs(shipped_catalogs())
    use_language(code)
    if language_problem() is not None:
        print(language_problem(), file=sys.stderr)
        return 1
    out = OUT / code
    out.mkdir(parents=True, exist_ok=True)
    save(StartScene(size, PlayOptions(), fonts=fonts), "start", out=out)
    scene = analysis_scene(size, fonts)
    save(scene, "connect4-analysis", out=out)
    save_settings_panel(scene, size, fonts, out)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Renders the window's screens into assets/screenshots/.")
    parser.add_argument(
        "--language",
        choices=sorted(LANGUAGES),
        help="only the start screen, the analysis overlay and the settings panel, in this language, into "
        "assets/screenshots/<code>/",
    )
    args = parser.parse_args(argv)
    pygame.init()
    pygame.display.set_mode((1, 1))
    fonts = Fonts()
    size = DEFAULT_SIZE
    if args.language is not None:
        return language_screenshots(args.language, fonts, size)
    OUT.mkdir(parents=True, exist_ok=True)

    save(StartScene(size, PlayOptions(), fonts=fonts), "start")
    save(
        StartScene(size, PlayOptions(mode=Mode.WATCH, watch_levels=(Level(4), MAX)), fonts=fonts),
        "start-watch",
    )
    two_players = PlayOptions(game="tictactoe", width=3, height=3, mode=Mode.TWO_PLAYERS)
    save(StartScene(size, two_players, fonts=fonts), "start-two-players")
    unfinished = UnfinishedGame(PlayOptions(level=Level(6)), 1, "4453362")
    save(StartScene(size, PlayOptions(), fonts=fonts, unfinished=unfinished), "start-continue")
    save(
        StartScene(MIN_WINDOW, PlayOptions(), fonts=fonts, unfinished=unfinished),
        "start-smallest",
        MIN_WINDOW,
    )

    script = "4444355231"
    engine = scripted(script)
    scene = PlayScene(size, PlayOptions(level=Level(6)), engine, fonts=fonts)
    play_script(scene, engine, script[:8])
    hover(scene, 2)
    save(scene, "connect4-hover")

    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(size, PlayOptions(level=MAX), engine, fonts=fonts)
    for column in (3, 2):
        scene.play_state.try_play(column)
        settle(scene, engine, 1.0)
        token = engine.last("think").token
        engine.deliver(Progress(token, search_result(9, Score.estimate(45), (3, 3, 2), 412_337, 1.4)))
        settle(scene, engine, 0.5)
        if column == 3:
            engine.deliver(BestMove(token, search_result(9, Score.estimate(45), (3,), 412_337, 1.4)))
            settle(scene, engine, 1.5)
    # Between two depths: the count and the time go on.
    engine.live = LiveCount(token, 631_808, 2.1)
    settle(scene, engine, 0.5)
    save(scene, "connect4-thinking")

    script = "73426531765522677"
    engine = scripted(script)
    scene = PlayScene(size, PlayOptions(level=Level(4)), engine, fonts=fonts)
    play_script(scene, engine, script)
    settle(scene, engine)
    save(scene, "connect4-won")

    # Red (you) throws a won game away with move 15; the review shows it, from the real exact analysis.
    script = "444447562366621351"
    engine = scripted(script)
    scene = PlayScene(size, PlayOptions(level=MAX), engine, fonts=fonts)
    play_script(scene, engine, script)
    settle(scene, engine)
    scene.act(Action.REVIEW)
    deliver_review(engine, scene.play_state.game, 1 << 16)
    settle(scene, engine, 0.5)
    save(scene, "connect4-review")
    scene.play_state.step_review(15)
    save(scene, "connect4-review-blunder")
    # "Show me" (B) from the blunder: the best line, from the real exact analysis, five moves in.
    scene.act(Action.SHOW_ME)
    line = scene.play_state.review.line if scene.play_state.review is not None else None
    assert line is not None
    analyzer = ExactAnalyzer(solver_slots=1 << 20)
    while not line.done:
        frontier = line.frontier()
        values = analyzer.move_values(frontier)
        move_scores = tuple((move, value) for move, value in enumerate(values) if value)
        best = max(move_scores, key=lambda valued: valued[1])
        result = search_result(1, best[1], (best[0],), analyzer.nodes, 0.1, move_scores)
        engine.deliver(Progress(engine.last("ponder").token, result))
        settle(scene, engine, 0.25)
    line.step(5 - line.shown)
    settle(scene, engine, 0.5)
    save(scene, "connect4-show-me")

    script = "5139"
    engine = scripted(script + "2")
    scene = PlayScene(
        size, PlayOptions(game="tictactoe", width=3, height=3, level=Level(3)), engine, fonts=fonts
    )
    play_script(scene, engine, script)
    hover(scene, 6)
    save(scene, "tictactoe")

    script = "51397"
    engine = scripted(script)
    scene = PlayScene(
        size, PlayOptions(game="tictactoe", width=3, height=3, mode=Mode.TWO_PLAYERS), engine, fonts=fonts
    )
    play_script(scene, engine, script)
    settle(scene, engine)
    save(scene, "tictactoe-won")

    script = "45546536"
    engine = scripted(script)
    options = PlayOptions(width=8, height=7, mode=Mode.TWO_PLAYERS, first=FirstPlayer.HUMAN)
    scene = PlayScene(size, options, engine, fonts=fonts)
    play_script(scene, engine, script)
    hover(scene, 6)
    save(scene, "two-players", (1100, 760))

    save(analysis_scene(size, fonts), "connect4-analysis")

    # The analysis overlay early in a game on 8 x 7, where there is no book, dark theme: nothing is proven,
    # every move is an estimate bar.
    engine = FakeEngine(auto_answer=False)
    options = PlayOptions(width=8, height=7, level=Level(8), moves="44351276")
    scene = PlayScene(size, options, engine, DARK, fonts=fonts)
    settle(scene, engine, 0.5)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    engine.deliver(heuristic_ponder_progress(scene, engine, 7))
    settle(scene, engine, 0.5)
    hover(scene, 2)
    save(scene, "connect4-analysis-dark")

    # The hint (H), dark theme: the pondered best move marked on the board.
    engine = FakeEngine(auto_answer=False)
    options = PlayOptions(level=Level(8), moves="4443322551")
    scene = PlayScene(size, options, engine, DARK, fonts=fonts)
    ask_then_prove(scene, engine, pygame.K_h, "h")
    save(scene, "connect4-hint")

    # The overlay against depth 2 in the middle of a game where every move wins for Red: proven on the
    # player's time whatever the level, each value under its winner's own mark, in each theme.
    for theme, suffix in ((CLASSIC, ""), (DARK, "-dark"), (HIGH_CONTRAST, "-high-contrast")):
        engine = FakeEngine(auto_answer=False)
        options = PlayOptions(level=Level(2), moves="4435524644")
        scene = PlayScene(size, options, engine, theme, fonts=fonts)
        ask_then_prove(scene, engine, pygame.K_a, "a")
        save(scene, f"connect4-analysis-depth2{suffix}")

    # The thinking line at depth 2: the real search's result; the headline and the detail agree.
    engine = FakeEngine(auto_answer=False)
    options = PlayOptions(level=Level(2), moves="443552464", first=FirstPlayer.COMPUTER)
    scene = PlayScene(size, options, engine, fonts=fonts)
    settle(scene, engine, 0.5)
    think = engine.last("think")
    for result in Thinker(table_entries=1 << 16, seed=1).think(scene.play_state.game.copy(), Limits(depth=2)):
        engine.deliver(Progress(think.token, result))
    settle(scene, engine, 0.5)
    save(scene, "connect4-thinking-depth2")

    # The max level while its exact solver works: "proving", with the count, never a depth of the board.
    engine = FakeEngine(auto_answer=False)
    options = PlayOptions(level=MAX, moves="44355", first=FirstPlayer.COMPUTER)
    scene = PlayScene(size, options, engine, fonts=fonts)
    settle(scene, engine, 0.5)
    think = engine.last("think")
    engine.deliver(Progress(think.token, search_result(12, Score.estimate(24), (3, 3, 2), 98_304, 0.9)))
    engine.live = LiveCount(think.token, 1_187_840, 1.6, proving=True)
    settle(scene, engine, 0.5)
    save(scene, "connect4-thinking-max")

    # The high-contrast theme: discs differ by shape as well as colour, and the status names the shape.
    script = "4453542335"
    engine = scripted(script)
    scene = PlayScene(size, PlayOptions(level=Level(6)), engine, HIGH_CONTRAST, fonts=fonts)
    play_script(scene, engine, script)
    settle(scene, engine)
    hover(scene, 5)
    save(scene, "connect4-high-contrast")

    # The help (F1 or ?) over a game.
    save(scene, "help", with_help=True)

    # The match bar: two named players at the smallest window after three rounds, and against the computer
    # in a large one with the stored tally beside this match's score.
    engine = FakeEngine()
    options = PlayOptions(mode=Mode.TWO_PLAYERS, names=("Ann", "Bartholomew"))
    scene = PlayScene(MIN_WINDOW, options, engine, fonts=fonts)
    for moves in ("1212121", "71212121", "4455"):
        for move in moves:
            scene.play_state.try_play(int(move) - 1)
        settle(scene, engine)
        if not scene.play_state.game.is_over():
            break
        scene.play_state.new_round(next_round=True)
    save(scene, "match-bar-smallest", MIN_WINDOW)
    tallied = UserData()
    tallied.tally.change(lambda empty: Tally({"connect4 7x6 vs depth 4": Record(wins=5, draws=2, losses=3)}))
    script = "4444355231"
    engine = scripted(script)
    scene = PlayScene(size, PlayOptions(level=Level(4)), engine, fonts=fonts, files=tallied)
    play_script(scene, engine, script[:6])
    scene.play_state.match.wins.update({You(): 2, Computer(Level(4)): 1})
    save(scene, "match-bar-large", (1600, 1000))

    # The coach speaking: the player (Red) reaches for the one move that throws the win away.
    engine = FakeEngine(auto_answer=False)
    options = PlayOptions(level=Level(2), moves="472563312676", coach=True)
    scene = PlayScene(size, options, engine, fonts=fonts)
    ask_then_prove(scene, engine, pygame.K_h, "h")
    scene.play_state.assistance.hint = None
    hover(scene, 4)
    scene.play_state.try_play(4)
    save(scene, "coach")

    # A puzzle from the shipped set, then the same puzzle solved (the perfect defender's replies scripted from
    # the exact solver's best moves).
    puzzle = next(p for p in load_puzzles().puzzles if p.win_in == 4 and p.grade == "hard")
    files = UserData()
    files.puzzles.change(
        lambda empty: PuzzleRecord(streak=6, best_streak=9, rating=1436, solved=31, failed=7, deviation=62.0)
    )
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(size, puzzle_options(puzzle), engine, fonts=fonts, puzzle=puzzle, files=files)
    settle(scene, engine, 0.5)
    save(scene, "puzzle")
    analyzer_now = ExactAnalyzer(solver_slots=1 << 20)
    while not scene.play_state.game.is_over():
        values = analyzer_now.move_values(scene.play_state.game.copy())
        best = max(value for value in values if value is not None)
        move = values.index(best)
        if scene.play_state.board_game.is_human_turn():
            move_scores = tuple((m, v) for m, v in enumerate(values) if v is not None)
            token = engine.last("ponder").token
            engine.deliver(Progress(token, search_result(1, best, (move,), 1, 0.1, move_scores)))
            settle(scene, engine, 0.25)
            scene.play_state.try_play(move)
        else:
            token = engine.last("think").token
            engine.deliver(BestMove(token, search_result(1, best, (move,), 1, 0.1)))
        settle(scene, engine, 1.5)
    settle(scene, engine)
    save(scene, "puzzle-solved")

    # The Learn trainer's picture of the tree (L) after the tree's first move and the computer's reply, with a
    # player's progress: some branches below the first replies played, most learned, one missed.
    tree = read_tree()
    graph = LearnGraph.of(tree)
    record = LearnRecord()
    for number, leaf in enumerate(branch for branch in graph.branches if branch[1] in "1235"):
        if number % 3 == 0:
            for _ in range(number % 4 + 1):
                record = record.after(leaf, clean=number != 21)
    files = UserData()
    files.learning.change(lambda empty: record)
    engine = FakeEngine()
    drill = LearnDrill(graph, record)
    trainer = PlayScene(size, learn_options(tree), engine, fonts=fonts, learn=drill, files=files)
    first = tree.learner_move(trainer.play_state.game)
    assert first is not None
    trainer.play_state.try_play(first)
    settle(trainer, engine)
    for press in (pygame.K_l, pygame.K_UP):
        trainer.handle(pygame.event.Event(pygame.KEYDOWN, key=press, mod=0, unicode=""))
    save(trainer, "learn-map")

    # The statistics screen, its history made of real games: the depth-6 level's games of the ladder's
    # tournament against the other levels, in the order played, as if a player had played them unaided.
    ladder = read_ladder()
    ratings = Ratings()
    start = start_rating(ladder)
    rated_names = {name for name in ("1", "2", "4", "8", "10", "max")}
    analyzer_now = ExactAnalyzer(solver_slots=1 << 20)
    searcher = Searcher(TranspositionTable(1 << 16))
    lines = (ROOT / "tools" / "ladder-games-7x6.txt").read_text(encoding="utf-8").splitlines()
    chosen = [line.split() for line in lines if "6" in line.split()[:2]]
    chosen = [fields for fields in chosen if ({fields[0], fields[1]} - {"6"}) <= rated_names]
    # In turn against each opponent, as a player trying the levels would: the file holds them pair by pair.
    by_opponent: dict[str, list[list[str]]] = {}
    for fields in chosen:
        by_opponent.setdefault(fields[1] if fields[0] == "6" else fields[0], []).append(fields)
    chosen = [game for round_ in zip(*by_opponent.values(), strict=False) for game in round_][:36]
    for first, second, _, _, moves, result, _ in chosen:
        side = 0 if first == "6" else 1
        opponent = second if side == 0 else first
        winner = {"1-0": 0, "0-1": 1, "1/2": None}[result]
        outcome = "draw" if winner is None else "win" if winner == side else "loss"
        rung = ladder.rung(opponent)
        assert rung is not None
        ratings = ratings.recording("connect4 7x6", start, opponent, rung.rating, outcome, moves, set())
        game = ConnectFour.from_moves(moves)
        shown = performance(observations_of(review_game(game, analyzer_now, searcher), side), ladder)
        if shown is not None:
            ratings = ratings.with_performance("connect4 7x6", moves, shown.rating, (shown.low, shown.high))
    puzzles = PuzzleRecord(streak=4, best_streak=9, rating=1415, solved=23, failed=6, deviation=95.0)
    stats = rating_stats(ratings, puzzles, PlayOptions(), ladder, start)
    save(StatsScene(size, PlayOptions(), stats, ladder, CLASSIC, fonts), "rating")
    save(StartScene(size, PlayOptions(adaptive=True), fonts=fonts), "start-auto")

    save_settings_panel(scene, size, fonts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
