"""Why an expected Grab and Hit action is not offered (reasons.py): the targets that vanish from
the hits, the skipped first hit, a second try of the ability, aims at limbo, a sixth location."""

from __future__ import annotations

from meeple.games.grabhit.state import GrabHitState

from .helpers import card, new, texts, turn


def told(st: GrabHitState, lang: str = "en") -> dict[str, str]:
    """Each forbidden action's text and its reason, each checked to be illegal now."""
    out = {a.text: why for a, why in st.game.why_not(st.view(st.to_act), lang)}
    assert not set(out) & set(texts(st)), out
    return out


def test_gah50_a_guarded_target_vanishes_from_the_hits_with_its_reason() -> None:
    st = new(players=4)
    turn(st, 2, "hit")
    st.defending = (1,)
    st._legal = None
    st.apply("attack with fists")
    got = told(st)
    assert "hit Violet" in got and "guarded" in got["hit Violet"]
    assert told(st, "ru")["hit Violet"].startswith("Вайлет под защитой")
    assert got["done"].startswith("The first hit is compulsory")


def test_gah50_with_three_players_nobody_is_guarded_so_nothing_is_said() -> None:
    st = new(players=3)
    turn(st, 2, "hit")
    st.defending = (1,)
    st._legal = None
    st.apply("attack with fists")
    assert "hit Violet" in texts(st) and "hit Violet" not in told(st)


def test_gah35_an_adventurer_in_limbo_cannot_be_hit_or_aimed_at() -> None:
    st = new(players=4)
    st.limbo[3] = 1
    st.hand[2] = (card("fireball"),)
    turn(st, 2, "free")
    got = told(st)
    assert "cast Fireball on Garret" in got and "limbo" in got["cast Fireball on Garret"]
    assert "cast Fireball on Ashir" in texts(st)
    st.apply("done")
    st.apply("attack with fists")
    assert "limbo" in told(st)["hit Garret"]


def test_gah44_the_ability_once_a_turn() -> None:
    st = new(players=5)
    turn(st, 4, "free")
    st.apply("use ability")
    assert "once a turn" in told(st)["use ability"]


def test_gah21_phase4_cannot_end_with_six_locations() -> None:
    st = new(players=2)
    st.locations[0] = tuple(card(c) for c in ("crystal_fields", "cemetery", "old_mretto", "perre",
                                               "solar_farm", "frozen_lake"))
    turn(st, 0, "free")
    assert "six locations" in told(st)["done"]
