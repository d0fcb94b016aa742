"""What restore refuses that only Myth knows: the decisions on its stack among them."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import meeple
from meeple.core import RecordError
from meeple.games.myth import actions, cards
from meeple.games.myth.decisions import Discard, Nod, Target
from meeple.games.myth.state import MythState

from .scenario import at_level_3_with_a_quest_to_show, fresh, open_cell, turn_of


def nodding() -> MythState:
    """Seat 0 is asked where Nod's Touch sends him."""
    st = fresh(3, 1)
    open_cell(st, (0, 1))
    st.position[1] = st.position[2] = (0, 1)
    turn_of(st, 0, draw=None)
    st.table = (("nod", -1, 0),)
    actions.carry_on(st, cards.reveal(st))
    assert st.decisions == [Nod(0)] and st.step == "sub" and st.to_act == 0
    return st


def refusal(doc: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as err:
        meeple.restore(doc)
    return str(err.value)


def test_a_state_with_a_card_choice_on_the_stack_round_trips() -> None:
    st = nodding()
    back = meeple.restore(st.to_json())
    assert isinstance(back, MythState) and back.decisions == [Nod(0)]
    assert [a.text for a in back.legal_actions()] == [a.text for a in st.legal_actions()]


def test_restore_refuses_a_decision_of_no_seat_or_not_the_one_waited_for() -> None:
    doc = nodding().to_json()
    bad = copy.deepcopy(doc)
    entry = bad["fields"]["@d"]["decisions"][0]
    entry["@k"][1]["seat"] = 7
    assert "seat 7" in refusal(bad)
    other = copy.deepcopy(doc)
    other["fields"]["@d"]["step"] = "move"
    assert "not the one waited for" in refusal(other)


def test_restore_refuses_a_discard_of_no_card_and_a_target_of_no_monster() -> None:
    st = nodding()
    st.decisions[-1] = Discard(0, 0)
    assert "cards to discard" in refusal(st.to_json())
    st.decisions[-1] = Target(0, "dragon")
    st.step = "target"
    assert "not a card of myth" in refusal(st.to_json())


def test_restore_refuses_an_unknown_attacker_and_an_unknown_drawn_tile() -> None:
    st = nodding()
    st.battle_queue = ("dragon",)
    assert "not a card of myth" in refusal(st.to_json())
    st.battle_queue = ()
    st.drawn_tile = "nowhere"
    assert "not a tile of myth" in refusal(st.to_json())


def test_myth18_a_game_won_at_level_4_round_trips_and_a_level_4_mid_game_is_refused() -> None:
    """MYTH-18: the quest shown at level 3 raises the hero to level 4 and ends the game, so a
    finished game's record holds a level past the hero card's three; restore takes it (the
    server reads a finished match back from it). The same level in a game still going is
    refused, naming the rule."""
    st = at_level_3_with_a_quest_to_show()
    st.apply("show Slay a Fetch")
    assert st.is_over and st.level[0] == 4
    back = meeple.restore(st.to_json())
    assert back.is_over and back.result().reason == "level-4"
    going = fresh(3, 1)
    going.level[1] = 4
    assert "MYTH-18" in refusal(going.to_json())
