"""Scenario tests of Grab and Hit's components and set-up, the turn and limbo: one or
more per rule (GAH-1 to GAH-10, GAH-34 to GAH-41) of docs/rules/grabhit.md."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import ConfigError
from meeple.games.grabhit import cards
from meeple.games.grabhit import turn as turns
from meeple.games.grabhit.content import BLUE, RED
from meeple.games.grabhit.decisions import BuyLocation
from meeple.games.grabhit.game import GrabHit

from .helpers import T, card, new, rig, sector, texts, turn

# ---------------------------------------------------------------- set-up


def test_gah1_components_have_the_rulebook_counts() -> None:
    """GAH-1: the wheel, 8 adventurers, 12 weapons, 14 blueprints, 24 locations, 33 scrolls."""
    kinds = [c.kind for c in T.cards]
    assert len(T.adventurers) == 8
    assert kinds.count("weapon") == 12 and kinds.count("blueprint") == 14
    assert kinds.count("location") == 24
    assert sum(1 for c in T.cards if c.colour == RED) == 33
    assert {s.value for s in T.sectors} == set(range(1, 11))
    assert sum(1 for s in T.sectors if len(s.colours) == 2) == 3
    assert any(s.colours == ["black"] for s in T.sectors)
    assert [a.name for a in T.adventurers] == ["Ashir", "Violet", "Victor", "Garret", "Devite",
                                               "Rene", "Torsher", "Elizabeth"]
    assert {c.entry.weapon_class for c in T.cards if c.kind == "weapon"} == {  # type: ignore
        "sword", "axe", "hammer", "ranged", "unique"}
    assert {c.entry.world for c in T.cards if c.kind == "location"} == {  # type: ignore
        "aura", "rondol", "terra", "centrol"}


def test_gah2_setup_full_life_damaged_armour_capital() -> None:
    """GAH-2: each player picks a different adventurer: full life, damaged armour, capital."""
    st = GrabHit(players=3).new_state(seed=1)
    assert st.to_act == 0 and "choose Ashir" in texts(st)
    st.apply("choose Ashir")
    assert "choose Ashir" not in texts(st)
    st.apply("choose Violet")
    st.apply("choose Victor")
    for s, a in enumerate(T.adventurers[:3]):
        p = st.view()["players_info"][s]
        assert p["life"] == a.life == p["max_life"]
        assert p["armour"] == a.start_armour < a.armour
        assert p["gold"] == a.capital


def test_gah3_decks_shuffled_and_hidden() -> None:
    """GAH-3: the three decks are shuffled: a deck holds its cards with no order to see (a
    pile), and the card drawn is chosen at random, so seeds draw different cards."""
    a, b = new(seed=1), new(seed=2)
    assert a.deck == b.deck and a.deck[BLUE] == list(T.decks[BLUE])
    drawn = set()
    for seed in range(8):
        st = new(seed=seed)
        turn(st, 0, "draw", sector(3, "blue"))
        drawn.add(next(c for c in T.decks[BLUE] if c not in st.deck[BLUE]))
    assert len(drawn) > 2


def test_gah4_gold_target_is_an_option() -> None:
    """GAH-4: the gold target is chosen as an option."""
    st = new(players=2, gold_target=20)
    assert st.view()["gold_target"] == 20
    with pytest.raises(ConfigError):
        meeple.load("grabhit", players=2, options={"gold_target": 1})
    turn(st, 0, "income", sector(10, "green"))
    st.gold[0] = 5
    turns.gain(st, 0, 15)
    assert st.is_over or st.phase == "over"
    assert st.winners == (0,) and st.ending == "gold-target"


def test_gah5_highest_spin_starts() -> None:
    """GAH-5: everyone spins; the highest starts, ties spin again."""
    st = GrabHit(players=3).new_state(seed=4)
    for n in ("Ashir", "Violet"):
        st.apply(f"choose {n}")
    rig(st, sector(5), sector(9), sector(9), sector(2), sector(7))
    st.apply("choose Victor")
    assert st.first == 2 and st.active == 2
    assert st.to_act == 2


def test_gah6_phases_run_in_order() -> None:
    """GAH-6: phase 1 is a spin; phases 2 and 3 follow without being skippable."""
    st = new(players=2)
    s = st.active
    assert st.phase == "spin" and texts(st) == ["spin"]
    rig(st, sector(3, "blue"))
    st.apply("spin")
    assert st.sector == sector(3, "blue")
    # apply changed the phase; mypy keeps the narrowing of the assert before it
    assert st.phase == "free"  # type: ignore[comparison-overlap]  # phases 2 and 3 ran: gold and a blue card
    assert st.gold[s] == T.adventurers[st.adventurer[s]].capital + 3
    assert len(st.weapons[s]) + len(st.hand[s]) == 1


def test_gah7_phase2_pays_wheel_coins_and_income() -> None:
    """GAH-7: phase 2 pays the wheel's coins plus the income of the locations."""
    st = new(players=2)
    st.locations[0] = (card("solar_farm"), card("frozen_lake"))
    st.gold[0] = 0
    turn(st, 0, "income", sector(7, "green"))
    assert st.gold[0] == 7 + 4 + 1


def test_gah8_repair_never_above_maximum() -> None:
    """GAH-8: the wheel repairs armour or a weapon, never above its maximum."""
    st = new(players=2)
    st.armour[0] = cards.max_armour(st, 0) - 1
    turn(st, 0, "income", sector(2, "red"))  # armour symbol
    assert st.armour[0] == cards.max_armour(st, 0)
    axe = card("battle_axe")
    st.weapons[0] = ((axe, 4, ()),)
    turn(st, 0, "income", sector(4, "green"))  # weapon symbol
    assert st.weapons[0][0][1] == 5
    st.weapons[0] = ()
    turn(st, 0, "income", sector(4, "green"))  # no weapon: nothing to repair
    assert st.weapons[0] == ()
    sword = card("knight_sword")
    st.weapons[0] = ((axe, 1, ()), (sword, 2, ()))
    turn(st, 0, "income", sector(4, "green"))
    assert texts(st) == ["repair Knight's Sword", "repair Battle Axe"] or set(texts(st)) == {
        "repair Knight's Sword", "repair Battle Axe"}
    st.apply("repair Battle Axe")
    # mypy keeps the narrowing of the assert "st.weapons[0] == ()" through the assignment
    assert dict((h[0], h[1]) for h in st.weapons[0]) == {axe: 3, sword: 2}  # type: ignore[var-annotated]


def test_gah9_mixed_sector_offers_two_colours() -> None:
    """GAH-9: a mixed sector offers its two colours; a single colour draws at once."""
    st = new(players=2)
    turn(st, 0, "draw", sector(6, "blue"))
    assert texts(st) == ["draw blue", "draw green"]
    st.apply("draw green")
    assert isinstance(st.decisions[-1], BuyLocation)


def test_gah10_before_the_turn_steps_precede_phase1() -> None:
    """GAH-10: auctions settle and the dead are reborn before phase 1."""
    st = new(players=3)
    lake = card("frozen_lake")
    st.lots = [(lake, 1, 3, 0)]
    st.gold[0] = 10
    turn(st, 0, "before")
    assert lake in st.locations[0] and st.gold[0] == 7 and st.phase == "spin"


# ---------------------------------------------------------------- limbo


def test_gah34_black_sector_sends_to_limbo() -> None:
    """GAH-34: a black sector traps the adventurer in limbo."""
    st = new(players=3)
    rig(st, sector(1, "black"), sector(3))
    turn(st, 0, "spin")
    st.apply("spin")
    assert st.limbo[0] == 1 and st.lost == ("free", "hit")
    assert st.gold[0] == T.adventurers[0].capital + 1  # phase 2 was played


def test_gah35_nobody_can_attack_in_limbo() -> None:
    """GAH-35: an adventurer in limbo cannot be attacked or targeted."""
    st = new(players=3)
    st.limbo[1] = 1
    st.hand[0] = (card("fireball"),)
    turn(st, 0, "free")
    assert "cast Fireball on Violet" not in texts(st)
    st.apply("done")
    st.apply("attack with fists")
    assert texts(st) == ["hit Victor"]


def test_gah36_limbo_entry_spin() -> None:
    """GAH-36: on entering, 9-10 frees at once; else phases 4 and 5 are lost."""
    st = new(players=3)
    rig(st, sector(9))
    turn(st, 0, "draw", sector(1, "black"))
    assert st.limbo[0] == 0 and st.phase == "free" and "done" in texts(st)
    rig(st, sector(8))
    turn(st, 2, "draw", sector(1, "black"))
    assert st.limbo[2] == 1
    assert texts(st) == ["done"]  # phase 4 is lost (no witch's shop on the table)
    st.apply("done")
    assert st.active == 0  # phase 5 lost, the turn passed


def test_gah37_limbo_second_turn() -> None:
    """GAH-37: before the second turn 7-10 frees; else phases 1, 3, 4 and 5 are lost."""
    st = new(players=3)
    st.limbo[2] = 1
    rig(st, sector(7))
    turn(st, 2, "before")
    assert st.limbo[2] == 0 and texts(st) == ["spin"]
    st.limbo[2] = 1
    st.locations[2] = (card("frozen_lake"),)
    gold = st.gold[2]
    rig(st, sector(6, "blue"))
    turn(st, 2, "before")
    assert st.limbo[2] == 2 and st.lost == ("spin", "draw", "free", "hit")
    assert st.gold[2] == gold + 1  # phase 2: income only
    assert texts(st) == ["done"]


def test_gah38_limbo_third_turn() -> None:
    """GAH-38: before the third turn 5-10 frees; else the adventurer leaves at phase 3."""
    st = new(players=3)
    st.limbo[2] = 2
    rig(st, sector(5))
    turn(st, 2, "before")
    assert st.limbo[2] == 0 and texts(st) == ["spin"]
    st.limbo[2] = 2
    rig(st, sector(4))
    turn(st, 2, "before")
    assert st.limbo[2] == 0 and texts(st) == ["draw blue", "draw green", "draw red"]


def test_gah39_never_limbo_twice_in_a_row() -> None:
    """GAH-39: right after limbo a black sector does not trap again."""
    st = new(players=3)
    st.limbo[2] = 1
    rig(st, sector(8), sector(1, "black"))
    turn(st, 2, "before")
    st.apply("spin")
    assert st.limbo[2] == 0 and st.phase == "free"
    rig(st, sector(3))
    turn(st, 2, "spin")
    rig(st, sector(1, "black"), sector(3))
    st.apply("spin")
    assert st.limbo[2] == 1  # the turn after, the trap works again


def test_gah40_limbo_keeps_phase2_and_witch() -> None:
    """GAH-40: phase 2 is never lost in limbo, and the witch's shop can be visited."""
    st = new(players=3)
    st.locations[1] = (card("witch_shop"),)
    st.limbo[2] = 1
    st.gold[2] = 10
    rig(st, sector(2), sector(3, "blue"))
    turn(st, 2, "before")
    assert "visit Witch's Shop: buy a scroll" in texts(st)
    assert not any(t.startswith(("bid", "cast", "use", "attach")) for t in texts(st))


def test_gah41_escape_attempts_are_automatic() -> None:
    """GAH-41: the escape spin is made for the trapped adventurer; it cannot be refused."""
    st = new(players=3)
    st.limbo[1] = 1
    n = len(st.events())
    turn(st, 1, "before")
    spins = [e for e in st.events()[n:] if e["type"] == "spin"]
    assert spins and spins[0]["why"] == "escape limbo"
