"""Where Myth's actions happen on the drawn board (docs/boards.md).

The map is a grid of cells named by their offset from the Avatara's crossroads (``cell:1,-2``):
every laid tile, and beyond each open passage that leads nowhere yet the empty cell a hero
would explore. Moving, exploring, laying the drawn tile (its rotation chosen in the chooser),
Nod's Touch and staying are the cells they lead to. Drawing is the event deck, redrawing the
drawn tile; cards are played, discarded and resolved where they lie (the hand, the cards being
resolved); the monsters of the battle are attacked, removed or imprisoned where they stand;
heroes are deceived and targeted on their cards; items are destroyed on their hero's card;
quests are shown or swapped on the seat's quest cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from .content import load
from .labels import STEP, parse

if TYPE_CHECKING:
    from meeple.core import Game

#: Verbs with no spot on the table: passing on playing a card, the order of the Avatara (a
#: yes/no for the whole table), starting the battle, and the choices of the turn's end (heal,
#: the Avatara's heal, an extra turn, ending the turn), which are about the turn, not a thing.
BUTTONS: frozenset[str] = frozenset({"pass", "order:", "fight", "heal", "avatara", "extra",
                                     "end"})
#: A tile's open sides as bits (meeple.components.tilegrid: N=1, E=2, S=4, W=8).
SIDES = {"north": 1, "east": 2, "south": 4, "west": 8}
OPPOSITE = {"north": "south", "east": "west", "south": "north", "west": "east"}


def _cell(x: int, y: int) -> str:
    return f"cell:{x},{y}"


def _here(view: Mapping[str, Any]) -> tuple[int, int]:
    """The cell of the hero whose turn it is."""
    x, y = view["heroes"][view["current"]]["cell"]
    return int(x), int(y)


def _seat_of(view: Mapping[str, Any], name: str) -> int:
    return int(next(h["seat"] for h in view["heroes"] if h["name"] == name))


def _card(kind: str, arg: str, view: Mapping[str, Any]) -> str:
    cid = load().card_by_name[arg]
    if kind in ("play", "discard"):
        return f"card:hand:{cid}"
    if kind == "resolve":
        return f"card:pending:{cid}"
    if kind == "destroy":
        return f"item:{view['seat']}:{cid}"
    return f"monster:{cid}"  # attack, remove, imprison: a monster of the battle


def where(game: Game[Any], action: Action, view: Mapping[str, Any]) -> str | None:
    """The place of ``action`` for the acting seat's ``view``; None for a button verb."""
    kind, arg = parse(action[0])
    x, y = _here(view)
    if kind in ("move", "explore"):
        dx, dy = STEP[arg]
        return _cell(x + dx, y + dy)
    if kind == "place":
        lx, ly = view["laying"]
        return _cell(lx, ly)
    if kind in ("stay", "stayput"):
        return _cell(x, y)
    if kind == "nod":
        nx, ny = arg.split(",")
        return _cell(int(nx), int(ny))
    if kind == "draw":
        return "deck:events"
    if kind == "redraw":
        return "tile:drawn"
    if kind in ("play", "discard", "resolve", "destroy", "attack", "remove", "imprison"):
        return _card(kind, arg, view)
    if kind in ("deceive", "target"):
        return f"hero:{_seat_of(view, arg)}"
    if kind in ("show", "swap"):
        return f"quest:{load().quest_by_name[arg]}"
    return None


def frontier(view: Mapping[str, Any]) -> list[tuple[int, int]]:
    """The empty cells beyond the open passages of laid tiles, in a stable order."""
    laid = {(x, y): mask for x, y, mask, _ in view["map"]}
    out: dict[tuple[int, int], None] = {}
    for (x, y), mask in laid.items():
        for side, bit in SIDES.items():
            dx, dy = STEP[side]
            nb = (x + dx, y + dy)
            if mask & bit and nb not in laid:
                out[nb] = None
    return sorted(out, key=lambda c: (c[1], c[0]))


def _keys(view: Mapping[str, Any]) -> Iterator[str]:
    yield from (_cell(x, y) for x, y, _, _ in view["map"])
    yield from (_cell(x, y) for x, y in frontier(view))
    yield from ("deck:events", "tile:drawn")
    for h in view["heroes"]:
        yield f"hero:{h['seat']}"
        yield from (f"item:{h['seat']}:{i}" for i in h["items"])
    here = list(_here(view))
    for x, y, ms in view["enemies"]:
        if [x, y] == here:
            yield from (f"monster:{m}" for m in ms)
    yield from (f"card:pending:{c}" for c in view["pending"])
    yield from (f"card:hand:{c}" for c in view.get("hand", []))
    yield from (f"quest:{q}" for q, _ in view.get("quests", []))


def places(view: Mapping[str, Any]) -> frozenset[str]:
    """Every place the board draws for ``view``: the laid cells and the frontier, the event
    deck and the drawn tile, each hero and his items, the monsters of the battle (those on
    the cell of the hero whose turn it is), the cards being resolved, the seat's hand and
    quests."""
    return frozenset(_keys(view))
