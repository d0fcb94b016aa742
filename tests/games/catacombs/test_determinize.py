"""CAT-3, CAT-4, CAT-61: face-down cards and tiles are drawn when they turn up, each of those
left equally likely, so a determinization has nothing to reshuffle; a seat's worlds depend on
what it knows and the seed alone."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import meeple
from meeple.games.catacombs import events
from meeple.games.catacombs.state import CatacombsState

#: Draws per frequency test: about 100 per card or tile.
DRAWS = 9000


def chi_square_limit(df: int, z: float = 3.09) -> float:
    """The chi-square value a fair sample exceeds with probability about 0.001
    (Wilson-Hilferty)."""
    a = 2 / (9 * df)
    return df * (1 - a + z * math.sqrt(a)) ** 3


def chi_square(counts: Counter[Any], expected: dict[Any, float]) -> float:
    return sum((counts[k] - e) ** 2 / e for k, e in expected.items())


def midgame(players: int = 3, seed: int = 11, actions: int = 200) -> CatacombsState:
    """A position some way into a random game, with the seat to act in its move phase next to
    a face-down card it may explore."""
    st = meeple.load("catacombs", players=players).new_state(seed=seed)
    assert isinstance(st, CatacombsState)
    chooser = random.Random(seed)
    while True:
        if st.n_actions >= actions and any(a.text.startswith("explore")
                                           for a in st.legal_actions()):
            at = st.position[st.active]
            assert at is not None
            cell = st.game.neighbours[at][next(
                a.data.direction for a in st.legal_actions() if a.text.startswith("explore"))]
            if st.down[cell]:
                return st
        assert not st.is_over
        st.apply(chooser.choice(st.legal_actions()))


def test_a_card_turned_up_is_each_face_down_card_equally_likely() -> None:
    """The card that turns up in a seat's worlds: every card still face down, as often as the
    others (chi-square over the card indexes)."""
    st = midgame()
    seat = st.to_act
    assert seat is not None
    explore = next(a for a in st.legal_actions() if a.text.startswith("explore"))
    at = st.position[seat]
    assert at is not None
    cell = st.game.neighbours[at][explore.data.direction]
    counts: Counter[int] = Counter()
    for k in range(DRAWS):
        w = st.determinize(seat, k)
        events.turn_up(w, cell)
        counts[w.card[cell]] += 1
        assert len(w.deck) == len(st.deck) - 1 and w.card[cell] not in w.deck
    assert set(counts) == set(st.deck)
    expected = {c: DRAWS / len(st.deck) for c in st.deck}
    assert chi_square(counts, expected) < chi_square_limit(len(expected) - 1)


def test_exploring_in_the_worlds_reveals_cards_in_their_proportions() -> None:
    """Played through ``apply``: the labels revealed by exploring are in the proportions of the
    face-down cards' labels (chi-square)."""
    st = midgame(players=2, seed=5)
    seat = st.to_act
    assert seat is not None
    explore = next(a for a in st.legal_actions() if a.text.startswith("explore"))
    labels = Counter(st.game.content.cards[c].label for c in st.deck)
    counts: Counter[str] = Counter()
    for k in range(DRAWS // 3):
        w = st.determinize(seat, k)
        w.apply(explore)
        counts[next(e["card"] for e in reversed(w.events(seat)) if e["type"] == "reveal")] += 1
    expected = {lab: DRAWS // 3 * n / len(st.deck) for lab, n in labels.items()}
    assert set(counts) <= set(expected)
    assert chi_square(counts, expected) < chi_square_limit(len(expected) - 1)


def test_a_tile_drawn_is_each_tile_of_the_pile_equally_likely() -> None:
    """The tile drawn in a seat's worlds: every tile of the pile, as often as the others."""
    st = midgame(players=4, seed=3)
    seat = st.to_act
    assert seat is not None
    st.apply(next(a for a in st.legal_actions() if a.text.startswith("explore")))
    while st.step != "build" and not st.is_over:
        st = midgame(players=4, seed=st.seed + 1)
        seat = st.to_act
        st.apply(next(a for a in st.legal_actions() if a.text.startswith("explore")))
    assert seat is not None and "draw tile" in [a.text for a in st.legal_actions()]
    counts: Counter[int] = Counter()
    for k in range(DRAWS):
        w = st.determinize(seat, k)
        w.apply("draw tile")
        assert w.held_tile is not None
        counts[w.held_tile] += 1
    expected = {t: DRAWS / len(st.pile) for t in st.pile}
    assert set(counts) == set(expected)
    assert chi_square(counts, expected) < chi_square_limit(len(expected) - 1)


def test_a_world_depends_on_what_the_seat_knows_and_the_seed_alone() -> None:
    """A world made from one of the seat's own worlds is the world made from the true state:
    nothing of the truth the seat does not know is left in it to tell them apart."""
    st = midgame()
    for seat in range(st.players):
        for k in range(5):
            w = st.determinize(seat, k)
            assert w.view(seat) == st.view(seat) and w.events(seat) == st.events(seat)
            assert w.determinize(seat, 99).to_json() == st.determinize(seat, 99).to_json()
            assert [a.text for a in w.legal_actions()] == [a.text for a in st.legal_actions()]


def test_determinize_reshuffles_nothing() -> None:
    """The face-down cards and the tile pile of a world are the true ones, as multisets: no
    seat knows more of them than the board shows, so there is nothing to re-deal."""
    st = midgame()
    w = st.determinize(0, 7)
    assert (w.deck, w.down, w.pile, w.card) == (st.deck, st.down, st.pile, st.card)
    assert w.deck == sorted(w.deck) and w.pile == sorted(w.pile)
