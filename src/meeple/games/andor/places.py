"""Where Andor's actions happen on the drawn board (docs/boards.md).

Moving is the region stepped into (``region:17``, with or without the wineskin); fighting, and
beginning, joining or going on with a fight, is the creature (``creature:64``); drinking is the
well the hero stands on (``well:14``); buying is the ware in the shop panel (``shop:helm``,
``shop:strength``) or the witch (``witch:30``); picking up is the token where the hero stands
(``ground:26:rune_red``, ``farmer:21``) and dropping a farmer is the farmer the hero carries
(``carried:warrior``); gifts, the falcon and invitations are the other hero
(``hero:archer``); using an article (herb, telescope, shield) is that article on the hero's
own board (``item:herb``); choosing a die (keep, flip, the brew) is the die (``die:1``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from .content import load
from .labels import parse

if TYPE_CHECKING:
    from .game import Andor

View = Mapping[str, Any]

#: Action verbs with no spot on the table: they end a move, a turn or a day, answer an event
#: or an invitation, or settle a fight's roll or loss.
BUTTONS: frozenset[str] = frozenset({
    "stop",  # ends the move where the hero stands
    "done",  # ends the free actions after a move
    "pass",  # spends an hour doing nothing
    "end",  # "end day": the hero's marker goes to the sunrise box
    "let",  # "let it happen": the event card is not blocked
    "decline",  # an invitation to a fight is refused
    "roll",  # "roll again": the archer rolls his next die
    "no",  # "no flip": the wizard leaves the die as it is
    "accept",  # "accept the roll": neither brew nor herb
    "take",  # "take the loss": no shield
    "withdraw",  # leaves the fight
})

#: Action kinds (labels.parse) played on the hero's own article.
ITEM_KINDS = {"herb_wp": "herb", "herb_walk": "herb", "herb": "herb", "telescope": "telescope",
              "block": "shield", "shield": "shield"}
#: Kinds that are about the creature being fought.
FIGHT_KINDS = frozenset({"begin", "join", "on"})
#: Kinds addressed to another hero.
HERO_KINDS = frozenset({"give_gold", "give_wp", "falcon", "invite", "give"})


@cache
def _regions() -> int:
    return len(load().regions)


def _me(view: View) -> Mapping[str, Any]:
    heroes: list[Mapping[str, Any]] = view["heroes"]
    seat = view.get("seat")
    return heroes[seat if isinstance(seat, int) else 0]


def _die(view: View, kind: str, parts: Mapping[str, Any]) -> str:
    """The die a keep, flip or brew names: the last die, or the first with that face."""
    fight = view["fight"]
    dice: list[int] = fight["dice"]
    if kind == "keep":
        return f"die:{len(dice) - 1}"
    black = "black" in parts
    for k, v in enumerate(dice):
        if v == parts["value"] and (k == fight.get("black")) == black:
            return f"die:{k}"
    raise ValueError(f"no die shows {parts['value']}")


def where(game: Andor, action: Action, view: View) -> str | None:
    """The place of ``action`` in the acting seat's ``view``; None for a button."""
    if action.text.split()[0] in BUTTONS:
        return None
    kind, parts = parse(game, action.text)
    here = _me(view)["region"]
    if kind in ("move", "move_skin"):
        return f"region:{parts['region']}"
    if kind == "fight":
        return f"creature:{parts['region']}"
    if kind in FIGHT_KINDS:
        return f"creature:{view['fight']['region']}"
    if kind in HERO_KINDS:
        return f"hero:{parts['hero']}"
    if kind in ITEM_KINDS:
        return f"item:{ITEM_KINDS[kind]}"
    if kind in ("keep", "flip", "brew"):
        return _die(view, kind, parts)
    if kind == "drink":
        return f"well:{here}"
    if kind == "buy":
        return f"shop:{parts['item']}"
    if kind == "buy_sp":
        return "shop:strength"
    if kind == "buy_brew":
        return f"witch:{here}"
    if kind == "pick":
        return f"ground:{here}:{parts['item']}"
    if kind == "pick_farmer":
        return f"farmer:{here}"
    if kind == "drop_farmer":
        return f"carried:{_me(view)['hero']}"
    raise ValueError(f"no place for {action.text!r}")


def places(view: View) -> frozenset[str]:
    """Every place the board draws for ``view``."""
    out = {f"region:{r}" for r in range(_regions())}
    out |= {f"creature:{c['region']}" for c in view["creatures"]}
    if view["fight"] is not None:
        out.add(f"creature:{view['fight']['region']}")
        out |= {f"die:{k}" for k in range(len(view["fight"]["dice"]))}
    out |= {f"well:{r}" for r, _ in view["wells"]}
    out |= {f"shop:{a}" for a in view["stock"]} | {"shop:strength"}
    if view["witch"] is not None:
        out.add(f"witch:{view['witch']}")
    out |= {f"ground:{r}:{it}" for r, items in view["ground"] for it in items}
    out |= {f"farmer:{r}" for r, _ in view["farmers"]}
    for h in view["heroes"]:
        out.add(f"hero:{h['hero']}")
        if h["farmers"]:
            out.add(f"carried:{h['hero']}")
    out |= {f"item:{a.split(':')[0]}" for a in _me(view)["articles"]}
    return frozenset(out)
