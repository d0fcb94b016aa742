"""Scenario tests of Grab and Hit's phases 4 and 5, what is forbidden, death and rebirth,
and victory: one or more per rule (GAH-42 to GAH-70) of docs/rules/grabhit.md."""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.core import IllegalAction
from meeple.games.grabhit import death, phases
from meeple.games.grabhit.content import BLUE, GREEN, RED

from .helpers import T, all_cards, card, new, rig, sector, texts, turn

# ---------------------------------------------------------------- phase 4


def test_gah42_phase4_is_optional() -> None:
    """GAH-42: phase 4 may be passed with nothing done."""
    st = new(players=2)
    turn(st, 0, "free")
    assert "done" in texts(st)
    st.apply("done")
    assert st.phase == "hit"


def test_gah43_curses_and_magic_cast_on_others() -> None:
    """GAH-43: held curses and magic are cast in phase 4 on another adventurer."""
    st = new(players=2)
    st.hand[0] = (card("thiefs_hand"), card("robbery"))
    st.gold = [0, 10]
    turn(st, 0, "free")
    st.apply("cast Thief's Hand on Violet")
    assert st.gold == [4, 6]
    st.apply("cast Robbery on Violet")
    assert st.gold == [4, 1]


def test_gah44_ability_once_per_phase4() -> None:
    """GAH-44: one ability attempt per phase 4; a spin decides whether it works."""
    st = new(players=2, advs=["Elizabeth", "Violet"])
    st.life[0] = 1
    rig(st, sector(2))
    turn(st, 0, "free")
    st.apply("use ability")
    assert st.life[0] == 1 and "use ability" not in texts(st)
    rig(st, sector(9))
    turn(st, 0, "free")
    st.apply("use ability")
    assert st.life[0] == 1 + T.adventurers[7].amount


@pytest.mark.parametrize("adv", ["Ashir", "Violet", "Victor", "Garret", "Devite", "Rene",
                                 "Torsher", "Elizabeth"])
def test_gah45_each_ability_works(adv: str) -> None:
    """GAH-45: every adventurer's ability does what its story suggests."""
    other = "Victor" if adv != "Victor" else "Ashir"
    st = new(players=2, advs=[adv, other])
    st.life[0] = 1
    st.armour[0] = 0
    st.gold = [0, 10]
    st.armour[1] = 0
    st.locations[0] = (card("frozen_lake"),)
    life1 = st.life[1]
    rig(st, sector(10, "red"), sector(10, "red"))
    turn(st, 0, "free")
    options = [t for t in texts(st) if t.startswith("use ability")]
    st.apply(options[-1] if adv in ("Violet", "Garret", "Rene") else options[0])
    a = st.adventurer[0]
    assert a is not None
    kind, n = T.adventurers[a].ability, T.adventurers[a].amount
    if kind == "gain_per_location":
        assert st.gold[0] == n + 1
    elif kind in ("blast", "assassinate"):
        assert st.life[1] == life1 - n
    elif kind == "mend":
        assert st.armour[0] == n
    elif kind == "steal":
        assert st.gold == [n, 10 - n]
    elif kind == "draw_red":
        assert len(st.hand[0]) + len(st.scrolls[0]) >= 1 or len(st.discard[RED]) == 1
    elif kind == "extra_hit":
        st.apply("done")
        st.apply("attack with fists")
        assert st.hits_left == 2
    else:
        assert st.life[0] == 1 + n


# ---------------------------------------------------------------- phase 5


def test_gah46_must_attack_when_someone_can_be() -> None:
    """GAH-46: phase 5 asks for a weapon and a target whenever someone can be attacked."""
    st = new(players=2)
    st.weapons[0] = ((card("battle_axe"), 5, ()),)
    turn(st, 0, "hit")
    assert texts(st) == ["attack with Battle Axe", "attack with fists"]
    st.apply("attack with Battle Axe")
    assert texts(st) == ["hit Violet"]
    st.limbo[1] = 1
    turn(st, 0, "hit")
    assert st.active == 1  # nobody to attack: the turn simply ends


def test_gah47_speed_gives_hits_on_one_or_several() -> None:
    """GAH-47: speed is the number of hits, on several targets or the same one."""
    st = new(players=3)
    st.weapons[0] = ((card("twin_blades"), 5, ()),)
    turn(st, 0, "hit")
    st.apply("attack with Twin Blades")
    st.apply("hit Violet")
    assert "hit Violet" in texts(st) and "hit Victor" in texts(st)
    st.apply("hit Violet")
    assert st.active == 1 and st.attacked == [] and st.defending == (1,)


def test_gah48_fists_deal_one() -> None:
    """GAH-48: without a weapon (or by choice) the adventurer hits with fists for 1."""
    st = new(players=2)
    st.armour[1] = 0
    life = st.life[1]
    turn(st, 0, "hit")
    assert texts(st) == ["attack with fists"]
    st.apply("attack with fists")
    st.apply("hit Violet")
    assert st.life[1] == life - 1


def test_gah49_targets_are_other_living_adventurers() -> None:
    """GAH-49: only other living adventurers outside limbo can be attacked."""
    st = new(players=4)
    st.dead[3] = True
    turn(st, 0, "hit")
    st.apply("attack with fists")
    assert texts(st) == ["hit Violet", "hit Victor"]


def test_gah50_not_attacked_twice_in_a_row_except_three_players() -> None:
    """GAH-50: one attacked last turn cannot be attacked now — except with three players."""
    st = new(players=4)
    st.defending = (1,)
    turn(st, 2, "hit")
    st.defending = (1,)
    st._legal = None
    st.apply("attack with fists")
    assert "hit Violet" not in texts(st)
    st3 = new(players=3)
    turn(st3, 2, "hit")
    st3.defending = (1,)
    st3._legal = None
    st3.apply("attack with fists")
    assert "hit Violet" in texts(st3)


def test_gah51_armour_first_except_ranged() -> None:
    """GAH-51: damage takes armour first, then life; ranged weapons go straight to life."""
    st = new(players=2)
    st.armour[1], st.life[1] = 2, 4
    death.damage(st, 1, 3, False, 0)
    assert (st.armour[1], st.life[1]) == (0, 3)
    st.armour[1] = 2
    st.weapons[0] = ((card("crossbow"), 5, ()),)
    turn(st, 0, "hit")
    st.apply("attack with Crossbow")
    st.apply("hit Violet")
    assert (st.armour[1], st.life[1]) == (2, 1)


def test_gah52_each_hit_spends_durability() -> None:
    """GAH-52: every hit spends one durability; at zero the weapon breaks."""
    st = new(players=2)
    st.weapons[0] = ((card("battle_axe"), 2, ()),)
    turn(st, 0, "hit")
    st.apply("attack with Battle Axe")
    st.apply("hit Violet")
    assert st.weapons[0][0][1] == 1


def test_gah52_a_weapon_that_breaks_on_the_winning_hit_leaves_a_state_that_restores() -> None:
    """GAH-52: the last durability spent on the hit that ends the game: the weapon is gone,
    the game is over, and the final state is kept and read back as it was."""
    st = new(players=2)
    st.weapons[0] = ((card("battle_axe"), 1, ()),)
    st.armour[1], st.life[1] = 0, 1
    turn(st, 0, "hit")
    st.apply("attack with Battle Axe")
    st.apply("hit Violet")
    assert st.is_over and st.weapons[0] == ()
    assert meeple.restore(json.loads(json.dumps(st.to_json()))).to_json() == st.to_json()


# ---------------------------------------------------------------- forbidden


def test_gah53_everything_is_open_except_deck_order() -> None:
    """GAH-53: every seat sees every card in play; decks only as counts."""
    st = new(players=3)
    st.hand[1] = (card("fireball"),)
    v0, v2 = st.view(0), st.view(None)
    assert v0["players_info"][1]["hand"][0]["id"] == "fireball"
    # A seat sees what a spectator sees; only which of it is its own is told apart.
    own = {"mine": [], "on_table": sorted(v0["mine"] + v0["on_table"])}
    assert {**v0, **own} == {**v2, "seat": 0, "on_table": sorted(v2["on_table"])}
    assert v0["decks"] == {"blue": 26, "green": 24, "red": 33}


def test_gah54_only_phase4_can_be_passed() -> None:
    """GAH-54: phases 1, 2, 3 and 5 offer no way to pass; phase 4 does."""
    st = new(players=2)
    assert texts(st) == ["spin"]
    turn(st, 0, "hit")
    assert "done" not in texts(st)


def test_gah55_first_hit_is_compulsory() -> None:
    """GAH-55: not attacking is impossible: the first hit must be made."""
    st = new(players=2)
    st.weapons[0] = ((card("twin_blades"), 5, ()),)
    turn(st, 0, "hit")
    st.apply("attack with Twin Blades")
    assert "done" not in texts(st)
    st.apply("hit Violet")
    assert "done" in texts(st)


def test_gah56_no_action_targets_oneself() -> None:
    """GAH-56: no action can harm one's own adventurer."""
    st = new(players=2)
    st.hand[0] = (card("fireball"), card("robbery"))
    st.gold = [10, 10]
    turn(st, 0, "free")
    assert not any(t.endswith("on Ashir") for t in texts(st))
    st.apply("done")
    st.apply("attack with fists")
    assert "hit Ashir" not in texts(st)


def test_gah57_no_exchange_actions() -> None:
    """GAH-57: there is no action to give money, cards, armour or durability to anyone."""
    st = new(players=2)
    st.hand[0] = (card("sharpening"),)
    turn(st, 0, "free")
    verbs = {t.split()[0] for t in texts(st)}
    assert verbs <= {"attach", "bid", "visit", "cast", "use", "discard", "done"}


def test_gah58_bids_and_fees_come_from_own_gold() -> None:
    """GAH-58: bids and fees are paid from one's own gold; a bid beyond it is impossible."""
    st = new(players=2)
    st.lots = [(card("frozen_lake"), 1, 0, None)]
    st.gold = [3, 50]
    turn(st, 0, "free")
    bids = [t for t in texts(st) if t.startswith("bid")]
    assert bids == ["bid 2 on Frozen Lake", "bid 3 on Frozen Lake"]
    st.apply("bid 3 on Frozen Lake")
    st.gold[0] = 1  # lost the gold before settlement: nobody pays for it
    turn(st, 0, "before")
    assert st.locations[0] == () and st.gold == [1, 50] and card("frozen_lake") in st.discard[GREEN]


def test_gah59_discard_only_when_needed() -> None:
    """GAH-59: a card can be discarded only when a rule demands it (a sixth location)."""
    st = new(players=2)
    st.locations[0] = (card("perre"),)
    turn(st, 0, "free")
    assert not any(t.startswith("discard") for t in texts(st))


def test_gah60_limbo_escape_cannot_be_refused() -> None:
    """GAH-60: no action lets a trapped adventurer stay in limbo by choice."""
    st = new(players=3)
    st.limbo[0] = 1
    rig(st, sector(2), sector(3))
    turn(st, 0, "before")
    assert all(not t.startswith("stay") for t in texts(st))
    assert st.limbo[0] == 2


# ---------------------------------------------------------------- death


def test_gah61_death_at_zero_life_killer_takes_gold() -> None:
    """GAH-61: at 0 life the adventurer dies even with armour; the killer takes the gold."""
    st = new(players=3)
    st.armour[1], st.life[1], st.gold[1] = 3, 2, 9
    st.gold[0] = 0
    st.weapons[0] = ((card("short_bow"), 5, ()),)
    turn(st, 0, "hit")
    st.apply("attack with Short Bow")
    st.apply("hit Violet")
    st.apply("hit Violet")
    assert st.dead[1] and st.gold[0] == 9 and st.gold[1] == 0


def test_gah62_death_discards_locations_upgrades_curses_weapons() -> None:
    """GAH-62: the dead adventurer's locations, upgrades, shields, curses and weapons go."""
    st = new(players=3)
    st.locations[1] = (card("perre"),)
    st.scrolls[1] = (card("vigour"), card("talisman"), card("poverty"))
    st.weapons[1] = ((card("battle_axe"), 3, ()),)
    death.die(st, 1, 0)
    assert st.locations[1] == () and st.scrolls[1] == () and st.weapons[1] == ()
    assert card("perre") in st.discard[GREEN] and card("battle_axe") in st.discard[BLUE]
    assert {card("vigour"), card("talisman"), card("poverty")} <= set(st.discard[RED])


def test_gah63_centre_picks_start_with_the_killer() -> None:
    """GAH-63: blueprints, magic and curse cards go to the centre; one pick each from the
    killer on; the rest is discarded."""
    st = new(players=3)
    bp, fb, rob = card("sharpening"), card("fireball"), card("robbery")
    st.weapons[1] = ((card("battle_axe"), 3, (bp,)),)
    st.hand[1] = (fb, rob, card("lightning"))
    turn(st, 2, "free")
    death.die(st, 1, 2)
    phases.advance(st)
    st._legal = None
    assert st.to_act == 2 and "take Fireball" in texts(st)
    st.apply("take Fireball")
    assert st.to_act == 0
    st.apply("take Sharpened Edge")
    assert st.centre == [] and fb in st.hand[2] and bp in st.hand[0]
    assert rob in st.discard[RED] and st.to_act == 2


def test_gah64_rebirth_before_phase1() -> None:
    """GAH-64: the dead are reborn before phase 1 with their capital, same or new adventurer."""
    st = new(players=3)
    death.die(st, 1, 0)
    turn(st, 1, "before")
    assert st.to_act == 1 and "choose Violet" in texts(st) and "choose Ashir" not in texts(st)
    st.apply("choose Rene")
    rene = T.adventurers[5]
    assert (st.life[1], st.armour[1], st.gold[1]) == (rene.life, rene.start_armour,
                                                      rene.capital)
    assert texts(st) == ["spin"] and st.died[1] and not st.dead[1]


# ---------------------------------------------------------------- victory


def test_gah65_gold_target_wins() -> None:
    """GAH-65: reaching the gold target wins at once."""
    st = new(players=2, gold_target=20)
    st.gold[0] = 15
    rig(st, sector(10, "green"))
    turn(st, 0, "spin")
    st.apply("spin")
    assert st.is_over and st.result().winners == (0,)
    assert st.result().reason == "gold-target"


def test_gah66_only_adventurer_never_dead_wins() -> None:
    """GAH-66: the only adventurer who never died wins."""
    st = new(players=3)
    st.died[2] = True
    st.armour[1], st.life[1] = 0, 1
    turn(st, 0, "hit")
    st.apply("attack with fists")
    st.apply("hit Violet")
    assert st.is_over and st.result().winners == (0,)
    assert st.result().reason == "only-one-never-died"


def test_gah67_determinize_shuffles_only_decks() -> None:
    """GAH-67: only the order of the decks is hidden; determinizing reorders nothing else."""
    st = new(players=3)
    d = st.determinize(0, 5)
    assert d.view(0) == st.view(0)
    assert [sorted(p) for p in d.deck] == [sorted(p) for p in st.deck]
    assert d.hand == st.hand


def test_gah68_turns_pass_in_seat_order() -> None:
    """GAH-68: turns go round the table in seat order from the first player."""
    st = new(players=3)
    first = st.active
    turn(st, first, "end")
    assert st.active == (first + 1) % 3


def test_gah69_empty_deck_reshuffles_its_discard() -> None:
    """GAH-69: an empty deck is refilled from its shuffled discard pile."""
    st = new(players=2)
    st.discard[RED] = st.deck[RED][:]
    st.deck[RED] = []
    turn(st, 0, "draw", sector(5, "red"))
    assert len(st.deck[RED]) == 32


def test_gah70_round_limit_ends_the_game() -> None:
    """GAH-70: the safety limit ends the game after the last round; the richest wins."""
    st = new(players=2, round_limit=1)
    st.gold = [3, 8]
    turn(st, (st.first + 1) % 2, "end")
    assert st.is_over and st.result().winners == (1,) and st.result().reason == "round-limit"


def test_illegal_actions_change_nothing() -> None:
    """An illegal action is refused with a reason and the state is unchanged."""
    st = new(players=2)
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply("hit Violet")
    assert st.to_json() == before
    assert sorted(all_cards(st)) == list(range(len(T.cards)))
