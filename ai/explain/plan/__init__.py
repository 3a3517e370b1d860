"""Plans: sets of Allis's rule instances that together keep the opponent from completing any four.

The types below are the contract between the plan finder (:func:`find_plan`, in this package) and everything
that checks, shows or prints a plan. A cell is ``(column, row)`` counted from 0 at the bottom left; the
command line's JSON counts from 1 at its edge.
"""

from ai.explain.plan.finder import find_plan
from ai.plans import ColumnPairs, Goal, Plan, Response, Rule, RuleUse, SummaryItem

__all__ = ["ColumnPairs", "Goal", "Plan", "Response", "Rule", "RuleUse", "SummaryItem", "find_plan"]
