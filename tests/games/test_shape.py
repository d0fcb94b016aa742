"""What the design promises of every game beyond playing by the contract (docs/architecture.md).

Every registered game, at every player count: its package has the parts every game has; its
State exposes the contract and nothing else; every view says the phase, the step and the
decision being taken, whose seat is the seat to act; a clone shares no mutable container with
its original; and a determinized world offers the seat to act exactly the actions the true one
offers (legality never depends on what that seat cannot see).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import State, game_class
from tests.games.checked import checked_games, typed

CONFIGS = [
    pytest.param(g, p, id=f"{g}-{p}p")
    for g in checked_games()
    for p in game_class(g).allowed_players()
]
GAMES = [pytest.param(g, id=g) for g in checked_games()]

#: The public names a State has: the contract (docs/contract.md) and the base's own data.
CONTRACT = frozenset({
    "to_act", "legal_actions", "apply", "check", "parse", "is_over", "result", "view", "clone",
    "determinize", "events", "referee_events", "to_json", "from_json", "record",
    "actions_taken", "evaluate",
    "game", "players", "seed", "rng", "n_actions", "decisions",
})
#: The modules every game package holds (docs/architecture.md, "A game's parts").
PARTS = ("__init__.py", "game.py", "state.py", "verbs.py", "notation.py", "actions.py",
         "view.py", "render.py", "text.py", "labels.py", "places.py", "lookup.py",
         "reasons.py", "howto/en.md", "howto/ru.md", "locale/en.po", "locale/ru.po")
#: Names a game's modules once had, each holding a mix of the parts above.
RETIRED = ("rules.py", "balance.py", "policy.py", "strategy.py", "data.py", "base.py",
           "world.py", "frozen.py", "economy.py", "reach.py", "odds.py")


def walk(state: State, seed: int, every: int = 7, limit: int = 600) -> Iterator[State]:
    """The states of one random game, one every ``every`` actions."""
    chooser = random.Random(seed)
    for n in range(limit):
        if n % every == 0:
            yield state
        if state.is_over:
            return
        state.apply(chooser.choice(state.legal_actions()))


def containers(value: Any, seen: dict[int, str], path: str) -> None:
    """Every list, dict and set reachable from ``value``, by id, with a path to it."""
    if isinstance(value, (list, dict, set)):
        if id(value) in seen:
            return
        seen[id(value)] = path
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, x in items:
            containers(x, seen, f"{path}[{k!r}]")
    elif isinstance(value, tuple):
        for i, x in enumerate(value):
            containers(x, seen, f"{path}[{i}]")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_package_has_the_same_parts(game: str) -> None:
    module = importlib.import_module(game_class(game).__module__)
    folder = Path(module.__file__ or "").parent
    if not (folder / "game.py").exists():  # a game shipped in another package, laid out its way
        pytest.skip(f"{game} is not laid out as a meeple game package")
    cls = game_class(game)
    state = cls.state_class
    wanted = [*PARTS,
              *(("content.py", "validate.py") if (folder / "content").is_dir() else ()),
              *(("params.py",) if cls.options else ()),
              *(("bots.py",) if cls.bots else ()),
              *(("heuristic.py",) if "_evaluate" in vars(state) else ()),
              *(("decisions.py",) if "decisions" in state.__annotations__ else ())]
    missing = [p for p in wanted if not (folder / p).exists()]
    assert not missing, f"{game} lacks {', '.join(missing)}"
    retired = [p for p in RETIRED if (folder / p).exists()]
    assert not retired, f"{game} still has {', '.join(retired)}"
    package = importlib.import_module(cls.__module__.rpartition(".")[0])
    exported = getattr(package, "__all__", None)
    assert exported == [cls.__name__], \
        f"{game}'s __init__ exports {exported}, not its Game class alone"


@pytest.mark.parametrize("game", GAMES)
def test_a_state_exposes_only_the_contract(game: str) -> None:
    cls = game_class(game).state_class
    extra = sorted(
        name for name in dir(cls)
        if not name.startswith("_") and name not in CONTRACT
        and (callable(getattr(cls, name)) or isinstance(getattr(cls, name), property))
    )
    assert not extra, f"{cls.__name__} exposes {', '.join(extra)} beside the contract"


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_views_say_phase_step_and_decision(game: str, players: int) -> None:
    for s in walk(meeple.load(game, players=players).new_state(seed=3), seed=3):
        if s.decisions:
            assert s.decisions[-1].seat == s.to_act, "the top decision is not the seat to act's"
        for seat in (None, *range(players)):
            v = s.view(seat)
            assert "phase" in v and "step" in v, f"a view of {game} lacks phase or step"
            d = v["decision"]
            if s.is_over:
                assert d is None
            else:
                assert d["seat"] == s.to_act and isinstance(d["kind"], str) and d["kind"]


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_a_clone_shares_no_mutable_container(game: str, players: int) -> None:
    for s in walk(meeple.load(game, players=players).new_state(seed=5), seed=5, every=11):
        twin = s.clone()
        mine: dict[int, str] = {}
        theirs: dict[int, str] = {}
        for name, value in s.__dict__.items():
            if name not in ("game", "_log", "rng"):
                containers(value, mine, name)
        for name, value in twin.__dict__.items():
            if name not in ("game", "_log", "rng"):
                containers(value, theirs, name)
        shared = sorted(mine[i] for i in set(mine) & set(theirs))
        assert not shared, f"a clone of {game} shares {', '.join(shared[:5])}"


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_a_determinized_world_offers_the_same_actions(game: str, players: int) -> None:
    for s in walk(meeple.load(game, players=players).new_state(seed=8), seed=8, every=5):
        if s.is_over:
            continue
        seat = s.to_act
        assert seat is not None
        legal = [a.text for a in s.legal_actions()]
        for k in range(3):
            assert [a.text for a in s.determinize(seat, k).legal_actions()] == legal


@pytest.mark.parametrize("game", GAMES)
def test_every_game_binds_its_words(game: str) -> None:
    """The six word methods, ``where``, ``changed`` and ``why_not`` are the game's own, bound
    to the modules named after them."""
    cls = game_class(game)
    pkg = cls.__module__.rpartition(".")[0]
    homes = {"seat_names": "text", "describe": "text", "outcome": "text", "label": "labels",
             "costs": "labels", "catalogue": "lookup", "where": "places", "changed": "places",
             "why_not": "reasons"}
    for name, module in homes.items():
        fn = getattr(cls, name)
        assert fn.__module__ == f"{pkg}.{module}", f"{game}.{name} comes from {fn.__module__}"


# ------------------------------------------------------------------ one vocabulary
#: Names the glossary retired (docs/architecture.md, "One vocabulary"), and what replaced them.
RETIRED_NAMES = {
    "c": "content", "cat": "content", "T": "content", "cur": "active", "current": "active",
    "whose_turn": "active", "over_reason": "ending", "end_reason": "ending",
    "outcome": "ending", "tcard": "a word", "caul": "a word", "bq": "a word", "sp": "a word",
    "wp": "a word", "upg": "a word",
}


def lists_its_verbs(game: str) -> None:
    if not typed(game):
        pytest.skip(f"{game} does not speak the grammar yet")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_of_meeple_speaks_the_grammar(game: str) -> None:
    """meeple's own games list their verbs; a game of another package may not yet, and the
    grammar suite skips it (docs/writing-a-game.md shows how)."""
    if game_class(game).__module__.startswith("meeple.games."):
        assert typed(game), f"{game} lists no verbs"


@pytest.mark.parametrize("game", GAMES)
def test_states_and_games_use_the_glossarys_names(game: str) -> None:
    lists_its_verbs(game)
    cls = game_class(game)
    g = meeple.load(game)
    st = g.new_state(seed=1)
    names = {*vars(st), *cls.state_class.__annotations__, *vars(g)}
    old = sorted(f"{n} (say {RETIRED_NAMES[n]})" for n in names if n in RETIRED_NAMES)
    assert not old, f"{game} uses retired names: {', '.join(old)}"
    assert not cls.__name__.endswith("Game"), f"{cls.__name__}: name a Game after its game"
    assert cls.state_class.__name__ == f"{cls.__name__}State"
    if cls.__module__.startswith("meeple.games.") and (
            importlib.util.find_spec(f"{cls.__module__.rpartition('.')[0]}.content") is not None):
        assert hasattr(g, "content"), f"{game} keeps its content tables in game.content"


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_phase_and_step_are_words_and_the_ending_is_named(game: str, players: int) -> None:
    lists_its_verbs(game)
    last = None
    for s in walk(meeple.load(game, players=players).new_state(seed=4), seed=4, limit=3000):
        v = s.view(None)
        assert isinstance(v["phase"], str) and not v["phase"].isdigit(), v["phase"]
        assert v["step"] is None or (isinstance(v["step"], str) and not v["step"].isdigit())
        last = s
    assert last is not None
    if last.is_over:
        assert last.result().reason, "a finished game names how it ended"
