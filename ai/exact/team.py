"""Lazy SMP for the compiled solver: several solvers, one thread each, searching over one shared main table.

Every solver of a team searches the whole position, in a tie-break order of its own (:func:`search_orders`),
and stores what it proves in the shared table, where the others find it: each thread's search ends sooner
for what the others proved, and the first to finish answers for all (every answer is exact, so they agree).
The compiled core searches without the GIL, so the threads run on as many cores as there are. Two solvers
in the same order would walk the same tree side by side and gain little; an order that is another's mirror
image walks it too, since the table stores mirror positions under one key.

:func:`race` searches one position with a team; :func:`teams_of` splits a team so that several positions (the
moves of ``analyze --all``) are searched at once, each by a part of the threads, as :func:`share_moves` does.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace

from ai.contracts import Budget, SearchStopped
from ai.exact.base import SolverBase
from ai.stop_flag import StopFlag
from game.connect4 import centre_first
from game.protocol import Game

#: The name of every thread a team starts (they have all ended when a call here returns).
HELPER_THREAD_NAME = "exact-helper"


def cores_available() -> int:
    """The cores this process may run on: its affinity mask where the system has one, else the CPU count."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def window_threads() -> int:
    """The solver threads the window's analysis uses by default: every core but one (at least one), which
    stays free for drawing the window."""
    return max(1, cores_available() - 1)


def mirror_order(order: Sequence[int]) -> tuple[int, ...]:
    """The order of the mirrored board: column c becomes width - 1 - c."""
    return tuple(len(order) - 1 - column for column in order)


def helper_order(width: int) -> tuple[int, ...]:
    """The second thread's tie-break order of the columns: centre first like the first thread's, but with the
    first and the last pair of sides swapped, so that the two threads go into different subtrees first
    (bench: docs/benchmarks.md)."""
    order = list(centre_first(width))
    if width >= 4:
        order[1], order[2] = order[2], order[1]
        order[-2], order[-1] = order[-1], order[-2]
    return tuple(order)


def _candidate_orders(width: int) -> Iterator[tuple[int, ...]]:
    """Orders to choose from, most useful first: centre first, the second thread's, the other columns
    rotated (each thread then prefers another side column when moves tie), then every other permutation of
    the columns after the centre."""
    main = centre_first(width)
    yield main
    yield helper_order(width)
    rest = main[1:]
    for shift in range(1, len(rest)):
        yield (main[0], *rest[shift:], *rest[:shift])
    for permutation in itertools.permutations(rest):
        yield (main[0], *permutation)


def search_orders(width: int, count: int) -> list[tuple[int, ...]]:
    """``count`` tie-break orders of the columns for the threads of a team, the first centre first (the lone
    solver's). No order is another's or another's mirror image while distinct ones remain; a narrow board
    has few, and then they repeat."""
    chosen: list[tuple[int, ...]] = []
    taken: set[tuple[int, ...]] = set()
    for order in _candidate_orders(width):
        if len(chosen) == count:
            return chosen
        if order not in taken:
            chosen.append(order)
            taken.update((order, mirror_order(order)))
    distinct = len(chosen)
    return [chosen[index % distinct] for index in range(count)]


def teams_of(solvers: Sequence[SolverBase], positions: int) -> list[list[SolverBase]]:
    """``solvers`` split into as many teams as there are ``positions`` to search at once (fewer when there
    are fewer solvers), the solvers shared out evenly; the first team starts with the first solver."""
    count = max(1, min(len(solvers), positions))
    size, extra = divmod(len(solvers), count)
    teams, start = [], 0
    for index in range(count):
        end = start + size + (index < extra)
        teams.append(list(solvers[start:end]))
        start = end
    return teams


def _forwarding(stop: threading.Event | None, team_stop: StopFlag) -> AbstractContextManager[None]:
    """While inside, setting the caller's ``stop`` sets ``team_stop`` too (which stops every thread)."""
    if stop is None:
        return nullcontext()
    if not isinstance(stop, StopFlag):
        raise TypeError("the compiled core needs an ai.stop_flag.StopFlag to be stoppable")
    return stop.calling(team_stop.set)


def race(
    solvers: Sequence[SolverBase],
    position: tuple[int, int, int],
    weak: bool,
    at_least: int | None,
    budget: Budget,
) -> int:
    """The score of ``position`` (current, mask, moves; see SolverBase.solve for ``weak`` and ``at_least``),
    searched by every solver of ``solvers`` at once: the first on the calling thread (with ``budget``'s
    hooks), each other on a thread of its own. The first answer is returned, and the others are stopped
    then; every thread has ended when this returns or raises. Raises SearchStopped when ``budget`` stops
    the search before any answer; a failure of the calling thread's solver, or of another when none
    answered.

    One solver searches on the calling thread alone, as ``solvers[0].solve`` would."""
    if len(solvers) == 1:
        return solvers[0].solve(*position, weak, at_least, budget)
    team_stop = StopFlag()
    answers: list[int] = []
    failures: list[BaseException] = []

    def help_search(solver: SolverBase) -> None:
        try:
            answers.append(solver.solve(*position, weak, at_least, helper_budget))
        except SearchStopped:
            return
        except BaseException as failure:  # handed to the calling thread, which raises it
            failures.append(failure)
        team_stop.set()

    helper_budget = Budget(stop=team_stop, deadline=budget.deadline)
    helpers = [
        threading.Thread(target=help_search, args=(solver,), name=HELPER_THREAD_NAME, daemon=True)
        for solver in solvers[1:]
    ]
    with _forwarding(budget.stop, team_stop):
        for helper in helpers:
            helper.start()
        try:
            answers.append(solvers[0].solve(*position, weak, at_least, replace(budget, stop=team_stop)))
        except SearchStopped:
            pass
        finally:
            team_stop.set()
            for helper in helpers:
                helper.join()
    if answers:
        return answers[0]
    if failures:
        raise failures[0]
    raise SearchStopped


def share_moves(
    solvers: Sequence[SolverBase],
    game: Game,
    moves: list[int],
    solve: Callable[[list[SolverBase], Game], int],
) -> dict[int, int]:
    """The score of each of ``moves`` of ``game``, from its side to move's view: ``solvers`` are split into
    as many teams as there are moves (:func:`teams_of`), each team taking the next move as it finishes one,
    ``solve(team, position)`` giving the score of the position a move leads to (from its own side to move's
    view). The calling thread leads the first team; the other teams' threads have ended when this returns or
    raises, and what failed in any of them is raised here."""
    pending = deque(moves)
    scores: dict[int, int] = {}
    failures: list[BaseException] = []

    def solve_pending(team: list[SolverBase]) -> None:
        while pending:
            try:
                move = pending.popleft()
            except IndexError:  # another thread took the last one
                return
            child = game.copy()
            child.apply(move)
            scores[move] = -solve(team, child)

    def team_work(team: list[SolverBase]) -> None:
        try:
            solve_pending(team)
        except BaseException as failure:  # handed to the calling thread, which raises it
            failures.append(failure)

    first, *others = teams_of(solvers, len(moves))
    leaders = [
        threading.Thread(target=team_work, args=(team,), name=HELPER_THREAD_NAME, daemon=True)
        for team in others
    ]
    for leader in leaders:
        leader.start()
    try:
        solve_pending(first)
    finally:
        pending.clear()  # after a failure here, the other teams end with the move they are solving
        for leader in leaders:
            leader.join()
    if failures:
        raise failures[0]
    return scores
