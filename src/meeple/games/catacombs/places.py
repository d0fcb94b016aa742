"""Where the catacombs' actions happen on the drawn board (docs/boards.md).

The board is the 10×10 map, the walk's die, the tiles to build with, the shop and each dwarf's
sheet (its stats, the screen of worn things, the backpack and the purse). A move is the cell it
goes to (``cell:c4``: column letter, row number, as the map's margins name them); a fight, a
stop, a stay, a brew or a tile turned is the dwarf's own cell; a retreat the cell it came back
from; buying is the item in the shop; what is done with a carried thing is that thing in its
owner's backpack (``item:0:dagger``) or on its screen (``slot:0:head``); coins asked or given are
the owner's purse; a trade is offered on the partner's sheet (``seat:1``); a stat is raised on
the dwarf's sheet (``stat:0:strength``). Ending the turn and answering or closing an offer are
buttons.

>>> cell((2, 3)), item(0, "dagger"), stat(1, "armour")
('cell:c4', 'item:0:dagger', 'stat:1:armour')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from meeple.core import Action, Dispatch, Verb

from .content import SLOTS
from .verbs import (
    RAISES,
    Accept,
    Ask,
    AskCoins,
    Attack,
    BreakWall,
    Brew,
    Buy,
    BuyExperience,
    BuyTurn,
    CancelTrade,
    Decline,
    DrawTile,
    Drink,
    EndTurn,
    Enter,
    Equip,
    Explore,
    Fight,
    Give,
    GiveCoins,
    OfferTrade,
    Place,
    Propose,
    Raise,
    Redraw,
    RefuseTile,
    Retreat,
    Sacrifice,
    Sell,
    Sneak,
    SpeedTo,
    SpeedWalk,
    Stay,
    Step,
    Stop,
    TakeTile,
    TurnTile,
    Unequip,
    Use,
    Walk,
)

if TYPE_CHECKING:
    from .game import Catacombs
    from .view import DwarfView, View

#: The verbs the page shows as buttons only, each with no spot on the table: ending the turn,
#: refusing a tile (the tile in hand is put aside, nothing touched), proposing or cancelling
#: the offer being composed (as a whole), and accepting or declining an offer (which lies on
#: no cell).
BUTTONS: frozenset[type[Verb]] = frozenset({EndTurn, RefuseTile, Propose, CancelTrade, Accept,
                                            Decline})
#: The place keys of the board, each a template filled by the constructor below it names: a
#: cell by its column letter and row number, the walk's die, the tile pile, a face-up tile by
#: its id, a thing (or ``turn``, ``experience``) in the shop, a stat on a dwarf's sheet, the
#: sheet itself, its purse, a slot of its screen, a thing in its backpack.
KEYS: dict[str, str] = {
    "cell": "cell:{0}{1}", "die": "die:walk", "pile": "pile:tiles", "tile": "tile:{0}",
    "shop": "shop:{0}", "stat": "stat:{0}:{1}", "seat": "seat:{0}", "coins": "coins:{0}",
    "slot": "slot:{0}:{1}", "item": "item:{0}:{1}",
}
#: Column letters of place keys, west to east.
LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: One step to each side (``DIRS`` order) in x, y: north is up.
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))


def cell(xy: list[int] | tuple[int, int]) -> str:
    """``cell:c4`` for the cell at x 2, y 3."""
    return KEYS["cell"].format(LETTERS[xy[0]], xy[1] + 1)


def die() -> str:
    """The die rolled for a walk."""
    return KEYS["die"]


def pile() -> str:
    """The pile of face-down tiles."""
    return KEYS["pile"]


def tile(tile_id: str) -> str:
    """A face-up tile, by its kind."""
    return KEYS["tile"].format(tile_id)


def shop(thing: str) -> str:
    """A thing the shop sells: an item id, ``turn`` or ``experience``."""
    return KEYS["shop"].format(thing)


def seat(s: int) -> str:
    """A dwarf's sheet."""
    return KEYS["seat"].format(s)


def purse(s: int) -> str:
    """A dwarf's coins."""
    return KEYS["coins"].format(s)


def stat(s: int, name: str) -> str:
    """A stat on a dwarf's sheet."""
    return KEYS["stat"].format(s, name)


def slot(s: int, name: str) -> str:
    """A slot of a dwarf's screen."""
    return KEYS["slot"].format(s, name)


def item(s: int, item_id: str) -> str:
    """A thing in a dwarf's backpack."""
    return KEYS["item"].format(s, item_id)


class Board(NamedTuple):
    """The board an action is placed on: the game and the acting seat's view."""

    game: Catacombs
    view: View


#: The place of each verb: ``WHERE(board, verb)``.
WHERE: Dispatch[Board, str] = Dispatch("the catacombs' places")


def _me(view: View) -> DwarfView:
    s = view["to_act"]
    assert s is not None
    return view["dwarves"][s]


def _acting(view: View) -> int:
    s = view["to_act"]
    assert s is not None
    return s


def _here(view: View) -> list[int]:
    here = _me(view)["cell"]
    assert here is not None
    return here


def _partner(view: View) -> int:
    trade = view["trade"]
    assert trade is not None, "no offer is open"
    return trade["to"]


@WHERE.on(Explore, Step, Sneak, BreakWall)
def _beyond(b: Board, verb: Verb) -> str:
    assert isinstance(verb, (Explore, Step, Sneak, BreakWall))
    x, y = _here(b.view)
    dx, dy = STEP[verb.direction]
    return cell((x + dx, y + dy))


@WHERE.on(Enter, SpeedTo)
def _entrance(b: Board, verb: Verb) -> str:
    assert isinstance(verb, (Enter, SpeedTo))
    return cell(b.view["entrances"][b.game.content.entrances[verb.entrance].id])


@WHERE.on(Walk, SpeedWalk)
def _die(b: Board, verb: Verb) -> str:
    return die()


@WHERE.on(Retreat)
def _back(b: Board, verb: Retreat) -> str:
    came = _me(b.view)["came_from"]
    assert came is not None
    return cell(came)


@WHERE.on(Stay, Stop, Fight, Attack, Brew, TurnTile)
def _here_cell(b: Board, verb: Verb) -> str:
    return cell(_here(b.view))


@WHERE.on(Place)
def _build_cell(b: Board, verb: Place) -> str:
    built = b.view["build_cell"]
    assert built is not None
    return cell(built)


@WHERE.on(DrawTile)
def _pile(b: Board, verb: DrawTile) -> str:
    return pile()


@WHERE.on(TakeTile)
def _tile(b: Board, verb: TakeTile) -> str:
    return tile(verb.tile)


@WHERE.on(BuyTurn, BuyExperience)
def _shop_service(b: Board, verb: Verb) -> str:
    assert isinstance(verb, (BuyTurn, BuyExperience))
    return shop("turn" if isinstance(verb, BuyTurn) else "experience")


@WHERE.on(Buy)
def _shop_item(b: Board, verb: Buy) -> str:
    return shop(b.game.content.items[verb.item].id)


@WHERE.on(Raise)
def _stat(b: Board, verb: Raise) -> str:
    return stat(_acting(b.view), verb.stat)


@WHERE.on(OfferTrade)
def _sheet(b: Board, verb: OfferTrade) -> str:
    return seat(verb.partner)


@WHERE.on(GiveCoins, AskCoins)
def _purse(b: Board, verb: Verb) -> str:
    assert isinstance(verb, (GiveCoins, AskCoins))
    return purse(_partner(b.view) if isinstance(verb, AskCoins) else _acting(b.view))


@WHERE.on(Unequip)
def _worn(b: Board, verb: Unequip) -> str:
    s = _acting(b.view)
    screen = b.view["dwarves"][s]["screen"]
    thing = b.game.content.items[verb.item].id
    return slot(s, next(name for name in SLOTS if screen[name] == thing))


@WHERE.on(Equip, Sell, Drink, Sacrifice, Use, Give, Ask)
def _carried(b: Board, verb: Verb) -> str:
    assert isinstance(verb, (Equip, Sell, Drink, Sacrifice, Use, Give, Ask))
    owner = _partner(b.view) if isinstance(verb, Ask) else _acting(b.view)
    return item(owner, b.game.content.items[verb.item].id)


@WHERE.on(Redraw)
def _spinner(b: Board, verb: Redraw) -> str:
    return item(_acting(b.view), b.game.content.items[b.game.spinner].id)


def where(game: Catacombs, action: Action, view: Mapping[str, Any]) -> str | None:
    """The place of ``action`` on the board drawn from ``view`` (the acting seat's)."""
    verb = action[1]
    if verb.__class__ in BUTTONS:
        return None
    return WHERE(Board(game, cast("View", view)), verb)


def places(view: Mapping[str, Any]) -> frozenset[str]:
    """Every cell, the die, the tile pile and face-up tiles, the shop, and each dwarf's sheet:
    its stats, screen slots, the things in its backpack, its purse."""
    v = cast("View", view)
    size = v["size"]
    out = {cell((x, y)) for x in range(size) for y in range(size)}
    out |= {die(), pile(), shop("turn"), shop("experience")}
    out |= {tile(t) for t in v["face_up_tiles"]}
    out |= {shop(i) for i in v["shop"]["items"]}
    for d in v["dwarves"]:
        s = d["seat"]
        out |= {seat(s), purse(s)}
        out |= {stat(s, r) for r in RAISES}
        out |= {slot(s, name) for name in SLOTS}
        out |= {item(s, i) for i in d["backpack"]}
    return frozenset(out)


def changed(game: Catacombs, before: Mapping[str, Any],
            after: Mapping[str, Any]) -> frozenset[str]:
    """The places of ``after`` whose content differs from ``before`` (two views of one seat):
    a cell whose tile, card, cauldron or dwarves changed; the die rolled again; the pile drawn
    from; a face-up tile put aside or taken; a dwarf's sheet (experience, kills, alive), its
    stats, purse, screen slots and the things of its backpack that came or went."""
    b, a = cast("View", before), cast("View", after)
    size = a["size"]
    out: set[str] = set()
    if b["size"] != size or len(b["dwarves"]) != len(a["dwarves"]):
        return places(after)
    for name in ("tiles", "cards", "cauldrons"):
        old, new = b[name], a[name]
        out |= {cell((i % size, i // size)) for i in range(size * size) if old[i] != new[i]}
    for d0, d1 in zip(b["dwarves"], a["dwarves"], strict=True):
        s = d1["seat"]
        if (d0["cell"], d0["alive"]) != (d1["cell"], d1["alive"]):
            out |= {cell(xy) for xy in (d0["cell"], d1["cell"]) if xy is not None}
        sheet0 = (d0["experience"], d0["kills"], d0["alive"], d0["thresholds"])
        if sheet0 != (d1["experience"], d1["kills"], d1["alive"], d1["thresholds"]):
            out.add(seat(s))
        out |= {stat(s, r) for r in RAISES if d0[r] != d1[r]}
        if d0["money"] != d1["money"]:
            out.add(purse(s))
        worn0, worn1 = cast("dict[str, str | None]", d0["screen"]), cast(
            "dict[str, str | None]", d1["screen"])
        out |= {slot(s, n) for n in SLOTS if worn0[n] != worn1[n]}
        had, has = Counter(d0["backpack"]), Counter(d1["backpack"])
        out |= {item(s, i) for i in has if has[i] != had[i]}
    if (b["last_roll"], b["walk_left"]) != (a["last_roll"], a["walk_left"]):
        out.add(die())
    if b["tile_pile"] != a["tile_pile"]:
        out.add(pile())
    up0, up1 = Counter(b["face_up_tiles"]), Counter(a["face_up_tiles"])
    out |= {tile(t) for t in up1 if up1[t] != up0[t]}
    return frozenset(out)
