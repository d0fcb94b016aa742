"""Set-up, heroes and quests (MYTH-1 to MYTH-20)."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import ConfigError
from meeple.games.myth import battle, heroes, quests
from meeple.games.myth.content import load as content
from meeple.games.myth.state import MythState

from .scenario import (
    HEROES,
    QUESTS,
    at_level_3_with_a_quest_to_show,
    fresh,
    script_rolls,
    texts,
    turn_of,
)


def test_myth1_player_counts() -> None:
    """MYTH-1: two to four players."""
    for n in (2, 3, 4):
        assert meeple.load("myth", players=n).new_state(seed=0).players == n
    for n in (1, 5):
        with pytest.raises(ConfigError):
            meeple.load("myth", players=n)


def test_myth2_one_distinct_hero_each() -> None:
    """MYTH-2, MYTH-5: one of the six heroes per player, at level 1 with full life."""
    seen = set()
    for seed in range(20):
        st = fresh(4, seed, empty_hands=False)
        assert len(set(st.hero)) == 4
        seen.update(st.hero)
        for s in range(4):
            assert st.level[s] == 1
            assert st.life[s] == HEROES[st.hero[s]].life[0]
            assert st.view(None)["heroes"][s]["life"] == st.life[s]
    assert seen == set(HEROES)


def test_myth3_four_secret_quests() -> None:
    """MYTH-3: four quests each, seen only by their owner."""
    st = fresh(3, 2, empty_hands=False)
    assert all(len(q) == 4 for q in st.quests)
    assert len(st.quest_pile) == 20 - 12
    v1 = st.view(1)
    assert sorted(q for q, _ in v1["quests"]) == sorted(st.quests[1])
    assert "quests" not in st.view(None)
    assert v1["heroes"][0]["quests"] == 4


def test_myth4_start_crossroads() -> None:
    """MYTH-4: every hero starts on the four-way start square; the tiles are a deck."""
    st = fresh(4, 3)
    assert st.grid == {(0, 0): 15}
    assert all(p == (0, 0) for p in st.position)
    assert len(st.tiles) == len(content().tile_deck) == 40


def test_myth6_resources_from_a_finite_bank() -> None:
    """MYTH-6: five resources each from the bank of 40; gains stop when it is empty."""
    st = fresh(4, 4)
    assert [heroes.res(st, s) for s in range(4)] == [5, 5, 5, 5]
    assert heroes.bank(st) == 20
    assert heroes.gain(st, 0, 30) == 20
    assert heroes.bank(st) == 0 and heroes.res(st, 0) == 25
    assert heroes.gain(st, 1, 3) == 0


def test_myth7_six_event_cards_each() -> None:
    """MYTH-7: six secret event cards each, from the shuffled deck."""
    st = fresh(4, 5, empty_hands=False)
    assert all(len(h) == 6 for h in st.hand)
    assert len(st.deck) == len(content().event_deck) - 24
    assert st.view(2)["hand"] == sorted(st.hand[2])
    assert st.view(2)["heroes"][0]["hand"] == 6


def test_myth8_first_player_by_highest_roll() -> None:
    """MYTH-8, MYTH-27: the highest 2d10 sum starts; ties among the leaders roll again."""
    for seed in range(30):
        st = fresh(3, seed, empty_hands=False)
        rolls = [e["rolls"] for e in st.events(None) if e["type"] == "first_roll"]
        last = rolls[-1]
        best = max(last.values())
        assert [int(s) for s, v in last.items() if v == best] == [st.active]
        for earlier in rolls[:-1]:
            top = max(earlier.values())
            assert sum(1 for v in earlier.values() if v == top) > 1


def make_hero(st: MythState, seat: int, hero: str) -> None:
    st.hero[seat] = hero
    st.life[seat] = HEROES[hero].life[0]


def test_myth10_level_up_adds_the_difference_of_maxima() -> None:
    """MYTH-10, MYTH-14, MYTH-17: the dwarf at 4/10 rises to 7/13 and his numbers change."""
    st = fresh(2, 1)
    make_hero(st, 0, "dwarf")
    st.life[0] = 4
    st.quests[0] = ["kill_wight"]
    st.trophies[0] = ["wight"]
    turn_of(st, 0)
    atk, dfc = heroes.attack_of(st, 0), heroes.defence_of(st, 0)
    st.apply("show Slay a Wight")
    assert (st.level[0], st.life[0], heroes.max_life(st, 0)) == (2, 7, 13)
    assert heroes.attack_of(st, 0) > atk and heroes.defence_of(st, 0) > dfc
    assert heroes.attacks_of(st, 0) == 2  # MYTH-12
    assert heroes.res(st, 0) == 4  # paid 1


def test_myth10_life_never_exceeds_maximum() -> None:
    """MYTH-10: healing stops at the level's maximum."""
    st = fresh(2, 1)
    st.life[0] = heroes.max_life(st, 0) - 1
    assert heroes.heal(st, 0, 10) == 1
    assert st.life[0] == heroes.max_life(st, 0)


def test_myth13_healers_spend_resources() -> None:
    """MYTH-13: Journeyman heals 3 a resource, Heron Guard 1; others cannot."""
    st = fresh(3, 1)
    make_hero(st, 0, "journeyman")
    make_hero(st, 1, "heron_guard")
    make_hero(st, 2, "warrior")
    for s in range(3):
        st.life[s] = 2
    turn_of(st, 0)
    st.apply("heal")
    assert st.life[0] == 5 and heroes.res(st, 0) == 4
    turn_of(st, 1)
    st.apply("heal")
    assert st.life[1] == 3 and heroes.res(st, 1) == 4
    turn_of(st, 2)
    assert "heal" not in texts(st)


def test_myth15_kill_card_kept_as_proof() -> None:
    """MYTH-15, MYTH-54: a needed kill is kept as proof, others are discarded; reward paid."""
    st = fresh(2, 1)
    st.quests[0] = ["kill_thralls"]
    st.enemies[(0, 0)] = ["thrall", "thrall", "thrall"]
    st.active = 0
    battle.slay(st, 0, (0, 0), "thrall")
    battle.slay(st, 0, (0, 0), "thrall")
    battle.slay(st, 0, (0, 0), "thrall")
    assert st.trophies[0] == ["thrall", "thrall"]
    assert st.discard[-1] == "thrall"
    assert heroes.res(st, 0) == 8
    turn_of(st, 0)
    st.apply("show Slay two Thralls")
    assert st.trophies[0] == [] and st.discard[-2:] == ["thrall", "thrall"]


def test_myth16_carry_quest_needs_the_start_square() -> None:
    """MYTH-16: the Codex counts only on the start square; it stays with the hero."""
    st = fresh(2, 1)
    st.quests[0] = ["carry_codex"]
    st.items[0] = ["codex"]
    st.position[0] = (1, 0)
    assert not quests.done(st, 0, "carry_codex")
    st.position[0] = (0, 0)
    assert quests.done(st, 0, "carry_codex")
    turn_of(st, 0)
    st.apply("show Bring the Codex to the Avatara")
    assert st.level[0] == 2 and st.items[0] == ["codex"]


def test_myth17_level_costs_one_six_twelve() -> None:
    """MYTH-17: 1, 6, then 12 resources; not offered without the money."""
    st = fresh(2, 1)
    st.quests[0] = ["kill_wight", "kill_trow", "kill_fetch"]
    st.trophies[0] = ["wight", "trow", "fetch"]
    turn_of(st, 0)
    st.apply("show Slay a Wight")
    assert heroes.res(st, 0) == 4
    assert not any(t.startswith("show") for t in texts(st))
    heroes.gain(st, 0, 2)
    st._legal = None
    st.apply("show Slay a Trow")
    assert heroes.res(st, 0) == 0 and st.level[0] == 3
    heroes.gain(st, 0, 11)
    st._legal = None
    assert not any(t.startswith("show") for t in texts(st))


def test_myth18_third_quest_wins_at_level_4() -> None:
    """MYTH-9, MYTH-18: the third quest shown at level 3 wins at once."""
    st = at_level_3_with_a_quest_to_show()
    st.apply("show Slay a Fetch")
    assert st.is_over
    r = st.result()
    assert r.winners == (0,) and r.reason == "level-4"


def test_myth19_swap_an_unfulfilled_quest() -> None:
    """MYTH-19: 5 resources swap an unfulfilled quest; not a fulfilled one; not with no pile."""
    st = fresh(2, 1)
    st.quests[0] = ["kill_wight", "kill_trow"]
    st.trophies[0] = ["wight"]
    turn_of(st, 0)
    t = texts(st)
    assert "swap Slay a Trow" in t and "swap Slay a Wight" not in t
    pile = len(st.quest_pile)
    st.apply("swap Slay a Trow")
    assert heroes.res(st, 0) == 0 and len(st.quest_pile) == pile - 1
    assert "kill_trow" in st.quest_discard and len(st.quests[0]) == 2
    heroes.gain(st, 0, 5)
    st.quest_pile = ()
    st._legal = None
    assert not any(x.startswith("swap") for x in texts(st))


def test_myth20_twenty_quests_ten_kinds() -> None:
    """MYTH-20: 20 quest cards, two of each of ten kinds."""
    deck = content().quest_deck
    assert len(deck) == 20 and len(set(deck)) == 10
    assert all(deck.count(q) == 2 for q in QUESTS)
    kinds = {QUESTS[q].kind for q in QUESTS}
    assert kinds == {"kill", "carry"}


def test_myth11_archer_attacks_twice_a_round() -> None:
    """MYTH-11, MYTH-52: the archer attacks twice (three times at level 3), a thrall once."""
    st = fresh(2, 1)
    make_hero(st, 0, "archer")
    st.position[1] = (0, 1)
    st.enemies[(0, 0)] = ["thrall", "thrall", "thrall"]
    st.begun = ((0, 0),)
    log = script_rolls(st, [1] * 20)
    turn_of(st, 0)
    assert [w for w, what, _ in log] == [0, 0, 1, 1, 1]
    st.level[0] = 3
    log.clear()
    turn_of(st, 0)
    assert [w for w, what, _ in log] == [0, 0, 0, 1, 1, 1]
