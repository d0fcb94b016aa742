"""Small pieces (docs/architecture.md): no module of meeple past 600 lines and no function past
60, so that a module does what its name says and a function fits on a screen. A long table is
data, not code: it is written in a content file or as a literal, which this test does not count
as a function."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "meeple"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60


def ident(path: Path) -> str:
    return str(path.relative_to(PACKAGE))


@pytest.mark.parametrize("path", MODULES, ids=ident)
def test_a_module_stays_under_600_lines(path: Path) -> None:
    lines = len(path.read_text("utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{ident(path)} has {lines} lines"


@pytest.mark.parametrize("path", MODULES, ids=ident)
def test_a_function_fits_on_a_screen(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    long = [f"{node.name} (line {node.lineno}): {node.end_lineno - node.lineno + 1} lines"
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno
            and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES]
    assert not long, f"{ident(path)}: " + "; ".join(long)
