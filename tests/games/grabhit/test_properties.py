"""Property tests: whatever legal actions are taken, nothing is created or lost."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.games.grabhit import cards
from meeple.games.grabhit.state import GrabHitState

from .helpers import T, all_cards


def check_invariants(s: GrabHitState) -> None:
    assert sorted(all_cards(s)) == list(range(len(T.cards))), "a card was created or lost"
    for p in range(s.players):
        if s.adventurer[p] is None:
            continue
        assert 0 <= s.life[p] <= cards.max_life(s, p)
        assert 0 <= s.armour[p] <= cards.max_armour(s, p)
        assert s.gold[p] >= 0
        assert len(s.locations[p]) <= 6
        classes = [cards.weapon(s, h[0]).weapon_class for h in s.weapons[p]]
        assert len(classes) == len(set(classes)), "two weapons of one class"
        for h in s.weapons[p]:
            ids = [cards.blueprint(s, b).id for b in h[2]]
            assert len(ids) == len(set(ids))
            assert len(ids) <= min([cards.blueprint(s, b).limit for b in h[2]] or [9])
            assert 1 <= h[1] <= cards.stats(s, h)[2]
        shields = [cards.scroll(s, c).id for c in s.scrolls[p] if T.cards[c].kind == "shield"]
        assert len(shields) == len(set(shields))
        if s.dead[p]:
            assert not s.locations[p] and not s.weapons[p] and not s.hand[p] and not s.scrolls[p]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), seed=st.integers(0, 2**31), data=st.data())
def test_cards_are_conserved_and_stats_stay_in_range(players: int, seed: int,
                                                     data: st.DataObject) -> None:
    """GAH-1, GAH-8, GAH-12, GAH-15, GAH-16, GAH-30: invariants along any legal play."""
    s = meeple.load("grabhit", players=players).new_state(seed=seed)
    assert isinstance(s, GrabHitState)
    for _ in range(data.draw(st.integers(0, 400), label="steps")):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
        check_invariants(s)


def test_thousand_random_games_end() -> None:
    """GAH-70: random games end (by the gold target or the last never-dead adventurer)."""
    import random

    reasons: dict[str, int] = {}
    for seed in range(200):
        s = meeple.load("grabhit", players=2 + seed % 7).new_state(seed=seed)
        r = random.Random(seed)
        while not s.is_over:
            s.apply(r.choice(s.legal_actions()))
        reasons[s.result().reason] = reasons.get(s.result().reason, 0) + 1
    assert sum(reasons.values()) == 200
    assert set(reasons) <= {"gold-target", "only-one-never-died", "round-limit"}


def test_result_names_each_seats_adventurer_and_the_heuristic_prefers_gold() -> None:
    """Balance reports group by adventurer; bots prefer more gold than the richest rival."""
    import random as _random

    import meeple as _meeple

    st = _meeple.load("grabhit", players=3).new_state(seed=8)
    ch = _random.Random(8)
    while not st.is_over:
        st.apply(ch.choice(st.legal_actions()))
    roles = st.result().extra["roles"]
    names = {a.id for a in st.game.content.adventurers}
    assert len(roles) == 3 and set(roles) <= names
    fresh = _meeple.load("grabhit", players=2).new_state(seed=1)
    while fresh.adventurer[0] is None or fresh.adventurer[1] is None:
        fresh.apply(fresh.legal_actions()[0])
    mine, theirs = fresh.evaluate(0), fresh.evaluate(1)
    fresh.gold[0] += 10
    assert fresh.evaluate(0) > mine and fresh.evaluate(1) < theirs
