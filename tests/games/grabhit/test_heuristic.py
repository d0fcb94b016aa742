"""The bots' heuristic (``_evaluate``): a race to the gold target or, with two, to a kill."""

from __future__ import annotations

import meeple
from meeple.games.grabhit import cards
from meeple.games.grabhit import turn as turns
from meeple.games.grabhit.state import GrabHitState

from .helpers import card, new, turn


def test_gold_and_income_shorten_the_race() -> None:
    """More gold, and a location that pays every turn, are each worth something."""
    st = new(players=2, advs=["Victor", "Devite"])
    turn(st, 1, "free")
    even = st.evaluate(0)
    richer = st.clone()
    richer.gold[0] += 8
    assert richer.evaluate(0) > even and richer.evaluate(1) < st.evaluate(1)
    landed = richer.clone()
    landed.locations[0] = (card("solar_farm"),)
    assert landed.evaluate(0) > richer.evaluate(0)


def test_a_standing_bid_counts_as_spent() -> None:
    """A bid is paid before the bidder's next turn: it is no longer gold towards the target."""
    st = new(players=2, advs=["Victor", "Devite"])
    turn(st, 0, "free")
    st.gold[0] = 40
    before = st.evaluate(0)
    st.lots = [(card("crystal_fields"), 1, 30, 0)]
    assert st.evaluate(0) < before


def test_a_weapon_that_can_kill_is_a_threat() -> None:
    """With two seats the first death ends the game: a rival's deadly weapon lowers our value,
    and armour against it raises it again."""
    st = new(players=2, advs=["Victor", "Devite"])
    turn(st, 0, "free")
    calm = st.evaluate(0)
    st.weapons[1] = ((card("great_maul"), 4, ()),)
    threatened = st.evaluate(0)
    assert threatened < calm
    st.armour[0] = cards.max_armour(st, 0)
    assert st.evaluate(0) > threatened
    st.life[1] = 1
    st.hand[0] = (card("fireball"),)  # a scroll in hand finishes the rival
    assert st.evaluate(0) > 0.8


def test_setup_tells_adventurers_apart() -> None:
    """Choosing an adventurer is read from capital and ability, not only from gold."""
    st = meeple.load("grabhit", players=2).new_state(seed=3)
    assert isinstance(st, GrabHitState)
    st.apply("choose Devite")
    values = {}
    for name in ("Ashir", "Victor", "Garret"):
        c = st.clone()
        c.apply(f"choose {name}")
        values[name] = c.evaluate(1)
    # Ashir's treasury and Garret's theft bring gold every turn; Victor's mend does not.
    assert values["Ashir"] > values["Victor"] and values["Garret"] > values["Victor"]
    assert min(values.values()) >= 0.02 and max(values.values()) <= 0.98


def test_passing_the_turn_alone_does_not_move_the_value() -> None:
    """Half a turn ahead while this turn's gold or hit is to come, half behind once it is in:
    handing the turn over changes nothing by itself, so leaves read at any phase compare."""
    st = new(players=2, advs=["Victor", "Devite"])
    turn(st, 0, "free")
    st.lost = ("hit",)  # this turn's gold is paid and no hit is left
    ending = st.evaluate(0)
    nxt = st.clone()
    nxt.active = 1
    turns.new_turn(nxt)
    nxt.phase = "spin"
    assert abs(nxt.evaluate(0) - ending) < 0.02


def test_the_chosen_weapon_counts_before_the_hit() -> None:
    """Once the phase-5 weapon is chosen its hits count at once: a sword beats fists."""
    st = new(players=2, advs=["Victor", "Devite"])
    st.weapons[0] = ((card("knight_sword"), 6, ()),)
    turn(st, 0, "hit")
    assert {"attack with Knight's Sword", "attack with fists"} <= {
        str(a) for a in st.legal_actions()}
    sword, fists = st.clone(), st.clone()
    sword.apply("attack with Knight's Sword")
    fists.apply("attack with fists")
    assert sword.evaluate(0) > fists.evaluate(0)


def test_the_hits_to_come_count_from_the_free_actions_on() -> None:
    """From phase 4 on, this turn's hits count as dealt with the weapon that hurts most: a
    search leaf read before the hit compares with one read after it, so ending the free
    actions, or choosing that weapon, changes nothing by itself."""
    st = new(players=2, advs=["Victor", "Devite"])
    st.weapons[0] = ((card("knight_sword"), 6, ()),)
    turn(st, 0, "free")
    free = st.evaluate(0)
    st.apply("done")
    assert st.phase == "hit" and st.attack_weapon is None
    assert abs(st.evaluate(0) - free) < 1e-9
    st.apply("attack with Knight's Sword")
    assert abs(st.evaluate(0) - free) < 1e-9


def test_a_kill_within_this_turns_hits_reads_as_won_before_the_hit() -> None:
    """With two seats the first death ends the game (GAH-66): a rival the coming hits finish
    is as good as dead already in phase 4, not half a turn away."""
    st = new(players=2, advs=["Victor", "Devite"])
    st.weapons[0] = ((card("knight_sword"), 6, ()),)  # 3 damage, one hit a turn
    st.life[1], st.armour[1] = 3, 0
    turn(st, 0, "spin")
    before_spin = st.evaluate(0)
    turn(st, 0, "free")
    assert st.evaluate(0) > before_spin
    st.apply("done")
    st.apply("attack with Knight's Sword")
    assert st.phase == "hit" and st.life[1] == 3
    hit_now = st.evaluate(0)
    turn(st, 0, "free")
    assert st.evaluate(0) == hit_now


def test_a_rival_out_of_reach_takes_no_hit_to_come() -> None:
    """GAH-35: nobody hits an adventurer in limbo, so the hits to come count for nothing."""
    st = new(players=2, advs=["Victor", "Devite"])
    st.weapons[0] = ((card("knight_sword"), 6, ()),)
    st.life[1], st.armour[1] = 1, 0
    turn(st, 0, "free")
    reachable = st.evaluate(0)
    st.limbo[1] = 1
    assert st.evaluate(0) < reachable


def test_an_extra_hit_won_this_turn_counts_at_once() -> None:
    """An extra hit won in phase 4 (Torsher's ability, or a spell) is a hit to come: the value
    read just after it is the fresh race, not the one remembered from before it."""
    st = new(players=2, advs=["Torsher", "Devite"])
    st.weapons[0] = ((card("knight_sword"), 6, ()),)
    turn(st, 0, "free")
    before = st.evaluate(0)
    st.extra_hits += 1
    after = st.evaluate(0)
    assert after > before
    assert after == st._evaluate_all()[0]
