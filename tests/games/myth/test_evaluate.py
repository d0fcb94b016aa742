"""The bots' heuristic for Myth (docs/bots.md): own progress against the strongest rival."""

from __future__ import annotations

from .scenario import fresh


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
