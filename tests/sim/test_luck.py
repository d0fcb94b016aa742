"""benchmarks/luck.py: the oracle's samples carry the true future chance, and nothing else does."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from meeple.agents import CheatInfoSet, InfoSet
from meeple.core import game_class

LUCK = Path(__file__).resolve().parents[2] / "benchmarks" / "luck.py"


def load_luck():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("luck", LUCK)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_oracle_meets_the_spin_the_game_will_make_and_a_fair_sample_does_not() -> None:
    luck = load_luck()
    game = game_class("grabhit")(players=2)
    futures = {"oracle": set(), "cheat": set(), "fair": set()}
    for seed in range(6):
        true = game.new_state(seed=seed)
        while true.phase != "1":
            true.apply(true.legal_actions()[0])
        seat = true.to_act
        coming = true.clone()
        coming.apply("spin")
        real = coming.gold[seat]
        for name, info in (("oracle", luck.OracleInfoSet(true, seat)),
                           ("cheat", CheatInfoSet(true, seat)), ("fair", InfoSet(true, seat))):
            sample = info.sample(1000 + seed)
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


def no_game(job: object) -> None:
    raise AssertionError(f"a game was started: {job}")


def test_bad_names_stop_before_any_game_with_the_engines_message(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    luck = load_luck()
    for argv, says in ((["nosuchgame"], "unknown game 'nosuchgame'"),
                       (["grabhit", "--against", "foo"], "unknown agent 'foo'"),
                       (["grabhit", "--search", "xx"], "cannot read 'xx'"),
                       (["grabhit", "--games", "0"], "--games must be at least 1")):
        monkeypatch.setattr("sys.argv", ["luck.py", *argv])
        monkeypatch.setattr(luck, "play", no_game)
        try:
            luck.main()
        except SystemExit as e:
            assert says in str(e.code)
        else:
            raise AssertionError(f"{argv} was accepted")
