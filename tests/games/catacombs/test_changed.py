"""What changed on the table since a seat's last turn (``places.changed``): exactly the places
whose content differs between two of its views, and always places the board draws."""

from __future__ import annotations

import meeple
from meeple.games.catacombs import places

from ..words import random_play


def test_a_turn_of_the_other_dwarf_marks_the_cells_it_touched_and_its_sheet() -> None:
    st = meeple.load("catacombs", players=2).new_state(seed=8)
    for text in ("enter north-west", "enter south-east", "explore east", "draw tile",
                 "place ESW"):
        st.apply(text)
    before = st.view(1)
    st.apply("buy Dagger")
    st.apply("end turn")
    after = st.view(1)
    got = st.game.changed(before, after)
    assert got == {"coins:0", "item:0:dagger"}
    st.apply("explore north")  # the blue dwarf turns up the Ghost next to its entrance
    st.apply("retreat")
    st.apply("draw tile")
    st.apply("place NES")
    later = st.view(0)
    got = st.game.changed(after, later)
    assert {"cell:j9", "pile:tiles"} <= got
    assert "cell:j10" not in got  # off its entrance and back: the cell is as it was
    assert not any(k.startswith(("coins:", "item:", "stat:", "seat:")) for k in got)


def test_nothing_changed_is_nothing_marked_and_every_mark_is_a_place() -> None:
    game = meeple.load("catacombs", players=3)
    previous = None
    for st in random_play("catacombs", 3, 4):
        view = st.view(0)
        assert game.changed(view, view) == frozenset()
        if previous is not None:
            assert game.changed(previous, view) <= places.places(view)
        previous = view
