"""The actions of a turn: what is legal now, and the mechanic each action triggers.

Every action of the actions phase costs one token (HVN-31), paid when it is declared; choices
inside an action (the steps of a move, the rings to acquire, the target of an ability) are
decisions kept on the state's ``decisions`` stack (:mod:`.decisions`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from . import effects as fx
from .attack import attack, attacks, marks, roll_hits
from .board import obstacles
from .cards import discard_from_hand, from_hand
from .decisions import Acquire, ChooseTarget, Move
from .figures import can_act, summon
from .movement import can_move, start, step, steps
from .rings import ARM, ATK, HEX, MAX_BONUS, set_unit
from .turn import end_actions, end_turn, settle, spend

if TYPE_CHECKING:
    from .game import Heavens
    from .state import HeavensState

END = Action("end actions", ("end",))
DONE = Action("done", ("done",))
STOP = Action("stop", ("stop",))
TAKE_ARMOUR = Action("take armour", ("take", ARM))
TAKE_ATTACK = Action("take attack", ("take", ATK))


# ------------------------------------------------------------------ legality
def describe(g: Heavens, data: tuple[Any, ...]) -> str:
    """The text of the action whose payload is ``data`` (texts depend on the game only)."""
    kind = data[0]
    names, labels = g.names, g.board.labels
    if kind == "attack":
        what, x = data[2]
        if what == "u":
            label = names[x]
        elif what == "base":
            label = "base"
        else:
            label = f"{'trap' if what == 'trap' else 'architecture'} {labels[x]}"
        return f"attack {label} with {names[data[1]]}"
    if kind == "step":
        return f"step {labels[data[1]]}"
    if kind == "summon":
        return f"summon {names[data[1]]} at {labels[data[2]]}"
    if kind == "acquire":
        return f"acquire {labels[data[2]]} with {names[data[1]]}"
    if kind == "target":
        return fx.target_text(g, data[1])
    if kind == "ability":
        return f"ability {names[data[1]]}: {g.ability[data[1]].name}"
    if kind == "power":
        return f"play {names[data[1]]}"
    return f"{kind} {names[data[1]]}"  # move, discard


def legal(st: HeavensState) -> list[Action]:
    """The legal actions of the seat to act."""
    g = st.game
    act = g.action
    if st.phase == "cleanup":
        return [*(act(("discard", c)) for c in g.by_name(set(st.hands[st.active]))), DONE]
    blk = obstacles(st)
    if st.decisions:
        top = st.decisions[-1]
        if isinstance(top, Move):
            return [*(act(("step", h)) for h in steps(st, top, blk)), STOP]
        if isinstance(top, Acquire):
            takes = takeable(st, top.card, top.hex)
            return [*takes, DONE] if top.taken else takes
        return [act(("target", t)) for t in pending_targets(st, top, blk)]
    out: list[Action] = []
    if st.tokens > 0:
        out.extend(summons(st, blk))
        out.extend(_character_actions(st, blk))
        out.extend(_powers(st, blk))
    out.append(END)
    return out


def _character_actions(st: HeavensState, blk: set[int]) -> list[Action]:
    """HVN-33..36: attacks, moves, acquisitions and abilities of the side's characters."""
    g = st.game
    act = g.action
    seat = st.active
    side = g.side_of[seat]
    aims = marks(st, side)
    out: list[Action] = []
    for c in g.by_name(st.at.values()):
        if g.card_side[c] != side or not can_act(st, c):
            continue
        out.extend(attacks(st, c, blk, aims))
        if can_move(st, c, blk):
            out.append(act(("move", c)))
        out.extend(acquisitions(st, c))
        ab = g.ability[c]
        if ab.cost <= st.tokens and fx.has_target(st, seat, c, ab.target, ab.range,
                                                  ab.effects, blk):
            out.append(act(("ability", c)))
    return out


def _powers(st: HeavensState, blk: set[int]) -> list[Action]:
    """HVN-24: the divine powers in hand that the tokens pay for and that have a target."""
    g = st.game
    seat = st.active
    out: list[Action] = []
    for c in g.by_name(set(st.hands[seat])):
        p = g.power.get(c)
        if p is not None and p.cost <= st.tokens and fx.has_target(
                st, seat, None, p.target, 0, p.effects, blk):
            out.append(g.action(("power", c)))
    return out


def summons(st: HeavensState, blk: set[int]) -> list[Action]:
    """HVN-32, HVN-13, HVN-2: a character from hand onto a free summoning hex of one's own."""
    g = st.game
    side = g.side_of[st.active]
    free = [h for h in g.board.summon[side] if h not in blk]
    red = st.box["red"]
    act = g.action
    out: list[Action] = []
    for c in g.by_name(set(st.hands[st.active])):
        if g.is_char[c] and g.health[c] <= red:
            out.extend(act(("summon", c, h)) for h in free)
    return out


def acquisitions(st: HeavensState, c: int) -> list[Action]:
    """HVN-35: dropped bonus rings on an adjacent hex the character could still carry."""
    drop = st.drop
    if not drop:
        return []
    u = st.units[c]
    out = []
    for n in st.game.board.nbrs[u[HEX]]:
        d = drop.get(n)
        if d and ((d[0] and u[ARM] < MAX_BONUS) or (d[1] and u[ATK] < MAX_BONUS)):
            out.append(st.game.action(("acquire", c, n)))
    return out


def takeable(st: HeavensState, c: int, h: int) -> list[Action]:
    """The rings still open to an acquiring character."""
    u, d = st.units[c], st.drop.get(h, (0, 0))
    out = []
    if d[0] and u[ARM] < MAX_BONUS:
        out.append(TAKE_ARMOUR)
    if d[1] and u[ATK] < MAX_BONUS:
        out.append(TAKE_ATTACK)
    return out


def pending_targets(st: HeavensState, top: ChooseTarget, blk: set[int] | None = None
                    ) -> list[fx.Target]:
    """Targets of the ability or power being resolved."""
    g = st.game
    if top.source is not None:
        ab = g.ability[top.card]
        return fx.candidates(st, st.active, top.source, ab.target, ab.range, ab.effects, blk)
    p = g.power[top.card]
    return fx.candidates(st, st.active, None, p.target, 0, p.effects, blk)


# ------------------------------------------------------------------ applying
def apply(st: HeavensState, action: Action) -> None:
    """Carry out one legal action, then end the actions phase once the tokens are spent."""
    data = action[1]
    kind = data[0]
    if kind == "end":
        end_actions(st)
        return
    if kind == "discard":
        _discard(st, data[1])
        return
    if kind == "done" and st.phase == "cleanup":
        end_turn(st)
        return
    HANDLERS[kind](st, data)
    if st.phase == "actions" and not st.decisions and st.tokens <= 0:
        settle(st)
        if st.to_act is not None:
            end_actions(st)


def _summon(st: HeavensState, data: tuple[Any, ...]) -> None:
    """HVN-32: a character from hand onto a summoning hex."""
    spend(st)
    from_hand(st, st.active, data[1])
    summon(st, st.active, data[1], data[2])


def _attack(st: HeavensState, data: tuple[Any, ...]) -> None:
    spend(st)
    attack(st, data[1], data[2], data[3])


def _move(st: HeavensState, data: tuple[Any, ...]) -> None:
    spend(st)
    st.decisions.append(start(st, data[1]))


def _step(st: HeavensState, data: tuple[Any, ...]) -> None:
    move = st.decisions.pop()
    assert isinstance(move, Move)
    nxt = step(st, move, data[1])
    if nxt is not None:
        st.decisions.append(nxt)


def _pop(st: HeavensState, data: tuple[Any, ...]) -> None:
    """Stop a move, or be done acquiring."""
    st.decisions.pop()


def _acquire(st: HeavensState, data: tuple[Any, ...]) -> None:
    spend(st)
    st.decisions.append(Acquire(seat=st.active, card=data[1], hex=data[2], taken=0))


def _take(st: HeavensState, data: tuple[Any, ...]) -> None:
    """HVN-35: one dropped ring onto the acquiring character's stack."""
    top = st.decisions.pop()
    assert isinstance(top, Acquire)
    c, h, slot = top.card, top.hex, data[1]
    arm, atk = st.drop[h]
    if slot == ARM:
        arm -= 1
    else:
        atk -= 1
    set_unit(st, c, slot, st.units[c][slot] + 1)
    st._emit("acquired", card=st.game.ids[c], hex=st.game.board.labels[h],
             ring="armour" if slot == ARM else "attack")
    if arm or atk:
        st.drop[h] = (arm, atk)
    else:
        del st.drop[h]
    if takeable(st, c, h):
        st.decisions.append(Acquire(seat=top.seat, card=c, hex=h, taken=top.taken + 1))


def _ability(st: HeavensState, data: tuple[Any, ...]) -> None:
    g = st.game
    c = data[1]
    ab = g.ability[c]
    spend(st, ab.cost)
    st._emit("ability", card=g.ids[c], ability=ab.name)
    _begin(st, c, c, ab.target)


def _power(st: HeavensState, data: tuple[Any, ...]) -> None:
    g = st.game
    c, seat = data[1], st.active
    p = g.power[c]
    spend(st, p.cost)
    discard_from_hand(st, seat, c)  # HVN-24, HVN-20
    st._emit("power", card=g.ids[c], seat=seat)
    _begin(st, None, c, p.target)


def _target(st: HeavensState, data: tuple[Any, ...]) -> None:
    top = st.decisions.pop()
    assert isinstance(top, ChooseTarget)
    _resolve(st, top.source, top.card, data[1])


def _discard(st: HeavensState, c: int) -> None:
    """HVN-38: a card from hand to the discard pile; an empty hand ends the turn."""
    seat = st.active
    discard_from_hand(st, seat, c)
    st._emit("discarded", card=st.game.ids[c], seat=seat)
    if not st.hands[seat]:
        end_turn(st)


def _begin(st: HeavensState, source: int | None, card: int, target: str) -> None:
    if target == "none":
        _resolve(st, source, card, fx.NO_TARGET)
    else:
        st.decisions.append(ChooseTarget(seat=st.active, source=source, card=card))


def _resolve(st: HeavensState, source: int | None, card: int, t: fx.Target) -> None:
    g = st.game
    if source is not None:
        ab = g.ability[card]
        if any(e.kind in ("damage", "shockwave") for e in ab.effects) and not roll_hits(st):
            return  # HVN-45: a special attack can miss too
        fx.resolve(st, st.active, source, ab.range, ab.effects, t)
    else:
        p = g.power[card]
        fx.resolve(st, st.active, None, 0, p.effects, t)


HANDLERS: dict[str, Callable[[HeavensState, tuple[Any, ...]], None]] = {
    "summon": _summon, "attack": _attack, "move": _move, "step": _step, "stop": _pop,
    "acquire": _acquire, "take": _take, "done": _pop, "ability": _ability, "power": _power,
    "target": _target,
}
