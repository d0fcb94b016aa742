"""What the word tests share: playing games at random, and finding what people must never read.

A game's word settings live in ``tests/games/<id>/screens/config.toml``:

- ``players``, ``seed``, ``steps``: the position of the exact screens (random play from that
  seed for that many actions);
- ``latin``: regular expressions of the Latin-script words allowed in Russian text (proper
  names, map coordinates), each with a reason in a comment;
- ``not_shown``: content ids no view can show (with a reason), left out of the catalogue check.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from meeple.agents import make
from meeple.core import Game, State, game_class

TESTS = Path(__file__).resolve().parent
SRC = TESTS.parents[1] / "src" / "meeple" / "games"
#: What no sentence, label or screen may contain: Python values and data syntax.
FORBIDDEN = ("None", "True", "False", "{", "}", "[", "]", "_", "\\n")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'’-]*")


@cache
def config(game_id: str) -> dict[str, Any]:
    """The game's word settings (empty when it has none yet)."""
    path = TESTS / game_id / "screens" / "config.toml"
    return tomllib.loads(path.read_text("utf-8")) if path.is_file() else {}


def _ids_in(node: Any, out: set[str]) -> None:
    if isinstance(node, dict):
        if isinstance(node.get("id"), str):
            out.add(node["id"])
        for v in node.values():
            _ids_in(v, out)
    elif isinstance(node, list):
        for v in node:
            _ids_in(v, out)


@cache
def content_ids(game_id: str) -> frozenset[str]:
    """Every ``id`` in the game's content files."""
    out: set[str] = set()
    for path in sorted((SRC / game_id / "content").rglob("*.toml")):
        _ids_in(tomllib.loads(path.read_text("utf-8")), out)
    return frozenset(out)


@cache
def bare_ids(game: Game[Any]) -> frozenset[str]:
    """Content ids that are not a word of their own English name: such an id in English text
    is an internal name leaking (``tee`` for the tile called Fork)."""
    cat = game.catalogue("en")
    out = set()
    for cid in content_ids(game.id):
        words = set(re.findall(r"\w+", cat.get(cid, {}).get("name", "").lower()))
        if cid.lower() not in words:
            out.add(cid)
    return frozenset(out)


def problems(text: str, lang: str, game: Game[Any]) -> list[str]:
    """Everything wrong with ``text`` as words for a player, as sentences (empty: fine)."""
    found = []
    if not text.strip():
        found.append("empty text")
    found += [f"contains {bad!r}" for bad in FORBIDDEN if bad in text]
    if lang == "en":
        ids = bare_ids(game)
        found += [f"names the content id {w!r}" for w in re.findall(r"\w+", text) if w in ids]
    else:
        allowed = [re.compile(p) for p in config(game.id).get("latin", [])]
        found += [f"Latin word {w!r} in Russian" for w in LATIN_WORD.findall(text)
                  if not any(p.fullmatch(w) for p in allowed)]
    return found


def random_play(game_id: str, players: int, seed: int, max_steps: int = 400,
                options: dict[str, Any] | None = None) -> Iterator[State]:
    """Every state of one random game (a copy of each is not made: use it before the next)."""
    game = game_class(game_id)(players=players, options=options)
    st = game.new_state(seed=seed)
    agent = make("random", seed)
    yield st
    for _ in range(max_steps):
        if st.is_over:
            return
        st.apply(agent.choose(st))
        yield st


def state_at(game_id: str) -> State:
    """The position of the game's exact screens (its config's players, seed and steps)."""
    cfg = config(game_id)
    states = random_play(game_id, cfg.get("players", 2), cfg.get("seed", 1),
                         cfg.get("steps", 10))
    st = next(states)
    for st in states:  # noqa: B007  (the last one is wanted)
        pass
    return st
