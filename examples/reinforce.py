"""A policy learnt from scratch with action masking, in plain numpy: REINFORCE with a baseline.

    python examples/reinforce.py tictactoe --minutes 1
    python examples/reinforce.py catacombs --minutes 5 --save catacombs-policy.npz

The learner takes seat 0 of ``meeple.rl.gym_env`` against the given opponent (``random`` by
default). Its policy is linear: a logit per action, ``W · observation + b``, masked to the legal
actions and turned into probabilities by softmax. After training it plays ``--games`` fresh
games and prints its win rate with a 95% Wilson interval beside a uniform random player's in the
same seat against the same opponent.

A saved policy sits at the table as a bot through :func:`meeple.rl.policy_agent`
(docs/rl.md, "A trained policy as a bot").
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from meeple import ConfigError, rl

Array = npt.NDArray[np.float64]


class LinearPolicy:
    """Masked softmax over ``W · x + b``; saved and loaded as an ``.npz`` file."""

    def __init__(self, n_obs: int, n_actions: int) -> None:
        self.w = np.zeros((n_actions, n_obs))
        self.b = np.zeros(n_actions)

    def probabilities(self, x: Array, mask: Array) -> Array:
        legal = np.flatnonzero(mask)
        z = self.w[legal] @ x + self.b[legal]
        p = np.exp(z - z.max())
        out = np.zeros(mask.size)
        out[legal] = p / p.sum()
        return out

    def __call__(self, observation: dict[str, Any]) -> int:
        """The most likely legal action: the policy as a player."""
        p = self.probabilities(observation["observation"].astype(np.float64),
                               observation["action_mask"])
        return int(np.argmax(p))

    def save(self, path: str) -> None:
        np.savez(path, w=self.w, b=self.b)

    @classmethod
    def load(cls, path: str) -> LinearPolicy:
        data = np.load(path)
        policy = cls(data["w"].shape[1], data["w"].shape[0])
        policy.w, policy.b = data["w"], data["b"]
        return policy


def episode(env: Any, policy: LinearPolicy, rng: np.random.Generator, seed: int
            ) -> tuple[list[tuple[Array, Array, int]], float]:
    """One game sampled from the policy: (observation, probabilities, action) per step, and
    the learner's return."""
    obs, _ = env.reset(seed=seed)
    steps, total, done = [], 0.0, False
    while not done:
        x = obs["observation"].astype(np.float64)
        p = policy.probabilities(x, obs["action_mask"])
        a = int(rng.choice(p.size, p=p))
        steps.append((x, p, a))
        obs, reward, terminated, truncated, _ = env.step(a)
        total += float(reward)
        done = terminated or truncated
    return steps, total


def train(env: Any, policy: LinearPolicy, seconds: float, lr: float, seed: int) -> int:
    """REINFORCE with a running-mean baseline until ``seconds`` pass; the episodes played."""
    rng, baseline, n = np.random.default_rng(seed), 0.0, 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        steps, ret = episode(env, policy, rng, seed + n)
        advantage = ret - baseline
        baseline += 0.02 * (ret - baseline)
        for x, p, a in steps:
            grad = -p
            grad[a] += 1.0  # d log p(a) / d logits, zero outside the legal actions
            policy.w += lr * advantage * np.outer(grad, x)
            policy.b += lr * advantage * grad
        n += 1
    return n


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def evaluate(env: Any, player: Any, games: int, seed: int) -> tuple[float, float, float]:
    """Win rate of ``player`` (a policy, or None for uniform random) and its interval."""
    rng, wins = np.random.default_rng(seed), 0
    for k in range(games):
        obs, _ = env.reset(seed=10_000_000 + seed + k)
        done, reward = False, 0.0
        while not done:
            if player is None:
                a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            else:
                a = player(obs)
            obs, reward, terminated, truncated, _ = env.step(a)
            done = terminated or truncated
        wins += reward > 0
    lo, hi = wilson(wins, games)
    return wins / games, lo, hi


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="tictactoe")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", default="")
    args = parser.parse_args()
    env = rl.gym_env(args.game, opponents=args.opponent)
    n_obs = env.observation_space["observation"].shape[0]
    policy = LinearPolicy(n_obs, int(env.action_space.n))
    played = train(env, policy, args.minutes * 60, args.lr, args.seed)
    if args.save:
        policy.save(args.save)
    mine = evaluate(env, policy, args.games, args.seed)
    base = evaluate(env, None, args.games, args.seed)
    print(f"{args.game}: trained on {played} games against {args.opponent}")
    print(f"  learnt policy wins {mine[0]:.1%} [{mine[1]:.1%}, {mine[2]:.1%}] of {args.games}")
    print(f"  uniform random wins {base[0]:.1%} [{base[1]:.1%}, {base[2]:.1%}] of {args.games}")


def bot(argument: str | None, seed: int) -> rl.PolicyAgent:
    """A saved policy as a meeple bot (``factory(argument, seed)`` of the ``meeple.bots`` entry
    points), read from the file ``MEEPLE_POLICY`` names. The file is the operator's to choose:
    the argument after the bot's name comes from whoever writes the seat's spec (a stranger,
    in a server's lobby), so it never names a file."""
    import os
    if argument:
        raise ConfigError(f"reinforce takes no argument (got {argument[:24]!r}): the server's "
                          "MEEPLE_POLICY names its policy file")
    path = os.environ.get("MEEPLE_POLICY", "")
    if not path:
        raise ConfigError("set MEEPLE_POLICY to the policy file (.npz) this bot plays")
    return rl.PolicyAgent(LinearPolicy.load(path), name="reinforce")


if __name__ == "__main__":
    main()

