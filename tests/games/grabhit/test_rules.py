"""Scenario tests of Grab and Hit, one or more per rule of docs/rules/grabhit.md."""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.core import ConfigError, IllegalAction
from meeple.games.grabhit import cards, death, locations, phases, shield
from meeple.games.grabhit import turn as turns
from meeple.games.grabhit.content import BLUE, GREEN, RED
from meeple.games.grabhit.decisions import BuyLocation
from meeple.games.grabhit.game import GrabHit

from .helpers import T, all_cards, card, new, rig, sector, stack, texts, turn

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


# ---------------------------------------------------------------- blue


def test_gah11_new_weapon_hits_same_turn() -> None:
    """GAH-11: a drawn weapon arrives at once and can hit in phase 5."""
    st = new(players=2)
    stack(st, BLUE, card("great_maul"))
    turn(st, 0, "draw", sector(3, "blue"))
    st.apply("done")
    assert "attack with Great Maul" in texts(st)


def test_gah12_second_weapon_of_a_class_forces_a_choice() -> None:
    """GAH-12: a second weapon of a class: keep one, the other is discarded."""
    st = new(players=2)
    st.weapons[0] = ((card("hatchet"), 3, (card("sharpening"),)),)
    stack(st, BLUE, card("battle_axe"))
    turn(st, 0, "draw", sector(3, "blue"))
    assert texts(st) == ["keep Battle Axe", "keep Hatchet"]
    st.apply("keep Battle Axe")
    assert [h[0] for h in st.weapons[0]] == [card("battle_axe")]
    assert card("hatchet") in st.discard[BLUE] and card("sharpening") in st.discard[BLUE]


def test_gah13_blueprints_attach_in_phase4() -> None:
    """GAH-13: blueprints go to the hand and are attached in phase 4."""
    st = new(players=2)
    stack(st, BLUE, card("sharpening"))
    st.weapons[0] = ((card("battle_axe"), 5, ()),)
    turn(st, 0, "draw", sector(3, "blue"))
    assert card("sharpening") in st.hand[0]
    st.apply("attach Sharpened Edge to Battle Axe")
    assert st.weapons[0][0][2] == (card("sharpening"),)
    assert cards.stats(st, st.weapons[0][0])[0] == 4


def test_gah14_blueprints_lost_with_weapon() -> None:
    """GAH-14: a blueprint never comes off; when the weapon breaks it goes too."""
    st = new(players=2)
    axe, bp = card("battle_axe"), card("sharpening")
    st.weapons[0] = ((axe, 1, (bp,)),)
    turn(st, 0, "hit")
    assert not any(t.startswith("detach") for t in texts(st))
    st.apply("attack with Battle Axe")
    st.apply(texts(st)[0])
    assert st.weapons[0] == () and {axe, bp} <= set(st.discard[BLUE])


def test_gah15_blueprint_limit_respected() -> None:
    """GAH-15: a blueprint's modification limit caps the blueprints on the weapon."""
    st = new(players=2)
    axe = card("battle_axe")
    st.weapons[0] = ((axe, 5, (card("balanced_grip"),)),)  # grip: limit 1
    st.hand[0] = (card("sharpening"),)
    turn(st, 0, "free")
    assert not any(t.startswith("attach") for t in texts(st))
    st.weapons[0] = ((axe, 5, (card("sharpening"),)),)
    st.hand[0] = (card("balanced_grip"),)
    turn(st, 0, "free")
    assert not any(t.startswith("attach") for t in texts(st))


def test_gah16_no_two_identical_blueprints() -> None:
    """GAH-16: never two identical blueprints on one weapon."""
    st = new(players=2)
    st.weapons[0] = ((card("battle_axe"), 5, (card("sharpening", 0),)),)
    st.hand[0] = (card("sharpening", 1), card("reinforced_haft"))
    turn(st, 0, "free")
    att = [t for t in texts(st) if t.startswith("attach")]
    assert att == ["attach Reinforced Haft to Battle Axe"]


# ---------------------------------------------------------------- green


def test_gah17_declined_location_goes_to_auction() -> None:
    """GAH-17: buy at the price, or the location goes to auction at its lower opening."""
    st = new(players=2)
    farm = card("solar_farm")
    stack(st, GREEN, farm)
    st.gold[0] = 12
    turn(st, 0, "draw", sector(7, "green"))
    assert texts(st) == ["buy Solar Energy Farm", "decline Solar Energy Farm"]
    st.apply("decline Solar Energy Farm")
    assert st.lots == [(farm, 0, 0, None)]
    assert "bid 8 on Solar Energy Farm" in texts(st)  # the decliner may bid too
    assert "bid 7 on Solar Energy Farm" not in texts(st)
    st.gold[0] = 3
    stack(st, GREEN, card("frozen_lake"))
    turn(st, 0, "draw", sector(7, "green"))
    assert texts(st) == ["decline Frozen Lake"]  # cannot afford the price


def test_gah18_highest_bid_wins_before_bidders_turn() -> None:
    """GAH-18: any higher bid; the standing bid wins the card before the bidder's turn."""
    st = new(players=3)
    lake = card("frozen_lake")
    st.lots = [(lake, 0, 0, None)]
    st.gold = [20, 20, 20]
    turn(st, 1, "free")
    st.apply("bid 2 on Frozen Lake")
    turn(st, 2, "free")
    assert "bid 2 on Frozen Lake" not in texts(st)
    st.apply("bid 3 on Frozen Lake")
    st.apply("done")
    while st.active != 0 or st.phase in ("hit", "end"):
        st.apply(texts(st)[0])
    assert st.lots == [(lake, 0, 3, 2)]  # the opener's turn does not settle it
    turn(st, 2, "before")
    assert lake in st.locations[2] and st.gold[2] == 17 and st.lots == []


def test_gah19_unbid_lot_discarded_after_a_round() -> None:
    """GAH-19: a lot without a bid for a whole round is discarded."""
    st = new(players=2)
    lake = card("frozen_lake")
    st.lots = [(lake, 1, 0, None)]
    turn(st, 0, "before")
    assert st.lots == [(lake, 1, 0, None)]
    turn(st, 1, "before")
    assert st.lots == [] and lake in st.discard[GREEN]


def test_gah20_no_income_with_six_locations() -> None:
    """GAH-20: with six locations, phase 2 brings no income."""
    st = new(players=2)
    six = tuple(card(c) for c in ("crystal_fields", "cemetery", "old_mretto", "perre",
                                  "central_bazaar", "merchant_road"))
    st.locations[0] = six
    assert locations.income(st, 0) == 0
    st.locations[0] = six[:5]
    assert locations.income(st, 0) > 0


def test_gah21_sixth_location_forces_discard() -> None:
    """GAH-21: at most five locations; a sixth forces a discard in phase 4."""
    st = new(players=2)
    st.locations[0] = tuple(card(c) for c in ("crystal_fields", "cemetery", "old_mretto", "perre",
                                         "central_bazaar", "merchant_road"))
    turn(st, 0, "free")
    assert "done" not in texts(st)
    st.apply("discard Perre")
    assert len(st.locations[0]) == 5 and "done" in texts(st)


def test_gah22_set_bonus_by_world_and_level() -> None:
    """GAH-22: sets of one world or one level: 2 -> 1, 3 -> 3, 4 -> 6, 5 -> 10 coins."""
    st = new(players=2)
    st.locations[0] = (card("crystal_fields"), card("sky_market"))  # Aura, level 1 twice
    assert locations.income(st, 0) == 1 + 1 + 1 + 1
    st.locations[0] = tuple(card(c) for c in ("crystal_fields", "cemetery", "old_mretto",
                                         "central_bazaar", "perre"))  # five level-1
    assert locations.income(st, 0) == 5 + 10 + 1  # incomes, level set of 5, Terra pair
    st.locations[0] = tuple(card(c) for c in ("cemetery", "frozen_lake", "snow_pass", "ice_mines"))
    assert locations.income(st, 0) == 6 + 6 + 1 + 1  # Rondol four, two level pairs


def test_gah23_shop_fee_goes_to_owner() -> None:
    """GAH-23: a shop pays its owner whenever anyone visits, and nothing in phase 2."""
    st = new(players=2)
    st.locations[1] = (card("orc_tavern"),)
    assert locations.income(st, 1) == 0
    st.life[0] = 1
    st.gold = [10, 0]
    turn(st, 0, "free")
    st.apply("visit Orc Cook's Tavern: eat a hot meal")
    assert st.gold == [7, 3] and st.life[0] == 2
    assert not any(t.startswith("visit Orc") for t in texts(st))  # one visit per phase


def test_gah23_shop_at_auction_can_be_visited() -> None:
    """GAH-23: a shop at auction can still be visited; the fee goes to the bank."""
    st = new(players=2)
    st.lots = [(card("armourer_shop"), 1, 0, None)]
    st.weapons[0] = ((card("battle_axe"), 1, ()),)
    st.gold = [10, 0]
    turn(st, 0, "free")
    st.apply("visit Armourer's Shop: repair Battle Axe")
    assert st.weapons[0][0][1] == 4 and st.gold == [7, 0]


def test_gah24_shop_services() -> None:
    """GAH-24: the witch sells scrolls and lifts curses; the armourer repairs armour."""
    st = new(players=2)
    st.locations[1] = (card("witch_shop"), card("armourer_shop"))
    frail = card("frailty")
    st.scrolls[0] = (frail,)
    st.gold = [20, 0]
    st.armour[0] = 0
    turn(st, 0, "free")
    assert "visit Witch's Shop: buy a scroll" in texts(st)
    st.apply("visit Witch's Shop: lift Curse of Frailty")
    assert st.scrolls[0] == () and frail in st.discard[RED]
    st.apply("visit Armourer's Shop: repair armour")
    assert st.armour[0] == 2 and st.gold == [12, 8]


# ---------------------------------------------------------------- red


def test_gah25_magic_is_kept_and_cast_in_phase4() -> None:
    """GAH-25: magic is kept and cast in phase 4."""
    st = new(players=2)
    fb = card("fireball")
    stack(st, RED, fb)
    turn(st, 0, "draw", sector(5, "red"))
    assert fb in st.hand[0]
    st.armour[1] = 0
    life = st.life[1]
    st.apply("cast Fireball on Violet")
    assert st.life[1] == life - 3 and fb in st.discard[RED]


def test_gah26_drawn_curse_applies_to_drawer() -> None:
    """GAH-26: a curse that can take effect hits the drawer at once and is discarded."""
    st = new(players=2)
    rob = card("robbery")
    stack(st, RED, rob)
    st.gold[0] = 3
    turn(st, 0, "draw", sector(5, "red"))
    assert st.gold[0] == 0 and rob in st.discard[RED] and rob not in st.hand[0]


def test_gah27_lasting_curse_stays() -> None:
    """GAH-27: three curses stay on the adventurer after taking effect."""
    lasting = [c.entry.id for c in T.cards if c.kind == "curse" and c.entry.lasting]  # type: ignore
    assert sorted(lasting) == ["clumsiness", "frailty", "poverty"]
    st = new(players=2)
    stack(st, RED, card("frailty"))
    full = cards.max_life(st, 0)
    turn(st, 0, "draw", sector(5, "red"))
    assert card("frailty") in st.scrolls[0] and cards.max_life(st, 0) == full - 1
    assert st.life[0] <= cards.max_life(st, 0)


def test_gah28_inapplicable_curse_is_kept_for_others() -> None:
    """GAH-28: a curse that cannot take effect is kept and cast on others in phase 4."""
    st = new(players=2)
    rust = card("rust")
    stack(st, RED, rust)
    st.weapons[0] = ()
    turn(st, 0, "draw", sector(5, "red"))
    assert rust in st.hand[0]
    assert "cast Rust on Violet" not in texts(st)  # Violet has no weapon either
    st.weapons[1] = ((card("crossbow"), 2, ()),)
    st._legal = None
    st.apply("cast Rust on Violet")
    assert st.weapons[1] == ()


def test_gah29_upgrade_applies_at_once() -> None:
    """GAH-29: an upgrade applies at once, wanted or not (berserker blood lowers armour)."""
    st = new(players=2)
    st.armour[0] = cards.max_armour(st, 0)
    before = cards.max_armour(st, 0)
    stack(st, RED, card("berserk"))
    turn(st, 0, "draw", sector(5, "red"))
    assert cards.max_armour(st, 0) == before - 1 and st.armour[0] == before - 1
    st.weapons[0] = ((card("battle_axe"), 5, ()),)
    assert cards.hit_damage(st, 0, card("battle_axe")) == (4, False)


def test_gah30_no_two_identical_shields() -> None:
    """GAH-30: a shield is an upgrade; an identical second one cannot be held."""
    st = new(players=2)
    w = card("ward_of_will")
    st.scrolls[0] = (w,)
    shield.add(st, 0, w)
    assert st.scrolls[0].count(w) == 1


def test_gah31_shield_blocks_and_check() -> None:
    """GAH-31: the target chooses to take the effect or block it; blocking costs a check."""
    st = new(players=2)
    st.scrolls[1] = (card("spell_mirror"),)
    st.hand[0] = (card("fireball"),)
    turn(st, 0, "free")
    life = st.life[1]
    st.apply("cast Fireball on Violet")
    assert st.to_act == 1 and texts(st) == ["block with Spell Mirror", "accept"]
    rig(st, sector(9, "red"))
    st.apply("block with Spell Mirror")
    assert st.life[1] == life and card("spell_mirror") in st.scrolls[1]
    assert st.to_act == 0


def test_gah32_failed_check_breaks_shield() -> None:
    """GAH-32: a failed shield check breaks the shield (the effect is still blocked)."""
    st = new(players=2)
    st.scrolls[1] = (card("spell_mirror"),)
    st.hand[0] = (card("fireball"),)
    turn(st, 0, "free")
    life = st.life[1]
    st.apply("cast Fireball on Violet")
    rig(st, sector(2, "red"))
    st.apply("block with Spell Mirror")
    assert st.life[1] == life and st.scrolls[1] == ()
    assert card("spell_mirror") in st.discard[RED]


def test_gah33_shield_does_not_lift_earlier_curse() -> None:
    """GAH-33: a shield gives no protection from a curse received before it."""
    st = new(players=2)
    st.scrolls[0] = (card("poverty"),)
    stack(st, RED, card("ward_of_will"))
    turn(st, 0, "draw", sector(5, "red"))
    assert set(st.scrolls[0]) == {card("poverty"), card("ward_of_will")}
    st.gold[0] = 0
    turn(st, 0, "income", sector(7, "green"))
    assert st.gold[0] == 5  # poverty still takes two coins


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


# ---------------------------------------------------------------- phase 4


def test_gah42_phase4_is_optional() -> None:
    """GAH-42: phase 4 may be passed with nothing done."""
    st = new(players=2)
    turn(st, 0, "free")
    assert "done" in texts(st)
    st.apply("done")
    assert st.phase == "hit"


def test_gah43_curses_and_magic_cast_on_others() -> None:
    """GAH-43: held curses and magic are cast in phase 4 on another adventurer."""
    st = new(players=2)
    st.hand[0] = (card("thiefs_hand"), card("robbery"))
    st.gold = [0, 10]
    turn(st, 0, "free")
    st.apply("cast Thief's Hand on Violet")
    assert st.gold == [4, 6]
    st.apply("cast Robbery on Violet")
    assert st.gold == [4, 1]


def test_gah44_ability_once_per_phase4() -> None:
    """GAH-44: one ability attempt per phase 4; a spin decides whether it works."""
    st = new(players=2, advs=["Elizabeth", "Violet"])
    st.life[0] = 1
    rig(st, sector(2))
    turn(st, 0, "free")
    st.apply("use ability")
    assert st.life[0] == 1 and "use ability" not in texts(st)
    rig(st, sector(9))
    turn(st, 0, "free")
    st.apply("use ability")
    assert st.life[0] == 1 + T.adventurers[7].amount


@pytest.mark.parametrize("adv", ["Ashir", "Violet", "Victor", "Garret", "Devite", "Rene",
                                 "Torsher", "Elizabeth"])
def test_gah45_each_ability_works(adv: str) -> None:
    """GAH-45: every adventurer's ability does what its story suggests."""
    other = "Victor" if adv != "Victor" else "Ashir"
    st = new(players=2, advs=[adv, other])
    st.life[0] = 1
    st.armour[0] = 0
    st.gold = [0, 10]
    st.armour[1] = 0
    st.locations[0] = (card("frozen_lake"),)
    life1 = st.life[1]
    rig(st, sector(10, "red"), sector(10, "red"))
    turn(st, 0, "free")
    options = [t for t in texts(st) if t.startswith("use ability")]
    st.apply(options[-1] if adv in ("Violet", "Garret", "Rene") else options[0])
    a = st.adventurer[0]
    assert a is not None
    kind, n = T.adventurers[a].ability, T.adventurers[a].amount
    if kind == "gain_per_location":
        assert st.gold[0] == n + 1
    elif kind in ("blast", "assassinate"):
        assert st.life[1] == life1 - n
    elif kind == "mend":
        assert st.armour[0] == n
    elif kind == "steal":
        assert st.gold == [n, 10 - n]
    elif kind == "draw_red":
        assert len(st.hand[0]) + len(st.scrolls[0]) >= 1 or len(st.discard[RED]) == 1
    elif kind == "extra_hit":
        st.apply("done")
        st.apply("attack with fists")
        assert st.hits_left == 2
    else:
        assert st.life[0] == 1 + n


# ---------------------------------------------------------------- phase 5


def test_gah46_must_attack_when_someone_can_be() -> None:
    """GAH-46: phase 5 asks for a weapon and a target whenever someone can be attacked."""
    st = new(players=2)
    st.weapons[0] = ((card("battle_axe"), 5, ()),)
    turn(st, 0, "hit")
    assert texts(st) == ["attack with Battle Axe", "attack with fists"]
    st.apply("attack with Battle Axe")
    assert texts(st) == ["hit Violet"]
    st.limbo[1] = 1
    turn(st, 0, "hit")
    assert st.active == 1  # nobody to attack: the turn simply ends


def test_gah47_speed_gives_hits_on_one_or_several() -> None:
    """GAH-47: speed is the number of hits, on several targets or the same one."""
    st = new(players=3)
    st.weapons[0] = ((card("twin_blades"), 5, ()),)
    turn(st, 0, "hit")
    st.apply("attack with Twin Blades")
    st.apply("hit Violet")
    assert "hit Violet" in texts(st) and "hit Victor" in texts(st)
    st.apply("hit Violet")
    assert st.active == 1 and st.attacked == [] and st.defending == (1,)


def test_gah48_fists_deal_one() -> None:
    """GAH-48: without a weapon (or by choice) the adventurer hits with fists for 1."""
    st = new(players=2)
    st.armour[1] = 0
    life = st.life[1]
    turn(st, 0, "hit")
    assert texts(st) == ["attack with fists"]
    st.apply("attack with fists")
    st.apply("hit Violet")
    assert st.life[1] == life - 1


def test_gah49_targets_are_other_living_adventurers() -> None:
    """GAH-49: only other living adventurers outside limbo can be attacked."""
    st = new(players=4)
    st.dead[3] = True
    turn(st, 0, "hit")
    st.apply("attack with fists")
    assert texts(st) == ["hit Violet", "hit Victor"]


def test_gah50_not_attacked_twice_in_a_row_except_three_players() -> None:
    """GAH-50: one attacked last turn cannot be attacked now — except with three players."""
    st = new(players=4)
    st.defending = (1,)
    turn(st, 2, "hit")
    st.defending = (1,)
    st._legal = None
    st.apply("attack with fists")
    assert "hit Violet" not in texts(st)
    st3 = new(players=3)
    turn(st3, 2, "hit")
    st3.defending = (1,)
    st3._legal = None
    st3.apply("attack with fists")
    assert "hit Violet" in texts(st3)


def test_gah51_armour_first_except_ranged() -> None:
    """GAH-51: damage takes armour first, then life; ranged weapons go straight to life."""
    st = new(players=2)
    st.armour[1], st.life[1] = 2, 4
    death.damage(st, 1, 3, False, 0)
    assert (st.armour[1], st.life[1]) == (0, 3)
    st.armour[1] = 2
    st.weapons[0] = ((card("crossbow"), 5, ()),)
    turn(st, 0, "hit")
    st.apply("attack with Crossbow")
    st.apply("hit Violet")
    assert (st.armour[1], st.life[1]) == (2, 1)


def test_gah52_each_hit_spends_durability() -> None:
    """GAH-52: every hit spends one durability; at zero the weapon breaks."""
    st = new(players=2)
    st.weapons[0] = ((card("battle_axe"), 2, ()),)
    turn(st, 0, "hit")
    st.apply("attack with Battle Axe")
    st.apply("hit Violet")
    assert st.weapons[0][0][1] == 1


def test_gah52_a_weapon_that_breaks_on_the_winning_hit_leaves_a_state_that_restores() -> None:
    """GAH-52: the last durability spent on the hit that ends the game: the weapon is gone,
    the game is over, and the final state is kept and read back as it was."""
    st = new(players=2)
    st.weapons[0] = ((card("battle_axe"), 1, ()),)
    st.armour[1], st.life[1] = 0, 1
    turn(st, 0, "hit")
    st.apply("attack with Battle Axe")
    st.apply("hit Violet")
    assert st.is_over and st.weapons[0] == ()
    assert meeple.restore(json.loads(json.dumps(st.to_json()))).to_json() == st.to_json()


# ---------------------------------------------------------------- forbidden


def test_gah53_everything_is_open_except_deck_order() -> None:
    """GAH-53: every seat sees every card in play; decks only as counts."""
    st = new(players=3)
    st.hand[1] = (card("fireball"),)
    v0, v2 = st.view(0), st.view(None)
    assert v0["players_info"][1]["hand"][0]["id"] == "fireball"
    # A seat sees what a spectator sees; only which of it is its own is told apart.
    own = {"mine": [], "on_table": sorted(v0["mine"] + v0["on_table"])}
    assert {**v0, **own} == {**v2, "seat": 0, "on_table": sorted(v2["on_table"])}
    assert v0["decks"] == {"blue": 26, "green": 24, "red": 33}


def test_gah54_only_phase4_can_be_passed() -> None:
    """GAH-54: phases 1, 2, 3 and 5 offer no way to pass; phase 4 does."""
    st = new(players=2)
    assert texts(st) == ["spin"]
    turn(st, 0, "hit")
    assert "done" not in texts(st)


def test_gah55_first_hit_is_compulsory() -> None:
    """GAH-55: not attacking is impossible: the first hit must be made."""
    st = new(players=2)
    st.weapons[0] = ((card("twin_blades"), 5, ()),)
    turn(st, 0, "hit")
    st.apply("attack with Twin Blades")
    assert "done" not in texts(st)
    st.apply("hit Violet")
    assert "done" in texts(st)


def test_gah56_no_action_targets_oneself() -> None:
    """GAH-56: no action can harm one's own adventurer."""
    st = new(players=2)
    st.hand[0] = (card("fireball"), card("robbery"))
    st.gold = [10, 10]
    turn(st, 0, "free")
    assert not any(t.endswith("on Ashir") for t in texts(st))
    st.apply("done")
    st.apply("attack with fists")
    assert "hit Ashir" not in texts(st)


def test_gah57_no_exchange_actions() -> None:
    """GAH-57: there is no action to give money, cards, armour or durability to anyone."""
    st = new(players=2)
    st.hand[0] = (card("sharpening"),)
    turn(st, 0, "free")
    verbs = {t.split()[0] for t in texts(st)}
    assert verbs <= {"attach", "bid", "visit", "cast", "use", "discard", "done"}


def test_gah58_bids_and_fees_come_from_own_gold() -> None:
    """GAH-58: bids and fees are paid from one's own gold; a bid beyond it is impossible."""
    st = new(players=2)
    st.lots = [(card("frozen_lake"), 1, 0, None)]
    st.gold = [3, 50]
    turn(st, 0, "free")
    bids = [t for t in texts(st) if t.startswith("bid")]
    assert bids == ["bid 2 on Frozen Lake", "bid 3 on Frozen Lake"]
    st.apply("bid 3 on Frozen Lake")
    st.gold[0] = 1  # lost the gold before settlement: nobody pays for it
    turn(st, 0, "before")
    assert st.locations[0] == () and st.gold == [1, 50] and card("frozen_lake") in st.discard[GREEN]


def test_gah59_discard_only_when_needed() -> None:
    """GAH-59: a card can be discarded only when a rule demands it (a sixth location)."""
    st = new(players=2)
    st.locations[0] = (card("perre"),)
    turn(st, 0, "free")
    assert not any(t.startswith("discard") for t in texts(st))


def test_gah60_limbo_escape_cannot_be_refused() -> None:
    """GAH-60: no action lets a trapped adventurer stay in limbo by choice."""
    st = new(players=3)
    st.limbo[0] = 1
    rig(st, sector(2), sector(3))
    turn(st, 0, "before")
    assert all(not t.startswith("stay") for t in texts(st))
    assert st.limbo[0] == 2


# ---------------------------------------------------------------- death


def test_gah61_death_at_zero_life_killer_takes_gold() -> None:
    """GAH-61: at 0 life the adventurer dies even with armour; the killer takes the gold."""
    st = new(players=3)
    st.armour[1], st.life[1], st.gold[1] = 3, 2, 9
    st.gold[0] = 0
    st.weapons[0] = ((card("short_bow"), 5, ()),)
    turn(st, 0, "hit")
    st.apply("attack with Short Bow")
    st.apply("hit Violet")
    st.apply("hit Violet")
    assert st.dead[1] and st.gold[0] == 9 and st.gold[1] == 0


def test_gah62_death_discards_locations_upgrades_curses_weapons() -> None:
    """GAH-62: the dead adventurer's locations, upgrades, shields, curses and weapons go."""
    st = new(players=3)
    st.locations[1] = (card("perre"),)
    st.scrolls[1] = (card("vigour"), card("talisman"), card("poverty"))
    st.weapons[1] = ((card("battle_axe"), 3, ()),)
    death.die(st, 1, 0)
    assert st.locations[1] == () and st.scrolls[1] == () and st.weapons[1] == ()
    assert card("perre") in st.discard[GREEN] and card("battle_axe") in st.discard[BLUE]
    assert {card("vigour"), card("talisman"), card("poverty")} <= set(st.discard[RED])


def test_gah63_centre_picks_start_with_the_killer() -> None:
    """GAH-63: blueprints, magic and curse cards go to the centre; one pick each from the
    killer on; the rest is discarded."""
    st = new(players=3)
    bp, fb, rob = card("sharpening"), card("fireball"), card("robbery")
    st.weapons[1] = ((card("battle_axe"), 3, (bp,)),)
    st.hand[1] = (fb, rob, card("lightning"))
    turn(st, 2, "free")
    death.die(st, 1, 2)
    phases.advance(st)
    st._legal = None
    assert st.to_act == 2 and "take Fireball" in texts(st)
    st.apply("take Fireball")
    assert st.to_act == 0
    st.apply("take Sharpened Edge")
    assert st.centre == [] and fb in st.hand[2] and bp in st.hand[0]
    assert rob in st.discard[RED] and st.to_act == 2


def test_gah64_rebirth_before_phase1() -> None:
    """GAH-64: the dead are reborn before phase 1 with their capital, same or new adventurer."""
    st = new(players=3)
    death.die(st, 1, 0)
    turn(st, 1, "before")
    assert st.to_act == 1 and "choose Violet" in texts(st) and "choose Ashir" not in texts(st)
    st.apply("choose Rene")
    rene = T.adventurers[5]
    assert (st.life[1], st.armour[1], st.gold[1]) == (rene.life, rene.start_armour,
                                                      rene.capital)
    assert texts(st) == ["spin"] and st.died[1] and not st.dead[1]


# ---------------------------------------------------------------- victory


def test_gah65_gold_target_wins() -> None:
    """GAH-65: reaching the gold target wins at once."""
    st = new(players=2, gold_target=20)
    st.gold[0] = 15
    rig(st, sector(10, "green"))
    turn(st, 0, "spin")
    st.apply("spin")
    assert st.is_over and st.result().winners == (0,)
    assert st.result().reason == "gold-target"


def test_gah66_only_adventurer_never_dead_wins() -> None:
    """GAH-66: the only adventurer who never died wins."""
    st = new(players=3)
    st.died[2] = True
    st.armour[1], st.life[1] = 0, 1
    turn(st, 0, "hit")
    st.apply("attack with fists")
    st.apply("hit Violet")
    assert st.is_over and st.result().winners == (0,)
    assert st.result().reason == "only-one-never-died"


def test_gah67_determinize_shuffles_only_decks() -> None:
    """GAH-67: only the order of the decks is hidden; determinizing reorders nothing else."""
    st = new(players=3)
    d = st.determinize(0, 5)
    assert d.view(0) == st.view(0)
    assert [sorted(p) for p in d.deck] == [sorted(p) for p in st.deck]
    assert d.hand == st.hand


def test_gah68_turns_pass_in_seat_order() -> None:
    """GAH-68: turns go round the table in seat order from the first player."""
    st = new(players=3)
    first = st.active
    turn(st, first, "end")
    assert st.active == (first + 1) % 3


def test_gah69_empty_deck_reshuffles_its_discard() -> None:
    """GAH-69: an empty deck is refilled from its shuffled discard pile."""
    st = new(players=2)
    st.discard[RED] = st.deck[RED][:]
    st.deck[RED] = []
    turn(st, 0, "draw", sector(5, "red"))
    assert len(st.deck[RED]) == 32


def test_gah70_round_limit_ends_the_game() -> None:
    """GAH-70: the safety limit ends the game after the last round; the richest wins."""
    st = new(players=2, round_limit=1)
    st.gold = [3, 8]
    turn(st, (st.first + 1) % 2, "end")
    assert st.is_over and st.result().winners == (1,) and st.result().reason == "round-limit"


def test_illegal_actions_change_nothing() -> None:
    """An illegal action is refused with a reason and the state is unchanged."""
    st = new(players=2)
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply("hit Violet")
    assert st.to_json() == before
    assert sorted(all_cards(st)) == list(range(len(T.cards)))
