"""The observation encoder (``tensor.py``): every observation fits the layout and [0, 1], it
reads no more than the seat's view, and real positions set the cells they should."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st_
from pytest import approx

import meeple
from meeple.games._template.state import TemplateState
from meeple.games._template.tensor import VOCABULARIES

PLAYERS = meeple.load("_template").allowed_players()


def new(players: int = 2, seed: int = 1, hand_size: int = 3) -> TemplateState:
    state = meeple.load("_template", players=players,
                        options={"hand_size": hand_size}).new_state(seed=seed)
    assert isinstance(state, TemplateState)
    return state


def field(st: TemplateState, seat: int | None, name: str) -> list[float]:
    """One field of ``seat``'s observation."""
    lay = st.game.observation_layout()
    start = lay.offset(name)
    return list(st.game.observe(st.view(seat))[start:start + lay.shape(name)[0]])


@settings(max_examples=20, deadline=None)
@given(seed=st_.integers(0, 10_000), players=st_.sampled_from(PLAYERS),
       hand_size=st_.integers(1, 3))
def test_every_observation_fits_the_layout_and_lies_in_0_1(seed: int, players: int,
                                                            hand_size: int) -> None:
    st, pick = new(players, seed, hand_size), random.Random(seed)
    size = st.game.observation_layout().size
    while True:
        for seat in (None, *range(players)):
            obs = st.game.observe(st.view(seat))
            assert len(obs) == size and all(math.isfinite(x) and 0 <= x <= 1 for x in obs)
            words = [sum(field(st, seat, name)) for name, _ in VOCABULARIES]
            assert words == [1.0, 1.0, 0.0 if st.is_over else 1.0]
        if st.is_over:
            break
        st.apply(pick.choice(st.legal_actions()))


def test_an_observation_is_the_same_in_every_world_the_seat_cannot_tell_apart() -> None:
    st = new(players=3, seed=5)
    while not st.is_over:
        for seat in range(3):
            mine = st.game.observe(st.view(seat))
            assert all(st.game.observe(st.determinize(seat, k).view(seat)) == mine
                       for k in (1, 2, 3))
        st.apply(st.legal_actions()[0])


def test_the_seat_s_hand_sets_its_cards_and_other_hands_are_only_counts() -> None:
    st = new(players=2, hand_size=3)
    st.hands = [[0, 0, 2], [1, 1, 1]]  # two sparks and a blaze; three flames
    assert field(st, 0, "hand") == approx([2 / 3, 0, 1 / 3])
    assert field(st, 1, "hand") == approx([0, 1, 0])
    assert field(st, None, "hand") == [0, 0, 0]
    st.hands[1] = [1]
    assert field(st, 0, "hand_sizes") == approx([1, 1 / 3])  # the observer first


def test_scores_and_the_seat_to_act_turn_round_the_observer() -> None:
    st = new(players=3, hand_size=2)
    st.scores = [0, 6, 3]  # the most a hand of two can score: 2 × 3
    assert field(st, 1, "scores") == approx([1, 0.5, 0])
    assert field(st, 2, "to_act") == [0, 1, 0]  # seat 0 is the next seat after seat 2
    assert field(st, 0, "decision") == [1, 0]  # "turn"
