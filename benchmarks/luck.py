"""How much of a game is luck: a search that knows the future (measured, never asserted).

``mcts-cheat`` sees every hand and the deck order but re-rolls future chance. The *oracle*
here goes one step further: each of its samples is a clone of the true state with the true
random generator, so every spin, roll and draw it meets in its search is the one the game
will produce, as long as the same random calls come in the same order; only the opponents'
own choices stay unknown. No fair player can know more: when this search falls short of a
win rate against ``random`` at budgets past the point where more search stops helping, a
fair bot cannot be expected to reach that rate.

    PYTHONPATH=src python benchmarks/luck.py grabhit --games 100 --seed 3000 --jobs 2
    PYTHONPATH=src python benchmarks/luck.py grabhit --search 1000 --against greedy

Seats are rotated and the report is ``meeple arena``'s (win rates with 95% Wilson intervals,
endings, time per decision), with the oracle's seat named ``oracle``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from meeple.agents import CheatInfoSet, CheatMCTSAgent, info_set, make
from meeple.agents.mcts import parse_spec
from meeple.core import MeepleError, State, game_class
from meeple.sim.arena import Played, print_report, seating, summarise
from meeple.sim.runner import agent_seed

ORACLE = "oracle"


class OracleInfoSet(CheatInfoSet):
    """The true state with its true future chance: a yardstick of luck, never an opponent."""

    __slots__ = ()

    def sample(self, seed: int) -> State:
        """A clone of the true state, random generator included (``seed`` is unused)."""
        return self._state.clone()


def play(job: tuple[str, tuple[str, ...], str, int]) -> Played:
    """One game with the oracle in the seat named ``oracle``, timed like an arena game."""
    game_id, seats, search, seed = job
    game = game_class(game_id)(players=len(seats))
    agents = [CheatMCTSAgent(agent_seed(seed, i), parse_spec(search)) if s == ORACLE
              else make(s, agent_seed(seed, i)) for i, s in enumerate(seats)]
    oracle = seats.index(ORACLE)
    state = game.new_state(seed=seed)
    decisions = [0] * len(seats)
    forced = [0] * len(seats)
    think = [0.0] * len(seats)
    while state.to_act is not None:
        seat = state.to_act
        agent = agents[seat]
        info = (OracleInfoSet(state, seat) if seat == oracle
                else info_set(agent, state, seat))
        start = time.perf_counter()
        action = agent.choose(info)
        took = time.perf_counter() - start
        if len(state.legal_actions()) == 1:  # forced: counted apart, as the arena does
            forced[seat] += 1
        else:
            think[seat] += took
            decisions[seat] += 1
        state.apply(action)
    res = state.result()
    return Played(seed, seats, res.winners, state.n_actions, res.turns, res.reason,
                  tuple(decisions), tuple(think), tuple(forced))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game")
    p.add_argument("--against", default="random", help="the other seats' agent")
    p.add_argument("--search", default="300", help="the oracle's mcts spec (after 'mcts:')")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    try:  # bad names fail here, with the engine's message, before any game is played
        game = game_class(a.game)(players=a.players)
        make(a.against, 0)
        parse_spec(a.search)
    except MeepleError as e:
        sys.exit(f"luck.py: {e}")
    if a.games < 1:
        sys.exit("luck.py: --games must be at least 1")
    specs = [ORACLE] + [a.against] * (a.players - 1)
    jobs = [(a.game, seating(specs, i), a.search, a.seed + i // a.players)
            for i in range(a.games)]
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as pool:
            played = list(pool.map(play, jobs))
    else:
        played = [play(j) for j in jobs]
    report = summarise(a.game, a.players, dict(game.config), a.seed, specs, played,
                       game.cooperative)
    report["oracle"] = f"mcts:{a.search}"
    if a.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"oracle = mcts:{a.search} that knows the future chance")
        print_report(report)


if __name__ == "__main__":
    main()
