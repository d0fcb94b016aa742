"""The bot ``myth:balance``: the rule-of-thumb player of the balance tables, as an agent."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.agents import make
from meeple.core import Action, ConfigError, State
from meeple.games.myth import Myth
from meeple.games.myth.bots import BalanceBot, make_balance
from meeple.sim.runner import play


class SeatOnly:
    """All a bot may use: the seat's legal actions and worlds sampled from its view."""

    def __init__(self, state: State, seat: int) -> None:
        self._state, self.seat, self.samples = state, seat, 0

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()

    def sample(self, seed: int) -> State:
        self.samples += 1
        return self._state.determinize(self.seat, seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bot_plays_whole_games_through_the_runner(players: int) -> None:
    for seed in range(2):
        st = play(Myth(players=players), ["myth:balance"] * players, seed=seed)
        res = st.result()
        assert res.reason in ("level-4", "last-hero", "events-out", "tiles-out", "all-dead")
        assert meeple.replay(st.record()).to_json() == st.to_json()


def test_the_bot_is_offered_by_the_game_and_takes_no_argument() -> None:
    assert isinstance(make("myth:balance", seed=3, game="myth"), BalanceBot)
    with pytest.raises(ConfigError):
        make_balance("fast", 0)


def decision_points(players: int, seed: int) -> list[State]:
    """States of a random game where the seat to act has a real choice."""
    st = meeple.load("myth", players=players).new_state(seed=seed)
    r = random.Random(seed)
    out: list[State] = []
    while not st.is_over and len(out) < 40:
        if len(st.legal_actions()) > 1:
            out.append(st.clone())
        st.apply(r.choice(st.legal_actions()))
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_the_bot_decides_alike_in_worlds_its_seat_cannot_tell_apart(players: int) -> None:
    """The true state and another with every hidden card re-dealt give the same decision: the
    bot decides only from the seat's legal actions and worlds sampled from its view."""
    steps = set()
    for i, st in enumerate(decision_points(players, 11 + players)):
        seat = st.to_act
        assert seat is not None
        other = st.determinize(seat, 1000 + i)
        assert other.view(seat) == st.view(seat)
        mine, twin = SeatOnly(st, seat), SeatOnly(other, seat)
        a = BalanceBot(seed=i).choose(mine)
        b = BalanceBot(seed=i).choose(twin)
        assert a.text == b.text and a in st.legal_actions()
        assert mine.samples == twin.samples == 1
        steps.add(st.view(seat)["decision"]["kind"])
    assert {"draw", "move", "offer"} <= steps
