"""Scenario tests of Grab and Hit's blue, green and red cards: one or more per rule
(GAH-11 to GAH-33) of docs/rules/grabhit.md."""

from __future__ import annotations

from meeple.games.grabhit import cards, locations, shield
from meeple.games.grabhit.content import BLUE, GREEN, RED

from .helpers import T, card, new, rig, sector, stack, texts, turn

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
