"""Where High in the Heavens' actions happen on the drawn board (docs/boards.md).

Every hex of the Heavens is a place ``hex:<label>`` (``hex:f6``); every card of the acting
seat's hand is a place ``card:hand:<card id>``. A card is played, summoned or discarded from the
hand (a summon's hex is then chosen beside the card); a god acts from its own hex (move,
ability, stop moving); an attack, a step, a target, rings to pick up are the hex they aim at.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from .board import board
from .lookup import cards

if TYPE_CHECKING:
    from .game import Heavens

View = Mapping[str, Any]

#: Action verbs the page shows as buttons only: ending the actions phase, keeping the rest of
#: the hand (or taking no more rings), and confirming a power that has no target: none of
#: them is about one spot of the table.
BUTTONS: frozenset[str] = frozenset({"end", "done", "confirm"})
#: Verbs whose card is in the acting seat's hand.
FROM_HAND = frozenset({"summon", "play", "discard"})


def _card(name: str) -> str:
    """A card id from its English name (as action texts give it)."""
    return cards().by_name[name]


def _unit(view: View, cid: str) -> dict[str, Any]:
    """The standing god of that card."""
    return next(u for u in view["units"] if u["card"] == cid and not u["fallen"])


def _hex_of(view: View, name: str) -> str:
    return f"hex:{_unit(view, _card(name))['hex']}"


def _attack(view: View, rest: str) -> str:
    """``attack <what> with <who>``: the hex of the god, base, trap or column attacked."""
    what, _, who = rest.rpartition(" with ")
    if what == "base":
        side = _unit(view, _card(who))["side"]
        return f"hex:{view['sides'][1 - side]['base']}"
    kind, _, where = what.partition(" ")
    if kind in ("trap", "architecture") and where in board(view["layout"]).index:
        return f"hex:{where}"
    return _hex_of(view, what)


def where(game: Heavens, action: Action, view: Mapping[str, Any]) -> str | None:
    """The place of ``action`` in the acting seat's ``view``, or None for a button."""
    verb, _, rest = action[0].partition(" ")
    if verb in BUTTONS:
        return None
    if verb in FROM_HAND:
        name = rest.rpartition(" at ")[0] if verb == "summon" else rest
        return f"card:hand:{_card(name)}"
    if verb == "attack":
        return _attack(view, rest)
    if verb in ("step", "target"):
        return f"hex:{rest}" if rest in board(view["layout"]).index else _hex_of(view, rest)
    if verb == "acquire":
        return f"hex:{rest.partition(' with ')[0]}"
    if verb == "take":
        return f"hex:{view['pending']['hex']}"
    if verb == "move":
        return _hex_of(view, rest)
    if verb == "ability":
        return _hex_of(view, rest.partition(":")[0])
    if verb == "stop":
        return f"hex:{_unit(view, view['pending']['card'])['hex']}"
    raise ValueError(f"heavens: no place for {action[0]!r}")


def places(view: Mapping[str, Any]) -> frozenset[str]:
    """Every hex of the Heavens, and the cards of the viewing seat's own hand."""
    hexes = {f"hex:{h}" for h in board(view["layout"]).labels}
    seat = view.get("seat")
    own = next((h for h in view["hands"] if h["seat"] == seat), None)
    hand = {f"card:hand:{c}" for c in (own["cards"] or ())} if own else set()
    return frozenset(hexes | hand)
