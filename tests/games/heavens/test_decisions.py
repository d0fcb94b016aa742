"""The decisions inside an action (HVN-31, HVN-34, HVN-35): typed, on the stack, restorable."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import meeple
from meeple.core import RecordError
from meeple.games.heavens import cards
from meeple.games.heavens.decisions import Acquire, ChooseTarget, Move

from .helpers import fresh, give, place, unlock


def _moving() -> Any:
    st = fresh()
    unlock(st)
    place(st, "zeus", "f5")
    st.apply("move Zeus")
    return st


def test_a_move_is_a_typed_decision_of_the_active_seat() -> None:
    st = _moving()
    top = st.decisions[-1]
    assert isinstance(top, Move) and top.seat == st.to_act == 0
    assert top.left == st.game.move[top.card] and top.taken == 0
    v = st.view(0)
    assert v["decision"] == {"kind": "move", "seat": 0} and v["step"] == "move"
    st.apply(st.legal_actions()[0])
    after = st.decisions[-1]
    assert isinstance(after, Move) and after.taken == 1 and len(after.visited) == 2


def test_a_power_waits_for_its_target_with_no_source() -> None:
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 0, "descent_from_olympus", "zeus")
    st.apply("play Descent from Olympus")
    top = st.decisions[-1]
    assert isinstance(top, ChooseTarget) and top.source is None
    assert st.view(None)["pending"]["source"] is None


def test_the_turn_kind_without_a_pending_decision() -> None:
    st = fresh()
    assert st.view(0)["decision"] == {"kind": "action", "seat": 0}
    st.apply("end actions")  # HVN-38: a hand still holds cards, so cleanup asks for discards
    assert st.view(0)["phase"] == "cleanup"
    assert st.view(0)["decision"] == {"kind": "discard", "seat": 0}


def test_a_state_with_decisions_round_trips() -> None:
    st = _moving()
    data = json.loads(json.dumps(st.to_json()))
    back = meeple.restore(data)
    assert back.decisions == st.decisions and back.to_json() == st.to_json()


@pytest.mark.parametrize(("field", "value"), [
    ("seat", 1), ("card", 999), ("visited", [999]), ("taken", 5000)])
def test_restore_refuses_a_decision_no_game_could_hold(field: str, value: Any) -> None:
    data = json.loads(json.dumps(_moving().to_json()))
    bad = copy.deepcopy(data)
    entry = bad["fields"]["@d"]["decisions"][0]["@k"][1]
    entry[field] = value if field != "visited" else {"@t": value}
    with pytest.raises(RecordError):
        meeple.restore(bad)


def test_restore_refuses_an_acquire_off_the_map() -> None:
    st = fresh()
    st.decisions.append(Acquire(seat=0, card=0, hex=500, taken=0))
    with pytest.raises(RecordError, match="decisions"):
        meeple.restore(json.loads(json.dumps(st.to_json())))
    st.decisions[-1] = ChooseTarget(seat=0, source=999, card=0)
    with pytest.raises(RecordError, match="decisions"):
        meeple.restore(json.loads(json.dumps(st.to_json())))
