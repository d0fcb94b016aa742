"""The battle odds behind the bots' heuristic (src/meeple/games/myth/heuristic.py)."""

from __future__ import annotations

from meeple.games.myth import actions, battle, heroes
from meeple.games.myth.heuristic import battle_odds, chance, foes

from .scenario import CARDS, HEROES, C, fresh


def odds(attack: int, defence: int, attacks: int, area: bool, monsters: tuple[str, ...],
         life: int, **cards: int) -> tuple[float, float]:
    """The battle odds against monsters named by id."""
    return battle_odds(attack, defence, attacks, area, foes(C, monsters), life, **cards)


def test_chance_is_that_of_a_d100_beating_the_difference() -> None:
    assert chance(30, 50) == 0.8  # rolls 21..100
    assert chance(0, 100) == 0.0 and chance(50, 40) == 1.0
    assert chance(30, 130) == 0.0


def test_a_hero_beyond_reach_survives_with_full_life() -> None:
    # defence 200: no monster can hit; the hero kills in the end
    assert odds(30, 200, 1, False, ("trow",), 10) == (1.0, 10.0)
    # neither side can hit: the battle never ends, the hero never falls
    assert odds(-200, 200, 1, False, ("trow",), 10) == (1.0, 10.0)


def test_one_round_against_one_monster_is_exact() -> None:
    # hero strikes first (kill chance k); the thrall then hits (h) for 2, and the battle goes on
    k, h = chance(10, 50), chance(5, 60)
    live, _ = odds(10, 60, 1, False, ("thrall",), 2)
    # the hero dies the first time the thrall hits before the hero kills it
    per_round_death = (1 - k) * h
    per_round_end = k + per_round_death
    assert abs(live - (1 - per_round_death / per_round_end)) < 1e-12


def test_odds_match_the_battle_code_over_many_fights() -> None:
    """The odds of the Journeyman against a Fetch, a Myrkridia and a Wight (a lost game's
    blunder: he played a Fetch onto his own cell) agree with fights played by the rules."""
    hero = HEROES["journeyman"]
    foes = ("fetch", "myrkridia", "wight")
    live, left = odds(hero.attack[0], hero.defence[0], 1, False, foes, hero.life[0])
    assert 0.08 < live < 0.2 and 1 <= left <= hero.life[0]
    won = 0
    games = 400
    for seed in range(games):
        st = fresh(2, seed)
        st.hero[0], st.life[0], st.active = "journeyman", hero.life[0], 0
        st.position[1] = (3, 3)
        st.enemies[st.position[0]] = list(foes)
        st.begun = (st.position[0],)
        while st.alive[0] and st.enemies.get(st.position[0]):
            actions.carry_on(st, battle.start_round(st))
            while st.step == "attack" and st.alive[0] and st.enemies.get(st.position[0]):
                en = st.enemies[st.position[0]]
                best = max(dict.fromkeys(sorted(en)), key=lambda m: (
                    chance(heroes.attack_of(st, 0), CARDS[m].defence)
                    * chance(CARDS[m].attack, heroes.defence_of(st, 0)) * CARDS[m].damage))
                st.apply(f"attack {CARDS[best].name}")
        won += st.alive[0]
    assert abs(won / games - live) < 0.06


def test_the_dwarfs_charge_kills_every_monster_it_beats() -> None:
    dwarf = HEROES["dwarf"]
    one = odds(dwarf.attack[0], dwarf.defence[0], 1, True, ("thrall",), 10)
    three = odds(dwarf.attack[0], dwarf.defence[0], 1, True,
                        ("thrall", "thrall", "thrall"), 10)
    single = odds(dwarf.attack[0], dwarf.defence[0], 1, False,
                         ("thrall", "thrall", "thrall"), 10)
    assert three[0] < one[0] and three[0] > single[0]  # one roll fells all three


def test_fury_and_darkness_make_a_battle_deadlier() -> None:
    base = odds(24, 68, 2, False, ("fetch", "wight"), 10)
    assert odds(24, 68, 2, False, ("fetch", "wight"), 10, fury=True)[0] < base[0]
    assert odds(24, 68, 2, False, ("fetch", "wight"), 10, execute=True)[0] < base[0]
    # darkness blunts both sides; against monsters easier to hit than to dodge it hurts
    assert odds(24, 68, 2, False, ("fetch", "wight"), 10, darkness=15)[0] != base[0]
