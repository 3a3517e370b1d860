"""The layers keep their promises (docs/architecture.md draws them): ``game`` imports nothing of ours besides
``game``; ``ai`` only ``game`` and ``assets``; the window asks only the engine's public modules; ``ui.state``,
the words (``ui.words``) and the command line never import pygame or a screen, and the screens not each other;
the state imports nothing of ``ui`` above it (its words included, but for the readers that word a wrapped
refusal, listed); only the command line parses arguments; the rules and the engine put no text through
gettext, nor the state (the words package does); no module takes part in an import cycle
(``TYPE_CHECKING`` imports included); the contracts sit below ``ai``, and the messages below the engine's
parts; the tools never import the benchmarks."""

from __future__ import annotations

import ast
import functools
import pkgutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _modules(package: str) -> list[str]:
    """Every module of ``package``, its sub-packages' included."""
    path = ROOT / package.replace(".", "/")
    return [info.name for info in pkgutil.walk_packages([str(path)], prefix=f"{package}.")]


def test_the_state_modules_the_words_the_search_and_the_rules_import_without_pygame():
    modules = _modules("ui.state") + _modules("ui.words") + _modules("ai") + _modules("game")
    assert {"ui.state.board.board_game", "ui.words.texts", "ai.engine", "game.connect4"} <= set(modules)
    # A None entry in sys.modules makes ``import pygame`` raise ImportError, wherever it is tried.
    code = "import sys; sys.modules['pygame'] = None\n" + "".join(f"import {name}\n" for name in modules)
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The module at ``path``, parsed once for the whole file's tests (they read the same sources many times
    over); the tests only read the tree."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def source_nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the module at ``path`` (``ast.walk``'s order), listed once."""
    return tuple(ast.walk(parsed(path)))


def import_graph(packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Which of the packages' modules each module imports (anywhere in it: in functions and under
    TYPE_CHECKING too), read from the source. A fresh copy each call: the caller may change it."""
    return {name: set(targets) for name, targets in _import_graph(packages).items()}


@functools.cache
def _import_graph(packages: tuple[str, ...]) -> dict[str, set[str]]:
    modules: dict[str, Path] = {}
    for package in packages:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in source_nodes(path):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    target = f"{node.module}.{alias.name}"
                    if target in modules or node.module in modules:
                        graph[name].add(target if target in modules else node.module)
            elif isinstance(node, ast.Import):
                graph[name].update(alias.name for alias in node.names if alias.name in modules)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_module_of_the_game_takes_part_in_an_import_cycle():
    graph = import_graph(("game", "ai", "ui"))
    assert "ai.contracts" in graph and graph["ai.exact.analysis"] and graph["ui.play.scene"]
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def reached(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    work = [start]
    while work:
        for target in graph[work.pop()] - seen:
            seen.add(target)
            work.append(target)
    return seen


def test_the_messages_sit_below_the_engines_parts():
    """What crosses to the window (the messages, the request handle) reaches only the types below: the
    contracts, the score, the claims and the plans they carry; never a part of the engine (a search, the
    explainer's finders), which would climb from the interface into the machinery."""
    graph = import_graph(("game", "ai"))
    assert {"ai.claims", "ai.contracts"} <= reached(graph, "ai.messages")
    below = {"ai.messages", "ai.contracts", "ai.score", "ai.claims", "ai.plans"}
    for interface in ("ai.messages", "ai.request"):
        assert {name for name in reached(graph, interface) if _in(name, "ai")} <= below, interface


def test_the_tools_never_import_the_benchmarks():
    """The benchmarks sit above the tools: what both need (the machine line, the fakes) lives in
    ``tools.support``, which the benchmarks may import and which imports no benchmark."""
    graph = import_graph(("tools", "bench"))
    assert "tools.make_puzzles" in graph and "tools.support.machine" in graph["bench.solve"]
    climbs = {
        name: {t for t in targets if _in(t, "bench")} for name, targets in graph.items() if _in(name, "tools")
    }
    assert {name: targets for name, targets in climbs.items() if targets} == {}


def test_the_contracts_sit_below_everything_in_ai():
    graph = import_graph(("game", "ai"))
    assert graph["ai.contracts"] <= {"ai.score", "game.problems"} and graph["ai.score"] == set()


#: The packages of the game (the tools, the benchmarks and the tests sit above them all).
PACKAGES = ("game", "ai", "ui", "assets")
#: The engine's modules the window may import: its interface (the engine thread, its requests and messages,
#: what it can do without a search), the types and scales its answers come in, the levels, the ratings and
#: the puzzles, the explainer's claims, the plans they carry and the puzzles' themes (the words of them all,
#: the window's and ``ponder explain``'s alike, are the words package's). The rest of ai (the
#: searches, the solver, the thinker, the review's workings) is the engine's own business; the command-line
#: tools, which run those parts themselves, are the exception.
PUBLIC_AI = {
    "ai.capabilities",
    "ai.contracts",
    "ai.engine",
    "ai.claims",
    "ai.plans",
    "ai.explain.themes",
    "ai.learn.tree",
    "ai.file_problems",
    "ai.messages",
    "ai.play.levels",
    "ai.puzzles",
    "ai.rating.glicko",
    "ai.rating.ladder",
    "ai.rating.performance",
    "ai.request",
    "ai.score",
}
#: The screens' packages: none imports another.
SCREENS = ("ui.play", "ui.start", "ui.statistics")


def _in(module: str, *packages: str) -> bool:
    return any(module == package or module.startswith(package + ".") for package in packages)


def _imports(from_packages: tuple[str, ...], of: tuple[str, ...]) -> dict[str, set[str]]:
    """Each module of ``from_packages`` that imports a module of ``of``, with those it imports."""
    graph = import_graph(PACKAGES)
    found = {name: {target for target in targets if _in(target, *of)} for name, targets in graph.items()}
    return {name: targets for name, targets in found.items() if targets and _in(name, *from_packages)}


def test_the_rules_import_nothing_of_ours_but_the_rules():
    assert _imports(("game",), ("ai", "ui", "assets")) == {}


def test_the_data_files_know_only_the_rules_and_the_engine_only_the_data_and_the_rules():
    assert _imports(("assets",), ("ai", "ui")) == {}
    assert _imports(("ai",), ("ui",)) == {}


def test_the_window_asks_only_the_engines_public_modules():
    window = _imports(("ui",), ("ai",))
    private = {
        name: targets - PUBLIC_AI for name, targets in window.items() if not _in(name, "ui.command_line")
    }
    assert window and {name: targets for name, targets in private.items() if targets} == {}


def test_the_state_and_the_command_line_import_no_screen():
    below = _imports(("ui.state",), ("ui",))
    climbs = {name: {t for t in targets if not _in(t, "ui.state")} for name, targets in below.items()}
    # The state never words a text: the words package reads the state, never the reverse.
    assert {name: targets for name, targets in climbs.items() if targets} == {}
    tools = _imports(("ui.command_line",), ("ui",))
    assert all(
        _in(target, "ui.state", "ui.words", "ui.command_line")
        for targets in tools.values()
        for target in targets
    )


def test_no_screen_imports_another_and_the_shared_parts_import_none():
    for package in (*SCREENS, "ui.panels", "ui.kit", "ui.window", "ui.state", "ui.words", "ui.command_line"):
        others = tuple(screen for screen in SCREENS if screen != package)
        assert _imports((package,), others) == {}, package


def test_only_the_command_line_parses_arguments():
    parsing = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            for node in source_nodes(path):
                if isinstance(node, ast.Import) and any(alias.name == "argparse" for alias in node.names):
                    parsing.add(path.relative_to(ROOT).as_posix())
    parsers = ("argument_types", "play_arguments", "tools", "tool_lines", "explain", "puzzles", "learn")
    assert parsing == {f"ui/command_line/{name}.py" for name in parsers}


#: The gettext functions of ``game.language``: whoever imports one words texts.
GETTEXT = {"_", "N_", "ngettext", "pgettext"}
#: The modules of the state that still word texts themselves: the user files' readers, which word their error
#: messages as a parser does (the command-line tools print them too). The list only shrinks (but for a new
#: user file's reader, as the journal of finished games): a module that stops wording leaves it.
STILL_WORDING = {
    *(
        f"ui.state.files.{name}"
        for name in (
            "current_game",
            "finished_games",
            "learn_record",
            "player_rating",
            "puzzle_record",
            "savegame",
            "settings",
            "tally",
            "userfiles",
        )
    ),
}


def _wording(package: str) -> set[str]:
    """The modules of ``package`` that import a gettext function (or the number formatter) of
    ``game.language``: those that make text in the language in use."""
    wording = set()
    for path in (ROOT / package.replace(".", "/")).rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for node in source_nodes(path):
            if isinstance(node, ast.ImportFrom) and node.module == "game.language":
                if (GETTEXT | {"number"}) & {alias.name for alias in node.names}:
                    wording.add(module)
    return wording


def test_the_rules_and_the_engine_return_types_never_text():
    """``game`` and ``ai`` hand kinds with their arguments (a refusal's :class:`game.problems.Problem`, a
    claim, a failure); the words package words them. ``game.language`` itself is the gettext wrapper."""
    assert _wording("game") == set()
    assert _wording("ai") == set()


def test_only_the_words_word_the_states_texts():
    wording = set()
    for path in (ROOT / "ui" / "state").rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for node in source_nodes(path):
            if isinstance(node, ast.ImportFrom) and node.module == "game.language":
                if GETTEXT & {alias.name for alias in node.names}:
                    wording.add(module)
    assert wording == STILL_WORDING


def test_every_package_says_what_it_owns():
    for package in PACKAGES:
        for init in (ROOT / package).rglob("__init__.py"):
            assert ast.get_docstring(parsed(init)), init


def type_names(tree: ast.Module) -> list[str]:
    """The types a module names: its classes (nested ones too) and its module-level type aliases (a
    ``CamelCase`` name bound to anything but a type variable, or ``X: TypeAlias = ...``)."""
    names = [node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    for node in tree.body:
        if isinstance(node, ast.Assign):
            call = node.value.func if isinstance(node.value, ast.Call) else None
            if isinstance(call, ast.Name) and call.id in {"TypeVar", "ParamSpec", "TypeVarTuple"}:
                continue
            names += [
                target.id
                for target in node.targets
                if isinstance(target, ast.Name) and target.id[0].isupper() and not target.id.isupper()
            ]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if "TypeAlias" in ast.unparse(node.annotation):
                names.append(node.target.id)
    return names


def test_the_type_names_are_found():
    tree = ast.parse(
        "class A:\n    class B: ...\nChoice = int | str\nT = TypeVar('T')\nMAX = 3\nD: TypeAlias = A\n"
    )
    assert type_names(tree) == ["A", "B", "Choice", "D"]


def test_no_two_types_of_the_project_share_a_name():
    """One name, one thing (docs/architecture.md lists the names): no two classes, no alias beside a class
    of its name, no type alias defined twice (import the one instead)."""
    where: dict[str, list[str]] = {}
    for package in (*PACKAGES, "tools", "bench"):
        for path in (ROOT / package).rglob("*.py"):
            for name in type_names(parsed(path)):
                where.setdefault(name, []).append(path.relative_to(ROOT).as_posix())
    assert {name: paths for name, paths in where.items() if len(paths) > 1} == {}
