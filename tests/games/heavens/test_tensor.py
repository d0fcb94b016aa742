"""High in the Heavens' observation encoder (``tensor.py``): its size and range over random play,
that it reads no more than the seat's view, and the cells real positions set."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_
from pytest import approx

import meeple
from meeple.games.heavens.state import HeavensState
from meeple.games.heavens.tensor import DECISIONS, PHASES, PLANE, PLANES, STEPS

from .helpers import card, fresh, give, place, unlock

OPTIONS: tuple[dict[str, Any], ...] = (
    {}, {"omnipotence": True}, {"max_rounds": 6, "layout": "flanks"},
    {"pantheon_a": "egyptian", "pantheon_b": "greek", "base_health": 5})


def at(st: HeavensState, seat: int | None, field: str, *index: int) -> float:
    """One cell of a field of ``seat``'s observation, with one index per axis."""
    lay = st.game.observation_layout()
    flat, shape = 0, lay.shape(field)
    for i, n in zip(index, shape, strict=True):
        flat = flat * n + i
    return st.game.observe(st.view(seat))[lay.offset(field) + flat]


def on(st: HeavensState, seat: int | None, plane: str, label: str) -> float:
    """The cell of hex ``label`` in a plane of ``board``: named in ``PLANES``, or
    ``my_god_<i>`` / ``their_god_<i>``."""
    coords = st.game.board.coords
    q, r = coords[st.game.board.index[label]]
    q0, r0 = min(x for x, _ in coords), min(y for _, y in coords)
    if plane in PLANE:
        p = PLANE[plane]
    else:
        gods = (st.game.observation_layout().shape("board")[0] - len(PLANES)) // 2
        p = len(PLANES) + (0 if plane.startswith("my_") else gods) + int(plane.rsplit("_")[-1])
    return at(st, seat, "board", p, q - q0, r - r0)


def god(st: HeavensState, seat: int, cid: str, label: str) -> float:
    """The cell of character ``cid``'s own plane at ``label``, as ``seat`` sees it."""
    g = st.game
    c = card(st, cid)
    side = g.card_side[c]
    i = [x for x in g.side_cards[side] if g.is_character[x]].index(c)
    return on(st, seat, f"{'my' if side == g.side_of[seat] else 'their'}_god_{i}", label)


def check_observation(g: meeple.Game[Any], view: dict[str, Any]) -> None:
    """Size, finiteness, the [0, 1] range and the one-hots of one observation."""
    lay = g.observation_layout()
    obs = g.observe(view)
    assert len(obs) == lay.size
    assert all(math.isfinite(x) and 0.0 <= x <= 1.0 for x in obs)
    for field, vocab in (("phase", PHASES), ("step", STEPS), ("decision", DECISIONS)):
        hot = obs[lay.offset(field):lay.offset(field) + len(vocab)]
        assert sum(hot) == (0.0 if field == "decision" and view["decision"] is None else 1.0)
        assert hot[-1] == 0.0  # every word the game uses is listed
    start = lay.offset("to_act")
    assert sum(obs[start:start + g.players]) == (view["to_act"] is not None)


@settings(max_examples=8, deadline=None)
@given(seed=st_.integers(0, 10_000),
       players=st_.sampled_from(meeple.load("heavens").allowed_players()),
       options=st_.sampled_from(OPTIONS))
def test_observations_have_the_layout_size_and_lie_in_0_1(seed: int, players: int,
                                                           options: dict[str, Any]) -> None:
    g = meeple.load("heavens", players=players, options=options)
    st, pick = g.new_state(seed=seed), random.Random(seed)
    for n in range(250):
        if st.is_over:
            break
        if n % 3 == 0:
            for seat in (None, *range(players)):
                check_observation(g, st.view(seat))
        st.apply(pick.choice(st.legal_actions()))
    for seat in (None, *range(players)):
        check_observation(g, st.view(seat))


@pytest.mark.parametrize("players", [2, 4])
def test_an_observation_is_the_same_in_every_world_the_seat_cannot_tell_apart(
        players: int) -> None:
    g = meeple.load("heavens", players=players)
    for seed in (1, 2):
        st, pick = g.new_state(seed=seed), random.Random(seed)
        for n in range(160):
            if st.is_over:
                break
            if n % 40 == 0:
                for seat in range(players):
                    mine = g.observe(st.view(seat))
                    for k in (1, 2, 3):
                        assert g.observe(st.determinize(seat, k).view(seat)) == mine
            st.apply(pick.choice(st.legal_actions()))


def test_a_seat_s_hand_sets_its_cards_and_the_other_hand_is_only_a_count() -> None:
    st = fresh()
    g, lay = st.game, st.game.observation_layout()
    mine = [g.ids[c] for c in st.hands[0]]
    theirs = [g.ids[c] for c in st.hands[1]]
    obs = g.observe(st.view(0))
    hand = obs[lay.offset("in_my_hand"):lay.offset("in_my_hand") + len(g.ids)]
    assert [g.ids[c] for c, x in enumerate(hand) if x] == sorted(mine, key=g.ids.index)
    for field in ("in_my_hand", "in_mate_hand", "discarded", "pending_card"):
        assert not any(obs[lay.offset(field) + card(st, cid)] for cid in theirs)
    assert at(st, 0, "hand_count", 1) == approx(len(theirs) / 5)  # HVN-29: five cards
    assert at(st, 1, "hand_count", 0) == approx(len(theirs) / 5)  # the observer's own block first
    assert at(st, 0, "card_mine", card(st, "zeus")) == 1.0
    assert at(st, 1, "card_mine", card(st, "zeus")) == 0.0
    assert at(st, None, "in_my_hand", card(st, mine[0])) == 0.0  # a spectator sees no hand


def test_a_team_mate_s_open_hand_sets_its_cards_and_seats_turn_round_the_observer() -> None:
    st = fresh(players=4)
    give(st, 1, "ares")
    assert at(st, 0, "in_mate_hand", card(st, "ares")) == 1.0  # HVN-52
    assert at(st, 2, "in_mate_hand", card(st, "ares")) == 0.0
    assert at(st, 2, "to_act", 2) == 1.0  # seat 0 acts: two seats after seat 2
    assert [at(st, 2, "my_side", i) for i in range(4)] == [1.0, 1.0, 0.0, 0.0]
    assert at(st, 0, "hand_count", 1) == approx(len(st.hands[1]) / 3)  # HVN-48
    assert at(st, 0, "tokens", 0) == approx(2 / 3)  # HVN-49


def test_a_god_on_a_hex_sets_its_own_plane_and_its_health() -> None:
    st = fresh()
    unlock(st)
    place(st, "zeus", "f5")
    place(st, "thor", "f8", hp=3)
    assert god(st, 0, "zeus", "f5") == 1.0 and god(st, 1, "zeus", "f5") == 1.0
    assert on(st, 0, "my_god_0", "f5") == 1.0 and on(st, 1, "their_god_0", "f5") == 1.0
    assert on(st, 1, "my_god_1", "f8") == 1.0  # Thor is the second Norse character
    assert on(st, 0, "my_god_0", "f8") == 0.0 and on(st, 0, "their_god_1", "f5") == 0.0
    assert on(st, 0, "health", "f8") == approx(3 / 9) and on(st, 0, "health", "f5") == 1.0
    assert on(st, 0, "my_base", "f2") == 1.0 and on(st, 1, "their_base", "f2") == 1.0
    st.traps[st.game.board.index["f6"]] = 2
    assert on(st, 0, "trap", "f6") == approx(2 / 6)
    thor, f8 = card(st, "thor"), st.game.board.index["f8"]
    st.units[thor] = (f8, 0, 0, 0, 0, -1, 1)  # HVN-41: Thor falls where he stood
    st.fallen_at[f8] = st.at.pop(f8)
    assert on(st, 0, "fallen", "f8") == 1.0 and on(st, 0, "health", "f8") == 0.0
    assert god(st, 0, "thor", "f8") == 1.0


def test_the_decision_and_its_card_set_their_one_hots() -> None:
    st = fresh()
    unlock(st)
    place(st, "zeus", "f5")
    assert at(st, 0, "decision", DECISIONS.index("action")) == 1.0
    st.apply("move Zeus")
    assert at(st, 1, "decision", DECISIONS.index("move")) == 1.0
    assert at(st, 0, "step", STEPS.index("move")) == 1.0
    assert at(st, 0, "decision", DECISIONS.index("action")) == 0.0
    assert at(st, None, "pending_card", card(st, "zeus")) == 1.0
    assert at(st, 0, "tokens", 0) == approx(2 / 3)  # HVN-31: paid when declared
