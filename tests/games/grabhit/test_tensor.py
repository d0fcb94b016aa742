"""Grab and Hit's observation encoder (``tensor.py``): sizes and ranges over random play, the
same numbers in every world a seat cannot tell apart, and the cells real positions set."""

from __future__ import annotations

import math
import random
from array import array

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core.tensors import Layout
from meeple.games.grabhit import GrabHit
from meeple.games.grabhit.content import GREEN
from meeple.games.grabhit.tensor import DECISIONS, STEPS, VITALS

from .helpers import T, card, new, sector, stack, turn

#: The content's distinct cards, in its order: the catalogue vectors' cells.
IDS = list(dict.fromkeys(c.entry.id for c in T.cards))
WEAPONS = [c.entry.id for c in T.cards if c.kind == "weapon"]
LOCATIONS = [c.entry.id for c in T.cards if c.kind == "location"]


def field(lay: Layout, obs: array[float], name: str) -> list[float]:
    """The cells of one field, flat."""
    at = lay.offset(name)
    return list(obs[at:at + math.prod(lay.shape(name))])


def block(lay: Layout, obs: array[float], name: str, rel: int) -> list[float]:
    """One rotated seat's block of a per-seat field."""
    cells = field(lay, obs, name)
    size = len(cells) // lay.shape(name)[0]
    return cells[rel * size:(rel + 1) * size]


def f32(x: float) -> float:
    """``x`` as a buffer cell holds it."""
    return array("f", [x])[0]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_observations_fit_the_layout_and_stay_in_unit_range(seed: int) -> None:
    """Every seat and a spectator, every player count: the layout's size, finite, in [0, 1]."""
    for players in GrabHit.allowed_players():
        game = meeple.load("grabhit", players=players)
        size = game.observation_layout().size
        s = game.new_state(seed=seed)
        r = random.Random(seed)
        for _ in range(60):
            for seat in (*range(players), None):
                obs = game.observe(s.view(seat))
                assert len(obs) == size
                assert math.isfinite(sum(obs)) and min(obs) >= 0.0 and max(obs) <= 1.0
            if s.is_over:
                break
            s.apply(r.choice(s.legal_actions()))


def test_observation_is_the_same_in_every_world_the_seat_cannot_tell_apart() -> None:
    """Only the decks' order is hidden: a determinized world encodes alike for its seat."""
    game = meeple.load("grabhit", players=4)
    s = game.new_state(seed=3)
    r = random.Random(3)
    for step in range(200):
        if s.is_over:
            break
        if step % 25 == 0:
            for seat in range(4):
                obs = game.observe(s.view(seat))
                for k in range(3):
                    assert game.observe(s.determinize(seat, k).view(seat)) == obs
        s.apply(r.choice(s.legal_actions()))


def test_cards_in_hand_and_in_play_set_their_seats_cells_rotated() -> None:
    """From seat 2 of four, seat 0 is block 2 and seat 1 block 3: a hand counts each card over
    its copies, a weapon sets its numbers and lies in play with its blueprint and upgrades."""
    s = new(players=4)
    s.hand[0] = (card("fireball"), card("fireball", 1), card("sharpening"))
    s.weapons[1] = ((card("crossbow"), 3, (card("barbed_heads"),)),)
    s.scrolls[1] = (card("vigour"),)
    game, lay = s.game, s.game.observation_layout()
    obs = game.observe(s.view(2))
    hand = block(lay, obs, "hand", 2)
    assert hand[IDS.index("fireball")] == 1.0 and hand[IDS.index("sharpening")] == 0.5
    assert sum(hand) == 1.5
    assert not any(block(lay, obs, "hand", 0))  # the observer's own hand is empty
    play = block(lay, obs, "in_play", 3)
    assert play[IDS.index("crossbow")] == 1.0
    assert play[IDS.index("barbed_heads")] == 0.5 and play[IDS.index("vigour")] == 0.5
    bow = block(lay, obs, "weapons", 3)[5 * WEAPONS.index("crossbow"):][:5]
    assert bow[2] == f32(3 / 8)  # durability / (5 + Full Quiver's 3), ranged blueprints
    assert bow[4] == 1.0  # a crossbow pierces
    assert not any(block(lay, obs, "weapons", 0))


def test_vitals_read_gold_against_the_target_and_the_adventurer_one_hot() -> None:
    """Gold is read against the gold target; the adventurer card sets its cell."""
    s = new(players=3, gold_target=40)
    s.gold[1] = 10
    game, lay = s.game, s.game.observation_layout()
    obs = game.observe(s.view(0))
    assert block(lay, obs, "vitals", 1)[VITALS.index("gold")] == f32(10 / 40)
    adventurer = block(lay, obs, "adventurer", 1)
    assert adventurer.index(1.0) == s.adventurer[1] and sum(adventurer) == 1.0


def test_a_location_to_buy_and_then_at_auction_sets_the_decision_and_lot_cells() -> None:
    """GAH-17: the buy decision names its card; declined, the lot shows its opener and no
    bidder yet."""
    s = new(players=2)
    farm = card("solar_farm")
    stack(s, GREEN, farm)
    s.gold[0] = 12
    turn(s, 0, "draw", sector(7, "green"))
    game, lay = s.game, s.game.observation_layout()
    obs = game.observe(s.view(0))
    assert field(lay, obs, "decision").index(1.0) == DECISIONS.index("buy")
    assert field(lay, obs, "step").index(1.0) == STEPS.index("buy")
    assert field(lay, obs, "pending_card") == [float(k == "solar_farm") for k in IDS]
    s.apply("decline Solar Energy Farm")
    obs = game.observe(s.view(1))
    lot = LOCATIONS.index("solar_farm")
    assert field(lay, obs, "auction")[2 * lot:2 * lot + 2] == [1.0, 0.0]
    assert field(lay, obs, "auction_bidder")[3 * lot:3 * lot + 3] == [0.0, 0.0, 1.0]
    assert field(lay, obs, "auction_opener")[2 * lot:2 * lot + 2] == [0.0, 1.0]  # seat 0
    assert sum(field(lay, obs, "auction")) == 1.0
