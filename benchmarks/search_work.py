"""The game work a search iteration asks for, counted, and iterations per CPU second.

    PYTHONPATH=<checkout>/src python benchmarks/search_work.py [GAME ...] [--spec mcts:400]
        [--positions 5] [--policy module:function]

Counts are what no machine load changes: calls per iteration of the state's ``_legal_actions``,
``_apply``, ``_evaluate_all`` (a leaf read for every seat), ``_evaluate`` (one seat's reading:
a game that shares the work between seats in ``_evaluate_all`` shows none), ``clone`` and
``_determinize`` over ``--positions`` mid-game
positions (120 random actions from seeds 0, 1, …; tic-tac-toe after 2), one decision of
``--spec`` on each. Iterations per CPU second (``time.process_time``) come from a second,
uncounted pass. Run it once per checkout to compare two versions; ``--policy`` sets the game's
``rollout_policy`` for the run (to try ``mcts:N:scripted`` on a policy the game does not name
yet; its function takes ``(state, rng)``).
"""

from __future__ import annotations

import argparse
import collections
import random
import time
from collections.abc import Callable
from typing import Any

import meeple
from meeple.agents import InfoSet, MCTSAgent, make
from meeple.core import State, game_class

HOOKS = ("_legal_actions", "_apply", "_evaluate_all", "_evaluate", "clone", "_determinize")


def positions(game_id: str, count: int) -> list[State]:
    """Positions with a choice to make, after random play from fixed seeds."""
    game = meeple.load(game_id)
    depth = 2 if game_id == "tictactoe" else 120
    out: list[State] = []
    seed = 0
    while len(out) < count:
        st = game.new_state(seed=seed)
        chooser = random.Random(seed)
        for _ in range(depth):
            if st.is_over:
                break
            st.apply(chooser.choice(st.legal_actions()))
        if not st.is_over and len(st.legal_actions()) > 1:
            out.append(st)
        seed += 1
    return out


def decide(states: list[State], spec: str) -> tuple[int, float]:
    """Iterations and CPU seconds of one decision of ``spec`` on each state."""
    iterations, seconds = 0, 0.0
    for i, st in enumerate(states):
        agent = make(spec, seed=i)
        assert isinstance(agent, MCTSAgent) and st.to_act is not None
        start = time.process_time()
        agent.choose(InfoSet(st, st.to_act))
        seconds += time.process_time() - start
        iterations += agent.last_iterations
    return iterations, seconds


def counted(cls: type[State], counts: collections.Counter[str]) -> None:
    """Wrap the hooks of ``cls`` so that every call is counted."""
    for name in HOOKS:
        fn: Callable[..., Any] | None = getattr(cls, name, None)
        if fn is None:  # an older checkout without this hook
            continue

        def wrapper(*args: Any, _fn: Callable[..., Any] = fn, _name: str = name,
                    **kwargs: Any) -> Any:
            counts[_name] += 1
            return _fn(*args, **kwargs)

        setattr(cls, name, wrapper)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=["tictactoe", "grabhit", "catacombs",
                                                     "heavens", "myth", "andor"])
    parser.add_argument("--spec", default="mcts:400")
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--policy", default="", help="the game's rollout_policy for this run")
    args = parser.parse_args()
    print(f"| game | spec | it / CPU s | {' | '.join(HOOKS)} (per iteration) |")
    print("|---|---|---|" + "---|" * len(HOOKS))
    for game_id in args.games:
        if args.policy:
            game_class(game_id).rollout_policy = args.policy
        states = positions(game_id, args.positions)
        iterations, seconds = decide(states, args.spec)
        counts: collections.Counter[str] = collections.Counter()
        counted(meeple.load(game_id).state_class, counts)
        n, _ = decide(states, args.spec)
        cells = " | ".join(f"{counts[h] / n:.2f}" for h in HOOKS)
        print(f"| {game_id} | {args.spec} | {iterations / seconds:,.0f} | {cells} |", flush=True)


if __name__ == "__main__":
    main()
