"""Myth's observation encoder (``tensor.py``): sizes and ranges over random play, no hidden
card leaking into a seat's numbers, and the cells real positions set."""

from __future__ import annotations

import math
import random
from array import array

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.components.tilegrid import E, N, S
from meeple.core.tensors import Layout
from meeple.games.myth import Myth
from meeple.games.myth.state import MythState
from meeple.games.myth.tensor import CENTRE, DECISIONS, SIDE

from .scenario import CARDS, fresh, open_cell, turn_of

DECK = list(CARDS)


def field(lay: Layout, obs: array[float], name: str) -> list[float]:
    """The cells of one field, flat."""
    at = lay.offset(name)
    return list(obs[at:at + math.prod(lay.shape(name))])


def block_of(lay: Layout, obs: array[float], name: str, rel: int) -> list[float]:
    """One rotated seat's block of a per-seat field."""
    cells = field(lay, obs, name)
    size = len(cells) // lay.shape(name)[0]
    return cells[rel * size:(rel + 1) * size]


def square(lay: Layout, obs: array[float], name: str, cell: tuple[int, int]) -> list[float]:
    """The channels of a dungeon field on ``cell`` (x, y)."""
    k = lay.shape(name)[2]
    at = lay.offset(name) + (CENTRE + cell[1] * SIDE + cell[0]) * k
    return list(obs[at:at + k])


def copies(card: str) -> int:
    """The copies of an event card in the deck."""
    return Myth(players=2).content.event_deck.count(card)


def f32(x: float) -> float:
    """``x`` as a buffer cell holds it."""
    return array("f", [x])[0]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_observations_fit_the_layout_and_stay_in_unit_range(seed: int) -> None:
    """Every seat and a spectator, every player count: the layout's size, finite, in [0, 1]."""
    for players in Myth.allowed_players():
        game = meeple.load("myth", players=players)
        size = game.observation_layout().size
        s = game.new_state(seed=seed)
        r = random.Random(seed)
        for _ in range(120):
            for seat in (*range(players), None):
                obs = game.observe(s.view(seat))
                assert len(obs) == size
                assert math.isfinite(sum(obs)) and min(obs) >= 0.0 and max(obs) <= 1.0
            if s.is_over:
                break
            s.apply(r.choice(s.legal_actions()))


def test_observation_is_the_same_in_every_world_the_seat_cannot_tell_apart() -> None:
    """Determinized worlds re-deal the others' hands, quests and the decks: no cell moves."""
    game = meeple.load("myth", players=4)
    s = game.new_state(seed=5)
    r = random.Random(5)
    for step in range(160):
        if s.is_over:
            break
        if step % 20 == 0:
            for seat in range(4):
                obs = game.observe(s.view(seat))
                for k in range(3):
                    assert game.observe(s.determinize(seat, k).view(seat)) == obs
        s.apply(r.choice(s.legal_actions()))


def test_own_hand_sets_its_cells_and_other_hands_show_only_as_counts() -> None:
    """The observer's hand is a count per card; another seat's hand is its size alone, so
    changing which cards it holds changes nothing the observer sees."""
    s = fresh(3, 1, empty_hands=False)
    game, lay = s.game, s.game.observation_layout()
    obs = game.observe(s.view(1))
    hand = field(lay, obs, "hand")
    for card in set(s.hand[1]):
        assert hand[DECK.index(card)] == f32(s.hand[1].count(card) / copies(card))
    assert sum(1 for x in hand if x) == len(set(s.hand[1]))
    seat2 = block_of(lay, obs, "hero_stats", 1)  # seat 2 is seat 1's next
    assert seat2[8] == f32(len(s.hand[2]) / (2 * game.config["hand_size"]))
    other = next(c for c in s.deck if c not in s.hand[2])
    s.deck.remove(other)
    s.deck.append(s.hand[2][0])
    s.hand[2] = [other, *s.hand[2][1:]]
    assert game.observe(s.view(1)) == obs
    assert game.observe(s.view(2)) != game.observe(fresh(3, 1, empty_hands=False).view(2))


def test_tiles_heroes_and_monsters_mark_their_cells() -> None:
    """A laid tile sets its passages, a hero the plane of his rotated seat, monsters their
    kind's plane as count / copies."""
    s = fresh(3, 1)
    open_cell(s, (1, 0), mask=N | E | S)
    s.position[2] = (1, 0)
    s.enemies[(1, 0)] = ["ghol", "ghol"]
    game, lay = s.game, s.game.observation_layout()
    obs = game.observe(s.view(1))
    assert square(lay, obs, "dungeon_passages", (1, 0)) == [1.0, 1.0, 1.0, 0.0]
    assert square(lay, obs, "dungeon_heroes", (1, 0)) == [0.0, 1.0, 0.0]  # seat 2: next
    assert square(lay, obs, "dungeon_heroes", (0, 0)) == [1.0, 0.0, 1.0]  # seats 1 and 0
    monsters = [k for k in DECK if CARDS[k].monster]
    here = square(lay, obs, "dungeon_monsters", (1, 0))
    assert here[monsters.index("ghol")] == f32(2 / copies("ghol"))
    assert sum(here) == here[monsters.index("ghol")]
    assert square(lay, obs, "dungeon_passages", (-1, 0)) == [0.0] * 4  # not laid


def test_decision_and_seats_to_act_follow_the_view_rotated() -> None:
    """The decision kind's one-hot, and who acts counted from the observer; a spectator reads
    as seat 0 without a hand."""
    s = fresh(3, 1, empty_hands=False)
    assert isinstance(s, MythState)
    turn_of(s, 0, draw=None)
    game, lay = s.game, s.game.observation_layout()
    v = s.view(1)
    obs = game.observe(v)
    decision = field(lay, obs, "decision")
    assert decision.index(1.0) == DECISIONS.index(v["decision"]["kind"]) and sum(decision) == 1
    assert field(lay, obs, "to_act") == [0.0, 0.0, 1.0, 0.0]  # seat 0 is two after seat 1
    assert field(lay, obs, "active") == [0.0, 0.0, 1.0]
    spectator = game.observe(s.view(None))
    assert field(lay, spectator, "to_act") == [1.0, 0.0, 0.0, 0.0]
    assert not any(field(lay, spectator, "hand"))
    assert field(lay, spectator, "hero") == field(lay, game.observe(s.view(0)), "hero")


def test_a_drawn_tile_and_the_cell_it_is_laid_on_are_marked() -> None:
    """Exploring draws a tile: its one-hot and the cell it goes to are set."""
    s = fresh(3, 1)
    turn_of(s, 0)
    s.apply("explore east")
    assert s.drawn_tile
    game, lay = s.game, s.game.observation_layout()
    obs = game.observe(s.view(0))
    tiles = list(game.content.tiles)
    assert field(lay, obs, "drawn_tile")[tiles.index(s.drawn_tile)] == 1.0
    laying = field(lay, obs, "dungeon_laying")
    assert laying[CENTRE + 1] == 1.0 and sum(laying) == 1.0  # (1, 0): east of the start


def test_a_hand_shown_this_turn_sets_its_seats_cells_until_the_turn_ends() -> None:
    """MYTH-88: Soulblighter's Magic shows a hand to all; the observer reads it this turn."""
    s = fresh(3, 1, empty_hands=False)
    turn_of(s, 0, draw=None)
    game, lay = s.game, s.game.observation_layout()
    assert not any(field(lay, game.observe(s.view(1)), "hand_shown"))
    s._emit("hand_shown", seat=2, cards=list(s.hand[2]))  # as the card's resolution does
    shown = block_of(lay, game.observe(s.view(1)), "hand_shown", 1)  # seat 2: next
    for card in set(s.hand[2]):
        assert shown[DECK.index(card)] == f32(s.hand[2].count(card) / copies(card))
    assert sum(1 for x in shown if x) == len(set(s.hand[2]))
    turn_of(s, 1, draw=None)
    assert not any(field(lay, game.observe(s.view(1)), "hand_shown"))
