"""One line describing the machine a measurement ran on, printed under every table of the benchmarks and of
the tools that time their work (the puzzles' generators)."""

from __future__ import annotations

import datetime
import os
import platform


def machine_line() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{datetime.date.today().isoformat()}, {cpu}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()} ({platform.python_implementation()}), {platform.system()}"
    )
