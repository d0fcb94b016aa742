"""Why an expected action is missing (reasons.py), the warnings action labels carry, and what
changed between two views of one seat (places.changed)."""

from __future__ import annotations

from meeple.core import Action
from meeple.games.heavens import cards
from meeple.games.heavens.figures import _fall
from meeple.games.heavens.state import HeavensState

from .helpers import card, fresh, give, hexi, place, unlock


def reasons(st: HeavensState, lang: str = "en") -> dict[str, str]:
    """The forbidden actions of the seat to act, by text, with their reasons."""
    seat = st.to_act
    assert seat is not None
    found = st.game.why_not(st.view(seat), lang)
    legal = set(st.legal_actions())
    assert not any(a in legal for a, _ in found)
    return {a.text: why for a, why in found}


def label(st: HeavensState, text: str, lang: str = "en") -> str:
    action = next(a for a in st.legal_actions() if a.text == text)
    return st.game.label(action, lang, st.view(st.to_act))


def test_hvn43_steps_off_the_summoning_hexes_are_forbidden_with_the_lock_named() -> None:
    """HVN-43: a god moving while its side is held is told why it cannot leave."""
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 0, "zeus", "ares")
    st.apply("summon Zeus at e1")
    assert st.view(0)["sides"][0]["held"]
    assert label(st, "move Zeus").endswith(
        "only onto the summoning hexes until two of your gods are summoned")
    assert "гексам призыва" in label(st, "move Zeus", "ru")
    st.apply("move Zeus")
    why = reasons(st)
    assert {"step e2", "step d1"} <= set(why)
    assert "until two of them have been summoned" in why["step e2"]
    assert "Зевс" in reasons(st, "ru")["step e2"]
    assert "step f2" not in why  # a base is no step anyone expects
    st.apply("step f1")  # next to f1 lie only g1 (a free summoning hex) and the base
    assert [a.text for a in st.legal_actions()] == ["step g1", "stop"]
    assert reasons(st) == {}
    st.apply("step g1")  # two steps: the move is over, wherever it could have gone
    assert st.view(0)["pending"] is None


def test_hvn43_a_held_god_with_no_free_summoning_hex_beside_it_cannot_move() -> None:
    st = fresh()
    cards.set_hand(st, 0, [])
    place(st, "zeus", "e1")
    st.summons = (1, 0)
    st.architecture[hexi(st, "f1")] = 2  # nothing else blocks e1's other neighbours
    st._legal = None
    assert "move Zeus" not in [a.text for a in st.legal_actions()]
    assert "no summoning hex next to it is free" in reasons(st)["move Zeus"]


def test_the_lock_lifts_with_the_second_summon_and_the_label_says_no_more() -> None:
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 0, "zeus", "ares")
    st.apply("summon Zeus at e1")
    st.apply("summon Ares at g1")
    assert not st.view(0)["sides"][0]["held"]
    assert label(st, "move Zeus") == "Move Zeus, up to 2 hexes"
    assert not any(t.startswith("step") for t in reasons(st))


def test_attacks_out_of_reach_say_why() -> None:
    """HVN-33, HVN-16: too far, melee only, no chain of empty hexes."""
    st = fresh()
    unlock(st)
    cards.set_hand(st, 0, [])
    place(st, "zeus", "f5")  # range 3
    place(st, "ares", "e4")  # melee only
    place(st, "thor", "f9")  # 4 hexes from Zeus
    why = reasons(st)
    assert why["attack Thor with Zeus"] == (
        "Zeus shoots at most 3 hexes, and Thor is 4 hexes away.")
    assert "attack Thor with Ares" not in why  # far beyond any reach: nobody expects it
    place(st, "odin", "e6")  # two hexes from Ares
    why = reasons(st)
    assert why["attack Odin with Ares"] == "Ares fights only in melee, and Odin is 2 hexes away."
    assert reasons(st, "ru")["attack Odin with Ares"] == (
        "Арес сражается только в ближнем бою, а Один — в 2 гексах.")


def test_a_shot_with_no_chain_of_empty_hexes_is_explained() -> None:
    st = fresh()
    unlock(st)
    cards.set_hand(st, 0, [])
    place(st, "apollo", "f5")  # range 3
    place(st, "thor", "f8")
    for h in ("e6", "f6", "g6", "e7", "g7", "f7"):  # a wall of columns around the way
        st.architecture[hexi(st, h)] = 1
    st._legal = None
    why = reasons(st)
    assert "no chain of empty hexes" in why["attack Thor with Apollo"]


def test_a_god_that_cannot_act_is_named() -> None:
    st = fresh()
    unlock(st)
    cards.set_hand(st, 0, [])
    c = place(st, "zeus", "f5")
    u = st.units[c]
    st.units[c] = (*u[:5], st.turn, u[6])
    st._legal = None
    assert "incapacitated" in reasons(st)["move Zeus"]
    st.units[c] = u
    st.traps[u[0]] = 2
    st._legal = None
    assert "trap of strength 2" in reasons(st)["move Zeus"]


def test_summons_with_no_free_hex_or_too_few_health_rings() -> None:
    """HVN-13, HVN-2."""
    st = fresh()
    unlock(st)
    cards.set_hand(st, 0, [])
    give(st, 0, "poseidon")
    st.box["red"] = 8
    why = reasons(st)
    assert why["summon Poseidon at e1"] == (
        "Poseidon needs 10 health rings, and only 8 are left in the box.")
    for label_ in ("e1", "f1", "g1"):
        place(st, ("zeus", "ares", "athena")[("e1", "f1", "g1").index(label_)], label_, hp=1)
    assert "All your summoning hexes are occupied" in reasons(st)["summon Poseidon at g1"]


def test_hvn42_a_step_onto_ones_own_fallen_god_warns() -> None:
    """HVN-42: entering a fallen god's hex defeats it; the label says so, own god or enemy."""
    st = fresh()
    unlock(st)
    cards.set_hand(st, 0, [])
    place(st, "ares", "f5")
    apollo = place(st, "apollo", "f6")
    thor = place(st, "thor", "e5")
    _fall(st, apollo)
    _fall(st, thor)
    st._legal = None
    st.apply("move Ares")
    assert label(st, "step f6") == (
        "Step to f6 — defeats your own fallen Apollo: it leaves the Heavens at once")
    assert label(st, "step f6", "ru") == (
        "Шаг на f6 — поразит вашего павшего бога: Аполлон сразу покинет Небеса")
    assert label(st, "step e5") == (
        "Step to e5 — defeats the fallen Thor: it leaves the Heavens at once")
    assert label(st, "step g5") == "Step to g5"


def test_changed_names_the_hexes_and_cards_that_differ() -> None:
    st = fresh()
    unlock(st)
    cards.set_hand(st, 0, [])
    give(st, 0, "zeus")
    place(st, "ares", "f5")
    place(st, "thor", "f6")
    before = st.view(0)
    assert st.game.changed(before, before) == frozenset()
    st.apply("attack Thor with Ares")
    st.apply("move Ares")
    st.apply("step e5")
    give(st, 0, "bolt_of_olympus")
    after = st.view(0)
    assert st.game.changed(before, after) == {
        "hex:f5", "hex:e5", "hex:f6", "card:hand:bolt_of_olympus"}


def test_changed_marks_a_base_hit_and_a_trap_set() -> None:
    st = fresh()
    unlock(st)
    cards.set_hand(st, 0, [])
    place(st, "ares", "f10")
    before = st.view(0)
    st.apply(_base_attack(st))
    st.traps[hexi(st, "a3")] = 2
    after = st.view(0)
    assert st.game.changed(before, after) == {"hex:f11", "hex:a3"}
    assert card(st, "ares") in st.units


def _base_attack(st: HeavensState) -> Action:
    return next(a for a in st.legal_actions() if type(a[1]).__name__ == "AttackBase")


def test_an_ability_with_no_enemy_in_reach_says_so() -> None:
    st = fresh()
    unlock(st)
    cards.set_hand(st, 0, [])
    place(st, "zeus", "f5")  # Zeus's ability reaches an enemy within 3 hexes
    place(st, "thor", "f9")
    why = reasons(st)
    name = next(t for t in why if t.startswith("ability Zeus"))
    assert why[name].endswith("needs an enemy god within 3 hexes, and none stands there.")
    assert "в пределах 3 гексов" in reasons(st, "ru")[name]
    place(st, "odin", "f8")
    assert not any(t.startswith("ability Zeus") for t in reasons(st))
