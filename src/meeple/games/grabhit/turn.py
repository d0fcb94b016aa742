"""The turn (GAH-2, GAH-5..GAH-10, GAH-68, GAH-70): set-up, the automatic steps, the phases.

``advance`` performs every automatic step and stops where a seat must decide: either the top
of the decision stack (out-of-turn decisions move ``to_act`` to that seat) or the phase's own
choice (the spin, the free actions, the attack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import pile

from . import auction, cards, hit, limbo, locations, victory, weapons, wheel
from .content import COLOURS
from .decisions import ChooseAdventurer, ChooseColour, RepairWeapon
from .phases import Phase

if TYPE_CHECKING:
    from .state import GrabHitState


def setup(st: GrabHitState) -> None:
    """GAH-2, GAH-3: empty seats, the decks, every seat to choose an adventurer."""
    n = st.players
    st.phase = int(Phase.START)
    st.current = st.first = 0
    st.round = 1
    st.turns = 0
    st.adv = [None] * n
    st.life = [0] * n
    st.armour = [0] * n
    st.gold = [0] * n
    st.weapons = [()] * n
    st.hand = [()] * n
    st.upg = [()] * n
    st.locs = [()] * n
    st.deck = [pile.new(d) for d in st.game.T.decks]  # GAH-3: drawn at random (cards.draw)
    st.discard = [[], [], []]
    st.lots = []
    st.centre = []
    st.centre_queue = []
    st.limbo = [0] * n
    st.immune = [False] * n
    st.dead = [False] * n
    st.died = [False] * n
    st.defending = ()
    st.last_spin = None
    st.winners = ()
    st.end_reason = ""
    new_turn(st)
    st.phase = int(Phase.START)
    # GAH-2: every player chooses an adventurer, seat 0 first.
    st.decisions = [ChooseAdventurer(s) for s in reversed(range(n))]
    advance(st)


def new_turn(st: GrabHitState) -> None:
    """Clear what one turn remembers, for the seat on turn."""
    st.phase = int(Phase.BEFORE)
    st.attacked = []
    st.sector = None
    st.lost = ()
    st.ability_used = False
    st.visited = ()
    st.extra_hits = 0
    st.p5_weapon = None
    st.hits_left = st.hits_made = 0


def choose(st: GrabHitState, seat: int, adventurer: int) -> None:
    """GAH-2, GAH-64: take up an adventurer with full life, damaged armour, capital."""
    a = st.game.T.adventurers[adventurer]
    st.adv[seat] = adventurer
    st.life[seat] = a.life
    st.armour[seat] = a.start_armour
    st.gold[seat] = a.capital
    if st.dead[seat]:
        st.dead[seat] = False
        st._emit("reborn", seat=seat, adventurer=a.id)
    else:
        st._emit("chosen", seat=seat, adventurer=a.id)


def advance(st: GrabHitState) -> None:
    """Run automatic steps until a seat must decide or the game is over."""
    while True:
        if st.phase == Phase.OVER:
            st.to_act = None
            return
        if st.decisions:
            st.to_act = st.decisions[-1].seat
            return
        if _waits(st):
            st.to_act = st.current
            return
        _step(st, st.current)


def _waits(st: GrabHitState) -> bool:
    """Whether the seat on turn decides now (and, if not, skip lost phases)."""
    ph = st.phase
    if ph == Phase.SPIN:
        if Phase.SPIN in st.lost:  # GAH-37, GAH-38
            st.phase = int(Phase.INCOME)
            return False
        return True
    if ph == Phase.FREE:
        return True
    if ph == Phase.HIT:
        if hit.over(st):
            st.phase = int(Phase.END)
            return False
        return True
    return False


def _step(st: GrabHitState, s: int) -> None:
    ph = st.phase
    if ph == Phase.START:
        st.current = st.first = wheel.who_starts(st)
        st._emit("starts", seat=st.first)
        new_turn(st)
    elif ph == Phase.BEFORE:
        before(st, s)
    elif ph == Phase.LIMBO:
        limbo.check(st, s)
    elif ph == Phase.INCOME:
        st.phase = int(Phase.DRAW)
        income(st, s)
    elif ph == Phase.DRAW:
        st.phase = int(Phase.FREE)
        draw(st, s)
    else:
        end_turn(st, s)


def before(st: GrabHitState, s: int) -> None:
    """GAH-10, GAH-18, GAH-19, GAH-64: settle auctions, then rebirth, then limbo checks."""
    st.phase = int(Phase.LIMBO)
    auction.settle(st, s)
    if st.dead[s]:
        st.decisions.append(ChooseAdventurer(s))


def income(st: GrabHitState, s: int) -> None:
    """GAH-7, GAH-8, GAH-20: gold from the wheel and locations; repairs."""
    got = cards.count_upg(st, s, "pockets") + locations.income(st, s)
    sec = None
    if Phase.SPIN not in st.lost and st.sector is not None:
        sec = st.game.T.sectors[st.sector]
        got += max(0, sec.value - cards.count_upg(st, s, "poverty") * 2)
    st._emit("phase2", seat=s, gold=got)
    victory.gain(st, s, got)
    if sec is None or st.phase == Phase.OVER:
        return
    n = st.game.config["repair_amount"]
    if "armour" in sec.symbols:
        weapons.repair_armour(st, s, n)
    if "weapon" in sec.symbols:
        worn = weapons.worn(st, s)
        if len(worn) == 1:
            weapons.repair(st, s, worn[0], n)
        elif worn:
            st.decisions.append(RepairWeapon(s, n))


def draw(st: GrabHitState, s: int) -> None:
    """GAH-9, GAH-34..GAH-39: draw by the sector's colour, or fall into limbo."""
    was_immune = st.immune[s]
    st.immune[s] = False
    if Phase.DRAW in st.lost:
        return
    if st.limbo[s] == limbo.SECOND_TURN:
        limbo.leave(st, s)
        return
    assert st.sector is not None
    cols = st.game.T.sectors[st.sector].colours
    if cols[0] == "black":
        limbo.trap(st, s, was_immune)
    elif len(cols) > 1:  # GAH-9: a mixed sector offers two colours
        st.decisions.append(ChooseColour(s, tuple(COLOURS.index(c) for c in cols)))
    else:
        cards.draw(st, s, COLOURS.index(cols[0]))


def end_turn(st: GrabHitState, s: int) -> None:
    """GAH-50, GAH-68, GAH-70: the attacked defend next turn; the next seat plays."""
    st.defending = tuple(sorted(set(st.attacked)))  # GAH-50
    st.turns += 1
    nxt = (s + 1) % st.players
    if nxt == st.first:
        st.round += 1
        limit = st.game.config["round_limit"]
        if limit and st.round > limit:  # GAH-70
            best = max(st.gold)
            victory.finish(st, tuple(i for i, g in enumerate(st.gold) if g == best),
                           "round-limit")
            return
    st.current = nxt
    new_turn(st)
