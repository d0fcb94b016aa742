"""``restore`` refuses a catacombs state its rules cannot hold, naming the field: face-down
cards that do not add up, a card or tile in two places, multisets out of order, and decisions
of the wrong seats (CAT-3, CAT-4, CAT-9, CAT-20)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

import meeple
from meeple.core import RecordError
from meeple.games.catacombs.game import Catacombs
from meeple.games.catacombs.state import CatacombsState


def offering() -> CatacombsState:
    """Three dwarves on the board; the first has opened an offer of 10 coins to the next."""
    st = meeple.load("catacombs", players=3).new_state(seed=1)
    assert isinstance(st, CatacombsState)
    while st.step == "entrance":
        st.apply(st.legal_actions()[0])
    st.apply(f"offer trade to seat {(st.active + 1) % 3}")
    st.apply("give 10 coins")
    return st


def broken(st: CatacombsState, change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(st.to_json())
    change(data["fields"]["@d"])
    return data


def offer(f: dict[str, Any]) -> dict[str, Any]:
    return f["decisions"][-1]["@k"][1]  # type: ignore[no-any-return]


def _unsorted(f: dict[str, Any]) -> None:
    f["deck"].reverse()


def _twice(f: dict[str, Any]) -> None:
    f["card"][f["down"].index(False, 1)] = f["deck"][0]  # a face-down card also face up


def _both(f: dict[str, Any]) -> None:
    cell = f["down"].index(True)
    f["card"][cell] = 0


def _short_deck(f: dict[str, Any]) -> None:
    f["deck"].pop()


def _pile_twice(f: dict[str, Any]) -> None:
    f["faceup_tiles"].append(f["pile"][0])


def _pile_unsorted(f: dict[str, Any]) -> None:
    f["pile"].reverse()


def _offer_seat(f: dict[str, Any]) -> None:
    offer(f)["seat"] = (offer(f)["seat"] + 1) % 3


def _partner_self(f: dict[str, Any]) -> None:
    offer(f)["partner"] = offer(f)["seat"]


def _two_offers(f: dict[str, Any]) -> None:
    f["decisions"].append(copy.deepcopy(f["decisions"][-1]))


def _level_seat(f: dict[str, Any]) -> None:
    f["decisions"].append({"@k": ["level", {"seat": (offer(f)["seat"] + 1) % 3}]})


def _bad_item(f: dict[str, Any]) -> None:
    offer(f)["give"] = {"@t": [10_000]}


def _ask_unheld(f: dict[str, Any]) -> None:
    partner = offer(f)["partner"]
    assert f["pack"][partner] == []
    offer(f)["ask"] = {"@t": [0]}  # the partner holds nothing to give


def _give_unheld_coins(f: dict[str, Any]) -> None:
    offer(f)["give_money"] = f["money"][offer(f)["seat"]] + 2


def _answer_seat(f: dict[str, Any]) -> None:
    terms = f["decisions"][-1]
    f["decisions"][-1] = {"@k": ["respond", {"seat": offer(f)["seat"], "offer": terms}]}


def _bad_step(f: dict[str, Any]) -> None:
    f["step"] = "trade"


def _bad_order(f: dict[str, Any]) -> None:
    f["order"] = [0, 0, 1]


def _fewer_slots(f: dict[str, Any]) -> None:
    f["screen"][1] = f["screen"][1][:-1]


def _worn_potion(f: dict[str, Any]) -> None:
    f["screen"][0][0] = next(i for i, it in enumerate(Catacombs().content.items)
                             if it.kind == "potion")


def _short_board(f: dict[str, Any]) -> None:
    f["down"].pop()


def _old_unexplored(f: dict[str, Any]) -> None:
    f["tile"][f["tile"].index(None)] = -1  # nothing is None now, not -1


def _old_empty_slot(f: dict[str, Any]) -> None:
    f["screen"][1][0] = -1


def _no_turn(f: dict[str, Any]) -> None:
    f["active"] = None  # some dwarf's turn it always is


def _off_board(f: dict[str, Any]) -> None:
    f["position"][0] = None  # a living dwarf after set-up stands somewhere


CASES = [
    (_unsorted, "fields.deck"), (_twice, "fields.deck"), (_both, "fields.down["),
    (_short_deck, "fields.deck"), (_pile_twice, "fields.pile"), (_pile_unsorted, "fields.pile"),
    (_offer_seat, "fields.decisions[0]"), (_partner_self, "fields.decisions[0]"),
    (_two_offers, "fields.decisions"), (_level_seat, "fields.decisions[1]"),
    (_bad_item, "fields.decisions[0]"), (_answer_seat, "fields.decisions[0]"),
    (_bad_step, "fields.step"), (_bad_order, "fields.order"), (_fewer_slots, "fields.screen"),
    (_worn_potion, "fields.screen[0]"), (_short_board, "fields.down"),
    (_old_unexplored, "fields.tile["), (_old_empty_slot, "fields.screen[1][0]"),
    (_no_turn, "fields.active"), (_off_board, "fields.position[0]"),
    (_ask_unheld, "fields.decisions[0]"), (_give_unheld_coins, "fields.decisions[0]"),
]


@pytest.mark.parametrize(("change", "field"), CASES, ids=[c.__name__ for c, _ in CASES])
def test_restore_refuses_a_state_the_rules_cannot_hold(change: Callable[[dict[str, Any]], None],
                                                      field: str) -> None:
    st = offering()
    assert meeple.restore(st.to_json()).to_json() == st.to_json()
    with pytest.raises(RecordError, match=field.replace("[", r"\[")):
        meeple.restore(broken(st, change))
