"""The catacombs' observation encoder (``tensor.py``): its layout, ranges, privacy and cells."""

from __future__ import annotations

import math
import random
from array import array
from typing import Any, get_args

from hypothesis import given, settings
from hypothesis import strategies as hs

import meeple
from meeple.games.catacombs import tensor
from meeple.games.catacombs.state import CatacombsState
from meeple.games.catacombs.turn import Phase, Step
from meeple.games.catacombs.view import DecisionKind

from .helpers import at, give, monster_on, move_to, started


def played(players: int, seed: int, steps: int) -> CatacombsState:
    """A game after ``steps`` random actions (or its end)."""
    st = meeple.load("catacombs", players=players).new_state(seed=seed)
    assert isinstance(st, CatacombsState)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.is_over:
            break
        st.apply(rng.choice(st.legal_actions()))
    return st


def cell(st: CatacombsState, field: str, *index: int) -> float:
    """One cell of ``field`` in the observation of ``seat`` (the first index)."""
    lay = st.game.observation_layout()
    seat, *rest = index
    obs = st.game.observe(st.view(seat))
    at_ = lay.offset(field)
    shape = lay.shape(field)
    for i, k in enumerate(rest):
        at_ += k * math.prod(shape[i + 1:])
    return obs[at_]


def negatives(st: CatacombsState) -> set[int]:
    """The positions where the layout allows values below 0: health and experience."""
    lay = st.game.observation_layout()
    o, width = lay.offset("dwarves"), len(tensor.DWARF_COLUMNS)
    cols = (tensor.DWARF_COLUMNS.index("health"), tensor.DWARF_COLUMNS.index("experience"))
    return {o + r * width + c for r in range(st.players) for c in cols}


@settings(max_examples=12, deadline=None)
@given(seed=hs.integers(0, 10_000), players=hs.sampled_from([2, 3, 4]))
def test_every_observation_has_the_layout_size_and_values_in_their_range(
        seed: int, players: int) -> None:
    st = played(players, seed, 0)
    signed = negatives(st)
    size = st.game.observation_layout().size
    rng = random.Random(seed)
    for step in range(400):
        if step % 7 == 0 or st.is_over:
            for seat in (*range(players), None):
                obs = st.game.observe(st.view(seat))
                assert len(obs) == size
                for i, x in enumerate(obs):
                    assert math.isfinite(x) and x <= 1.0 and (x >= 0.0 or (
                        i in signed and x >= -1.0)), (i, x)
        if st.is_over:
            break
        st.apply(rng.choice(st.legal_actions()))


def test_every_player_count_has_its_layout() -> None:
    game = meeple.load("catacombs", players=2)
    assert game.allowed_players() == (2, 3, 4)
    for n in game.allowed_players():
        lay = meeple.load("catacombs", players=n).observation_layout()
        assert lay.shape("dwarves") == (n, len(tensor.DWARF_COLUMNS))
        assert lay.shape("to_act") == (n + 1,)


def test_the_observation_is_the_same_in_every_world_the_seat_cannot_tell_apart() -> None:
    for players, seed, steps in ((2, 1, 40), (3, 2, 150), (4, 3, 300), (4, 4, 700)):
        st = played(players, seed, steps)
        for seat in range(players):
            mine = st.game.observe(st.view(seat))
            for k in (1, 2, 3):
                world = st.determinize(seat, k)
                assert st.game.observe(world.view(seat)) == mine


def test_a_spectator_observes_as_seat_zero() -> None:
    st = played(3, 5, 120)
    assert st.game.observe(st.view(None)) == st.game.observe(st.view(0))


def test_each_seat_sees_its_own_dwarf_in_the_first_row() -> None:
    st = started(players=3)
    for seat, x in enumerate((4, 5, 6)):
        move_to(st, seat, x, 4)
    game = st.game
    lay = game.observation_layout()
    for seat in range(3):
        obs = game.observe(st.view(seat))
        for row in range(3):
            start = lay.offset("dwarf_cells") + row * game.cells
            plane = list(obs[start:start + game.cells])
            assert plane.index(1.0) == at(st, 4 + (seat + row) % 3, 4)
            assert sum(plane) == 1.0


def test_items_set_the_holders_backpack_row_as_counts() -> None:
    st = started(players=2)
    give(st, 1, "dagger", "dagger", "ruby")
    dagger = st.game.content.item_index["dagger"]
    ruby = st.game.content.item_index["ruby"]
    assert cell(st, "backpack", 1, 0, dagger) == 2 / tensor.PACK_SCALE
    assert cell(st, "backpack", 1, 0, ruby) == 1 / tensor.PACK_SCALE
    assert cell(st, "backpack", 0, 1, dagger) == 2 / tensor.PACK_SCALE  # seat 1 seen by seat 0
    assert cell(st, "backpack", 0, 0, dagger) == 0.0


def test_a_face_up_monster_sets_its_plane_and_a_face_down_card_the_hidden_one() -> None:
    st = started(players=2)
    monster_on(st, at(st, 3, 2), "troll")
    planes = tensor.board_planes(st.game)
    troll, hidden = planes.index("monster:troll"), planes.index("hidden")
    explored, open_n = planes.index("explored"), planes.index("open_n")
    assert cell(st, "board", 0, troll, 2, 3) == 1.0
    assert cell(st, "board", 0, hidden, 2, 3) == 0.0
    assert cell(st, "board", 0, explored, 2, 3) == cell(st, "board", 0, open_n, 2, 3) == 1.0
    assert cell(st, "board", 0, hidden, 5, 5) == 1.0
    assert cell(st, "board", 0, troll, 5, 5) == 0.0


def test_the_decision_one_hot_follows_the_decision_kind_and_its_seat() -> None:
    st = meeple.load("catacombs", players=2).new_state(seed=0)
    assert isinstance(st, CatacombsState)
    seat = st.to_act
    assert seat is not None
    entrance = tensor.DECISIONS.index("entrance")
    assert cell(st, "decision", seat, entrance) == 1.0
    assert cell(st, "to_act", seat, 0) == 1.0 and cell(st, "to_act", 1 - seat, 1) == 1.0
    st = started(players=2)
    give(st, 0, "ruby")
    give(st, 1, "dagger")
    st.apply("offer trade to seat 1")
    st.apply("give Ruby")
    st.apply("propose")
    assert st.to_act == 1
    respond, turn = tensor.DECISIONS.index("respond"), tensor.DECISIONS.index("turn")
    assert cell(st, "decision", 0, respond) == 1.0 and cell(st, "decision", 0, turn) == 0.0
    ruby = st.game.content.item_index["ruby"]
    assert cell(st, "trade", 1, 0) == 1.0
    assert cell(st, "trade_from", 1, 1) == 1.0 and cell(st, "trade_to", 1, 0) == 1.0
    assert cell(st, "trade_give", 1, ruby) == 1 / tensor.PACK_SCALE
    assert cell(st, "trade_resumes", 1, tensor.STEPS.index("main")) == 1.0


def test_a_view_changed_in_place_is_encoded_as_it_is_now() -> None:
    st = started(players=2)
    game = st.game
    view: dict[str, Any] = dict(st.view(0))
    first = game.observe(view)
    view["cards"][at(st, 5, 5)] = "monster:rat"
    second = game.observe(view)
    lay = game.observation_layout()
    rat = tensor.board_planes(game).index("monster:rat")
    spot = lay.offset("board") + rat * game.cells + at(st, 5, 5)
    assert (first[spot], second[spot]) == (0.0, 1.0)
    view["cards"][at(st, 5, 5)] = "hidden"
    assert game.observe(view) == first


def test_the_vocabularies_hold_every_word_of_the_game_and_end_with_other() -> None:
    assert set(get_args(Phase)) == set(tensor.PHASES[:-1])
    assert set(get_args(Step)) | set(get_args(DecisionKind)) == set(tensor.STEPS[:-1])
    assert set(get_args(Step)) - {"main"} | {"turn"} | set(get_args(DecisionKind)) == set(
        tensor.DECISIONS[:-1])
    assert tensor.PHASES[-1] == tensor.STEPS[-1] == tensor.DECISIONS[-1] == "other"


def test_an_unknown_word_sets_the_spare_cell() -> None:
    st = started(players=2)
    game = st.game
    view: dict[str, Any] = dict(st.view(0))
    view["phase"] = "intermission"
    obs: array[float] = game.observe(view)
    lay = game.observation_layout()
    assert obs[lay.offset("phase") + len(tensor.PHASES) - 1] == 1.0
