"""Helpers for the tests of the measuring scripts in ``benchmarks/``."""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` as a module, without running its ``main``."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def no_game(job: object) -> None:
    raise AssertionError(f"a game was started: {job}")


def assert_refused(mod: ModuleType, monkeypatch: pytest.MonkeyPatch,
                   cases: Sequence[tuple[list[str], str]]) -> None:
    """Each command line in ``cases`` stops ``mod.main`` with its message, before any game."""
    monkeypatch.setattr(mod, "play", no_game)
    for argv, says in cases:
        monkeypatch.setattr("sys.argv", [f"{mod.__name__}.py", *argv])
        with pytest.raises(SystemExit) as stopped:
            mod.main()
        assert says in str(stopped.value.code), (argv, stopped.value.code)
