"""The greedy bot values what ends and wins the game (docs/rules/catacombs.md, "The greedy bot at
this table"): it walks towards unexplored ground instead of back and forth, rolls for a walk
rather than stay when the way on lies a few cells off, turns spare coins into experience and
opens no trade offer it would cancel."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple.agents import GreedyAgent, InfoSet, info_set, make_agents
from meeple.agents.base import Reason
from meeple.core import game_class
from meeple.games.catacombs.backpack import RIGHT
from meeple.games.catacombs.bots import break_route
from meeple.games.catacombs.heuristic import hopeless
from meeple.games.catacombs.moves import search_moves
from meeple.games.catacombs.outlook import board_maps, outlook
from meeple.games.catacombs.state import CatacombsState

from .helpers import at, build, force_roll, give, item, monster_on, move_to, started

RECORDS = Path(__file__).parent / "records"


def cornered() -> CatacombsState:
    """Seat 0 (to act) on the north-west entrance, whose two passages lead to explored cells:
    east a corridor still open to the east, south a dead end. The way on is one step east."""
    st = started()
    s = st.active
    move_to(st, s, 0, 0)
    build(st, at(st, 1, 0), "EW")
    build(st, at(st, 0, 1), "N")
    st.money[s] = 2 * 100  # half coins: no more than the reserve, nothing to buy
    return st


def choices(st: CatacombsState, seeds: int = 6) -> set[str]:
    return {GreedyAgent(seed).choose(InfoSet(st, st.active)).text for seed in range(seeds)}


def test_the_way_on_is_worth_more_the_nearer_it_lies() -> None:
    st = cornered()
    s = st.active
    here = outlook(st, s)
    frontier, _ = board_maps(st)
    assert frontier[at(st, 0, 0)] == 1 and frontier[at(st, 1, 0)] == 0
    move_to(st, s, 1, 0)
    assert outlook(st, s) > here
    move_to(st, s, 0, 1)
    assert outlook(st, s) < here


def test_greedy_rolls_for_a_walk_when_the_way_on_lies_off() -> None:
    st = cornered()
    assert "walk" in [a.text for a in st.legal_actions()]
    assert choices(st) == {"walk"}


def test_greedy_steps_towards_unexplored_ground_and_not_back_and_forth() -> None:
    st = cornered()
    force_roll(st, 3)
    st.apply("walk")
    assert st.step == "walk"
    assert choices(st) == {"step east"}  # not the dead end south, nor a stop
    st.apply("step east")
    assert choices(st) == {"stop"}  # on the way on: the next turn explores from here


def test_a_dwarf_with_spare_coins_buys_experience() -> None:
    """Whatever it buys first, it keeps no more than the reserve and one experience's price
    (CAT-19) before it moves on."""
    for seed in range(3):
        st = cornered()
        s = st.active
        st.money[s] = 2 * 700  # half coins
        bot = GreedyAgent(seed)
        done: list[str] = []
        while st.phase == "move" and st.step == "main" and len(done) < 20:
            done.append(bot.choose(InfoSet(st, s)).text)
            st.apply(done[-1])
        assert "buy experience" in done and done[-1] == "walk", done
        assert st.money[s] < 2 * (100 + 200), done


def test_a_dwarf_keeps_a_reserve_of_coins() -> None:
    st = cornered()
    st.money[st.active] = 2 * 250  # buying would leave less than the reserve
    assert "buy experience" not in choices(st)


def test_greedy_games_open_no_offer_they_cancel() -> None:
    """Three greedy dwarves play a stretch of a real game: every offer opened is proposed."""
    game = game_class("catacombs")(players=3)
    for seed in (1, 2):
        agents = make_agents(["greedy"] * 3, 3, seed, "catacombs")
        st = game.new_state(seed=seed)
        opened = proposed = 0
        while st.to_act is not None and st.n_actions < 1500:
            seat = st.to_act
            text = agents[seat].choose(info_set(agents[seat], st, seat)).text
            assert text != "cancel trade"
            opened += text.startswith("offer")
            proposed += text == "propose"
            st.apply(text)
        assert opened == proposed


def test_a_walled_in_dwarf_breaks_through_with_the_potion_it_holds() -> None:
    """A dwarf shut in one cell beside unexplored ground, a destruction potion in its backpack,
    breaks the wall (CAT-43) rather than keep the potion: the potion's worth lies in the way
    out it gives, and the break is one step nearer. Before, keeping the potion's worth as
    goods beat using it, and such dwarves waited for the round limit."""
    st = started()
    s = st.active
    build(st, at(st, 1, 0), "E")  # shut: the entrance west and the tile east face no way in
    build(st, at(st, 2, 0), "S")
    move_to(st, s, 1, 0)
    give(st, s, "destruction")
    st.money[s] = 0
    assert "break south wall" in {a.text for a in st.legal_actions()}
    assert choices(st) == {"break south wall"}


def shut_in() -> CatacombsState:
    """Seat 0 (to act) shut in one cell beside unexplored ground (south), away from the
    entrances, with no coins and no destruction potion, but treasures enough to pay for one
    where it stands (half their value, CAT-17) — what the dead-end rule (CAT-24) counts on."""
    st = started()
    s = st.active
    build(st, at(st, 1, 0), "E")
    build(st, at(st, 2, 0), "S")
    move_to(st, s, 1, 0)
    give(st, s, "ancient_crown", "ancient_crown", "golden_idol")
    st.money[s] = 0
    return st


def test_a_shut_in_dwarf_sells_its_treasures_buys_a_potion_and_breaks_out() -> None:
    """CAT-24/CAT-43: one look ahead sees each sale lose worth and nothing come of it, so the
    dwarf stood still until the round limit; the game names the plan's next step
    (``moves.search_moves``) and the bot follows it to the broken wall."""
    for seed in range(3):
        st = shut_in()
        s = st.active
        bot = GreedyAgent(seed)
        done: list[str] = []
        while st.active == s and st.phase == "move" and len(done) < 12:
            done.append(bot.choose(InfoSet(st, s)).text)
            st.apply(done[-1])
        assert done[-1] == "break south wall", done
        assert "buy Destruction Potion" in done and done[0].startswith("sell"), done


def test_a_shut_in_dwarf_with_the_ingredients_brews_the_potion_and_breaks_out() -> None:
    """CAT-24/CAT-37/CAT-43: shut in at a cauldron with nothing to sell but amber, ambra and a
    skull, the dwarf brews a destruction potion and breaks out; before, neither the scripted
    dwarf nor the bots following it saw that way, and the game ran to the round limit."""
    for seed in range(3):
        st = shut_in()
        s = st.active
        st.pack[s].clear()
        give(st, s, "amber", "ambra", "skull")
        st.cauldron[at(st, 1, 0)] = 0  # a copper cauldron where it stands
        bot = GreedyAgent(seed)
        done: list[str] = []
        while st.active == s and st.phase == "move" and len(done) < 12:
            done.append(bot.choose(InfoSet(st, s)).text)
            st.apply(done[-1])
        assert done[0] == "brew Destruction Potion" and done[-1].startswith("break"), done


def two_walls_in() -> CatacombsState:
    """Seat 0 (to act) shut in at (1, 0) where every way onto unexplored ground goes through
    two walls: west, the entrance (open only south, to a cell open only north); east and
    south, cells whose only open side faces the board's edge or a wall."""
    st = started()
    s = st.active
    build(st, at(st, 0, 0), "S")
    build(st, at(st, 0, 1), "N")
    build(st, at(st, 1, 0), "E")
    build(st, at(st, 2, 0), "N")
    build(st, at(st, 1, 1), "N")
    move_to(st, s, 1, 0)
    st.money[s] = 0
    return st


def test_a_dwarf_two_walls_from_the_way_on_buys_a_second_potion_and_breaks_the_first() -> None:
    """CAT-24/CAT-43: one destruction potion takes a dwarf through one wall; shut in two walls
    from unexplored ground, the dwarf with one potion and treasures worth another sells them
    where it stands, buys the second potion and breaks the first wall. Before, a dwarf that
    held a potion saw no way out and stood still, and the game ran to the round limit."""
    for seed in range(3):
        st = two_walls_in()
        s = st.active
        give(st, s, "destruction", "ancient_crown", "ancient_crown", "golden_idol")
        assert break_route(st, s) is not None and break_route(st, s)[0] == 2  # type: ignore[index]
        bot = GreedyAgent(seed)
        done: list[str] = []
        while st.active == s and st.phase == "move" and len(done) < 12:
            done.append(bot.choose(InfoSet(st, s)).text)
            st.apply(done[-1])
        assert "buy Destruction Potion" in done and done[-1].startswith("break"), done
        assert not any(d == "sell Destruction Potion" for d in done), done


def test_a_dwarf_with_one_potion_and_one_wall_to_go_keeps_its_goods_and_breaks() -> None:
    st = two_walls_in()
    s = st.active
    build(st, at(st, 1, 1), "S")  # now south of it: one wall, then open ground
    give(st, s, "destruction", "ancient_crown")
    assert break_route(st, s) == (1, 2, True)
    assert choices(st) == {"break south wall"}


def test_the_plan_step_is_explained_as_the_move_the_game_names() -> None:
    st = shut_in()
    bot = GreedyAgent(0)
    bot.choose(InfoSet(st, st.active))
    [(action, why)] = bot.explain_last()
    assert action.text.startswith("sell") and isinstance(why, Reason) and why.key == "why.named"


def test_a_dwarf_hopelessly_behind_loses_nothing_by_ending_the_game() -> None:
    """CAT-22/CAT-45: the last card left is the tenth vein and the rival leads by more than
    everything still to be found could bring. Turning it up ends the game lost; standing
    still kept a sliver of value, so such a dwarf waited for the round limit. Now both are
    worth the same, nothing."""
    st = cornered()
    s = st.active
    move_to(st, s, 1, 0)  # on the way on: the next step explores
    vein = next(c.index for c in st.game.content.cards if c.kind == "vein")
    st.deck[:] = [vein]
    st.veins = 9
    st.experience[1 - s] = st.experience[s] + 40
    st.money[s] = 0
    assert hopeless(st, s) and st.evaluate(s) == 0.0
    st.experience[1 - s] = st.experience[s] + 1  # the vein would make it up
    assert not hopeless(st, s) and st.evaluate(s) > 0.0


def test_walled_in_dwarves_never_undo_what_they_did_to_raise_cash() -> None:
    """CAT-17/CAT-24/CAT-41: two three-dwarf deals where every dwarf ended walled in. The
    scripted plan took off a crossbow to sell it for a speed potion, and once it lay in the
    backpack the plan counted it towards the jump instead and put it back on; at its entrance
    it bought a dagger for empty hands, then sold it for the potion. Each dwarf did so until
    meeple's limit on free actions, every turn, until the round limit. Now the plan counts the
    same goods either way and puts the potion first: both games end by the rules, and no
    dwarf undoes in a turn what it did."""
    undo = {"equip": "unequip", "unequip": "equip", "buy": "sell", "sell": "buy"}
    for seed in (2010, 2026):
        st = game_class("catacombs")(players=3).new_state(seed=seed)
        agents = make_agents(["greedy"] * 3, 3, seed, "catacombs")
        done: set[tuple[int, int, str]] = set()
        while st.to_act is not None and st.turn < 700:
            s = st.to_act
            verb, _, thing = agents[s].choose(info_set(agents[s], st, s)).text.partition(" ")
            assert (st.turn, s, f"{undo.get(verb)} {thing}") not in done, (seed, st.turn)
            done.add((st.turn, s, f"{verb} {thing}"))
            st.apply(f"{verb} {thing}".strip())
        assert st.to_act is None and st.result().reason != "round-limit", seed


def beyond_reach(st: CatacombsState) -> str:
    """The id of a monster bare fists cannot beat (the dwarf below may wield nothing)."""
    c = st.game.content
    return next(m.id for m in c.monsters if m.needs[c.fists_column] is None)


def ghost_corridor(onward: bool) -> CatacombsState:
    """Seat 0 (to act, strength 0: no weapon in reach) on its entrance, open only east onto
    a monster it cannot beat; past it, unexplored ground (``onward``: another explored cell
    first, open onto it). Every other entrance is walled in, nobody has a coin, and seat 0
    has exactly the price of an invisibility potion at an entrance."""
    st = started(money=0)
    s = st.active
    for e in st.game.entrance_cells:
        st.tile[e] = 0
    move_to(st, s, 0, 0)
    build(st, at(st, 0, 0), "E")
    monster_on(st, at(st, 1, 0), beyond_reach(st), "WE")
    if onward:
        build(st, at(st, 2, 0), "WE")
    st.strength[s] = 0
    potion = next(i for i in st.game.content.shop
                  if st.game.content.items[i].effect == "invisibility")
    st.money[s] = st.game.buy_prices[True][potion]
    return st


def test_cat24_cat42_a_sneak_leads_on_only_where_the_dwarf_can_walk_on() -> None:
    """CAT-24/CAT-42: an invisibility potion takes a dwarf across a monster's cell, but it
    must walk on (it never stops there), so the monster's own open side onto unexplored ground
    is no way on; the cell beyond is. Before, the dead-end rule counted the monster's cell as
    reached, kept the game open and the dwarves stood until the round limit."""
    for onward, over in ((False, True), (True, False)):
        st = ghost_corridor(onward)
        st.apply("stay")
        st.apply("end turn")
        assert st.is_over is over, onward
        if over:
            assert st.result().reason == "dead-end"


def test_a_dwarf_walled_in_behind_a_monster_it_cannot_beat_buys_a_sneak_past_it() -> None:
    """CAT-42 for the bots: every way on passes a monster it has no chance against; the
    dwarf buys an invisibility potion, walks to the monster, sneaks across and walks on to
    the cell beyond, then explores. Before, it stood still until the round limit."""
    for seed in range(3):
        st = ghost_corridor(onward=True)
        s = st.active
        force_roll(st, 3)
        bot = GreedyAgent(seed)
        done: list[str] = []
        while st.active == s and st.phase == "move" and len(done) < 12:
            done.append(bot.choose(InfoSet(st, s)).text)
            st.apply(done[-1])
        assert done[:4] == ["buy Invisibility Potion", "walk", "sneak east", "step east"], done
        assert st.position[s] == at(st, 2, 0)


def test_the_scripted_dwarf_sneaking_across_a_monster_walks_on_not_back() -> None:
    """CAT-42 for the scripted dwarf: on the monster's cell it sneaked onto it must walk on,
    and it takes the side nearer its target. Before, the monster's cell lay outside every
    walking distance, so it headed for the nearest entrance, back where it came from, and the
    potion was spent for nothing."""
    from meeple.core import Rng
    from meeple.games.catacombs.bots import choose

    st = ghost_corridor(onward=True)
    s = st.active
    force_roll(st, 3)
    for text in ("buy Invisibility Potion", "walk", "sneak east"):
        st.apply(text)
    assert st.position[s] == at(st, 1, 0)
    assert choose(st, Rng(0)).text == "step east"


def held_by_a_ghost() -> CatacombsState:
    """Seat 0 (to act, at the end of its turn) on a ghost's cell with a crossbow in hand, which
    gives no chance against a ghost (only a short sword, a long sword or the mithril axe do),
    strong enough for a short sword, with 10 coins and treasures worth one where it stands
    (half their value, CAT-17)."""
    st = started()
    s = st.active
    monster_on(st, at(st, 4, 4), "ghost")
    move_to(st, s, 4, 4)
    st.screen[s][RIGHT] = item(st, "crossbow")
    give(st, s, "golden_idol", "gold_ring", "emerald")
    st.money[s], st.strength[s] = 20, 3
    st.phase = "end"
    return st


@pytest.mark.parametrize("bot", ["greedy", "catacombs:balance"])
def test_a_dwarf_held_by_a_ghost_it_cannot_touch_sells_buys_a_sword_and_takes_it_up(
        bot: str) -> None:
    """CAT-16/17/30: a dwarf on a monster's cell fights it every turn; nothing it held could
    beat the ghost, whose blows its armour stopped, so it lost every fight and the game ran
    to the round limit. It now sells the dearest goods, buys the sword that gives a chance
    and takes it in hand (``rearm.rearm``), and never puts the useless crossbow back on."""
    st = held_by_a_ghost()
    s = st.active
    agent = make_agents([bot] * st.players, st.players, 0, "catacombs")[s]
    done: list[str] = []
    while st.active == s and st.phase == "end" and len(done) < 12:
        done.append(agent.choose(info_set(agent, st, s)).text)
        st.apply(done[-1])
    assert done == ["sell Golden Idol", "sell Emerald", "buy Short Sword", "equip Short Sword",
                    "end turn"], done
    assert st.screen[s][RIGHT] == item(st, "short_sword")


def test_a_dwarf_whose_sword_can_touch_the_ghost_is_not_offered_the_crossbow_back() -> None:
    st = held_by_a_ghost()
    s = st.active
    st.screen[s][RIGHT] = item(st, "short_sword")
    give(st, s, "crossbow")
    legal = st.legal_actions()
    assert "equip Crossbow" in {a.text for a in legal}
    weighed = {a.text for a in search_moves(st, legal)}
    assert "equip Crossbow" not in weighed and "unequip Short Sword" not in weighed
    assert "end turn" in weighed


def from_record(name: str) -> CatacombsState:
    """The position a saved record ends in (``records/NAME``), with the round limit raised:
    each came late in its game, and a test plays on from it."""
    data = json.loads((RECORDS / name).read_text("utf-8"))
    options = {**data["options"], "max_rounds": 1000}
    st = game_class("catacombs")(players=data["players"], options=options).new_state(
        seed=data["seed"])
    for text in data["actions"]:
        st.apply(text)
    assert isinstance(st, CatacombsState)
    return st


def play_on(st: CatacombsState, specs: list[str], most: int) -> None:
    """At most ``most`` actions of the bots ``specs``, one per seat, from ``st``."""
    agents = make_agents(specs, st.players, 0, "catacombs")
    for _ in range(most):
        if st.to_act is None:
            return
        s = st.to_act
        st.apply(agents[s].choose(info_set(agents[s], st, s)))


def test_a_walled_in_dwarf_tied_for_the_lead_buys_the_potion_it_can_pay_for_and_breaks_out(
        ) -> None:
    """CAT-24/CAT-43: a position from a real game (``records/walled-in-tied.json``). Seat 0 is
    walled in with coins for a destruction potion where it stands, tied for the lead one vein
    before the end, and the way out lies a dozen cells off. Its hope of buying the potion was
    worth as much as holding it, so buying looked like a loss, and it walked back and forth
    until the round limit. The hope is now worth no more than the potion less its price: it
    buys the potion, walks to the wall and breaks it."""
    st = from_record("walled-in-tied.json")
    agents = make_agents(["greedy"] * st.players, st.players, 0, "catacombs")
    done: list[str] = []
    while st.to_act is not None and len(done) < 300:
        s = st.to_act
        text = agents[s].choose(info_set(agents[s], st, s)).text
        if s == 0:
            done.append(text)
        st.apply(text)
        if text.startswith("break"):
            break
    assert "buy Destruction Potion" in done and done[-1].startswith("break"), done


@pytest.mark.parametrize("lead", [-60, 60])
def test_a_dwarf_whose_game_is_decided_plays_on_as_the_scripted_dwarf(lead: int) -> None:
    """CAT-22/CAT-24: a dwarf further behind than everything still to be found could make up,
    or so far ahead that every rival is, values every move alike (its game is lost, or won),
    so it walked about at random and the game went on to the round limit when nobody else
    had a way on. It now takes the scripted dwarf's step: here, on into unexplored ground."""
    st = cornered()
    s = st.active
    move_to(st, s, 1, 0)  # on the way on: the next step explores
    vein = next(c.index for c in st.game.content.cards if c.kind == "vein")
    st.deck[:] = [vein]  # the last card left is the tenth vein
    st.veins = 9
    st.experience[s] = 60 + lead
    st.experience[1 - s] = 60
    assert hopeless(st, s if lead < 0 else 1 - s)
    legal = st.legal_actions()
    assert [a.text for a in search_moves(st, legal)] == ["explore east"]
    st.experience[s] = 60  # an open game: the value weighs every move
    assert len(search_moves(st, legal)) > 1


def test_a_leader_beside_a_rival_with_no_way_on_plays_on_to_the_end() -> None:
    """CAT-22/CAT-24: a position from a real game (``records/leader-beside-a-walled-in-
    rival.json``). Seat 1 leads by 23; seat 0 is walled in with no way on. Seat 1's lead
    read every move alike, its rival was not hopeless by the cards still face down (it could
    reach none of them), and both dwarves stood about until the round limit. With every
    rival out of moves the game is in seat 1's hands: it plays on as the scripted dwarf and
    the game ends by its rules."""
    st = from_record("leader-beside-a-walled-in-rival.json")
    play_on(st, ["greedy", "mcts:24"], 1500)
    assert st.to_act is None and st.result().reason != "round-limit"
    assert st.result().winners == (1,)


def test_a_dwarf_behind_a_rival_with_no_way_on_explores_on_to_the_end() -> None:
    """CAT-22/CAT-24: a position from a real game (``records/trailing-beside-a-walled-in-
    rival.json``, two greedy dwarves). Seat 1 leads and has no way on; seat 0, behind, stands
    beside unexplored ground, where the tenth vein may lie. Standing still kept it from that
    loss, so it stood every turn until the round limit, which its rival then won. Only its
    own steps can end the game now, so it plays on as the scripted dwarf."""
    st = from_record("trailing-beside-a-walled-in-rival.json")
    assert st.experience[0] < st.experience[1]
    play_on(st, ["greedy", "greedy"], 3000)
    assert st.to_act is None and st.result().reason != "round-limit"
