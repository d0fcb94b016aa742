"""The actions of a turn: what is legal now, and the mechanic each verb triggers.

Every action of the actions phase costs one token (HVN-31), paid when it is declared; choices
inside an action (the steps of a move, the rings to acquire, the target of an ability) are
decisions kept on the state's ``decisions`` stack (:mod:`.decisions`). ``legal`` looks its
actions up in the game's :class:`Table`, built once from the action universe, indexed by the
numbers the rules compute (cards, hexes, what an attack strikes, an ability's target).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from meeple.core import Action, Dispatch, Verb

from . import effects as fx
from .attack import MIN_RANGED, Mark, attack, roll_hits
from .board import obstacles
from .cards import characters_left, discard_from_hand, from_hand
from .decisions import Acquire as Acquiring
from .decisions import ChooseTarget
from .decisions import Move as Moving
from .figures import SUMMONS_TO_UNLOCK, locked, summon
from .movement import can_move, next_steps, start, step
from .rings import ARMOUR, ATTACK, HEX, MAX_BONUS, STUN, set_unit
from .turn import end_actions, end_turn, settle, spend
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
    from .state import HeavensState

#: The rules of each verb: ``RULES(state, verb)`` (one handler per verb, docs/architecture.md).
RULES: Dispatch[HeavensState, None] = Dispatch("High in the Heavens' rules")
#: The bonus ring a ``take`` picks up, by the slot of the unit record it fills (HVN-35).
SLOT = {"armour": ARMOUR, "attack": ATTACK}


@dataclass(frozen=True, slots=True)
class Table:
    """Every action ``legal`` offers, by the rules' own numbers; built once per game."""

    end: Action
    done: Action
    stop: Action
    confirm: Action
    take: dict[int, Action]  # by the unit slot the ring fills
    summon: dict[tuple[int, int], Action]  # by (card, hex)
    attack: dict[int, dict[Mark, Action]]  # by attacker, then by what it strikes
    move: dict[int, Action]  # by card
    step: tuple[Action, ...]  # by hex
    acquire: dict[tuple[int, int], Action]  # by (card, hex)
    ability: dict[int, Action]  # by card
    play: dict[int, Action]  # by card
    target: dict[fx.Target, Action]  # by the target an effect names
    discard: dict[int, Action]  # by card


def table_of(game: Heavens) -> Table:
    """The game's table of actions, built the first time a state needs it."""
    tab = game.table
    if tab is None:
        tab = game.table = table(game)
    return tab


def table(game: Heavens) -> Table:
    """The game's actions, each filed once by the numbers its verb holds (one pass over the
    universe, so no verb is made or hashed here)."""
    base = game.board.base
    attack: dict[int, dict[Mark, Action]] = {}
    summon: dict[tuple[int, int], Action] = {}
    acquire: dict[tuple[int, int], Action] = {}
    target: dict[fx.Target, Action] = {}
    take: dict[int, Action] = {}
    by_card: dict[type[Verb], dict[int, Action]] = {v: {} for v in (Move, UseAbility, Play,
                                                                      Discard)}
    step: list[Action] = []
    alone: dict[type[Verb], Action] = {}
    for a in game.action_universe():
        match a[1]:
            case AttackTrap(c, h):
                attack.setdefault(c, {})["trap", h] = a
            case AttackArchitecture(c, h):
                attack.setdefault(c, {})["arch", h] = a
            case Acquire(c, h):
                acquire[c, h] = a
            case Attack(c, t):
                attack.setdefault(c, {})["u", t] = a
            case AttackBase(c):
                attack.setdefault(c, {})["base", base[1 - game.card_side[c]]] = a
            case Summon(c, h):
                summon[c, h] = target["s", c, h] = a
            case Step(h):
                assert h == len(step), "the universe lists the steps in hex order"
                step.append(a)
            case TargetHex(h):
                target["h", h] = a
            case TargetCharacter(c):
                target["u", c] = a
            case Take(ring):
                take[SLOT[ring]] = a
            case Move(c) | UseAbility(c) | Play(c) | Discard(c):
                by_card[type(a[1])][c] = a
            case verb:
                alone[type(verb)] = a
    target[fx.NO_TARGET] = alone[Confirm]
    return Table(end=alone[EndActions], done=alone[Done], stop=alone[Stop],
                 confirm=alone[Confirm], take=take, summon=summon, attack=attack,
                 move=by_card[Move], step=tuple(step), acquire=acquire,
                 ability=by_card[UseAbility], play=by_card[Play], target=target,
                 discard=by_card[Discard])


# ------------------------------------------------------------------ legality
#: Lists of legal actions kept per game before its store is emptied.
KEPT = 4096


def legal(st: HeavensState) -> list[Action]:
    """The legal actions of the seat to act."""
    g = st.game
    tab = g.table or table_of(g)
    if st.phase == "cleanup":
        return [*(tab.discard[c] for c in g.by_name(set(st.hands[st.active]))), tab.done]
    if st.decisions:
        top = st.decisions[-1]
        if isinstance(top, Moving):
            return [*map(tab.step.__getitem__, next_steps(st, top)), tab.stop]
        blk = obstacles(st)
        if isinstance(top, Acquiring):
            takes = takeable(st, top.card, top.hex, tab)
            return [*takes, tab.done] if top.taken else takes
        return list(map(tab.target.__getitem__, pending_targets(st, top, blk)))
    if st.tokens <= 0:
        return [tab.end]
    return list(_choices(st, tab))


def _choices(st: HeavensState, tab: Table) -> tuple[Action, ...]:
    """The actions a side may declare (HVN-31..36, HVN-24), spending a token.

    They depend only on what ``key`` holds (the seat, its tokens and hand, every unit and ring
    on the Heavens, the box, whether each side is held on its summoning hexes), so they are
    kept per game by it: a search meets the same position again and again. Who stands or
    lies where (``at``, ``fallen_at``) is in the unit records already (each says its hex and
    whether it fell, and the figures keep the two dicts so, as ``validate`` checks), and
    nothing these actions depend on reads the order of those dicts, so they are left out."""
    units, box, traps, arch, dropped = (
        st.units, st.box, st.traps, st.architecture, st.dropped)
    # One flat tuple: each dict's size, then every dict's keys and values (no pair is made)
    called = st.summons  # locked(st, side) for each side, without the calls while unlocked
    key = (st.active, st.tokens, st.hands[st.active],
           called[0] < SUMMONS_TO_UNLOCK and characters_left(st, 0),
           called[1] < SUMMONS_TO_UNLOCK and characters_left(st, 1),
           len(units), len(box), len(traps), len(arch), len(dropped),
           *units, *units.values(), *box, *box.values(), *traps, *traps.values(), *arch,
           *arch.values(), *dropped, *dropped.values())
    store = st.game.legal_memo
    known = store.get(key)
    if known is None:
        if len(store) >= KEPT:
            store.clear()
        out = _character_actions(st, None, tab)
        if st.hands[st.active]:
            blk = obstacles(st)
            out[:0] = summons(st, blk, tab)
            out.extend(_powers(st, blk, tab))
        out.append(tab.end)
        known = store[key] = tuple(out)
    return known


#: What :func:`_character_actions` reads of a character, by its card (:func:`_plans`): its
#: melee and ranged blows, reach and move; per hex, the hexes its ranged blow reaches beyond
#: the adjacent ones (as a bit set); its ability's cost and aim (``fx.aims_of``); its attacks
#: by what they strike; its move and its ability as actions.
Plan = tuple[int, int, int, int, tuple[int, ...], int, fx.Aim, dict[Mark, Action],
             Action | None, Action | None]


def _plans(g: Heavens, tab: Table) -> dict[int, Plan]:
    """Every character's :data:`Plan`, made once per game."""
    got: dict[int, Plan] | None = g.__dict__.get("_plans")
    if got is None:
        aim_of, b = fx.aims_of(g), g.board
        got = g.__dict__["_plans"] = {
            c: (g.melee[c], g.ranged[c], g.range[c], g.move[c],
                tuple(b.around(h, g.range[c]) & ~b.near_bits[h] for h in b.every)
                if g.range[c] >= MIN_RANGED else (),
                g.ability[c].cost, aim_of[c], tab.attack.get(c, {}), tab.move.get(c),
                tab.ability.get(c))
            for c in g.ability}
    return got


def _character_actions(st: HeavensState, blk: set[int] | None, tab: Table) -> list[Action]:
    """HVN-33..36: attacks, moves, acquisitions and abilities of the side's characters.

    Asked at every decision of a search, so what usually finds nothing is first asked of bit
    sets of the board, one AND each: what stands within a god's blows (as :func:`attacks`
    finds, asked only when something does), where it may step (:func:`can_move`), whether a
    god of the kind its ability names stands within its reach (:func:`fx.has_target`)."""
    g = st.game
    seat = st.active
    side = g.side_of[seat]
    mine, foes, allies, aim, walls = _standing(st, side)
    if not mine:
        return []
    units, traps = st.units, st.traps
    b = g.board
    nbr_bits = b.nbr_bits
    home = b.summon[side] if g.zones[seat] is None else ()  # () : moves asked of can_move
    tokens = st.tokens
    plans = g.__dict__.get("_plans") or _plans(g, tab)
    out: list[Action] = []
    for c in g.by_name(mine):
        u = units[c]
        here = u[HEX]
        if u[STUN] >= 0 or here in traps:  # HVN-3, HVN-5: it takes no action (can_act)
            continue
        melee, ranged, reach, move, beyond, cost, aim_at, strikes, moving, ability = plans[c]
        atk = u[ATTACK]
        hit = nbr_bits[here] & aim if melee + atk > 0 else 0
        if reach >= MIN_RANGED and ranged + atk > 0:
            far = aim & beyond[here]
            if far:
                hit |= far & b.fire_lines(here, reach, walls)
        if hit:
            out += _struck(st, side, hit, strikes)
        if move > 0:
            if home:  # as can_move asks, of bit sets: a free neighbour, at home while locked
                free = nbr_bits[here] & ~walls
                if free and (here not in home or not locked(st, side)
                             or free & b.bits(home)):
                    out.append(moving)  # type: ignore[arg-type]  # a god that moves has one
            elif can_move(st, c, obstacles(st) if blk is None else blk):
                out.append(moving)  # type: ignore[arg-type]
        if st.dropped:
            out.extend(acquisitions(st, c, tab))
        if cost <= tokens and aim_at(st, here, foes, allies, walls, blk):
            out.append(ability)  # type: ignore[arg-type]  # every character has an ability
    return out


def _struck(st: HeavensState, side: int, hit: int, strikes: dict[Mark, Action]
            ) -> list[Action]:
    """The attacks on what stands at the hexes of ``hit`` (a bit set of hexes that hold
    something a god of ``side`` may strike, as :func:`marks` finds): by the hexes' labels,
    each hex's marks in the order :func:`marks` lists them (a god, the base, a trap, a
    building), without building every mark of the board."""
    g = st.game
    b = g.board
    hex_of = b.hex_of
    found: list[int] = []
    while hit:
        low = hit & -hit
        found.append(hex_of[low])
        hit ^= low
    if len(found) > 1:
        found.sort(key=b.label_rank.__getitem__)
    at, card_side, base = st.at, g.card_side, b.base[1 - side]
    out: list[Action] = []
    for h in found:
        c = at.get(h)
        if c is not None and card_side[c] != side:
            out.append(strikes["u", c])
        if h == base:
            out.append(strikes["base", h])
        if h in st.traps:
            out.append(strikes["trap", h])
        if h in st.architecture:
            out.append(strikes["arch", h])
    return out


def _standing(st: HeavensState, side: int) -> tuple[list[int], int, int, int, int]:
    """The side's characters on the board, and as bit sets the hexes its enemies and its own
    gods stand on, what an attack of it may strike (as :func:`marks` finds) and every obstacle
    (as :func:`obstacles` finds)."""
    g = st.game
    b = g.board
    card_side, bit = g.card_side, b.bit
    mine: list[int] = []
    foes = allies = 0
    for h, c in st.at.items():
        if card_side[c] == side:
            mine.append(c)
            allies |= bit[h]
        else:
            foes |= bit[h]
    rings = 0
    for h in st.traps:
        rings |= bit[h]
    for h in st.architecture:
        rings |= bit[h]
    walls = foes | allies | rings | b.base_bits
    for h in st.dropped:
        walls |= bit[h]
    return mine, foes, allies, foes | rings | bit[b.base[1 - side]], walls


def _powers(st: HeavensState, blk: set[int], tab: Table) -> list[Action]:
    """HVN-24: the divine powers in hand that the tokens pay for and that have a target."""
    g = st.game
    seat = st.active
    out: list[Action] = []
    for c in g.by_name(set(st.hands[seat])):
        p = g.power.get(c)
        if p is not None and p.cost <= st.tokens and fx.has_target(
                st, seat, None, p.target, 0, p.effects, blk):
            out.append(tab.play[c])
    return out


def summons(st: HeavensState, blk: set[int], tab: Table) -> list[Action]:
    """HVN-32, HVN-13, HVN-2: a character from hand onto a free summoning hex of one's own."""
    g = st.game
    side = g.side_of[st.active]
    free = [h for h in g.board.summon[side] if h not in blk]
    red = st.box["red"]
    summon = tab.summon
    out: list[Action] = []
    for c in g.by_name(set(st.hands[st.active])):
        if g.is_character[c] and g.health[c] <= red:
            out.extend(summon[c, h] for h in free)
    return out


def acquisitions(st: HeavensState, c: int, tab: Table) -> list[Action]:
    """HVN-35: dropped bonus rings on an adjacent hex the character could still carry."""
    dropped = st.dropped
    if not dropped:
        return []
    u = st.units[c]
    acquire = tab.acquire
    out = []
    for n in st.game.board.nbrs[u[HEX]]:
        d = dropped.get(n)
        if d and ((d[0] and u[ARMOUR] < MAX_BONUS) or (d[1] and u[ATTACK] < MAX_BONUS)):
            out.append(acquire[c, n])
    return out


def takeable(st: HeavensState, c: int, h: int, tab: Table) -> list[Action]:
    """The rings still open to an acquiring character."""
    u, d = st.units[c], st.dropped.get(h, (0, 0))
    take = tab.take
    out = []
    if d[0] and u[ARMOUR] < MAX_BONUS:
        out.append(take[ARMOUR])
    if d[1] and u[ATTACK] < MAX_BONUS:
        out.append(take[ATTACK])
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
def carry_on(st: HeavensState) -> None:
    """After every action: check victory (HVN-25, HVN-26), and end the actions phase once the
    tokens are spent and no decision is left inside the last action (HVN-31)."""
    settle(st)
    if st.phase == "actions" and not st.decisions and st.tokens <= 0 and st.to_act is not None:
        end_actions(st)
        settle(st)


@RULES.on(EndActions)
def _end(st: HeavensState, verb: EndActions) -> None:
    end_actions(st)


@RULES.on(Done)
def _done(st: HeavensState, verb: Done) -> None:
    """HVN-38: keep the rest of the hand and end the turn; HVN-35: take no more rings."""
    if st.phase == "cleanup":
        end_turn(st)
    else:
        st.decisions.pop()


@RULES.on(Discard)
def _discard(st: HeavensState, verb: Discard) -> None:
    """HVN-38: a card from hand to the discard pile; an empty hand ends the turn."""
    seat = st.active
    discard_from_hand(st, seat, verb.card)
    st._emit("discarded", card=st.game.ids[verb.card], seat=seat)
    if not st.hands[seat]:
        end_turn(st)


@RULES.on(Summon)
def _summon(st: HeavensState, verb: Summon) -> None:
    """HVN-32: a character from hand onto a summoning hex; or the target of a power that
    summons onto a central hex."""
    if st.decisions:
        _target(st, ("s", verb.card, verb.hex))
        return
    spend(st)
    from_hand(st, st.active, verb.card)
    summon(st, st.active, verb.card, verb.hex)


def _strike(st: HeavensState, c: int, target: Mark, where: int) -> None:
    """HVN-33: an attack on what stands at ``where``; adjacent hexes are melee (HVN-16)."""
    spend(st)
    b = st.game.board
    attack(st, c, target, b.dist[st.units[c][HEX]][where] == 1)


@RULES.on(Attack)
def _attack_character(st: HeavensState, verb: Attack) -> None:
    _strike(st, verb.card, ("u", verb.target), st.units[verb.target][HEX])


@RULES.on(AttackBase)
def _attack_base(st: HeavensState, verb: AttackBase) -> None:
    g = st.game
    base = g.board.base[1 - g.card_side[verb.card]]
    _strike(st, verb.card, ("base", base), base)


@RULES.on(AttackTrap)
def _attack_trap(st: HeavensState, verb: AttackTrap) -> None:
    _strike(st, verb.card, ("trap", verb.hex), verb.hex)


@RULES.on(AttackArchitecture)
def _attack_architecture(st: HeavensState, verb: AttackArchitecture) -> None:
    _strike(st, verb.card, ("arch", verb.hex), verb.hex)


@RULES.on(Move)
def _move(st: HeavensState, verb: Move) -> None:
    spend(st)
    st.decisions.append(start(st, verb.card))


@RULES.on(Step)
def _step(st: HeavensState, verb: Step) -> None:
    move = st.decisions.pop()
    assert isinstance(move, Moving)
    nxt = step(st, move, verb.hex)
    if nxt is not None:
        st.decisions.append(nxt)


@RULES.on(Stop)
def _stop(st: HeavensState, verb: Stop) -> None:
    st.decisions.pop()


@RULES.on(Acquire)
def _acquire(st: HeavensState, verb: Acquire) -> None:
    spend(st)
    st.decisions.append(Acquiring(seat=st.active, card=verb.card, hex=verb.hex, taken=0))


@RULES.on(Take)
def _take(st: HeavensState, verb: Take) -> None:
    """HVN-35: one dropped ring onto the acquiring character's stack."""
    top = st.decisions.pop()
    assert isinstance(top, Acquiring)
    c, h, slot = top.card, top.hex, SLOT[verb.ring]
    armour, attack = st.dropped[h]
    if slot == ARMOUR:
        armour -= 1
    else:
        attack -= 1
    set_unit(st, c, slot, st.units[c][slot] + 1)
    st._emit("acquired", card=st.game.ids[c], hex=st.game.board.labels[h], ring=verb.ring)
    if armour or attack:
        st.dropped[h] = (armour, attack)
    else:
        del st.dropped[h]
    if takeable(st, c, h, table_of(st.game)):
        st.decisions.append(Acquiring(seat=top.seat, card=c, hex=h, taken=top.taken + 1))


@RULES.on(UseAbility)
def _ability(st: HeavensState, verb: UseAbility) -> None:
    g = st.game
    c = verb.card
    ab = g.ability[c]
    spend(st, ab.cost)
    st._emit("ability", card=g.ids[c], ability=ab.name)
    _begin(st, c, c, ab.target)


@RULES.on(Play)
def _power(st: HeavensState, verb: Play) -> None:
    g = st.game
    c, seat = verb.card, st.active
    p = g.power[c]
    spend(st, p.cost)
    discard_from_hand(st, seat, c)  # HVN-24, HVN-20
    st._emit("power", card=g.ids[c], seat=seat)
    _begin(st, None, c, p.target)


@RULES.on(TargetCharacter)
def _target_character(st: HeavensState, verb: TargetCharacter) -> None:
    _target(st, ("u", verb.card))


@RULES.on(TargetHex)
def _target_hex(st: HeavensState, verb: TargetHex) -> None:
    _target(st, ("h", verb.hex))


@RULES.on(Confirm)
def _confirm(st: HeavensState, verb: Confirm) -> None:
    _target(st, fx.NO_TARGET)


def _target(st: HeavensState, t: fx.Target) -> None:
    top = st.decisions.pop()
    assert isinstance(top, ChooseTarget)
    _resolve(st, top.source, top.card, t)


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
