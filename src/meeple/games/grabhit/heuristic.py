"""How promising an unfinished game looks to a seat (``evaluate``), for the bots.

A race: the turns each seat needs to win, by gold or by a kill, squashed to [0, 1]. Each seat
needs ``gold_turns`` to reach the target at its expected income (wheel, locations, pockets, gold
abilities) and, with two players (the first death ends the game, GAH-66), ``kill_turns`` to take
the rival's life and armour at its expected damage (best weapon or fists, damaging abilities,
damage scrolls in hand) net of the rival's repairs and heals; the two combine as hazards. The
seat on turn is half a turn ahead while this turn's gold (hit) is to come and half a turn behind
once it is in, so handing the turn over moves nothing by itself; from phase 4 on its hits count
as dealt at once, with the weapon that hurts most until one is chosen, so a search leaf read in
phase 4 compares with one read after the hit (a kill within this turn's hits reads as won).
The value is a logistic of the best rival's time minus this seat's, over the square root of the
times. With more players a death does not end the game, so the race is by gold alone.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from . import cards, hit, locations
from .free_actions import CHECK_SPAN
from .turn import reachable

if TYPE_CHECKING:
    from .state import GrabHitState
    from .turn import Phase

#: The wheel's mean coins, and with Poverty (-2, never below 0); armour a repair symbol
#: restores per turn on average (5 of 20 sectors, 2 each); the least net damage per turn
#: assumed; the capital and life assumed for an adventurer not chosen yet; how sharply a lead
#: in turns becomes a win, and the noise added to the turns before it is compared; the phases
#: of a turn, and those before its gold is paid; the bounds of a value.
WHEEL_MEAN = 5.5
WHEEL_MEAN_POOR = 3.6
ARMOUR_REPAIR = 0.5
MIN_NET_DAMAGE = 0.25
UNCHOSEN_CAPITAL = 6
UNCHOSEN_LIFE = 5
RACE_SCALE = 1.5
RACE_NOISE = 0.5
TURN_PHASES: frozenset[Phase] = frozenset({"before", "limbo", "spin", "income", "draw", "free",
                                           "hit"})
GOLD_AHEAD: frozenset[Phase] = frozenset({"before", "limbo", "spin", "income"})
#: The phases from which this turn's hits are counted as dealt (GAH-47): the free actions and
#: the hit itself; before them the spin may still send the seat to limbo (GAH-34).
HIT_AHEAD: frozenset[Phase] = frozenset({"free", "hit"})
LOW, HIGH = 0.02, 0.98
#: Two players: the first death ends the game (GAH-66), so a kill races the gold.
DUEL = 2
#: The turns a limbo stage costs: two at entering, less half a turn per stage.
LIMBO_TURNS, LIMBO_STAGE = 2.0, 0.5


def evaluate(st: GrabHitState, seat: int) -> float:
    """The race (see the module's text), in [LOW, HIGH]."""
    times = _times(st)
    return _value(times, seat, min(times[o] for o in range(st.players) if o != seat))


def evaluate_all(st: GrabHitState) -> list[float]:
    """Every seat's ``evaluate``, the race's times computed once (search leaves read all)."""
    times = race_times(st)
    first = min(times)
    ahead = times.index(first)
    second = min(times[:ahead] + times[ahead + 1:])
    out = []
    sqrt, exp = math.sqrt, math.exp
    for s, mine in enumerate(times):
        rival = second if s == ahead else first
        spread = sqrt(RACE_NOISE + (mine if mine > 0.0 else 0.0)
                      + (rival if rival > 0.0 else 0.0))
        value = 1.0 / (1.0 + exp(-RACE_SCALE * (rival - mine) / spread))
        out.append(HIGH if value > HIGH else LOW if value < LOW else value)
    return out


def _value(times: list[float], seat: int, rival: float) -> float:
    """``seat``'s value when its best rival needs ``rival`` turns."""
    mine = times[seat]
    spread = math.sqrt(RACE_NOISE + max(0.0, mine) + max(0.0, rival))
    value = 1.0 / (1.0 + math.exp(-RACE_SCALE * (rival - mine) / spread))
    return min(HIGH, max(LOW, value))


#: The last state's race times, by everything they are read from: a caller reading every
#: seat's value of one state in a row pays for the race once.
_memo: list[tuple[tuple[object, ...], list[float]]] = []


def _times(st: GrabHitState) -> list[float]:
    """Every seat's ``race_turns``, remembered for the last state read."""
    key = (st.game, st.active, st.phase, st.lost, st.attack_weapon, st.hits_left, st.extra_hits,
           *st.adventurer, *st.gold, *st.life, *st.armour, *st.limbo, *st.weapons, *st.hand,
           *st.scrolls, *st.locations, *st.lots)
    if _memo and _memo[0][0] == key:
        return _memo[0][1]
    times = race_times(st)
    _memo[:] = [(key, times)]
    return times


#: Each card's effect ("" for a card with none), by the content tables it belongs to.
_effects: dict[int, tuple[str, ...]] = {}


def effects(st: GrabHitState) -> tuple[str, ...]:
    """Each card's effect by its id ("" if it has none), built once per content."""
    content = st.game.content
    out = _effects.get(id(content))
    if out is None:
        out = _effects[id(content)] = tuple(getattr(c.entry, "effect", "") for c in content.cards)
    return out


def _count(eff: tuple[str, ...], held: tuple[int, ...], effect: str) -> int:
    """``cards.count`` over a table of effects."""
    return sum(1 for c in held if eff[c] == effect) if held else 0


def _chance(check: int) -> float:
    """GAH-44: the chance a spin reaches ``check`` (coins 1-10, evenly)."""
    return (CHECK_SPAN - check) / 10


def _on_turn(st: GrabHitState, s: int) -> bool:
    return st.active == s and st.phase in TURN_PHASES


def race_turns(st: GrabHitState, s: int) -> float:
    """The turns seat ``s`` needs to win from here."""
    return race_times(st)[s]


def race_times(st: GrabHitState) -> list[float]:
    """Every seat's ``race_turns``, in seat order (what the state's fields are read once for)."""
    if _memo_content[0] is not st.game.content or len(_rates) > MEMO_SIZE:
        _fresh_memos(st)
    target = st.game.config["gold_target"]
    phase, active, lots, duel = st.phase, st.active, st.lots, st.players == DUEL
    # The seat on turn finishes half a turn before the others if this turn's gold (hit)
    # is still to come, half a turn after them if it is already in.
    shift = (-0.5 if phase in GOLD_AHEAD else 0.5) if phase in TURN_PHASES else 0.0
    scrolls, held, advs, purse, limbo = st.scrolls, st.locations, st.adventurer, st.gold, st.limbo
    out = []
    for s in range(st.players):
        rate = _rates.get((scrolls[s], held[s], advs[s]))  # ``gold_rate``, remembered
        if rate is None:
            rate = gold_rate(st, s)
        gold = purse[s] if advs[s] is not None else UNCHOSEN_CAPITAL
        for card, _, bid, bidder in lots:  # GAH-18: a standing bid is as good as paid
            if bidder == s:
                gold -= bid
                rate += cards.location(st, card).income
        need: float = target - gold
        turns = need / rate if need > 0.0 else 0.0
        if s == active and shift:
            turns = max(0.0, turns + shift)
        if duel:
            kill = kill_turns(st, s, 1 - s)
            turns = 0.0 if kill <= 0.0 or turns <= 0.0 else 1.0 / (1.0 / turns + 1.0 / kill)
        if limbo[s]:
            turns += LIMBO_TURNS - LIMBO_STAGE * limbo[s]
        out.append(turns)
    return out


#: A seat's gold rate and damage by the fields they are read from, for the content they were
#: read with (held, so it is never another content's): leaves share them, most seats' cards
#: changing seldom. Emptied when they grow past ``MEMO_SIZE``.
_memo_content: list[object] = [None]
_rates: dict[tuple[object, ...], float] = {}
_damages: dict[tuple[object, ...], tuple[float, bool]] = {}
MEMO_SIZE = 50_000


def _fresh_memos(st: GrabHitState) -> None:
    """Start the memos of seats' rates and damage afresh for this state's content."""
    _memo_content[0] = st.game.content
    _rates.clear()
    _damages.clear()


def gold_rate(st: GrabHitState, s: int) -> float:
    """Expected gold per turn: wheel, locations, pockets and a gold ability (remembered by the
    seat's scrolls, locations and adventurer)."""
    if _memo_content[0] is not st.game.content or len(_rates) > MEMO_SIZE:
        _fresh_memos(st)
    key = (st.scrolls[s], st.locations[s], st.adventurer[s])
    rate = _rates.get(key)
    if rate is None:
        rate = _rates[key] = _gold_rate(st, s)
    return rate


def _gold_rate(st: GrabHitState, s: int) -> float:
    eff, on = effects(st), st.scrolls[s]
    rate = WHEEL_MEAN if not _count(eff, on, "poverty") else WHEEL_MEAN_POOR
    rate += _count(eff, on, "pockets")
    if st.locations[s]:
        rate += locations.income(st, s)
    a = st.adventurer[s]
    if a is not None:
        adv = st.game.content.adventurers[a]
        p = _chance(adv.check)
        if adv.ability == "gain_per_location":
            rate += p * (adv.amount + len(st.locations[s]))
        elif adv.ability == "steal":
            rate += p * adv.amount
    return max(1.0, rate)


def _damage_per_turn(st: GrabHitState, s: int) -> tuple[float, bool, int]:
    """The best damage ``s`` deals a turn, whether it pierces, and damage scrolls in hand."""
    if _memo_content[0] is not st.game.content or len(_damages) > MEMO_SIZE:
        _fresh_memos(st)
    key = (st.scrolls[s], st.weapons[s], st.adventurer[s])
    got = _damages.get(key)
    if got is None:
        got = _damages[key] = _best_damage(st, s)
    burst = 0
    hand = st.hand[s]
    if hand:
        eff, entries = effects(st), st.game.content.cards
        for c in hand:
            if eff[c] == "damage":
                burst += entries[c].entry.amount  # type: ignore[union-attr]
    return got[0], got[1], burst


def _best_damage(st: GrabHitState, s: int) -> tuple[float, bool]:
    """The best damage ``s`` deals a turn and whether it pierces (``_damage_per_turn``)."""
    eff, on = effects(st), st.scrolls[s]
    clumsy = _count(eff, on, "clumsiness")
    berserk = _count(eff, on, "berserk")
    best = float(max(1, 1 + _count(eff, on, "fists") - clumsy))
    best_hit = best
    pierce = False
    for h in st.weapons[s]:
        dmg, spd, _, pw = cards.stats(st, h)
        one = max(1, dmg + berserk - clumsy)
        per_turn = one * min(spd, h[1])
        if per_turn > best:
            best, best_hit, pierce = float(per_turn), float(one), pw
    a = st.adventurer[s]
    if a is not None:
        adv = st.game.content.adventurers[a]
        p = _chance(adv.check)
        if adv.ability in ("blast", "assassinate"):
            best += p * adv.amount
        elif adv.ability == "extra_hit":
            best += p * best_hit
    return best, pierce


def _hits_to_come(st: GrabHitState, s: int, t: int, life: int, armour: int
                  ) -> tuple[int, int, float]:
    """On ``s``'s own turn: the hits still to come this turn at ``t``, dealt at once from phase
    4 on (GAH-47): with the weapon chosen, or before that with the weapon that hurts ``t``
    most, so choosing it changes nothing by itself; the life and armour left and the tempo
    (in turns) gained. Before phase 4 the hit is half a turn ahead."""
    if "hit" in st.lost:
        return life, armour, 0.5
    if st.phase not in HIT_AHEAD:
        return life, armour, -0.5
    w = st.attack_weapon
    if w is not None:
        return (*_dealt(st, s, w, st.hits_left, life, armour), 0.5)
    if not reachable(st, s, t) or hit.defended(st, t):
        return life, armour, 0.5
    best = _dealt(st, s, cards.FISTS, 1 + st.extra_hits, life, armour)
    for h in st.weapons[s]:
        speed = cards.stats(st, h)[1]
        left = _dealt(st, s, h[0], speed + st.extra_hits, life, armour)
        if left < best:
            best = left
    return (*best, 0.5)


def _dealt(st: GrabHitState, s: int, w: int, hits: int, life: int, armour: int
           ) -> tuple[int, int]:
    """The life and armour left after ``hits`` hits of weapon ``w`` (or fists), a weapon's
    hits stopping when it breaks (GAH-52)."""
    dur = [h[1] for h in st.weapons[s] if h[0] == w]
    n = hits if w == cards.FISTS else min([hits, *dur]) if dur else 0
    if n <= 0:
        return life, armour
    dmg, pw = cards.hit_damage(st, s, w)
    total = dmg * n
    if not pw:
        soak = min(armour, total)
        armour -= soak
        total -= soak
    return life - total, armour


def _max_armour(st: GrabHitState, t: int, foe: int) -> int:
    """``cards.max_armour`` over the table of effects."""
    eff, on = effects(st), st.scrolls[t]
    base = st.game.content.adventurers[foe].armour
    if not on:
        return base
    return max(0, base + _count(eff, on, "max_armour") - _count(eff, on, "berserk"))


def kill_turns(st: GrabHitState, s: int, t: int) -> float:
    """Turns ``s`` needs to kill ``t``: effective life over net damage per turn.

    On ``s``'s own turn the hit still to come puts it half a turn ahead; once its weapon
    for phase 5 is chosen, the hits left are dealt at once instead.
    """
    best, pierce, burst = _damage_per_turn(st, s)
    tempo = 0.0
    life, armour = st.life[t], st.armour[t]
    foe = st.adventurer[t]
    if foe is None:  # not chosen yet: a fresh adventurer
        life, armour = UNCHOSEN_LIFE, 1
    if _on_turn(st, s):
        life, armour, tempo = _hits_to_come(st, s, t, life, armour)
    if life <= 0:
        return 0.0
    hp = life + (0 if pierce else armour)
    regen = 0.0
    if not pierce and (foe is None or armour < _max_armour(st, t, foe)):
        regen += ARMOUR_REPAIR
    if foe is not None:
        fa = st.game.content.adventurers[foe]
        if fa.ability == "heal" or (fa.ability == "mend" and not pierce):
            regen += _chance(fa.check) * fa.amount
    eff = effects(st)
    for c in st.hand[t]:
        if eff[c] == "heal":
            hp += st.game.content.cards[c].entry.amount  # type: ignore[union-attr]
    left = hp - burst
    if left <= 0:
        return 0.0
    return max(0.0, left / max(MIN_NET_DAMAGE, best - regen) + tempo)
