"""Where the catacombs' actions happen on the drawn board (places.py), from real states: a move
is the cell it goes to, a fight and a stay the dwarf's own cell, buying the shop's item, what is
done with a thing that thing, a trade the partner's sheet; only ending a turn, refusing a tile
and closing or answering an offer are buttons."""

from __future__ import annotations

import meeple
from meeple.core import State
from meeple.games.catacombs import places, turn
from meeple.games.catacombs.state import CatacombsState

from ..words import random_play
from .helpers import at, build, give, monster_on, move_to, started


def where_of(st: State) -> dict[str, str | None]:
    view = st.view(st.to_act)
    return {a.text: st.game.where(a, view) for a in st.legal_actions()}


def test_the_entrances_are_their_corner_cells() -> None:
    st = meeple.load("catacombs", players=2).new_state(seed=1)
    assert where_of(st) == {"enter north-west": "cell:a1", "enter north-east": "cell:j1",
                            "enter south-west": "cell:a10", "enter south-east": "cell:j10"}


def test_exploring_and_walking_go_to_the_neighbouring_cell() -> None:
    st = started()
    s = st.active
    assert s is not None
    move_to(st, s, 4, 4)
    build(st, at(st, 4, 4), "NESW")
    build(st, at(st, 5, 4), "W")
    found = where_of(st)
    assert found["explore north"] == "cell:e4"
    assert found["explore south"] == "cell:e6"
    assert found["explore west"] == "cell:d5"
    assert found["walk"] == "die:walk"
    assert found["stay"] == "cell:e5"
    st.apply("walk")
    found = where_of(st)
    assert found["step east"] == "cell:f5" and found["stop"] == "cell:e5"


def test_a_monster_is_fought_on_its_cell_and_retreat_goes_back() -> None:
    st = started()
    s = st.active
    assert s is not None
    move_to(st, s, 4, 4)
    build(st, at(st, 4, 4), "NESW")
    monster_on(st, at(st, 5, 4), "rat")
    st.apply("walk")
    st.apply("step east")
    found = where_of(st)
    assert found["attack"] == "cell:f5"
    st.step = "monster"
    st._legal = None
    found = where_of(st)
    assert found["fight"] == "cell:f5" and found["retreat"] == "cell:e5"


def test_buying_is_the_shop_and_carried_things_are_in_the_backpack_or_on_the_screen() -> None:
    st = started(money=1000)
    s = st.active
    assert s is not None
    give(st, s, "dagger", "ruby", "healing", "spinner")
    st.apply("equip Dagger")
    found = where_of(st)
    assert found["buy Short Sword"] == "shop:short_sword"
    assert found["buy extra turn"] == "shop:turn"
    assert found["buy experience"] == "shop:experience"
    assert found["sell Ruby"] == f"item:{s}:ruby"
    assert found["drink Healing Potion"] == f"item:{s}:healing"
    assert found["unequip Dagger"] == f"slot:{s}:right_hand"
    assert found[f"offer trade to seat {1 - s}"] == f"seat:{1 - s}"


def test_a_trade_names_the_partners_things_and_purse() -> None:
    st = started()
    s = st.active
    assert s is not None
    p = 1 - s
    give(st, s, "dagger")
    give(st, p, "ruby")
    st.apply(f"offer trade to seat {p}")
    found = where_of(st)
    assert found["give Dagger"] == f"item:{s}:dagger"
    assert found["ask Ruby"] == f"item:{p}:ruby"
    assert found["give 10 coins"] == f"coins:{s}" and found["ask 100 coins"] == f"coins:{p}"
    assert found["cancel trade"] is None
    st.apply("ask Ruby")
    assert where_of(st)["propose"] is None
    st.apply("propose")
    assert where_of(st) == {"accept": None, "decline": None}


def _to_place(st: CatacombsState) -> None:
    """Explore east from (4, 4) onto bare ground and draw a tile to lay there."""
    s = st.active
    assert s is not None
    move_to(st, s, 4, 4)
    build(st, at(st, 4, 4), "NESW")
    st.card[at(st, 5, 4)] = None
    st.down[at(st, 5, 4)] = False
    st._legal = None
    st.apply("explore east")
    while st.step != "build":
        st.apply(next(a for a in st.legal_actions() if a.text in ("stay", "end turn")))
    assert where_of(st)["draw tile"] == "pile:tiles"


def test_a_tile_is_laid_on_the_cell_being_built_and_refusing_it_is_a_button() -> None:
    st = started()
    _to_place(st)
    st.apply("draw tile")
    found = where_of(st)
    laid = {t for a, t in found.items() if a.startswith("place ")}
    assert laid == {"cell:f5"}
    assert found.get("refuse tile", None) is None


def test_a_level_up_is_raised_on_the_dwarfs_sheet() -> None:
    st = started()
    s = st.active
    assert s is not None
    st.experience[s] = 4
    turn.gain(st, s, 1)
    st._legal = None
    assert where_of(st) == {"raise strength": f"stat:{s}:strength",
                            "raise armour": f"stat:{s}:armour",
                            "raise health": f"stat:{s}:health"}


def test_the_buttons_are_exactly_the_verbs_with_no_spot() -> None:
    """In random play the actions without a place are ending the turn, refusing a tile and
    the offer's closing and answer; every one of them turns up."""
    unplaced: set[str] = set()
    verbs: set[type] = set()
    for seed in (1, 2):
        for st in random_play("catacombs", 2, seed, max_steps=1500):
            if not st.is_over and st.to_act is not None:
                view = st.view(st.to_act)
                buttons = [a for a in st.legal_actions() if st.game.where(a, view) is None]
                unplaced |= {a.text.split()[0] for a in buttons}
                verbs |= {type(a.data) for a in buttons}
    assert unplaced == {"end", "refuse", "propose", "cancel", "accept", "decline"}
    assert verbs == places.BUTTONS


def test_every_place_is_drawn() -> None:
    st = started()
    drawn = places.places(st.view(0))
    assert len([p for p in drawn if p.startswith("cell:")]) == 100
    assert {"die:walk", "pile:tiles", "shop:dagger", "shop:turn", "seat:0", "seat:1",
            "coins:0", "slot:1:feet", "stat:0:health"} <= drawn
