"""Where Grab and Hit's actions happen on the drawn table (docs/boards.md).

The table: the wheel (its hub spins it), the three decks (a colour chosen from a sector is a
draw from that deck), the offer of the decision being taken (a location to buy, two weapons
to keep one of), the auction row, the centre (a dead adventurer's leavings), the adventurers
to choose from, each seat's mat (its adventurer, weapons, fists, shields, locations and
ability) and the seat's own hand. An action's verb names its thing by its card or adventurer;
the place is the first thing with that content id where the action looks for it.

Every key is written from a template of ``KEYS`` by the constructors below it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from meeple.core import Action, Dispatch, Verb

from .content import COLOURS, Tables
from .verbs import (
    Accept,
    Attach,
    Attack,
    Bid,
    Block,
    Buy,
    Cast,
    Choose,
    Decline,
    Discard,
    Done,
    Draw,
    Hit,
    Keep,
    Repair,
    Spin,
    Take,
    UseAbility,
    Visit,
)

if TYPE_CHECKING:
    from .game import GrabHit
    from .view import CardView, PendingView, PlayerView, View

#: The place keys: ``{0}``, ``{1}`` are filled by the constructors below.
KEYS: dict[str, str] = {
    "wheel": "wheel:spin",
    "deck": "deck:{0}",
    "adv": "adv:{0}",
    "offer": "offer:{0}",
    "lot": "lot:{0}",
    "centre": "centre:{0}",
    "card": "card:hand:{0}",
    "mat": "mat:{0}",
    "ability": "ability:{0}",
    "weapon": "weapon:{0}:{1}",
    "fists": "fists:{0}",
    "shield": "shield:{0}:{1}",
    "loc": "loc:{0}:{1}",
}

#: Verbs with no thing of their own on the table: ``Done`` ends the free actions, the hits or a
#: colour choice with every deck empty; ``Accept`` lets an effect through unblocked (the
#: shields that would block it are places); ``Decline`` leaves the offered location to the
#: auction (buying it is the offered card's place).
BUTTONS: frozenset[type[Verb]] = frozenset({Done, Accept, Decline})


def wheel() -> str:
    """The wheel's hub, which spins it."""
    return KEYS["wheel"]


def deck(colour: str) -> str:
    """A deck, by its colour."""
    return KEYS["deck"].format(colour)


def adventurer(cid: str) -> str:
    """An adventurer to choose, by its content id."""
    return KEYS["adv"].format(cid)


def offer(i: int) -> str:
    """The i-th card offered by the decision being taken."""
    return KEYS["offer"].format(i)


def lot(i: int) -> str:
    """The i-th lot of the auction."""
    return KEYS["lot"].format(i)


def centre(i: int) -> str:
    """The i-th card of the centre."""
    return KEYS["centre"].format(i)


def hand(i: int) -> str:
    """The i-th card of the seat's own hand."""
    return KEYS["card"].format(i)


def mat(seat: int) -> str:
    """A seat's mat (its adventurer, where it is hit)."""
    return KEYS["mat"].format(seat)


def ability(seat: int) -> str:
    """A seat's ability."""
    return KEYS["ability"].format(seat)


def weapon(seat: int, i: int) -> str:
    """A seat's i-th weapon."""
    return KEYS["weapon"].format(seat, i)


def fists(seat: int) -> str:
    """A seat's bare fists."""
    return KEYS["fists"].format(seat)


def shield(seat: int, i: int) -> str:
    """A seat's i-th shield."""
    return KEYS["shield"].format(seat, i)


def location(seat: int, i: int) -> str:
    """A seat's i-th location."""
    return KEYS["loc"].format(seat, i)


@dataclass(frozen=True, slots=True)
class Board:
    """The drawn table an action is placed on: the content and the acting seat's view."""

    content: Tables
    view: View

    def me(self) -> int:
        """The acting seat."""
        seat = self.view["to_act"]
        seat = self.view["seat"] if seat is None else seat
        assert seat is not None
        return seat

    def mine(self) -> PlayerView:
        """The acting seat's mat."""
        return self.view["players_info"][self.me()]

    def cid(self, card: int) -> str:
        """The content id of a card."""
        return self.content.cards[card].entry.id


def _first(things: Sequence[Mapping[str, object]], cid: str) -> int | None:
    """The place in ``things`` of the first with content id ``cid``."""
    return next((i for i, c in enumerate(things) if c["id"] == cid), None)


#: The place of each placed verb: ``PLACES(board, verb)``.
PLACES: Dispatch[Board, str | None] = Dispatch("Grab and Hit's places")


def where(game: GrabHit, action: Action, view: Mapping[str, Any]) -> str | None:
    """The place of ``action`` on the table drawn from the acting seat's ``view``."""
    verb = action[1]
    if type(verb) in BUTTONS:
        return None
    return PLACES(Board(game.content, cast("View", view)), verb)


@PLACES.on(Choose)
def _choose(b: Board, v: Choose) -> str:
    return adventurer(b.content.adventurers[v.adventurer].id)


@PLACES.on(Spin)
def _spin(b: Board, v: Spin) -> str:
    return wheel()


@PLACES.on(Draw)
def _draw(b: Board, v: Draw) -> str:
    return deck(COLOURS[v.colour])


def _offered(pending: PendingView | None) -> list[CardView]:
    """The cards the decision being taken offers: a location to buy, two weapons to keep."""
    if pending is None:
        return []
    return pending.get("cards") or ([pending["card"]] if "card" in pending else [])


def _offer(b: Board, card: int) -> str | None:
    i = _first(_offered(b.view["pending"]), b.cid(card))
    return None if i is None else offer(i)


@PLACES.on(Buy)
def _buy(b: Board, v: Buy) -> str | None:
    return _offer(b, v.location)


@PLACES.on(Keep)
def _keep(b: Board, v: Keep) -> str | None:
    return _offer(b, v.weapon)


@PLACES.on(Bid)
def _bid(b: Board, v: Bid) -> str | None:
    i = _first(b.view["auction"], b.cid(v.location))
    return None if i is None else lot(i)


@PLACES.on(Take)
def _take(b: Board, v: Take) -> str | None:
    i = _first(b.view["centre"], b.cid(v.card))
    return None if i is None else centre(i)


def _hand(b: Board, card: int) -> str | None:
    i = _first(b.mine()["hand"], b.cid(card))
    return None if i is None else hand(i)


@PLACES.on(Cast)
def _cast(b: Board, v: Cast) -> str | None:
    return _hand(b, v.card)


@PLACES.on(Attach)
def _attach(b: Board, v: Attach) -> str | None:
    return _hand(b, v.blueprint)


def _weapon(b: Board, card: int | None) -> str | None:
    if card is None:
        return fists(b.me())
    i = _first(b.mine()["weapons"], b.cid(card))
    return None if i is None else weapon(b.me(), i)


@PLACES.on(Attack)
def _attack(b: Board, v: Attack) -> str | None:
    return _weapon(b, v.weapon)


@PLACES.on(Repair)
def _repair(b: Board, v: Repair) -> str | None:
    return _weapon(b, v.weapon)


@PLACES.on(Hit)
def _hit(b: Board, v: Hit) -> str | None:
    cid = b.content.adventurers[v.target].id
    return next((mat(p["seat"]) for p in b.view["players_info"] if p["adventurer"] == cid),
                None)


@PLACES.on(UseAbility)
def _ability(b: Board, v: UseAbility) -> str:
    return ability(b.me())


@PLACES.on(Block)
def _block(b: Board, v: Block) -> str | None:
    i = _first(b.mine()["shields"], b.cid(v.shield))
    return None if i is None else shield(b.me(), i)


@PLACES.on(Visit)
def _visit(b: Board, v: Visit) -> str | None:
    """A shop is visited where it lies: on a mat, or in the auction row (GAH-23)."""
    c = b.content
    cid = b.cid(c.shops[c.services[v.service].shop])
    for p in b.view["players_info"]:
        i = _first(p["locations"], cid)
        if i is not None:
            return location(p["seat"], i)
    i = _first(b.view["auction"], cid)
    return None if i is None else lot(i)


@PLACES.on(Discard)
def _discard(b: Board, v: Discard) -> str | None:
    i = _first(b.mine()["locations"], b.cid(v.location))
    return None if i is None else location(b.me(), i)


def _seat_places(p: PlayerView) -> set[str]:
    s = p["seat"]
    out = {mat(s), ability(s), fists(s)}
    out |= {weapon(s, i) for i in range(len(p["weapons"]))}
    out |= {shield(s, i) for i in range(len(p["shields"]))}
    out |= {location(s, i) for i in range(len(p["locations"]))}
    return out


def places(view: Mapping[str, Any]) -> frozenset[str]:
    """Every place the board draws for ``view``."""
    v = cast("View", view)
    out = {wheel(), *(deck(c) for c in COLOURS)}
    pending = v["pending"]
    if pending is not None:
        out |= {adventurer(a) for a in pending.get("adventurers", ())}
    out |= {offer(i) for i in range(len(_offered(pending)))}
    out |= {lot(i) for i in range(len(v["auction"]))}
    out |= {centre(i) for i in range(len(v["centre"]))}
    seat = v["seat"]
    if seat is not None:
        out |= {hand(i) for i in range(len(v["players_info"][seat]["hand"]))}
    for p in v["players_info"]:
        out |= _seat_places(p)
    return frozenset(out)


# ---------------------------------------------------------------- what changed between views

#: What a seat's mat shows besides its weapons, shields, locations and own hand (their own
#: places): the adventurer, life, armour, gold, the upgrades and curses on him, his state.
MAT_KEYS = ("adventurer", "life", "max_life", "armour", "max_armour", "gold", "upgrades",
            "curses", "income", "limbo", "immune", "dead", "died", "defending")


def _mat(p: PlayerView, seat: int | None) -> tuple[object, ...]:
    """What ``p``'s mat shows; another seat's hand lies on its mat (everything is open)."""
    shown = tuple(p[k] for k in MAT_KEYS)  # type: ignore[literal-required]
    return shown if p["seat"] == seat else (*shown, p["hand"])


def _at(things: Sequence[object], i: int) -> object:
    return things[i] if i < len(things) else None


def changed(game: GrabHit, before: Mapping[str, Any], after: Mapping[str, Any]
            ) -> frozenset[str]:
    """The places of ``after`` whose content differs from ``before`` (two views of one seat):
    the wheel stopped elsewhere, a deck or its discards changed, an offered card, a lot (its
    bid too), a centre card or a card of one's hand that is new, and on each seat's mat its
    adventurer and numbers, a weapon (durability, blueprints), a shield, a location."""
    b, a = cast("View", before), cast("View", after)
    out: set[str] = set()
    if (b["wheel"], b["last_spin"]) != (a["wheel"], a["last_spin"]):
        out.add(wheel())
    for c in COLOURS:
        if (b["decks"][c], b["discards"][c]) != (a["decks"][c], a["discards"][c]):
            out.add(deck(c))
    at_table = [{p["adventurer"] for p in v["players_info"]} for v in (b, a)]
    if a["pending"] is not None:
        out |= {adventurer(x) for x in a["pending"].get("adventurers", ())
                if (x in at_table[0]) != (x in at_table[1])}
    offered = _offered(b["pending"])
    out |= {offer(i) for i, c in enumerate(_offered(a["pending"])) if _at(offered, i) != c}
    out |= {lot(i) for i, x in enumerate(a["auction"]) if _at(b["auction"], i) != x}
    out |= {centre(i) for i, x in enumerate(a["centre"]) if _at(b["centre"], i) != x}
    seat = a["seat"]
    for p in a["players_info"]:
        out |= _seat_changed(b["players_info"][p["seat"]], p, seat)
    return frozenset(out)


def _seat_changed(b: PlayerView, a: PlayerView, seat: int | None) -> set[str]:
    s = a["seat"]
    out: set[str] = set()
    if _mat(b, seat) != _mat(a, seat):
        out.add(mat(s))
    if (b["adventurer"], b["ability"]) != (a["adventurer"], a["ability"]):
        out.add(ability(s))
    out |= {weapon(s, i) for i, w in enumerate(a["weapons"]) if _at(b["weapons"], i) != w}
    out |= {shield(s, i) for i, x in enumerate(a["shields"]) if _at(b["shields"], i) != x}
    out |= {location(s, i) for i, x in enumerate(a["locations"])
            if _at(b["locations"], i) != x}
    if s == seat:
        out |= {hand(i) for i, x in enumerate(a["hand"]) if _at(b["hand"], i) != x}
    return out
