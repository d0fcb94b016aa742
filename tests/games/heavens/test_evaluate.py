"""The heuristic for bots and what a result tells balance reports (not rulebook rules)."""

from __future__ import annotations

import random

import meeple
from meeple.games.heavens.rings import HEALTH

from .helpers import fresh, place, unlock


def test_evaluate_side_with_a_destroyed_base_scores_lower() -> None:
    st = fresh()
    before = st._evaluate(1)
    st.base_health = (st.base_health[0], 0)
    assert st._evaluate(1) < before < st._evaluate(0)
    assert st._evaluate(1) < 0.5 < st._evaluate(0)


def test_evaluate_counts_characters_standing_on_the_heavens() -> None:
    st = fresh()
    unlock(st)
    before = st._evaluate(0)
    c = place(st, "zeus", "f5")
    stronger = st._evaluate(0)
    assert stronger > before
    st.units[c] = (st.units[c][0], 1, *st.units[c][HEALTH + 1:])
    assert before < st._evaluate(0) < stronger


def test_evaluate_stays_between_0_and_1_and_the_sides_share_it() -> None:
    for players in (2, 4):
        st = meeple.load("heavens", players=players).new_state(seed=3)
        ch = random.Random(3)
        while not st.is_over:
            values = [st._evaluate(s) for s in range(players)]
            assert all(0.0 <= v <= 1.0 for v in values)
            assert abs(values[0] + values[-1] - 1.0) < 1e-9  # the two sides, zero-sum
            st.apply(ch.choice(st.legal_actions()))
        assert st.evaluate(0) in (0.0, 0.5, 1.0)


def test_result_names_the_pantheon_of_every_seat() -> None:
    for players, roles in ((2, ["egyptian", "greek"]),
                           (4, ["egyptian", "egyptian", "greek", "greek"])):
        game = meeple.load("heavens", players=players,
                           options={"pantheon_a": "egyptian", "pantheon_b": "greek"})
        st = game.new_state(seed=1)
        ch = random.Random(1)
        while not st.is_over:
            st.apply(ch.choice(st.legal_actions()))
        extra = st.result().extra
        assert extra["roles"] == roles
        assert {"rounds", "base_health"} <= set(extra)
        assert meeple.restore(st.to_json()).result().extra["roles"] == roles
