"""Scenario tests, one or more per rule, named by the rule's id (docs/rules/<id>.md lists them).

Copy this folder to ``tests/games/<id>/`` with the game. Build scenarios from real states: a new
state from a seed, then the actions that lead to the situation, or fields set by hand when the
rules would take long to reach it (a test may read and set a state's fields; nothing else may).
"""

from __future__ import annotations

import pytest

import meeple
from meeple.core import IllegalAction
from meeple.games._template.state import TemplateState
from meeple.games._template.verbs import CardId, Play


def new(players: int = 3, seed: int = 1, **options: int) -> TemplateState:
    state = meeple.load("_template", players=players, options=options).new_state(seed=seed)
    assert isinstance(state, TemplateState)
    return state


def test_tpl1_every_seat_is_dealt_a_hidden_hand() -> None:
    """TPL-1: hand_size cards each, from the deck; a seat sees its own hand only."""
    st = new(players=3, hand_size=3)
    deck_size = sum(c.copies for c in st.game.content.cards)
    assert [len(h) for h in st.hands] == [3, 3, 3] and len(st.pile) == deck_size - 9
    mine = st.view(1)
    assert len(mine["hand"]) == 3 and mine["hand_sizes"] == [3, 3, 3]
    assert st.view(None)["hand"] is None
    assert "pile" not in mine and "hands" not in mine


def test_tpl2_a_played_card_scores_its_value_and_passes_the_turn() -> None:
    """TPL-2: the card leaves the hand, its value is added, the next seat acts."""
    st = new(players=2)
    card = st.hands[0][0]
    st.apply(st.game.action(Play(CardId(card))))
    assert st.scores == [st.game.content.cards[card].value, 0]
    assert st.to_act == 1 and len(st.hands[0]) == 2
    assert st.events(1)[-1] == {"type": "played", "seat": 0, "card": st.game.content.cards[card].id}


def test_tpl2_only_a_card_in_hand_can_be_played() -> None:
    """TPL-2: a card the seat does not hold is refused and nothing changes."""
    st = new(players=2)
    st.hands[0] = [0, 0, 0]  # three of the first card: the others are not in hand
    absent = st.game.action(Play(CardId(1)))
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(absent)
    assert st.to_json() == before


def test_tpl3_the_highest_score_wins_and_ties_share() -> None:
    """TPL-3: the game ends when the hands are empty; equal best scores share the win."""
    st = new(players=2, hand_size=1)
    st.hands = [[0], [0]]  # the same card for both seats
    st.apply(st.game.action(Play(CardId(0))))
    st.apply(st.game.action(Play(CardId(0))))
    res = st.result()
    assert st.is_over and res.winners == (0, 1) and res.reason == "hands-empty"
