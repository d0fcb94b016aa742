"""Rings, the map and the sideboards (HVN-1 .. HVN-20)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st_

import meeple
from meeple.games.heavens import board, cards, figures, rings
from meeple.games.heavens.rings import ARMOUR, ATTACK, HEALTH, POISON
from meeple.games.heavens.state import HeavensState

from .helpers import card, fresh, give, hexi, place, texts, unlock

COUNTS = {"black": 6, "green": 6, "grey": 8, "orange": 8, "red": 60, "white": 12}


def stacked(st: HeavensState, colour: str) -> int:
    """Rings of a colour lying on the Heavens, counted from the stacks themselves."""
    n = 0
    for u in st.units.values():
        n += {"red": u[HEALTH], "green": u[POISON], "grey": u[ARMOUR], "orange": u[ATTACK],
              "black": 1 if u[5] >= 0 else 0}.get(colour, 0)
    if colour == "black":
        n += sum(st.traps.values())
    if colour == "white":
        n += sum(st.architecture.values())
    if colour == "grey":
        n += sum(d[0] for d in st.dropped.values())
    if colour == "orange":
        n += sum(d[1] for d in st.dropped.values())
    return n


def test_hvn1_box_holds_exactly_100_rings() -> None:
    """HVN-1: black 6, green 6, grey 8, orange 8, red 60, white 12."""
    st = fresh()
    assert st.box == COUNTS
    assert sum(st.box.values()) == 100


@settings(max_examples=15, deadline=None)
@given(seed=st_.integers(0, 10_000), steps=st_.integers(0, 600),
       players=st_.sampled_from([2, 4]), runes=st_.booleans())
def test_hvn1_rings_are_conserved_in_random_play(seed: int, steps: int, players: int,
                                                  runes: bool) -> None:
    """HVN-1: no ring is created or lost; the box and the stacks always hold them all."""
    st = meeple.load("heavens", players=players,
                     options={"rolling_runes": runes}).new_state(seed=seed)
    ch = random.Random(seed)
    for _ in range(steps):
        if st.is_over:
            break
        st.apply(ch.choice(st.legal_actions()))
        for colour, n in COUNTS.items():
            assert st.box[colour] + stacked(st, colour) == n
        for c, u in st.units.items():
            assert u[HEALTH] <= st.game.health[c] and u[ARMOUR] <= 2 and u[ATTACK] <= 2


def test_hvn2_poseidon_needs_ten_red_rings() -> None:
    """HVN-2: with 8 red rings in the box Poseidon cannot be summoned."""
    st = fresh(pantheon_a="greek")
    cards.set_hand(st, 0, [])
    give(st, 0, "poseidon", "hermes")
    rings.take(st, "red", 52)
    assert st.box["red"] == 8
    t = texts(st)
    assert not any(x.startswith("summon Poseidon") for x in t)
    assert "summon Hermes at e1" in t
    rings.give_back(st, "red", 2)
    st._legal = None
    assert "summon Poseidon at e1" in texts(st)


def test_hvn2_ability_needs_its_rings_in_the_box() -> None:
    """HVN-2: Hestia's column needs three white rings."""
    st = fresh()
    unlock(st)
    place(st, "hestia", "f5")
    assert "ability Hestia: Column of Hestia" in texts(st)
    rings.take(st, "white", 10)
    st._legal = None
    assert "ability Hestia: Column of Hestia" not in texts(st)


def test_hvn3_incapacitated_character_cannot_act() -> None:
    """HVN-3: a black ring on top forbids every action of that character."""
    st = fresh()
    unlock(st)
    z = place(st, "zeus", "f5")
    place(st, "thor", "f6")
    assert any("with Zeus" in x for x in texts(st))
    rings.stun(st, z)
    st._legal = None
    assert not any("Zeus" in x for x in texts(st))


def test_hvn3_incapacity_wears_off_after_own_turn() -> None:
    """HVN-3: stunned in the enemy's turn, the character misses its own next turn only."""
    st = fresh()
    unlock(st)
    z = place(st, "zeus", "f5")
    t = place(st, "thor", "f8")
    cards.set_hand(st, 0, [])
    st.apply("end actions")  # seat 0's turn ends; seat 1's turn
    rings.stun(st, z)
    assert st.box["black"] == 5
    st.apply("end actions")
    st.apply("done") if st.phase == "cleanup" else None
    assert st.active == 0 and st.units[z][5] >= 0  # still incapacitated in its own turn
    assert not any("Zeus" in x for x in texts(st))
    st.apply("end actions")
    if st.phase == "cleanup":
        st.apply("done")
    assert st.units[z][5] < 0 and st.box["black"] == 6
    assert t in st.at.values()


def test_hvn4_traps_never_on_summoning_hexes() -> None:
    """HVN-4: trap targets exclude every summoning hex."""
    st = fresh()
    unlock(st)
    place(st, "artemis", "f3")
    st.apply("ability Artemis: Hunter's Snare")
    targets = [x.split()[1] for x in texts(st)]
    assert targets and not {"e1", "f1", "g1", "e11", "f12", "g11"} & set(targets)


def test_hvn4_trap_under_enemy_character() -> None:
    """HVN-4: a trap laid under an enemy character sits beneath its stack."""
    st = fresh()
    unlock(st)
    place(st, "artemis", "f4")
    place(st, "thor", "f6")
    st.apply("ability Artemis: Hunter's Snare")
    st.apply("target f6")
    assert st.traps[hexi(st, "f6")] == 2
    assert st.box["black"] == 4


def test_hvn5_trapped_character_cannot_act() -> None:
    """HVN-5: a trapped character takes no action."""
    st = fresh()
    unlock(st)
    z = place(st, "zeus", "f5")
    rings.set_trap(st, st.units[z][0], 2)
    st._legal = None
    assert not any("Zeus" in x for x in texts(st))


def test_hvn5_attacking_a_trap_frees_the_character() -> None:
    """HVN-5: any character not in the trap may attack it; damage removes black rings."""
    st = fresh()
    unlock(st)
    z = place(st, "zeus", "f5")
    place(st, "ares", "f4")
    rings.set_trap(st, hexi(st, "f5"), 3)
    st._legal = None
    assert "attack trap f5 with Ares" in texts(st)
    st.apply("attack trap f5 with Ares")  # melee 4 > 3 rings
    assert hexi(st, "f5") not in st.traps and figures.can_act(st, z)
    assert st.box["black"] == 6


def test_hvn6_poison_bites_at_start_of_controllers_turn() -> None:
    """HVN-6: one damage per poison ring as the controller's turn begins."""
    st = fresh()
    unlock(st)
    t = place(st, "thor", "f8")
    rings.add_rings(st, t, POISON, "green", 2)
    cards.set_hand(st, 0, [])
    st.apply("end actions")
    assert st.active == 1 and st.units[t][HEALTH] == 7


def test_hvn6_armour_does_not_stop_poison() -> None:
    """HVN-6, HVN-7: armour ignores poison."""
    st = fresh()
    unlock(st)
    t = place(st, "thor", "f8")
    rings.add_rings(st, t, ARMOUR, "grey", 2)
    rings.add_rings(st, t, POISON, "green", 1)
    cards.set_hand(st, 0, [])
    st.apply("end actions")
    assert st.units[t][HEALTH] == 8


def test_hvn7_armour_absorbs_and_stays() -> None:
    """HVN-7: each armour ring absorbs one damage and is not used up."""
    st = fresh()
    unlock(st)
    place(st, "ares", "f5")
    t = place(st, "thor", "f6")
    rings.add_rings(st, t, ARMOUR, "grey", 2)
    st.apply("attack Thor with Ares")
    assert st.units[t][HEALTH] == 7 and st.units[t][ARMOUR] == 2
    st.apply("attack Thor with Ares")
    assert st.units[t][HEALTH] == 5 and st.units[t][ARMOUR] == 2


def test_hvn7_at_most_two_armour_rings() -> None:
    """HVN-7: armour effects stop at two rings; no target is offered beyond."""
    st = fresh()
    unlock(st)
    place(st, "athena", "f5")
    z = place(st, "zeus", "f4")
    rings.add_rings(st, z, ARMOUR, "grey", 2)
    st._legal = None
    st.apply("ability Athena: Aegis")
    assert "target Zeus" not in texts(st) and "target Athena" in texts(st)


def test_hvn7_pierce_ignores_armour() -> None:
    """HVN-7: Gungnir's damage is not absorbed."""
    st = fresh(pantheon_a="norse", pantheon_b="greek")
    unlock(st)
    place(st, "odin", "f5")
    z = place(st, "zeus", "f8")
    rings.add_rings(st, z, ARMOUR, "grey", 2)
    st._legal = None
    st.apply("ability Odin: Gungnir")
    st.apply("target Zeus")
    assert st.units[z][HEALTH] == 6


def test_hvn8_attack_rings_add_to_power() -> None:
    """HVN-8: each attack ring adds one to melee and ranged power."""
    st = fresh()
    unlock(st)
    a = place(st, "ares", "f5")
    t = place(st, "thor", "f6")
    rings.add_rings(st, a, ATTACK, "orange", 2)
    st._legal = None
    st.apply("attack Thor with Ares")
    assert st.units[t][HEALTH] == 9 - 6
    st.apply("ability Ares: Bloodlust") if "ability Ares: Bloodlust" in texts(st) else None
    assert st.units[a][ATTACK] == 2


def test_hvn9_heal_never_exceeds_card_health() -> None:
    """HVN-9: health never rises above the card's value."""
    st = fresh()
    unlock(st)
    place(st, "apollo", "f5")
    z = place(st, "zeus", "f4", hp=7)
    st.apply("ability Apollo: Healing Light")
    st.apply("target Zeus")
    assert st.units[z][HEALTH] == 8
    assert st.box["red"] == 60 - 6 - 8


def test_hvn10_columns_block_and_can_be_destroyed() -> None:
    """HVN-10: a column blocks movement, can be attacked, never on a summoning hex."""
    st = fresh()
    unlock(st)
    place(st, "hestia", "f4")
    st.apply("ability Hestia: Column of Hestia")
    t = texts(st)
    assert "target f1" not in t and "target e1" not in t
    st.apply("target f5")
    assert st.architecture[hexi(st, "f5")] == 3 and board.blocked(st, hexi(st, "f5"))
    place(st, "ares", "e5")
    st._legal = None
    st.apply("attack architecture f5 with Ares")
    assert hexi(st, "f5") not in st.architecture and st.box["white"] == 12


def test_hvn11_map_shape_and_labels() -> None:
    """HVN-11: 102 hexes in columns a..k, the central column of 12."""
    b = fresh().game.board
    assert len(b.labels) == 102
    assert sum(1 for x in b.labels if x[0] == "f") == 12
    assert sum(1 for x in b.labels if x[0] == "a") == 7
    assert b.labels[b.base[0]] == "f2" and b.labels[b.base[1]] == "f11"


def test_hvn12_occupied_hexes_block_movement_and_fire() -> None:
    """HVN-12: characters, traps, architecture and dropped rings block; a fallen one alone not."""
    st = fresh()
    h = hexi(st, "f6")
    assert not board.blocked(st, h)
    st.dropped = {**st.dropped, h: (1, 0)}
    assert board.blocked(st, h)
    st.dropped = {}
    st.traps = {**st.traps, h: 1}
    assert board.blocked(st, h)
    st.traps = {}
    st.architecture = {**st.architecture, h: 1}
    assert board.blocked(st, h)
    st.architecture = {}
    st.fallen_at = {**st.fallen_at, h: card(st, "zeus")}
    assert not board.blocked(st, h)


def test_hvn13_summon_only_on_free_own_summoning_hexes() -> None:
    """HVN-13: summons go only to one's own free summoning hexes."""
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 0, "zeus", "ares")
    place(st, "athena", "e1")
    t = [x for x in texts(st) if x.startswith("summon Zeus")]
    assert t == ["summon Zeus at f1", "summon Zeus at g1"]
    place(st, "hermes", "f1")
    place(st, "hestia", "g1")
    assert not any(x.startswith("summon") for x in texts(st))


def test_hvn14_base_blocks_and_can_be_attacked() -> None:
    """HVN-14: the base hex blocks movement; an adjacent enemy may attack it."""
    st = fresh()
    unlock(st)
    assert board.blocked(st, hexi(st, "f11"))
    place(st, "ares", "f10")
    st.apply("attack base with Ares")
    assert st.base_health[1] == 26
    place(st, "thor", "f3")
    st._legal = None
    assert "attack base with Ares" in texts(st)


def test_hvn15_descent_summons_on_a_central_hex() -> None:
    """HVN-15: Descent from Olympus summons onto a free central hex."""
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 0, "descent_from_olympus", "zeus")
    st.apply("play Descent from Olympus")
    t = texts(st)
    assert t == ["summon Zeus at e6", "summon Zeus at f6", "summon Zeus at f7",
                 "summon Zeus at g6"]
    st.apply("summon Zeus at f7")
    assert st.at[hexi(st, "f7")] == card(st, "zeus") and st.summons[0] == 1
    assert st.discard[0] == (card(st, "descent_from_olympus"),)


def test_hvn16_ranged_attack_goes_around_obstacles() -> None:
    """HVN-16: no straight line needed; a chain of empty hexes within range suffices."""
    st = fresh()
    unlock(st)
    place(st, "artemis", "f4")  # range 4
    place(st, "thor", "f7")
    assert "attack Thor with Artemis" in texts(st)
    for lab in ("e5", "f5", "g4", "e4", "g3", "e3", "f3", "g5"):
        st.architecture = {**st.architecture, hexi(st, lab): 1}
    st._legal = None
    assert "attack Thor with Artemis" not in texts(st)


def test_hvn17_tokens_are_spent_one_per_action() -> None:
    """HVN-17: every action moves one token along the track."""
    st = fresh()
    unlock(st)
    place(st, "ares", "f5")
    place(st, "thor", "f6")
    assert st.tokens == 3
    st.apply("attack Thor with Ares")
    assert st.tokens == 2
    st.apply("move Ares")
    assert st.tokens == 1


def test_hvn18_bases_start_at_30() -> None:
    """HVN-18: both bases start at 30."""
    assert fresh().base_health == (30, 30)


def test_hvn19_deck_is_hidden() -> None:
    """HVN-19: views show the deck's size only; determinize reshuffles hidden cards."""
    st = fresh()
    v = st.view(0)
    assert v["sides"][0]["deck"] == len(st.deck[0])
    assert v["hands"][1]["cards"] is None and v["hands"][0]["cards"] is not None
    d = st.determinize(0, 3)
    assert d.view(0) == v
    assert sorted(d.deck[1] + d.hands[1]) == sorted(st.deck[1] + st.hands[1])


def test_hvn20_discard_is_public_and_ordered() -> None:
    """HVN-20: discarded cards are public, in the order they came."""
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 0, "ambrosia", "labyrinth")
    st.apply("end actions")
    st.apply("discard Labyrinth of Minos")
    st.apply("discard Ambrosia")
    assert st.view(1)["sides"][0]["discard"] == ["labyrinth", "ambrosia"]
