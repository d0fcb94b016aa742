"""The course of the game (GAH-2, GAH-5..GAH-10, GAH-68, GAH-70): set-up, taking up an
adventurer, and the automatic steps of a turn, run until a seat must decide.

A turn runs the steps before it (auction settlement, rebirth: GAH-10), the limbo checks
(GAH-37, GAH-38), the rulebook's five phases (``spin``, ``income``, ``draw``, ``free``, ``hit``)
and its end. ``advance`` performs every automatic step and stops where a seat must decide:
either the top of the decision stack (out-of-turn decisions move ``to_act`` to that seat) or the
phase's own choice (the spin, the free actions, the attack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import pile

from . import auction, cards, effects, hit, limbo, locations, weapons, wheel
from .content import COLOURS
from .decisions import ChooseAdventurer, ChooseColour, RepairWeapon
from .turn import finish, gain, new_turn

if TYPE_CHECKING:
    from .state import GrabHitState


def setup(st: GrabHitState) -> None:
    """GAH-2, GAH-3: empty seats, the decks, every seat to choose an adventurer."""
    n = st.players
    st.active = st.first = 0
    st.round = 1
    st.turns = 0
    st.adventurer = [None] * n
    st.life = [0] * n
    st.armour = [0] * n
    st.gold = [0] * n
    st.weapons = [()] * n
    st.hand = [()] * n
    st.scrolls = [()] * n
    st.locations = [()] * n
    st.deck = [pile.new(d) for d in st.game.content.decks]  # GAH-3: drawn at random
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
    st.ending = None
    new_turn(st)
    st.phase = "start"
    # GAH-2: every player chooses an adventurer, seat 0 first.
    st.decisions = [ChooseAdventurer(s) for s in reversed(range(n))]
    advance(st)


def choose(st: GrabHitState, seat: int, adventurer: int) -> None:
    """GAH-2, GAH-64: take up an adventurer with full life, damaged armour, capital."""
    a = st.game.content.adventurers[adventurer]
    st.adventurer[seat] = adventurer
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
        if st.phase == "over":
            st.to_act = None
            return
        if st.decisions:
            st.to_act = st.decisions[-1].seat
            return
        if _waits(st):
            st.to_act = st.active
            return
        _step(st, st.active)


def _waits(st: GrabHitState) -> bool:
    """Whether the seat on turn decides now (and, if not, skip lost phases)."""
    ph = st.phase
    if ph == "spin":
        if "spin" in st.lost:  # GAH-37, GAH-38
            st.phase = "income"
            return False
        return True
    if ph == "free":
        return True
    if ph == "hit":
        if hit.over(st):
            st.phase = "end"
            return False
        return True
    return False


def _step(st: GrabHitState, s: int) -> None:
    ph = st.phase
    if ph == "start":
        st.active = st.first = wheel.who_starts(st)
        st._emit("starts", seat=st.first)
        new_turn(st)
    elif ph == "before":
        before(st, s)
    elif ph == "limbo":
        limbo.check(st, s)
    elif ph == "income":
        st.phase = "draw"
        income(st, s)
    elif ph == "draw":
        st.phase = "free"
        draw(st, s)
    else:
        end_turn(st, s)


def before(st: GrabHitState, s: int) -> None:
    """GAH-10, GAH-18, GAH-19, GAH-64: settle auctions, then rebirth, then limbo checks."""
    st.phase = "limbo"
    auction.settle(st, s)
    if st.dead[s]:
        st.decisions.append(ChooseAdventurer(s))


def income(st: GrabHitState, s: int) -> None:
    """GAH-7, GAH-8, GAH-20: gold from the wheel and locations; repairs."""
    got = cards.count(st, s, "pockets") + locations.income(st, s)
    sec = None
    if "spin" not in st.lost and st.sector is not None:
        sec = st.game.content.sectors[st.sector]
        got += max(0, sec.value - cards.count(st, s, "poverty") * 2)
    st._emit("phase2", seat=s, gold=got)
    gain(st, s, got)
    if sec is None or st.phase == "over":
        return
    n = st.game.config["repair_amount"]
    if "armour" in sec.symbols:
        weapons.repair_armour(st, s, n)
    if "weapon" in sec.symbols:
        worn = cards.worn(st, s)
        if len(worn) == 1:
            weapons.repair(st, s, worn[0], n)
        elif worn:
            st.decisions.append(RepairWeapon(s, n))


def draw(st: GrabHitState, s: int) -> None:
    """GAH-9, GAH-34..GAH-39: draw by the sector's colour, or fall into limbo."""
    was_immune = st.immune[s]
    st.immune[s] = False
    if "draw" in st.lost:
        return
    if st.limbo[s] == limbo.SECOND_TURN:
        limbo.leave(st, s)
        return
    assert st.sector is not None
    cols = st.game.content.sectors[st.sector].colours
    if cols[0] == "black":
        limbo.trap(st, s, was_immune)
    elif len(cols) > 1:  # GAH-9: a mixed sector offers two colours
        st.decisions.append(ChooseColour(s, tuple(COLOURS.index(c) for c in cols)))
    else:
        effects.draw(st, s, COLOURS.index(cols[0]))


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
            finish(st, tuple(i for i, g in enumerate(st.gold) if g == best), "round-limit")
            return
    st.active = nxt
    new_turn(st)
