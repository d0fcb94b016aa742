"""The decisions of a turn: what is legal now and what each decision does.

Every action of the actions phase costs one token (HVN-31), paid when it is declared; choices
inside an action (the steps of a move, the rings to acquire, the target of an ability) are
follow-up decisions kept on the state's pending stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core import Action

from . import effects as fx
from .effects import ARM, ATK, HEX, MAX_BONUS

if TYPE_CHECKING:
    from .rules import Heavens
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
    blk = st.obstacles()
    if st.pending:
        top = st.pending[-1]
        if top[0] == "move":
            return [*(act(("step", h)) for h in steps(st, top, blk)), STOP]
        if top[0] == "acquire":
            takes = takeable(st, top[1], top[2])
            return [*takes, DONE] if top[3] else takes
        return [act(("target", t)) for t in pending_targets(st, blk)]
    out: list[Action] = []
    if st.tokens > 0:
        out.extend(summons(st, blk))
        seat = st.active
        side = g.side_of[seat]
        units = st.units
        aims = marks(st, side)
        for c in g.by_name(st.at.values()):
            if g.card_side[c] != side or not st.can_act(c):
                continue
            out.extend(attacks(st, c, blk, aims))
            if steps(st, ("move", c, g.move[c], (units[c][HEX],), 0), blk):
                out.append(act(("move", c)))
            out.extend(acquisitions(st, c))
            ab = g.ability[c]
            if ab.cost <= st.tokens and fx.has_target(st, seat, c, ab.target, ab.range,
                                                      ab.effects, blk):
                out.append(act(("ability", c)))
        for c in g.by_name(set(st.hands[seat])):
            p = g.power.get(c)
            if p is not None and p.cost <= st.tokens and fx.has_target(
                    st, seat, -1, p.target, 0, p.effects, blk):
                out.append(act(("power", c)))
    out.append(END)
    return out


def summons(st: HeavensState, blk: set[int]) -> list[Action]:
    """HVN-32, HVN-13, HVN-2: a character from hand onto a free summoning hex of one's own."""
    g = st.game
    side = g.side_of[st.active]
    free = [h for h in st.board.summon[side] if h not in blk]
    red = st.box["red"]
    act = g.action
    out: list[Action] = []
    for c in g.by_name(set(st.hands[st.active])):
        if g.is_char[c] and g.health[c] <= red:
            out.extend(act(("summon", c, h)) for h in free)
    return out


def marks(st: HeavensState, side: int) -> dict[int, list[tuple[str, int]]]:
    """HVN-33: what an attacker of ``side`` may strike, by hex (unit, base, trap, architecture)."""
    g = st.game
    out: dict[int, list[tuple[str, int]]] = {}
    for h, c in st.at.items():
        if g.card_side[c] != side:
            out[h] = [("u", c)]
    h = st.board.base[1 - side]
    out.setdefault(h, []).append(("base", h))
    for h in st.trap:
        out.setdefault(h, []).append(("trap", h))
    for h in st.arch:
        out.setdefault(h, []).append(("arch", h))
    return out


def attacks(st: HeavensState, c: int, blk: set[int],
            aims: dict[int, list[tuple[str, int]]] | None = None) -> list[Action]:
    """HVN-33, HVN-16: melee on adjacent hexes; ranged at 2..range along empty hexes."""
    g, b = st.game, st.board
    if aims is None:
        aims = marks(st, g.card_side[c])
    here = st.units[c][HEX]
    atk = st.units[c][ATK]
    found: dict[int, bool] = {}
    if g.melee[c] + atk > 0:
        for n in b.nbrs[here]:
            if n in aims:
                found[n] = True
    reach = g.range[c]
    dist = b.dist[here]
    if reach >= 2 and g.ranged[c] + atk > 0 and any(
            2 <= dist[h] <= reach and h not in found for h in aims):
        # The line of fire runs through empty hexes: spread from the attacker's hex over
        # empty hexes for reach - 1 steps; the obstacles next to that area, two or more
        # hexes away, are in range.
        walls = b.bits(blk)
        open_ = b.all_bits & ~walls
        area = b.bit[here]
        for _ in range(reach - 1):
            area |= b.spread(area) & open_
        shot = b.spread(area) & walls & ~b.near_bits[here]
        bit = b.bit
        for h in aims:
            if h not in found and shot & bit[h]:
                found[h] = False
    act = g.action
    out: list[Action] = []
    for h in sorted(found, key=b.label_rank.__getitem__):
        melee = found[h]
        for target in aims[h]:
            out.append(act(("attack", c, target, melee)))
    return out


def steps(st: HeavensState, top: tuple[object, ...], blk: set[int] | None = None
          ) -> list[int]:
    """HVN-34, HVN-42: the next hex of a move: empty (a fallen may lie there), not revisited."""
    _, c, left, visited, _ = top
    assert isinstance(c, int) and isinstance(left, int) and isinstance(visited, tuple)
    if left <= 0:
        return []
    if blk is None:
        blk = st.obstacles()
    g, b = st.game, st.board
    here = st.units[c][HEX]
    seat = st.active
    side = g.side_of[seat]
    zones = g.zones[seat]
    if zones is not None and b.zone[here] not in zones:
        return []  # HVN-51
    home = b.summon[side]
    held = here in home and st.locked(side)  # HVN-43
    return [n for n in b.nbrs[here]
            if n not in blk and n not in visited
            and (zones is None or b.zone[n] in zones) and not (held and n not in home)]


def acquisitions(st: HeavensState, c: int) -> list[Action]:
    """HVN-35: dropped bonus rings on an adjacent hex the character could still carry."""
    drop = st.drop
    if not drop:
        return []
    u = st.units[c]
    out = []
    for n in st.board.nbrs[u[HEX]]:
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


def pending_targets(st: HeavensState, blk: set[int] | None = None) -> list[fx.Target]:
    """Targets of the ability or power being resolved."""
    _, source, card = st.pending[-1]
    g = st.game
    if source >= 0:
        ab = g.ability[card]
        return fx.candidates(st, st.active, source, ab.target, ab.range, ab.effects, blk)
    p = g.power[card]
    return fx.candidates(st, st.active, -1, p.target, 0, p.effects, blk)


# ------------------------------------------------------------------ applying
def apply(st: HeavensState, action: Action) -> None:
    """Carry out one legal decision."""
    data = action[1]
    kind = data[0]
    g = st.game
    seat = st.active
    if kind == "summon":
        st.spend()
        st.from_hand(seat, data[1])
        st.summon(seat, data[1], data[2])
    elif kind == "attack":
        st.spend()
        _attack(st, data[1], data[2], data[3])
    elif kind == "move":
        st.spend()
        c = data[1]
        st.push(("move", c, g.move[c], (st.units[c][HEX],), 0))
    elif kind == "step":
        _, c, left, visited, n = st.pop()
        st.relocate(c, data[1])
        top = ("move", c, left - 1, (*visited, data[1]), n + 1)
        if steps(st, top):
            st.push(top)
    elif kind == "stop":
        st.pop()
    elif kind == "acquire":
        st.spend()
        st.push(("acquire", data[1], data[2], 0))
    elif kind == "take":
        _, c, h, taken = st.pop()
        slot = data[1]
        arm, atk = st.drop[h]
        if slot == ARM:
            arm -= 1
        else:
            atk -= 1
        st.set_unit(c, slot, st.units[c][slot] + 1)
        st._emit("acquired", card=g.ids[c], hex=st.board.labels[h],
                ring="armour" if slot == ARM else "attack")
        drop = dict(st.drop)
        if arm or atk:
            drop[h] = (arm, atk)
        else:
            del drop[h]
        st.drop = drop
        if takeable(st, c, h):
            st.push(("acquire", c, h, taken + 1))
    elif kind == "done":
        if st.phase == "cleanup":
            st._end_turn()
        else:
            st.pop()
    elif kind == "ability":
        c = data[1]
        ab = g.ability[c]
        st.spend(ab.cost)
        st._emit("ability", card=g.ids[c], ability=ab.name)
        _begin(st, c, c, ab.target)
    elif kind == "power":
        c = data[1]
        p = g.power[c]
        st.spend(p.cost)
        st.from_hand(seat, c)
        st.to_discard(g.side_of[seat], c)  # HVN-24, HVN-20
        st._emit("power", card=g.ids[c], seat=seat)
        _begin(st, -1, c, p.target)
    elif kind == "target":
        _, source, card = st.pop()
        _resolve(st, source, card, data[1])
    elif kind == "end":
        st._end_actions()
        return
    elif kind == "discard":
        c = data[1]
        st.from_hand(seat, c)
        st.to_discard(g.side_of[seat], c)
        st._emit("discarded", card=g.ids[c], seat=seat)
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
        st.push(("target", source, card))


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
    st._emit("attack", card=g.ids[c], melee=melee, power=power)
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
