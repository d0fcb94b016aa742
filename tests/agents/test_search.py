"""The search's spec tokens (``scripted`` rollouts, ``w`` widening) and its replayable decisions.

Fan, a tiny game with one wide decision, is defined here:
FAN-1  Seat 0 picks one of thirty numbers 0..29, then seat 1 takes its only action, ``roll``,
       and the game ends.
FAN-2  A die decides: seat 0 wins when the roll (1..6) is at most its number's last digit
       divided by 2 (so 8 and 9 win on 1..4), else seat 1 wins.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import meeple
from meeple.agents import InfoSet, MCTSAgent, make
from meeple.agents.evaluation import value, values
from meeple.agents.greedy import greedy_action, greedy_step
from meeple.agents.mcts import parse_spec, rollout_policy
from meeple.core import Action, ConfigError, Game, Result, Rng, State, game_class

WIDTH = 30
NUMBERS = tuple(Action(str(i), i) for i in range(WIDTH))


class FanState(State):
    """The number seat 0 picked (None before) and whether it won."""

    pick: int | None
    won: bool | None

    def _setup(self) -> None:
        self.pick = None
        self.won = None
        self.to_act = 0

    def _legal_actions(self) -> list[Action]:
        return list(NUMBERS) if self.pick is None else [Action("roll")]  # FAN-1

    def _apply(self, action: Action) -> None:
        if self.pick is None:
            self.pick = action[1]
            self.to_act = 1
            return
        assert self.pick is not None
        self.won = self.rng.randint(1, 6) <= (self.pick % 10) // 2  # FAN-2
        self.to_act = None

    def _result(self) -> Result:
        w = (0,) if self.won else (1,)
        return Result(w, (float(bool(self.won)), float(not self.won)), 2, "roll", "")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "fan", "step": "pick" if self.pick is None else "roll",
                "pick": self.pick}


class Fan(Game[FanState]):
    """Pick a number, then roll."""

    id = "fan"
    name = "Fan"
    min_players = max_players = 2
    state_class = FanState


#: Calls of :func:`last_legal`, the scripted policy of the tests below.
CALLS: list[int] = []


def last_legal(state: State, rng: Rng) -> Action:
    """A scripted rollout policy for the tests: the last legal action, counted."""
    CALLS.append(state.n_actions)
    return state.legal_actions()[-1]


# ------------------------------------------------------------------------------ parsing
def test_scripted_and_widening_tokens_parse() -> None:
    cfg = parse_spec("300:scripted:w1.5")
    assert (cfg.rollout, cfg.widen, cfg.spec()) == ("scripted", 1.5, "300:scripted:w1.5")
    assert parse_spec("300").widen == 0.0 and parse_spec("300:w0").widen == 0.0
    assert parse_spec("300:w.5").widen == 0.5
    assert parse_spec("300").with_hints("scripted:w2").spec() == "300:scripted:w2"
    assert parse_spec("300:greedy:w1").with_hints("scripted:w2").spec() == "300:greedy:w1"
    assert make("mcts:300:scripted").config.rollout == "scripted"  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", ["300:w", "300:wide", "300:w-1", "300:w1.2.3",
                                  "300:w1234567890", "300:scripty", "300:w0.001"])
def test_bad_tokens_are_refused_plainly(spec: str) -> None:
    with pytest.raises(ConfigError) as e:
        parse_spec(spec)
    assert "mcts" in str(e.value) or "widening" in str(e.value)


def test_a_widening_constant_too_small_to_mean_anything_is_refused() -> None:
    with pytest.raises(ConfigError, match=r"widening constant is 0 \(off\) or at least 0\.01"):
        parse_spec("300:w0.005")


# -------------------------------------------------------------------- scripted rollouts
def test_scripted_rollouts_play_the_games_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every rollout step is the game's policy, given the search's own generator."""
    monkeypatch.setattr(game_class("tictactoe"), "rollout_policy", f"{__name__}:last_legal")
    st = meeple.load("tictactoe").new_state()
    st.apply("mark b2")
    CALLS.clear()
    agent = make("mcts:40:scripted:full", seed=1)
    assert isinstance(agent, MCTSAgent)
    agent.choose(InfoSet(st, st.to_act))
    assert len(CALLS) >= 40  # each iteration rolls out to the end by the policy
    again = make("mcts:40:scripted:full", seed=1)
    assert isinstance(again, MCTSAgent)
    again.choose(InfoSet(st, st.to_act))
    assert again.last_stats == agent.last_stats
    assert rollout_policy(InfoSet(st, 0)) is last_legal  # imported once, then kept


def test_scripted_rollouts_are_refused_where_the_game_has_no_policy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The refusal names the games that have a policy, so the player can choose another."""
    agent = make("mcts:40:scripted", seed=1)
    with pytest.raises(ConfigError, match="fan has no rollout policy"):
        agent.choose(InfoSet(Fan().new_state(), 0))
    with pytest.raises(ConfigError, match="tictactoe has no rollout policy"):
        make("mcts:40:scripted", game="tictactoe")  # refused when the seat is given
    make("mcts:40", game="tictactoe")
    monkeypatch.setattr(game_class("tictactoe"), "rollout_policy", f"{__name__}:last_legal")
    with pytest.raises(ConfigError, match=r"games that have one: .*tictactoe"):
        agent.choose(InfoSet(Fan().new_state(), 0))
    make("mcts:40:scripted", game="tictactoe")
    monkeypatch.setattr(game_class("tictactoe"), "rollout_policy", "")
    monkeypatch.setattr(game_class("tictactoe"), "search_hints", "scripted")
    with pytest.raises(ConfigError, match="tictactoe has no rollout policy"):
        make("mcts:40", game="tictactoe")  # nor when the game's hints ask for it
    make("mcts:40:random", game="tictactoe")
    monkeypatch.setattr(game_class("tictactoe"), "search_hints", "")
    with pytest.raises(ConfigError, match="tictactoe has no rollout policy"):
        make("mcts:40:p1", game="tictactoe")  # close calls left to a plan it does not have


# ------------------------------------------------------------------------------ widening
def opened(spec: str, seed: int = 0) -> int:
    agent = make(spec, seed=seed)
    assert isinstance(agent, MCTSAgent)
    agent.active = agent.config
    root = agent.search(InfoSet(Fan().new_state(seed=seed), 0))
    return len(root.children[0])


def test_widening_holds_a_wide_root_to_the_square_root_of_its_visits() -> None:
    """Without widening 100 iterations open all 30 numbers; with ``w1`` at most 1 + 1 *
    sqrt(100) = 11, with ``w2`` at most 21."""
    assert opened("mcts:100:full") == WIDTH
    assert opened("mcts:100:full:w1") <= 11
    assert 11 < opened("mcts:100:full:w2") <= 21


def test_widening_still_finds_the_best_numbers() -> None:
    """With the root held narrow, the search still prefers a number that wins more often."""
    for seed in range(4):
        agent = make("mcts:400:full:w1", seed=seed)
        assert isinstance(agent, MCTSAgent)
        picked = agent.choose(InfoSet(Fan().new_state(seed=seed), 0))
        assert picked[1] % 10 >= 4  # wins on 1..2 or better (FAN-2)


# --------------------------------------------------------------- replaying a time budget
def positions(game_id: str, count: int) -> list[State]:
    """Mid-game positions with a choice to make, by random play from fixed seeds."""
    out: list[State] = []
    seed = 0
    while len(out) < count:
        st = meeple.load(game_id).new_state(seed=seed)
        chooser = random.Random(seed)
        for _ in range(40):
            if st.is_over:
                break
            st.apply(chooser.choice(st.legal_actions()))
        if not st.is_over and len(st.legal_actions()) > 1:
            out.append(st)
        seed += 1
    return out


@pytest.mark.parametrize("game_id", ["heavens", "catacombs"])
def test_a_timed_decision_replays_with_its_iteration_count(game_id: str) -> None:
    """A time-budgeted search stops after some number of iterations; the same agent seed with
    that number as its iteration budget searches the same tree and plays the same move."""
    for i, st in enumerate(positions(game_id, 2)):
        seat = st.to_act
        assert seat is not None
        timed = make("mcts@0.05s", seed=i)
        assert isinstance(timed, MCTSAgent)
        played = timed.choose(InfoSet(st, seat))
        n = timed.last_iterations
        if n == 0:  # one move to weigh (the game's search_moves may leave one): no search
            assert len(timed.last_stats) == 1
            continue
        replayed = make(f"mcts:{n}", seed=i)
        assert isinstance(replayed, MCTSAgent)
        assert replayed.choose(InfoSet(st, seat)) == played
        assert replayed.last_stats == timed.last_stats


def test_a_timed_game_replays_decision_by_decision() -> None:
    """An agent's generator runs on across decisions: a record keeping each decision's
    iteration count replays the whole game with budgets of those counts."""
    game = meeple.load("heavens")
    timed = make("mcts@0.02s", seed=5)
    assert isinstance(timed, MCTSAgent)
    st = game.new_state(seed=5)
    played: list[tuple[Action, int]] = []
    while st.to_act is not None and len(played) < 12:
        a = timed.choose(InfoSet(st, st.to_act))
        played.append((a, timed.last_iterations))
        st.apply(a)
    again = make("mcts:1", seed=5)
    assert isinstance(again, MCTSAgent)
    st = game.new_state(seed=5)
    for a, n in played:
        again.config = replace(again.config, iterations=max(n, 1), seconds=None)
        assert st.to_act is not None
        assert again.choose(InfoSet(st, st.to_act)) == a
        st.apply(a)


# ------------------------------------------------------------------- the search's savings
@pytest.mark.parametrize("game_id", ["heavens", "andor", "catacombs", "tictactoe"])
def test_leaves_are_valued_as_each_seat_would_be(game_id: str) -> None:
    """One pass for every seat (``_evaluate_all``) gives each seat its own value; a finished
    game's result is read once and still gives 1, 0 or a draw per seat."""
    for st in positions(game_id, 3) if game_id != "tictactoe" else []:
        assert values(st) == [value(st, s) for s in range(st.players)]
    st = meeple.load(game_id).new_state(seed=2)
    chooser = random.Random(2)
    while st.to_act is not None:
        st.apply(chooser.choice(st.legal_actions()))
    assert values(st) == [st.evaluate(s) for s in range(st.players)]


@pytest.mark.parametrize("game_id", ["heavens", "catacombs", "myth"])
def test_a_greedy_rollout_step_is_the_greedy_move(game_id: str) -> None:
    """``greedy_step`` continues on the clone it valued: the very state ``greedy_action``
    and ``apply`` reach, with the same generator draws."""
    for st in positions(game_id, 3):
        a, b = st.determinize(0, 7), st.determinize(0, 7)
        ra, rb = Rng(11), Rng(11)
        a.apply(greedy_action(a, ra))
        stepped = greedy_step(b, rb)
        assert stepped.to_json() == a.to_json() and ra.state == rb.state
