"""Battle (MYTH-50 to MYTH-65)."""

from __future__ import annotations

from meeple.games.myth import actions, cards, heroes
from meeple.games.myth.state import MythState

from .scenario import CARDS, HEROES, fresh, open_cell, script_rolls, texts, turn_of


def arena(players: int = 2, hero: str = "warrior", enemies: tuple[str, ...] = ()
          ) -> MythState:
    """Seat 0 (``hero``) alone on the start square with ``enemies``; the others elsewhere."""
    st = fresh(players, 1)
    st.hero[0] = hero
    st.life[0] = HEROES[hero].life[0]
    open_cell(st, (0, 1))
    for s in range(1, players):
        st.position[s] = (0, 1)
    if enemies:
        st.enemies[(0, 0)] = list(enemies)
    return st


def test_myth50_monsters_on_the_cell_start_a_battle() -> None:
    """MYTH-50, MYTH-72: a revealed monster joins the cell and is fought at once."""
    st = arena()
    st.active = 0
    log = script_rolls(st, [99])
    st.table = (("thrall", -1, 0),)
    actions.carry_on(st, cards.reveal(st))
    assert log == [(0, "attack", 99)]
    assert not st.enemies and heroes.res(st, 0) == 6


def test_myth51_first_attack_monsters_strike_before_the_hero() -> None:
    """MYTH-51: a ghol ("first attack") rolls before the hero; a thrall after him."""
    st = arena(enemies=("thrall", "ghol"))
    st.begun = ((0, 0),)
    log = script_rolls(st, [1, 1, 1])
    turn_of(st, 0)
    assert log[0][1] == "ghol attack"
    assert st.step == "attack"
    st.apply("attack Thrall")
    assert [what for _, what, _ in log] == ["ghol attack", "attack", "thrall attack"]


def test_myth53_roll_plus_attack_must_exceed_defence() -> None:
    """MYTH-53, MYTH-55: a tie is a miss; a monster's hit deals its bracketed damage."""
    st = arena(enemies=("thrall",))
    st.begun = ((0, 0),)
    atk = heroes.attack_of(st, 0)  # warrior 30 against the thrall's 50
    dfc = heroes.defence_of(st, 0)
    script_rolls(st, [50 - atk, dfc - CARDS["thrall"].attack + 1])
    turn_of(st, 0)
    assert st.enemies[(0, 0)] == ["thrall"]
    assert st.life[0] == HEROES["warrior"].life[0] - 2
    script_rolls(st, [50 - atk + 1])
    turn_of(st, 0)
    assert not st.enemies


def test_myth56_hero_chooses_each_target() -> None:
    """MYTH-56, MYTH-59: the hero picks among kinds of enemies; never another hero."""
    st = arena(hero="archer", enemies=("thrall", "trow"))
    st.begun = ((0, 0),)
    log = script_rolls(st, [99, 1, 1])
    turn_of(st, 0)
    assert texts(st) == ["attack Thrall", "attack Trow"]
    st.apply("attack Trow")
    assert st.enemies[(0, 0)] == ["thrall"]  # the second attack, at the only kind left, missed
    assert [what for _, what, _ in log] == ["attack", "attack", "thrall attack"]


def test_myth57_right_hand_seat_chooses_monster_targets() -> None:
    """MYTH-57, MYTH-64: with two heroes on the cell the seat on the right picks targets."""
    st = fresh(3, 1)
    st.position[2] = (0, 1)
    open_cell(st, (0, 1))
    st.enemies[(0, 0)] = ["ghol"]
    st.begun = ((0, 0),)
    script_rolls(st, [99, 1])
    turn_of(st, 0)
    assert st.step == "target" and st.to_act == 2  # seat 2 sits on seat 0's right
    names = [heroes.hero_name(st, 0), heroes.hero_name(st, 1)]
    assert texts(st) == [f"target {n}" for n in names]
    life = st.life[1]
    st.apply(f"target {names[1]}")
    assert st.life[1] == life - 2  # the ghol's 15 + 99 beats any defence


def test_myth58_unfinished_battle_continues_next_turn() -> None:
    """MYTH-58: a battle not won goes on; no draw, no move, even once it is won."""
    st = arena(enemies=("trow",))
    st.hand[0] = []
    st.begun = ((0, 0),)
    script_rolls(st, [1, 1, 99])
    turn_of(st, 0, draw=None)
    assert st.enemies[(0, 0)] == ["trow"]
    evs = [e["type"] for e in st.events(None)]
    assert "battle_continues" in evs
    turn_of(st, 0, draw=None)
    assert not st.enemies
    assert st.active == 0 and st.step == "end"
    assert not any(t.startswith(("move", "explore", "draw")) for t in texts(st))


def test_myth60_pay_to_remove_enemies_before_battle() -> None:
    """MYTH-60, MYTH-61: damage + 1 removes an enemy before the first attack, one must stay."""
    st = arena(enemies=("thrall", "bre_unor"))
    script_rolls(st, [1] * 10)
    turn_of(st, 0)
    assert st.step == "prebattle"
    assert texts(st) == ["remove Thrall", "remove Bre'Unor", "fight"]
    n = len(st.deck)
    st.apply("remove Bre'Unor")
    assert heroes.res(st, 0) == 1 and len(st.deck) == n + 1 and "bre_unor" in st.deck
    assert st.enemies[(0, 0)] == ["thrall"] and st.step != "prebattle"
    st.enemies[(0, 0)].append("ghol")
    heroes.gain(st, 0, 10)
    turn_of(st, 0)
    assert st.step != "prebattle"  # the battle has begun: no more removing


def test_myth62_dwarf_kills_every_enemy_his_roll_beats() -> None:
    """MYTH-12, MYTH-62: one roll against all: the thrall (50) falls, the trow (80) stands."""
    st = arena(hero="dwarf", enemies=("thrall", "thrall", "trow"))
    st.begun = ((0, 0),)
    atk = heroes.attack_of(st, 0)
    script_rolls(st, [60 - atk, 1])
    turn_of(st, 0)
    assert st.enemies[(0, 0)] == ["trow"]
    assert heroes.res(st, 0) == 5 + 2


def test_myth63_dwarf_blast_hurts_heroes_beside_him() -> None:
    """MYTH-63: a hero on the dwarf's cell whose defence the roll beats loses 2 life."""
    st = fresh(2, 1)
    st.hero = ["dwarf", "archer"]
    st.life = [10, 10]
    st.enemies[(0, 0)] = ["thrall"]
    st.begun = ((0, 0),)
    script_rolls(st, [100])
    turn_of(st, 0)
    assert st.life[1] == 8 and not st.enemies


def test_myth65_dead_hero_leaves_the_game() -> None:
    """MYTH-65: a dead hero's cards, items, quests and resources leave with him."""
    st = arena(players=3, enemies=("trow",))
    st.hand[0] = ["rest", "nod"]
    st.items[0] = ["standard"]
    st.life[0] = 1
    st.begun = ((0, 0),)
    q = list(st.quests[0])
    bank = heroes.bank(st)
    script_rolls(st, [1, 100])
    turn_of(st, 0, draw=None)
    assert not st.alive[0] and st.hand[0] == [] and st.items[0] == []
    assert set(q) <= set(st.quest_discard) and heroes.bank(st) == bank + 5
    assert {"rest", "nod", "standard"} <= set(st.discard)
    assert st.active == 1 and not st.is_over


def _battle_east(life: int) -> MythState:
    """Seat 1 (a warrior with ``life``) fights a thrall and a Bre'Unor one cell east of the
    start square, misses and is hit; seat 0 (a warrior) waits on the start square."""
    st = fresh(3, 1)
    open_cell(st, (1, 0))
    st.hero[0] = st.hero[1] = "warrior"
    st.position[1] = (1, 0)
    st.life[1] = life
    st.enemies[(1, 0)] = ["thrall", "bre_unor"]
    script_rolls(st, [1, 99, 99])
    turn_of(st, 1)
    assert st.step == "prebattle" and st.to_act == 1
    st.apply("fight")
    st.apply("attack Thrall")
    return st


def test_myth102_a_battle_whose_hero_died_is_begun_again_by_the_next_hero() -> None:
    """MYTH-102, MYTH-60: the hero of a begun battle dies; the monsters stay on the cell; the
    next hero to walk onto it meets them before his first attack and may pay them away."""
    st = _battle_east(life=1)
    assert not st.alive[1] and st.enemies[(1, 0)] == ["thrall", "bre_unor"]
    assert {"type": "battle_deserted", "cell": [1, 0]} in st.events(0)
    turn_of(st, 0)
    st.apply("move east")
    assert st.step == "prebattle" and st.to_act == 0
    assert texts(st) == ["remove Thrall", "remove Bre'Unor", "fight"]
    st.apply("remove Bre'Unor")
    assert {"type": "enemy_removed", "seat": 0, "monster": "bre_unor"} in st.events(0)


def test_myth102_a_hero_joining_a_battle_still_fought_may_not_pay_enemies_away() -> None:
    """MYTH-102, MYTH-61: while a hero of the battle lives on the cell the battle goes on, so a
    newcomer joins it after its first attack and is offered no removal."""
    st = _battle_east(life=20)
    assert st.alive[1] and (1, 0) in st.begun
    script_rolls(st, [1, 1, 1])
    turn_of(st, 0)
    st.apply("move east")
    assert st.step != "prebattle"
    assert not any(t.startswith("remove") for t in texts(st))


def test_myth102_a_battle_its_heroes_are_sent_away_from_ends_undecided() -> None:
    """MYTH-102, MYTH-76, MYTH-49: seat 0 walks onto seat 1's battle and a Nod sends both off
    the cell: the battle lasts while one of them is left, then ends; its battle card
    (Darkness) is discarded and the monsters stay for the next hero."""
    st = fresh(3, 1)
    open_cell(st, (1, 0))
    open_cell(st, (0, 1))
    st.position[1] = (1, 0)
    st.enemies[(1, 0)] = ["thrall", "bre_unor"]
    st.begun = ((1, 0),)
    st.lasting[(1, 0)] = ["darkness"]
    turn_of(st, 0)
    st.deck.remove("nod")
    st.hand[0] = ["nod"]
    st.apply("move east")
    st.apply("play Nod")  # revealed at once: the other seats hold no cards
    assert st.step == "sub" and st.to_act == 0
    st.apply("nod to 0,1")
    assert st.begun == ((1, 0),) and st.to_act == 1  # seat 1 still fights there
    st.apply("nod to 0,1")
    assert st.position[0] == st.position[1] == (0, 1) and not st.begun
    assert (1, 0) not in st.lasting and "darkness" in st.discard
    assert st.enemies[(1, 0)] == ["thrall", "bre_unor"]
