"""The Learn trainer (the start screen's Learn button): the computer's replies drawn from the tree toward the
branches not yet learned, the player's moves judged against the tree (a winning move off it and a move that
throws the win both taken back), the leaf's plan view, and the progress kept between runs
(ui/state/files/learn_record.py)."""

from __future__ import annotations

import itertools
import json
import random

import pygame
import pytest

from ai.claims import DoubleThreat
from ai.learn.tree import LearnNode, LearnTree, position_key, read_tree, tree_text
from ai.messages import Progress
from ai.score import Score, from_child, win_in
from game.connect4 import ConnectFour
from tools.support.fakes import FakeEngine, click, key, search_result, settle
from tools.support.waiting import wait_until
from ui.app import App
from ui.play.frame import match_bar
from ui.play.scene import PlayScene
from ui.start.scene import LEARN
from ui.state.board.board_game import Refusal
from ui.state.files.learn_record import LEARN_FILE, LEARNED_BOX, LEARNED_SPACING, BranchProgress, LearnRecord
from ui.state.files.store import JsonStore
from ui.state.files.user_data import UserData
from ui.state.play.learn_drill import LearnDrill, LearnGraph, is_frontier, learn_options
from ui.state.play.learn_map import Branches, Standing
from ui.state.play.learn_notices import LearnHint, LearnLeaf, LearnMissed, LearnOtherWin, LearnRunEnded
from ui.state.play.learn_schedule import next_branch
from ui.words import play_words as words
from ui.words.learn_words import edge_label, node_about, node_progress, path_text
from ui.words.notice_words import notice_text
from ui.words.problem_words import reason_text
from ui.words.why_words import marked_reason

SIZE = (960, 780)

pytestmark = pytest.mark.usefixtures("pygame_ready")

#: A real position of ply 16 where Red (the learner) wins: Red plays e (5), then for every reply of Yellow a
#: move of Red's (b after a, d after the others) reaches a leaf where the explainer proves Red's win (made
#: with the explainer and the solver; the file format is what is tested here, not the proof).
ROOT = "2724145774576145"
TREE_MOVE = 4
LEAF_KINDS = {1: "road", 2: "plan", 3: "plan", 4: "road", 5: "plan", 6: "plan", 7: "solver"}


def small_tree() -> LearnTree:
    root = LearnNode(ROOT, TREE_MOVE, None)
    after = LearnNode(ROOT + "5", None, None)
    nodes = {position_key(root.game()): root, position_key(after.game()): after}
    for reply, kind in LEAF_KINDS.items():
        answer = 2 if reply == 1 else 4
        node = LearnNode(f"{ROOT}5{reply}", answer - 1, None)
        leaf = LearnNode(f"{ROOT}5{reply}{answer}", None, kind)
        nodes[position_key(node.game())] = node
        nodes[position_key(leaf.game())] = leaf
    return LearnTree(0, root, nodes)


def leaf_after(reply: int) -> str:
    return f"{ROOT}5{reply}{2 if reply == 1 else 4}"


def values(best: int, also_winning: tuple[int, ...] = ()) -> tuple[tuple[int, Score], ...]:
    """Move values as the engine proves them: ``best`` and ``also_winning`` win, the others lose."""
    return tuple(
        (move, Score(win_in(9) if move == best or move in also_winning else from_child(win_in(1))))
        for move in range(7)
    )


def prove(scene: PlayScene, engine: FakeEngine, move_values: tuple[tuple[int, Score], ...]) -> None:
    """The engine's analysis of the player's position comes in: every move's value proven."""
    ask = engine.last("ponder")
    assert ask.analyse and ask.moves == scene.play_state.game.moves_text()
    best = next(move for move, score in move_values if score.is_win)
    scene.receive(Progress(ask.token, search_result(9, Score(1), (best,), 10, 0.1, move_values)))


def learn_scene(tmp_path, tree: LearnTree, seed: int = 1) -> tuple[PlayScene, FakeEngine, UserData]:
    store = JsonStore(LEARN_FILE, tmp_path / "learn.json")
    store.load()
    files = UserData(learning=store)
    engine = FakeEngine(auto_answer=False)
    drill = LearnDrill(LearnGraph.of(tree), files.learning.value, random.Random(seed))
    scene = PlayScene(SIZE, learn_options(tree), engine, learn=drill, files=files)
    return scene, engine, files


# --- the record -------------------------------------------------------------------------------------------


def test_a_branch_climbs_a_box_per_clean_run_and_a_miss_sends_it_back():
    record = LearnRecord()
    for _ in range(LEARNED_BOX + 2):
        record = record.after("4455", clean=True)
    assert record.of("4455") == BranchProgress(LEARNED_BOX, False, 5) and record.learned(["4455", "44"]) == 1
    record = record.after("4455", clean=False)
    assert record.of("4455") == BranchProgress(0, True, 6) and record.learned(["4455"]) == 0
    assert record.runs == LEARNED_BOX + 3
    # The runs of other branches before a branch is due again: one after a miss, doubling with each box.
    spacings = [p.spacing for p in (BranchProgress(0, True), BranchProgress(1), BranchProgress(2))]
    assert spacings == [1, 2, 4] and BranchProgress(LEARNED_BOX).spacing == LEARNED_SPACING
    missed = record.of("4455")
    assert missed.waited(record.runs) == -1 and missed.waited(record.runs + 1) == 0


def test_the_record_round_trips_and_keeps_branches_of_other_trees(tmp_path):
    path = tmp_path / "learn.json"
    store = JsonStore(LEARN_FILE, path)
    store.load()
    record = LearnRecord().after("4455", clean=True).after("123", clean=False)
    assert store.update(lambda _: record) is None
    assert JsonStore(LEARN_FILE, path).load() == record
    data = json.loads(path.read_text())
    data["branches"]["77"] = {"box": 2, "missed": False}  # a branch of another tree: kept, not counted
    path.write_text(json.dumps(data))
    read = JsonStore(LEARN_FILE, path).load()
    # Written without the runs' clock (as before it was kept): read as played at run 0, so due at once.
    assert read.of("77") == BranchProgress(2) and read.learned(["4455"]) == 0


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"runs": -1}',
        '{"branches": {"44x": {"box": 1, "missed": false}}}',
        '{"branches": {"44": {"box": 9, "missed": false}}}',
        '{"branches": {"44": {"box": 1, "missed": "no"}}}',
        '{"branches": []}',
        '{"runs": 2, "branches": {"44": {"box": 1, "missed": false, "last": 3}}}',
        '{"runs": 2, "branches": {"44": {"box": 1, "missed": false, "last": "1"}}}',
    ],
)
def test_a_damaged_record_is_set_aside_with_a_notice_never_a_crash(tmp_path, text):
    path = tmp_path / "learn.json"
    path.write_text(text)
    store = JsonStore(LEARN_FILE, path)
    assert store.load() == LearnRecord()
    assert store.problem is not None and "Learning progress" in reason_text(store.problem)
    assert not path.exists() and any(tmp_path.iterdir())  # set aside beside itself, not lost


# --- the drill's replies ----------------------------------------------------------------------------------


def play_run(drill: LearnDrill, tree: LearnTree) -> str:
    """Plays one run as a learner who knows the tree: the tree's moves, the drill's replies, to the leaf;
    the leaf's moves."""
    game = tree.root.game()
    while (leaf := drill.leaf(game)) is None:
        move = tree.learner_move(game) if game.to_move() == tree.side else drill.reply(game)
        assert move is not None
        game.apply(move)
    return leaf.moves


def test_a_missed_branch_comes_back_after_one_other_run_and_one_being_learned_climbs_its_boxes():
    tree = small_tree()
    drill = LearnDrill(LearnGraph.of(tree), LearnRecord(), random.Random(4))
    record = LearnRecord()
    played = []
    for run in range(24):
        drill.begin(record)
        leaf = play_run(drill, tree)
        assert leaf == drill.target  # the replies steered the run to the branch chosen
        played.append(leaf)
        record = record.after(leaf, clean=run != 2)
    missed = played[2]
    # Missed in the third run: one other run, then it is back.
    assert played[3] != missed and played[4] == missed
    # No branch is played twice in a row, and a branch once begun is learned before the tree runs out of
    # new ones: after 24 runs some are learned (every run clean but one).
    assert all(a != b for a, b in zip(played, played[1:], strict=False))
    assert record.learned(drill.branches) >= 4 and record.of(missed).box >= 1
    # Every branch was reached, all 7, within these runs.
    assert set(played) == set(drill.branches)


def test_the_next_branch_is_a_due_one_first_then_a_new_one_then_the_nearest_to_due():
    branches = ["1", "2", "3"]
    rng = random.Random(1)
    # Due: the missed one before a due one in box 1, whatever the order.
    record = LearnRecord({"1": BranchProgress(1, False, 1), "2": BranchProgress(0, True, 2)}, runs=5)
    assert next_branch(record, branches, rng) == "2"
    # Nothing due (both just played): a new one.
    record = LearnRecord({"1": BranchProgress(1, False, 5), "2": BranchProgress(2, False, 4)}, runs=5)
    assert next_branch(record, branches, rng) == "3"
    # Nothing due and nothing new: the nearest to its time ("1" is due at run 7, "2" at run 8).
    record = LearnRecord({**record.branches, "3": BranchProgress(2, False, 5)}, runs=5)
    assert next_branch(record, branches, rng) == "1"
    # A learned branch comes back after its long spacing, once nothing else is due.
    learned = BranchProgress(LEARNED_BOX, False, 1)
    record = LearnRecord(
        {"1": learned, "2": BranchProgress(2, False, LEARNED_SPACING)}, runs=1 + LEARNED_SPACING
    )
    assert next_branch(record, ["1", "2"], rng) == "1"
    assert next_branch(LearnRecord(), [], rng) is None


def test_the_drill_replies_only_at_the_second_players_nodes_of_the_tree():
    tree = small_tree()
    record = LearnRecord(
        dict.fromkeys((leaf_after(reply) for reply in LEAF_KINDS), BranchProgress(LEARNED_BOX))
    )
    drill = LearnDrill(LearnGraph.of(tree), record, random.Random(7))
    assert drill.reply(ConnectFour.from_moves(ROOT + "5")) in range(7)
    # No reply at the learner's nodes, at a leaf, or off the tree.
    assert drill.reply(ConnectFour.from_moves(ROOT)) is None
    assert drill.reply(ConnectFour.from_moves(leaf_after(2))) is None
    assert drill.reply(ConnectFour.from_moves("4")) is None
    assert drill.progress(record).learned == 7 and drill.progress(record).total == 7
    assert is_frontier(drill.leaf(ConnectFour.from_moves(leaf_after(7))))
    assert not is_frontier(drill.leaf(ConnectFour.from_moves(leaf_after(2))))


def test_while_the_tree_is_read_learn_says_so_and_the_window_goes_on(tmp_path):
    from ui.state.play.learn_drill import GraphLoader

    app = App(FakeEngine, learn_options(small_tree()), start_playing=False, files=UserData())
    # A loader that has not started yet stands for one still reading: the window never waits for it.
    app.screens.learn_loader = GraphLoader(tmp_path / "tree.txt")
    app.screens.learn_loader.start = lambda: None
    button = next(b for b in app.scene.buttons()[-1] if b.action == LEARN)
    app.step([click(button.rect.center)], 0.01)
    assert (
        not isinstance(app.scene, PlayScene) and app.toast.text == "Learn: the tree is being read, a moment"
    )


def test_a_tree_file_in_an_environment_variable_is_the_one_taught(tmp_path, monkeypatch):
    path = tmp_path / "tree.txt"
    path.write_text(tree_text(small_tree()), encoding="utf-8", newline="")
    monkeypatch.setenv("PONDER_LEARN_TREE", str(path))
    app = App(FakeEngine, learn_options(small_tree()), start_playing=False, files=UserData())
    button = next(b for b in app.scene.buttons()[-1] if b.action == LEARN)
    # The tree is read on a thread of its own from the start screen's first showing; asked before it is
    # done, Learn says so and the start screen stays.
    wait_until(lambda: app.screens.learn_loader.result() is not None, "the tree read")
    app.step([click(button.rect.center)], 0.01)
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.play_state.learn is not None
    assert scene.play_state.game.moves_text() == ROOT and scene.play_state.board_game.is_human_turn()
    assert match_bar(scene.play_state, None).standing[0] == "Learn: 0 of 7 branches learned"


def test_a_missing_or_damaged_tree_is_told_and_the_window_goes_on(tmp_path, monkeypatch):
    path = tmp_path / "tree.txt"
    path.write_text(tree_text(small_tree()).replace(ROOT + "5 ", ROOT + "6 ", 1), encoding="utf-8")
    for where in (path, tmp_path / "none.txt"):
        monkeypatch.setenv("PONDER_LEARN_TREE", str(where))
        app = App(FakeEngine, learn_options(small_tree()), start_playing=False, files=UserData())
        button = next(b for b in app.scene.buttons()[-1] if b.action == LEARN)
        wait_until(lambda app=app: app.screens.learn_loader.result() is not None, "the tree read")
        app.step([click(button.rect.center)], 0.01)
        assert not isinstance(app.scene, PlayScene) and app.running
        assert app.toast.text.startswith("Learn: no tree to learn from (")


# --- a run at the board -----------------------------------------------------------------------------------


def test_a_clean_run_plays_the_trees_reply_reaches_the_leaf_and_climbs_a_box(tmp_path):
    scene, engine, files = learn_scene(tmp_path, small_tree())
    play = scene.play_state
    assert play.try_play(TREE_MOVE) is None  # the tree's move is played without waiting for the values
    settle(scene, engine, 1.0)
    # The computer answered from the tree, without a search.
    assert engine.count("think") == 0 and len(play.game.moves_text()) == len(ROOT) + 2
    reply = int(play.game.moves_text()[-1])
    answer = 1 if reply == 1 else 3
    assert play.try_play(answer) is None
    settle(scene, engine, 1.0)
    leaf = play.round.learning.leaf
    assert leaf is not None and leaf.moves == leaf_after(reply)
    said = play.notice.said
    assert isinstance(said, LearnLeaf) and said.frontier == (reply == 7)
    # A leaf of a plan shows it (the plan view); the claim of the move that reached the leaf is asked of the
    # explainer, to tell it under the status; a frontier's leaf shows no plan.
    assert play.assistance.plan.shown == (LEAF_KINDS[reply] == "plan")
    asked = next(call for call in engine.calls if call.name == "explain" and call.move == answer)
    assert asked.moves == f"{ROOT}5{reply}" and play.round.learning.leaf_move[1] == answer
    # Past the leaf the computer defends with a search at the max level.
    assert engine.count("think") == 1
    # A clean run counts only at the win.
    assert play.round.learning.follow(play.board_game) is None  # nothing new in the same position
    assert files.learning.value.of(leaf_after(reply)) is None


def test_a_winning_move_off_the_tree_is_taken_back_and_the_trees_move_pointed_at(tmp_path):
    scene, engine, files = learn_scene(tmp_path, small_tree())
    play = scene.play_state
    other = 3
    assert play.try_play(other) is Refusal.COACHED  # not judged before the values are proven
    assert words.status_text(play).startswith("A moment")
    prove(scene, engine, values(TREE_MOVE, also_winning=(other,)))
    assert play.try_play(other) is Refusal.COACHED and play.game.moves_text() == ROOT
    said = play.notice.said
    assert isinstance(said, LearnOtherWin) and said.tree_move.move == TREE_MOVE
    assert play.selection == TREE_MOVE
    assert words.status_text(play) == (
        "Taken back: column d also wins, but the tree's move is easier to learn: column e"
    )
    assert play.round.learning.misses == 1
    assert play.try_play(TREE_MOVE) is None


def test_a_move_throwing_the_win_is_taken_back_with_its_reason_and_the_branch_comes_back(tmp_path):
    scene, engine, files = learn_scene(tmp_path, small_tree(), seed=3)
    play = scene.play_state
    prove(scene, engine, values(TREE_MOVE))
    assert play.try_play(0) is Refusal.COACHED and play.game.moves_text() == ROOT
    said = play.notice.said
    assert (
        isinstance(said, LearnMissed)
        and said.tree_move is not None
        and said.tree_move.move == 4
        and play.feedback.refusal is not None
    )
    assert words.status_text(play).startswith("Taken back: column a throws the win away")
    # The reason is asked of the explainer, off the window's thread.
    assert engine.last("explain").move == 0 and engine.last("explain").moves == ROOT
    assert play.try_play(TREE_MOVE) is None
    settle(scene, engine, 1.0)
    reply = int(play.game.moves_text()[-1])
    assert play.try_play(1 if reply == 1 else 3) is None
    settle(scene, engine, 1.0)
    # The miss counts for the branch reached, at the leaf: it comes back first.
    assert files.learning.value.of(leaf_after(reply)) == BranchProgress(0, True, 1)
    assert files.learning.flush(5.0)
    assert json.loads((tmp_path / "learn.json").read_text())["branches"][leaf_after(reply)]["missed"] is True
    # After one run of another branch, it is the one the computer's replies steer to.
    record = files.learning.value
    other = next(leaf for leaf in map(leaf_after, LEAF_KINDS) if leaf != leaf_after(reply))
    drill = LearnDrill(LearnGraph.of(small_tree()), record, random.Random(5))
    assert drill.target != leaf_after(reply)
    drill.begin(record.after(other, clean=True))
    assert drill.target == leaf_after(reply)
    assert drill.reply(ConnectFour.from_moves(ROOT + "5")) == reply - 1


def test_a_run_won_without_a_miss_counts_at_the_win(tmp_path):
    scene, engine, files = learn_scene(tmp_path, small_tree())
    play = scene.play_state
    attempt = play.round.learning
    play.try_play(TREE_MOVE)
    settle(scene, engine, 1.0)
    reply = int(play.game.moves_text()[-1])
    play.try_play(1 if reply == 1 else 3)
    settle(scene, engine, 1.0)
    # Stand the game at a won end of the branch: the learner's win reached from the leaf.
    play.board_game.game = ConnectFour.from_moves("1212121")
    said = attempt.follow(play.board_game)
    assert isinstance(said, LearnRunEnded) and said.clean and said.box == 1 and said.total == 7
    assert files.learning.value.of(leaf_after(reply)) == BranchProgress(1, False, 1)
    assert words.notice_text(said) == "Won without a miss: this branch 1/3 \u00b7 0/7 learned"


def test_the_leafs_claim_is_told_under_the_status_and_marked_on_the_board(tmp_path):
    store = JsonStore(LEARN_FILE, tmp_path / "learn.json")
    store.load()
    files = UserData(learning=store)
    claim = DoubleThreat(0, ((2, 4), (5, 4)), move=(3, 3))
    engine = FakeEngine(auto_answer=False, reasons=lambda game, move: (claim,) if move is not None else ())
    drill = LearnDrill(LearnGraph.of(small_tree()), files.learning.value, random.Random(2))
    scene = PlayScene(SIZE, learn_options(small_tree()), engine, learn=drill, files=files)
    play = scene.play_state
    assert play.try_play(TREE_MOVE) is None
    settle(scene, engine, 1.0)
    reply = int(play.game.moves_text()[-1])
    assert play.try_play(1 if reply == 1 else 3) is None
    settle(scene, engine, 1.0)
    assert isinstance(play.notice.said, LearnLeaf)
    text, marks = words.why(play)
    assert (text, marks) == marked_reason((claim,), 0, play.player_names) and text and marks is not None
    # Once the notice gives way (the player's next move), the leaf is no longer told.
    play.feedback.notice = None
    assert words.why(play)[0] != text


def test_a_root_with_the_opponent_to_move_starts_with_the_trees_reply(tmp_path):
    from tests.test_learn_tree import ROOT as YELLOW_ROOT
    from tests.test_learn_tree import small_tree as yellow_tree

    tree = yellow_tree()
    drill = LearnDrill(LearnGraph.of(tree), LearnRecord(), random.Random(9))
    # The one branch (its leaf after d) is every run's: the replies after which Red wins at once are no
    # branch to learn.
    assert {drill.reply(tree.root.game()) for _ in range(50)} == {3}
    scene, engine, files = learn_scene(tmp_path, tree)
    play = scene.play_state
    settle(scene, engine, 1.0)
    assert engine.count("think") == 0 and play.game.moves_text() == YELLOW_ROOT + "4"
    assert isinstance(play.notice.said, LearnLeaf) and play.assistance.plan.shown
    # Reached by the computer's reply: the position's own reason is asked, to tell how the player wins.
    assert play.round.learning.leaf_move[1] is None
    assert engine.last("explain").move is None and engine.last("explain").moves == YELLOW_ROOT + "4"
    # The next run is played from memory: the plan view is closed.
    play.new_round(next_round=False)
    assert not play.assistance.plan.shown and play.game.moves_text()[: len(YELLOW_ROOT)] == YELLOW_ROOT


def test_the_picture_of_the_tree_is_walked_with_the_keys_and_coloured_by_progress(tmp_path):
    scene, engine, files = learn_scene(tmp_path, small_tree())
    files.learning.change(
        lambda record: record.after(leaf_after(2), clean=False).after(leaf_after(3), clean=True)
    )
    scene.handle(key(pygame.K_l, unicode="l"))
    learn_map = scene.play_state.learn_map
    assert learn_map is not None and learn_map.selected == ()  # the board is at the root
    # The root's one child (the learner's e), and under it every reply of the opponent's.
    shown = {placed.path: placed.layer for placed in learn_map.shown().placed}
    assert shown == {(): 0, (4,): 1, **{(4, reply): 2 for reply in range(7)}}
    assert [edge_label(learn_map.at((4, reply))) for reply in range(3)] == ["a3", "b3", "c1"]
    for press, selected in [
        (pygame.K_DOWN, (4,)),
        (pygame.K_DOWN, (4, 0)),
        (pygame.K_RIGHT, (4, 1)),
        (pygame.K_RIGHT, (4, 2)),
        (pygame.K_DOWN, (4, 2, 3)),
        (pygame.K_DOWN, (4, 2, 3)),  # a leaf: nothing below
        (pygame.K_UP, (4, 2)),
        (pygame.K_LEFT, (4, 1)),
        (pygame.K_LEFT, (4, 0)),
        (pygame.K_LEFT, (4, 0)),  # the first reply: nothing left of it
        (pygame.K_HOME, ()),
        (pygame.K_DOWN, (4,)),
        (pygame.K_DOWN, (4, 0)),  # the child it was left by
    ]:
        before = scene.picture()
        assert scene.picture() == before  # nothing moved: nothing to draw again
        scene.handle(key(press))
        assert learn_map.selected == selected, press
        assert (scene.picture() == before) == (before.learn_map.cells == scene.picture().learn_map.cells)
    # Each node is coloured by the branches below it: a leaf by its own, a position by all of them.
    standings = {
        reply: learn_map.at((4, reply - 1, 1 if reply == 1 else 3)).branches.standing for reply in LEAF_KINDS
    }
    assert standings[2] is Standing.MISSED and standings[3] is Standing.DUE and standings[4] is Standing.NEW
    assert learn_map.at(()).branches == Branches(total=7, learned=0, missed=1, played=2)
    assert learn_map.at(()).branches.standing is Standing.MISSED
    shares = {Standing.NEW: 5, Standing.DUE: 1, Standing.MISSED: 1, Standing.LEARNED: 0}
    assert learn_map.at(()).branches.shares() == tuple(shares.items())
    assert scene.play_state.game.moves_text() == ROOT  # a key on the picture plays nothing
    scene.handle(key(pygame.K_5, unicode="5"))
    assert scene.play_state.game.moves_text() == ROOT
    scene.handle(key(pygame.K_ESCAPE))
    assert scene.play_state.learn_map is None and scene.request is None  # Esc closes it, not the screen


@pytest.mark.parametrize("size", [(640, 540), (960, 720), (1600, 1000)])
def test_the_graphs_nodes_keep_apart_and_a_click_selects_the_one_under_it(tmp_path, size):
    scene, engine, files = learn_scene(tmp_path, small_tree())
    scene.resize(size)
    scene.handle(key(pygame.K_l, unicode="l"))
    learn_map = scene.play_state.learn_map
    assert learn_map is not None
    for path in [(), (4,), (4, 5), (4, 5, 3)]:
        learn_map.select(path)
        layout = scene.frame().learn_map
        assert layout is not None
        frames = [rect.inflate(8, 8) for _path, rect in layout.graph.nodes]  # with the selected one's ring
        assert all(layout.graph.area.contains(frame) for frame in frames), path
        assert not any(one.colliderect(other) for one, other in itertools.combinations(frames, 2)), path
        labels = [box for node_path, box in layout.graph.labels if node_path]
        assert not any(one.colliderect(other) for one, other in itertools.combinations(labels, 2)), path
        assert not layout.graph.area.colliderect(layout.board)
    learn_map.select((4,))
    layout = scene.frame().learn_map
    for path, rect in layout.graph.nodes:
        scene.handle(click(rect.center))
        assert learn_map.selected == path
        # The position clicked shows large, the moves to it from the root as the cells they filled.
        shown = scene.picture().learn_map
        assert (
            shown.cells == ConnectFour.from_moves(ROOT + "".join(str(column + 1) for column in path)).cells()
        )
        learn_map.select((4,))
    assert scene.play_state.game.moves_text() == ROOT  # a click on the picture plays nothing


def test_the_trail_leads_back_to_the_root_in_the_shipped_tree():
    tree = read_tree()
    deepest = max(tree.leaves(), key=lambda leaf: len(leaf.moves))
    game = ConnectFour.from_moves(deepest.moves)
    engine = FakeEngine(auto_answer=False)
    drill = LearnDrill(LearnGraph.of(tree), LearnRecord())
    scene = PlayScene((640, 540), learn_options(tree), engine, learn=drill)
    scene.play_state.board_game.game = game
    scene.handle(key(pygame.K_l, unicode="l"))
    learn_map = scene.play_state.learn_map
    assert learn_map is not None and learn_map.at(learn_map.selected).node == deepest
    assert learn_map.selected_node().moves == deepest.moves
    layout = scene.frame().learn_map
    dots = [rect for _path, rect in layout.graph.trail]
    assert dots and all(layout.graph.area.contains(rect) for rect in dots)
    assert all(one.right < other.left for one, other in itertools.pairwise(dots))
    assert path_text(learn_map, learn_map.selected_node()).count(" ") == len(deepest.moves) - 1
    # A dot of the trail is a position on the way: a click selects it.
    path, rect = layout.graph.trail[-1]
    scene.handle(click(rect.center))
    assert learn_map.selected == path


def test_a_drill_starts_from_the_position_chosen_and_the_next_branch_starts_there_again(tmp_path):
    scene, engine, files = learn_scene(tmp_path, small_tree())
    play = scene.play_state
    scene.handle(key(pygame.K_l, unicode="l"))
    for press in (pygame.K_DOWN, pygame.K_ENTER if hasattr(pygame, "K_ENTER") else pygame.K_RETURN):
        scene.handle(key(press))
    # The opponent is to move there: the computer plays the tree's reply at once, and the player is Red.
    assert play.learn_map is None and play.learn is not None
    assert play.board_game.options.moves == ROOT + "5"
    assert notice_text(play.notice.said).startswith("The runs start here now, after e4 (L: the tree")
    settle(scene, engine)
    assert play.game.moves_text().startswith(ROOT + "5") and len(play.game.moves_text()) == len(ROOT) + 2
    assert play.board_game.is_human_turn() and play.game.to_move() == 0
    play.new_round(next_round=False)  # the next branch
    settle(scene, engine)
    assert play.game.moves_text()[: len(ROOT) + 1] == ROOT + "5"
    # From a leaf the run plays the leaf's claim out; from the root again, as at the start.
    scene.handle(key(pygame.K_l, unicode="l"))
    assert play.learn_map is not None
    play.learn_map.select((4, 3, 3))
    scene.handle(click(scene.frame().learn_map.button.center))
    assert play.game.moves_text() == leaf_after(4) and play.learn_map is None
    assert play.learn.target == leaf_after(4)  # the one branch below the position chosen
    scene.handle(key(pygame.K_l, unicode="l"))
    scene.handle(key(pygame.K_HOME))
    scene.handle(key(pygame.K_KP_ENTER))
    assert play.game.moves_text() == ROOT and play.board_game.is_human_turn()


def test_runs_from_a_position_of_the_tree_go_down_the_branches_below_it():
    drill = LearnDrill(LearnGraph.of(small_tree()), LearnRecord(), random.Random(3))
    every = tuple(sorted(leaf_after(reply) for reply in LEAF_KINDS))
    assert tuple(sorted(drill.branches_below(""))) == every
    assert tuple(sorted(drill.branches_below(ROOT + "5"))) == every
    assert drill.branches_below(ROOT + "53") == (leaf_after(3),)
    assert drill.branches_below(leaf_after(6)) == (leaf_after(6),)
    # Not a position of the tree, or no position at all: the whole tree.
    assert tuple(sorted(drill.branches_below("1"))) == every
    assert tuple(sorted(drill.branches_below("8x"))) == every
    for _run in range(5):
        drill.begin(LearnRecord(), ROOT + "52")
        assert drill.target == leaf_after(2)


def test_a_game_pasted_over_a_run_leaves_the_trainer(tmp_path):
    from ui.state.options import PlayOptions

    scene, engine, files = learn_scene(tmp_path, small_tree())
    play = scene.play_state
    play.begin_game(PlayOptions(game="tictactoe", width=3, height=3))
    assert play.learn is None and play.round.learning is None
    assert play.try_play(4) is None  # an ordinary game: no tree judges it
    assert match_bar(play, None).standing == ()


def test_random_keys_and_clicks_on_the_picture_of_the_tree_keep_it_on_the_tree(tmp_path):
    scene, engine, files = learn_scene(tmp_path, small_tree())
    play, rng = scene.play_state, random.Random(7)
    presses = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_RETURN]
    presses += [pygame.K_l, pygame.K_ESCAPE, pygame.K_4]
    starts, selected = set(), set()
    for _event in range(400):
        if play.learn_map is None:
            scene.handle(key(pygame.K_l, unicode="l"))
        elif rng.random() < 0.4:
            panel = scene.frame().learn_map.panel  # anywhere on the picture, its button too
            scene.handle(
                click((rng.randrange(panel.left, panel.right), rng.randrange(panel.top, panel.bottom)))
            )
        else:
            scene.handle(key(rng.choice(presses)))
        settle(scene, engine)
        learn_map = play.learn_map
        if learn_map is not None:
            # The selection is a node of the tree, and the picture shows it.
            path = learn_map.selected
            assert not path or path in learn_map.children(path[:-1])
            assert any(placed.path == path for placed in learn_map.shown().placed)
            assert scene.picture().learn_map is not None
            selected.add(path)
        else:
            # The board is the trainer's, at a position of the tree or past one of its leaves.
            assert play.learn is not None and play.game.moves_text().startswith(ROOT)
            starts.add(play.board_game.options.moves)
    # The walk went about the tree and drilled from several of its positions.
    assert len(selected) > 8 and len(starts) > 3


def test_a_move_that_wins_at_once_shows_the_win_and_has_nothing_to_drill(tmp_path):
    root = LearnNode("121212", 0, None)  # Red plays a4 and wins: no node below it
    scene, engine, files = learn_scene(tmp_path, LearnTree(0, root, {position_key(root.game()): root}))
    scene.handle(key(pygame.K_l, unicode="l"))
    learn_map = scene.play_state.learn_map
    assert learn_map is not None and learn_map.children(()) == ((0,),)
    scene.handle(key(pygame.K_DOWN))
    won = learn_map.selected_node()
    assert won.path == (0,) and won.node is None and won.branches.standing is Standing.WON
    assert node_about(learn_map, won, ("Red", "Yellow")) == "Red has won"
    assert node_progress(learn_map, won) == "Nothing left to learn here"
    assert scene.frame().learn_map.button is None  # nothing to start a run from
    scene.handle(key(pygame.K_RETURN))
    assert scene.play_state.learn_map is not None and scene.play_state.game.moves_text() == "121212"


def test_the_hint_is_the_trees_move_not_the_engines_and_counts_as_a_miss(tmp_path):
    scene, engine, files = learn_scene(tmp_path, small_tree())
    play = scene.play_state
    scene.handle(key(pygame.K_h, unicode="h"))
    said = play.notice.said
    assert isinstance(said, LearnHint) and said.tree_move.move == TREE_MOVE
    assert words.status_text(play) == "Hint: the tree plays column e here. This run counts as a miss"
    # The engine finds another winning move best (column d): the hint stays the tree's.
    prove(scene, engine, values(3, also_winning=(TREE_MOVE,)))
    settle(scene, engine, 0.5)
    assert play.assistance.hint is not None and play.assistance.hint.move == TREE_MOVE
    assert play.round.learning.misses == 1
    assert play.try_play(TREE_MOVE) is None
    settle(scene, engine, 1.0)
    reply = int(play.game.moves_text()[-1])
    assert play.try_play(1 if reply == 1 else 3) is None
    settle(scene, engine, 1.0)
    # The run counts as a miss at the leaf: the branch comes back soon, to be played from memory.
    assert files.learning.value.of(leaf_after(reply)) == BranchProgress(0, True, 1)


def test_a_leaf_reached_by_the_computers_reply_tells_why_the_player_wins_there(tmp_path):
    from tests.test_learn_tree import ROOT as YELLOW_ROOT
    from tests.test_learn_tree import small_tree as yellow_tree

    store = JsonStore(LEARN_FILE, tmp_path / "learn.json")
    store.load()
    files = UserData(learning=store)
    claim = DoubleThreat(0, ((2, 4), (5, 4)), move=(3, 3))
    # The explainer proves a reason for the position (move None) only, as for a leaf the reply reached.
    engine = FakeEngine(auto_answer=False, reasons=lambda game, move: (claim,) if move is None else ())
    tree = yellow_tree()
    drill = LearnDrill(LearnGraph.of(tree), files.learning.value, random.Random(2))
    scene = PlayScene(SIZE, learn_options(tree), engine, learn=drill, files=files)
    play = scene.play_state
    settle(scene, engine, 1.0)
    assert play.game.moves_text() == YELLOW_ROOT + "4" and isinstance(play.notice.said, LearnLeaf)
    text, marks = words.why(play)
    assert (text, marks) == marked_reason((claim,), 0, play.player_names) and text and marks is not None


def test_past_a_frontier_a_move_throwing_the_win_is_taken_back_but_not_a_miss(tmp_path):
    scene, engine, files = learn_scene(tmp_path, small_tree())
    play = scene.play_state
    # Every other branch learned and just played: the next run goes to the frontier's (after g).
    others = [leaf_after(reply) for reply in LEAF_KINDS if reply != 7]
    record = LearnRecord(dict.fromkeys(others, BranchProgress(LEARNED_BOX, False, 6)), runs=6)
    files.learning.change(lambda _record: record)
    play.new_round(next_round=False)
    assert play.learn.target == leaf_after(7)
    assert play.try_play(TREE_MOVE) is None
    settle(scene, engine, 1.0)
    assert play.game.moves_text() == ROOT + "57"
    engine.auto_answer = True  # past the leaf the computer's search answers (its first legal move)
    assert play.try_play(3) is None
    settle(scene, engine, 1.0)
    assert is_frontier(play.round.learning.leaf)
    assert play.board_game.is_human_turn() and len(play.game.moves_text()) == len(ROOT) + 4
    # Past the frontier: a move that throws the win is taken back with why, and the branch keeps its box.
    prove(scene, engine, values(1))
    assert play.try_play(0) is Refusal.COACHED and isinstance(play.notice.said, LearnMissed)
    assert play.round.learning.misses == 0 and files.learning.value.of(leaf_after(7)) is None


def test_each_run_says_which_branch_it_goes_down_a_missed_one_told_as_coming_back(tmp_path):
    scene, engine, files = learn_scene(tmp_path, small_tree())
    play = scene.play_state
    assert words.status_text(play) == "A new branch: find the tree's moves (H shows one, as a miss)"
    missed, other = leaf_after(2), leaf_after(5)
    record = LearnRecord().after(missed, clean=False).after(other, clean=True)
    files.learning.change(lambda _record: record)
    play.new_round(next_round=False)
    assert play.learn.target == missed
    assert words.status_text(play) == "A branch you missed comes back: play it from memory"
    # The notice gives way to the game once the player moves.
    assert play.try_play(TREE_MOVE) is None and play.notice is None
    files.learning.change(lambda record: record.after(missed, clean=True).after(leaf_after(3), clean=True))
    files.learning.change(lambda record: record.after(leaf_after(4), clean=True))
    play.new_round(next_round=False)
    # Both in box 1 and due: the one waiting longest past its time.
    assert play.learn.target == other
    assert words.status_text(play) == "A branch you are learning (1/3): play it from memory"


def test_the_explainer_is_not_flooded_with_the_reasons_of_every_losing_move(tmp_path):
    # Against the tree the computer answers at once: the coach's asking ahead for the reason of every move
    # that throws the win, at every turn, queued up on the explainer before the leaf's reason (half a
    # minute late in the window). In the trainer only a miss asks for its reason.
    scene, engine, files = learn_scene(tmp_path, small_tree())
    play = scene.play_state
    prove(scene, engine, values(TREE_MOVE))
    settle(scene, engine, 1.0)
    assert engine.count("explain") == 0
    assert play.try_play(0) is Refusal.COACHED
    assert engine.count("explain") == 1 and engine.last("explain").move == 0
