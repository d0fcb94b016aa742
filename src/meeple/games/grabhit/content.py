"""Grab and Hit content: schemas for the data files and the card table built from them.

Every physical card gets one integer id (blue cards first, then green, then red); a state
holds only those ids. The tables here are built once per process and shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from meeple.components.wheel import Sector, Wheel
from meeple.content import Entry, load_section
from meeple.core import ContentError

PKG = __package__ or "meeple.games.grabhit"
COLOURS = ("blue", "green", "red")
WEAPON_CLASSES = ("sword", "axe", "hammer", "ranged", "unique")
WORLDS = ("aura", "rondol", "terra", "centrol")
BLUE, GREEN, RED = 0, 1, 2


class WheelSector(Entry):
    """A sector of the wheel: its coins, its colour(s) and repair symbols."""

    value: int
    colours: list[Literal["blue", "green", "red", "black"]]
    symbols: tuple[Literal["weapon", "armour"], ...] = ()
    weight: int = 1


class Adventurer(Entry):
    """An adventurer card."""

    life: int
    armour: int
    start_armour: int
    capital: int
    ability: Literal["gain_per_location", "blast", "mend", "steal", "draw_red",
                     "assassinate", "extra_hit", "heal"]
    check: int
    amount: int
    limbo_bonus: int = 0
    ability_name: str
    ability_name_ru: str
    motivation: str
    motivation_ru: str


class Weapon(Entry):
    """A weapon card (blue)."""

    weapon_class: Literal["sword", "axe", "hammer", "ranged", "unique"]
    damage: int
    speed: int
    durability: int
    pierce: bool


class Blueprint(Entry):
    """A blueprint card (blue): a modification for some weapon classes."""

    classes: list[Literal["sword", "axe", "hammer", "ranged", "unique"]]
    limit: int
    damage: int = 0
    speed: int = 0
    durability: int = 0
    pierce: bool = False
    copies: int = 1


class Location(Entry):
    """A location card (green)."""

    world: Literal["aura", "rondol", "terra", "centrol"]
    level: int
    price: int
    auction: int
    income: int
    shop: Literal["", "witch", "armourer", "tavern"] = ""


class Service(Entry):
    """What a visit to a shop buys."""

    shop: Literal["witch", "armourer", "tavern"]
    kind: Literal["buy_scroll", "lift_curse", "repair_weapon", "repair_armour", "heal"]
    fee: int
    amount: int


class Scroll(Entry):
    """A scroll card (red): magic, curse, upgrade or shield."""

    kind: Literal["magic", "curse", "upgrade", "shield"]
    effect: Literal["damage", "heal", "repair_armour", "repair_weapon", "gain_gold",
                    "steal_gold", "draw_blue", "extra_hit", "rust", "lose_gold", "shatter",
                    "forget", "frailty", "poverty", "clumsiness", "max_life", "max_armour",
                    "fists", "pockets", "berserk", "shield"]
    amount: int = 0
    copies: int = 1
    pierce: bool = False
    lasting: bool = False
    blocks: tuple[Literal["magic", "curse", "ability"], ...] = ()
    check: int = 0


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

    def by_name(self, card: int) -> str:
        """The English name of a card."""
        return self.cards[card].entry.name


def _fail(file: str, entry: str, msg: str) -> ContentError:
    return ContentError(f"{PKG.replace('.', '/')}/content/{file}: {entry}: {msg}",
                        file=file, entry=entry)


@cache
def tables() -> Tables:
    """Load and check every content file (once per process)."""
    sectors = load_section(PKG, "wheel.toml", "sector", WheelSector)
    for s in sectors:
        if not 1 <= s.value <= 10 or len(s.colours) not in (1, 2) or s.weight < 1:
            raise _fail("wheel.toml", s.id, "coins must be 1-10, with one or two colours")
    if sum(1 for s in sectors if len(s.colours) == 2) != 3:
        raise _fail("wheel.toml", "sector", "the wheel has exactly three mixed sectors")
    advs = load_section(PKG, "adventurers.toml", "adventurer", Adventurer)
    if len(advs) != 8:
        raise _fail("adventurers.toml", "adventurer", "there are exactly 8 adventurers")
    for a in advs:
        if not 0 <= a.start_armour < a.armour or a.life < 1:
            raise _fail("adventurers.toml", a.id, "armour starts damaged, below its maximum")
    weapons = load_section(PKG, "blue.toml", "weapon", Weapon)
    bps = load_section(PKG, "blue.toml", "blueprint", Blueprint)
    locs = load_section(PKG, "green.toml", "location", Location)
    services = load_section(PKG, "green.toml", "service", Service)
    scrolls = load_section(PKG, "red.toml", "scroll", Scroll)
    counts = (len(weapons), sum(b.copies for b in bps), len(locs),
              sum(s.copies for s in scrolls))
    if counts != (12, 14, 24, 33):
        raise _fail("blue.toml", "deck", f"decks must hold 12/14/24/33 cards, not {counts}")
    for loc in locs:
        if loc.auction >= loc.price:
            raise _fail("green.toml", loc.id, "the auction opening is below the price")
    if sum(1 for s in scrolls if s.lasting) * 1 != 3:
        raise _fail("red.toml", "scroll", "exactly three curses stay on the adventurer")
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
    return Tables(wheel, sectors, advs, tuple(cards), services,
                  (decks[0], decks[1], decks[2]))
