"""Where Myth's actions happen on the drawn board (docs/boards.md).

The map is a grid of cells named by their offset from the Avatara's crossroads (``cell:1,-2``):
every laid tile, and beyond each open passage that leads nowhere yet the empty cell a hero
would explore. Moving, exploring, laying the drawn tile (its rotation chosen in the chooser),
Nod's Touch and staying are the cells they lead to. Drawing is the event deck, redrawing the
drawn tile; cards are played, discarded and resolved where they lie (the hand, the cards being
resolved); the monsters of the battle are attacked, removed or imprisoned where they stand;
heroes are deceived and targeted on their cards; items are destroyed on their hero's card;
quests are shown or swapped on the seat's quest cards.

>>> cell(1, -2), card("hand", "trow"), item(0, "standard")
('cell:1,-2', 'card:hand:trow', 'item:0:standard')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, cast

from meeple.components.tilegrid import DELTA, SIDES
from meeple.core import Action, Dispatch, Verb

from .verbs import (
    Attack,
    AvataraHeal,
    DeceiveHero,
    DestroyItem,
    DiscardCard,
    Draw,
    DreamOrder,
    EndTurn,
    Explore,
    ExtraTurn,
    Fight,
    Heal,
    Imprison,
    Move,
    NodTo,
    Pass,
    Place,
    Play,
    Redraw,
    Remove,
    Resolve,
    Show,
    Stay,
    StayPut,
    Swap,
    TargetHero,
)
from .view import by_cell, own_quests, tiles

if TYPE_CHECKING:
    from meeple.core import Game

    from .view import View

#: The place keys of the board, with their blanks: a cell by its column and row, a pile, the
#: drawn tile, a card by where it lies (``hand``, ``pending``) and its id, a hero's item by his
#: seat and its id, a monster of the battle, a hero by his seat, a quest of the seat's.
KEYS: dict[str, str] = {
    "cell": "cell:{0},{1}", "deck": "deck:events", "tile": "tile:drawn", "card": "card:{0}:{1}",
    "item": "item:{0}:{1}", "monster": "monster:{0}", "hero": "hero:{0}", "quest": "quest:{0}",
}
#: Verbs with no spot on the table: passing on playing a card, the order of the Great Dream (a
#: yes/no for the whole table), starting the battle, and the choices of the turn's end (heal,
#: the Avatara's heal, an extra turn, ending the turn), which are about the turn, not a thing.
BUTTONS: frozenset[type[Verb]] = frozenset({Pass, DreamOrder, Fight, Heal, AvataraHeal,
                                            ExtraTurn, EndTurn})


def cell(x: int, y: int) -> str:
    """A cell of the map: ``cell:1,-2``."""
    return KEYS["cell"].format(x, y)


def card(pile: str, cid: str) -> str:
    """A card where it lies: ``card:hand:trow``, ``card:pending:nod``."""
    return KEYS["card"].format(pile, cid)


def item(seat: int, cid: str) -> str:
    """An item on a hero's card: ``item:0:standard``."""
    return KEYS["item"].format(seat, cid)


def monster(cid: str) -> str:
    """A monster of the battle: ``monster:thrall``."""
    return KEYS["monster"].format(cid)


def hero(seat: int) -> str:
    """A hero's card: ``hero:1``."""
    return KEYS["hero"].format(seat)


def quest(qid: str) -> str:
    """One of the seat's quests: ``quest:slay_thralls``."""
    return KEYS["quest"].format(qid)


#: The event deck and the dungeon tile drawn to lay.
EVENT_DECK = KEYS["deck"]
DRAWN_TILE = KEYS["tile"]

#: The place of each verb for the acting seat's view (None: a button).
WHERE: Dispatch[View, str | None] = Dispatch("Myth's places")


def _here(view: View) -> tuple[int, int]:
    """The cell of the hero whose turn it is."""
    x, y = view["heroes"][view["active"]]["cell"]
    return int(x), int(y)


def _way(view: View, verb: Move | Explore) -> str:
    x, y = _here(view)
    dx, dy = DELTA[verb.side]
    return cell(x + dx, y + dy)


WHERE.on(Move)(_way)
WHERE.on(Explore)(_way)


@WHERE.on(Place)
def _laying(view: View, verb: Place) -> str:
    laying = view["laying"]
    assert laying is not None
    return cell(laying[0], laying[1])


def _here_cell(view: View, verb: Stay | StayPut) -> str:
    return cell(*_here(view))


WHERE.on(Stay)(_here_cell)
WHERE.on(StayPut)(_here_cell)


@WHERE.on(NodTo)
def _nod(view: View, verb: NodTo) -> str:
    return cell(*verb.cell)


@WHERE.on(Draw)
def _deck(view: View, verb: Draw) -> str:
    return EVENT_DECK


@WHERE.on(Redraw)
def _tile(view: View, verb: Redraw) -> str:
    return DRAWN_TILE


def _hand(view: View, verb: Play | DiscardCard) -> str:
    return card("hand", verb.card)


WHERE.on(Play)(_hand)
WHERE.on(DiscardCard)(_hand)


@WHERE.on(Resolve)
def _pending(view: View, verb: Resolve) -> str:
    return card("pending", verb.card)


@WHERE.on(DestroyItem)
def _item(view: View, verb: DestroyItem) -> str:
    seat = view["seat"]
    assert seat is not None
    return item(seat, verb.card)


def _monster(view: View, verb: Attack | Remove | Imprison) -> str:
    return monster(verb.monster)


WHERE.on(Attack)(_monster)
WHERE.on(Remove)(_monster)
WHERE.on(Imprison)(_monster)


def _hero(view: View, verb: DeceiveHero | TargetHero) -> str:
    return hero(next(h["seat"] for h in view["heroes"] if h["hero"] == verb.hero))


WHERE.on(DeceiveHero)(_hero)
WHERE.on(TargetHero)(_hero)


def _quest(view: View, verb: Show | Swap) -> str:
    return quest(verb.quest)


WHERE.on(Show)(_quest)
WHERE.on(Swap)(_quest)


@WHERE.on(*BUTTONS)
def _button(view: View, verb: Verb) -> None:
    return None


def where(game: Game[Any], action: Action, view: Mapping[str, Any]) -> str | None:
    """The place of ``action`` for the acting seat's ``view`` (a :class:`.view.View`); None
    for a button verb."""
    return WHERE(cast("View", view), action[1])


def frontier(view: View) -> list[tuple[int, int]]:
    """The empty cells beyond the open passages of laid tiles, in a stable order."""
    laid = {(x, y): mask for x, y, mask, _ in tiles(view)}
    out: dict[tuple[int, int], None] = {}
    for (x, y), mask in laid.items():
        for side in SIDES:
            dx, dy = DELTA[side]
            nb = (x + dx, y + dy)
            if mask & side and nb not in laid:
                out[nb] = None
    return sorted(out, key=lambda c: (c[1], c[0]))


def _keys(view: View) -> Iterator[str]:
    yield from (cell(x, y) for x, y, _, _ in tiles(view))
    yield from (cell(x, y) for x, y in frontier(view))
    yield from (EVENT_DECK, DRAWN_TILE)
    for h in view["heroes"]:
        yield hero(h["seat"])
        yield from (item(h["seat"], i) for i in h["items"])
    yield from (monster(m) for m in by_cell(view["enemies"]).get(_here(view), []))
    yield from (card("pending", c) for c in view["pending"])
    yield from (card("hand", c) for c in view.get("hand", []))
    yield from (quest(q) for q, _ in own_quests(view))


def places(view: View) -> frozenset[str]:
    """Every place the board draws for ``view``: the laid cells and the frontier, the event
    deck and the drawn tile, each hero and his items, the monsters of the battle (those on
    the cell of the hero whose turn it is), the cards being resolved, the seat's hand and
    quests."""
    return frozenset(_keys(view))


# ------------------------------------------------------------------ what changed
def _where_heroes(view: View) -> dict[tuple[int, int], list[int]]:
    out: dict[tuple[int, int], list[int]] = {}
    for h in view["heroes"]:
        if h["alive"]:
            out.setdefault((int(h["cell"][0]), int(h["cell"][1])), []).append(h["seat"])
    return out


def _cells(view: View) -> dict[tuple[int, int], tuple[Any, ...]]:
    """What each cell shows: its tile, the living heroes on it, its monsters and lasting
    cards (only cells showing something)."""
    laid = {(x, y): (mask, tile) for x, y, mask, tile in tiles(view)}
    heroes = _where_heroes(view)
    enemies, lasting = by_cell(view["enemies"]), by_cell(view["lasting"])
    keys = {*laid, *heroes, *enemies, *lasting}
    return {c: (laid.get(c), sorted(heroes.get(c, [])), sorted(enemies.get(c, [])),
                sorted(lasting.get(c, []))) for c in keys}


def _added(before: list[str], after: list[str]) -> set[str]:
    """The ids of which ``after`` holds more than ``before``."""
    return set(Counter(after) - Counter(before))


def _changes(before: View, after: View) -> Iterator[str]:
    old_cells, new_cells = _cells(before), _cells(after)
    for c in {*old_cells, *new_cells}:
        if old_cells.get(c) != new_cells.get(c):
            yield cell(*c)
    if before["event_deck"] != after["event_deck"]:
        yield EVENT_DECK
    if before["drawn_tile"] != after["drawn_tile"]:
        yield DRAWN_TILE
    old_heroes = {h["seat"]: h for h in before["heroes"]}
    for h in after["heroes"]:
        was = old_heroes.get(h["seat"])
        if was != h:
            yield hero(h["seat"])
        yield from (item(h["seat"], i) for i in _added(was["items"] if was else [], h["items"]))
    x, y = _here(after)
    yield from (monster(m) for m in _added(by_cell(before["enemies"]).get((x, y), []),
                                            by_cell(after["enemies"]).get((x, y), [])))
    yield from (card("pending", c) for c in _added(before["pending"], after["pending"]))
    yield from (card("hand", c) for c in _added(before.get("hand", []), after.get("hand", [])))
    old_quests = dict(own_quests(before))
    yield from (quest(q) for q, done in own_quests(after) if old_quests.get(q) != done)


def changed(game: Game[Any], before: Mapping[str, Any], after: Mapping[str, Any]) -> frozenset[str]:
    """The places of ``after`` whose content differs from ``before`` (two views of one seat):
    a cell whose tile, heroes, monsters or lasting cards changed; the event deck when its size
    did; the drawn tile; a hero whose open numbers or holdings changed; items, monsters of the
    battle, cards being resolved, cards of the hand new since ``before``; a quest new or newly
    fulfilled."""
    b, a = cast("View", before), cast("View", after)
    return frozenset(_changes(b, a)) & places(a)
