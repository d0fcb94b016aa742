"""benchmarks/luck.py: the oracle's samples carry the true future chance, and nothing else does."""

from __future__ import annotations

from types import ModuleType
from typing import cast

import pytest

from meeple.agents import CheatInfoSet, InfoSet
from meeple.core import game_class
from meeple.games.grabhit.state import GrabHitState

from .scripts import assert_refused, load


def load_luck() -> ModuleType:
    return load("luck")


def test_the_oracle_meets_the_spin_the_game_will_make_and_a_fair_sample_does_not() -> None:
    luck = load_luck()
    game = game_class("grabhit")(players=2)
    futures: dict[str, set[bool]] = {"oracle": set(), "cheat": set(), "fair": set()}
    for seed in range(6):
        true = game.new_state(seed=seed)
        while true.view(None)["phase"] != "spin":  # the turn's first phase, the spin
            true.apply(true.legal_actions()[0])
        seat = true.to_act
        coming = true.clone()
        coming.apply("spin")
        real = coming.gold[seat]
        for name, info in (("oracle", luck.OracleInfoSet(true, seat)),
                           ("cheat", CheatInfoSet(true, seat)), ("fair", InfoSet(true, seat))):
            sample = cast(GrabHitState, info.sample(1000 + seed))
            sample.apply("spin")
            futures[name].add(sample.gold[seat] == real)
    assert futures["oracle"] == {True}
    assert False in futures["cheat"] and False in futures["fair"]


def test_the_oracle_plays_a_whole_game_from_any_seat_the_same_way_twice() -> None:
    luck = load_luck()
    for seats in (("oracle", "random"), ("random", "oracle")):
        job = ("tictactoe", seats, "50", 3)
        first, again = luck.play(job), luck.play(job)
        assert first.seats == seats and first.reason in ("three-in-a-row", "draw")
        assert sum(first.decisions) == first.actions  # every move was an agent's decision
        assert first.decisions[seats.index("oracle")] >= 2  # a game of noughts and crosses
        # an iteration budget makes the search repeatable (times aside)
        assert (again.winners, again.actions, again.decisions) == (
            first.winners, first.actions, first.decisions)


def test_bad_names_stop_before_any_game_with_the_engines_message(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert_refused(load_luck(), monkeypatch, (
        (["nosuchgame"], "unknown game 'nosuchgame'"),
        (["grabhit", "--against", "foo"], "unknown agent 'foo'"),
        (["grabhit", "--search", "xx"], "cannot read 'xx'"),
        (["grabhit", "--games", "0"], "--games must be at least 1")))
