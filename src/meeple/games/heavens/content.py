"""The content of High in the Heavens: the ring box, the map and the pantheon decks.

Loaded once per process through :mod:`meeple.content` and shared by every state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from meeple.components.hexgrid import distance
from meeple.content import Count, Entry, Positive, Ref, check_refs, fail, load_section, per_folder
from meeple.content import where as _where

PKG = __package__ or "meeple.games.heavens"
PANTHEONS = ("greek", "norse", "egyptian")
#: The letters of the map's columns; the radius is bounded by them.
COLUMNS = "abcdefghijk"
#: What an ability or a power costs: a turn has at most three action tokens (HVN-28).
Tokens = Annotated[int, Field(ge=1, le=3)]
Hexes = Annotated[list[str], Ref("hex")]

EffectKind = Literal[
    "damage", "shockwave", "heal", "cure", "poison", "stun", "trap", "destroy_trap",
    "armour", "attack", "build", "leap", "summon", "base_damage",
]
TargetKind = Literal["self", "ally", "enemy", "hex", "trap_spot", "trap", "central", "none"]


class Ring(Entry):
    """One colour of ring and how many the box holds."""

    count: Count


class MapInfo(Entry):
    """The shape of the Heavens."""

    radius: Annotated[int, Field(ge=1, le=len(COLUMNS) // 2)]
    centre_length: Positive
    central: Hexes = Field(min_length=1)


class Layout(Entry):
    """Where the two bases and their summoning hexes lie."""

    base_a: Annotated[str, Ref("hex")]
    summon_a: Hexes = Field(min_length=3, max_length=3)
    base_b: Annotated[str, Ref("hex")]
    summon_b: Hexes = Field(min_length=3, max_length=3)


class Effect(BaseModel):
    """One step of an ability or divine power."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: EffectKind
    amount: Count = 0
    pierce: bool = False
    radius: Count = 0


class Ability(BaseModel):
    """A character's special ability (особая способность)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    name_ru: str
    cost: Tokens = 1
    target: TargetKind
    range: Count = 0
    effects: tuple[Effect, ...] = Field(min_length=1)
    text: str


class Pantheon(Entry):
    """A pantheon: its name and its base."""

    base_name: str
    base_name_ru: str


class Character(Entry):
    """A character card (карта персонажа)."""

    title: str
    title_ru: str
    health: Positive
    move: Count
    range: Positive
    melee: Count
    ranged: Count
    myth: str
    ability: Ability


class Power(Entry):
    """A divine power card (карта Божественной Силы)."""

    cost: Tokens = 1
    target: TargetKind
    effects: tuple[Effect, ...] = Field(min_length=1)
    text: str


PantheonCards = tuple[Pantheon, tuple[Character, ...], tuple[Power, ...]]


@dataclass(frozen=True, slots=True)
class Content:
    """What a game loads once (``game.content``): the cards of its two pantheons, side by
    side, and the rings of the box. The game files them into its card table."""

    sides: tuple[PantheonCards, PantheonCards]
    rings: tuple[Ring, ...]


def load(pantheon_a: str, pantheon_b: str) -> Content:
    """The content of a game between ``pantheon_a`` and ``pantheon_b``, validated."""
    return Content(sides=(pantheon(pantheon_a), pantheon(pantheon_b)), rings=rings())


def rings() -> tuple[Ring, ...]:
    """The six colours of the box (after every content file is checked)."""
    pantheons()
    return _rings()


def map_info() -> MapInfo:
    """The shape of the Heavens (after every content file is checked)."""
    pantheons()
    return _map_info()


def layouts() -> tuple[Layout, ...]:
    """Every base layout (after every content file is checked)."""
    pantheons()
    return _layouts()


def _rings() -> tuple[Ring, ...]:
    return load_section(PKG, "rings.toml", "ring", Ring)


def _map_info() -> MapInfo:
    return load_section(PKG, "map.toml", "map", MapInfo)[0]


def _layouts() -> tuple[Layout, ...]:
    return load_section(PKG, "map.toml", "layout", Layout)


def hex_coords(info: MapInfo) -> dict[str, tuple[int, int]]:
    """The axial coordinates of every hex of the map by label (column letter, row)."""
    half = info.centre_length // 2
    out: dict[str, tuple[int, int]] = {}
    for q in range(-info.radius, info.radius + 1):
        lo, hi = (-half, half - 1 - q) if q >= 0 else (-half - q, half - 1)
        out |= {f"{COLUMNS[q + info.radius]}{r - lo + 1}": (q, r) for r in range(lo, hi + 1)}
    return out


def _check_map() -> None:
    info, name = _map_info(), _where(PKG, "map.toml")
    if info.centre_length <= info.radius:
        raise fail(name, info.id, "centre_length", "the central column must outgrow the radius")
    at = hex_coords(info)
    check_refs([info], "central", at, name, "hex of the map")
    for field in ("base_a", "summon_a", "base_b", "summon_b"):
        check_refs(_layouts(), field, at, name, "hex of the map", skip=())
    for lay in _layouts():
        for base, summon, field in ((lay.base_a, lay.summon_a, "summon_a"),
                                    (lay.base_b, lay.summon_b, "summon_b")):
            for h in summon:
                if distance(at[base], at[h]) != 1:  # HVN-13: next to the base
                    raise fail(name, lay.id, field, f"{h!r} is not next to the base {base!r}")


def _pantheon(pid: str) -> PantheonCards:
    fname = f"{pid}.toml"
    name = _where(PKG, fname)
    info = load_section(PKG, fname, "pantheon", Pantheon)[0]
    chars = load_section(PKG, fname, "character", Character)
    powers = load_section(PKG, fname, "power", Power)
    for c in chars:
        if c.ranged > 0 and c.range < 2:
            raise fail(name, c.id, "range", "a character that shoots needs a range of 2 or more")
        if c.ability.target == "central":
            raise fail(name, c.id, "ability.target", "only divine powers summon to central hexes")
    for p in powers:
        if p.target == "self":
            raise fail(name, p.id, "target", "a divine power has no 'self'")
    return info, chars, powers


@per_folder(PKG)
def pantheons() -> dict[str, PantheonCards]:
    """Every pantheon with its characters and divine powers, and the map and rings, checked."""
    _rings()
    _check_map()
    out = {pid: _pantheon(pid) for pid in PANTHEONS}
    seen: dict[str, str] = {}
    for pid, (_, chars, powers) in out.items():
        for card in (*chars, *powers):
            if card.name in seen:
                raise fail(_where(PKG, f"{pid}.toml"), card.id, "name",
                           f"{card.name!r} is also a card of {seen[card.name]}")
            seen[card.name] = pid
    return out


def pantheon(pid: str) -> PantheonCards:
    """One pantheon with its characters and divine powers; every pantheon is checked first."""
    return pantheons()[pid]
