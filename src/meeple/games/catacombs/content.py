"""The catacombs' content, validated once per process and shared, immutable, by every state.

The files under ``content/`` are TOML; each entry says whether its numbers come from the
rulebook or were authored. :class:`Catalog` joins them into the flat, index-based tables the
rules use (a state holds only indexes into these tables).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from meeple.content import Entry, load_section
from meeple.core import ContentError

PKG = __package__ or "meeple.games.catacombs"
SLOTS = ("head", "body", "right_hand", "left_hand", "feet")
SIDE_LETTERS = {"N": 1, "E": 2, "S": 4, "W": 8}
EVENT_KINDS = ("vein", "cauldron", "artifact", "ingredient", "treasure", "weapon", "armour",
               "monster")


class BoardSpec(Entry):
    quarter: int
    shop_markup: float
    sell_remote: float


class EntranceSpec(Entry):
    cell: tuple[int, int]


class TileSpec(Entry):
    sides: str
    count: int


class WeaponSpec(Entry):
    strength: int
    two_handed: bool
    price: int


class ArmourSpec(Entry):
    slot: Literal["head", "body", "left_hand", "feet"]
    armour: int
    price: int


class TreasureSpec(Entry):
    value: int


class IngredientSpec(Entry):
    pass


class PotionSpec(Entry):
    effect: Literal["heal", "armour", "strength", "speed", "invisibility", "destruction"]
    amount: int
    price: int


class ArtifactSpec(Entry):
    value: int


class RecipeSpec(Entry):
    ingredients: tuple[str, ...]


class TableSpec(Entry):
    columns: tuple[str, ...]


class MonsterSpec(Entry):
    attack: int
    experience: int
    needs: str


class CauldronSpec(Entry):
    experience: int


class CardSpec(Entry):
    kind: Literal["vein", "cauldron", "artifact", "ingredient", "treasure", "weapon", "armour",
                  "monster"]
    ref: str
    count: int


class ShopSpec(Entry):
    extra_turn: int
    experience: int
    sells: tuple[str, ...]


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
    ref: int             # item / monster / cauldron index; -1 for a vein
    label: str


@dataclass(frozen=True)
class Catalog:
    """Every table the rules read, with ids resolved to indexes."""

    size: int
    entrances: tuple[tuple[str, str, str, int], ...]   # (id, name, name_ru, cell index)
    markup: float
    sell_remote: float
    tiles: tuple[tuple[str, str, str, int], ...]        # per tile card: (id, name, name_ru, mask)
    items: tuple[Item, ...]
    item_index: dict[str, int]
    monsters: tuple[Monster, ...]
    columns: tuple[int, ...]                            # battle-table column -> weapon item
    fists_column: int
    cauldrons: tuple[tuple[str, str, str, int], ...]    # (id, name, name_ru, experience)
    cards: tuple[Card, ...]
    recipes: tuple[tuple[int, tuple[int, ...]], ...]    # (potion item, ingredient items)
    shop: tuple[int, ...]
    extra_turn_price: int
    experience_price: int


def _need(text: str, where: str) -> int | None:
    if text in ("-", "–"):
        return None
    if text.upper() == "X":
        return 0
    if text.isdigit() and 1 <= int(text) <= 6:
        return int(text)
    raise ContentError(f"{where}: battle table entry {text!r} is not 1-6, X or -",
                       file="battle.toml", entry=where, field="needs")


def _mask(sides: str, tile: str) -> int:
    m = 0
    for ch in sides:
        if ch not in SIDE_LETTERS:
            raise ContentError(f"tiles.toml: tile {tile!r} has side {ch!r} (use N, E, S, W)",
                               file="tiles.toml", entry=tile, field="sides")
        m |= SIDE_LETTERS[ch]
    if not m:
        raise ContentError(f"tiles.toml: tile {tile!r} has no passage", file="tiles.toml",
                           entry=tile, field="sides")
    return m


@cache
def catalog() -> Catalog:
    """Load, validate and join every content file (once per process)."""
    board = load_section(PKG, "board.toml", "board", BoardSpec)[0]
    size = 2 * board.quarter
    entrances = []
    for e in load_section(PKG, "board.toml", "entrance", EntranceSpec):
        x, y = e.cell
        if not (0 <= x < size and 0 <= y < size):
            raise ContentError(f"board.toml: entrance {e.id!r} lies off the board",
                               file="board.toml", entry=e.id, field="cell")
        entrances.append((e.id, e.name, e.name_ru, y * size + x))
    tiles = []
    for t in load_section(PKG, "tiles.toml", "tile", TileSpec):
        tiles += [(t.id, t.name, t.name_ru, _mask(t.sides, t.id))] * t.count

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
    index = {it.id: it.index for it in items}
    if len(index) != len(items):
        raise ContentError("items.toml: two items share an id", file="items.toml")

    def ref(kind: str, rid: str, where: str) -> int:
        i = index.get(rid)
        if i is None or items[i].kind != kind:
            raise ContentError(f"{where}: {rid!r} is not a known {kind}", file=where, entry=rid)
        return i

    table = load_section(PKG, "battle.toml", "table", TableSpec)[0]
    columns = tuple(-1 if c == "fists" else ref("weapon", c, "battle.toml")
                    for c in table.columns)
    if -1 not in columns:
        raise ContentError("battle.toml: the table needs a 'fists' column", file="battle.toml")
    for it in items:
        if it.kind == "weapon" and it.id != "fists" and it.index not in columns:
            raise ContentError(f"battle.toml: weapon {it.id!r} has no column",
                               file="battle.toml", entry=it.id)
    monsters: list[Monster] = []
    for m in load_section(PKG, "battle.toml", "monster", MonsterSpec):
        row = m.needs.split()
        if len(row) != len(columns):
            raise ContentError(f"battle.toml: monster {m.id!r} has {len(row)} entries for "
                               f"{len(columns)} columns", file="battle.toml", entry=m.id,
                               field="needs")
        monsters.append(Monster(len(monsters), m.id, m.name, m.name_ru, m.attack,
                                m.experience, tuple(_need(c, m.id) for c in row)))
    mindex = {m.id: m.index for m in monsters}
    cauldrons = tuple((c.id, c.name, c.name_ru, c.experience)
                      for c in load_section(PKG, "cauldrons.toml", "cauldron", CauldronSpec))
    cindex = {c[0]: i for i, c in enumerate(cauldrons)}

    cards: list[Card] = []
    for c in load_section(PKG, "events.toml", "card", CardSpec):
        if c.kind == "vein":
            r, label = -1, "vein"
        elif c.kind == "monster":
            if c.ref not in mindex:
                raise ContentError(f"events.toml: unknown monster {c.ref!r}",
                                   file="events.toml", entry=c.id, field="ref")
            r, label = mindex[c.ref], f"monster:{c.ref}"
        elif c.kind == "cauldron":
            if c.ref not in cindex:
                raise ContentError(f"events.toml: unknown cauldron {c.ref!r}",
                                   file="events.toml", entry=c.id, field="ref")
            r, label = cindex[c.ref], f"cauldron:{c.ref}"
        else:
            r, label = ref(c.kind, c.ref, "events.toml"), f"{c.kind}:{c.ref}"
        cards += [Card(len(cards) + k, c.kind, r, label) for k in range(c.count)]
    cells = size * size - len(entrances)
    if len(cards) != cells:
        raise ContentError(f"events.toml: {len(cards)} event cards for {cells} cells",
                           file="events.toml")
    if len(tiles) < cells:
        raise ContentError(f"tiles.toml: {len(tiles)} tiles for {cells} cells",
                           file="tiles.toml")
    recipes = tuple((ref("potion", r.id, "recipes.toml"),
                     tuple(ref("ingredient", i, "recipes.toml") for i in r.ingredients))
                    for r in load_section(PKG, "recipes.toml", "recipe", RecipeSpec))
    shop = load_section(PKG, "shop.toml", "shop", ShopSpec)[0]
    sells = []
    for s in shop.sells:
        i = index.get(s)
        if i is None or not items[i].price:
            raise ContentError(f"shop.toml: {s!r} has no list price", file="shop.toml", entry=s)
        sells.append(i)
    return Catalog(size, tuple(entrances), board.shop_markup, board.sell_remote, tuple(tiles),
                   tuple(items), index, tuple(monsters), columns, columns.index(-1),
                   cauldrons, tuple(cards), recipes, tuple(sells), shop.extra_turn,
                   shop.experience)
