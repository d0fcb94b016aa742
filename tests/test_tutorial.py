"""The tutorial's code runs as written, and the game it builds keeps the contract."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import registry

DOC = Path(__file__).resolve().parents[1] / "docs" / "writing-a-game.md"


def tutorial_namespace() -> dict[str, Any]:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text("utf-8"), re.S)
    ns: dict[str, Any] = {"__name__": "pig_tutorial"}
    for code in blocks:
        exec(compile(code, str(DOC), "exec"), ns)
    return ns


def test_the_tutorial_runs_and_its_game_plays_to_the_end() -> None:
    ns = tutorial_namespace()
    pig = ns["Pig"](players=2)
    state = pig.new_state(seed=3)
    chooser = random.Random(3)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    assert state.result().winners
    assert json.loads(json.dumps(state.to_json()))["game"] == "pig"


def test_a_game_from_another_package_registers_by_entry_point(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ns = tutorial_namespace()
    module = type(meeple)("pig_plugin")
    module.Pig = ns["Pig"]  # type: ignore[attr-defined]
    monkeypatch.setitem(__import__("sys").modules, "pig_plugin", module)
    targets = {**registry._targets(), "pig": "pig_plugin:Pig"}
    monkeypatch.setattr(registry, "_targets", lambda: targets)
    registry.game_class.cache_clear()
    try:
        assert "pig" in registry.game_ids()
        game = meeple.load("pig", players=3, options={"target": 15})
        state = game.new_state(seed=1)
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        assert meeple.replay(state.record()).to_json() == state.to_json()
    finally:
        registry.game_class.cache_clear()
