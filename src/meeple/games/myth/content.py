"""Myth's content: schemas for the TOML files, their cross-checks and the tables the rules read.

Loaded by ``Myth.setup`` (once per content folder) and shared by every state and clone
through ``st.game.content``; a state keeps only ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from meeple.components.tilegrid import E, N, S, W
from meeple.content import Count, Entry, Positive, Ref, check_refs, fail, load_section, per_folder
from meeple.content import where as _where

PKG = "meeple.games.myth"
SIDE_LETTERS = {"N": N, "E": E, "S": S, "W": W}
#: A number read against a d100 roll (MYTH-53): attack, defence, target rolls.
Percent = Annotated[int, Field(ge=0, le=100)]
Level3 = tuple[Positive, Positive, Positive]
#: Event cards that stay before the hero who drew them as items (MYTH-40..43).
ITEM_EFFECTS = frozenset({"standard", "tain", "codex", "weapon"})
#: The artifacts quests ask to carry to the Avatara; Fury of Shiver never destroys them
#: (MYTH-16, MYTH-89).
ARTIFACTS = ("tain", "codex")


class Hero(Entry):
    """A hero card: per-level life, attack, defence and attacks a round; abilities."""

    life: Level3
    attack: tuple[Percent, Percent, Percent]
    defence: tuple[Percent, Percent, Percent]
    attacks: Level3
    area: bool = False
    heal: Count = 0
    weapon: Annotated[str, Ref("weapon event")] = ""


class Monster(Entry):
    """A monster card of the event deck."""

    attack: Percent
    damage: Count
    defence: Percent
    experience: Count
    first_attack: bool = False
    cost: Count
    copies: Count


class Event(Entry):
    """An event card (not a monster): cost in squares, timing, effect and its numbers."""

    effect: Literal["standard", "tain", "codex", "weapon", "trap", "web", "nod", "flooded",
                    "extra_turn", "rest", "execute", "darkness", "fury", "balor", "splinters",
                    "shade", "deceiver", "shiver_magic", "soulblighter", "fury_of_shiver",
                    "help", "order", "tax", "dream", "contract"]
    cost: Count
    timing: Literal["first", "", "last"] = ""
    order: Count = 0
    value: Count = 0
    value_two_players: Count = 0
    target: Percent = 0
    dwarf_bonus: Percent = 0
    hero: Annotated[str, Ref("hero")] = ""
    direction: Literal["", "left", "right"] = ""
    copies: Count


class Quest(Entry):
    """A quest card: kill `count` monsters of a kind, or carry an artifact to the start."""

    kind: Literal["kill", "carry"]
    monster: Annotated[str, Ref("monster")] = ""
    item: Annotated[str, Ref("artifact")] = ""
    count: Positive = 1
    copies: Count


class Tile(Entry):
    """A dungeon tile: its passages as printed."""

    passages: str
    copies: Count
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
    hero_by_name: dict[str, str]
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
            raise fail(_where(PKG, "tiles.toml"), tile.id, "passages",
                       f"bad passage letter {ch!r} (use N, E, S, W)")
        m |= SIDE_LETTERS[ch]
    if not m:
        raise fail(_where(PKG, "tiles.toml"), tile.id, "passages", "a tile needs a passage")
    return m


def _check(heroes: dict[str, Hero], monsters: tuple[Monster, ...], events: tuple[Event, ...],
           quests: dict[str, Quest], tiles: dict[str, Tile]) -> None:
    ev = _where(PKG, "events.toml")
    for e in events:
        if e.id in {m.id for m in monsters}:
            raise fail(ev, e.id, "id", "an event has the id of a monster")
    weapons = {e.id: e.hero for e in events if e.effect == "weapon"}
    check_refs(heroes.values(), "weapon", weapons, _where(PKG, "heroes.toml"), "weapon event")
    check_refs([e for e in events if e.effect == "weapon"], "hero", heroes, ev, "hero",
               skip=())
    for h in heroes.values():
        if h.weapon and weapons[h.weapon] != h.id:
            raise fail(_where(PKG, "heroes.toml"), h.id, "weapon",
                       f"{h.weapon!r} is bound to {weapons[h.weapon]!r}")
    qs = _where(PKG, "quests.toml")
    check_refs([q for q in quests.values() if q.kind == "kill"], "monster",
               [m.id for m in monsters], qs, "monster", skip=())
    check_refs([q for q in quests.values() if q.kind == "carry"], "item", ARTIFACTS,
               qs, "artifact to carry (codex or tain)", skip=())
    if sum(t.start for t in tiles.values()) != 1:
        raise fail(_where(PKG, "tiles.toml"), "tile", "start", "exactly one start tile")


@per_folder(PKG)
def load() -> Content:
    """Load and cross-check every content file (once per content folder)."""
    heroes = {h.id: h for h in load_section(PKG, "heroes.toml", "hero", Hero)}
    monsters = load_section(PKG, "monsters.toml", "monster", Monster)
    events = load_section(PKG, "events.toml", "event", Event)
    quests = {q.id: q for q in load_section(PKG, "quests.toml", "quest", Quest)}
    tiles = {t.id: t for t in load_section(PKG, "tiles.toml", "tile", Tile)}
    _check(heroes, monsters, events, quests, tiles)
    cards: dict[str, Card] = {}
    for m in monsters:
        cards[m.id] = Card(m.id, m.name, m.name_ru, True, "monster", m.cost, (1, 2), "",
                           0, 0, 0, 0, "", "", m.attack, m.damage, m.defence, m.experience,
                           m.first_attack)
    for e in events:
        timing = f"{e.timing} {e.order}" if e.timing else ""
        cards[e.id] = Card(e.id, e.name, e.name_ru, False, e.effect, e.cost,
                           (_RANK[e.timing], e.order), timing, e.value,
                           e.value_two_players or e.value, e.target, e.dwarf_bonus, e.hero,
                           e.direction, 0, 0, 0, 0, False)
    starts = [t.id for t in tiles.values() if t.start]
    event_deck = tuple(c for m in monsters for c in [m.id] * m.copies) + tuple(
        c for e in events for c in [e.id] * e.copies)
    quest_deck = tuple(c for q in quests.values() for c in [q.id] * q.copies)
    tile_deck = tuple(c for t in tiles.values() if not t.start for c in [t.id] * t.copies)
    return Content(
        heroes=heroes, cards=cards, hero_by_name={h.name: h.id for h in heroes.values()},
        card_by_name={c.name: c.id for c in cards.values()},
        quests=quests, quest_by_name={q.name: q.id for q in quests.values()},
        tiles=tiles, tile_mask={t.id: _mask(t) for t in tiles.values()},
        start_tile=starts[0], event_deck=event_deck, quest_deck=quest_deck,
        tile_deck=tile_deck,
    )
