"""The bots' heuristic for Myth (docs/bots.md): own progress against the strongest rival."""

from __future__ import annotations

from .scenario import fresh, open_cell


def test_a_wounded_rival_raises_the_value_and_a_level_raises_it_more() -> None:
    st = fresh(2, 1)
    even = st._evaluate(0)
    assert even == st._evaluate(1) == 0.5  # same level, full life, five resources each
    st.life[1] = max(1, st.life[1] // 2)
    wounded = st._evaluate(0)
    assert wounded > even and st._evaluate(1) < 0.5 < wounded
    st.level[0] += 1
    assert st._evaluate(0) > wounded + 0.1


def test_a_fallen_hero_is_worth_nothing_and_values_stay_in_range() -> None:
    st = fresh(3, 2)
    st.alive[2] = False
    assert st._evaluate(2) == 0.0
    st.level[0] = 3
    for s in range(3):
        assert 0.0 <= st._evaluate(s) <= 1.0
    assert st._evaluate(0) > st._evaluate(1)


def test_monsters_on_the_heros_cell_lower_its_value_before_they_strike() -> None:
    st = fresh(2, 1)
    calm = st._evaluate(0)
    st.enemies[st.pos[0]] = ["thrall"]
    one = st._evaluate(0)
    st.enemies[st.pos[0]] = ["thrall", "trow", "bre_unor"]
    three = st._evaluate(0)
    assert three < one < calm
    st.enemies[st.pos[0]] = []
    open_cell(st, (0, 1))
    st.pos[1] = (0, 1)
    calm = st._evaluate(0)
    st.enemies[(0, 1)] = ["trow"]
    assert st._evaluate(0) > calm  # the rival's danger is seat 0's chance


def test_a_monster_card_played_on_the_explorers_cell_counts_before_it_is_revealed() -> None:
    st = fresh(2, 1)
    st.cur = 0
    calm = st._evaluate(0)
    st.table = (("trow", 1, 2),)
    assert st._evaluate(0) < calm
    st.cur = 1  # the card lies on the other hero's cell
    assert st._evaluate(0) > calm
