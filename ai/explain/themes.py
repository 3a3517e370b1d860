"""Puzzle themes as data: what the winning move of a puzzle (:mod:`ai.puzzles`) is about, from the claims the
explainer proves for it (a double threat, a forcing line, an odd threat that holds zugzwang, a claimeven of
the plan that then wins ...), so that a player can be given puzzles of one theme and told the theme after
the solve."""

from __future__ import annotations

from ai.claims import Claim, DoubleThreat, ForcingLine, PlanClaim, Road, Zugzwang, ZugzwangRule
from ai.contracts import UNBOUNDED, Budget
from ai.exact.analysis import ExactAnalyzer
from ai.explain.explainer import DEADLINE_SECONDS, Explanation, PlanFinder, explain_move
from ai.plans import Rule
from ai.puzzles import Puzzle, PuzzleTheme
from game.connect4 import ConnectFour

__all__ = ["PuzzleTheme", "explain_puzzle", "puzzle_themes", "themes_of"]


def themes_of(claims: tuple[Claim, ...], side: int) -> frozenset[PuzzleTheme]:
    """The themes of ``side``'s winning move whose proven claims are ``claims``: a road's are its own theme
    and those of the reason it leads to. A move that wins by tactics (a double threat or a forcing line of
    ``side``'s) is about them: the zugzwang or the plan also proven after it (a plan whose first priority is
    to complete four holds after any double threat) names no theme then."""
    tactical = any(isinstance(claim, DoubleThreat | ForcingLine) and claim.side == side for claim in claims)
    found: set[PuzzleTheme] = set()
    for claim in claims:
        if isinstance(claim, Road) and claim.then is not None and claim.side == side:
            found |= {PuzzleTheme.ROAD, *themes_of((claim.then,), side)}
            continue
        if claim.side != side:
            continue
        if isinstance(claim, DoubleThreat):
            found.add(PuzzleTheme.STACKED_THREATS if claim.stacked else PuzzleTheme.DOUBLE_THREAT)
        elif isinstance(claim, ForcingLine):
            found.add(PuzzleTheme.FORCING_LINE)
        elif isinstance(claim, Zugzwang) and not tactical:
            found.add(PuzzleTheme.ZUGZWANG)
            if claim.rule is ZugzwangRule.ODD_THREAT_HOLDS:
                found.add(PuzzleTheme.ODD_THREAT)
            else:
                found.add(PuzzleTheme.CLAIMEVEN)
        elif isinstance(claim, PlanClaim) and claim.plan is not None and not tactical:
            found.add(PuzzleTheme.PLAN)
            rules = {use.rule for use in claim.plan.rules}
            if Rule.CLAIMEVEN in rules:
                found.add(PuzzleTheme.CLAIMEVEN)
            if Rule.ODD_THREAT in rules:
                found.add(PuzzleTheme.ODD_THREAT)
    return frozenset(found)


def explain_puzzle(
    puzzle: Puzzle,
    analyzer: ExactAnalyzer,
    budget: Budget = UNBOUNDED,
    seconds: float = DEADLINE_SECONDS,
    find_plan: PlanFinder | None = None,
) -> Explanation:
    """The explainer's proven claims about ``puzzle``'s winning move (within ``seconds``), whose themes
    :func:`themes_of` gives for the side to move."""
    game = ConnectFour.from_moves(puzzle.moves)
    return explain_move(game, puzzle.column - 1, analyzer, budget, seconds, find_plan)


def puzzle_themes(
    puzzle: Puzzle,
    analyzer: ExactAnalyzer,
    budget: Budget = UNBOUNDED,
    seconds: float = DEADLINE_SECONDS,
    find_plan: PlanFinder | None = None,
) -> frozenset[PuzzleTheme]:
    """The themes of ``puzzle`` (none where nothing about its move is proven within ``seconds``)."""
    explanation = explain_puzzle(puzzle, analyzer, budget, seconds, find_plan)
    return themes_of(explanation.claims, ConnectFour.from_moves(puzzle.moves).to_move())
