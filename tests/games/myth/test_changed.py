"""What changed on the table since a seat last looked (Myth's ``changed``): exactly the places
whose content differs between two views of the seat."""

from __future__ import annotations

from typing import cast

from meeple.games.myth import heroes, places
from meeple.games.myth.view import View

from .scenario import fresh, open_cell, turn_of


def test_nothing_changed_between_two_equal_views() -> None:
    st = fresh(3, 1)
    turn_of(st, 0)
    assert st.game.changed(st.view(1), st.view(1)) == frozenset()


def test_a_hero_moving_marks_his_old_and_new_cells_and_his_card() -> None:
    st = fresh(3, 1)
    open_cell(st, (1, 0))
    turn_of(st, 0)
    before = st.view(1)
    st.apply("move east")
    after = st.view(1)
    assert st.position[0] == (1, 0)
    assert st.game.changed(before, after) == {"cell:0,0", "cell:1,0", "hero:0"}


def test_a_laid_tile_marks_its_cell_the_drawn_tile_and_the_purse() -> None:
    st = fresh(3, 1)
    turn_of(st, 0)
    before = st.view(2)
    st.apply("explore east")
    mid = st.view(2)
    marked = st.game.changed(before, mid)
    assert {"tile:drawn", "hero:0"} <= marked  # a tile drawn, a resource taken
    place = next(a.text for a in st.legal_actions() if a.text.startswith("place"))
    st.apply(place)
    after = st.view(2)
    marked = st.game.changed(mid, after)
    assert {"cell:1,0", "cell:0,0", "hero:0", "tile:drawn"} <= marked  # laid, walked in
    assert marked <= places.places(cast("View", after))


def test_cards_new_in_hand_and_monsters_of_the_battle_are_marked() -> None:
    st = fresh(3, 1)
    turn_of(st, 0, draw=None)
    before = st.view(0)
    st.apply("draw 2")
    after = st.view(0)
    new = {f"card:hand:{c}" for c in st.hand[0]}
    marked = st.game.changed(before, after)
    assert new <= marked and "deck:events" in marked and "hero:0" in marked
    before = st.view(0)
    st.enemies[(0, 0)] = ["thrall"]
    heroes.gain(st, 1, 0)
    assert "monster:thrall" in st.game.changed(before, st.view(0))
