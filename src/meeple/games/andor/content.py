"""Andor content: the map, heroes, creatures, equipment board, fog, events and legends.

Everything is loaded once per process through :mod:`meeple.content` and shared, frozen, by
every state. :func:`load` also checks what a schema cannot: neighbours are mutual, arrows lead
to the castle, the river is crossed only at bridges, and every region or kind a legend or an
event names exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from meeple.components.regions import RegionGraph
from meeple.content import Entry, load_section, read_toml
from meeple.core import ContentError

PKG = __package__ or "meeple.games.andor"
LETTERS = "ABCDEFGHIJKLMN"
TERRAINS = ("castle", "riverbank", "forest", "marsh", "hills", "meadow", "field")
FEATURES = ("", "castle", "well", "merchant", "mine", "witch", "tower")


class Region(Entry):
    """One numbered region of the map."""

    id: int  # type: ignore[assignment]
    x: int
    y: int
    terrain: str
    neighbours: list[int]
    arrow: int
    feature: str = ""
    fog: bool = False


class MapInfo(BaseModel):
    """The map's header: castle, drawing size, river and bridges."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    source: str
    name: str
    name_ru: str
    castle: int
    width: int
    height: int
    river_x: int
    bridges: list[list[int]]


class Hero(Entry):
    """A hero board: rank, dice per willpower band and the special ability."""

    hero_name: str
    hero_name_ru: str
    rank: int
    dice: list[int]
    ability: str
    ability_ru: str


class Creature(Entry):
    """A creature kind: strength, willpower, dice and reward as printed on the board."""

    strength: int
    willpower: int
    dice: int
    colour: str
    weak_below: int = 0
    weak_dice: int = 0
    reward: int
    count: int
    moves_as: str
    drops: str = ""
    strength_by_heroes: tuple[int, ...] = ()
    willpower_by_heroes: tuple[int, ...] = ()


class Board(BaseModel):
    """Prices and storage limits of the equipment board."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    source: str
    article_price: int
    strength_price: int
    mine_strength_price: int
    brew_price_by_heroes: list[int]
    large_slots: int
    helm_slots: int
    small_slots: int


class Article(Entry):
    """An article of the equipment board (or a legend token that takes a slot)."""

    slot: str
    count: int
    uses: int
    witch: bool = False
    sold: bool = True
    value: int = 0
    worn_name: str = ""
    worn_name_ru: str = ""


class Fog(Entry):
    """A kind of fog token and how many lie face down."""

    count: int
    effect: str
    amount: int = 0


class Event(Entry):
    """An event card of meeple's own deck."""

    text: str
    effect: str
    amount: int = 0
    where: str = "all"
    kind: str = ""
    region: int = -1
    blockable: bool = False


class LegendInfo(BaseModel):
    """A legend's header: names and goals."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    source: str
    name: str
    name_ru: str
    goals: list[str]
    goal_text: str
    goal_text_ru: str


class Setup(BaseModel):
    """How the heroes start a legend."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    strength: int
    willpower: int
    gold: int
    fog: bool
    market: bool
    start: dict[str, int]


class Card(Entry):
    """A legend card, read when the narrator reaches its (star) letter."""

    text: str
    place: tuple[tuple[str, int], ...] = ()
    #: Creatures placed only when at least this many heroes play: (kind, region, heroes).
    place_more: tuple[tuple[str, int, int], ...] = ()
    farmers: tuple[int, ...] = ()
    runes: tuple[tuple[str, int], ...] = ()
    block: tuple[int, ...] = ()
    witch: int = -1
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


def _model(model: type[BaseModel], data: Any, where: str, entry: str) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "?"
        raise ContentError(f"{where}: [{entry}] field {field!r}: {err['msg']}",
                           file=where, entry=entry, field=field) from None


def _fail(where: str, entry: str, msg: str) -> ContentError:
    return ContentError(f"{where}: {entry}: {msg}", file=where, entry=entry)


def _load_map() -> tuple[MapInfo, tuple[Region, ...], RegionGraph]:
    where = f"{PKG.replace('.', '/')}/content/map.toml"
    info: MapInfo = _model(MapInfo, read_toml(PKG, "map.toml").get("map"), where, "map")
    regions = load_section(PKG, "map.toml", "region", Region)
    by_id = {r.id: r for r in regions}
    if sorted(by_id) != list(range(len(regions))):
        raise _fail(where, "region", "region numbers must run 0..n-1")
    for r in regions:
        if r.terrain not in TERRAINS:
            raise _fail(where, f"region {r.id}", f"unknown terrain {r.terrain!r}")
        if r.feature not in FEATURES:
            raise _fail(where, f"region {r.id}", f"unknown feature {r.feature!r}")
        for n in r.neighbours:
            if n not in by_id or r.id not in by_id[n].neighbours:
                raise _fail(where, f"region {r.id}", f"neighbour {n} is not mutual")
            a, b = sorted((r.x, by_id[n].x))
            crosses = a <= info.river_x < b
            if crosses and sorted((r.id, n)) not in [sorted(p) for p in info.bridges]:
                raise _fail(where, f"region {r.id}", f"crosses the river to {n} without a bridge")
        if (r.arrow == -1) != (r.id == info.castle):
            raise _fail(where, f"region {r.id}", "only the castle has no arrow")
    try:
        graph = RegionGraph({r.id: tuple(r.neighbours) for r in regions},
                            {r.id: r.arrow for r in regions if r.arrow != -1})
    except ValueError as e:
        raise _fail(where, "arrows", str(e)) from None
    return info, regions, graph


def _load_legend(name: str, regions: int, kinds: dict[str, Creature]) -> Legend:
    fname = f"legends/{name}.toml"
    where = f"{PKG.replace('.', '/')}/content/{fname}"
    data = read_toml(PKG, fname)
    info: LegendInfo = _model(LegendInfo, data.get("legend"), where, "legend")
    setup: Setup = _model(Setup, data.get("setup"), where, "setup")
    cards = {c.id: c for c in load_section(PKG, fname, "card", Card)}
    for letter, c in cards.items():
        if letter not in LETTERS:
            raise _fail(where, f"card {letter}", "a card's id must be a letter A..N")
        for kind, r in [*c.place, *((k, r) for k, r, _ in c.place_more)]:
            if kind not in kinds or not 0 <= r < regions:
                raise _fail(where, f"card {letter}", f"cannot place {kind!r} on {r}")
        for r in [*c.farmers, *c.block, *(r for _, r in c.runes)]:
            if not 0 <= r < regions:
                raise _fail(where, f"card {letter}", f"no region {r}")
    if "A" not in cards or "N" not in cards:
        raise _fail(where, "card", "a legend needs cards A and N")
    for g in info.goals:
        kind, _, arg = g.partition(":")
        if not ((kind == "kill" and arg in kinds) or (kind == "deliver" and arg == "herb")):
            raise _fail(where, "legend", f"unknown goal {g!r}")
    return Legend(info, setup, cards)


@cache
def load() -> Content:
    """The validated content (once per process)."""
    info, regions, graph = _load_map()
    heroes = {h.id: h for h in load_section(PKG, "heroes.toml", "hero", Hero)}
    creatures = {c.id: c for c in load_section(PKG, "creatures.toml", "creature", Creature)}
    where = f"{PKG.replace('.', '/')}/content/articles.toml"
    board: Board = _model(Board, read_toml(PKG, "articles.toml").get("board"), where, "board")
    articles = {a.id: a for a in load_section(PKG, "articles.toml", "article", Article)}
    fog = load_section(PKG, "fog.toml", "fog", Fog)
    events = {e.id: e for e in load_section(PKG, "events.toml", "event", Event)}
    for e in events.values():
        if e.effect == "place" and (e.kind not in creatures or not 0 <= e.region < len(regions)):
            raise _fail("events.toml", e.id, "places an unknown creature or region")
    legends = {n: _load_legend(n, len(regions), creatures) for n in ("intro", "full")}
    return Content(info, regions, graph, heroes, creatures, board, articles, fog, events,
                   legends)
