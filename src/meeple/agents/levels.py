"""Levels: the bots a person chooses by how strong they are, ``easy``, ``fair`` and ``strong``,
and each game's scripted bots by their own names (docs/bots.md, "Levels").

Which agent a level is in each game, and how strong it was measured to be, is data:
``levels.toml`` beside this module, its measurements rewritten by ``benchmarks/levels.py``. A
level is a seat name wherever a spec is taken for a game (``meeple play --seats human,strong``,
``POST /api/matches``); :func:`resolve` turns it into its spec, which is what a record keeps.
``random`` is no level: it stays a spec for measurements and the command line.

>>> resolve("easy", "myth"), resolve("mcts:50", "myth")
('greedy', 'mcts:50')
>>> [entry.name for entry in entries("myth")]
['easy', 'fair', 'strong', 'balance']
>>> seat_name("greedy", "myth"), seat_name("mcts:77", "myth")
('easy', None)
"""

from __future__ import annotations

import functools
import importlib.resources
import tomllib
from dataclasses import dataclass
from typing import Any

from meeple.core import ConfigError, game_class, game_ids

from .installed import installed

#: The levels, weakest first.
LEVELS = ("easy", "fair", "strong")
#: The agent every level's strength is measured against: the ``easy`` bot of every game.
YARDSTICK = "greedy"
#: The levels of a game ``levels.toml`` does not list (a game of another package): the same
#: generic bots as the listed games', unmeasured.
GENERIC = {"easy": YARDSTICK, "fair": "mcts:100", "strong": "mcts:1000@1s"}


@dataclass(frozen=True)
class Strength:
    """How ``spec`` fared against :data:`YARDSTICK` (a cooperative game: how often a team of it
    won): ``wins`` of ``games`` with the 95% Wilson interval ``low`` to ``high``, ``ms`` per
    decision, measured on ``date`` by ``command``."""

    wins: int
    games: int
    low: float
    high: float
    ms: float
    date: str
    command: str

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Entry:
    """A bot a person may choose for a seat of ``game``: a level or a scripted bot ``name``,
    the agent ``spec`` it is, and its measured :class:`Strength` (None before any)."""

    game: str
    name: str
    spec: str
    strength: Strength | None

    @property
    def seat(self) -> str:
        """What a seat list names it by: the level, or ``GAME:BOT`` for a scripted bot."""
        return self.name if self.name in LEVELS else f"{self.game}:{self.name}"

    @property
    def about(self) -> str:
        """The catalogue key (``meeple/locale``) of the sentence on how it plays."""
        return f"level.{self.game}.{self.name}"


def _strength(row: dict[str, Any]) -> Strength | None:
    if "games" not in row:
        return None
    low, high = row["ci95"]
    return Strength(int(row["wins"]), int(row["games"]), float(low), float(high),
                    float(row["ms_per_decision"]), str(row["measured"]), str(row["command"]))


def _check_level(game: str, name: str, spec: str) -> None:
    """A level is an agent a person may be offered (not ``random``, not ``mcts-cheat``) or one
    of the game's own bots, and its spec makes an agent for the game."""
    from meeple.agents import AGENTS, make

    head = spec.partition(":")[0].partition("@")[0]
    if head != game and not any(a.name == head and a.offered for a in AGENTS):
        raise ConfigError(f"levels.toml: {game}.{name} is {spec!r}, an agent not offered to "
                          "people")
    make(spec, 0, game)


@functools.cache
def table() -> dict[str, tuple[Entry, ...]]:
    """Every game's entries from ``levels.toml``, levels first in :data:`LEVELS` order, then its
    scripted bots; a malformed file is a :class:`ConfigError` naming what is wrong."""
    text = importlib.resources.files(__package__).joinpath("levels.toml").read_text("utf-8")
    data = tomllib.loads(text)
    out: dict[str, tuple[Entry, ...]] = {}
    for game, rows in data.items():
        bots = set(game_class(game).bots)
        missing = [lv for lv in LEVELS if lv not in rows]
        stray = [n for n in rows if n not in LEVELS and n not in bots]
        if missing or stray:
            raise ConfigError(f"levels.toml: {game} lacks {missing} or names unknown bots {stray}")
        for name in LEVELS:
            _check_level(game, name, str(rows[name]["spec"]))
        order = [*LEVELS, *sorted(n for n in rows if n not in LEVELS)]
        out[game] = tuple(Entry(game, n, str(rows[n]["spec"]), _strength(rows[n]))
                          for n in order)
    return out


def entries(game: str) -> tuple[Entry, ...]:
    """The bots offered for a seat of ``game``: its levels, then its scripted bots and the bots
    installed for it (:mod:`.installed`; a game the file does not list offers the
    :data:`GENERIC` bots, unmeasured)."""
    if game in table():
        listed = table()[game]
        names = {e.name for e in listed}
        return (*listed, *(Entry(game, n, f"{game}:{n}", None)
                           for n in sorted(installed(game)) if n not in names))
    own = tuple(Entry(game, b, f"{game}:{b}", None)
                for b in sorted({*game_class(game).bots, *installed(game)}))
    return (*(Entry(game, lv, GENERIC[lv], None) for lv in LEVELS), *own)


def resolve(seat: str, game: str) -> str:
    """The spec of ``seat`` at ``game``'s table: a level's spec, anything else unchanged (a spec
    is checked where it is made)."""
    name = seat.strip()
    if name in LEVELS:
        return next(e.spec for e in entries(game) if e.name == name)
    return seat


def seat_name(spec: str, game: str) -> str | None:
    """The level or scripted bot ``spec`` is in ``game`` (the first that has it), None if none."""
    return next((e.name for e in entries(game) if e.spec == spec.strip()), None)


def levels_hint() -> str:
    """The words a refusal of an unknown agent adds: the levels a seat may be."""
    return f"levels are: {', '.join(LEVELS)}"


def check_table() -> list[str]:
    """Every game in ``levels.toml`` is registered and every registered game is listed."""
    listed = set(table())
    return sorted(listed ^ set(game_ids()))
