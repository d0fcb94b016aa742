"""The actions of the seat to act (``legal``) and their dispatch to the rules (``apply``).

An action's data is ``(tag, *arguments)``; the tag names the handler in ``HANDLERS``. With a
decision on the stack the actions answer it; otherwise they are the phase's own: the spin
(phase 1), the free actions (phase 4), the weapon and the hits (phase 5).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from . import auction, cards, death, free_actions, hit, locations, shield, turn, weapons, wheel
from .content import COLOURS
from .decisions import (
    BuyLocation,
    ChooseAdventurer,
    ChooseColour,
    GrabHitDecision,
    KeepWeapon,
    RepairWeapon,
    ShieldCheck,
)
from .params import MAX_LOCATIONS
from .phases import Phase

if TYPE_CHECKING:
    from .state import GrabHitState

SPIN = Action("spin", ("spin",))
DONE = Action("done", ("done",))
ACCEPT = Action("accept", ("accept",))
FISTS = Action("attack with fists", ("weapon", weapons.FISTS))
DRAW = tuple(Action(f"draw {c}", ("draw", i)) for i, c in enumerate(COLOURS))


def legal(st: GrabHitState) -> list[Action]:
    """The actions of the seat to act: answers to the top decision, else the phase's own."""
    if st.decisions:
        return _answers(st, st.decisions[-1])
    s = st.current
    if st.phase == Phase.SPIN:
        return [SPIN]
    if st.phase == Phase.FREE:
        return _free(st, s)
    return _attack(st, s)


def _answers(st: GrabHitState, top: GrabHitDecision) -> list[Action]:
    """The answers to the decision on top of the stack."""
    s = top.seat
    if isinstance(top, ChooseAdventurer):
        taken = {st.adv[t] for t in range(st.players) if t != s}
        return [Action(f"choose {a.name}", ("choose", i))
                for i, a in enumerate(st.game.T.adventurers) if i not in taken]
    if isinstance(top, ChooseColour):
        return [DRAW[c] for c in top.colours if cards.can_draw(st, c)] or [DONE]
    if isinstance(top, KeepWeapon):
        return [Action(f"keep {cards.cname(st, c)}", ("keep", c)) for c in (top.new, top.old)]
    if isinstance(top, BuyLocation):
        name = cards.cname(st, top.card)
        out = []
        if st.gold[s] >= cards.location(st, top.card).price:
            out.append(Action(f"buy {name}", ("buy",)))
        out.append(Action(f"decline {name}", ("decline",)))
        return out
    if isinstance(top, RepairWeapon):
        return [Action(f"repair {cards.cname(st, c)}", ("repair", c))
                for c in weapons.worn(st, s)]
    if isinstance(top, ShieldCheck):
        return [Action(f"block with {cards.cname(st, c)}", ("block", c))
                for c in shield.shields_against(st, s, top.tag)] + [ACCEPT]
    return _distinct(st, "take {}", st.centre, "take")  # CentrePick


def _distinct(st: GrabHitState, fmt: str, pool: list[int], tag: str) -> list[Action]:
    out: dict[str, Action] = {}
    for c in sorted(pool):
        text = fmt.format(cards.cname(st, c))
        if text not in out:
            out[text] = Action(text, (tag, c))
    return list(out.values())


def _free(st: GrabHitState, s: int) -> list[Action]:
    """GAH-42: the free actions of phase 4 (from limbo, only the witch's shop)."""
    out: list[Action] = []
    restricted = Phase.FREE in st.lost
    if not restricted:
        out += [Action(t, ("attach", b, w)) for t, b, w in weapons.attachable(st, s)]
        out += [Action(t, ("bid", c, v)) for t, c, v in auction.bids(st, s)]
    out += [Action(t, ("visit", i, arg)) for t, i, arg in locations.services(st, s, restricted)]
    if not restricted:
        out += [Action(t, ("cast", c, arg)) for t, c, arg in free_actions.spells(st, s)]
        if not st.ability_used:
            out += [Action(t, ("ability", arg)) for t, arg in free_actions.abilities(st, s)]
    if len(st.locs[s]) > MAX_LOCATIONS:  # GAH-21
        out += [Action(f"discard {cards.cname(st, c)}", ("discard", c)) for c in st.locs[s]]
    else:
        out.append(DONE)
    return out


def _attack(st: GrabHitState, s: int) -> list[Action]:
    """GAH-46, GAH-47, GAH-55: pick a weapon, then hit; the first hit is compulsory."""
    if st.p5_weapon is None:
        return [Action(f"attack with {cards.cname(st, h[0])}", ("weapon", h[0]))
                for h in st.weapons[s]] + [FISTS]
    out = [Action(f"hit {cards.name(st, t)}", ("hit", t)) for t in hit.attackable(st, s)]
    if st.hits_made:
        out.append(DONE)
    return out


def apply(st: GrabHitState, action: Action) -> None:
    """Carry out an action of the seat to act, then every automatic step after it."""
    data = action[1]
    top = st.decisions.pop() if st.decisions else None
    s = top.seat if top is not None else st.current
    HANDLERS[data[0]](st, s, data, top)
    turn.advance(st)


Handler = Callable[["GrabHitState", int, tuple[Any, ...], GrabHitDecision | None], None]


def _done(st: GrabHitState, s: int, data: tuple[Any, ...], top: GrabHitDecision | None) -> None:
    if top is not None:
        return  # a colour choice with every deck empty
    if st.phase == Phase.FREE:
        st.phase = int(Phase.HIT)
    else:
        st.hits_left = 0


def _keep(st: GrabHitState, s: int, data: tuple[Any, ...], top: GrabHitDecision | None) -> None:
    assert isinstance(top, KeepWeapon)
    weapons.keep(st, s, data[1], top.new, top.old)


def _buy(st: GrabHitState, s: int, data: tuple[Any, ...], top: GrabHitDecision | None) -> None:
    assert isinstance(top, BuyLocation)
    locations.buy(st, s, top.card)


def _decline(st: GrabHitState, s: int, data: tuple[Any, ...],
             top: GrabHitDecision | None) -> None:
    assert isinstance(top, BuyLocation)
    auction.open_lot(st, s, top.card)


def _repair(st: GrabHitState, s: int, data: tuple[Any, ...],
            top: GrabHitDecision | None) -> None:
    assert isinstance(top, RepairWeapon)
    weapons.repair(st, s, data[1], top.amount)


def _block(st: GrabHitState, s: int, data: tuple[Any, ...], top: GrabHitDecision | None) -> None:
    assert isinstance(top, ShieldCheck)
    shield.block(st, s, data[1], top.aimed())


def _accept(st: GrabHitState, s: int, data: tuple[Any, ...],
            top: GrabHitDecision | None) -> None:
    assert isinstance(top, ShieldCheck)
    shield.resolve(st, s, top.aimed())


HANDLERS: dict[str, Handler] = {
    "choose": lambda st, s, d, _: turn.choose(st, s, d[1]),
    "spin": lambda st, s, d, _: wheel.phase1(st, s),
    "draw": lambda st, s, d, _: cards.draw(st, s, d[1]),
    "done": _done,
    "keep": _keep,
    "buy": _buy,
    "decline": _decline,
    "repair": _repair,
    "block": _block,
    "accept": _accept,
    "take": lambda st, s, d, _: death.take(st, s, d[1]),
    "attach": lambda st, s, d, _: weapons.attach(st, s, d[1], d[2]),
    "bid": lambda st, s, d, _: auction.bid(st, s, d[1], d[2]),
    "visit": lambda st, s, d, _: locations.visit(st, s, d[1], d[2]),
    "cast": lambda st, s, d, _: free_actions.cast(st, s, d[1], d[2]),
    "ability": lambda st, s, d, _: free_actions.use_ability(st, s, d[1]),
    "discard": lambda st, s, d, _: locations.discard(st, s, d[1]),
    "weapon": lambda st, s, d, _: hit.choose_weapon(st, s, d[1]),
    "hit": lambda st, s, d, _: hit.strike(st, s, d[1]),
}
