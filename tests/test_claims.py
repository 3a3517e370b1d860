"""A claim kind is one entry: each ``Kind`` names exactly one class of the closed union ``ai.claims.Claim``,
and every class of claim is in that union, so that the type check (``match`` ... ``NoReturn``) finds each
place that must handle a new kind: the JSON export, the checks, the words and the board's marks. A rule of a
plan is one entry of each table that names rules."""

from __future__ import annotations

import typing

import ai.claims
from ai.claims import Claim, ClaimBase, Kind
from ai.plans import Rule
from ui.play.plan_marks import RULE_COLOURS
from ui.words.claim_words import RULE_GLOSSES
from ui.words.why_words import RULE_MARKS


def test_every_kind_is_one_class_of_the_union_and_every_class_is_in_it():
    members = typing.get_args(Claim)
    assert sorted(member.kind.value for member in members) == sorted(kind.value for kind in Kind)
    declared = {
        value
        for value in vars(ai.claims).values()
        if isinstance(value, type) and issubclass(value, ClaimBase) and value is not ClaimBase
    }
    assert declared == set(members)


def test_every_rule_of_a_plan_has_its_gloss_its_mark_and_its_colour():
    """``ponder explain`` says each rule in plain words, the plan view marks its cells in its colour."""
    for table in (RULE_GLOSSES, RULE_MARKS, RULE_COLOURS):
        assert set(table) == set(Rule)
