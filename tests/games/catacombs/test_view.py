"""What a seat's view holds (CAT-61, docs/architecture.md "One vocabulary"): exactly the keys
``view.Keys`` declares, nested as its TypedDicts say; ``mine`` lists the catalogue ids of the
seat's own dwarf and what it carries, ``on_table`` every other one it sees; no words."""

from __future__ import annotations

import random
from typing import Any, get_type_hints

import pytest

import meeple
from meeple.games.catacombs.view import DwarfView, Keys, ScreenView, ShopView, TradeView

from .helpers import give, started


def states(seed: int, players: int = 3, every: int = 37, limit: int = 900) -> list[Any]:
    st = meeple.load("catacombs", players=players).new_state(seed=seed)
    chooser = random.Random(seed)
    out = []
    for n in range(limit):
        if n % every == 0:
            out.append(st.clone())
        if st.is_over:
            break
        st.apply(chooser.choice(st.legal_actions()))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_a_view_holds_exactly_the_keys_its_typed_dicts_declare(seed: int) -> None:
    for st in states(seed):
        for seat in (None, 0, 1, 2):
            v = st._view(seat)
            assert set(v) == set(get_type_hints(Keys))
            for d in v["dwarves"]:
                assert set(d) == set(get_type_hints(DwarfView))
                assert set(d["screen"]) == set(get_type_hints(ScreenView))
            assert set(v["shop"]) == set(get_type_hints(ShopView))
            if v["trade"] is not None:
                assert set(v["trade"]) == set(get_type_hints(TradeView))


@pytest.mark.parametrize("seed", [3, 4])
def test_mine_and_on_table_are_catalogue_ids_the_seat_owns_or_sees(seed: int) -> None:
    catalogue = set(meeple.load("catacombs", players=3).catalogue("en"))
    for st in states(seed):
        assert st.view(None)["mine"] == []
        for seat in (None, 0, 1, 2):
            v = st.view(seat)
            mine, seen = v["mine"], v["on_table"]
            assert set(mine) <= catalogue and set(seen) <= catalogue
            assert not set(mine) & set(seen) and len(set(seen)) == len(seen)
            assert {"standard", "battle", "shop"} <= set(seen)


def test_mine_is_the_dwarf_and_what_it_carries_and_the_others_are_on_the_table() -> None:
    st = started()
    give(st, 0, "dagger", "ruby")
    give(st, 1, "amber")
    v = st.view(0)
    assert v["mine"] == ["dwarf-0", "dagger", "ruby"]
    assert {"dwarf-1", "amber", "nw", "ne", "sw", "se"} <= set(v["on_table"])
    assert "dagger" not in st.view(1)["mine"] and "dagger" in st.view(1)["on_table"]
