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
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from .board import DIRS
from .content import SLOTS
from .lookup import by_name
from .stats import RAISES

if TYPE_CHECKING:
    from .game import Catacombs

#: Action verbs the page shows as buttons only, each with no spot on the table:
#: ``end`` (end turn), ``refuse`` (refuse tile: the tile in hand is put aside, nothing touched),
#: ``propose`` and ``cancel`` (the offer being composed as a whole), ``accept`` and ``decline``
#: (the answer to an offer, which lies on no cell).
BUTTONS: frozenset[str] = frozenset({"end", "refuse", "propose", "cancel", "accept",
                                     "decline"})
#: Column letters of place keys, west to east.
LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: One step to each side (``DIRS`` order) in x, y: north is up.
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
COINS = re.compile(r"(give|ask) \d+ coins")


def cell_key(xy: list[int] | tuple[int, int]) -> str:
    """``cell:c4`` for the cell at x 2, y 3."""
    return f"cell:{LETTERS[xy[0]]}{xy[1] + 1}"


def _me(view: Mapping[str, Any]) -> Mapping[str, Any]:
    seat = view["to_act"]
    dwarf: Mapping[str, Any] = view["dwarves"][seat]
    return dwarf


def _here(view: Mapping[str, Any]) -> str:
    return cell_key(_me(view)["cell"])


def _beyond(view: Mapping[str, Any], side: str) -> str:
    x, y = _me(view)["cell"]
    dx, dy = STEP[DIRS.index(side)]
    return cell_key((x + dx, y + dy))


def _entrance(game: Catacombs, view: Mapping[str, Any], name: str) -> str:
    eid = next(e[0] for e in game.cat.entrances if e[1] == name)
    return cell_key(view["entrances"][eid])


def _partner(view: Mapping[str, Any]) -> int:
    trade = view["trade"]
    assert trade is not None, "no offer is open"
    partner: int = trade["to"]
    return partner


def _item(game: Catacombs, view: Mapping[str, Any], verb: str, rest: str) -> str | None:
    """What is done with a thing happens on that thing: in the shop, a backpack or a screen."""
    it = by_name(game.cat, rest.removesuffix(" to redraw"))
    if it is None:
        return None
    if verb == "buy":
        return f"shop:{it.id}"
    me = view["to_act"]
    if verb == "unequip":
        screen = view["dwarves"][me]["screen"]
        return f"slot:{me}:{next(s for s in SLOTS if screen[s] == it.id)}"
    owner = _partner(view) if verb == "ask" else me
    return f"item:{owner}:{it.id}"


def where(game: Catacombs, action: Action, view: Mapping[str, Any]) -> str | None:
    """The place of ``action`` on the board drawn from ``view`` (the acting seat's)."""
    text = action[0]
    verb, _, rest = text.partition(" ")
    if verb in BUTTONS:
        return None
    if verb in ("explore", "step", "sneak"):
        return _beyond(view, rest)
    if verb == "break":
        return _beyond(view, rest.removesuffix(" wall"))
    if verb == "enter":
        return _entrance(game, view, rest)
    if text.startswith("speed to "):
        return _entrance(game, view, text.removeprefix("speed to "))
    if text in ("walk", "speed walk"):
        return "die:walk"
    if text == "retreat":
        return cell_key(_me(view)["came_from"])
    if verb in ("stay", "stop", "fight", "attack", "place", "brew") or text.startswith("turn "):
        return cell_key(view["build_cell"]) if verb == "place" else _here(view)
    if text == "draw tile":
        return "pile:tiles"
    if verb == "take":
        return "tile:" + next(t[0] for t in game.cat.tiles if t[1] == rest)
    if text == "buy extra turn":
        return "shop:turn"
    if text == "buy experience":
        return "shop:experience"
    if verb == "raise":
        return f"stat:{view['to_act']}:{rest}"
    if text.startswith("offer trade to seat "):
        return f"seat:{int(text.rsplit(' ', 1)[1])}"
    if COINS.fullmatch(text):
        return f"coins:{_partner(view) if verb == 'ask' else view['to_act']}"
    return _item(game, view, verb, rest)


def places(view: Mapping[str, Any]) -> frozenset[str]:
    """Every cell, the die, the tile pile and face-up tiles, the shop, and each dwarf's sheet:
    its stats, screen slots, the things in its backpack, its purse."""
    size = view["size"]
    out = {cell_key((x, y)) for x in range(size) for y in range(size)}
    out |= {"die:walk", "pile:tiles", "shop:turn", "shop:experience"}
    out |= {f"tile:{t}" for t in view["face_up_tiles"]}
    out |= {f"shop:{i}" for i in view["shop"]["items"]}
    for d in view["dwarves"]:
        s = d["seat"]
        out |= {f"seat:{s}", f"coins:{s}"}
        out |= {f"stat:{s}:{r}" for r in RAISES}
        out |= {f"slot:{s}:{slot}" for slot in SLOTS}
        out |= {f"item:{s}:{i}" for i in d["backpack"]}
    return frozenset(out)
