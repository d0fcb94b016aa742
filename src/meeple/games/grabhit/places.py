"""Where Grab and Hit's actions happen on the drawn table (docs/boards.md).

The table: the wheel (its hub spins it), the three decks (a colour chosen from a sector is a
draw from that deck), the offer of the decision being taken (a location to buy, two weapons
to keep one of), the auction row, the centre (a dead adventurer's leavings), the adventurers
to choose from, each seat's mat (its adventurer, weapons, fists, shields, locations and
ability) and the seat's own hand. Every action names its thing by its English name; the
place is the first thing of that name where the action looks for it.

Keys: ``wheel:spin``, ``deck:<colour>``, ``adv:<id>``, ``offer:<i>``, ``lot:<i>``,
``centre:<i>``, ``card:hand:<i>`` (the acting seat's hand), ``mat:<seat>`` (the adventurer
hit), ``ability:<seat>``, ``weapon:<seat>:<i>``, ``fists:<seat>``, ``shield:<seat>:<i>``,
``loc:<seat>:<i>``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from .content import COLOURS, tables

if TYPE_CHECKING:
    from .game import GrabHit

View = Mapping[str, Any]

#: Verbs with no thing of their own on the table: ``done`` ends the free actions, the hits or
#: a colour choice with every deck empty; ``accept`` lets an effect through unblocked (the
#: shields that would block it are places); ``decline`` leaves the offered location to the
#: auction (buying it is the offered card's place).
BUTTONS: frozenset[str] = frozenset({"done", "accept", "decline"})


def _first(things: Sequence[Mapping[str, Any]], name: str) -> int | None:
    return next((i for i, c in enumerate(things) if c.get("name") == name), None)


def _me(view: View) -> int:
    seat = view.get("to_act")
    return int(view["seat"] if seat is None else seat)


def _mine(view: View, key: str) -> Sequence[Mapping[str, Any]]:
    things: Sequence[Mapping[str, Any]] = view["players_info"][_me(view)][key]
    return things


def _hand(view: View, name: str) -> str | None:
    i = _first(_mine(view, "hand"), name)
    return None if i is None else f"card:hand:{i}"


def _weapon(view: View, name: str) -> str | None:
    me = _me(view)
    if name == "fists":
        return f"fists:{me}"
    i = _first(_mine(view, "weapons"), name)
    return None if i is None else f"weapon:{me}:{i}"


def _seat(view: View, name: str) -> int | None:
    return _first(view["players_info"], name)


def _hit(view: View, name: str) -> str | None:
    s = _seat(view, name)
    return None if s is None else f"mat:{s}"


def _choose(view: View, name: str) -> str | None:
    a = next((a for a in tables().adventurers if a.name == name), None)
    return None if a is None else f"adv:{a.id}"


def _offer(view: View, name: str) -> str | None:
    pending = view.get("pending") or {}
    cards = pending.get("cards") or ([pending["card"]] if pending.get("card") else [])
    i = _first(cards, name)
    return None if i is None else f"offer:{i}"


def _shop(view: View, rest: str) -> str | None:
    """A shop is visited where it lies: on a mat, or in the auction row (GAH-23)."""
    name = rest.partition(": ")[0]
    for p in view["players_info"]:
        i = _first(p["locations"], name)
        if i is not None:
            return f"loc:{p['seat']}:{i}"
    i = _first(view["auction"], name)
    return None if i is None else f"lot:{i}"


def _lot(view: View, rest: str) -> str | None:
    i = _first(view["auction"], rest.partition(" on ")[2])
    return None if i is None else f"lot:{i}"


def _centre(view: View, name: str) -> str | None:
    i = _first(view["centre"], name)
    return None if i is None else f"centre:{i}"


def _shield(view: View, name: str) -> str | None:
    i = _first(_mine(view, "shields"), name)
    return None if i is None else f"shield:{_me(view)}:{i}"


def _location(view: View, name: str) -> str | None:
    i = _first(_mine(view, "locations"), name)
    return None if i is None else f"loc:{_me(view)}:{i}"


Rule = Callable[[View, str], str | None]

#: Each placed action's text begins with one of these words; the rest names its thing.
RULES: dict[str, Rule] = {
    "choose ": _choose,
    "spin": lambda v, r: "wheel:spin",
    "draw ": lambda v, r: f"deck:{r}",
    "buy ": _offer,
    "keep ": _offer,
    "bid ": _lot,
    "take ": _centre,
    "cast ": lambda v, r: _hand(v, r.partition(" on ")[0]),
    "attach ": lambda v, r: _hand(v, r.partition(" to ")[0]),
    "attack with ": _weapon,
    "repair ": _weapon,
    "hit ": _hit,
    "use ability": lambda v, r: f"ability:{_me(v)}",
    "block with ": _shield,
    "visit ": _shop,
    "discard ": _location,
}


def where(game: GrabHit, action: Action, view: View) -> str | None:
    """The place of ``action`` on the table drawn from the acting seat's ``view``."""
    text = action[0]
    for prefix, rule in RULES.items():
        if text.startswith(prefix):
            return rule(view, text[len(prefix):])
    return None


def _seat_places(p: Mapping[str, Any]) -> set[str]:
    s = p["seat"]
    out = {f"mat:{s}", f"ability:{s}", f"fists:{s}"}
    out |= {f"weapon:{s}:{i}" for i in range(len(p["weapons"]))}
    out |= {f"shield:{s}:{i}" for i in range(len(p["shields"]))}
    out |= {f"loc:{s}:{i}" for i in range(len(p["locations"]))}
    return out


def places(view: View) -> frozenset[str]:
    """Every place the board draws for ``view``."""
    out = {"wheel:spin", *(f"deck:{c}" for c in COLOURS)}
    pending = view.get("pending") or {}
    out |= {f"adv:{a}" for a in pending.get("adventurers", ())}
    offered = pending.get("cards") or ([pending["card"]] if pending.get("card") else [])
    out |= {f"offer:{i}" for i in range(len(offered))}
    out |= {f"lot:{i}" for i in range(len(view["auction"]))}
    out |= {f"centre:{i}" for i in range(len(view["centre"]))}
    seat = view.get("seat")
    if seat is not None:
        out |= {f"card:hand:{i}" for i in range(len(view["players_info"][seat]["hand"]))}
    for p in view["players_info"]:
        out |= _seat_places(p)
    return frozenset(out)
