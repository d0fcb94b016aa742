"""Scenario tests of the catacombs' set-up, stats and experience, screen and backpack,
money, shop and trade: one or more per rule (CAT-1 to CAT-21) of
docs/rules/catacombs.md."""

from __future__ import annotations

import itertools

import pytest

import meeple
from meeple.core import ConfigError
from meeple.games.catacombs import turn
from meeple.games.catacombs.backpack import armour_of
from meeple.games.catacombs.state import CatacombsState

from .helpers import (
    E,
    N,
    S,
    W,
    at,
    build,
    force_roll,
    fresh,
    give,
    item,
    kinds,
    legal,
    monster_on,
    move_to,
    put_card,
    started,
)


# ---------------------------------------------------------------- set-up
def test_cat1_two_to_four_players() -> None:
    """CAT-1: 2 to 4 players, one dwarf each."""
    for n in (2, 3, 4):
        st = started(n)
        assert len(st.view()["dwarves"]) == n
    for bad in (1, 5):
        with pytest.raises(ConfigError):
            meeple.load("catacombs", players=bad)


def test_cat2_board_is_ten_by_ten_with_four_entrances() -> None:
    """CAT-2: 10x10 from four quarters, entrances at the corners, open inwards."""
    st = started()
    v = st.view()
    assert v["size"] == 10
    assert sorted(map(tuple, v["entrances"].values())) == [(0, 0), (0, 9), (9, 0), (9, 9)]
    assert v["tiles"][at(st, 0, 0)] == E | S and v["tiles"][at(st, 9, 9)] == N | W
    assert sum(t is not None for t in v["tiles"]) == 4


def test_cat3_one_face_down_event_card_per_cell() -> None:
    """CAT-3: 96 cards, one on each non-entrance cell, all face down (each is drawn from the
    cards still face down when it turns up)."""
    st = started()
    inner = [c for c in range(100) if c not in st.game.entrance_cells]
    assert all(st.down[c] and st.card[c] is None for c in inner)
    assert not any(st.down[c] for c in st.game.entrance_cells)
    assert st.deck == list(range(96))
    assert all(st.view(0)["cards"][c] == "hidden" for c in inner)


def test_cat4_tile_deck_hidden_and_shuffled() -> None:
    """CAT-4: the tile pile is face down (a count in views) and its tiles come in random
    order: each is drawn at random from those left."""
    a = started(seed=1)
    assert a.view(0)["tile_pile"] == 100
    assert "pile" not in a.view(0)
    assert a.pile == list(range(100))
    firsts = set()
    for seed in range(12):
        st = started(seed=seed)
        put_card(st, at(st, 1, 0), "treasure:ruby")
        st.apply("explore east")
        st.apply("draw tile")
        assert st.held_tile is not None
        firsts.add(st.game.content.tiles[st.held_tile][0])
        assert len(st.pile) == 99 and st.held_tile not in st.pile
    assert len(firsts) > 1


def test_cat5_first_player_by_d6_with_rerolls_among_tied_only() -> None:
    """CAT-5: highest roll starts; only the tied players roll again; clockwise after."""
    found = False
    for seed in range(60):
        st = meeple.load("catacombs", players=4).new_state(seed=seed)
        rolls = [e for e in st.events() if e["type"] == "order_roll"]
        for prev, nxt in itertools.pairwise(rolls):
            top = max(prev["rolls"])
            assert nxt["seats"] == [s for s, r in zip(prev["seats"], prev["rolls"],
                                                      strict=True) if r == top]
            found = True
        last = rolls[-1]
        first = last["seats"][last["rolls"].index(max(last["rolls"]))]
        assert st.order == [(first + k) % 4 for k in range(4)]
        assert st.to_act == first
    assert found


def test_cat6_entrances_chosen_in_turn_order_one_per_entrance() -> None:
    """CAT-6: dwarves take free entrances in turn order."""
    st = meeple.load("catacombs", players=3).new_state(seed=3)
    assert isinstance(st, CatacombsState)
    seen = []
    for k in range(3):
        assert st.to_act == st.order[k]
        options = legal(st)
        assert len(options) == 4 - k
        st.apply(options[-1])
        seen.append(st.position[st.order[k]])
    assert len(set(seen)) == 3 and st.phase == "move" and st.active == st.order[0]


def test_cat7_starting_stats() -> None:
    """CAT-7: health 12, strength 2, armour 0, experience 0, 300 coins."""
    d = started().view(0)["dwarves"][0]
    assert (d["health"], d["strength"], d["armour"], d["experience"], d["money"]) == \
        (12, 2, 0, 0, 300)


# ---------------------------------------------------------------- stats
def _to_build(st: CatacombsState) -> None:
    s = st.active
    here = st.position[s]
    assert here is not None
    put_card(st, at(st, 1, 0) if here == 0 else here, "treasure:ruby")
    st.position[s] = 0
    put_card(st, at(st, 1, 0), "treasure:ruby")
    fresh(st)
    st.apply("explore east")
    assert st.step == "build"


def test_cat8_experience_can_go_negative() -> None:
    """CAT-8: refusing a tile at 0 experience leaves -1."""
    st = started()
    _to_build(st)
    st.apply("draw tile")
    st.apply("refuse tile")
    assert st.experience[st.active] == -1


def test_cat9_threshold_gives_bonus_choice_and_extra_turn() -> None:
    """CAT-9: reaching 5 asks for a bonus at once and gives an extra turn."""
    st = started()
    s = st.active
    st.experience[s] = 4
    fresh(st)
    st.apply("buy experience")
    assert legal(st) == ["raise strength", "raise armour", "raise health"]
    assert st.view()["step"] == "level"
    st.apply("raise health")
    assert st.health[s] == 15
    st.apply("stay")
    st.apply("end turn")
    assert st.active == s and st.phase == "move"
    st.apply("stay")
    st.apply("end turn")
    assert st.active != s


def test_cat10_threshold_bonus_only_once() -> None:
    """CAT-10: falling below 5 and reaching it again gives no second bonus."""
    st = started(money=800)
    s = st.active
    st.experience[s] = 4
    fresh(st)
    st.apply("buy experience")
    st.apply("raise armour")
    turn.gain(st, s, -1)
    fresh(st)
    st.apply("buy experience")
    assert st.experience[s] == 5 and "raise armour" not in legal(st) and not st.decisions


def fall(st: CatacombsState) -> int:
    """The dwarf on turn walks onto a dragon with 2 health and falls to its counter-attack."""
    s = st.active
    monster_on(st, at(st, 1, 0), "dragon")
    st.health[s] = 2
    force_roll(st, 2)
    st.apply("walk")
    st.apply("step east")
    st.apply("attack")
    return s


def test_cat11_death_costs_four_experience_and_removes_dwarf() -> None:
    """CAT-11: health 0 or less: -4 experience, off the board, skipped afterwards."""
    st = started(players=3)
    s = fall(st)
    assert not st.alive[s] and st.experience[s] == -4 and st.position[s] is None
    assert st.to_act is not None and st.active != s
    assert st.view()["dwarves"][s]["cell"] is None
    assert st.pack[s] == [] and "death" in kinds(st)
    for _ in range(2):  # two more turns: the fallen dwarf is never on turn again
        st.apply("stay")
        st.apply("end turn")
        assert st.active != s


def test_cat11_the_last_dwarf_standing_wins_at_once() -> None:
    """CAT-11: when every other dwarf has fallen the one left has won, whatever the experience
    (the fallen cannot win), so the game ends there (`play_on_alone` lets it play on)."""
    st = started()
    other = 1 - st.active
    st.experience[other] = -6  # less than the fallen dwarf will hold after losing 4
    s = fall(st)
    assert st.experience[s] == -4 > st.experience[other]
    assert st.to_act is None and st.ending == "last-dwarf"
    r = st.result()
    assert r.winners == (other,) and r.reason == "last-dwarf"
    on = started(play_on_alone=True)
    s = fall(on)
    assert on.to_act == 1 - s and not on.ending and not on.alive[s]


# ---------------------------------------------------------------- screen
def test_cat12_one_item_per_slot_rest_in_backpack() -> None:
    """CAT-12: a second helmet swaps the first back into the backpack."""
    st = started()
    s = st.active
    give(st, s, "leather_cap", "iron_helmet")
    st.apply("equip Leather Cap")
    assert st.view()["dwarves"][s]["screen"]["head"] == "leather_cap"
    st.apply("equip Iron Helmet")
    d = st.view()["dwarves"][s]
    assert d["screen"]["head"] == "iron_helmet" and d["backpack"] == ["leather_cap"]
    st.apply("unequip Iron Helmet")
    assert sorted(st.view()["dwarves"][s]["backpack"]) == ["iron_helmet", "leather_cap"]


def test_cat13_two_handed_weapon_excludes_shield() -> None:
    """CAT-13: a crossbow takes both hands; a shield puts it back."""
    st = started()
    s = st.active
    give(st, s, "wooden_shield", "crossbow", "dagger")
    st.apply("equip Wooden Shield")
    st.apply("equip Crossbow")
    scr = st.view()["dwarves"][s]["screen"]
    assert scr["right_hand"] == "crossbow" and scr["left_hand"] is None
    st.apply("equip Wooden Shield")
    scr = st.view()["dwarves"][s]["screen"]
    assert scr["right_hand"] is None and scr["left_hand"] == "wooden_shield"
    st.apply("equip Dagger")
    st.apply("equip Crossbow")
    scr = st.view()["dwarves"][s]["screen"]
    assert scr["right_hand"] == "crossbow" and "dagger" in st.view()["dwarves"][s]["backpack"]


def test_cat14_weapon_needs_strength() -> None:
    """CAT-14: a Long Sword (strength 4) cannot be wielded at strength 2."""
    st = started()
    s = st.active
    give(st, s, "long_sword")
    assert "equip Long Sword" not in legal(st)
    st.strength[s] = 4
    fresh(st)
    assert "equip Long Sword" in legal(st)


def test_cat15_body_armours_exclude_each_other() -> None:
    """CAT-15: chain mail and plate share the body; armour is one item per slot."""
    st = started()
    s = st.active
    give(st, s, "chain_mail", "plate_armour", "leather_cap")
    st.apply("equip Chain Mail")
    st.apply("equip Plate Armour")
    st.apply("equip Leather Cap")
    assert armour_of(st, s) == 3 + 1
    assert "chain_mail" in st.view()["dwarves"][s]["backpack"]


# ---------------------------------------------------------------- money
def test_cat16_shop_at_entrance_list_price() -> None:
    """CAT-16: at an entrance a Dagger costs 60 and sells for 60."""
    st = started()
    s = st.active
    st.apply("buy Dagger")
    assert st.view()["dwarves"][s]["money"] == 240
    st.apply("sell Dagger")
    assert st.view()["dwarves"][s]["money"] == 300


def test_cat17_remote_shop_costs_more_pays_less() -> None:
    """CAT-17: away from entrances buying costs 1.5x and selling pays half."""
    st = started()
    s = st.active
    build(st, at(st, 1, 0), "EW")
    move_to(st, s, 1, 0)
    st.apply("buy Dagger")
    assert st.view()["dwarves"][s]["money"] == 210
    st.apply("sell Dagger")
    assert st.view()["dwarves"][s]["money"] == 240


def test_cat17_an_item_is_offered_exactly_when_the_dwarf_can_pay_its_price_there() -> None:
    """CAT-16/17: a Dagger is offered for 60 coins at an entrance and for 90 away from one."""
    st = started()
    s = st.active
    for money, here in ((60, True), (59.5, False)):
        st.money[s] = int(money * 2)  # half coins
        st._legal = None
        assert ("buy Dagger" in [a.text for a in st.legal_actions()]) is here
    build(st, at(st, 1, 0), "EW")
    move_to(st, s, 1, 0)
    for money, here in ((90, True), (89.5, False)):
        st.money[s] = int(money * 2)
        st._legal = None
        assert ("buy Dagger" in [a.text for a in st.legal_actions()]) is here


def test_cat18_fractional_money_kept_exactly() -> None:
    """CAT-18: a Silver Goblet (75) sold away from an entrance pays exactly 37.5."""
    st = started()
    s = st.active
    build(st, at(st, 1, 0), "EW")
    move_to(st, s, 1, 0)
    give(st, s, "silver_goblet", "silver_goblet")
    st.apply("sell Silver Goblet")
    assert st.view()["dwarves"][s]["money"] == 337.5
    st.apply("sell Silver Goblet")
    assert st.view()["dwarves"][s]["money"] == 375


def test_cat19_buy_extra_turn_and_experience() -> None:
    """CAT-19: 200 coins buy an extra turn or one experience, anywhere."""
    st = started(money=500)
    s = st.active
    st.apply("buy extra turn")
    assert st.view()["dwarves"][s]["money"] == 300
    st.apply("stay")
    st.apply("buy experience")
    assert st.experience[s] == 1 and st.view()["dwarves"][s]["money"] == 100
    assert "buy experience" not in legal(st)
    st.apply("end turn")
    assert st.active == s


def test_cat20_trade_offer_accepted_or_declined() -> None:
    """CAT-20: an offer is built element by element; the partner accepts or declines."""
    st = started(trade_offers_per_turn=2)
    s = st.active
    p = 1 - s
    give(st, s, "dagger")
    give(st, p, "ruby")
    st.apply(f"offer trade to seat {p}")
    assert "ask 100 coins" in legal(st) and "propose" not in legal(st)
    st.apply("give Dagger")
    st.apply("ask Ruby")
    st.apply("ask 10 coins")
    st.apply("propose")
    assert st.to_act == p and legal(st) == ["accept", "decline"]
    st.apply("decline")
    assert st.to_act == s and item(st, "dagger") in st.pack[s]
    st.apply(f"offer trade to seat {p}")
    st.apply("give Dagger")
    st.apply("ask Ruby")
    st.apply("ask 10 coins")
    st.apply("propose")
    st.apply("accept")
    assert st.pack[s] == [item(st, "ruby")] and st.pack[p] == [item(st, "dagger")]
    assert st.view()["dwarves"][s]["money"] == 310
    assert st.view()["dwarves"][p]["money"] == 290
    assert f"offer trade to seat {p}" not in legal(st)  # the per-turn limit
    st.money[p] = 10
    st.offers = 0
    fresh(st)
    st.apply(f"offer trade to seat {p}")
    assert "ask 10 coins" not in legal(st)  # no credit: only what the partner holds


def test_cat20_a_cancelled_offer_counts_so_the_turn_always_ends() -> None:
    """CAT-20: opening an offer uses one of the turn's offers even if it is cancelled, so no
    player can open and cancel offers for ever."""
    st = started(trade_offers_per_turn=2)
    s = st.active
    p = 1 - s
    give(st, s, "dagger")
    for _ in range(2):
        st.apply(f"offer trade to seat {p}")
        st.apply("give Dagger")
        st.apply("cancel trade")
        assert st.to_act == s and not st.decisions
    assert f"offer trade to seat {p}" not in legal(st)
    assert item(st, "dagger") in st.pack[s]


def test_cat21_ingredients_not_in_shop_treasures_sell() -> None:
    """CAT-21: ingredients are neither bought nor sold; treasures sell at their value."""
    st = started()
    s = st.active
    give(st, s, "amber", "ruby")
    texts = legal(st)
    assert "sell Amber" not in texts and "buy Amber" not in texts
    st.apply("sell Ruby")
    assert st.view()["dwarves"][s]["money"] == 450
