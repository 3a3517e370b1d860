"""What this machine can give the command-line tools' exact solver: the most solver threads worth starting
(each has a solver of its own; beyond a few a core they only wait for one) and the largest table its memory
holds. A request beyond either is refused as a usage error before anything is started (one line naming the
most), so that no tool runs out of memory, starts threads that only wait, or ends in a traceback.
"""

from __future__ import annotations

import os

from ai.exact.team import cores_available

#: Solver threads a core: more only take turns on it (the lazy-SMP gain is in the first few).
THREADS_PER_CORE = 4
#: The largest table the solver's cores accept, in MB (2**40 slots of 8 bytes).
CORE_TABLE_MB = (1 << 40) * 8 >> 20
#: The share of the machine's memory the table may take: the rest is the system's and the program's own.
TABLE_SHARE = 2


def most_threads() -> int:
    """The most solver threads worth starting here: :data:`THREADS_PER_CORE` for each core this process may
    run on."""
    return THREADS_PER_CORE * cores_available()


def memory_bytes() -> int | None:
    """The machine's physical memory in bytes, or None where the system does not say."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


def most_table_mb() -> int:
    """The largest ``--table-mb`` this machine can give: a power of two (the table is rounded down to one) of
    at most half its memory, and within what the core accepts."""
    memory = memory_bytes()
    if memory is None:
        return CORE_TABLE_MB
    allowed = max(1, memory // TABLE_SHARE >> 20)
    return min(CORE_TABLE_MB, 1 << (allowed.bit_length() - 1))
