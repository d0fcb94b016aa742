"""The catacombs' content, validated once per process and shared, immutable, by every state.

The files under ``content/`` are TOML; each entry says whether its numbers come from the
rulebook or were authored. :class:`Catalog` joins them into the flat, index-based tables the
rules use (a state holds only indexes into these tables).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, NamedTuple

from pydantic import Field

from meeple.content import Count, Entry, Positive, Ref, check_refs, fail, load_section, per_folder
from meeple.content import where as _where

PKG = __package__ or "meeple.games.catacombs"
#: The slots of a dwarf's screen (CAT-12).
Slot = Literal["head", "body", "right_hand", "left_hand", "feet"]
SLOTS: tuple[Slot, ...] = ("head", "body", "right_hand", "left_hand", "feet")
SIDE_LETTERS = {"N": 1, "E": 2, "S": 4, "W": 8}
EVENT_KINDS = ("vein", "cauldron", "artifact", "ingredient", "treasure", "weapon", "armour",
               "monster")


class BoardSpec(Entry):
    quarter: Positive
    shop_markup: Annotated[float, Field(ge=1.0)]
    sell_remote: Annotated[float, Field(gt=0.0, le=1.0)]


class EntranceSpec(Entry):
    cell: tuple[Count, Count]


class TileSpec(Entry):
    sides: str
    count: Count


class WeaponSpec(Entry):
    strength: Count
    two_handed: bool
    price: Count


class ArmourSpec(Entry):
    slot: Literal["head", "body", "left_hand", "feet"]
    armour: Count
    price: Count


class TreasureSpec(Entry):
    value: Count


class IngredientSpec(Entry):
    pass


class PotionSpec(Entry):
    effect: Literal["heal", "armour", "strength", "speed", "invisibility", "destruction"]
    amount: Count
    price: Count


class ArtifactSpec(Entry):
    value: Count


class RecipeSpec(Entry):
    """A recipe: its id is the potion it brews."""

    ingredients: Annotated[tuple[str, ...], Ref("ingredient")] = Field(min_length=1)


class TableSpec(Entry):
    columns: Annotated[tuple[str, ...], Ref("weapon")] = Field(min_length=1)


class MonsterSpec(Entry):
    attack: Count
    experience: Count
    needs: str


class CauldronSpec(Entry):
    experience: Count


class CardSpec(Entry):
    kind: Literal["vein", "cauldron", "artifact", "ingredient", "treasure", "weapon", "armour",
                  "monster"]
    ref: Annotated[str, Ref("item, monster, cauldron or ore")]
    count: Count


class ShopSpec(Entry):
    extra_turn: Positive
    experience: Positive
    sells: Annotated[tuple[str, ...], Ref("item with a price")]


#: Potions a dwarf drinks (the others act when used: CAT-41..43).
DRINKABLE = ("heal", "armour", "strength")


class Entrance(NamedTuple):
    """An entrance (CAT-2): its id, its names and the cell it lies on."""

    id: str
    name: str
    name_ru: str
    cell: int


class Tile(NamedTuple):
    """A tile card (CAT-4): its kind's id and names, and the passage mask it is printed with."""

    id: str
    name: str
    name_ru: str
    sides: int


class Cauldron(NamedTuple):
    """A cauldron (CAT-36): its id, its names and the experience a brew in it gives."""

    id: str
    name: str
    name_ru: str
    experience: int


@dataclass(frozen=True)
class Item:
    """Anything a dwarf can hold. ``price`` is the shop's list price (0: not sold);
    ``value`` what the shop pays at an entrance (0: the shop does not buy it)."""

    index: int
    kind: str            # weapon | armour | potion | treasure | artifact | ingredient
    id: str
    name: str
    name_ru: str
    slot: str = ""       # screen slot for weapons and armour
    strength: int = 0
    two_handed: bool = False
    armour: int = 0
    price: int = 0
    value: int = 0
    effect: str = ""
    amount: int = 0


@dataclass(frozen=True)
class Monster:
    """A monster and its row of the battle table (None: cannot win; 0: automatic win)."""

    index: int
    id: str
    name: str
    name_ru: str
    attack: int
    experience: int
    needs: tuple[int | None, ...]


@dataclass(frozen=True)
class Card:
    """One event card of the deck: its kind and the index of what it refers to."""

    index: int
    kind: str
    ref: int | None      # item / monster / cauldron index; None for a vein
    label: str           # as views and events show it: ``monster:rat``, ``vein``
    id: str              # the card's id in ``events.toml`` (and the catalogue)


@dataclass(frozen=True)
class Catalog:
    """Every table the rules read, with ids resolved to indexes."""

    size: int
    entrances: tuple[Entrance, ...]
    markup: float
    sell_remote: float
    tiles: tuple[Tile, ...]                             # one per tile card
    items: tuple[Item, ...]
    item_index: dict[str, int]
    monsters: tuple[Monster, ...]
    columns: tuple[int | None, ...]                     # battle-table column -> weapon item
    fists_column: int
    cauldrons: tuple[Cauldron, ...]
    cards: tuple[Card, ...]
    recipes: tuple[tuple[int, tuple[int, ...]], ...]    # (potion item, ingredient items)
    shop: tuple[int, ...]
    extra_turn_price: int
    experience_price: int


BATTLE = _where(PKG, "battle.toml")
EVENTS = _where(PKG, "events.toml")
#: What a vein card can hold.
ORES = ("mithril",)
#: CAT-52: the battle die has six faces; a battle table entry is the face a dwarf needs.
DIE_FACES = 6


def _need(text: str, monster: str) -> int | None:
    if text in ("-", "–"):
        return None
    if text.upper() == "X":
        return 0
    if text.isdigit() and 1 <= int(text) <= DIE_FACES:
        return int(text)
    raise fail(BATTLE, monster, "needs",
               f"battle table entry {text!r} is not 1-{DIE_FACES}, X or -")


def _mask(sides: str, tile: str) -> int:
    m = 0
    for ch in sides:
        if ch not in SIDE_LETTERS:
            raise fail(_where(PKG, "tiles.toml"), tile, "sides",
                       f"side {ch!r} is not one of N, E, S, W")
        m |= SIDE_LETTERS[ch]
    if not m:
        raise fail(_where(PKG, "tiles.toml"), tile, "sides", "a tile needs a passage")
    return m


def _board() -> tuple[int, list[Entrance], BoardSpec]:
    board = load_section(PKG, "board.toml", "board", BoardSpec)[0]
    size = 2 * board.quarter
    entrances: list[Entrance] = []
    for e in load_section(PKG, "board.toml", "entrance", EntranceSpec):
        x, y = e.cell
        if not (x < size and y < size):
            raise fail(_where(PKG, "board.toml"), e.id, "cell",
                       f"lies off the {size}x{size} board")
        if any(e.cell == y * size + x for e in entrances):
            raise fail(_where(PKG, "board.toml"), e.id, "cell", "another entrance has this cell")
        entrances.append(Entrance(e.id, e.name, e.name_ru, y * size + x))
    return size, entrances, board


def _items() -> list[Item]:
    items: list[Item] = []
    for w in load_section(PKG, "items.toml", "weapon", WeaponSpec):
        items.append(Item(len(items), "weapon", w.id, w.name, w.name_ru, "right_hand",
                          w.strength, w.two_handed, 0, w.price, w.price))
    for a in load_section(PKG, "items.toml", "armour", ArmourSpec):
        items.append(Item(len(items), "armour", a.id, a.name, a.name_ru, a.slot, 0, False,
                          a.armour, a.price, a.price))
    for p in load_section(PKG, "items.toml", "potion", PotionSpec):
        items.append(Item(len(items), "potion", p.id, p.name, p.name_ru, price=p.price,
                          value=p.price, effect=p.effect, amount=p.amount))
    for tr in load_section(PKG, "items.toml", "treasure", TreasureSpec):
        items.append(Item(len(items), "treasure", tr.id, tr.name, tr.name_ru, value=tr.value))
    for ar in load_section(PKG, "items.toml", "artifact", ArtifactSpec):
        items.append(Item(len(items), "artifact", ar.id, ar.name, ar.name_ru, value=ar.value,
                          effect=ar.id))
    for ing in load_section(PKG, "items.toml", "ingredient", IngredientSpec):
        items.append(Item(len(items), "ingredient", ing.id, ing.name, ing.name_ru))
    seen: set[str] = set()
    for it in items:
        if it.id in seen:
            raise fail(_where(PKG, "items.toml"), it.id, "id", "two items share this id")
        seen.add(it.id)
    return items


def _monsters(columns: tuple[int | None, ...]) -> list[Monster]:
    monsters: list[Monster] = []
    for m in load_section(PKG, "battle.toml", "monster", MonsterSpec):
        row = m.needs.split()
        if len(row) != len(columns):
            raise fail(BATTLE, m.id, "needs",
                       f"{len(row)} entries for {len(columns)} columns")
        monsters.append(Monster(len(monsters), m.id, m.name, m.name_ru, m.attack,
                                m.experience, tuple(_need(c, m.id) for c in row)))
    return monsters


def _cards(items: list[Item], mindex: dict[str, int], cindex: dict[str, int]) -> list[Card]:
    specs = load_section(PKG, "events.toml", "card", CardSpec)
    targets: dict[str, dict[str, int | None]] = {"monster": {**mindex}, "cauldron": {**cindex},
                                                 "vein": dict.fromkeys(ORES)}
    for kind in EVENT_KINDS:
        known = targets.get(kind) or {i.id: i.index for i in items if i.kind == kind}
        targets[kind] = known
        check_refs([c for c in specs if c.kind == kind], "ref", known, EVENTS, kind,
                   skip=())
    cards: list[Card] = []
    for c in specs:
        label = "vein" if c.kind == "vein" else f"{c.kind}:{c.ref}"
        r = targets[c.kind][c.ref]
        cards += [Card(len(cards) + k, c.kind, r, label, c.id) for k in range(c.count)]
    return cards


@per_folder(PKG)
def catalog() -> Catalog:
    """Load, validate and join every content file (once per content folder)."""
    size, entrances, board = _board()
    tiles: list[Tile] = []
    for t in load_section(PKG, "tiles.toml", "tile", TileSpec):
        tiles += [Tile(t.id, t.name, t.name_ru, _mask(t.sides, t.id))] * t.count
    items = _items()
    index = {it.id: it.index for it in items}
    weapons = {i.id: i.index for i in items if i.kind == "weapon"}
    table = load_section(PKG, "battle.toml", "table", TableSpec)[0]
    check_refs([table], "columns", [*weapons, "fists"], BATTLE, "weapon")
    columns = tuple(None if c == "fists" else weapons[c] for c in table.columns)
    if None not in columns:
        raise fail(BATTLE, table.id, "columns", "the table needs a 'fists' column")
    for it in items:
        if it.kind == "weapon" and it.id != "fists" and it.index not in columns:
            raise fail(BATTLE, table.id, "columns", f"weapon {it.id!r} has no column")
    monsters = _monsters(columns)
    mindex = {m.id: m.index for m in monsters}
    cauldrons = tuple(Cauldron(c.id, c.name, c.name_ru, c.experience)
                      for c in load_section(PKG, "cauldrons.toml", "cauldron", CauldronSpec))
    cindex = {c.id: i for i, c in enumerate(cauldrons)}
    cards = _cards(items, mindex, cindex)
    cells = size * size - len(entrances)
    if len(cards) != cells:
        raise fail(EVENTS, "card", "count", f"{len(cards)} event cards for {cells} cells")
    if len(tiles) < cells:
        raise fail(_where(PKG, "tiles.toml"), "tile", "count",
                   f"{len(tiles)} tiles for {cells} cells")
    specs = load_section(PKG, "recipes.toml", "recipe", RecipeSpec)
    rname = _where(PKG, "recipes.toml")
    check_refs(specs, "id", [i.id for i in items if i.kind == "potion"], rname, "potion")
    check_refs(specs, "ingredients", [i.id for i in items if i.kind == "ingredient"], rname,
               "ingredient", skip=())
    recipes = tuple((index[r.id], tuple(index[i] for i in r.ingredients)) for r in specs)
    shop = load_section(PKG, "shop.toml", "shop", ShopSpec)[0]
    check_refs([shop], "sells", [i.id for i in items if i.price], _where(PKG, "shop.toml"),
               "item with a list price", skip=())
    return Catalog(size, tuple(entrances), board.shop_markup, board.sell_remote, tuple(tiles),
                   tuple(items), index, tuple(monsters), columns, columns.index(None),
                   cauldrons, tuple(cards), recipes, tuple(index[s] for s in shop.sells),
                   shop.extra_turn, shop.experience)
