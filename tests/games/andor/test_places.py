"""Where Andor's actions happen on the drawn board, from real states (places.py)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.games.andor import places
from meeple.games.andor.content import load
from meeple.games.andor.state import AndorState
from meeple.games.andor.verbs import (
    AcceptRoll,
    Decline,
    Done,
    EndDay,
    LetHappen,
    NoFlip,
    Pass,
    RollAgain,
    Stop,
    TakeLoss,
    Withdraw,
)

from ..words import random_play
from .helpers import Dice, bare, black, fight_with


def where(st: AndorState) -> dict[str, str | None]:
    """Each legal action of the seat to act and its place in that seat's view."""
    view = st.view(st.to_act)
    return {a.text: st.game.where(a, view) for a in st.legal_actions()}


def test_a_turn_moves_to_the_neighbour_regions_and_fights_the_creature() -> None:
    st = bare(at=[9, 5])
    st.creatures = {9: "gor"}
    st._legal = None
    w = where(st)
    assert w["move to 17"] == "region:17" and w["move to 3"] == "region:3"
    assert w["fight the gor on 9"] == "creature:9"
    assert w["pass"] is None and w["end day"] is None


def test_the_archer_fights_a_neighbour_from_afar_on_the_creature() -> None:
    st = bare(at=[5, 3])
    st.creatures = {9: "gor"}
    st._legal = None
    st.apply("pass")  # seat 1, the archer, to act
    w = where(st)
    assert w["fight the gor on 9"] == "creature:9"
    assert "creature:9" in places.places(st.view(st.to_act))


def test_the_wineskin_step_shares_the_region_with_the_hour_step() -> None:
    st = bare(at=[9, 5])
    st.items[0] = ("wineskin",)
    st._legal = None
    st.apply("move to 17")
    w = where(st)
    assert w["move to 28"] == w["move to 28 with the wineskin"] == "region:28"
    assert w["stop"] is None


def test_buying_is_the_ware_at_the_merchant_and_drinking_the_well() -> None:
    st = bare(at=[7, 14])
    st.gold = [4, 4]
    st._legal = None
    w = where(st)
    assert w["buy a helm"] == "shop:helm" and w["buy strength"] == "shop:strength"
    assert w["buy a wineskin"] == "shop:wineskin"
    st.apply("pass")
    assert where(st)["drink from the well"] == "well:14"


def test_the_witch_sells_her_brew_where_she_stands() -> None:
    st = bare(at=[30, 5])
    st.witch = 30
    st.gold = [5, 5]
    st._legal = None
    w = where(st)
    assert w["buy witch's brew"] == "witch:30"
    assert "witch:30" in places.places(st.view(0))
    assert "witch:30" not in places.places(bare(at=[30, 5]).view(0))


def test_tokens_are_picked_up_where_they_lie_and_a_farmer_is_dropped_from_the_hero() -> None:
    st = bare(at=[21, 5])
    st.farmers = {21: 1}
    st.ground = {21: ("rune_red",)}
    st._legal = None
    w = where(st)
    assert w["pick up a farmer"] == "farmer:21"
    assert w["pick up the rune stone (red)"] == "ground:21:rune_red"
    st.apply("pick up a farmer")
    assert where(st)["drop a farmer"] == "carried:warrior"
    assert "carried:warrior" in places.places(st.view(0))


def test_gifts_and_the_falcon_go_to_the_other_hero_and_articles_are_used_on_the_board() -> None:
    st = bare(at=[9, 9])
    st.items[0] = ("herb", "telescope")
    st.fog = {17: "gold"}
    st._legal = None
    w = where(st)
    assert w["give 1 gold to the archer"] == "hero:archer"
    assert w["give the healer's herb to the archer"] == "hero:archer"
    assert w["look through the telescope"] == "item:telescope"
    st2 = bare(at=[9, 40])
    st2.items[0] = ("falcon", "herb")
    st2.willpower[0] = 5
    st2._legal = None
    w2 = where(st2)
    assert w2["send the falcon to the archer"] == "hero:archer"
    assert w2["use the herb for willpower"] == "item:herb"


def test_a_joint_fight_is_begun_joined_and_fought_on_at_the_creature() -> None:
    st = bare(at=[9, 9], heroes="warrior,wizard")
    fight_with(st, 0, 9, "gor", [])
    w = where(st)
    assert w == {"begin the fight": "creature:9", "invite the wizard": "hero:wizard"}
    st.apply("invite the wizard")
    assert where(st) == {"join the fight": "creature:9", "decline": None}


def test_the_wizard_flips_a_die_and_the_archer_keeps_one() -> None:
    st = bare(at=[9, 9], heroes="warrior,wizard")
    fight_with(st, 0, 9, "gor", [])
    st.apply("invite the wizard")
    st.rng = Dice([1, 2, 1])
    st.apply("join the fight")
    assert where(st) == {"no flip": None, "flip 1 of the warrior": "die:0",
                         "flip 2 of the warrior": "die:1"}
    st2 = bare(at=[5, 3])
    fight_with(st2, 1, 9, "gor", [2, 5, 1, 2])
    assert where(st2) == {"keep 2": "die:0", "roll again": None}


def test_the_brew_doubles_the_die_it_names_and_a_black_die_is_told_apart() -> None:
    st = bare(at=[9, 5])
    st.items[0] = ("brew", "rune_red", "rune_blue", "rune_green")
    fight_with(st, 0, 9, "gor", [black(6), 6, 5, 1, 2])
    w = where(st)
    assert w["double black 6 with the brew"] == "die:0"
    assert w["double 6 with the brew"] == "die:1" and w["double 5 with the brew"] == "die:2"
    assert w["accept the roll"] is None
    assert {"die:0", "die:1", "die:2"} <= places.places(st.view(0))


def test_the_shield_blocks_a_loss_from_the_heros_board() -> None:
    st = bare(at=[9, 5])
    st.items[0] = ("shield",)
    fight_with(st, 0, 9, "gor", [1, 1, 1, 6, 5])
    assert where(st) == {"block the loss with the shield": "item:shield", "take the loss": None}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_action_of_random_play_has_a_drawn_place_or_is_a_button(players: int) -> None:
    """docs/boards.md: a place the board draws for the taker's view, or None exactly for the
    verbs listed as buttons (by their class)."""
    for seed in (1, 2, 3):
        st = meeple.load("andor", players=players).new_state(seed=seed)
        pick = random.Random(seed)
        while not st.is_over and st.n_actions < 400:
            view = st.view(st.to_act)
            drawn = places.places(view)
            for a in st.legal_actions():
                place = st.game.where(a, view)
                assert (place is None) == (type(a[1]) in places.BUTTONS), a.text
                assert place is None or place in drawn, (a.text, place)
            st.apply(pick.choice(st.legal_actions()))


def test_the_buttons_are_the_verbs_with_no_spot() -> None:
    meant = {Stop, Done, Pass, EndDay, LetHappen, Decline, RollAgain, NoFlip, AcceptRoll,
             TakeLoss, Withdraw}
    assert meant == places.BUTTONS


def test_the_boards_map_is_the_contents_map() -> None:
    """board/map.js holds the map of content/map.toml, region by region."""
    js = (Path(meeple.__file__).parent / "games" / "andor" / "board" / "map.js").read_text(
        "utf-8")
    rows = [json.loads(line.strip().rstrip(","))
            for line in js.splitlines() if line.strip().startswith("[") and "]," in line]
    c = load()
    assert rows == [[r.x, r.y, r.terrain, r.feature, list(r.neighbours), r.arrow]
                    for r in c.regions]
    head = re.search(r"width: (\d+), height: (\d+), castle: (\d+), riverX: (\d+)", js)
    assert head is not None
    assert tuple(map(int, head.groups())) == (c.map.width, c.map.height, c.map.castle,
                                              c.map.river_x)
    bridges = re.search(r"bridges: (\[.*\]),", js)
    assert bridges is not None and json.loads(bridges.group(1)) == [list(b) for b in c.map.bridges]


def test_changed_marks_what_moved_and_nothing_else() -> None:
    st = bare(at=[3, 5])
    st.creatures = {44: "gor"}
    st.wells_full = st.wells_full | {14}
    g = st.game
    before = st.view(1)
    st.apply("move to 9")
    st.apply("stop")
    after = st.view(1)
    assert g.changed(before, after) == {"region:3", "region:9", "hero:warrior"}
    assert g.changed(after, after) == frozenset()
    st.apply("end day")
    st.apply("end day")  # sunrise: the gor marches from 44 to 39, the narrator steps
    dawn = st.view(1)
    marked = g.changed(after, dawn)
    assert {"region:44", "region:39", "creature:39"} <= marked
    assert "region:3" not in marked and "well:14" not in marked
    assert marked <= places.places(dawn)


def test_changed_names_only_places_of_the_board_and_every_hero_whose_board_changed() -> None:
    previous: dict[str, Any] | None = None
    for st in random_play("andor", 2, 5, max_steps=200):
        view = st.view(0)
        if previous is not None:
            marked = st.game.changed(previous, view)
            assert marked <= places.places(view)
            for old, new in zip(previous["heroes"], view["heroes"], strict=True):
                assert (old != new) == (f"hero:{new['hero']}" in marked)
        previous = dict(view)
