"""The quick ways search asks its questions give the answers of the plain ways: whether an
ability or a power has a target (on the board's bit sets too), whether a god can step, and how
hidden cards are re-dealt."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import meeple
from meeple.core import Rng
from meeple.games.heavens import effects as fx
from meeple.games.heavens.actions import _standing
from meeple.games.heavens.board import obstacles
from meeple.games.heavens.movement import _next, can_move
from meeple.games.heavens.rings import HEX
from meeple.games.heavens.state import HeavensState, HeavensWorld
from meeple.games.heavens.worlds import deal, draw


def positions(players: int, **options: object) -> list[HeavensState]:
    """Every position of a few random games."""
    out = []
    game = meeple.load("heavens", players=players, options=options)
    for seed in range(3):
        st = game.new_state(seed=seed)
        chooser = random.Random(seed)
        while not st.is_over:
            assert isinstance(st, HeavensState)
            out.append(st.clone())
            st.apply(chooser.choice(st.legal_actions()))
    return out


@pytest.mark.parametrize(("players", "options"), [
    (2, {}), (4, {}), (2, {"pantheon_a": "egyptian", "pantheon_b": "norse"}),
    (2, {"omnipotence": True, "layout": "flanks"})])
def test_has_target_and_can_move_agree_with_the_full_lists(players: int,
                                                           options: dict[str, object]) -> None:
    asked = 0
    for st in positions(players, **options):
        if st.phase != "actions" or st.decisions:
            continue
        g, seat = st.game, st.active
        blk = obstacles(st)
        _, foes, allies, _, walls = _standing(st, g.side_of[seat])
        assert walls == g.board.bits(blk)
        for c in st.at.values():
            if g.card_side[c] != g.side_of[seat]:
                continue
            ab = g.ability[c]
            found = fx.candidates(st, seat, c, ab.target, ab.range, ab.effects, blk)
            assert fx.has_target(st, seat, c, ab.target, ab.range, ab.effects, blk) == bool(found)
            here = st.units[c][HEX]  # the bit sets' answer, as legal asks it
            assert fx.ability_aims(st, c, here, foes, allies, walls, blk) == bool(found)
            first = _next(st, c, g.move[c], (st.units[c][HEX],), blk)
            assert can_move(st, c, blk) == bool(first)
            asked += 1
        for c in set(st.hands[seat]):
            p = g.power.get(c)
            if p is not None:
                found = fx.candidates(st, seat, None, p.target, 0, p.effects, blk)
                assert fx.has_target(st, seat, None, p.target, 0, p.effects, blk) == bool(found)
    assert asked > 100


def test_the_deal_is_even_and_depends_only_on_which_cards_are_hidden() -> None:
    rng = Rng(3)
    for k in (1, 2):  # which cards are dealt is even (the order within a hand says nothing)
        seen: Counter[tuple[int, ...]] = Counter()
        for _ in range(12_000):
            dealt, rest = deal([0, 1, 2], k, rng)
            assert len(dealt) == k and sorted(dealt + rest) == [0, 1, 2]
            seen[tuple(sorted(dealt))] += 1
        assert len(seen) == 3 and all(3_600 < n < 4_400 for n in seen.values())
    dealt, rest = deal(list(range(30)), 30, rng)
    assert sorted(dealt) == list(range(30)) and rest == []
    st = meeple.load("heavens").new_state(seed=5)
    assert isinstance(st, HeavensState)
    other = st.clone()
    other.deck = (other.deck[0], tuple(reversed(other.deck[1])))
    other.hands = (other.hands[0], tuple(reversed(other.hands[1])))
    a, b = st.determinize(0, 9), other.determinize(0, 9)
    assert (a.deck, a.hands) == (b.deck, b.hands)
    assert a.hands[0] == st.hands[0]
    assert a.deck[0] == tuple(sorted(st.deck[0]))  # the order of one's own deck is unknown


def test_a_worlds_decks_are_drawn_from_at_random_and_a_true_decks_from_the_top() -> None:
    st = meeple.load("heavens").new_state(seed=5)
    assert isinstance(st, HeavensState)
    top = st.deck[0][-1]
    assert draw(st, list(st.deck[0]), 1) == [top]
    first: Counter[int] = Counter()
    for k in range(800):
        w = st.determinize(0, k)
        assert isinstance(w, HeavensWorld) and isinstance(w.clone(), HeavensWorld)
        pile = list(w.deck[0])
        got = draw(w, pile, 3)
        assert len(set(got)) == 3 and sorted(got + pile) == sorted(st.deck[0])
        first[got[0]] += 1
    assert set(first) == set(st.deck[0]) and max(first.values()) < 3 * min(first.values())
