"""Restoring a saved state: what only Andor knows is checked (validate.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import meeple
from meeple.core import RecordError
from meeple.games.andor.decisions import BlockEvent, ShieldLoss
from meeple.games.andor.state import AndorState

from .helpers import bare, fight_with, step


def _refused(st: AndorState, says: str) -> None:
    with pytest.raises(RecordError, match=says):
        meeple.restore(st.to_json())


def test_a_state_in_a_fight_and_at_an_event_restores_exactly() -> None:
    st = bare(at=[9, 9])
    fight_with(st, 0, 9, "gor", [])
    assert step(st) == "invite"
    again = meeple.restore(st.to_json())
    assert again.to_json() == st.to_json() and again.decisions == st.decisions
    st = bare(at=[9, 9])
    st.items[0] = ("shield",)
    st.deck = ["forest_rain"]
    st.apply("end day")
    st.apply("end day")
    assert isinstance(st.decisions[-1], BlockEvent)
    assert meeple.restore(st.to_json()).decisions == st.decisions


def _bad_fight(key: str, value: object) -> Callable[[AndorState], None]:
    def change(st: AndorState) -> None:
        assert st.fight is not None
        st.fight[key] = value  # type: ignore[literal-required]
    return change


@pytest.mark.parametrize(("change", "says"), [
    (_bad_fight("kind", "dragon"), "no creature 'dragon'"),
    (_bad_fight("fighters", ()), "a fight has its heroes"),
    (_bad_fight("black", 5), r"fight\['black'\]"),
    (_bad_fight("creature_willpower", -1), r"fight\['creature_willpower'\]"),
])
def test_a_fight_that_cannot_be_is_refused(change: Callable[[AndorState], None],
                                           says: str) -> None:
    st = bare(at=[9, 9])
    fight_with(st, 0, 9, "gor", [])
    change(st)
    _refused(st, says)


def test_decisions_that_cannot_be_are_refused() -> None:
    st = bare()
    st.decisions.append(ShieldLoss(0))
    _refused(st, "needs a fight under way")
    st = bare()
    st.decisions.append(BlockEvent(0, "forest_rain", (7,), "sunrise", None))
    _refused(st, r"decisions\[0\].holders")
    st = bare()
    st.decisions.append(BlockEvent(0, "no_such_card", (), "sunrise", None))
    _refused(st, "not an event waiting for a shield")
    st = bare()
    st.decisions.append(BlockEvent(0, "forest_rain", (), "fog", 9))
    _refused(st, r"decisions\[0\].finder")


def test_a_market_without_its_articles_is_refused() -> None:
    st = bare()
    del st.stock["brew"]
    _refused(st, "the market holds exactly")
