"""Myth's content: schemas for the TOML files and the tables the rules read.

Loaded once per process and shared by every state; a state keeps only ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from meeple.components.tilegrid import E, N, S, W
from meeple.content import Entry, load_section
from meeple.core import ContentError

PKG = "meeple.games.myth"
SIDE_LETTERS = {"N": N, "E": E, "S": S, "W": W}


class Hero(Entry):
    """A hero card: per-level life, attack, defence and attacks a round; abilities."""

    life: tuple[int, int, int]
    attack: tuple[int, int, int]
    defence: tuple[int, int, int]
    attacks: tuple[int, int, int]
    area: bool = False
    heal: int = 0
    weapon: str = ""


class Monster(Entry):
    """A monster card of the event deck."""

    attack: int
    damage: int
    defence: int
    experience: int
    first_attack: bool = False
    cost: int
    copies: int


class Event(Entry):
    """An event card (not a monster): cost in squares, timing, effect and its numbers."""

    effect: Literal["standard", "tain", "codex", "weapon", "trap", "web", "nod", "flooded",
                    "extra_turn", "rest", "execute", "darkness", "fury", "balor", "splinters",
                    "shade", "deceiver", "shiver_magic", "soulblighter", "fury_of_shiver",
                    "help", "order", "tax", "dream", "contract"]
    cost: int
    timing: Literal["first", "", "last"] = ""
    order: int = 0
    value: int = 0
    value_two_players: int = 0
    target: int = 0
    dwarf_bonus: int = 0
    hero: str = ""
    direction: Literal["", "left", "right"] = ""
    copies: int


class Quest(Entry):
    """A quest card: kill `count` monsters of a kind, or carry an artifact to the start."""

    kind: Literal["kill", "carry"]
    monster: str = ""
    item: str = ""
    count: int = 1
    copies: int


class Tile(Entry):
    """A dungeon tile: its passages as printed."""

    passages: str
    copies: int
    start: bool = False


@dataclass(frozen=True)
class Card:
    """One kind of event-deck card (monster or event) as the rules read it."""

    id: str
    name: str
    name_ru: str
    monster: bool
    effect: str
    cost: int
    rank: tuple[int, int]  # (0 first / 1 unmarked / 2 last, number): lower resolves first
    timing_text: str
    value: int
    value2: int
    target: int
    dwarf_bonus: int
    hero: str
    direction: str
    attack: int
    damage: int
    defence: int
    experience: int
    first_attack: bool


@dataclass(frozen=True)
class Content:
    """Everything the rules read, indexed by id and by display name."""

    heroes: dict[str, Hero]
    cards: dict[str, Card]
    card_by_name: dict[str, str]
    quests: dict[str, Quest]
    quest_by_name: dict[str, str]
    tiles: dict[str, Tile]
    tile_mask: dict[str, int]
    start_tile: str
    event_deck: tuple[str, ...]
    quest_deck: tuple[str, ...]
    tile_deck: tuple[str, ...]


_RANK = {"first": 0, "": 1, "last": 2}


def _mask(tile: Tile) -> int:
    m = 0
    for ch in tile.passages:
        if ch not in SIDE_LETTERS:
            raise ContentError(f"tiles.toml: tile {tile.id!r}: bad passage letter {ch!r}",
                               file="tiles.toml", entry=tile.id, field="passages")
        m |= SIDE_LETTERS[ch]
    if not m:
        raise ContentError(f"tiles.toml: tile {tile.id!r} has no passage",
                           file="tiles.toml", entry=tile.id, field="passages")
    return m


@cache
def content() -> Content:
    """Load and cross-check every content file (once per process)."""
    heroes = {h.id: h for h in load_section(PKG, "heroes.toml", "hero", Hero)}
    monsters = load_section(PKG, "monsters.toml", "monster", Monster)
    events = load_section(PKG, "events.toml", "event", Event)
    quests = {q.id: q for q in load_section(PKG, "quests.toml", "quest", Quest)}
    tiles = {t.id: t for t in load_section(PKG, "tiles.toml", "tile", Tile)}
    cards: dict[str, Card] = {}
    for m in monsters:
        cards[m.id] = Card(m.id, m.name, m.name_ru, True, "monster", m.cost, (1, 2), "",
                           0, 0, 0, 0, "", "", m.attack, m.damage, m.defence, m.experience,
                           m.first_attack)
    for e in events:
        if e.id in cards:
            raise ContentError(f"events.toml: id {e.id!r} is also a monster",
                               file="events.toml", entry=e.id, field="id")
        if e.effect == "weapon" and e.hero not in heroes:
            raise ContentError(f"events.toml: weapon {e.id!r} names unknown hero {e.hero!r}",
                               file="events.toml", entry=e.id, field="hero")
        timing = f"{e.timing} {e.order}" if e.timing else ""
        cards[e.id] = Card(e.id, e.name, e.name_ru, False, e.effect, e.cost,
                           (_RANK[e.timing], e.order), timing, e.value,
                           e.value_two_players or e.value, e.target, e.dwarf_bonus, e.hero,
                           e.direction, 0, 0, 0, 0, False)
    for q in quests.values():
        if q.kind == "kill" and (q.monster not in cards or not cards[q.monster].monster):
            raise ContentError(f"quests.toml: quest {q.id!r} names unknown monster",
                               file="quests.toml", entry=q.id, field="monster")
        if q.kind == "carry" and q.item not in ("codex", "tain"):
            raise ContentError(f"quests.toml: quest {q.id!r} must carry the codex or the tain",
                               file="quests.toml", entry=q.id, field="item")
    starts = [t.id for t in tiles.values() if t.start]
    if len(starts) != 1:
        raise ContentError("tiles.toml: exactly one start tile is needed", file="tiles.toml")
    event_deck = tuple(c for m in monsters for c in [m.id] * m.copies) + tuple(
        c for e in events for c in [e.id] * e.copies)
    quest_deck = tuple(c for q in quests.values() for c in [q.id] * q.copies)
    tile_deck = tuple(c for t in tiles.values() if not t.start for c in [t.id] * t.copies)
    return Content(
        heroes=heroes, cards=cards,
        card_by_name={c.name: c.id for c in cards.values()},
        quests=quests, quest_by_name={q.name: q.id for q in quests.values()},
        tiles=tiles, tile_mask={t.id: _mask(t) for t in tiles.values()},
        start_tile=starts[0], event_deck=event_deck, quest_deck=quest_deck,
        tile_deck=tile_deck,
    )
