"""The content of High in the Heavens: the ring box, the map and the pantheon decks.

Loaded once per process through :mod:`meeple.content` and shared by every state.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from meeple.content import Entry, load_section
from meeple.core import ContentError

PANTHEONS = ("greek", "norse", "egyptian")

EffectKind = Literal[
    "damage", "shockwave", "heal", "cure", "poison", "stun", "trap", "destroy_trap",
    "armour", "attack", "build", "leap", "summon", "base_damage",
]
TargetKind = Literal["self", "ally", "enemy", "hex", "trap_spot", "trap", "central", "none"]


class Ring(Entry):
    """One colour of ring and how many the box holds."""

    count: int


class MapInfo(Entry):
    """The shape of the Heavens."""

    radius: int
    centre_length: int
    central: list[str]


class Layout(Entry):
    """Where the two bases and their summoning hexes lie."""

    base_a: str
    summon_a: list[str]
    base_b: str
    summon_b: list[str]


class Effect(BaseModel):
    """One step of an ability or divine power."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: EffectKind
    amount: int = 0
    pierce: bool = False
    radius: int = 0


class Ability(BaseModel):
    """A character's special ability (особая способность)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    name_ru: str
    cost: int = 1
    target: TargetKind
    range: int = 0
    effects: tuple[Effect, ...]
    text: str


class Pantheon(Entry):
    """A pantheon: its name and its base."""

    base_name: str
    base_name_ru: str


class Character(Entry):
    """A character card (карта персонажа)."""

    title: str
    title_ru: str
    health: int
    move: int
    range: int
    melee: int
    ranged: int
    myth: str
    ability: Ability


class Power(Entry):
    """A divine power card (карта Божественной Силы)."""

    cost: int = 1
    target: TargetKind
    effects: tuple[Effect, ...]
    text: str


def rings() -> tuple[Ring, ...]:
    """The six colours of the box."""
    return load_section(__package__, "rings.toml", "ring", Ring)


def map_info() -> MapInfo:
    """The shape of the Heavens."""
    return load_section(__package__, "map.toml", "map", MapInfo)[0]


def layouts() -> tuple[Layout, ...]:
    """Every base layout."""
    return load_section(__package__, "map.toml", "layout", Layout)


@cache
def pantheon(pid: str) -> tuple[Pantheon, tuple[Character, ...], tuple[Power, ...]]:
    """One pantheon with its characters and divine powers, checked."""
    where = f"{pid}.toml"
    info = load_section(__package__, where, "pantheon", Pantheon)[0]
    chars = load_section(__package__, where, "character", Character)
    powers = load_section(__package__, where, "power", Power)
    for c in chars:
        if c.health < 1 or c.move < 0 or c.melee < 0 or c.ranged < 0 or c.range < 1:
            raise ContentError(f"{where}: character {c.id!r} has an impossible statistic",
                               file=where, entry=c.id)
        if c.ranged > 0 and c.range < 2:
            raise ContentError(f"{where}: character {c.id!r} shoots with a range below 2",
                               file=where, entry=c.id, field="range")
        if c.ability.target == "central":
            raise ContentError(f"{where}: only divine powers summon to central hexes",
                               file=where, entry=c.id, field="ability.target")
    for p in powers:
        if p.target == "self":
            raise ContentError(f"{where}: a divine power has no 'self'", file=where,
                               entry=p.id, field="target")
    return info, chars, powers
