"""The types of the compiled solver core (``ai/exact/c4core/module.c``), which mypy cannot read from the built
extension. The contracts are the C docstrings'; :mod:`ai.exact.compiled_core` is the only caller."""

from collections.abc import Sequence

from typing_extensions import Buffer

class Core:
    def __init__(
        self,
        width: int,
        height: int,
        table_size: int,
        order: Sequence[int],
        enhanced: bool = False,
        share: Core | None = None,
        near_depth: int = ...,
    ) -> None: ...
    @property
    def nodes(self) -> int: ...
    @property
    def branched(self) -> int: ...
    @property
    def table_entries(self) -> int: ...
    @property
    def slots_in_use(self) -> int: ...
    def negamax(
        self, current: int, mask: int, moves: int, alpha: int, beta: int, seconds: float, /
    ) -> int | None:
        """Score of the window search, or None when stopped."""
    def solve(
        self, current: int, mask: int, moves: int, weak: bool, seconds: float, at_least: int | None = None, /
    ) -> int | None:
        """The exact score, or None when stopped."""
    def set_book(self, entries: Buffer | None, max_moves: int, /) -> None: ...
    def interrupt(self) -> None: ...
    def reset_interrupt(self) -> None: ...
    def clear(self) -> None: ...
    def release(self) -> None: ...
    def table_entry(self, index: int, /) -> int: ...
