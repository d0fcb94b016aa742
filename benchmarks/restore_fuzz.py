"""Fuzzing ``meeple.restore``: mutated saved states are refused or play on without a crash.

Real states come from random play; each ``to_json`` document is mutated in one place (a key
dropped or added, a type changed, a number made -1, huge or a string, lists swapped,
truncated or reordered, the log cut short, a tag changed, an id replaced by an unknown one or
by another id of the game) and handed to ``restore``. Each mutation must be either refused
with ``RecordError`` or, when accepted, survive ``view`` and ``events`` for every seat,
``legal_actions``, a round trip through ``to_json`` and 20 more random actions, with a failed
``apply`` leaving ``to_json()`` unchanged. Anything else is a *raw* exception (the target is
none). ``tests/core/test_restore_fuzz.py`` runs a small fuzz of every game; this script runs
a bigger one and prints the figures:

    PYTHONPATH=src python benchmarks/restore_fuzz.py [GAME ...] [--mutations 3000] [--seed 1]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
import traceback
from collections.abc import Iterator
from typing import Any

import meeple
from meeple.core import MeepleError, RecordError, State

#: Values a mutation puts in place of another.
ODD_VALUES: tuple[Any, ...] = (
    -1, 0, 1, 7, 10**12, 2**70, -(2**40), 1.5, float("nan"), "", "x", "zz_unknown", True, False,
    None, [], [1, 2], {}, {"@t": []}, {"@d": {}}, {"@s": [1]}, {"@x": 1}, {"@t": [1], "@d": {}},
    {"@a": ["pass", None]}, {"@a": [3]}, {"@m": [[1]]}, {"@t": "abc"}, {"@d": []},
)
TAGS = ("@t", "@d", "@m", "@s", "@f", "@a", "@x")
FOLLOW_UP = 20


class Tally:
    """What became of the mutations of one game."""

    def __init__(self) -> None:
        self.tried = self.refused = self.accepted = self.raw = 0
        self.failures: list[str] = []

    def add(self, other: Tally) -> None:
        self.tried += other.tried
        self.refused += other.refused
        self.accepted += other.accepted
        self.raw += other.raw
        self.failures += other.failures


# ------------------------------------------------------------------ real states
def states(game_id: str, players: int, seeds: range, rng: random.Random) -> list[State]:
    """States from random play: the start, a few moments on the way and, often, the end."""
    game = meeple.load(game_id, players=players)
    out = []
    for seed in seeds:
        s = game.new_state(seed=seed)
        stops = sorted(rng.sample(range(1, 400), 3))
        n = 0
        out.append(s.clone())
        while not s.is_over and n < stops[-1]:
            s.apply(rng.choice(s.legal_actions()))
            n += 1
            if n in stops:
                out.append(s.clone())
        if s.is_over:
            out.append(s)
    return out


# ------------------------------------------------------------------ mutations
def _nodes(v: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _nodes(x, (*path, k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _nodes(x, (*path, i))


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def _strings(doc: Any) -> list[str]:
    return sorted({v for p in _nodes(doc) if isinstance(v := _get(doc, p), str)})


def mutate(doc: dict[str, Any], rng: random.Random, strings: list[str]) -> str:
    """Change ``doc`` in one place; returns what was done, for the report."""
    area = rng.choice(("fields", "fields", "fields", "log", "top"))
    root: Any = doc if area == "top" else doc[area]
    base = () if area == "top" else (area,)
    if area == "log" and rng.random() < 0.15:
        cut = rng.randrange(len(doc["log"]) + 1)
        del doc["log"][cut:]
        return f"log cut to {cut} entries"
    paths = list(_nodes(root))
    path = rng.choice(paths)
    full = (*base, *path)
    value = _get(doc, full)
    parent = _get(doc, full[:-1]) if full else None
    how = rng.random()
    if isinstance(value, dict) and value and how < 0.3:
        key = rng.choice(list(value))
        if rng.random() < 0.5:
            del value[key]
            return f"dropped {(*full, key)}"
        if key in TAGS:  # a changed tag
            value[rng.choice(TAGS)] = value.pop(key)
            return f"retagged {full}"
        value[rng.choice(("_private_actions", "zzz", "seed2", key + "_"))] = value[key]
        return f"added a key beside {(*full, key)}"
    if isinstance(value, list) and value and how < 0.45:
        return _mutate_list(value, rng, full)
    if parent is None:
        return "nothing"
    if isinstance(parent, dict) and len(parent) > 1 and how < 0.55:
        a, b = rng.sample(list(parent), 2)
        parent[a], parent[b] = parent[b], parent[a]
        return f"swapped {(*full[:-1], a)} and {b}"
    new = _odd(value, rng, strings)
    parent[full[-1]] = new
    return f"{full} = {_short(new)} (was {_short(value)})"


def _mutate_list(value: list[Any], rng: random.Random, path: tuple[Any, ...]) -> str:
    kind = rng.randrange(5)
    if kind == 0:
        del value[rng.randrange(len(value)):]
        return f"truncated {path}"
    if kind == 1:
        value.append(json.loads(json.dumps(rng.choice(value))))
        return f"duplicated an item of {path}"
    if kind == 2 and len(value) > 1:
        i, j = rng.sample(range(len(value)), 2)
        value[i], value[j] = value[j], value[i]
        return f"swapped items {i} and {j} of {path}"
    if kind == 3:
        value.reverse()
        return f"reversed {path}"
    value.clear()
    return f"emptied {path}"


def _odd(value: Any, rng: random.Random, strings: list[str]) -> Any:
    if isinstance(value, str) and strings and rng.random() < 0.5:
        return rng.choice(strings)  # another id of the game: plausible, probably wrong
    if isinstance(value, bool):
        return rng.choice(ODD_VALUES)
    if isinstance(value, int) and rng.random() < 0.6:
        return rng.choice((-1, value + 1, value - 1, value * 2 + 3, 10**9, 2**63, "3"))
    return rng.choice(ODD_VALUES)


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) < 50 else text[:47] + "..."


# ------------------------------------------------------------------ the checks
def survives(s: State, rng: random.Random) -> None:
    """Everything a restored state is used for; raises what goes wrong."""
    seats: list[int | None] = [None, *range(s.players)]
    for seat in seats:
        s.view(seat)
        s.events(seat)
    before = s.to_json()
    again = meeple.restore(json.loads(json.dumps(before)))
    assert again.to_json() == before, "to_json does not round-trip"
    with contextlib.suppress(MeepleError):
        s.apply("no such action")
    assert s.to_json() == before, "a refused action changed the state"
    for _ in range(FOLLOW_UP):
        if s.is_over:
            s.result()
            return
        la = s.legal_actions()
        was = s.clone()  # cheap; compared only when an apply fails
        try:
            s.apply(rng.choice(la))
        except MeepleError:
            assert s.to_json() == was.to_json(), "a failed apply changed the state"
            return
        s.view(s.to_act)


def fuzz(game_id: str, players: int, mutations: int, seed: int) -> Tally:
    """``mutations`` mutated documents of ``game_id`` and what became of them."""
    rng = random.Random(seed)
    docs = [json.loads(json.dumps(s.to_json()))
            for s in states(game_id, players, range(seed, seed + 3), rng)]
    strings = sorted({x for d in docs for x in _strings(d["fields"])})
    tally = Tally()
    for i in range(mutations):
        doc = json.loads(json.dumps(docs[i % len(docs)]))
        what = mutate(doc, rng, strings)
        tally.tried += 1
        stage = "restore"
        try:
            s = meeple.restore(doc)
            tally.accepted += 1
            stage = "play"
            survives(s, rng)
        except RecordError:
            if stage == "restore":
                tally.refused += 1
                continue
            tally.raw += 1  # a state restored, then its own to_json refused
            tally.failures.append(f"{game_id}/{players} {what}: re-restore refused")
        except Exception as e:
            if isinstance(e, MeepleError) and stage == "play":
                continue
            tally.raw += 1
            where = traceback.extract_tb(e.__traceback__)[-1]
            tally.failures.append(f"{game_id}/{players} {what}: {stage}: {type(e).__name__}: "
                                  f"{e} ({where.filename.split('/')[-1]}:{where.lineno})")
    return tally


def player_counts(game_id: str) -> tuple[int, ...]:
    counts = meeple.load(game_id).allowed_players()
    return tuple(sorted({counts[0], counts[-1]}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="game ids (default: every game)")
    ap.add_argument("--mutations", type=int, default=3000, help="per game and player count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=5, help="raw exceptions shown per game")
    args = ap.parse_args()
    ids = args.games or meeple.game_ids(hidden=True)
    unknown = [g for g in ids if g not in meeple.game_ids(hidden=True)]
    if unknown or args.mutations < 1:
        sys.exit(f"unknown game {unknown[0]!r}" if unknown else "--mutations must be >= 1")
    total = Tally()
    print(f"{'game':<12}{'players':>8}{'tried':>8}{'refused':>9}{'accepted':>10}{'raw':>6}"
          f"{'seconds':>9}")
    for g in ids:
        for p in player_counts(g):
            t0 = time.perf_counter()
            t = fuzz(g, p, args.mutations, args.seed)
            print(f"{g:<12}{p:>8}{t.tried:>8}{t.refused:>9}{t.accepted:>10}{t.raw:>6}"
                  f"{time.perf_counter() - t0:>9.1f}")
            for line in t.failures[:args.show]:
                print("   ", line)
            total.add(t)
    print(f"{'all':<20}{total.tried:>8}{total.refused:>9}{total.accepted:>10}{total.raw:>6}")


if __name__ == "__main__":
    main()
