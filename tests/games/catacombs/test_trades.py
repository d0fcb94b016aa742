"""The greedy bot's trades (CAT-20, docs/rules/catacombs.md "The greedy bot at this table"):
goods are worth more to a dwarf who can use them, and the bot composes and proposes a trade
only when it would accept it in its partner's place and it improves its own position."""

from __future__ import annotations

from meeple.agents import GreedyAgent, InfoSet, info_set, make_agents
from meeple.core import game_class
from meeple.games.catacombs.decisions import Answer, Offer
from meeple.games.catacombs.heuristic import best_trade, evaluate, goods_worth, search_moves
from meeple.games.catacombs.state import CatacombsState

from .helpers import give, item, started


def sword_for_coins(players: int) -> CatacombsState:
    """Seat 0 (to act) is strong enough for a Long Sword and has coins; seat 1 holds one it
    is too weak to wield; with three dwarves, seat 2 leads by five experience."""
    st = started(players=players)
    give(st, 1, "long_sword")
    st.strength[0], st.strength[1] = 4, 2
    if players == 3:
        st.experience[2] += 5
    return st


def test_a_weapon_is_worth_more_to_a_dwarf_who_can_wield_it() -> None:
    st = sword_for_coins(3)
    sword = [item(st, "long_sword")]
    assert goods_worth(st, 0, sword) > 2 * goods_worth(st, 1, sword)
    st.screen[0][2] = item(st, "mithril_axe")  # the right hand already holds better
    assert goods_worth(st, 0, sword) == goods_worth(st, 1, sword)


def test_greedy_composes_and_proposes_a_trade_that_helps_both_sides() -> None:
    for seed in range(4):
        st = sword_for_coins(3)
        bot = GreedyAgent(seed)
        texts = []
        while st.to_act == 0:
            texts.append(bot.choose(InfoSet(st, 0)).text)
            st.apply(texts[-1])
        assert texts[0] == "offer trade to seat 1" and texts[-1] == "propose", texts
        assert sorted(texts[1:-1]) == ["ask Long Sword", "give 10 coins", "give 10 coins",
                                       "give 10 coins", "give 100 coins"]
        top = st.decisions[-1]
        assert isinstance(top, Answer)
        assert top.offer.ask == (item(st, "long_sword"),) and top.offer.give_money == 260
        before = evaluate(st, 1)
        accepted, declined = st.clone(), st.clone()
        accepted.apply("accept")
        declined.apply("decline")
        assert evaluate(accepted, 1) > max(before, evaluate(declined, 1))
        assert evaluate(accepted, 0) > evaluate(declined, 0)
        assert GreedyAgent(seed).choose(InfoSet(st, 1)).text == "accept"


def test_no_trade_is_opened_when_none_helps_both_sides() -> None:
    """With two dwarves a trade that raises one's lead lowers the other's; with three, goods
    worth the same to both (a Ruby) leave nothing to gain."""
    two = sword_for_coins(2)
    three = started(players=3)
    give(three, 1, "ruby")
    three.experience[2] += 5
    for st in (two, three):
        assert best_trade(st, Offer(seat=0, partner=1)) == (0.0, None)
        for seed in range(5):
            chosen = GreedyAgent(seed).choose(InfoSet(st, 0)).text
            assert not chosen.startswith("offer"), chosen


def test_each_step_towards_the_best_trade_is_worth_more_and_a_detour_less() -> None:
    st = sword_for_coins(3)
    st.apply("offer trade to seat 1")
    best = evaluate(st, 0)
    assert best > 0.0
    after = {}
    for text in ("ask Long Sword", "give 100 coins", "ask 100 coins"):
        child = st.clone()
        child.apply(text)
        after[text] = evaluate(child, 0)
    assert after["ask Long Sword"] == after["give 100 coins"] > best  # one step nearer
    assert 0.0 < after["ask 100 coins"] < best  # coins that must be paid back: a detour
    short = st.clone()
    short.apply("ask Long Sword")
    short.apply("give 100 coins")  # too little for the partner: not worth proposing yet
    short.apply("propose")
    assert evaluate(short, 0) == 0.0


def test_a_search_weighs_an_offer_only_where_a_trade_helps_both_sides() -> None:
    """``search_moves``: no offer where no trade helps both (a Ruby's worth is the same to
    both); the offer to the Long Sword's holder stays, and once opened the search takes the
    best trade's next step alone."""
    three = started(players=3)
    give(three, 1, "ruby")
    three.experience[2] += 5
    legal = three.legal_actions()
    kept = search_moves(three, legal)
    assert not any(a.text.startswith("offer") for a in kept)
    assert len(kept) == len(legal) - 2
    st = sword_for_coins(3)
    kept = search_moves(st, st.legal_actions())
    assert "offer trade to seat 1" in {a.text for a in kept}
    assert "offer trade to seat 2" not in {a.text for a in kept}
    st.apply("offer trade to seat 1")
    [step] = search_moves(st, st.legal_actions())
    assert step.text in ("ask Long Sword", "give 100 coins")


def test_search_seats_open_no_offer_they_cancel() -> None:
    """Three search seats play a stretch of a real game (fixed seed): every offer opened is
    proposed. Before the search's moves were narrowed its seats opened about one offer in
    twelve actions and cancelled most of them."""
    game = game_class("catacombs")(players=3)
    agents = make_agents(["mcts:24"] * 3, 3, 5, "catacombs")
    st = game.new_state(seed=5)
    opened = proposed = 0
    while st.to_act is not None and st.n_actions < 250:
        seat = st.to_act
        text = agents[seat].choose(info_set(agents[seat], st, seat)).text
        assert text != "cancel trade"
        opened += text.startswith("offer")
        proposed += text == "propose"
        st.apply(text)
    assert opened == proposed
