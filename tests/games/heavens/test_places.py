"""Where the actions of High in the Heavens happen on the drawn board (docs/boards.md): cards
from the hand, gods from their hexes, attacks and targets at what they aim at."""

from __future__ import annotations

from meeple.games.heavens import cards, places
from meeple.games.heavens.state import HeavensState
from meeple.games.heavens.verbs import Confirm, Done, EndActions

from .helpers import fresh, give, hexi, place, unlock


def spots(st: HeavensState) -> dict[str, str | None]:
    """Each legal action's text and its place in the acting seat's view."""
    view = st.view(st.to_act)
    return {a.text: st.game.where(a, view) for a in st.legal_actions()}


def test_a_summon_is_its_card_in_hand_and_ending_is_a_button() -> None:
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 0, "zeus", "bolt_of_olympus")
    found = spots(st)
    assert found["summon Zeus at e1"] == found["summon Zeus at g1"] == "card:hand:zeus"
    assert found["end actions"] is None
    assert set(found) == {"summon Zeus at e1", "summon Zeus at f1", "summon Zeus at g1",
                          "end actions"}  # no enemy yet: the bolt has no target


def test_a_god_acts_from_its_hex_and_attacks_at_the_target() -> None:
    st = fresh()
    unlock(st)
    cards.set_hand(st, 0, [])
    place(st, "ares", "f6")
    place(st, "thor", "f7")
    found = spots(st)
    assert found["move Ares"] == "hex:f6"
    assert found["ability Ares: Bloodlust"] == "hex:f6"
    assert found["attack Thor with Ares"] == "hex:f7"


def test_an_attack_on_the_base_trap_or_column_is_that_hex() -> None:
    st = fresh()
    unlock(st)
    cards.set_hand(st, 0, [])
    place(st, "ares", "f10")
    st.traps[hexi(st, "e10")] = 2
    st.architecture[hexi(st, "g10")] = 3
    st._legal = None
    found = spots(st)
    assert found["attack base with Ares"] == "hex:f11"  # the Norse base
    assert found["attack trap e10 with Ares"] == "hex:e10"
    assert found["attack architecture g10 with Ares"] == "hex:g10"


def test_a_move_steps_to_hexes_and_stops_on_the_gods_own_hex() -> None:
    st = fresh()
    unlock(st)
    place(st, "zeus", "f5")
    st.apply("move Zeus")
    found = spots(st)
    assert found["stop"] == "hex:f5"
    assert found["step f6"] == "hex:f6"
    assert all(w == f"hex:{t.split()[1]}" for t, w in found.items() if t.startswith("step"))


def test_rings_are_picked_up_on_their_hex() -> None:
    st = fresh()
    unlock(st)
    place(st, "zeus", "f5")
    st.dropped[hexi(st, "f6")] = (1, 1)
    st._legal = None
    assert spots(st)["acquire f6 with Zeus"] == "hex:f6"
    st.apply("acquire f6 with Zeus")
    assert spots(st) == {"take armour": "hex:f6", "take attack": "hex:f6"}
    st.apply("take armour")
    assert spots(st) == {"take attack": "hex:f6", "done": None}


def test_a_power_is_its_card_and_its_target_the_gods_hex() -> None:
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 0, "bolt_of_olympus", "descent_from_olympus", "zeus")
    place(st, "thor", "c5")
    found = spots(st)
    assert found["play Bolt of Olympus"] == "card:hand:bolt_of_olympus"
    st.apply("play Bolt of Olympus")
    assert spots(st) == {"target Thor": "hex:c5"}


def test_descent_from_olympus_summons_from_the_card_in_hand() -> None:
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 0, "descent_from_olympus", "zeus")
    st.apply("play Descent from Olympus")
    found = spots(st)
    assert found == {f"summon Zeus at {h}": "card:hand:zeus" for h in ("e6", "f6", "f7", "g6")}


def test_a_discard_is_its_card_and_keeping_the_rest_a_button() -> None:
    st = fresh()
    st.apply("end actions")
    found = spots(st)
    hand = st.view(0)["hands"][0]["cards"]
    assert found.pop("done") is None
    assert found == {f"discard {st.game.names[st.game.ids.index(c)]}": f"card:hand:{c}"
                     for c in hand}


def test_the_board_has_every_hex_and_only_the_seats_own_hand() -> None:
    st = fresh()
    mine = places.places(st.view(0))
    theirs = places.places(st.view(1))
    hexes = {p for p in mine if p.startswith("hex:")}
    assert len(hexes) == 102 and {"hex:a1", "hex:f12", "hex:k6"} <= hexes
    hand = st.view(0)["hands"][0]["cards"]
    assert mine - hexes == {f"card:hand:{c}" for c in hand}
    assert not {p for p in theirs if p.startswith("card:")} & mine
    assert frozenset({EndActions, Done, Confirm}) == places.BUTTONS


def test_in_the_four_player_game_a_seat_plays_only_its_own_hand() -> None:
    st = fresh(players=4)
    view = st.view(0)
    mate = view["hands"][1]["cards"]
    assert mate  # the team-mate's cards are seen ...
    assert not {f"card:hand:{c}" for c in mate} & places.places(view)  # ... never played
    assert view["map"]["zones"] == [[1, 3], [2, 3], [1, 3], [2, 3]]
