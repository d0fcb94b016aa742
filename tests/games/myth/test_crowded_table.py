"""Offers at a table of three or four heroes (MYTH-44, MYTH-45): the bots take the one that
looks best one step ahead, since a card that hurts the explorer is paid for by one player and
shared with every other rival (docs/rules/myth.md, "With three or four heroes")."""

from __future__ import annotations

from meeple.agents import info_set, make
from meeple.core import Rng
from meeple.games.myth import Myth, bots
from meeple.games.myth.state import MythState


def offers(players: int, count: int = 6) -> list[MythState]:
    """Offers with a card to lay among the moves, met along greedy games of ``players``."""
    found: list[MythState] = []
    for seed in range(40):
        st = Myth(players=players).new_state(seed=seed)
        assert isinstance(st, MythState)
        rng = Rng(seed)
        while st.to_act is not None and len(found) < count:
            legal = st.legal_actions()
            if st.step == "offer" and sum(st.alive) == players and len(legal) > 2:
                found.append(st.clone())
                break
            st.apply(bots.choose(st, rng))
        if len(found) == count:
            return found
    raise AssertionError(f"fewer than {count} offers with a card to lay in {players}-player games")


def one_step_best(st: MythState) -> str:
    seat = st.to_act
    assert seat is not None
    values = []
    for a in st.legal_actions():
        after = st.clone()
        after.apply(a)
        values.append((after.evaluate(seat), a[0]))
    top = max(v for v, _ in values)
    return next(text for v, text in values if v == top)


def test_an_offer_at_a_table_of_three_or_four_is_the_one_that_looks_best_one_step_ahead() -> None:
    for players in (3, 4):
        for st in offers(players):
            named = bots.search_moves(st, st.legal_actions())
            assert [a[0] for a in named] == [one_step_best(st)]


def test_with_two_heroes_alive_every_offer_is_weighed() -> None:
    """Two players, or a table of three after one hero's death (MYTH-104): the card that hurts
    the only rival is worth its price to its player, and the search weighs it."""
    for st in offers(2, 3):
        legal = st.legal_actions()
        assert bots.search_moves(st, legal) == legal
    st = offers(3, 1)[0]
    gone = next(s for s in range(3) if s not in (st.to_act, st.active))
    st.alive[gone] = False
    legal = st.legal_actions()
    assert bots.search_moves(st, legal) == legal


def test_a_search_at_a_crowded_offer_plays_the_named_move_and_says_why() -> None:
    """The search names its move on one world of its seat (``greedy.weighed``) and spends no
    iterations on it; its explanation says the game named it, not that it was the only one."""
    st = offers(3, 1)[0]
    seat = st.to_act
    assert seat is not None
    agent = make("mcts:30", seed=1, game="myth")
    chosen = agent.choose(info_set(agent, st, seat))
    assert chosen in st.legal_actions() and agent.last_iterations == 0  # type: ignore[attr-defined]
    rows = agent.explain_last()  # type: ignore[attr-defined]
    assert [(a, why.key) for a, why in rows] == [(chosen, "why.named")]
