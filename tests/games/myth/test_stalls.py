"""Bots that end the game by its rules, and worlds that keep what their seat knows.

Games of ``myth:balance`` and of greedy seats once ran to the turn limit (MYTH-26): heroes paced
explored ground for ever. Each cause found has a scenario here (docs/rules/myth.md, "Bots").
"""

from __future__ import annotations

import random

import meeple
from meeple.games.myth import bots, dungeon, heroes, turn
from meeple.games.myth.state import MythState, MythWorld
from meeple.games.myth.verbs import Explore

from .scenario import fresh, open_cell, turn_of

W = 8  # the west side of a tile (meeple.components.tilegrid)


def carrier(money: int) -> MythState:
    """A level 2 Journeyman one step east of the crossroads, carrying the Codex his quest asks
    for, with ``money`` resources; he may explore east or walk home west."""
    st = fresh(2, 1)
    open_cell(st, (1, 0), mask=10)  # west back home, east to unexplored ground
    st.hero[0] = "journeyman"
    st.level[0] = 2
    st.life[0] = heroes.max_life(st, 0)
    st.position[0] = (1, 0)
    st.items[0] = ["codex"]
    st.quests[0] = ["carry_codex", "kill_trow", "kill_wight"]
    heroes.pay(st, 0, heroes.res(st, 0))
    heroes.gain(st, 0, money)
    turn_of(st, 0)
    assert st.step == "move"
    return st


def test_a_carrier_too_poor_to_show_his_quest_explores_instead_of_walking_home() -> None:
    """The stall: with 1 resource and the level costing 6 (MYTH-17), the scripted bot walked
    home, could not show the quest there, set off to explore and turned home again."""
    poor = carrier(1)
    assert isinstance(bots.choose(poor)[1], Explore)
    rich = carrier(6)
    assert str(bots.choose(rich)) == "move west"


def test_the_scripted_bot_walks_to_a_cell_it_can_explore_from() -> None:
    """A corridor runs eight cells west of the crossroads, so the dungeon spans nine: the open
    end of the corridor leads beyond the nine by nine (MYTH-37) and is no frontier. The bot,
    one step from that end, walks back east to the crossroads, where it can explore; it used
    to walk to the nearest open side by straight-line distance, and back."""
    st = fresh(2, 1)
    for x in range(-8, 0):
        open_cell(st, (x, 0), mask=10)  # east and west
    st.position[0] = (-7, 0)
    turn_of(st, 0)
    assert str(bots.choose(st)) == "move east"


def test_greedy_sees_a_gain_in_exploring_with_twelve_resources_or_more() -> None:
    """Resources counted only up to twelve, so a hero holding twelve saw nothing in exploring
    and wandered explored ground one step ahead at a time."""
    st = fresh(2, 1)
    heroes.gain(st, 0, 14 - heroes.res(st, 0))
    turn_of(st, 0)
    after = {}
    for a in ("explore north", "stay"):
        w = st.determinize(0, 7)
        w.apply(a)
        after[a] = w.evaluate(0)
    assert after["explore north"] > after["stay"]


def test_greedy_walks_towards_the_frontier_from_a_dead_end() -> None:
    st = fresh(2, 1)
    open_cell(st, (1, 0), mask=W)
    st.position[0] = (1, 0)
    turn_of(st, 0)
    after = {}
    for a in ("move west", "stay"):
        w = st.determinize(0, 7)
        w.apply(a)
        after[a] = w.evaluate(0)
    assert after["move west"] > after["stay"]


def test_greedy_carries_an_artifact_home_only_when_it_can_pay_there() -> None:
    rich = carrier(6)
    home, stay = (rich.clone() for _ in range(2))
    home.apply("move west")
    stay.apply("stay")
    assert home.evaluate(0) > stay.evaluate(0)
    poor = carrier(1)
    home, explore = (poor.clone() for _ in range(2))
    home.apply("move west")
    explore.apply("explore east")
    assert explore.evaluate(0) > home.evaluate(0)


def midgame(players: int, seed: int) -> MythState:
    """A game some 90 random actions in (the first seed from ``seed`` whose game lasts)."""
    while True:
        st = meeple.load("myth", players=players).new_state(seed=seed)
        r = random.Random(seed)
        while st.n_actions < 90 and not st.is_over:
            st.apply(r.choice(st.legal_actions()))
        if not st.is_over:
            assert isinstance(st, MythState)
            return st
        seed += 1


def unseen(st: MythState, seat: int) -> tuple[list[str], list[str]]:
    """The event cards and quests ``seat`` cannot place, sorted."""
    others = [o for o in range(st.players) if o != seat]
    events = [*st.deck, *(c for o in others for c in st.hand[o]),
              *(c for c, by, _ in st.table if by != seat)]
    quests = [*st.quest_pile, *(q for o in others for q in st.quests[o])]
    return sorted(events), sorted(quests)


def test_a_world_keeps_what_its_seat_knows_and_deals_the_rest_afresh() -> None:
    """MYTH-67: the seat's hand, quests, face-down cards and everything public stay; the other
    hands and quests are dealt afresh from the unseen cards, and the piles nobody sees are
    drawn from at random (a shuffle done card by card)."""
    for players in (2, 3, 4):
        st = midgame(players, 30 + players)
        assert not st.loose
        seat = st.to_act
        assert seat is not None
        others = [o for o in range(players) if o != seat]
        dealt, drawn, tiles = set(), set(), set()
        for k in range(24):
            w = st.determinize(seat, k)
            assert isinstance(w, MythWorld) and w.loose and isinstance(w.clone(), MythWorld)
            assert w.view(seat) == st.view(seat)
            assert w.hand[seat] == st.hand[seat] and w.quests[seat] == st.quests[seat]
            assert [c for c, by, _ in w.table if by == seat] == \
                [c for c, by, _ in st.table if by == seat]
            assert unseen(w, seat) == unseen(st, seat)
            assert sorted(w.tiles) == sorted(st.tiles)
            dealt.add(tuple(tuple(sorted(w.hand[o])) for o in others))
            drawn.add(turn.draw_event(w.clone()))
            tiles.add(dungeon._draw_tile(w.clone()))
        assert len(dealt) > 12 and len(drawn) > 4 and len(tiles) > 2
        assert st.determinize(seat, 5).to_json() == st.determinize(seat, 5).to_json()
