"""Where Myth's actions happen on the drawn board (places.py, docs/boards.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from meeple.components.tilegrid import E, N
from meeple.core import Verb
from meeple.games.myth import places
from meeple.games.myth.state import MythState
from meeple.games.myth.verbs import (
    Attack,
    AvataraHeal,
    DeceiveHero,
    DestroyItem,
    DiscardCard,
    DreamOrder,
    EndTurn,
    Explore,
    ExtraTurn,
    Fight,
    Heal,
    Imprison,
    Move,
    NodTo,
    Pass,
    Place,
    Play,
    Remove,
    Resolve,
    Show,
    Swap,
    TargetHero,
)
from meeple.games.myth.view import View
from tests.games.words import random_play

from .scenario import CARDS, QUESTS, fresh, open_cell, turn_of


def where(st: MythState, text: str) -> str | None:
    action = next(a for a in st.legal_actions() if a.text == text)
    return st.game.where(action, st.view(st.to_act))


def view_of(st: MythState, seat: int) -> View:
    """What ``seat`` sees, as Myth's view."""
    return cast(View, st.view(seat))


def states() -> Iterator[MythState]:
    """Random games that reach every kind of choice (targets need two heroes on a cell)."""
    for players, seed in ((2, 2), (2, 4), (4, 1), (4, 2), (4, 3)):
        for st in random_play("myth", players, seed, 300):
            assert isinstance(st, MythState)
            if not st.is_over and st.to_act is not None:
                yield st


def test_moving_and_exploring_are_the_cells_they_lead_to() -> None:
    st = fresh(2, 1)
    open_cell(st, (0, -1))  # a crossroads north of the start; east is still unexplored
    turn_of(st, 0)
    assert where(st, "move north") == "cell:0,-1"
    assert where(st, "explore east") == "cell:1,0"
    assert where(st, "stay") == "cell:0,0"
    drawn = st.view(0)["map"]
    assert "cell:1,0" in places.places(view_of(st, 0)) and [1, 0] not in [c[:2] for c in drawn]


def test_laying_a_tile_is_its_cell_and_every_rotation_shares_it() -> None:
    st = fresh(2, 1)
    turn_of(st, 0)
    st.apply("explore east")
    view = st.view(0)
    assert view["laying"] == [1, 0] and view["drawn_tile"]
    lays = [a for a in st.legal_actions() if a.text.startswith("place ")]
    assert lays and {st.game.where(a, view) for a in lays} == {"cell:1,0"}
    if "redraw tile" in [a.text for a in st.legal_actions()]:
        assert where(st, "redraw tile") == "tile:drawn"


def test_the_start_has_no_tile_being_laid() -> None:
    assert fresh(2, 1).view(0)["laying"] is None


def test_drawing_is_the_event_deck_and_the_turn_end_is_buttons() -> None:
    st = fresh(2, 1)
    turn_of(st, 0, draw=None)
    assert {where(st, a.text) for a in st.legal_actions()} == {"deck:events"}
    st.apply("draw 0")
    st.apply("stay")
    for a in st.legal_actions():  # end turn, heal...; only quests have places
        assert (where(st, a.text) is None) != a.text.startswith(("show ", "swap ")), a.text


def test_cards_are_played_from_the_hand_and_quests_shown_on_their_cards() -> None:
    seen: dict[type[Verb], set[str]] = {}
    for st in states():
        assert st.to_act is not None
        view = view_of(st, st.to_act)
        for a in st.legal_actions():
            verb = a[1]
            place = st.game.where(a, view)
            seen.setdefault(type(verb), set()).add(str(place))
            if isinstance(verb, (Play, DiscardCard)):
                assert place == f"card:hand:{verb.card}" and verb.card in view["hand"]
            if isinstance(verb, Resolve):
                assert place == f"card:pending:{verb.card}" and verb.card in view["pending"]
            if isinstance(verb, (Show, Swap)):
                assert place == f"quest:{verb.quest}" and verb.quest in QUESTS
            if isinstance(verb, (Attack, Remove, Imprison)):
                assert place == f"monster:{verb.monster}" and CARDS[verb.monster].monster
            if isinstance(verb, (TargetHero, DeceiveHero)):
                assert place == f"hero:{st.hero.index(verb.hero)}"
            if isinstance(verb, DestroyItem):
                assert place == f"item:{st.to_act}:{verb.card}" and verb.card in st.items[st.to_act]
            if isinstance(verb, NodTo):
                assert place == "cell:{},{}".format(*verb.cell)
    assert {Play, Resolve, Attack, TargetHero, DeceiveHero, DestroyItem, NodTo, Move,
            Explore, Place, Show, Swap} <= set(seen)
    for kind in places.BUTTONS & set(seen):
        assert seen[kind] == {"None"}, kind


def test_the_buttons_are_the_turns_choices_with_no_thing_to_touch() -> None:
    assert {Pass, DreamOrder, Fight, Heal, AvataraHeal, ExtraTurn, EndTurn} == places.BUTTONS


def test_the_frontier_is_beyond_open_passages_only() -> None:
    st = fresh(2, 1)
    st.grid[(0, 0)] = N | E
    view = view_of(st, 0)
    assert places.frontier(view) == [(0, -1), (1, 0)]
    assert {"cell:0,-1", "cell:1,0", "cell:0,0"} <= places.places(view)
    assert "cell:0,1" not in places.places(view)


def test_another_seats_hand_is_no_place_of_mine() -> None:
    st = fresh(2, 1, empty_hands=False)
    mine, theirs = view_of(st, 0), view_of(st, 1)
    only_mine = {f"card:hand:{c}" for c in set(st.hand[0]) - set(st.hand[1])}
    assert only_mine and only_mine <= places.places(mine)
    assert not only_mine & places.places(theirs)
