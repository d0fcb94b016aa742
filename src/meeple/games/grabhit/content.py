"""Grab and Hit content: schemas for the data files and the card table built from them.

Every physical card gets one integer id (blue cards first, then green, then red); a state
holds only those ids. The tables here are built once per process and shared.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import Field

from meeple.components.wheel import Sector, Wheel
from meeple.content import Count, Entry, Positive, fail, load_section, per_folder
from meeple.content import where as _where

PKG = __package__ or "meeple.games.grabhit"
COLOURS = ("blue", "green", "red")
WEAPON_CLASSES = ("sword", "axe", "hammer", "ranged", "unique")
WORLDS = ("aura", "rondol", "terra", "centrol")
BLUE, GREEN, RED = 0, 1, 2
#: GAH-1: what the box holds: adventurers, weapons, blueprints, locations and scrolls.
ADVENTURERS, WEAPONS, BLUEPRINTS, LOCATIONS, SCROLLS = 8, 12, 14, 24, 33
#: GAH-9: the wheel's mixed sectors (two colours each). GAH-27: the curses that stay.
MIXED_SECTORS, LASTING_CURSES = 3, 3
#: Coins on a sector of the wheel, and what a spin must reach in a check.
Coins = Annotated[int, Field(ge=1, le=10)]


class WheelSector(Entry):
    """A sector of the wheel: its coins, its colour(s) and repair symbols."""

    value: Coins
    colours: list[Literal["blue", "green", "red", "black"]] = Field(min_length=1, max_length=2)
    symbols: tuple[Literal["weapon", "armour"], ...] = ()
    weight: Positive = 1


class Adventurer(Entry):
    """An adventurer card."""

    life: Positive
    armour: Positive
    start_armour: Count
    capital: Count
    ability: Literal["gain_per_location", "blast", "mend", "steal", "draw_red",
                     "assassinate", "extra_hit", "heal"]
    check: Coins
    amount: Count
    limbo_bonus: Count = 0
    ability_name: str
    ability_name_ru: str
    motivation: str
    motivation_ru: str


class Weapon(Entry):
    """A weapon card (blue)."""

    weapon_class: Literal["sword", "axe", "hammer", "ranged", "unique"]
    damage: Count
    speed: Count
    durability: Count
    pierce: bool


class Blueprint(Entry):
    """A blueprint card (blue): a modification for some weapon classes."""

    classes: list[Literal["sword", "axe", "hammer", "ranged", "unique"]]
    limit: Positive
    damage: Count = 0
    speed: Count = 0
    durability: Count = 0
    pierce: bool = False
    copies: Count = 1


class Location(Entry):
    """A location card (green)."""

    world: Literal["aura", "rondol", "terra", "centrol"]
    level: Annotated[int, Field(ge=1, le=3)]
    price: Positive
    auction: Count
    income: Count
    shop: Literal["", "witch", "armourer", "tavern"] = ""


class Service(Entry):
    """What a visit to a shop buys."""

    shop: Literal["witch", "armourer", "tavern"]
    kind: Literal["buy_scroll", "lift_curse", "repair_weapon", "repair_armour", "heal"]
    fee: Count
    amount: Count


class Scroll(Entry):
    """A scroll card (red): magic, curse, upgrade or shield."""

    kind: Literal["magic", "curse", "upgrade", "shield"]
    effect: Literal["damage", "heal", "repair_armour", "repair_weapon", "gain_gold",
                    "steal_gold", "draw_blue", "extra_hit", "rust", "lose_gold", "shatter",
                    "forget", "frailty", "poverty", "clumsiness", "max_life", "max_armour",
                    "fists", "pockets", "berserk", "shield"]
    amount: Count = 0
    copies: Count = 1
    pierce: bool = False
    lasting: bool = False
    blocks: tuple[Literal["magic", "curse", "ability"], ...] = ()
    check: Annotated[int, Field(ge=0, le=10)] = 0


@dataclass(frozen=True)
class Card:
    """One physical card: its deck colour, its kind and the content entry behind it."""

    id: int
    colour: int  # BLUE, GREEN or RED
    kind: str  # weapon, blueprint, location, magic, curse, upgrade, shield
    entry: Weapon | Blueprint | Location | Scroll

    def label(self, lang: str = "en") -> str:
        """The card's name."""
        return self.entry.label(lang)


@dataclass(frozen=True)
class Tables:
    """All of the game's content, indexed for the rules."""

    wheel: Wheel
    sectors: tuple[WheelSector, ...]
    adventurers: tuple[Adventurer, ...]
    cards: tuple[Card, ...]
    services: tuple[Service, ...]
    decks: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    #: GAH-23: the location card of each shop.
    shops: Mapping[str, int]

    def by_name(self, card: int) -> str:
        """The English name of a card."""
        return self.cards[card].entry.name


def _fail(file: str, entry: str, field: str, msg: str) -> Exception:
    return fail(_where(PKG, file), entry, field, msg)


@per_folder(PKG)
def tables() -> Tables:
    """Load and check every content file (once per content folder)."""
    sectors = load_section(PKG, "wheel.toml", "sector", WheelSector)
    if sum(1 for s in sectors if len(s.colours) > 1) != MIXED_SECTORS:
        raise _fail("wheel.toml", "sector", "colours", "the wheel has exactly three mixed sectors")
    advs = load_section(PKG, "adventurers.toml", "adventurer", Adventurer)
    if len(advs) != ADVENTURERS:
        raise _fail("adventurers.toml", "adventurer", "id", "there are exactly 8 adventurers")
    for a in advs:
        if a.start_armour >= a.armour:
            raise _fail("adventurers.toml", a.id, "start_armour",
                        "armour starts damaged, below its maximum")
    weapons = load_section(PKG, "blue.toml", "weapon", Weapon)
    bps = load_section(PKG, "blue.toml", "blueprint", Blueprint)
    locs = load_section(PKG, "green.toml", "location", Location)
    services = load_section(PKG, "green.toml", "service", Service)
    scrolls = load_section(PKG, "red.toml", "scroll", Scroll)
    for name, file, n, want in (
            ("weapon", "blue.toml", len(weapons), WEAPONS),
            ("blueprint", "blue.toml", sum(b.copies for b in bps), BLUEPRINTS),
            ("location", "green.toml", len(locs), LOCATIONS),
            ("scroll", "red.toml", sum(s.copies for s in scrolls), SCROLLS)):
        if n != want:
            raise _fail(file, name, "copies", f"the {name} cards number {want}, not {n}")
    for loc in locs:
        if loc.auction >= loc.price:
            raise _fail("green.toml", loc.id, "auction", "the auction opening is below the price")
    if sum(1 for s in scrolls if s.lasting) != LASTING_CURSES:
        raise _fail("red.toml", "scroll", "lasting", "exactly three curses stay on the adventurer")
    cards: list[Card] = []
    for w in weapons:
        cards.append(Card(len(cards), BLUE, "weapon", w))
    for b in bps:
        for _ in range(b.copies):
            cards.append(Card(len(cards), BLUE, "blueprint", b))
    for loc in locs:
        cards.append(Card(len(cards), GREEN, "location", loc))
    for sc in scrolls:
        for _ in range(sc.copies):
            cards.append(Card(len(cards), RED, sc.kind, sc))
    decks = tuple(tuple(c.id for c in cards if c.colour == k) for k in (BLUE, GREEN, RED))
    wheel = Wheel(tuple(Sector(s.value, tuple(s.colours), tuple(s.symbols), s.weight)
                        for s in sectors))
    shops: dict[str, int] = {c.entry.shop: c.id for c in cards
                             if isinstance(c.entry, Location) and c.entry.shop}
    return Tables(wheel, sectors, advs, tuple(cards), services,
                  (decks[0], decks[1], decks[2]), MappingProxyType(shops))
