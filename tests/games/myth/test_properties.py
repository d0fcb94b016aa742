"""Properties over random play: nothing created or lost (MYTH-21), views stay honest."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.components import tokens
from meeple.core import Rng
from meeple.games.myth import heroes, worlds
from meeple.games.myth.content import load as content
from meeple.games.myth.state import MythState
from meeple.games.myth.worlds import _split


def conserved(s: MythState) -> None:
    """Every token, event card, tile and quest is in exactly one place."""
    assert tokens.total(s.holdings, heroes.RES) == s.game.config["bank"]
    assert all(h["resources"] >= 0 for h in s.holdings.values())
    cards: Counter[str] = Counter(s.deck) + Counter(s.discard) + Counter(s.pending)
    for seat in range(s.players):
        cards += Counter(s.hand[seat]) + Counter(s.items[seat]) + Counter(s.trophies[seat])
    cards += Counter(c for c, _, _ in s.table)
    for ms in s.enemies.values():
        cards += Counter(ms)
    for ls in s.lasting.values():
        cards += Counter(ls)
    assert cards == Counter(content().event_deck)
    tiles = Counter(s.tiles) + Counter(s.tile_discard) + Counter(
        t for c, t in s.tile_of.items() if c != (0, 0))
    if s.drawn_tile:
        tiles[s.drawn_tile] += 1
    assert tiles == Counter(content().tile_deck)
    quests: Counter[str] = Counter(s.quest_pile) + Counter(s.quest_discard)
    for seat in range(s.players):
        quests += Counter(s.quests[seat]) + Counter(s.shown[seat])
    assert quests == Counter(content().quest_deck)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), steps=st.integers(0, 400))
def test_myth21_tokens_and_cards_are_conserved(seed: int, players: int, steps: int) -> None:
    """MYTH-21: gains come from the bank and payments return to it; no card appears or vanishes."""
    s = meeple.load("myth", players=players).new_state(seed=seed)
    assert isinstance(s, MythState)
    r = random.Random(seed)
    conserved(s)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(r.choice(s.legal_actions()))
        conserved(s)
        assert all(s.life[p] <= heroes.max_life(s, p) for p in range(players))
        assert all(p in range(players) for p in heroes.living(s))
        bounds_x = [c[0] for c in s.grid]
        bounds_y = [c[1] for c in s.grid]
        assert max(bounds_x) - min(bounds_x) < 9 and max(bounds_y) - min(bounds_y) < 9


def test_myth67_determinize_resamples_only_hidden_cards() -> None:
    """MYTH-67: a determinization keeps my hand and quests, and re-deals the others'."""
    s = meeple.load("myth", players=4).new_state(seed=8)
    assert isinstance(s, MythState)
    changed = False
    for k in range(5):
        d = s.determinize(0, k)
        assert isinstance(d, MythState)
        assert d.hand[0] == s.hand[0] and d.quests[0] == s.quests[0]
        assert [len(h) for h in d.hand] == [len(h) for h in s.hand]
        changed |= d.hand[1:] != s.hand[1:]
        conserved(d)
    assert changed


def test_myth67_a_split_is_the_tail_of_a_fisher_yates_shuffle() -> None:
    """The deal's split, its draws grouped ahead by ``_schedule``, swaps the cards a plain
    Fisher-Yates tail would with the same draws (a new number once fewer than 2**32 outcomes
    per choice are left), so worlds stay the same whatever the speed work."""
    def plain(pool: tuple[str, ...], apart: int, rng: Rng) -> tuple[list[str], list[str]]:
        cards, n = list(pool), len(pool)
        k = min(apart, n - apart)
        z = room = 0
        for i in range(n - 1, n - 1 - k, -1):
            m = i + 1
            if room < (1 << 32) * m:
                z, room = rng.next64(), 1 << 64
            j, z, room = z % m, z // m, room // m
            cards[i], cards[j] = cards[j], cards[i]
        if k == apart:
            return cards[n - k:], cards[:n - k]
        return cards[:apart], cards[apart:]

    for n in (0, 1, 2, 7, 13, 52, 90):
        pool = tuple(f"c{i:02d}" for i in range(n))
        for apart in range(n + 1):
            for seed in range(3):
                ours, theirs = Rng(seed), Rng(seed)
                assert _split(pool, apart, ours) == plain(pool, apart, theirs)
                assert ours.state == theirs.state


def _dealt(w: MythState) -> tuple[object, ...]:
    return (w.hand, w.quests, list(w.deck), w.quest_pile, w.tiles, w.table, w.rng.state)


def test_myth67_a_moments_first_world_is_the_one_its_written_deal_makes() -> None:
    """A moment's first world is dealt by loops, its later ones by the deal written out for its
    shape: both give the same cards to the same places from the same draws, face-down cards
    on the table included."""
    faced = 0
    for players in (2, 3, 4):
        s = meeple.load("myth", players=players).new_state(seed=players)
        chooser = random.Random(players)
        for k in range(160):
            if s.is_over:
                break
            for seat in range(players):
                worlds._WORLDS.clear()
                worlds._POOLS.clear()
                first = s.determinize(seat, k)  # no deal written yet: by loops
                s.determinize(seat, k + 1)  # the moment's second world writes it out
                again = s.determinize(seat, k)
                assert _dealt(first) == _dealt(again)
                faced += any(by not in (seat, -1) for _, by, _ in s.table)
            s.apply(chooser.choice(s.legal_actions()))
    assert faced  # some worlds dealt cards face down on the table
