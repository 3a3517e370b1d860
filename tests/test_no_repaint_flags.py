"""The window keeps no repaint flag: the model, the presentation and the screens never set a flag saying
that something changed or wants drawing (the window compares each frame's picture with the one it drew
last: docs/architecture.md, "The window's three layers"). Checked on the source, as test_layers.py checks
the imports."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The window's code: the model, the screens, their kit and panels, the window and its loop.
WINDOW_CODE = (
    "ui/state",
    "ui/play",
    "ui/start",
    "ui/statistics",
    "ui/panels",
    "ui/kit",
    "ui/window",
    "ui/app.py",
)
#: Names a repaint flag goes by, as an attribute set.
FLAG_NAMES = {"dirty", "_dirty", "changed", "_changed", "redraw", "needs_redraw", "repaint"}
#: Names a repaint flag goes by, as a method or property asked (``changed(...)`` makes a changed value: no
#: flag).
FLAG_METHODS = {"dirty", "_dirty", "needs_redraw", "needs_repaint", "repaint"}


def _modules() -> list[Path]:
    paths: list[Path] = []
    for place in WINDOW_CODE:
        path = ROOT / place
        paths.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return paths


def _flags(tree: ast.AST) -> list[str]:
    """The flag-like names ``tree`` assigns as attributes or defines as methods or properties."""
    found = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in FLAG_METHODS:
            found.append(f"def {node.name} (line {node.lineno})")
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and part.attr in FLAG_NAMES:
                    found.append(f".{part.attr} = (line {part.lineno})")
    return found


def test_the_window_keeps_no_repaint_flag():
    modules = _modules()
    assert len(modules) > 50, "the window's code is where this test looks for it"
    offenders = {
        str(path.relative_to(ROOT)): flags
        for path in modules
        if (flags := _flags(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert offenders == {}


def test_the_check_finds_a_flag():
    source = (
        "class Scene:\n    def poke(self):\n        self.dirty = True\n        self.view.changed |= True\n"
    )
    assert _flags(ast.parse(source)) == [".dirty = (line 3)", ".changed = (line 4)"]
    assert _flags(ast.parse("class S:\n    def needs_redraw(self):\n        return True\n"))
