"""Grab and Hit content: schemas for the data files and the card table built from them.

Every physical card gets one integer id (blue cards first, then green, then red); a state
holds only those ids. The tables here are built once per process and shared.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import Field

from meeple.components.wheel import Sector, Wheel
from meeple.content import Count, Entry, Positive, fail, load_section, per_folder
from meeple.content import where as _where

PKG = __package__ or "meeple.games.grabhit"
#: The three decks' colours, by their numbers (``BLUE``, ``GREEN``, ``RED``).
DeckColour = Literal["blue", "green", "red"]
COLOURS: tuple[DeckColour, DeckColour, DeckColour] = ("blue", "green", "red")
WEAPON_CLASSES = ("sword", "axe", "hammer", "ranged", "unique")
WORLDS = ("aura", "rondol", "terra", "centrol")
BLUE, GREEN, RED = 0, 1, 2
#: GAH-1: what the box holds: adventurers, weapons, blueprints, locations and scrolls.
ADVENTURERS, WEAPONS, BLUEPRINTS, LOCATIONS, SCROLLS = 8, 12, 14, 24, 33
#: GAH-9: the wheel's mixed sectors (two colours each). GAH-27: the curses that stay.
MIXED_SECTORS, LASTING_CURSES = 3, 3
#: Coins on a sector of the wheel, and what a spin must reach in a check.
Coins = Annotated[int, Field(ge=1, le=10)]
#: The words the content uses as values (views show them as they are).
SectorColour = Literal["blue", "green", "red", "black"]
Symbol = Literal["weapon", "armour"]
WeaponClass = Literal["sword", "axe", "hammer", "ranged", "unique"]
World = Literal["aura", "rondol", "terra", "centrol"]
Shop = Literal["witch", "armourer", "tavern"]
Ability = Literal["gain_per_location", "blast", "mend", "steal", "draw_red", "assassinate",
                  "extra_hit", "heal"]
ScrollKind = Literal["magic", "curse", "upgrade", "shield"]
CardKind = Literal["weapon", "blueprint", "location", "magic", "curse", "upgrade", "shield"]
EffectKind = Literal["damage", "heal", "repair_armour", "repair_weapon", "gain_gold",
                     "steal_gold", "draw_blue", "extra_hit", "rust", "lose_gold", "shatter",
                     "forget", "frailty", "poverty", "clumsiness", "max_life", "max_armour",
                     "fists", "pockets", "berserk", "shield"]
#: GAH-43, GAH-44: the effects of scrolls and abilities aimed at another adventurer, and those
#: that mend a weapon of one's choice; every other effect is for oneself, with no choice.
AT_ADVENTURER = frozenset({"damage", "blast", "assassinate", "steal_gold", "steal"})
AT_WEAPON = frozenset({"repair_weapon", "mend"})


class WheelSector(Entry):
    """A sector of the wheel: its coins, its colour(s) and repair symbols."""

    value: Coins
    colours: list[SectorColour] = Field(min_length=1, max_length=2)
    symbols: tuple[Symbol, ...] = ()
    weight: Positive = 1


class Adventurer(Entry):
    """An adventurer card."""

    life: Positive
    armour: Positive
    start_armour: Count
    capital: Count
    ability: Ability
    check: Coins
    amount: Count
    limbo_bonus: Count = 0
    ability_name: str
    ability_name_ru: str
    motivation: str
    motivation_ru: str


class Weapon(Entry):
    """A weapon card (blue)."""

    weapon_class: WeaponClass
    damage: Count
    speed: Count
    durability: Count
    pierce: bool


class Blueprint(Entry):
    """A blueprint card (blue): a modification for some weapon classes."""

    classes: list[WeaponClass]
    limit: Positive
    damage: Count = 0
    speed: Count = 0
    durability: Count = 0
    pierce: bool = False
    copies: Count = 1


class Location(Entry):
    """A location card (green)."""

    world: World
    level: Annotated[int, Field(ge=1, le=3)]
    price: Positive
    auction: Count
    income: Count
    shop: Literal["", "witch", "armourer", "tavern"] = ""  # "" or a Shop


class Service(Entry):
    """What a visit to a shop buys."""

    shop: Shop
    kind: Literal["buy_scroll", "lift_curse", "repair_weapon", "repair_armour", "heal"]
    fee: Count
    amount: Count


class Scroll(Entry):
    """A scroll card (red): magic, curse, upgrade or shield."""

    kind: ScrollKind
    effect: EffectKind
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
    kind: CardKind
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
    #: Each card's first copy: copies of a card are one card to whoever takes an action, so an
    #: action names a card by its first copy.
    first: tuple[int, ...]
    #: The first copy of each card by its English name, the name the notation writes.
    named: Mapping[str, int]


def _fail(file: str, entry: str, field: str, msg: str) -> Exception:
    return fail(_where(PKG, file), entry, field, msg)


#: Words the notation writes around names ("attach A to B", "cast A on B", "visit A: B"), and
#: the names it gives things that are no card ("attack with fists", "use ability on armour").
NOTATION_WORDS = (" on ", " to ", ": ")
NOTATION_NAMES = ("fists", "armour")


def _check_names(advs: Sequence[Adventurer], cards: Sequence[Card],
                 named: Mapping[str, int]) -> None:
    """Action texts name adventurers and cards by their English names, so each name must say
    one thing and read back unambiguously."""
    files = {BLUE: "blue.toml", GREEN: "green.toml", RED: "red.toml"}
    things = [("adventurers.toml", a.id, a.name) for a in advs]
    things += [(files[c.colour], c.entry.id, c.entry.name) for c in cards]
    for file, eid, name in things:
        first = cards[named[name]].entry.id if name in named else eid
        if first != eid:
            raise _fail(file, eid, "name", f"{name!r} already names {first}")
        if name in NOTATION_NAMES or any(w in name for w in NOTATION_WORDS):
            raise _fail(file, eid, "name",
                        "a name may not hold ' on ', ' to ' or ': ', nor be fists or armour")


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
    named: dict[str, int] = {}
    for c in cards:
        named.setdefault(c.entry.name, c.id)
    _check_names(advs, cards, named)
    first = tuple(named[c.entry.name] for c in cards)
    return Tables(wheel, sectors, advs, tuple(cards), services,
                  (decks[0], decks[1], decks[2]), MappingProxyType(shops), first,
                  MappingProxyType(named))
