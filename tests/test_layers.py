"""Imports run one way: core ← components ← games ← agents ← {sim, tui, cli} (docs/architecture.md).

Every module of ``src/meeple`` is read with ``ast``, and every import in it, at the top or inside
a function, is checked against what its layer may import. Only ``meeple`` imports are layered; the
command-line library (click) belongs to the cli alone, and core and components use the standard
library only.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "meeple"

#: Each layer and the layers its modules may import (its own always included).
MAY_IMPORT: dict[str, frozenset[str]] = {
    "root": frozenset({"core"}),  # meeple/__init__.py: the public surface
    "core": frozenset(),
    "components": frozenset({"core"}),
    "content": frozenset({"core"}),
    "i18n": frozenset({"core"}),
    "games": frozenset({"core", "components", "content", "i18n"}),
    "agents": frozenset({"core"}),
    "sim": frozenset({"core", "content", "agents"}),
    "testing": frozenset({"core", "agents"}),  # meeple.testing: the contract suite, shipped
    "undo": frozenset({"core"}),
    "tui": frozenset({"core", "agents", "i18n", "undo"}),
    "server": frozenset({"core", "content", "agents", "i18n", "undo", "tui"}),
    # meeple.rl: learning environments over the contract; the agents are their opponents and
    # the terminal's screen their text observation
    "rl": frozenset({"core", "agents", "i18n", "tui"}),
    "cli": frozenset({"core", "components", "content", "i18n", "agents", "sim", "tui",
                      "undo", "server"}),
}
#: Imports allowed for type checking only (``if TYPE_CHECKING:``), where they never run: a
#: game's scripted bots name the ``InfoSet`` they receive.
TYPES_ONLY = {("games", "agents")}
#: Modules that count with a layer they are not named after.
SAME_AS: dict[str, str] = {}
#: Third-party packages a layer may use beyond the standard library (None: any).
OUTSIDE: dict[str, frozenset[str] | None] = {
    "root": frozenset(), "core": frozenset(), "components": frozenset(), "undo": frozenset(),
    "testing": frozenset(),
    "content": frozenset({"pydantic"}),
    "i18n": frozenset({"babel"}),
}
#: Third-party packages only one layer may use.
ONLY_IN = {"click": "cli", "pettingzoo": "rl", "gymnasium": "rl"}


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def dotted(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str, importing: bool = False) -> tuple[str, str | None]:
    """The layer of a ``meeple`` module and, for a game, the game's id. The package itself,
    imported, counts as core: it only re-exports core's public surface."""
    parts = module.split(".")[1:]
    if not parts:
        return ("core" if importing else "root"), None
    head = SAME_AS.get(parts[0], parts[0])
    if head == "games":
        return "games", parts[1] if len(parts) > 1 else None
    return head, None


def _type_only(tree: ast.Module) -> set[int]:
    """The ids of import nodes under ``if TYPE_CHECKING:`` (they never run)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return found


def imports(source: str, here: str, is_package: bool = False
            ) -> list[tuple[int, str, bool]]:
    """Every module the module ``here`` imports (resolved when relative), with its line and
    whether the import is for type checking only."""
    tree = ast.parse(source, here)
    package = here if is_package else here.rpartition(".")[0]
    typing_only = _type_only(tree)
    found: list[tuple[int, str, bool]] = []
    for node in ast.walk(tree):
        only = id(node) in typing_only
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, only) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
                names = [] if node.module else [f"{target}.{a.name}" for a in node.names]
                # ``from . import x``: x is a module of the package, or a name in it
                found += [(node.lineno, n, only) for n in names] or [(node.lineno, target, only)]
            elif node.module:
                found.append((node.lineno, node.module, only))
    return found


def wrong_imports(source: str, here: str, is_package: bool = False) -> list[str]:
    """Every import of the module ``here`` that its layer may not make, as a sentence."""
    layer, game = layer_of(here)
    allowed = MAY_IMPORT[layer] | {layer}
    outside = OUTSIDE.get(layer)
    bad = []
    for line, target, type_only in imports(source, here, is_package):
        top = target.split(".")[0]
        where = f"{here}:{line} imports {target}"
        if top == "meeple":
            theirs, their_game = layer_of(target, importing=True)
            if type_only and (layer, theirs) in TYPES_ONLY:
                continue
            if theirs not in allowed:
                bad.append(f"{where} ({layer} may not import {theirs})")
            elif layer == "games" and theirs == "games" and their_game not in (game, None):
                bad.append(f"{where} (a game imports another game)")
        elif top == "__future__" or top in sys.stdlib_module_names:
            continue
        elif ONLY_IN.get(top, layer) != layer:
            bad.append(f"{where} ({top} belongs to the {ONLY_IN[top]} alone)")
        elif outside is not None and top not in outside:
            bad.append(f"{where} ({layer} uses the standard library only)")
    return bad


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_one_way(path: Path) -> None:
    bad = wrong_imports(path.read_text("utf-8"), dotted(path), path.name == "__init__.py")
    assert not bad, "\n".join(bad)


def test_every_module_has_a_layer() -> None:
    assert {layer_of(dotted(p))[0] for p in modules()} <= set(MAY_IMPORT)


def test_the_check_sees_lazy_and_relative_imports() -> None:
    """A wrong import inside a function, or written relatively, is caught all the same."""
    assert (4, "meeple.sim.stats", False) in imports("\n\n\nfrom .stats import wilson\n",
                                                     "meeple.sim.arena")
    bad = wrong_imports("def f():\n    from ..cli import main\n    import click\n",
                        "meeple.sim.probe")
    assert len(bad) == 2 and "sim may not import cli" in bad[0] and "click" in bad[1]
    assert wrong_imports("from meeple.games.myth import base\n", "meeple.games.andor.rules")
    assert wrong_imports("from .. import myth\n", "meeple.games.andor.rules")
    assert not wrong_imports("from . import grid\n", "meeple.games.tictactoe.state")
    assert wrong_imports("import pydantic\n", "meeple.core.state")


def test_a_game_may_name_the_agents_types_for_type_checking_only() -> None:
    typed = ("from typing import TYPE_CHECKING\n"
             "if TYPE_CHECKING:\n    from meeple.agents import InfoSet\n")
    assert not wrong_imports(typed, "meeple.games.myth.bots")
    assert wrong_imports("from meeple.agents import InfoSet\n", "meeple.games.myth.bots")
    assert wrong_imports(typed.replace("agents", "sim"), "meeple.games.myth.bots")


# ------------------------------------------------------------------ a game's rules, unknotted
def game_folders() -> list[Path]:
    return sorted(p.parent for p in (PACKAGE / "games").glob("*/game.py"))


def run_time_graph(folder: Path) -> dict[str, set[str]]:
    """Each module of a game and the modules of the same game it imports when it runs (at the
    top or inside a function; imports for type checking only never run)."""
    package = dotted(folder)
    mods = {dotted(p): p for p in folder.rglob("*.py") if p.name != "__init__.py"}
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, path in mods.items():
        for _, target, type_only in imports(path.read_text("utf-8"), m):
            while target and target not in mods and target.startswith(package + "."):
                target = target.rpartition(".")[0]  # ``from .turn import end``: the module
            if not type_only and target in mods and target != m:
                graph[m].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


@pytest.mark.parametrize("folder", game_folders(), ids=lambda p: p.name)
def test_a_games_modules_never_import_each_other_in_a_circle(folder: Path) -> None:
    knots = cycles(run_time_graph(folder))
    assert not knots, "run-time import cycles: " + "; ".join(" ↔ ".join(k) for k in knots)


def test_the_cycle_check_sees_a_circle_through_a_function_import() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
