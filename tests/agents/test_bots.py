"""The bots: fair (never read hidden state), deterministic, legal, and stronger than random.

Relay, a tiny cooperative game with chance and out-of-turn decisions, is defined here:
RLY-1  Two seats share a counter starting at 0; six decisions are taken by seats 0, 0, 1, 0,
       1, 1 in that order (the decider is not simply the next seat).
RLY-2  ``up`` adds 1 unless a die shows 1 (the push slips); ``down`` takes 1 off; ``stay``
       does nothing.
RLY-3  After the sixth decision the team wins together if the counter is at least 4, else
       both lose.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

import meeple
from meeple.agents import (
    CheatInfoSet,
    GreedyAgent,
    InfoSet,
    MCTSAgent,
    explain,
    info_set,
    make,
)
from meeple.agents.evaluation import has_heuristic, value, values
from meeple.agents.mcts import DEFAULT_DEPTH, DEFAULT_ITERATIONS, DEFAULT_SECONDS, parse_spec
from meeple.cli import main
from meeple.core import Action, ConfigError, Game, Result, State, game_class, game_ids
from meeple.sim import play
from meeple.sim.arena import arena, seating
from meeple.tui import Session

ORDER = (0, 0, 1, 0, 1, 1)
TARGET = 4
MOVES = (Action("up", 1), Action("stay", 0), Action("down", -1))


class RelayState(State):
    """The shared counter and how many decisions have been taken."""

    counter: int
    step: int

    def _setup(self) -> None:
        self.counter = 0
        self.step = 0
        self.to_act = ORDER[0]

    def _legal_actions(self) -> list[Action]:
        return list(MOVES)

    def _apply(self, action: Action) -> None:
        if action[1] == 1:
            roll = self.rng.randint(1, 6)
            self._emit("roll", value=roll)
            if roll != 1:  # RLY-2
                self.counter += 1
        else:
            self.counter += action[1]
        self.step += 1
        self.to_act = ORDER[self.step] if self.step < len(ORDER) else None

    def _result(self) -> Result:
        won = self.counter >= TARGET  # RLY-3
        score = float(self.counter)
        return Result((0, 1) if won else (), (score, score), self.step,
                      "target" if won else "short", f"Counter {self.counter}.")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "relay", "step": "push", "counter": self.counter,
                "decisions": self.step}


class Relay(Game[RelayState]):
    """Push a shared counter to the target together."""

    id = "relay"
    name = "Relay"
    min_players = max_players = 2
    cooperative = True
    state_class = RelayState


# ------------------------------------------------------------------ helpers
def template_state(players: int = 3, seed: int = 11, moves: int = 0) -> State:
    state: State = meeple.load("_template", players=players).new_state(seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        state.apply(chooser.choice(state.legal_actions()))
    return state


def plant_marker(state: State, seat: int) -> State:
    """A copy where ``seat``'s hidden hand holds the best unseen cards and the rest move about.

    What the observer (seat 0) knows is unchanged: the same cards are unseen, only where they
    lie differs.
    """
    planted: Any = state.clone()
    hidden = [s for s in range(planted.players) if s not in (0,)]
    pool = sorted([c for s in hidden for c in planted.hands[s]] + planted.pile, reverse=True)
    sizes = {s: len(planted.hands[s]) for s in hidden}
    i = 0
    for s in [seat] + [h for h in hidden if h != seat]:
        planted.hands[s] = pool[i:i + sizes[s]]
        i += sizes[s]
    planted.pile = list(reversed(pool[i:]))
    return planted  # type: ignore[no-any-return]


# ------------------------------------------------------------------ fairness
BOTS = ["mcts:300", "mcts:150:greedy", "mcts:200:d1", "mcts:200:d1:z2", "mcts:200:d1:seen",
        "greedy", "greedy:3"]


@pytest.mark.parametrize("moves", [0, 3])
@pytest.mark.parametrize("spec", BOTS)
def test_bot_never_reads_another_seats_hidden_hand(spec: str, moves: int) -> None:
    state = template_state(moves=moves)
    planted = plant_marker(state, seat=1)
    assert planted.view(0) == state.view(0)
    assert planted.to_json() != state.to_json()  # the hidden hands really differ
    assert state.to_act == 0
    a, b = make(spec, seed=5), make(spec, seed=5)
    assert a.choose(InfoSet(state, 0)) == b.choose(InfoSet(planted, 0))
    assert explain(a) == explain(b)
    if isinstance(a, MCTSAgent):
        assert isinstance(b, MCTSAgent)  # the same spec makes the same kind of agent
        assert a.last_stats == b.last_stats
        assert a.last_settled == b.last_settled
        assert a.last_iterations == 300 or a.last_iterations == b.last_iterations


def test_the_marker_test_would_catch_a_bot_that_sees_everything() -> None:
    state = template_state(players=2, seed=3)  # seat 0 holds 6 points, seat 1 only 4
    planted = plant_marker(state, seat=1)  # now seat 1 holds 8
    a, b = make("mcts-cheat:300", seed=5), make("mcts-cheat:300", seed=5)
    assert isinstance(a, MCTSAgent) and isinstance(b, MCTSAgent)
    a.choose(CheatInfoSet(state, 0))
    b.choose(CheatInfoSet(planted, 0))
    assert a.last_stats != b.last_stats
    assert a.last_stats[0].value == 1.0 and b.last_stats[0].value == 0.0


def test_search_leaves_the_true_state_untouched() -> None:
    state = template_state(moves=3)
    before = json.dumps(state.to_json())
    make("mcts:200", seed=1).choose(InfoSet(state, 0))
    assert json.dumps(state.to_json()) == before


def test_mcts_cheat_refuses_a_fair_info_set() -> None:
    agent = make("mcts-cheat:10")
    with pytest.raises(ConfigError, match="CheatInfoSet"):
        agent.choose(InfoSet(template_state(), 0))
    assert isinstance(info_set(agent, template_state(), 0), CheatInfoSet)
    assert not isinstance(info_set(make("mcts:10"), template_state(), 0), CheatInfoSet)


# ------------------------------------------------------------------ determinism
@pytest.mark.parametrize("game", ["tictactoe", "_template"])
@pytest.mark.parametrize("spec", ["mcts:200", "mcts:100:greedy", "greedy"])
def test_same_seed_same_game_whatever_the_global_random(game: str, spec: str) -> None:
    g = meeple.load(game)
    random.seed(1)
    first = play(g, [spec, "random"], seed=3)
    random.seed(2)
    second = play(g, [spec, "random"], seed=3)
    assert first.to_json() == second.to_json()


def test_same_seed_same_search_statistics() -> None:
    state = meeple.load("tictactoe").new_state()
    state.apply("mark b2")
    a, b = MCTSAgent(seed=8, config=parse_spec("400")), MCTSAgent(8, parse_spec("400"))
    random.seed(99)
    assert a.choose(InfoSet(state, 1)) == b.choose(InfoSet(state, 1))
    assert a.last_stats == b.last_stats and a.last_iterations == 400


# ------------------------------------------------------------------ legality
class LegalOnly:
    """Wraps an agent and checks each choice is among the legal actions offered."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name = agent.name
        self.sees_everything = getattr(agent, "sees_everything", False)
        self.checked = 0

    def choose(self, info: InfoSet) -> Action:
        action: Action = self.agent.choose(info)
        assert action in info.legal_actions()
        self.checked += 1
        return action


@pytest.mark.parametrize(("game", "players"), [("tictactoe", 2), ("_template", 3),
                                               ("_template", 4)])
@pytest.mark.parametrize("spec", ["greedy", "mcts:60", "mcts:40:greedy:d3", "mcts-cheat:60"])
def test_bots_choose_only_legal_actions(game: str, players: int, spec: str) -> None:
    g = meeple.load(game, players=players)
    for seed in range(2):
        seats = [LegalOnly(make(spec, seed=seed + i)) for i in range(players)]
        final = play(g, seats, seed=seed)
        assert final.is_over
        assert sum(s.checked for s in seats) == final.n_actions


# ------------------------------------------------------------------ strength
def test_mcts_beats_random_at_tictactoe() -> None:
    report = arena("tictactoe", ["mcts:400", "random"], games=10, seed=0)
    mcts, rnd = report["agents"]
    assert mcts["wins"] >= 8
    assert rnd["wins"] == 0


def test_greedy_takes_an_immediate_win() -> None:
    state = meeple.load("tictactoe").new_state()
    for cell in ("a1", "a2", "b1", "b2"):
        state.apply(f"mark {cell}")
    assert str(GreedyAgent(seed=4).choose(InfoSet(state, 0))) == "mark c1"


# ------------------------------------------------------------------ cooperation
def relay_wins(spec: str, games: int = 12) -> int:
    g = Relay()
    wins = 0
    for seed in range(games):
        final = play(g, [spec, spec], seed=seed)
        assert final.result().winners in ((), (0, 1))
        wins += bool(final.result().winners)
    return wins


def test_bot_team_wins_a_cooperative_game_a_random_team_loses() -> None:
    assert relay_wins("mcts:200") >= 10
    assert relay_wins("random") <= 2


def test_out_of_turn_seat_pushes_for_the_team() -> None:
    state = Relay().new_state(seed=1)
    for _ in range(4):  # seats 0, 0, 1, 0 push
        state.apply("stay")
    assert state.to_act == 1
    agent = MCTSAgent(seed=2, config=parse_spec("300"))
    assert str(agent.choose(InfoSet(state, 1))) == "up"


# ------------------------------------------------------------------ evaluation
def test_fallback_ranks_seats_by_the_scores_the_result_would_report() -> None:
    state: Any = template_state(players=3, moves=3)
    vals = values(state)
    assert all(0.25 <= v <= 0.75 for v in vals)
    leader = max(range(3), key=lambda s: state.scores[s])
    if len(set(state.scores)) == 3:
        assert vals[leader] == 0.75 and min(vals) == 0.25


class HopefulRelayState(RelayState):
    def _evaluate(self, seat: int) -> float:
        return self.counter / 6


class BrokenResultRelayState(RelayState):
    def _result(self) -> Result:
        if self.to_act is not None:
            raise AttributeError("no result before the end")
        return super()._result()


def test_a_games_own_heuristic_comes_before_the_fallback() -> None:
    state = Relay().new_state()
    state.__class__ = HopefulRelayState
    state.apply("stay")
    state.apply("stay")
    assert has_heuristic(state) and values(state) == [0.0, 0.0]
    state.__class__ = BrokenResultRelayState
    assert not has_heuristic(state) and values(state) == [0.5, 0.5]
    assert value(state, 1) == 0.5


@pytest.mark.parametrize("game", game_ids(hidden=True))
def test_every_games_values_stay_between_zero_and_one(game: str) -> None:
    cls = game_class(game)
    state = meeple.load(game, players=max(2, cls.min_players)).new_state(seed=5)
    chooser = random.Random(5)
    n = 0
    while not state.is_over:
        if n % 7 == 0:
            assert all(0.0 <= v <= 1.0 for v in values(state))
        state.apply(chooser.choice(state.legal_actions()))
        n += 1
    assert values(state) == [state.evaluate(s) for s in range(state.players)]


# ------------------------------------------------------------------ specs
def test_budget_specs() -> None:
    assert parse_spec("800").iterations == 800 and parse_spec("800").seconds is None
    assert parse_spec("@2s").seconds == 2.0 and parse_spec("@2s").iterations is None
    assert parse_spec("@2").seconds == 2.0
    assert parse_spec("@500ms").seconds == 0.5
    both = parse_spec("800@1.5s")
    assert (both.iterations, both.seconds) == (800, 1.5)
    default = parse_spec(None)
    assert (default.iterations, default.seconds) == (DEFAULT_ITERATIONS, DEFAULT_SECONDS)
    assert parse_spec("greedy").iterations == DEFAULT_ITERATIONS
    cfg = parse_spec("200:greedy:d12:c1.2")
    assert (cfg.rollout, cfg.depth, cfg.exploration) == ("greedy", 12, 1.2)
    assert parse_spec("200:full").depth is None and parse_spec("200").depth == DEFAULT_DEPTH
    assert parse_spec("200").deterministic and not parse_spec("@1s").deterministic


@pytest.mark.parametrize("spec", ["mcts@2s", "mcts@2s:greedy", "mcts:800@2s:d5",
                                  "mcts-cheat@250ms"])
def test_time_budgets_build_through_make(spec: str) -> None:
    agent = make(spec)
    assert isinstance(agent, MCTSAgent) and agent.config.seconds is not None


@pytest.mark.parametrize("spec", ["mcts:abc", "mcts:0", "mcts:800:sideways", "mcts@-1s",
                                  "greedy:x", "greedy:0", "wizard"])
def test_bad_specs_are_config_errors(spec: str) -> None:
    with pytest.raises(ConfigError):
        make(spec)


def test_time_budget_search_runs() -> None:
    state = meeple.load("tictactoe").new_state()
    agent = make("mcts@50ms")
    assert isinstance(agent, MCTSAgent)
    agent.choose(InfoSet(state, 0))
    assert agent.last_iterations >= 1


# ------------------------------------------------------------------ explanations
def test_explain_lists_top_moves_with_visits() -> None:
    agent = make("mcts:300", seed=1)
    agent.choose(InfoSet(meeple.load("tictactoe").new_state(), 0))
    rows = explain(agent)
    assert 1 <= len(rows) <= 5
    assert all(why.startswith("tried in ") and "imagined games" in why for _, why in rows)
    visits = [int(why.split()[2]) for _, why in rows]
    assert visits == sorted(visits, reverse=True)
    chances = [int(why.rsplit(" ", 1)[1].rstrip("%")) for _, why in rows]
    assert all(0 <= c <= 100 for c in chances)


@pytest.mark.parametrize("spec", ["mcts:50", "greedy"])
def test_a_forced_move_is_explained_without_search(spec: str) -> None:
    state = meeple.load("tictactoe").new_state()
    for cell in ("a1", "b1", "a2", "c1", "b2", "c2", "b3", "a3"):
        state.apply(f"mark {cell}")
    assert len(state.legal_actions()) == 1
    agent = make(spec)
    assert str(agent.choose(InfoSet(state, state.to_act or 0))) == "mark c3"
    assert [(str(a), why) for a, why in explain(agent)] == [("mark c3", "the only legal action")]


def test_terminal_why_shows_the_bots_visit_counts(tmp_path: Path) -> None:
    out = io.StringIO()
    answers = iter(["mark b2", "why", "quit"])
    session = Session(meeple.load("tictactoe"), ["human", "mcts:200"], seed=1,
                      console=Console(file=out, width=100, color_system=None),
                      input_fn=lambda prompt: next(answers),
                      record_path=tmp_path / "game.json")
    session.run()
    text = out.getvalue()
    assert "Noughts (searching bot): Mark " in text
    assert "imagined games" in text and "chances" in text


# ------------------------------------------------------------------ arena
def test_arena_rotates_seats_and_reports_intervals() -> None:
    assert [seating(["a", "b"], i) for i in range(4)] == [("a", "b"), ("b", "a")] * 2
    report = arena("_template", ["greedy", "random", "random"], games=6, seed=2)
    assert report["games"] == 6 and [a["spec"] for a in report["agents"]] == ["greedy",
                                                                              "random"]
    for a in report["agents"]:
        lo, hi = a["ci95"]
        assert 0 <= lo <= a["win_rate"] <= hi <= 1
    assert report["mean_actions"] > 0
    played = report["played"]
    assert [g["seed"] for g in played] == [2, 2, 2, 3, 3, 3]
    assert [g["seats"][0] for g in played[:3]] == ["greedy", "random", "random"]
    greedy_wins = sum(any(g["seats"][w] == "greedy" for w in g["winners"]) for g in played)
    assert greedy_wins == report["agents"][0]["wins"]


def test_arena_command_json() -> None:
    args = ["arena", "tictactoe", "--seats", "mcts:50,random", "--games", "4", "--json"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    report = json.loads(first.stdout)  # each game is told on stderr
    assert report["seats"] == ["mcts:50", "random"] and report["games"] == 4
    again = json.loads(CliRunner().invoke(main, args).stdout)
    assert [a["wins"] for a in again["agents"]] == [a["wins"] for a in report["agents"]]


def test_arena_command_rejects_a_wrong_seat_count() -> None:
    result = CliRunner().invoke(main, ["arena", "tictactoe", "--seats", "random",
                                       "--players", "2"])
    assert result.exit_code != 0
    assert "2 seats need 2 agents" in result.output


def test_search_takes_what_the_spec_leaves_open_from_the_game_hints() -> None:
    """A game's ``search_hints`` fill the rollout, depth and settling margin a spec does not
    name; a spec that names them wins."""
    state = meeple.load("myth", players=2).new_state(seed=1)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.to_act
    assert seat is not None and type(state.game).search_hints == "scripted:d4:z1:p3"
    plain = make("mcts:3", seed=1)
    assert isinstance(plain, MCTSAgent)
    plain.choose(info_set(plain, state, seat))
    active = plain.active
    assert (active.rollout, active.depth, active.settle, active.prefer) == ("scripted", 4, 1.0, 3.0)
    own = make("mcts:3:random:d9:z0:p0", seed=1)
    assert isinstance(own, MCTSAgent)
    own.choose(info_set(own, state, seat))
    active = own.active
    assert (active.rollout, active.depth, active.settle, active.prefer) == ("random", 9, 0.0, 0.0)
    with pytest.raises(ConfigError):
        parse_spec("3").with_hints("800:greedy")
