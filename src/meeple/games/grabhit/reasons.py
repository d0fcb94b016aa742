"""Why an action a Grab and Hit player would expect is not offered now, from the seat's view
alone (``Game.why_not``; docs/contract.md).

What looks possible from the table but is not:

* a hit on an adventurer who is in limbo (GAH-35), guarded after being hit last turn (GAH-50)
  or dead until his rebirth (GAH-49);
* ending the hits before the first one while somebody can be hit (GAH-55);
* a second try of the ability in one turn (GAH-44), and the ability or a scroll aimed at an
  adventurer in limbo (GAH-35);
* ending phase 4 holding six locations (GAH-21).

Every action returned is one the rules refuse at that moment, so the page can show it greyed
with its reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from meeple.core import Action

from .content import AT_ADVENTURER, Scroll
from .lookup import t
from .params import MAX_LOCATIONS
from .text import names_of
from .verbs import AdventurerId, CardId, Cast, Done, Hit, UseAbility

if TYPE_CHECKING:
    from .game import GrabHit
    from .view import PlayerView, View

Reasons = list[tuple[Action, str]]


def why_not(game: GrabHit, view: Mapping[str, Any], lang: str = "en") -> Reasons:
    """The actions the seat to act might expect now that the rules forbid, with the rule."""
    v = cast("View", view)
    seat = v["seat"]
    if seat is None or v["to_act"] != seat or v["over"] or v["pending"] is not None:
        return []
    if v["active"] != seat:
        return []
    if v["step"] == "hit":
        return _hits(game, v, lang)
    if v["step"] == "free actions":
        return _free(game, v, lang)
    return []


def _adventurer_ids(game: GrabHit) -> dict[str, AdventurerId]:
    return {a.id: AdventurerId(i) for i, a in enumerate(game.content.adventurers)}


def _out_of_reach(v: View, p: PlayerView) -> str | None:
    """Why another seat's adventurer cannot be hit now (the key of the reason), or None."""
    if p["adventurer"] is None or p["seat"] == v["seat"]:
        return None
    if p["dead"]:
        return "why.dead"
    if p["limbo"]:
        return "why.limbo"
    if p["defending"]:
        return "why.guarded"
    return None


def _hits(game: GrabHit, v: View, lang: str) -> Reasons:
    """GAH-35, GAH-49, GAH-50: who cannot be hit; GAH-55: the first hit cannot be skipped."""
    tx, names, ids = t(lang), names_of(v, lang), _adventurer_ids(game)
    out: Reasons = []
    for p in v["players_info"]:
        key = _out_of_reach(v, p)
        if key is not None and p["adventurer"] is not None:
            out.append((game.action(Hit(ids[p["adventurer"]])), tx(key, name=names[p["seat"]])))
    if v["attack"]["hits_made"] == 0:
        out.append((game.action(Done()), tx("why.first_hit")))
    return out


def _free(game: GrabHit, v: View, lang: str) -> Reasons:
    """GAH-21, GAH-44 and GAH-35 in phase 4."""
    tx, names = t(lang), names_of(v, lang)
    me = v["players_info"][v["active"]]
    out: Reasons = []
    if len(me["locations"]) > MAX_LOCATIONS:
        out.append((game.action(Done()), tx("why.six_locations")))
    if v["lost_phases"]:  # a limbo turn: only the witch's shop (GAH-40)
        return out
    in_limbo = [p for p in v["players_info"]
                if _out_of_reach(v, p) == "why.limbo" and p["adventurer"] is not None]
    ids = _adventurer_ids(game)
    ability = me["ability"]
    if v["ability_used"]:
        out.append((game.action(UseAbility()), tx("why.ability_used")))
    elif ability in AT_ADVENTURER:
        for p in in_limbo:
            assert p["adventurer"] is not None
            out.append((game.action(UseAbility(target=ids[p["adventurer"]])),
                        tx("why.limbo.aim", name=names[p["seat"]])))
    for card in dict.fromkeys(c["id"] for c in me["hand"]):
        k = _aimed_scroll(game, card)
        if k is None:
            continue
        for p in in_limbo:
            assert p["adventurer"] is not None
            out.append((game.action(Cast(k, target=ids[p["adventurer"]])),
                        tx("why.limbo.aim", name=names[p["seat"]])))
    return out


def _aimed_scroll(game: GrabHit, card_id: str) -> CardId | None:
    """The first copy of a scroll in hand that is cast at an adventurer (a curse, or magic that
    harms one), or None."""
    c = game.content
    for k, card in enumerate(c.cards):
        e = card.entry
        if e.id == card_id:
            if isinstance(e, Scroll) and (e.kind == "curse" or e.effect in AT_ADVENTURER):
                return CardId(c.first[k])
            return None
    return None
