"""Property tests: whatever the dwarves do, nothing is created or lost; limits hold."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import meeple
from meeple.games.catacombs.state import CatacombsState


def play(players: int, seed: int, steps: int) -> list[CatacombsState]:
    s = meeple.load("catacombs", players=players).new_state(seed=seed)
    assert isinstance(s, CatacombsState)
    chooser = random.Random(seed)
    seen = [s.clone()]
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(chooser.choice(s.legal_actions()))
        seen.append(s.clone())
    return seen


def check(s: CatacombsState) -> None:
    cat = s.game.content
    on_board = sum(c is not None for c in s.card)
    # every event card is face up on the board, face down (one per face-down cell) or gone
    assert len(s.deck) == sum(s.down)
    assert on_board + len(s.deck) + s.taken == len(cat.cards)
    assert len(set(s.deck) | {c for c in s.card if c is not None}) == on_board + len(s.deck)
    placed = sum(t is not None for t in s.tile_card)
    held = 0 if s.held_tile is None else 1
    assert len(s.pile) + len(s.faceup_tiles) + placed + held == len(cat.tiles)
    assert len(set(s.pile) | set(s.faceup_tiles)) == len(s.pile) + len(s.faceup_tiles)
    for p in range(s.players):
        assert s.money[p] >= 0
        if s.alive[p]:
            assert (s.position[p] is not None and s.health[p] > 0) or s.phase == "setup"
            assert s.level[p] >= max(0, s.experience[p]) // 5
        else:
            assert s.position[p] is None and s.pack[p] == []
        worn = [i for i in s.screen[p] if i is not None]
        assert len(worn) == len(set(cat.items[i].slot for i in worn))
    v = s.view(0)
    assert v["cards"].count("hidden") == sum(s.down)
    assert s.veins <= 10
    json.dumps(v)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_nothing_created_or_lost(players: int, seed: int) -> None:
    """CAT-3/4: cards and tiles are conserved; money never negative; one item per slot."""
    for s in play(players, seed, 600)[::10]:
        check(s)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_thresholds_rewarded_once_each(seed: int) -> None:
    """CAT-10: the number of threshold events never exceeds the best threshold reached."""
    final = play(3, seed, 1500)[-1]
    for p in range(3):
        got = sum(1 for e in final.events() if e["type"] == "threshold" and e["seat"] == p)
        assert got == final.level[p]


def test_result_names_the_entrance_each_dwarf_began_from() -> None:
    """CAT-6: each seat's entrance is reported, so balance reports can group by entrance."""
    import random as _random

    import meeple as _meeple

    st = _meeple.load("catacombs", players=4).new_state(seed=12)
    ch = _random.Random(12)
    while not st.is_over:
        st.apply(ch.choice(st.legal_actions()))
    roles = st.result().extra["roles"]
    assert sorted(roles) == sorted(e[0] for e in st.game.content.entrances)
