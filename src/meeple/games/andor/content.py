"""Andor content: the map, heroes, creatures, equipment board, fog, events and legends.

Everything is loaded once per process through :mod:`meeple.content` and shared, frozen, by
every state. :func:`load` also checks what a schema cannot: neighbours are mutual, arrows lead
to the castle, the river is crossed only at bridges, and every region or kind a legend or an
event names exists.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field

from meeple.components.regions import RegionGraph
from meeple.content import (
    Count,
    Entry,
    Positive,
    Ref,
    Table,
    check_refs,
    fail,
    load_section,
    load_table,
    per_folder,
)
from meeple.content import where as _where

PKG = __package__ or "meeple.games.andor"
LETTERS = "ABCDEFGHIJKLMN"
TERRAINS = ("castle", "riverbank", "forest", "marsh", "hills", "meadow", "field")
FEATURES = ("", "castle", "well", "merchant", "mine", "witch", "tower")
Terrain = Literal["castle", "riverbank", "forest", "marsh", "hills", "meadow", "field"]
#: A region number, or None where a field names none (the castle's arrow, an event that names
#: no region). The None is inside the Annotated so that the field itself carries the Ref.
RegionRef = Annotated[int | None, Field(ge=0), Ref("region", ("int",))]
#: One value per number of heroes (1-4).
ByHeroes = Annotated[tuple[Positive, ...], Field(min_length=4, max_length=4)]


class Region(Entry):
    """One numbered region of the map."""

    id: Count  # type: ignore[assignment]
    x: Count
    y: Count
    terrain: Terrain
    neighbours: Annotated[list[Count], Ref("region", ("int",))] = Field(min_length=1)
    arrow: RegionRef = None  # None only for the castle
    feature: Literal["", "castle", "well", "merchant", "mine", "witch", "tower"] = ""
    fog: bool = False


class MapInfo(Table):
    """The map's header: castle, drawing size, river and bridges."""

    source: Literal["rulebook", "authored"]
    name: str
    name_ru: str
    castle: Annotated[Count, Ref("region", ("int",))]
    width: Positive
    height: Positive
    river_x: Count
    bridges: Annotated[list[tuple[Count, Count]], Ref("region", ("int",))]


class Hero(Entry):
    """A hero board: rank, dice per willpower band and the special ability."""

    hero_name: str
    hero_name_ru: str
    rank: Positive
    #: Dice at willpower 0-6, 7-13 and 14-20 (AND-42).
    dice: list[Positive] = Field(min_length=3, max_length=3)
    ability: str
    ability_ru: str


class Creature(Entry):
    """A creature kind: strength, willpower, dice and reward as printed on the board."""

    strength: Positive
    willpower: Positive
    dice: Positive
    colour: Literal["red", "black"]
    weak_below: Count = 0
    weak_dice: Count = 0
    reward: Count
    count: Count
    moves_as: Annotated[str, Ref("creature or 'immobile'")]
    drops: Annotated[str, Ref("article")] = ""
    strength_by_heroes: ByHeroes | tuple[()] = ()
    willpower_by_heroes: ByHeroes | tuple[()] = ()


class Board(Table):
    """Prices and storage limits of the equipment board."""

    source: Literal["rulebook", "authored"]
    article_price: Count
    strength_price: Count
    mine_strength_price: Count
    brew_price_by_heroes: Annotated[list[Count], Field(min_length=4, max_length=4)]
    large_slots: Count
    helm_slots: Count
    small_slots: Count


class Article(Entry):
    """An article of the equipment board (or a legend token that takes a slot)."""

    slot: Literal["large", "helm", "small"]
    count: Count
    uses: Count
    witch: bool = False
    sold: bool = True
    value: Count = 0
    worn_name: str = ""
    worn_name_ru: str = ""


class Fog(Entry):
    """A kind of fog token and how many lie face down."""

    count: Count
    effect: Literal["event", "gold", "gor", "strength", "willpower", "wineskin", "witch"]
    amount: Count = 0


class Event(Entry):
    """An event card of meeple's own deck."""

    text: str
    text_ru: str
    effect: Literal["creature_bonus", "farmer", "gold", "hours_lost", "nothing", "place",
                    "strength_lowest", "wells_empty", "willpower", "willpower_lowest"]
    #: Signed: an event gives or takes willpower, gold or strength.
    amount: int = 0
    where: str = "all"
    kind: Annotated[str, Ref("creature")] = ""
    region: RegionRef = None
    blockable: bool = False


class LegendInfo(Table):
    """A legend's header: names and goals."""

    id: str
    source: Literal["rulebook", "authored"]
    name: str
    name_ru: str
    goals: Annotated[list[str], Ref("creature to kill or herb to deliver")] = Field(min_length=1)
    goal_text: str
    goal_text_ru: str


class Setup(Table):
    """How the heroes start a legend."""

    strength: Annotated[int, Field(ge=1, le=14)]  # AND-43: strength at most 14
    willpower: Annotated[int, Field(ge=1, le=20)]  # AND-43: willpower at most 20
    gold: Count
    fog: bool
    market: bool
    start: Annotated[dict[str, Count], Ref("hero and region", ("str", "int"))]


class Card(Entry):
    """A legend card, read when the narrator reaches its (star) letter."""

    text: str
    text_ru: str
    place: Annotated[tuple[tuple[str, Count], ...], Ref("creature and region", ("str", "int"))] = ()
    #: Creatures placed only when at least this many heroes play: (kind, region, heroes).
    place_more: Annotated[tuple[tuple[str, Count, Annotated[int, Field(ge=1, le=4)]], ...],
                          Ref("creature and region", ("str", "int"))] = ()
    farmers: Annotated[tuple[Count, ...], Ref("region", ("int",))] = ()
    runes: Annotated[tuple[tuple[str, Count], ...], Ref("rune and region", ("str", "int"))] = ()
    block: Annotated[tuple[Count, ...], Ref("region", ("int",))] = ()
    witch: RegionRef = None
    market: bool = False


@dataclass(frozen=True)
class Legend:
    """A whole legend: header, set-up and cards by letter."""

    info: LegendInfo
    setup: Setup
    cards: dict[str, Card]


@dataclass(frozen=True)
class Content:
    """Everything the rules read, with lookup tables built once."""

    map: MapInfo
    regions: tuple[Region, ...]
    graph: RegionGraph
    heroes: dict[str, Hero]
    creatures: dict[str, Creature]
    board: Board
    articles: dict[str, Article]
    fog: tuple[Fog, ...]
    events: dict[str, Event]
    legends: dict[str, Legend]


MAP = _where(PKG, "map.toml")


def _load_map() -> tuple[MapInfo, tuple[Region, ...], RegionGraph]:
    info = load_table(PKG, "map.toml", "map", MapInfo)
    regions = load_section(PKG, "map.toml", "region", Region)
    by_id = {r.id: r for r in regions}
    for i, r in enumerate(sorted(regions, key=lambda r: r.id)):
        if r.id != i:
            raise fail(MAP, r.id, "id", f"region numbers must run 0..{len(regions) - 1}")
    check_refs([info], "castle", by_id, MAP, "region", table="map")
    check_refs([info], "bridges", by_id, MAP, "region", table="map")
    check_refs(regions, "neighbours", by_id, MAP, "region")
    check_refs(regions, "arrow", by_id, MAP, "region")
    bridges = [sorted(p) for p in info.bridges]
    for r in regions:
        if not (r.x < info.width and r.y < info.height):
            raise fail(MAP, r.id, "x", "lies outside the map's width and height")
        for n in r.neighbours:
            if r.id not in by_id[n].neighbours:
                raise fail(MAP, r.id, "neighbours", f"neighbour {n} is not mutual")
            a, b = sorted((r.x, by_id[n].x))
            if a <= info.river_x < b and sorted((r.id, n)) not in bridges:
                raise fail(MAP, r.id, "neighbours",
                           f"crosses the river to {n} without a bridge")
        if (r.arrow is None) != (r.id == info.castle):
            raise fail(MAP, r.id, "arrow", "only the castle has no arrow")
    try:
        graph = RegionGraph({r.id: tuple(r.neighbours) for r in regions},
                            {r.id: r.arrow for r in regions if r.arrow is not None})
    except ValueError as e:
        raise fail(MAP, "region", "arrow", str(e)) from None
    return info, regions, graph


@dataclass(frozen=True)
class _Known:
    """What a legend or an event may name."""

    regions: range
    creatures: dict[str, Creature]
    heroes: dict[str, Hero]
    articles: dict[str, Article]


def _nth(field: str, i: int) -> Callable[[Any], Iterable[Any]]:
    """The ``i``-th value of every tuple in ``field`` (a creature, a region)."""
    return lambda c: (t[i] for t in getattr(c, field))


def _load_legend(name: str, k: _Known) -> Legend:
    fname = f"legends/{name}.toml"
    where = _where(PKG, fname)
    info = load_table(PKG, fname, "legend", LegendInfo)
    setup = load_table(PKG, fname, "setup", Setup)
    cards = {c.id: c for c in load_section(PKG, fname, "card", Card)}
    for letter in cards:
        if letter not in LETTERS:
            raise fail(where, letter, "id", "a card's id must be a letter A..N")
    runes = [a for a in k.articles if a.startswith("rune_")]
    for field, targets, what in (("place", k.creatures, "creature"),
                                 ("place_more", k.creatures, "creature"),
                                 ("runes", runes, "rune article")):
        check_refs(cards.values(), field, targets, where, what, pick=_nth(field, 0))
        check_refs(cards.values(), field, k.regions, where, "region", pick=_nth(field, 1))
    check_refs(cards.values(), "farmers", k.regions, where, "region")
    check_refs(cards.values(), "block", k.regions, where, "region")
    check_refs(cards.values(), "witch", k.regions, where, "region")
    if "A" not in cards or "N" not in cards:
        raise fail(where, "card", "id", "a legend needs cards A and N")
    goals = [f"kill:{c}" for c in k.creatures] + ["deliver:herb"]
    check_refs([info], "goals", goals, where, "goal (kill:<creature> or deliver:herb)",
               table="legend")
    check_refs([setup], "start", k.heroes, where, "hero", pick=lambda s: s.start.keys(),
               table="setup")
    check_refs([setup], "start", k.regions, where, "region", pick=lambda s: s.start.values(),
               table="setup")
    return Legend(info, setup, cards)


def _check_events(events: dict[str, Event], k: _Known) -> None:
    name = _where(PKG, "events.toml")
    check_refs([e for e in events.values() if e.effect == "place"], "kind", k.creatures, name,
               "creature", skip=())
    check_refs([e for e in events.values() if e.effect in ("place", "farmer")], "region",
               k.regions, name, "region", skip=())
    for e in events.values():
        if e.effect in ("place", "farmer") and e.region is None:
            raise fail(name, e.id, "region", f"a {e.effect} event names its region")
    for e in events.values():
        kind, _, arg = e.where.partition(":")
        ok = (e.where in ("all", "well") or (kind == "above" and arg.isdigit())
              or (kind == "terrain" and set(arg.split(",")) <= set(TERRAINS)))
        if not ok:
            raise fail(name, e.id, "where", f"{e.where!r} is not all, well, above:<willpower> "
                       f"or terrain:<{'|'.join(TERRAINS)}>")


@per_folder(PKG)
def load() -> Content:
    """The validated content (once per content folder)."""
    info, regions, graph = _load_map()
    heroes = {h.id: h for h in load_section(PKG, "heroes.toml", "hero", Hero)}
    creatures = {c.id: c for c in load_section(PKG, "creatures.toml", "creature", Creature)}
    board = load_table(PKG, "articles.toml", "board", Board)
    articles = {a.id: a for a in load_section(PKG, "articles.toml", "article", Article)}
    cname = _where(PKG, "creatures.toml")
    check_refs(creatures.values(), "moves_as", [*creatures, "immobile"], cname, "creature",
               skip=())
    check_refs(creatures.values(), "drops", articles, cname, "article")
    fog = load_section(PKG, "fog.toml", "fog", Fog)
    spots = sum(r.fog for r in regions)
    if sum(f.count for f in fog) != spots:  # AND-68: one token face down on each fog region
        raise fail(_where(PKG, "fog.toml"), "fog", "count",
                   f"{sum(f.count for f in fog)} fog tokens for {spots} fog regions")
    events = {e.id: e for e in load_section(PKG, "events.toml", "event", Event)}
    known = _Known(range(len(regions)), creatures, heroes, articles)
    _check_events(events, known)
    legends = {n: _load_legend(n, known) for n in ("intro", "full")}
    return Content(info, regions, graph, heroes, creatures, board, articles, fog, events,
                   legends)


def fog_entry(content: Content, token: str) -> str:
    """The catalogue id of a fog token: its own id, or ``fog-<id>`` where a hero, a creature
    or an article already has that id (the gor token, the wineskin token)."""
    taken = content.heroes.keys() | content.creatures.keys() | content.articles.keys()
    return f"fog-{token}" if token in taken else token
