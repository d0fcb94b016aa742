"""What the environments do: refuse a bad action and change nothing, reward by the result, end
on ``max_cycles``, seat bots and policies as opponents, run vectorised, save and resample."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import meeple
from meeple import rl


@pytest.mark.parametrize("bad", [9, -1, 2.0, True, "mark a1", None])
def test_an_action_outside_the_catalogue_is_refused_and_changes_nothing(bad: Any) -> None:
    env = rl.aec_env("tictactoe")
    env.reset(seed=1)
    env.step(4)
    before = env.state().to_json()
    with pytest.raises(meeple.IllegalAction, match="whole number from 0 to 8"):
        env.step(bad)
    assert env.state().to_json() == before and env.agent_selection == "seat_1"


def test_an_index_not_legal_now_is_refused_naming_the_legal_ones_and_changes_nothing() -> None:
    env = rl.aec_env("tictactoe")
    env.reset(seed=1)
    env.step(4)
    before = env.state().to_json()
    with pytest.raises(meeple.IllegalAction, match=r"mark b2.*not legal.*mark a1"):
        env.step(np.int32(4))
    assert env.state().to_json() == before


def test_the_winner_gets_one_the_loser_minus_one() -> None:
    env = rl.aec_env("tictactoe")
    env.reset(seed=1)
    for cell in (0, 3, 1, 4):
        env.step(cell)
    env.step(2)  # a1 b1 c1: X's row
    assert env.terminations == {"seat_0": True, "seat_1": True}
    assert env._cumulative_rewards == {"seat_0": 1.0, "seat_1": -1.0}
    assert env.infos["seat_1"]["result"]["winners"] == [0]


def test_a_draw_gives_nobody_anything() -> None:
    env = rl.aec_env("tictactoe")
    env.reset(seed=1)
    for cell in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        env.step(cell)
    assert all(env.terminations.values())
    assert env._cumulative_rewards == {"seat_0": 0.0, "seat_1": 0.0}


def test_a_cooperative_team_shares_its_result() -> None:
    env = rl.aec_env("andor", players=2, obs="json")
    env.reset(seed=3)
    totals: dict[str, float] = {}
    for agent in env.agent_iter(20_000):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert set(totals) == {"seat_0", "seat_1"} and len(set(totals.values())) == 1
    assert totals["seat_0"] in (1.0, -1.0)


def test_max_cycles_truncates_when_a_seat_is_due_its_next_decision() -> None:
    env = rl.aec_env("tictactoe", max_cycles=2)
    env.reset(seed=1)
    counts = {"seat_0": 0, "seat_1": 0}
    for agent in env.agent_iter():
        counts[agent] += 1
        _, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else [4, 0, 8, 2][env.state().n_actions])
    # two decisions each and the step a finished agent takes to leave
    assert counts == {"seat_0": 3, "seat_1": 3} and not env.agents


def test_the_gym_learner_meets_its_opponents_moves_between_its_own() -> None:
    env = rl.gym_env("tictactoe", seat=1, opponents="greedy")
    obs, _ = env.reset(seed=7)
    assert env.state().to_act == 1 and int(obs["action_mask"].sum()) == 8


def test_a_policy_sits_as_an_opponent_and_sees_its_own_seats_observation() -> None:
    seen: list[dict[str, Any]] = []

    def first_legal(observation: dict[str, Any]) -> int:
        seen.append(observation)
        return int(np.flatnonzero(observation["action_mask"])[0])

    env = rl.gym_env("tictactoe", opponents=first_legal, obs="json")
    env.reset(seed=1)
    env.step(4)
    assert seen and '"seat": 1' in seen[-1]["observation"]
    assert [a[0] for a in env.state().actions_taken()][:2] == ["mark b2", "mark a1"]


def test_reset_options_change_the_seat_and_the_opponents_and_refuse_others() -> None:
    env = rl.gym_env("tictactoe")
    env.reset(seed=1, options={"seat": 1, "opponents": "random"})
    assert env.seat == 1 and env.state().to_act == 1
    with pytest.raises(meeple.ConfigError, match="seat and opponents, not colour"):
        env.reset(seed=1, options={"colour": "red"})


def test_a_forfeit_on_an_illegal_action_ends_the_episode_only_when_asked() -> None:
    env = rl.gym_env("tictactoe", illegal="lose", opponents="random")
    env.reset(seed=1)
    env.step(4)
    taken = next(i for i in range(9) if env.action_masks()[i] == 0)
    _, reward, terminated, _, info = env.step(taken)
    assert (reward, terminated) == (-1.0, True) and info["illegal"].startswith("mark")


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_vector_environments_run_the_games(kind: str) -> None:
    fns = [lambda: rl.gym_env("tictactoe", opponents="random") for _ in range(3)]
    vec: gym.vector.VectorEnv[Any, Any, Any] = (
        gym.vector.SyncVectorEnv(fns) if kind == "sync" else gym.vector.AsyncVectorEnv(fns))
    try:
        obs, _ = vec.reset(seed=[1, 2, 3])  # type: ignore[arg-type]  # a seed per env
        ended = 0
        for _ in range(20):
            masks = obs["action_mask"]
            acts = np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in masks])
            obs, _, term, _, _ = vec.step(acts)
            ended += int(term.sum())
        assert obs["observation"].shape == (3, 28) and ended > 0
    finally:
        vec.close()


def test_the_state_saves_and_an_episode_starts_from_it() -> None:
    env = rl.aec_env("catacombs", obs="json")
    env.reset(seed=9)
    for _ in range(5):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    saved = env.state().to_json()
    other = rl.aec_env("catacombs", obs="json")
    other.reset(options={"state": saved})
    assert other.state().to_json() == saved and other.agent_selection == env.agent_selection
    with pytest.raises(meeple.ConfigError, match="of tictactoe"):
        rl.aec_env("myth").reset(options={"state": meeple.load("tictactoe").new_state(
            seed=1).to_json()})


def test_resample_gives_a_world_the_seat_cannot_tell_from_the_truth() -> None:
    env = rl.aec_env("myth", obs="json")
    env.reset(seed=2)
    world = env.resample(0, 5)
    assert world.view(0) == env.state().view(0)
    assert world.to_json() != env.state().to_json()


def test_shaping_rewards_the_change_of_the_seats_own_estimate() -> None:
    env = rl.aec_env("catacombs", obs="json", shaping=1.0)
    env.reset(seed=3)
    agent = env.agent_selection
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    plain = rl.aec_env("catacombs", obs="json")
    plain.reset(seed=3)
    plain.step(int(np.flatnonzero(plain.observe(agent)["action_mask"])[0]))
    assert env._cumulative_rewards[agent] != 0.0
    assert plain._cumulative_rewards[agent] == 0.0


@pytest.mark.parametrize(("option", "value", "says"), [
    ("obs", "pixels", "obs is one of tensor, planes, text, json"),
    ("lang", "de", "lang is en or ru"),
    ("history", -2, "history is a whole number"),
    ("max_cycles", 0, "max_cycles is a whole number"),
    ("render_mode", "human", "render_mode is None or 'ansi'"),
])
def test_a_bad_option_is_refused_with_what_is_allowed(option: str, value: Any,
                                                      says: str) -> None:
    with pytest.raises(meeple.ConfigError, match=says):
        rl.aec_env("tictactoe", **{option: value})


@pytest.mark.parametrize(("lang", "word"), [("en", "Your quests"), ("ru", "Ваши задания")])
def test_the_text_observation_is_the_seats_screen_in_its_language(lang: str, word: str) -> None:
    env = rl.gym_env("myth", obs="text", lang=lang, opponents="random")
    obs, info = env.reset(seed=1)
    assert word in obs["observation"]
    labels = dict(info["labels"])
    assert set(labels) == set(np.flatnonzero(obs["action_mask"]).tolist())
    assert all(label and "None" not in label for label in labels.values())


def test_the_ansi_render_is_the_seats_screen_in_its_language() -> None:
    env = rl.gym_env("tictactoe", lang="ru", obs="text", render_mode="ansi")
    obs, info = env.reset(seed=1)
    text = env.render()
    assert text is not None and "a1" in text
    assert [i for i, _ in info["labels"]] == list(np.flatnonzero(obs["action_mask"]))
