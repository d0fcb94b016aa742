"""Cards, goals, set-up, the turn, fallen and defeated (HVN-21 .. HVN-43)."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import ConfigError, ContentError
from meeple.games.heavens import board, cards, figures, rings, setup
from meeple.games.heavens.content import PANTHEONS, pantheon
from meeple.games.heavens.rings import ARMOUR, ATTACK, HEALTH

from .helpers import card, fresh, give, hexi, place, texts, unlock


def test_hvn21_only_the_active_seat_plays_cards() -> None:
    """HVN-21: legal actions come from the active seat's hand only."""
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 1, "gleipnir")
    assert not any("Gleipnir" in x for x in texts(st))


def test_hvn22_leap_flies_over_occupied_hexes() -> None:
    """HVN-22: Hermes's card lets him fly over a wall the rules would stop him at."""
    st = fresh()
    unlock(st)
    place(st, "hermes", "f5")
    for lab in ("e4", "e5", "f4", "f6", "g4", "g5"):
        st.architecture = {**st.architecture, hexi(st, lab): 1}
    st._legal = None
    assert "move Hermes" not in texts(st)
    st.apply("ability Hermes: Winged Sandals")
    st.apply("target f8")
    assert st.units[card(st, "hermes")][0] == hexi(st, "f8")


def test_hvn23_character_card_fields() -> None:
    """HVN-23: every character has the printed fields and one ability."""
    for pid in PANTHEONS:
        _, chars, _ = pantheon(pid)
        for c in chars:
            assert c.name and c.name_ru and c.title and c.title_ru and c.myth
            assert c.health > 0 and c.move >= 1 and c.ability.effects


def test_hvn23_no_ranged_attack_below_range_2() -> None:
    """HVN-23: a character of range 1 never attacks from afar."""
    st = fresh()
    unlock(st)
    place(st, "ares", "f5")
    place(st, "thor", "f7")
    assert "attack Thor with Ares" not in texts(st)


def test_hvn24_divine_power_costs_a_token_and_is_discarded() -> None:
    """HVN-24: a divine power costs one token and goes to the discard."""
    st = fresh()
    unlock(st)
    cards.set_hand(st, 0, [])
    give(st, 0, "bolt_of_olympus")
    t = place(st, "thor", "f7")
    st.apply("play Bolt of Olympus")
    st.apply("target Thor")
    assert st.tokens == 2 and st.units[t][HEALTH] == 6
    assert st.discard[0] == (card(st, "bolt_of_olympus"),)


def test_hvn25_pantheon_destroyed_when_nothing_left_to_summon() -> None:
    """HVN-25: no standing character and none in hand or deck: the pantheon is destroyed."""
    st = fresh()
    unlock(st)
    place(st, "ares", "f5")
    t = place(st, "thor", "f6", hp=2)
    g = st.game
    cards.set_deck(st, 1, [c for c in st.deck[1] if not g.is_character[c]])
    cards.set_hand(st, 1, [c for c in st.hands[1] if not g.is_character[c]])
    st.apply("attack Thor with Ares")
    assert st.units[t][6] == 1
    assert st.is_over and st.result().winners == (0,)
    assert st.result().reason == "pantheon-destroyed"


def test_hvn25_cards_still_in_deck_keep_the_pantheon_alive() -> None:
    """HVN-25: a character card left in the deck keeps the pantheon in the game."""
    st = fresh()
    unlock(st)
    place(st, "ares", "f5")
    place(st, "thor", "f6", hp=2)
    g = st.game
    cards.set_hand(st, 1, [c for c in st.hands[1] if not g.is_character[c]])
    st.apply("attack Thor with Ares")
    assert not st.is_over


def test_hvn26_base_at_zero_loses() -> None:
    """HVN-26: a base brought to 0 loses at once."""
    st = fresh()
    unlock(st)
    place(st, "ares", "f10")
    st.base_health = (st.base_health[0], 4)
    st.apply("attack base with Ares")
    assert st.is_over and st.result().winners == (0,)
    assert st.result().reason == "base-destroyed"


def test_hvn27_setup() -> None:
    """HVN-27: decks of 13, bases on their hexes at 30, no one on the Heavens."""
    st = meeple.load("heavens").new_state(seed=4)
    for side in (0, 1):
        assert len(st.deck[side]) + len(st.hands[side]) == 13
    assert not st.units and st.view(None)["sides"][0]["base"] == "f2"


def test_hvn28_first_turn_has_two_tokens() -> None:
    """HVN-28: the first player is random and starts with 2 tokens; later turns have 3."""
    firsts = set()
    for seed in range(12):
        st = meeple.load("heavens").new_state(seed=seed)
        firsts.add(st.active)
        assert st.tokens == 2
        st.apply("end actions")
        while st.phase == "cleanup":
            st.apply("done")
        assert st.tokens == 3
    assert firsts == {0, 1}


def test_hvn29_opening_hand_always_holds_a_character() -> None:
    """HVN-29: every opening hand holds a character; bad hands are shown and re-dealt."""
    for seed in range(60):
        st = meeple.load("heavens").new_state(seed=seed)
        for seat in (0, 1):
            assert len(st.hands[seat]) == 5
            assert any(st.game.is_character[c] for c in st.hands[seat])
    st = fresh()
    g = st.game
    both = sorted(st.deck[0] + st.hands[0])
    pile = [c for c in both if g.is_character[c]] + [c for c in both if not g.is_character[c]]
    hand = setup.deal_opening(st, 0, pile)  # the top five are the five divine powers
    shown = [e for e in st.events(None) if e["type"] == "redeal"]
    assert shown and sorted(shown[0]["shown"]) == sorted(p.id for p in pantheon("greek")[2])
    assert any(g.is_character[c] for c in hand) and len(hand) == 5


def test_hvn30_turn_phases_in_order() -> None:
    """HVN-30: actions, then cleanup, then draw; two turns make a round."""
    st = fresh()
    assert st.view(0)["phase"] == "actions" and st.view(0)["step"] == "choose action"
    st.apply("end actions")
    assert st.view(0)["phase"] == "cleanup" and st.view(0)["step"] == "discard"
    st.apply("done")
    assert st.active == 1 and st.view(1)["round"] == 1
    st.apply("end actions")
    st.apply("done")
    assert st.active == 0 and st.view(0)["round"] == 2


def test_hvn31_actions_end_when_tokens_run_out() -> None:
    """HVN-31: with no token left the actions phase ends by itself."""
    st = fresh()
    unlock(st)
    place(st, "ares", "f5")
    place(st, "thor", "f6", hp=9)
    for _ in range(3):
        st.apply("attack Thor with Ares")
    assert st.phase == "cleanup" or st.active == 1


def test_hvn32_summon_places_health_rings() -> None:
    """HVN-32: a summoned character carries its full health in red rings."""
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 0, "poseidon")
    st.apply("summon Poseidon at f1")
    c = card(st, "poseidon")
    assert st.units[c][HEALTH] == 10 and st.box["red"] == 50
    assert c not in st.hands[0]


def test_hvn33_melee_damage_minus_armour() -> None:
    """HVN-33: melee damage is power plus attack rings minus armour."""
    st = fresh()
    unlock(st)
    a = place(st, "ares", "f5")
    t = place(st, "thor", "f6")
    rings.add_rings(st, a, ATTACK, "orange", 1)
    rings.add_rings(st, t, ARMOUR, "grey", 1)
    st._legal = None
    st.apply("attack Thor with Ares")
    assert st.units[t][HEALTH] == 9 - (4 + 1 - 1)


def test_hvn33_ranged_needs_distance_two() -> None:
    """HVN-33: an adjacent target is fought in melee, a far one with ranged power."""
    st = fresh()
    unlock(st)
    place(st, "artemis", "f5")
    t = place(st, "thor", "f6")
    st.apply("attack Thor with Artemis")
    assert st.units[t][HEALTH] == 8  # melee 1
    figures.relocate(st, t, hexi(st, "f8"))
    st._legal = None
    st.apply("attack Thor with Artemis")
    assert st.units[t][HEALTH] == 5  # ranged 3


def test_hvn34_move_step_by_step_up_to_move_value() -> None:
    """HVN-34: a move is a chain of steps through empty hexes, at most the move value."""
    st = fresh()
    unlock(st)
    z = place(st, "zeus", "f5")  # move 2
    st.apply("move Zeus")
    assert "stop" in texts(st) and "step f6" in texts(st)
    st.apply("step f6")
    st.apply("step f7")
    assert st.units[z][0] == hexi(st, "f7") and not st.decisions
    assert st.view(0)["step"] == "choose action"


def test_hvn35_acquire_dropped_rings() -> None:
    """HVN-35: an adjacent character takes some of the dropped rings for one token."""
    st = fresh()
    unlock(st)
    z = place(st, "zeus", "f5")
    st.dropped = {**st.dropped, hexi(st, "f6"): (2, 1)}
    rings.take(st, "grey", 2)
    rings.take(st, "orange", 1)
    st._legal = None
    st.apply("acquire f6 with Zeus")
    assert st.tokens == 2 and "done" not in texts(st)
    st.apply("take armour")
    st.apply("done")
    assert st.units[z][ARMOUR] == 1 and st.dropped[hexi(st, "f6")] == (1, 1)


def test_hvn36_special_abilities_of_every_pantheon() -> None:
    """HVN-36: every character's ability can be used on a suitable field."""
    for pa, pb in (("greek", "norse"), ("norse", "egyptian"), ("egyptian", "greek")):
        for cid in [c.id for c in pantheon(pa)[1]]:
            st = fresh(pantheon_a=pa, pantheon_b=pb)
            unlock(st)
            c = place(st, cid, "f6", hp=3)
            place(st, pantheon(pa)[1][0].id if cid != pantheon(pa)[1][0].id
                  else pantheon(pa)[1][1].id, "e6", hp=1)
            enemy = pantheon(pb)[1][1].id
            place(st, enemy, "f7")
            rings.set_trap(st, hexi(st, "c5"), 1)
            name = st.game.names[c]
            abil = [x for x in texts(st) if x.startswith(f"ability {name}:")]
            assert abil, cid
            before = st.to_json()
            st.apply(abil[0])
            if st.decisions:
                st.apply(st.legal_actions()[0])
            assert st.to_json() != before


def test_hvn37_every_divine_power_resolves() -> None:
    """HVN-37: every divine power can be played and changes the game."""
    for pa, pb in (("greek", "norse"), ("norse", "egyptian"), ("egyptian", "greek")):
        for p in pantheon(pa)[2]:
            st = fresh(pantheon_a=pa, pantheon_b=pb)
            unlock(st)
            cards.set_hand(st, 0, [])
            give(st, 0, p.id, pantheon(pa)[1][2].id)
            place(st, pantheon(pa)[1][0].id, "f5", hp=2)
            place(st, pantheon(pb)[1][0].id, "f8")
            st.apply(f"play {p.name}")
            if st.decisions:
                st.apply(st.legal_actions()[0])
            assert st.discard[0] == (card(st, p.id),)


def test_hvn38_cleanup_removes_own_fallen_and_allows_discards() -> None:
    """HVN-38: at cleanup the active side's fallen perish; the enemy's fallen stay."""
    st = fresh()
    unlock(st)
    z = place(st, "zeus", "f4", hp=1)
    t = place(st, "thor", "f8", hp=1)
    figures.hurt(st, z, 1)
    figures.hurt(st, t, 1)
    st.apply("end actions")
    assert z not in st.units and card(st, "zeus") in st.discard[0]
    assert t in st.units and st.units[t][6] == 1
    assert any(x.startswith("discard") for x in texts(st))


def test_hvn39_draw_up_to_five() -> None:
    """HVN-39: the hand is refilled to five and never beyond."""
    st = fresh()
    cards.set_hand(st, 0, st.hands[0][:2])
    st.apply("end actions")
    st.apply("done")
    assert len(st.hands[0]) == 5


def test_hvn40_empty_deck_does_not_end_the_game() -> None:
    """HVN-40: with an empty deck the game goes on and the discard is not reshuffled."""
    st = fresh()
    unlock(st)
    place(st, "zeus", "f5")
    st.discard = (st.discard[0] + st.deck[0], st.discard[1])
    cards.set_deck(st, 0, [])
    cards.set_hand(st, 0, st.hands[0][:1])
    st.apply("end actions")
    st.apply("done")
    assert not st.is_over and len(st.hands[0]) == 1 and st.deck[0] == ()


def test_hvn41_fallen_character_drops_rings_and_stops_blocking() -> None:
    """HVN-41: a fallen character lies on its dropped rings; without rings it blocks nothing."""
    st = fresh()
    unlock(st)
    place(st, "ares", "f5")
    t = place(st, "thor", "f6", hp=2)
    rings.add_rings(st, t, ARMOUR, "grey", 1)
    st.apply("attack Thor with Ares")
    h = hexi(st, "f6")
    assert st.units[t][6] == 1 and st.dropped[h] == (1, 0) and board.blocked(st, h)
    loki = place(st, "loki", "f8", hp=1)
    figures.hurt(st, loki, 1)
    assert not board.blocked(st, hexi(st, "f8"))


def test_hvn42_moving_over_a_fallen_character_defeats_it() -> None:
    """HVN-42: passing over a fallen character defeats it at once."""
    st = fresh()
    unlock(st)
    place(st, "ares", "f5")
    loki = place(st, "loki", "f6", hp=1)
    figures.hurt(st, loki, 1)
    st._legal = None
    st.apply("move Ares")
    st.apply("step f6")
    assert loki not in st.units and card(st, "loki") in st.discard[1]
    assert any(e["type"] == "defeated" for e in st.events(None))


def test_hvn43_characters_stay_on_summoning_hexes_until_two_summoned() -> None:
    """HVN-43: the first character may only shuffle among the summoning hexes."""
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 0, "ares", "zeus")
    st.apply("summon Ares at e1")
    st.apply("move Ares")
    assert texts(st) == ["step f1", "stop"]
    st.apply("stop")
    st.apply("summon Zeus at g1")  # the third token; an empty hand skips the discards
    st.apply("end actions")
    st.apply("done")
    st.apply("move Ares")
    assert "step e2" in texts(st)


def test_hvn54_three_pantheons_with_provenance() -> None:
    """HVN-54: three pantheons of 8 characters and 5 powers; Poseidon has 10 health."""
    for pid in PANTHEONS:
        info, chars, powers = pantheon(pid)
        assert len(chars) == 8 and len(powers) == 5 and info.name_ru
        assert all(c.source in ("rulebook", "authored") for c in (*chars, *powers))
    poseidon = next(c for c in pantheon("greek")[1] if c.id == "poseidon")
    assert poseidon.health == 10 and poseidon.source == "rulebook"


def test_hvn54_same_pantheon_twice_is_refused() -> None:
    """HVN-54: both sides cannot take the same pantheon; a broken card is a ContentError."""
    with pytest.raises(ConfigError):
        meeple.load("heavens", options={"pantheon_a": "norse", "pantheon_b": "norse"})
    from meeple.games.heavens.content import Character
    with pytest.raises(Exception):  # noqa: B017 - pydantic rejects the missing ability
        Character.model_validate({"id": "x", "source": "authored"})
    assert issubclass(ContentError, Exception)
