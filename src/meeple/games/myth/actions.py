"""The legal actions of the seat to act and the dispatch of an action to its mechanic.

An action's data is ``(kind, argument)``; its text is what players type. The turn's step
(``st.step``) says which decision is waited for; the choices a card asks and a monster's target
are read from the top of ``st.decisions``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from . import battle, cards, dungeon, events, heroes, turn
from .decisions import Deceive, Destroy, Discard, Nod

if TYPE_CHECKING:
    from .state import MythState

A_PASS = Action("pass", ("pass", None))
A_STAY = Action("stay", ("stay", None))
A_END = Action("end turn", ("end", None))
A_FIGHT = Action("fight", ("fight", None))
A_REDRAW = Action("redraw tile", ("redraw", None))
A_EXTRA = Action("extra turn", ("extra", None))
A_HEAL = Action("heal", ("heal", None))
A_AVATARA = Action("avatara heal", ("avatara", None))
A_ALLOW = Action("order: allow cards", ("forbid", events.ALLOWED))
A_FORBID = Action("order: forbid cards", ("forbid", events.FORBIDDEN))
A_STAYPUT = Action("stay put", ("nod", None))
_PLAIN = {"end": A_END, "extra": A_EXTRA, "heal": A_HEAL, "avatara": A_AVATARA}


def _manage(st: MythState, options: list[tuple[str, str | None]]) -> list[Action]:
    """Actions for the turn's management choices (:func:`.turn.manage_options`)."""
    qs = st.game.c.quests
    out = []
    for kind, q in options:
        if q is None:
            out.append(_PLAIN[kind])
        else:
            out.append(Action(f"{kind} {qs[q].name}", (kind, q)))
    return out


def _move(st: MythState) -> list[Action]:
    extra = [] if st.dreaming else _manage(st, turn.manage_options(st))
    ways = [Action(f"{k} {dungeon.DIR_NAMES[side]}", (k, side)) for k, side in dungeon.ways(st)]
    return [*extra, *ways, A_STAY]


def _place(st: MythState) -> list[Action]:
    out = [Action(f"place {dungeon.mask_text(m)}", ("place", m)) for m in dungeon.orientations(st)]
    if dungeon.can_redraw(st):
        out.append(A_REDRAW)
    return out


def _offer(st: MythState) -> list[Action]:
    seat = st.to_act
    assert seat is not None
    cs = st.game.c.cards
    return [*(Action(f"play {cs[c].name}", ("play", c)) for c in events.playable(st, seat)),
            A_PASS]


def _sub(st: MythState) -> list[Action]:
    """The choice a resolving card asks of a hero (top of the stack)."""
    d = st.decisions[-1]
    s = d.seat
    cs = st.game.c.cards
    if isinstance(d, Nod):
        return [Action(f"nod to {dungeon.cell_text(c)}", ("nod", c))
                for c in dungeon.nod_targets(st, s)] + [A_STAYPUT]
    if isinstance(d, Discard):
        return [Action(f"discard {cs[c].name}", ("discard", c)) for c in dict.fromkeys(st.hand[s])]
    if isinstance(d, Destroy):
        return [Action(f"destroy {cs[c].name}", ("destroy", c))
                for c in cards.destroyable(st, s)]
    assert isinstance(d, Deceive)
    return [Action(f"deceive {heroes.hero_name(st, o)}", ("deceive", o))
            for o in heroes.living(st) if st.hand[o]]


def _prebattle(st: MythState) -> list[Action]:
    cs = st.game.c.cards
    return [Action(f"{k} {cs[m].name}", (k, m)) for k, m in battle.prebattle_options(st)] + [
        A_FIGHT]


def _attack(st: MythState) -> list[Action]:
    cs = st.game.c.cards
    return [Action(f"attack {cs[m].name}", ("attack", m))
            for m in dict.fromkeys(st.enemies[st.pos[st.cur]])]


def _target(st: MythState) -> list[Action]:
    return [Action(f"target {heroes.hero_name(st, h)}", ("target", h))
            for h in heroes.heroes_on(st, st.pos[st.cur], st.cur)]


def _order(st: MythState) -> list[Action]:
    cs = st.game.c.cards
    return [Action(f"resolve {cs[c].name}", ("resolve", c)) for c in cards.next_choices(st)]


LEGAL: dict[str, Callable[[MythState], list[Action]]] = {
    "draw": lambda st: [Action(f"draw {k}", ("draw", k)) for k in range(turn.draw_limit(st) + 1)],
    "move": _move,
    "place": _place,
    "forbid": lambda st: [A_FORBID, A_ALLOW],
    "offer": _offer,
    "order": _order,
    "sub": _sub,
    "prebattle": _prebattle,
    "attack": _attack,
    "target": _target,
    "end": lambda st: _manage(st, turn.end_options(st)),
}


def legal(st: MythState) -> list[Action]:
    """The actions of the seat to act, in a fixed order."""
    return LEGAL[st.step](st)


def _resolve(st: MythState, cid: str) -> None:
    cards.resolve(st, cid)
    cards.resolve_loop(st)


def _play(st: MythState, cid: str) -> None:
    seat = st.to_act
    assert seat is not None
    events.play(st, seat, cid)


APPLY: dict[str, Callable[[MythState, Any], None]] = {
    "draw": turn.draw,
    "move": dungeon.move,
    "explore": dungeon.explore,
    "stay": lambda st, _: battle.begin(st),
    "place": dungeon.place,
    "redraw": lambda st, _: dungeon.redraw(st),
    "forbid": events.order,
    "play": _play,
    "pass": lambda st, _: events.pass_offer(st),
    "resolve": _resolve,
    "nod": cards.nod,
    "discard": cards.discard,
    "destroy": cards.destroy,
    "deceive": cards.deceive,
    "remove": lambda st, m: battle.remove(st, "remove", m),
    "imprison": lambda st, m: battle.remove(st, "imprison", m),
    "fight": lambda st, _: battle.fight(st),
    "attack": battle.attack,
    "target": battle.target,
    "show": lambda st, q: turn.manage(st, "show", q),
    "swap": lambda st, q: turn.manage(st, "swap", q),
    "heal": lambda st, _: turn.manage(st, "heal", None),
    "avatara": lambda st, _: turn.manage(st, "avatara", None),
    "extra": lambda st, _: turn.manage(st, "extra", None),
    "end": lambda st, _: turn.end_turn(st),
}


def apply(st: MythState, action: Action) -> None:
    """Carry out a legal action."""
    kind, arg = action[1]
    APPLY[kind](st, arg)
