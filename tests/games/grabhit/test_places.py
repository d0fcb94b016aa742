"""Where Grab and Hit's actions happen on the drawn table (places.py), in real positions."""

from __future__ import annotations

from typing import Any

import meeple
from meeple.games.grabhit import places
from meeple.games.grabhit.content import BLUE, GREEN
from meeple.games.grabhit.state import GrabHitState

from ..words import random_play
from .helpers import card, new, rig, sector, stack, turn


def placed(st: GrabHitState) -> dict[str, str | None]:
    """Each legal action's text and its place, checked to be one the board draws."""
    view = st.view(st.to_act)
    drawn = places.places(view)
    out = {a.text: st.game.where(a, view) for a in st.legal_actions()}
    assert all(p is None or p in drawn for p in out.values()), out
    return out


def test_adventurers_are_chosen_on_their_cards_and_the_taken_one_is_gone() -> None:
    st = meeple.load("grabhit", players=2).new_state(seed=1)
    assert placed(st)["choose Violet"] == "adv:violet"
    st.apply("choose Violet")
    got = placed(st)
    assert "choose Violet" not in got and got["choose Ashir"] == "adv:ashir"
    assert len(got) == 7


def test_the_hub_spins_the_wheel() -> None:
    st = new(players=2)
    turn(st, 0, "spin")
    assert placed(st) == {"spin": "wheel:spin"}


def test_a_mixed_sector_draws_from_the_deck_chosen() -> None:
    st = new(players=2)
    turn(st, 0, "draw", sector(6, "blue"))
    assert placed(st) == {"draw blue": "deck:blue", "draw green": "deck:green"}


def test_an_offered_location_is_bought_on_its_card_and_declining_is_a_button() -> None:
    st = new(players=2)
    stack(st, GREEN, card("solar_farm"))
    st.gold[0] = 12
    turn(st, 0, "draw", sector(7, "green"))
    assert placed(st) == {"buy Solar Energy Farm": "offer:0",
                          "decline Solar Energy Farm": None}


def test_the_weapon_kept_is_its_offered_card() -> None:
    st = new(players=2)
    st.weapons[0] = ((card("hatchet"), 3, ()),)
    stack(st, BLUE, card("battle_axe"))
    turn(st, 0, "draw", sector(3, "blue"))
    assert placed(st) == {"keep Battle Axe": "offer:0", "keep Hatchet": "offer:1"}


def test_free_actions_are_on_the_hand_the_lot_and_the_shop_where_it_lies() -> None:
    st = new(players=2)
    st.weapons[0] = ((card("battle_axe"), 1, ()),)
    st.hand[0] = (card("fireball"), card("sharpening"))
    st.locations[1] = (card("orc_tavern"),)
    st.lots = [(card("frozen_lake"), 1, 0, None), (card("armourer_shop"), 1, 0, None)]
    st.gold = [10, 0]
    st.life[0] = 1
    turn(st, 0, "free")
    got = placed(st)
    assert got["cast Fireball on Violet"] == "card:hand:0"
    assert got["attach Sharpened Edge to Battle Axe"] == "card:hand:1"
    assert got["bid 2 on Frozen Lake"] == "lot:0"
    assert got["visit Armourer's Shop: repair Battle Axe"] == "lot:1"
    assert got["visit Orc Cook's Tavern: eat a hot meal"] == "loc:1:0"
    assert got["done"] is None
    assert {p for t, p in got.items() if t.startswith("use ability")} <= {"ability:0"}


def test_a_sixth_location_is_discarded_from_the_mat() -> None:
    st = new(players=2)
    ids = ["frozen_lake", "snow_pass", "ice_mines", "perre", "trentol", "iron_bridge"]
    st.locations[0] = tuple(card(c) for c in ids)
    turn(st, 0, "free")
    got = placed(st)
    assert got["discard Perre"] == "loc:0:3" and "done" not in got


def test_a_weapon_or_the_fists_attack_and_the_target_is_hit_on_its_mat() -> None:
    st = new(players=3)
    st.weapons[0] = ((card("battle_axe"), 4, ()),)
    turn(st, 0, "hit")
    assert placed(st) == {"attack with Battle Axe": "weapon:0:0",
                          "attack with fists": "fists:0"}
    st.apply("attack with fists")
    assert placed(st) == {"hit Violet": "mat:1", "hit Victor": "mat:2"}


def test_a_shield_blocks_on_its_card_and_accepting_is_a_button() -> None:
    st = new(players=2)
    st.scrolls[1] = (card("spell_mirror"),)
    st.hand[0] = (card("fireball"),)
    turn(st, 0, "free")
    st.apply("cast Fireball on Violet")
    assert placed(st) == {"block with Spell Mirror": "shield:1:0", "accept": None}


def test_random_games_meet_every_button_and_nothing_else_is_one() -> None:
    """The buttons are exactly ending a step, accepting an effect and declining a location;
    every other verb met in play has a place."""
    unplaced, verbs = set(), set()
    for players, seed in ((2, 1), (3, 2), (5, 5), (8, 3)):
        for st in random_play("grabhit", players, seed):
            if st.is_over:
                continue
            view = st.view(st.to_act)
            for a in st.legal_actions():
                verbs.add(a.text.split()[0])
                if st.game.where(a, view) is None:
                    unplaced.add(a.text.split()[0])
    assert unplaced == {"done", "accept", "decline"}
    assert {"choose", "spin", "draw", "buy", "bid", "attack", "hit", "cast"} <= verbs


def changes(st: GrabHitState, before: dict[str, Any], seat: int) -> set[str]:
    """The places changed since ``before`` for ``seat``, checked to be places drawn now."""
    after = st.view(seat)
    got = st.game.changed(before, after)
    assert got <= places.places(after), got - places.places(after)
    return set(got)


def test_a_turn_seen_from_the_other_seat_marks_the_wheel_the_deck_and_both_mats() -> None:
    st = new(players=2)
    turn(st, 1, "end")
    rig(st, sector(3, "blue"))
    stack(st, BLUE, card("hatchet"))
    turn(st, 0, "spin")
    before = st.view(1)
    assert changes(st, before, 1) == set()
    for text in ("spin", "done", "attack with Hatchet", "hit Violet"):
        st.apply(text)
    assert changes(st, before, 1) == {"wheel:spin", "deck:blue", "mat:0", "weapon:0:0",
                                      "mat:1"}


def test_a_bid_marks_its_lot_and_a_bought_location_its_place() -> None:
    st = new(players=2)
    st.lots = [(card("solar_farm"), 1, 0, None)]
    st.gold[0] = 30
    turn(st, 0, "free")
    before = st.view(1)
    st.apply("bid 9 on Solar Energy Farm")
    assert changes(st, before, 1) == {"lot:0"}
    st.locations[0] = (card("frozen_lake"),)
    assert changes(st, before, 1) == {"lot:0", "loc:0:0", "mat:0"}


def test_a_card_drawn_into_ones_own_hand_marks_that_card() -> None:
    st = new(players=2)
    before = st.view(0)
    st.hand[0] = (card("fireball"),)
    assert changes(st, before, 0) == {"card:hand:0"}
    assert changes(st, st.view(1), 1) == set()
    st.hand[1] = (card("fireball"),)
    assert changes(st, before, 0) == {"card:hand:0", "mat:1"}


def test_changes_are_places_of_the_board_in_random_play() -> None:
    seen: dict[int, dict[str, Any]] = {}
    for st in random_play("grabhit", 4, 3):
        for seat in range(4):
            view = st.view(seat)
            assert st.game.changed(view, view) == frozenset()
            if seat in seen:
                assert st.game.changed(seen[seat], view) <= places.places(view)
            if st.to_act == seat:
                seen[seat] = view
