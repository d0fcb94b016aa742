"""Every bad argument to the library's entry points is a ConfigError that says what is allowed."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meeple
from meeple.agents import make
from meeple.core import ConfigError, game_class
from meeple.sim.arena import arena
from meeple.sim.bench import run_benchmarks
from meeple.sim.runner import make_agents

#: Each call passes a bad argument on purpose; where the declared types already refuse it,
#: ``type: ignore[arg-type]`` lets the call through so the library's own refusal is tested.
BAD_CALLS: list[tuple[str, Any, str]] = [
    ("load a list", lambda: meeple.load(["myth"]),  # type: ignore[arg-type]
     "a game id is a string"),
    ("game_class a dict", lambda: game_class({}),  # type: ignore[arg-type]
     "a game id is a string"),
    ("load unknown", lambda: meeple.load("chess"), "the games are: andor, catacombs"),
    ("options a string", lambda: meeple.load("myth", options="x"),  # type: ignore[arg-type]
     "must be a mapping"),
    ("players a string", lambda: meeple.load("myth", players="2"),  # type: ignore[arg-type]
     "whole number"),
    ("players a float", lambda: meeple.load("myth", players=2.0),  # type: ignore[arg-type]
     "whole number"),
    ("players too many", lambda: meeple.load("myth", players=9), "2–4 players, not 9"),
    ("unknown option", lambda: meeple.load("myth", options={"nope": 1}), "options are: bank"),
    ("bool for an int", lambda: meeple.load("catacombs", options={"health": True}),
     "must be int at least 1, at most 40"),
    ("float for an int", lambda: meeple.load("catacombs", options={"health": 1.5}), "int"),
    ("NaN for an int", lambda: meeple.load("catacombs", options={"health": math.nan}), "int"),
    ("None for a choice", lambda: meeple.load("heavens", options={"layout": None}),
     "one of standard, forward, flanks"),
    ("number for a choice", lambda: meeple.load("heavens", options={"layout": 3}), "one of"),
    ("word for a bool", lambda: meeple.load("heavens", options={"omnipotence": "maybe"}),
     "true or false"),
    ("seed a string", lambda: meeple.load("tictactoe").new_state("1"),  # type: ignore[arg-type]
     "whole number"),
    ("agent mcts:abc", lambda: make("mcts:abc"), "mcts:800"),
    ("agent mcts:-5", lambda: make("mcts:-5"), "mcts:800"),
    ("agent greedy:d", lambda: make("greedy:d"), "greedy:4"),
    ("agent human", lambda: make("human"), "in meeple play only"),
    ("agent None", lambda: make(None), "an agent spec is a string"),  # type: ignore[arg-type]
    ("agent seed", lambda: make("random", seed="x"), "whole number"),  # type: ignore[arg-type]
    ("seats a string", lambda: make_agents("random,random", 2, 0), "list of agent specs"),
    ("arena no seats", lambda: arena("tictactoe", [], games=2), "--seats needs"),
    ("arena games 0", lambda: arena("tictactoe", ["random", "random"], games=0), "at least 1"),
    ("arena jobs 0", lambda: arena("tictactoe", ["random"] * 2, games=2, jobs=0), "jobs"),
    ("arena human", lambda: arena("tictactoe", ["human", "random"], games=2), "meeple play"),
    ("bench 0 s", lambda: run_benchmarks(["tictactoe"], seconds=0), "more than 0"),
    ("bench NaN s", lambda: run_benchmarks(["tictactoe"], seconds=math.nan), "more than 0"),
]


@pytest.mark.parametrize(("label", "call", "fragment"), BAD_CALLS, ids=[c[0] for c in BAD_CALLS])
def test_bad_call_is_a_config_error_saying_what_is_allowed(label: str, call: Any,
                                                           fragment: str) -> None:
    with pytest.raises(ConfigError) as e:
        call()
    assert fragment in str(e.value)


def test_human_is_not_offered_as_an_agent() -> None:
    with pytest.raises(ConfigError) as e:
        make("foo")
    assert "agents are: greedy, mcts, mcts-cheat, random (" in str(e.value)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)


@pytest.mark.parametrize("game_id", meeple.game_ids(hidden=True))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_load_with_any_json_options_builds_or_refuses(game_id: str, data: st.DataObject) -> None:
    names = [p.name for p in game_class(game_id).options] + ["nope"]
    keys = st.sampled_from(names) | st.text(max_size=6)
    options = data.draw(st.dictionaries(keys, JSON, max_size=3))
    try:
        game = meeple.load(game_id, options=options)
    except ConfigError:
        return
    assert set(game.config) == set(names) - {"nope"}
