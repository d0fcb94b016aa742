"""Where High in the Heavens' actions happen on the drawn board (docs/boards.md).

Every hex of the Heavens is a place ``hex:<label>`` (``hex:f6``); every card of the acting
seat's hand is a place ``card:hand:<card id>``. A card is played, summoned or discarded from the
hand (for a summon the board then lights the hexes it may go to); a god acts from its own hex
(move, ability, stop moving); an attack, a step, a target, rings to pick up are the hex they aim
at.
:data:`KEYS` holds the templates and :func:`hex_key` and :func:`hand_key` fill them: every key
this module makes goes through them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from meeple.core import Action, Dispatch, Verb

from .board import board
from .verbs import (
    Acquire,
    Attack,
    AttackArchitecture,
    AttackBase,
    AttackTrap,
    Confirm,
    Discard,
    Done,
    EndActions,
    Move,
    Play,
    Step,
    Stop,
    Summon,
    Take,
    TargetCharacter,
    TargetHex,
    UseAbility,
)

if TYPE_CHECKING:
    from .game import Heavens
    from .view import PendingView, View

#: The place keys the board draws, with ``{0}`` for the hex's label or the card's id.
KEYS: dict[str, str] = {"hex": "hex:{0}", "card": "card:hand:{0}"}
#: The verbs the page shows as buttons only: ending the actions phase, keeping the rest of the
#: hand (or taking no more rings), and confirming a power that has no target: none of them is
#: about one spot of the table.
BUTTONS: frozenset[type[Verb]] = frozenset({EndActions, Done, Confirm})


def hex_key(label: str) -> str:
    """The place of a hex: ``hex:f6``."""
    return KEYS["hex"].format(label)


def hand_key(card: str) -> str:
    """The place of a card in the acting seat's hand: ``card:hand:zeus``."""
    return KEYS["card"].format(card)


class Seen:
    """What a place is found with: the game and the acting seat's view."""

    __slots__ = ("game", "view")

    def __init__(self, game: Heavens, view: View) -> None:
        self.game, self.view = game, view

    def hex(self, h: int) -> str:
        return hex_key(self.game.board.labels[h])

    def card_in_hand(self, c: int) -> str:
        return hand_key(self.game.ids[c])

    def unit(self, cid: str) -> str:
        """The hex of the standing god of card id ``cid``."""
        return hex_key(next(u["hex"] for u in self.view["units"]
                            if u["card"] == cid and not u["fallen"]))

    def pending(self) -> PendingView:
        p = self.view["pending"]
        assert p is not None, "a decision inside an action is pending"
        return p


#: The place of each verb that is not a button: ``PLACES(seen, verb)``.
PLACES: Dispatch[Seen, str] = Dispatch("High in the Heavens' places")


def where(game: Heavens, action: Action, view: Mapping[str, Any]) -> str | None:
    """The place of ``action`` in the acting seat's ``view``, or None for a button."""
    verb: Verb = action[1]
    if type(verb) in BUTTONS:
        return None
    return PLACES(Seen(game, cast("View", view)), verb)


def _from_hand(s: Seen, verb: Summon | Play | Discard) -> str:
    return s.card_in_hand(verb.card)


PLACES.on(Summon)(_from_hand)
PLACES.on(Play)(_from_hand)
PLACES.on(Discard)(_from_hand)


def _at_hex(s: Seen, verb: Step | TargetHex | Acquire | AttackTrap | AttackArchitecture) -> str:
    return s.hex(verb.hex)


PLACES.on(Step)(_at_hex)
PLACES.on(TargetHex)(_at_hex)
PLACES.on(Acquire)(_at_hex)
PLACES.on(AttackTrap)(_at_hex)
PLACES.on(AttackArchitecture)(_at_hex)


@PLACES.on(Attack)
def _at_target(s: Seen, verb: Attack) -> str:
    return s.unit(s.game.ids[verb.target])


@PLACES.on(AttackBase)
def _at_base(s: Seen, verb: AttackBase) -> str:
    g = s.game
    return s.hex(g.board.base[1 - g.card_side[verb.card]])


def _at_god(s: Seen, verb: TargetCharacter | Move | UseAbility) -> str:
    return s.unit(s.game.ids[verb.card])


PLACES.on(TargetCharacter)(_at_god)
PLACES.on(Move)(_at_god)
PLACES.on(UseAbility)(_at_god)


@PLACES.on(Take)
def _at_rings(s: Seen, verb: Take) -> str:
    return hex_key(s.pending()["hex"])


@PLACES.on(Stop)
def _at_mover(s: Seen, verb: Stop) -> str:
    return s.unit(s.pending()["card"])


def places(view: Mapping[str, Any]) -> frozenset[str]:
    """Every hex of the Heavens, and the cards of the viewing seat's own hand."""
    v = cast("View", view)
    hexes = {hex_key(h) for h in board(v["layout"]).labels}
    seat = v["seat"]
    own = next((h for h in v["hands"] if h["seat"] == seat), None)
    hand = {hand_key(c) for c in (own["cards"] or ())} if own else set()
    return frozenset(hexes | hand)


def _contents(v: View) -> dict[str, tuple[Any, ...]]:
    """What lies on each hex that holds anything: gods standing or fallen with their rings, a
    trap, architecture, dropped rings, a base and its health."""
    out: dict[str, list[Any]] = {}
    for u in v["units"]:
        out.setdefault(u["hex"], []).append(tuple(sorted(u.items())))
    for kind in ("traps", "architecture"):
        for h, n in v[kind].items():
            out.setdefault(h, []).append((kind, n))
    for h, d in v["dropped"].items():
        out.setdefault(h, []).append(("dropped", d["armour"], d["attack"]))
    for s in v["sides"]:
        out.setdefault(s["base"], []).append(("base", s["base_health"]))
    return {h: tuple(sorted(things, key=repr)) for h, things in out.items()}


def _hand(v: View) -> list[str]:
    seat = v["seat"]
    own = next((h for h in v["hands"] if h["seat"] == seat), None)
    return list(own["cards"] or ()) if own else []


def changed(game: Heavens, before: Mapping[str, Any], after: Mapping[str, Any]
            ) -> frozenset[str]:
    """The places whose content differs between two views of one seat: each hex where a god
    arrived, left, fell, was hurt, healed or got rings, where a trap, a column or dropped rings
    came, changed or went, each base whose health changed; and each card new in the seat's
    hand."""
    b, a = cast("View", before), cast("View", after)
    was, now = _contents(b), _contents(a)
    out = {hex_key(h) for h in was.keys() | now.keys() if was.get(h) != now.get(h)}
    held = set(_hand(b))
    out.update(hand_key(c) for c in _hand(a) if c not in held)
    return frozenset(out) & places(after)
