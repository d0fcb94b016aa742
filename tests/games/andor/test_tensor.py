"""Andor's observation encoder (``tensor.py``): its layout, ranges, privacy and cells."""

from __future__ import annotations

import math
import random
from typing import Any, get_args

from hypothesis import given, settings
from hypothesis import strategies as hs
from pytest import approx

import meeple
from meeple.games.andor import tensor
from meeple.games.andor.state import AndorState
from meeple.games.andor.turn import Phase, Step

from .helpers import bare, fight_with


def played(players: int, seed: int, steps: int) -> AndorState:
    """A legend after ``steps`` random actions (or its end)."""
    st = meeple.load("andor", players=players).new_state(seed=seed)
    assert isinstance(st, AndorState)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.is_over:
            break
        st.apply(rng.choice(st.legal_actions()))
    return st


def cell(st: AndorState, seat: int | None, field: str, *index: int) -> float:
    """One cell of ``field`` in the observation of ``seat``."""
    lay = st.game.observation_layout()
    obs = st.game.observe(st.view(seat))
    at = lay.offset(field)
    shape = lay.shape(field)
    for i, k in enumerate(index):
        at += k * math.prod(shape[i + 1:])
    return obs[at]


def plane(st: AndorState, name: str) -> int:
    """The index of a plane of ``regions``."""
    return tensor.region_planes(st.game).index(name)


@settings(max_examples=12, deadline=None)
@given(seed=hs.integers(0, 10_000), players=hs.sampled_from([1, 2, 3, 4]))
def test_every_observation_has_the_layout_size_and_values_in_0_1(seed: int,
                                                                 players: int) -> None:
    st = played(players, seed, 0)
    size = st.game.observation_layout().size
    rng = random.Random(seed)
    for step in range(600):
        if step % 5 == 0 or st.is_over:
            for seat in (*range(players), None):
                obs = st.game.observe(st.view(seat))
                assert len(obs) == size
                assert all(0.0 <= x <= 1.0 for x in obs), [
                    (i, x) for i, x in enumerate(obs) if not 0.0 <= x <= 1.0]
        if st.is_over:
            break
        st.apply(rng.choice(st.legal_actions()))


def test_every_player_count_has_its_layout() -> None:
    counts = meeple.load("andor").allowed_players()
    assert counts == (1, 2, 3, 4)
    for n in counts:
        lay = meeple.load("andor", players=n).observation_layout()
        assert lay.shape("hero_regions") == (n, 71)
        assert lay.shape("to_act") == (n + 1,)


def test_the_observation_is_the_same_in_every_world_the_seat_cannot_tell_apart() -> None:
    for players, seed, steps in ((1, 1, 60), (2, 2, 150), (3, 3, 250), (4, 4, 400)):
        st = played(players, seed, steps)
        assert any(token is None for _, token in st.view(0)["fog"])  # something is hidden
        for seat in range(players):
            mine = st.game.observe(st.view(seat))
            for k in (1, 2, 3):
                assert st.game.observe(st.determinize(seat, k).view(seat)) == mine


def test_a_face_down_fog_token_shows_only_as_hidden_until_it_is_seen() -> None:
    st = bare(at=[9, 5])
    st.fog = {13: "gold", 21: "event"}
    hidden, gold = plane(st, "fog_hidden"), plane(st, "fog:gold")
    assert cell(st, 0, "regions", hidden, 13) == 1.0
    assert cell(st, 0, "regions", gold, 13) == 0.0
    st.fog_seen = frozenset({13})
    assert cell(st, 0, "regions", hidden, 13) == 0.0
    assert cell(st, 0, "regions", gold, 13) == 1.0
    assert cell(st, 0, "regions", hidden, 21) == 1.0


def test_each_seat_sees_its_own_hero_first_and_what_it_holds() -> None:
    st = bare(players=3, at=[9, 5, 30])
    st.items[2] = ("wineskin", "wineskin:worn", "helm")
    game = st.game
    words = tensor.articles(game)
    for seat, row in ((2, 0), (1, 1), (0, 2)):  # seat 2 seen by each seat: its rotated row
        assert cell(st, seat, "hero_regions", row, 30) == 1.0
        small = approx(1 / 3)  # three small slots
        assert cell(st, seat, "hero_articles", row, words.index("wineskin")) == small
        assert cell(st, seat, "hero_articles", row, words.index("wineskin:worn")) == small
        assert cell(st, seat, "hero_articles", row, words.index("helm")) == 1.0
        assert cell(st, seat, "hero_kind", row, list(game.content.heroes).index("dwarf")) == 1.0
    assert cell(st, 0, "hero_regions", 0, 30) == 0.0


def test_creatures_farmers_and_articles_on_the_board_set_their_planes() -> None:
    st = bare(at=[9, 5])
    st.creatures = {12: "troll", 40: "gor"}
    st.farmers = {22: 2}
    st.ground = {26: ("rune_red",)}
    assert cell(st, 1, "regions", plane(st, "creature:troll"), 12) == 1.0
    assert cell(st, 1, "regions", plane(st, "creature:gor"), 12) == 0.0
    assert cell(st, 1, "regions", plane(st, "creature:gor"), 40) == 1.0
    assert cell(st, 1, "regions", plane(st, "farmers"), 22) == 2 / tensor.SCALES["farmers"]
    assert cell(st, 1, "regions", plane(st, "article:rune_red"), 26) == 1 / 2  # 2 red runes


def test_a_fight_sets_its_decision_creature_heroes_and_dice() -> None:
    st = bare(at=[9, 5])
    fight_with(st, 0, 9, "gor", [2, 5, 3, 1, 2])  # the warrior rolls 2, 5, 3: 2+5 = 7
    assert st.view(1)["decision"] == {"kind": "fight on", "seat": 0}
    decision, phase = tensor.DECISIONS.index("fight on"), tensor.PHASES.index("fight")
    assert cell(st, 1, "decision", decision) == cell(st, 1, "phase", phase) == 1.0
    assert cell(st, 1, "to_act", 1) == 1.0 and cell(st, 0, "to_act", 0) == 1.0
    assert cell(st, 1, "regions", plane(st, "fight"), 9) == 1.0
    assert cell(st, 1, "fight_kind", list(st.game.content.creatures).index("gor")) == 1.0
    assert cell(st, 1, "fight_heroes", 1) == 1.0 and cell(st, 1, "fight_heroes", 0) == 0.0
    five = cell(st, 1, "fight_dice", 4)
    assert five == cell(st, 1, "fight_dice", 1) == cell(st, 1, "fight_dice", 2) > 0.0
    assert cell(st, 1, "fight_dice", 5) == 0.0
    assert cell(st, 1, "fight", 0) == 1.0  # under way
    toughest = max(willpower for _, willpower in st.game.stats.values())
    assert cell(st, 1, "fight", 1) == approx(1 / toughest)  # the gor's willpower left: 1


def test_a_spectator_observes_as_seat_zero() -> None:
    st = played(3, 7, 200)
    assert st.game.observe(st.view(None)) == st.game.observe(st.view(0))


def test_the_vocabularies_hold_every_word_of_the_game_and_end_with_other() -> None:
    assert set(get_args(Phase)) == set(tensor.PHASES[:-1])
    assert set(get_args(Step)) == set(tensor.STEPS[:-1])
    assert set(get_args(Step)) - {"over"} == set(tensor.DECISIONS[:-1])
    assert tensor.PHASES[-1] == tensor.STEPS[-1] == tensor.DECISIONS[-1] == "other"


def test_an_unknown_word_sets_the_spare_cell() -> None:
    st = bare(at=[9, 5])
    view: dict[str, Any] = dict(st.view(0))
    view["step"] = "intermission"
    obs = st.game.observe(view)
    assert obs[st.game.observation_layout().offset("step") + len(tensor.STEPS) - 1] == 1.0
