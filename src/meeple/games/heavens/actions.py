"""The decisions of a turn: what is legal now and what each decision does.

Every action of the actions phase costs one token (HVN-31), paid when it is declared; choices
inside an action (the steps of a move, the rings to acquire, the target of an ability) are
follow-up decisions kept on the state's pending stack.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from meeple.core import Action

from . import effects as fx
from .effects import ARM, ATK, HEX, MAX_BONUS
from .state import DONE, END, STOP, TAKE_ARMOUR, TAKE_ATTACK

if TYPE_CHECKING:
    from .state import HeavensState


# ------------------------------------------------------------------ legality
def legal(st: HeavensState) -> list[Action]:
    """The legal actions of the seat to act."""
    if st.phase == "cleanup":
        g = st.game
        cards = sorted(set(st.hands[st.active]), key=lambda c: g.names[c])
        return [Action(f"discard {g.names[c]}", ("discard", c)) for c in cards] + [DONE]
    if st.pending:
        top = st.pending[-1]
        if top[0] == "move":
            moves = [Action(f"step {st.board.labels[h]}", ("step", h)) for h in steps(st, top)]
            return [*moves, STOP]
        if top[0] == "acquire":
            takes = takeable(st, top[1], top[2])
            return [*takes, DONE] if top[3] else takes
        return [Action(fx.target_text(st, t), ("target", t)) for t in pending_targets(st)]
    out: list[Action] = []
    if st.tokens > 0:
        out.extend(summons(st))
        g = st.game
        seat = st.active
        side = g.side_of[seat]
        for c in sorted(st.at.values(), key=lambda c: g.names[c]):
            if g.card_side[c] != side or not st.can_act(c):
                continue
            out.extend(attacks(st, c))
            if steps(st, ("move", c, g.move[c], (st.units[c][HEX],), 0)):
                out.append(Action(f"move {g.names[c]}", ("move", c)))
            out.extend(acquisitions(st, c))
            ab = g.ability[c]
            if ab.cost <= st.tokens and fx.candidates(st, seat, c, ab.target, ab.range,
                                                      ab.effects):
                out.append(Action(f"ability {g.names[c]}: {ab.name}", ("ability", c)))
        for c in sorted(set(st.hands[seat]), key=lambda c: g.names[c]):
            p = g.power.get(c)
            if p is not None and p.cost <= st.tokens and fx.candidates(
                    st, seat, -1, p.target, 0, p.effects):
                out.append(Action(f"play {g.names[c]}", ("power", c)))
    out.append(END)
    return out


def summons(st: HeavensState) -> list[Action]:
    """HVN-32, HVN-13, HVN-2: a character from hand onto a free summoning hex of one's own."""
    g, b = st.game, st.board
    side = g.side_of[st.active]
    free = [h for h in b.summon[side] if not st.blocked(h)]
    red = st.rings["box"]["red"]
    out: list[Action] = []
    for c in sorted(set(st.hands[st.active]), key=lambda c: g.names[c]):
        if g.is_char[c] and g.health[c] <= red:
            out.extend(Action(f"summon {g.names[c]} at {b.labels[h]}", ("summon", c, h))
                       for h in free)
    return out


def _attackable(st: HeavensState, side: int, h: int) -> list[tuple[str, tuple[str, int]]]:
    """What an attacker of ``side`` may strike on hex ``h`` (HVN-33)."""
    g, b = st.game, st.board
    out = []
    c = st.at.get(h)
    if c is not None and g.card_side[c] != side:
        out.append((g.names[c], ("u", c)))
    if b.base_side.get(h, side) != side:
        out.append(("base", ("base", h)))
    if h in st.trap:
        out.append((f"trap {b.labels[h]}", ("trap", h)))
    if h in st.arch:
        out.append((f"architecture {b.labels[h]}", ("arch", h)))
    return out


def attacks(st: HeavensState, c: int) -> list[Action]:
    """HVN-33, HVN-16: melee on adjacent hexes; ranged at 2..range along empty hexes."""
    g, b = st.game, st.board
    side = g.card_side[c]
    here = st.units[c][HEX]
    name = g.names[c]
    found: dict[int, bool] = {}
    if g.melee[c] + st.units[c][ATK] > 0:
        for n in b.nbrs[here]:
            found[n] = True
    reach = g.range[c]
    if reach >= 2 and g.ranged[c] + st.units[c][ATK] > 0:
        seen = {here: 0}
        frontier = deque([here])
        dist = b.dist[here]
        while frontier:
            h = frontier.popleft()
            d = seen[h]
            for n in b.nbrs[h]:
                if st.blocked(n):
                    if dist[n] >= 2 and n not in found:
                        found[n] = False
                elif n not in seen and d + 1 < reach:
                    seen[n] = d + 1
                    frontier.append(n)
    out: list[Action] = []
    for h in sorted(found, key=lambda h: b.labels[h]):
        for label, target in _attackable(st, side, h):
            out.append(Action(f"attack {label} with {name}", ("attack", c, target, found[h])))
    return out


def steps(st: HeavensState, top: tuple[object, ...]) -> list[int]:
    """HVN-34, HVN-42: the next hex of a move: empty (a fallen may lie there), not revisited."""
    _, c, left, visited, _ = top
    assert isinstance(c, int) and isinstance(left, int) and isinstance(visited, tuple)
    if left <= 0:
        return []
    here = st.units[c][HEX]
    seat = st.active
    return [n for n in st.board.nbrs[here]
            if not st.blocked(n) and n not in visited and st.may_enter(seat, c, here, n)]


def acquisitions(st: HeavensState, c: int) -> list[Action]:
    """HVN-35: dropped bonus rings on an adjacent hex the character could still carry."""
    b = st.board
    u = st.units[c]
    out = []
    for n in b.nbrs[u[HEX]]:
        d = st.drop.get(n)
        if d and ((d[0] and u[ARM] < MAX_BONUS) or (d[1] and u[ATK] < MAX_BONUS)):
            out.append(Action(f"acquire {b.labels[n]} with {st.game.names[c]}",
                              ("acquire", c, n)))
    return out


def takeable(st: HeavensState, c: int, h: int) -> list[Action]:
    """The rings still open to an acquiring character."""
    u, d = st.units[c], st.drop.get(h, [0, 0])
    out = []
    if d[0] and u[ARM] < MAX_BONUS:
        out.append(TAKE_ARMOUR)
    if d[1] and u[ATK] < MAX_BONUS:
        out.append(TAKE_ATTACK)
    return out


def pending_targets(st: HeavensState) -> list[fx.Target]:
    """Targets of the ability or power being resolved."""
    _, source, card = st.pending[-1]
    g = st.game
    if source >= 0:
        ab = g.ability[card]
        return fx.candidates(st, st.active, source, ab.target, ab.range, ab.effects)
    p = g.power[card]
    return fx.candidates(st, st.active, -1, p.target, 0, p.effects)


# ------------------------------------------------------------------ applying
def apply(st: HeavensState, action: Action) -> None:
    """Carry out one legal decision."""
    data = action[1]
    kind = data[0]
    g = st.game
    seat = st.active
    if kind == "summon":
        st.spend()
        st.hands[seat].remove(data[1])
        st.summon(seat, data[1], data[2])
    elif kind == "attack":
        st.spend()
        _attack(st, data[1], data[2], data[3])
    elif kind == "move":
        st.spend()
        c = data[1]
        st.pending.append(("move", c, g.move[c], (st.units[c][HEX],), 0))
    elif kind == "step":
        _, c, left, visited, n = st.pending.pop()
        st.relocate(c, data[1])
        top = ("move", c, left - 1, (*visited, data[1]), n + 1)
        if steps(st, top):
            st.pending.append(top)
    elif kind == "stop":
        st.pending.pop()
    elif kind == "acquire":
        st.spend()
        st.pending.append(("acquire", data[1], data[2], 0))
    elif kind == "take":
        _, c, h, taken = st.pending.pop()
        slot = data[1]
        d = st.drop[h]
        d[slot - ARM] -= 1
        st.units[c][slot] += 1
        st.emit("acquired", card=g.ids[c], hex=st.board.labels[h],
                ring="armour" if slot == ARM else "attack")
        if not d[0] and not d[1]:
            del st.drop[h]
        if takeable(st, c, h):
            st.pending.append(("acquire", c, h, taken + 1))
    elif kind == "done":
        if st.phase == "cleanup":
            st._end_turn()
        else:
            st.pending.pop()
    elif kind == "ability":
        c = data[1]
        ab = g.ability[c]
        st.spend(ab.cost)
        st.emit("ability", card=g.ids[c], ability=ab.name)
        _begin(st, c, c, ab.target)
    elif kind == "power":
        c = data[1]
        p = g.power[c]
        st.spend(p.cost)
        st.hands[seat].remove(c)
        st.discard[g.side_of[seat]].append(c)  # HVN-24, HVN-20
        st.emit("power", card=g.ids[c], seat=seat)
        _begin(st, -1, c, p.target)
    elif kind == "target":
        _, source, card = st.pending.pop()
        _resolve(st, source, card, data[1])
    elif kind == "end":
        st._end_actions()
        return
    elif kind == "discard":
        c = data[1]
        st.hands[seat].remove(c)
        st.discard[g.side_of[seat]].append(c)
        st.emit("discarded", card=g.ids[c], seat=seat)
        if not st.hands[seat]:
            st._end_turn()
        return
    if st.phase == "actions" and not st.pending and st.tokens <= 0:
        st._settle()
        if st.to_act is not None:
            st._end_actions()


def _begin(st: HeavensState, source: int, card: int, target: str) -> None:
    if target == "none":
        _resolve(st, source, card, ("n",))
    else:
        st.pending.append(("target", source, card))


def _resolve(st: HeavensState, source: int, card: int, t: fx.Target) -> None:
    g = st.game
    if source >= 0:
        ab = g.ability[card]
        if any(e.kind in ("damage", "shockwave") for e in ab.effects) and not st.roll_hits():
            return  # HVN-45: a special attack can miss too
        fx.resolve(st, st.active, source, ab.range, ab.effects, t)
    else:
        p = g.power[card]
        fx.resolve(st, st.active, -1, 0, p.effects, t)


def _attack(st: HeavensState, c: int, target: tuple[str, int], melee: bool) -> None:
    """HVN-33: power plus attack rings; armour absorbs against characters."""
    g = st.game
    power = (g.melee[c] if melee else g.ranged[c]) + st.units[c][ATK]
    st.emit("attack", card=g.ids[c], melee=melee, power=power)
    if not st.roll_hits():
        return
    kind, val = target
    if kind == "u":
        st.hurt(val, power)
    elif kind == "base":
        st.hurt_base(st.board.base_side[val], power)
    elif kind == "trap":
        st.damage_trap(val, power)
    else:
        st.damage_arch(val, power)
