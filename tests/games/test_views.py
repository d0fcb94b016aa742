"""Every game's view has a declared shape (docs/architecture.md, "One vocabulary").

Each game's ``view.View`` is a TypedDict; its JSON Schema is kept in ``docs/views/<id>.json``
(this test writes it, and fails when the file it found was stale); every view of random play, for
every seat and the spectator, fits the schema exactly (no undeclared key); ``mine`` and
``on_table`` name catalogue entries only, and a spectator owns nothing.
"""

from __future__ import annotations

import importlib
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import meeple
from meeple.core import game_class
from tests.games.checked import checked_games
from tests.games.schema import view_schema

DOCS = Path(__file__).resolve().parents[2] / "docs" / "views"
GAMES = [pytest.param(g, id=g) for g in checked_games()]
CONFIGS = [
    pytest.param(g, p, id=f"{g}-{p}p")
    for g in checked_games()
    for p in game_class(g).allowed_players()
]


def view_type(game: str) -> Any:
    """The game's ``View`` TypedDict (its package's ``view.View``), or None."""
    package = game_class(game).__module__.rpartition(".")[0]
    try:
        return getattr(importlib.import_module(f"{package}.view"), "View", None)
    except ImportError:
        return None


@cache
def schema(game: str) -> dict[str, Any]:
    tp = view_type(game)
    if tp is None:
        pytest.skip(f"{game} declares no View yet")
    return view_schema(tp, f"The view of {game_class(game).name}, as one seat receives it")


@pytest.mark.parametrize("game", GAMES)
def test_the_view_schema_in_the_docs_is_current(game: str) -> None:
    if game.startswith("_") or not game_class(game).__module__.startswith("meeple.games."):
        pytest.skip("only meeple's own games have their views in meeple's docs")
    want = json.dumps(schema(game), indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    path = DOCS / f"{game}.json"
    had = path.read_text("utf-8") if path.exists() else None
    if had != want:
        path.write_text(want, "utf-8")
    assert had == want, f"{path} was stale and has been rewritten: commit it"


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_every_view_of_random_play_fits_its_schema(game: str, players: int) -> None:
    check = Draft202012Validator(schema(game))
    catalogue = set(meeple.load(game, players=players).catalogue())
    for seed in range(2):
        st = meeple.load(game, players=players).new_state(seed=seed)
        pick = random.Random(seed)
        for n in range(400):
            if n % 9 == 0 or st.is_over:
                for seat in [None, *range(players)]:
                    v = json.loads(json.dumps(st.view(seat)))
                    errors = sorted(check.iter_errors(v), key=lambda e: list(e.path))
                    assert not errors, (f"seed {seed}, action {n}, seat {seat}: "
                                        f"{errors[0].message} at {list(errors[0].path)}")
                    assert set(v["mine"]) | set(v["on_table"]) <= catalogue
                    assert seat is not None or not v["mine"], "a spectator owns nothing"
            if st.is_over:
                break
            st.apply(pick.choice(st.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
def test_views_hold_no_words(game: str) -> None:
    found: list[str] = []

    def walk(s: Any, path: str) -> None:
        if isinstance(s, dict):
            props = s.get("properties")
            for k, v in (props if isinstance(props, dict) else {}).items():
                if k.endswith("_ru") or k in {"name", "text", "label", "sentence"}:
                    found.append(f"{path}.{k}")
                walk(v, f"{path}.{k}")
            for k, v in s.items():
                if k != "properties":
                    walk(v, path)
        elif isinstance(s, list):
            for x in s:
                walk(x, path)

    walk(schema(game), "view")
    assert not found, f"words in the view of {game}: {', '.join(found)}"
