"""What the workers of a parallel test run (pytest-xdist) make once and share, such as the built wheel."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock


def made_once_per_run(
    tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]
) -> Path:
    """The folder ``name``, filled by ``make(folder)`` once per test run: in a parallel run (pytest-xdist) the
    first worker to ask makes it in the run's temporary folder, which all its workers share, under a file
    lock; the others wait for it and use it as it is. A ``make`` that fails marks nothing done, so the next
    one to ask starts again from an empty folder."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # each worker's folder is in the run's own
    folder, done = base / name, base / f"{name}.done"
    with FileLock(str(base / f"{name}.lock")):
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            done.touch()
    return folder
