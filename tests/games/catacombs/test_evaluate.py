"""The bots' heuristic for the Catacombs (docs/bots.md): experience first, then what earns it."""

from __future__ import annotations

from meeple.games.catacombs.backpack import RIGHT

from .helpers import item, started


def test_experience_leads_and_a_fallen_dwarf_is_worth_nothing() -> None:
    st = started()
    assert st._evaluate(0) == st._evaluate(1) == 0.5
    st.experience[0] += 2
    assert st._evaluate(0) > 0.5 > st._evaluate(1)
    st.alive[1] = False
    assert st._evaluate(1) == 0.0


def test_a_wielded_weapon_and_armour_count_but_less_than_experience() -> None:
    st = started()
    base = st._evaluate(0)
    st.screen[0][RIGHT] = item(st, "long_sword")
    armed = st._evaluate(0)
    assert armed > base
    st.experience[1] += 3  # three experience outweigh a sword (and the kills it promises)
    assert st._evaluate(0) < base


def test_money_kept_is_worth_more_than_money_thrown_away() -> None:
    st = started()
    base = st._evaluate(0)
    st.money[0] -= 200  # half coins: 100 coins gone for nothing
    assert st._evaluate(0) < base
