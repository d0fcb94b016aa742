"""Bots that end the game by its rules, and worlds that keep what their seat knows.

Games of ``myth:balance`` and of greedy seats once ran to the turn limit (MYTH-26): heroes paced
explored ground for ever. Each cause found has a scenario here (docs/rules/myth.md, "Bots").
"""

from __future__ import annotations

import random

import meeple
from meeple.agents import MCTSAgent, info_set, make
from meeple.agents.mcts import Node
from meeple.core import Rng
from meeple.games.myth import actions, bots, cards, dungeon, heroes, turn
from meeple.games.myth.state import MythState, MythWorld
from meeple.games.myth.verbs import Explore

from .scenario import fresh, open_cell, turn_of

W = 8  # the west side of a tile (meeple.components.tilegrid)


def carrier(money: int) -> MythState:
    """A level 2 Journeyman one step east of the crossroads, carrying the Codex his quest asks
    for, with ``money`` resources; he may explore east or walk home west."""
    st = fresh(2, 1)
    open_cell(st, (1, 0), mask=10)  # west back home, east to unexplored ground
    st.hero[0] = "journeyman"
    st.level[0] = 2
    st.life[0] = heroes.max_life(st, 0)
    st.position[0] = (1, 0)
    st.items[0] = ["codex"]
    st.quests[0] = ["carry_codex", "kill_trow", "kill_wight"]
    heroes.pay(st, 0, heroes.res(st, 0))
    heroes.gain(st, 0, money)
    turn_of(st, 0)
    assert st.step == "move"
    return st


def test_a_carrier_too_poor_to_show_his_quest_explores_instead_of_walking_home() -> None:
    """The stall: with 1 resource and the level costing 6 (MYTH-17), the scripted bot walked
    home, could not show the quest there, set off to explore and turned home again."""
    poor = carrier(1)
    assert isinstance(bots.choose(poor)[1], Explore)
    rich = carrier(6)
    assert str(bots.choose(rich)) == "move west"


def test_the_scripted_bot_walks_to_a_cell_it_can_explore_from() -> None:
    """A corridor runs eight cells west of the crossroads, so the dungeon spans nine: the open
    end of the corridor leads beyond the nine by nine (MYTH-37) and is no frontier. The bot,
    one step from that end, walks back east to the crossroads, where it can explore; it used
    to walk to the nearest open side by straight-line distance, and back."""
    st = fresh(2, 1)
    for x in range(-8, 0):
        open_cell(st, (x, 0), mask=10)  # east and west
    st.position[0] = (-7, 0)
    turn_of(st, 0)
    assert str(bots.choose(st)) == "move east"


def test_greedy_sees_a_gain_in_exploring_with_twelve_resources_or_more() -> None:
    """Resources counted only up to twelve, so a hero holding twelve saw nothing in exploring
    and wandered explored ground one step ahead at a time."""
    st = fresh(2, 1)
    heroes.gain(st, 0, 14 - heroes.res(st, 0))
    turn_of(st, 0)
    after = {}
    for a in ("explore north", "stay"):
        w = st.determinize(0, 7)
        w.apply(a)
        after[a] = w.evaluate(0)
    assert after["explore north"] > after["stay"]


def test_greedy_walks_towards_the_frontier_from_a_dead_end() -> None:
    st = fresh(2, 1)
    open_cell(st, (1, 0), mask=W)
    st.position[0] = (1, 0)
    turn_of(st, 0)
    after = {}
    for a in ("move west", "stay"):
        w = st.determinize(0, 7)
        w.apply(a)
        after[a] = w.evaluate(0)
    assert after["move west"] > after["stay"]


def test_greedy_carries_an_artifact_home_only_when_it_can_pay_there() -> None:
    rich = carrier(6)
    home, stay = (rich.clone() for _ in range(2))
    home.apply("move west")
    stay.apply("stay")
    assert home.evaluate(0) > stay.evaluate(0)
    poor = carrier(1)
    home, explore = (poor.clone() for _ in range(2))
    home.apply("move west")
    explore.apply("explore east")
    assert explore.evaluate(0) > home.evaluate(0)


def midgame(players: int, seed: int) -> MythState:
    """A game some 90 random actions in (the first seed from ``seed`` whose game lasts)."""
    while True:
        st = meeple.load("myth", players=players).new_state(seed=seed)
        r = random.Random(seed)
        while st.n_actions < 90 and not st.is_over:
            st.apply(r.choice(st.legal_actions()))
        if not st.is_over:
            assert isinstance(st, MythState)
            return st
        seed += 1


def unseen(st: MythState, seat: int) -> tuple[list[str], list[str]]:
    """The event cards and quests ``seat`` cannot place, sorted."""
    others = [o for o in range(st.players) if o != seat]
    events = [*st.deck, *(c for o in others for c in st.hand[o]),
              *(c for c, by, _ in st.table if by != seat)]
    quests = [*st.quest_pile, *(q for o in others for q in st.quests[o])]
    return sorted(events), sorted(quests)


def test_a_world_keeps_what_its_seat_knows_and_deals_the_rest_afresh() -> None:
    """MYTH-67: the seat's hand, quests, face-down cards and everything public stay; the other
    hands and quests are dealt afresh from the unseen cards, and the piles nobody sees are
    drawn from at random (a shuffle done card by card)."""
    for players in (2, 3, 4):
        st = midgame(players, 30 + players)
        assert not st.loose
        seat = st.to_act
        assert seat is not None
        others = [o for o in range(players) if o != seat]
        dealt, drawn, tiles = set(), set(), set()
        for k in range(24):
            w = st.determinize(seat, k)
            assert isinstance(w, MythWorld) and w.loose and isinstance(w.clone(), MythWorld)
            assert w.view(seat) == st.view(seat)
            assert w.hand[seat] == st.hand[seat] and w.quests[seat] == st.quests[seat]
            assert [c for c, by, _ in w.table if by == seat] == \
                [c for c, by, _ in st.table if by == seat]
            assert unseen(w, seat) == unseen(st, seat)
            assert sorted(w.tiles) == sorted(st.tiles)
            dealt.add(tuple(tuple(sorted(w.hand[o])) for o in others))
            drawn.add(turn.draw_event(w.clone()))
            tiles.add(dungeon._draw_tile(w.clone()))
        assert len(dealt) > 12 and len(drawn) > 4 and len(tiles) > 2
        assert st.determinize(seat, 5).to_json() == st.determinize(seat, 5).to_json()


def laid_by_another(players: int, seed: int) -> MythState:
    """A game played at random up to an offer (MYTH-45) where a card another hero laid face
    down lies on the table (the first seed from ``seed`` that comes to one)."""
    while True:
        st = meeple.load("myth", players=players).new_state(seed=seed)
        r = random.Random(seed)
        while not st.is_over and st.n_actions < 400:
            if st.to_act is not None and any(0 <= by != st.to_act for _, by, _ in st.table):
                assert isinstance(st, MythState)
                return st
            st.apply(r.choice(st.legal_actions()))
        seed += 1


def test_a_world_deals_a_face_down_card_that_costs_what_its_hero_paid() -> None:
    """MYTH-67 with MYTH-44, MYTH-45: the resources laid on a card are seen, so in every world
    a card another hero laid costs what he paid (Codex and the double price off new ground
    counted, MYTH-42, MYTH-47), drawn afresh among the unseen cards of that price."""
    for players, seed in ((2, 0), (3, 40), (4, 80)):
        st = laid_by_another(players, seed)
        cards = st.game.content.cards
        seat = st.to_act
        assert seat is not None
        laid = [(i, by, paid) for i, (_, by, paid) in enumerate(st.table) if 0 <= by != seat]
        dealt = set()
        for k in range(40):
            w = st.determinize(seat, k)
            assert w.view(seat) == st.view(seat) and unseen(w, seat) == unseen(st, seat)
            for i, by, paid in laid:
                card = w.table[i][0]
                price = heroes.play_cost(w, by, card, w.offer_double)
                assert price == paid, (players, card, price, paid)
                dealt.add(card)
        fitting = {c for c in unseen(st, seat)[0]
                   if any(heroes.play_cost(st, by, c, st.offer_double) == paid
                          for _, by, paid in laid)}
        assert len(dealt) >= min(3, len(fitting)), (dealt, fitting)
        assert {cards[c].cost for c in dealt} <= {cards[c].cost for c in fitting}


N, E, S = 1, 2, 4


def last_way_east(tile: str, money: int = 6, blocked: bool = False) -> MythState:
    """The crossroads' only unexplored side is east: north, south and west end in dead ends.
    The hero explores east and draws ``tile``, holding ``money`` resources then. ``blocked``:
    the cells around the east one are laid too, so no tile there could open to new ground."""
    st = fresh(2, 1)
    for cell, mask in (((0, -1), S), ((0, 1), N), ((-1, 0), E)):
        open_cell(st, cell, mask=mask, tile="dead_end")
    if blocked:
        for cell in ((1, -1), (1, 1), (2, 0)):
            open_cell(st, cell, mask=W, tile="dead_end")
    st.tiles = (*st.tiles, tile)  # drawn next
    heroes.pay(st, 0, heroes.res(st, 0))
    heroes.gain(st, 0, money - 1)  # exploring pays one (MYTH-34)
    turn_of(st, 0)
    st.apply("explore east")
    assert st.step == "place" and st.drawn_tile == tile
    return st


def picks(st: MythState, spec: str, seat: int = 0) -> str:
    bot = make(spec, seed=1, game="myth")
    return bot.choose(info_set(bot, st, seat)).text


def test_no_bot_closes_the_dungeon_while_a_new_tile_could_keep_it_open() -> None:
    """MYTH-26, MYTH-35: the dead end drawn can only face west, which would close the dungeon
    on every side with tiles left; a closed dungeon with heroes too poor to play their cards
    ran games to the turn limit. Every bot pays for a new tile instead."""
    st = last_way_east("dead_end")
    assert [a.text for a in st.legal_actions()] == ["place W", "redraw tile"]
    for spec in ("greedy", "myth:balance", "mcts:50"):
        assert picks(st, spec) == "redraw tile", spec
    assert str(bots.choose(st)) == "redraw tile"  # the search's rollouts too


def test_a_bot_lays_the_tile_when_no_tile_could_keep_the_dungeon_open() -> None:
    """The hero cannot pay for a new tile, or no tile on that cell would open to unexplored
    ground: the dead end is laid (the only way on), and the resources kept."""
    for st in (last_way_east("dead_end", money=2), last_way_east("dead_end", blocked=True)):
        for spec in ("greedy", "myth:balance"):
            assert picks(st, spec) == "place W", spec


def test_a_bot_keeps_the_dungeon_open_among_the_orientations() -> None:
    """A corner facing west can turn north or south: either keeps a side open, and the bots
    weigh those (``Myth.search_moves``); the new tile is still theirs to weigh."""
    st = last_way_east("corner")
    legal = st.legal_actions()
    assert sorted(a.text for a in legal) == ["place NW", "place SW", "redraw tile"]
    assert bots.search_moves(st, legal) == legal
    for spec in ("greedy", "myth:balance", "mcts:50"):
        assert picks(st, spec) in ("place NW", "place SW"), spec


def guarded_frontier(turn: int) -> MythState:
    """The last way to unexplored ground runs north through a cell a Myrkridia holds. The
    Berserk (level 3, 12 life, no resources) stands beside it with the Heron Guard, who has
    four resources and monsters in hand to lay on a hero who moves (MYTH-47); the game is at
    ``turn``. Arranged after a greedy two-player game (seed 50093) in which both heroes stood
    there from turn 130 to the turn limit (MYTH-26)."""
    st = fresh(2, 1)
    st.grid.clear()
    st.tile_of = {}
    open_cell(st, (0, 0), mask=E)
    open_cell(st, (1, 0), mask=W | N, tile="corner")
    open_cell(st, (1, -1), mask=N | S, tile="corridor")  # open north: the last frontier
    st.enemies = {(1, -1): ["myrkridia"]}
    for seat, hero, life, money in ((0, "berserk", 12, 0), (1, "heron_guard", 1, 4)):
        st.hero[seat], st.level[seat], st.life[seat] = hero, 3, life
        st.position[seat] = (1, 0)
        heroes.pay(st, seat, heroes.res(st, seat))
        heroes.gain(st, seat, money)
    for card in ("shadow_of_balor", "attack", "trow", "trow", "stygian_knight", "soulless"):
        st.deck.remove(card)
        st.hand[1].append(card)
    st.turn = turn
    turn_of(st, 0)
    return st


def test_in_an_overlong_game_a_hero_walks_to_the_monster_guarding_the_last_way_on() -> None:
    """One look ahead, the step north risks a little more (the fight, the rival's monsters)
    than the Myrkridia's experience pays, so greedy stood still for ever (and now, never
    weighing standing still while it can walk, paces instead). Past
    ``bots.OVERLONG`` turns a hero to move takes the rule of thumb's step: to the monster,
    whose defeat opens the way on."""
    assert picks(guarded_frontier(100), "greedy") != "move north"
    late = guarded_frontier(bots.OVERLONG)
    assert [a.text for a in bots.search_moves(late, late.legal_actions())] == ["move north"]
    for spec in ("greedy", "mcts:50", "myth:balance"):
        assert picks(late, spec) == "move north", spec


def last_way_ahead(money: int, rival_money: int) -> MythState:
    """The crossroads' only unexplored side is east (north, south and west end in dead ends);
    the hero to move holds ``money`` resources there, his rival ``rival_money``. Arranged
    after a two-player game (search against greedy, seed 10039) in which the hero explored
    east with none, drew a dead end that could face only back west, and closed the dungeon
    with 31 tiles left: both heroes walked it to the turn limit (MYTH-26)."""
    st = fresh(2, 1)
    for cell, mask in (((0, -1), S), ((0, 1), N), ((-1, 0), E)):
        open_cell(st, cell, mask=mask, tile="dead_end")
    for seat, held in ((0, money), (1, rival_money)):
        heroes.pay(st, seat, heroes.res(st, seat))
        heroes.gain(st, seat, held)
    turn_of(st, 0)
    assert st.step == "move" and "explore east" in [a.text for a in st.legal_actions()]
    return st


def test_a_hero_too_poor_for_a_new_tile_leaves_the_last_way_on_to_a_rival_who_is_not() -> None:
    """MYTH-35, MYTH-36: with one resource after exploring he could not draw another tile if
    the one drawn closed the dungeon; the rival, with three, could. The bots weigh every move
    but that one (``bots.leave_the_last_way``); with a rival as poor, or resources of his
    own, exploring is weighed again."""
    poor = last_way_ahead(0, 6)
    assert "explore east" not in [a.text for a in bots.search_moves(poor, poor.legal_actions())]
    for spec in ("greedy", "mcts:50"):
        assert picks(poor, spec) != "explore east", spec
    for st in (last_way_ahead(0, 1), last_way_ahead(2, 6)):  # all but staying (walk_on)
        every = st.legal_actions()
        assert bots.search_moves(st, every) == [a for a in every if a.text != "stay"]
    late = last_way_ahead(0, 6)
    late.turn = bots.OVERLONG  # an overlong game takes the rule of thumb's step
    assert [a.text for a in bots.search_moves(late, late.legal_actions())] == ["explore east"]


def deck_nearly_out(turn: int) -> MythState:
    """Both heroes hold six cards and twelve resources; two event cards are left in the deck
    and the rest discarded; the game is at ``turn``, the hero's draw to make. Arranged after
    a four-player greedy game (seed 50007) whose dungeon filled its nine by nine (MYTH-37):
    with no way on, full hands and the deck two cards from its end, every hero drew none and
    passed at every offer from turn 101 to the turn limit (MYTH-26)."""
    st = fresh(2, 1, empty_hands=False)
    for seat in range(2):
        assert len(st.hand[seat]) == 6
        heroes.pay(st, seat, heroes.res(st, seat))
        heroes.gain(st, seat, 12)
    st.discard.extend(st.deck[2:])
    del st.deck[2:]
    st.turn = turn
    turn_of(st, 0, draw=None)
    assert st.step == "draw"
    return st


def test_in_an_overlong_game_a_hero_draws_what_he_can_pay_for_and_plays_his_cards() -> None:
    """MYTH-24, MYTH-30, MYTH-31: drawing the last two cards (the seventh costs 2, the eighth
    4) runs the event deck out, and the game ends two turns later; greedy draws none while
    the game is young. Past ``bots.OVERLONG`` the bots draw all they can pay for, and at an
    offer play the rule of thumb's card, which frees a hand for the free draw."""
    assert picks(deck_nearly_out(100), "greedy") == "draw 0"
    late = deck_nearly_out(bots.OVERLONG)
    assert [a.text for a in bots.search_moves(late, late.legal_actions())] == ["draw 2"]
    for spec in ("greedy", "mcts:50"):
        assert picks(late, spec) == "draw 2", spec
    late.apply("draw 2")
    assert not late.deck and late.final_turns is not None
    offer = guarded_frontier(bots.OVERLONG)
    offer.apply("move north")  # explored ground: the rival may add a card at double cost
    assert offer.step == "offer" and offer.to_act == 1
    plan = bots.choose(offer, Rng(offer.n_actions))
    assert plan.text.startswith("play ")
    assert bots.search_moves(offer, offer.legal_actions()) == [plan]


def test_a_hero_who_can_walk_on_is_not_weighed_standing_still() -> None:
    """MYTH-38: staying spares a hero the monsters a rival may lay on one who moves, a gain
    one look ahead; the turn it costs in the race to level 4 lies beyond. The bots weigh
    every move but staying while he can walk or explore (``bots.walk_on``); a hero with no
    way on still stays."""
    st = carrier(5)  # may explore east or walk home west
    every = [a.text for a in st.legal_actions()]
    assert "stay" in every
    weighed = [a.text for a in bots.search_moves(st, st.legal_actions())]
    assert weighed == [t for t in every if t != "stay"]
    for spec in ("greedy", "mcts:50"):
        assert picks(st, spec) != "stay", spec
    shut = fresh(2, 1)
    open_cell(shut, (1, 0), mask=0)  # a cell with no passage out
    shut.position[0] = (1, 0)
    turn_of(shut, 0)
    assert shut.step == "move"
    assert "stay" in [a.text for a in bots.search_moves(shut, shut.legal_actions())]


def tree_moves(st: MythState, seat: int) -> set[str]:
    """Every move of ``seat`` in the tree of an ``mcts:80`` search of ``seat`` on ``st``."""
    bot = make("mcts:80", seed=1, game="myth")
    assert isinstance(bot, MCTSAgent)
    nodes, seen = [bot.search(info_set(bot, st, seat))], set[str]()
    while nodes:
        node = nodes.pop()
        for who, kids in node.children.items():
            if who == seat:
                seen.update(kids)
            nodes.extend(k for k in kids.values() if isinstance(k, Node))
    return seen


def test_the_search_never_has_its_seat_stand_still_while_a_way_is_open() -> None:
    """MYTH-38, MYTH-76, MYTH-93 (``Myth.search_forbids``): as the Great Dream's master the
    search walks the dreamer, and given a Nod it goes somewhere: at its root and in its
    tree. A search that weighed the dreamer's ``stay`` and the Nod's ``stay put`` won 56% at
    200 iterations against greedy where one held from them won 67%, same deals
    (docs/rules/myth.md, "Walking on")."""
    dream = fresh(3, 1)
    open_cell(dream, (0, 1))
    dream.table = (("great_dream", -1, 0),)
    actions.carry_on(dream, cards.reveal(dream))
    actions.carry_on(dream, turn.start(dream, 0))
    dream.apply("draw 0")
    assert dream.step == "move" and dream.active == 0 and dream.to_act == 2
    assert "stay" in [a.text for a in dream.legal_actions()]
    weighed = tree_moves(dream, 2)
    assert "explore east" in weighed and not any(t.startswith("stay") for t in weighed)
    assert picks(dream.clone(), "mcts:80", 2) != "stay"
    nod = fresh(2, 1)
    open_cell(nod, (0, 1))
    nod.table = (("nod", -1, 0),)
    actions.carry_on(nod, cards.reveal(nod))
    assert [a.text for a in nod.legal_actions()] == ["nod to 0,1", "stay put"]
    weighed = tree_moves(nod, 0)
    assert "nod to 0,1" in weighed and not any(t.startswith("stay") for t in weighed)
    assert picks(nod, "greedy") == "stay put"  # greedy is not held: one look ahead is enough
