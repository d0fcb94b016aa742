"""What a seat's view of High in the Heavens holds (docs/architecture.md, "One vocabulary"): ids
and numbers, never words; ``mine`` and ``on_table`` name catalogue entries."""

from __future__ import annotations

import random
from typing import Any

import meeple

from .helpers import fresh, place, unlock


def keys(value: Any) -> set[str]:
    """Every key of every dict inside ``value``."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def test_a_seat_owns_its_hand_its_pantheon_its_base_and_its_gods() -> None:
    st = fresh()
    unlock(st)
    place(st, "zeus", "f5")
    place(st, "thor", "f8")
    v = st.view(0)
    hand = v["hands"][0]["cards"]
    assert v["mine"] == [*hand, "greek", "greek_base", "zeus"]
    assert {"norse", "norse_base", "thor", "heavens", "standard", "red"} <= set(v["on_table"])
    assert not set(v["mine"]) & set(v["on_table"])
    assert not set(st.view(1)["mine"]) & {*hand, "zeus"}
    spectator = st.view(None)
    assert spectator["mine"] == [] and {"zeus", "thor"} <= set(spectator["on_table"])


def test_a_team_mate_s_hand_is_on_the_table_not_mine() -> None:
    st = fresh(players=4)
    v = st.view(0)
    mate = v["hands"][1]["cards"]
    assert mate and set(mate) <= set(v["on_table"]) and not set(mate) & set(v["mine"])


def test_views_name_catalogue_entries_and_hold_no_words() -> None:
    for players in (2, 4):
        g = meeple.load("heavens", players=players)
        catalogue = set(g.catalogue())
        st, pick = g.new_state(seed=players), random.Random(players)
        for n in range(300):
            if st.is_over:
                break
            if n % 10 == 0:
                for seat in (None, *range(players)):
                    v = st.view(seat)
                    assert set(v["mine"]) | set(v["on_table"]) <= catalogue
                    assert not {k for k in keys(v) if k.endswith("_ru") or k == "name"}
            st.apply(pick.choice(st.legal_actions()))
