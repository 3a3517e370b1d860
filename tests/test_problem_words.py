"""The words package words every problem the rules, the engine's data files and the saved games hand it: one
sentence per kind, the same sentence (and so the same translation) as before they were typed."""

from __future__ import annotations

import string

from assets.catalogs import shipped_catalogs
from game.catalog import GAMES
from game.connect4 import ConnectFour
from game.language import use_catalogs, use_language
from game.problems import Problem, RuleProblem
from game.protocol import IllegalMove
from ui.state.files import savegame
from ui.state.play.notices import CannotLoad
from ui.words.notice_words import notice_text
from ui.words.problem_words import PROBLEM_PLURALS, PROBLEM_SENTENCES, WORDED_KINDS, error_text, problem_text
from ui.words.texts import GAME_TITLES


def test_every_kind_has_one_sentence_naming_the_details_it_is_given():
    kinds = {kind for kinds in WORDED_KINDS for kind in kinds}
    assert set(PROBLEM_SENTENCES) | set(PROBLEM_PLURALS) == kinds
    assert not set(PROBLEM_SENTENCES) & set(PROBLEM_PLURALS)
    for sentence in PROBLEM_SENTENCES.values():
        names = {name for _, name, _, _ in string.Formatter().parse(sentence) if name}
        assert all(name.isidentifier() for name in names), sentence


def test_a_move_strings_bad_move_is_worded_with_its_reason_inside():
    try:
        ConnectFour.from_moves("4444444")
    except IllegalMove as error:
        assert error_text(error) == "move 7 ('4'): column 4 is full"
    else:
        raise AssertionError("a seventh stone in a column was taken")


def test_the_sentences_keep_their_translations():
    full = Problem.of(RuleProblem.COLUMN_FULL, number=4)
    try:
        use_catalogs(shipped_catalogs())
        use_language("de")
        german = problem_text(Problem.of(RuleProblem.BAD_MOVE_IN_STRING, number=7, symbol="'4'", reason=full))
    finally:
        use_language("en")
    assert german == "Zug 7 ('4'): Spalte 4 ist voll"


def test_a_saved_games_refused_moves_reach_the_notice_as_a_kind_and_are_worded_there():
    try:
        savegame.parse("game: connect4\nsize: 7x6\nmoves: 11111111\n")
    except savegame.SavedGameError as error:
        assert isinstance(error.reason, Problem) and error.reason.kind is savegame.SavedGameProblem.MOVES
        assert notice_text(CannotLoad(error.reason)) == "Cannot load: moves: move 7 ('1'): column 1 is full"
    else:
        raise AssertionError("a saved game with a full column's eighth stone was read")


def test_every_game_has_a_title_for_players():
    assert set(GAME_TITLES) == set(GAMES)
