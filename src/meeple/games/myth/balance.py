"""Balance simulation: ``python -m meeple.games.myth.balance [games] [players]``.

Plays the rule-of-thumb policy in every seat and reports each hero's win rate, how games
ended and how long they lasted. Heroes are dealt at random, so every hero plays every seat.
"""

from __future__ import annotations

import sys
from collections import Counter

from meeple.sim.stats import wilson

from .policy import choose
from .rules import MythGame
from .state import MythState


def simulate(games: int, players: int, seed: int = 0) -> dict[str, object]:
    """Win rate per hero (with its 95 % Wilson interval), end reasons and turn counts over
    ``games`` policy games."""
    wins: Counter[str] = Counter()
    plays: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    turns: list[int] = []
    g = MythGame(players=players)
    for i in range(games):
        st = g.new_state(seed=seed + i)
        assert isinstance(st, MythState)
        while st.to_act is not None:
            st.apply(choose(st))
        r = st.result()
        reasons[r.reason] += 1
        turns.append(r.turns)
        for s in range(players):
            plays[st.hero[s]] += 1
            if s in r.winners:
                wins[st.hero[s]] += 1.0 / len(r.winners)  # type: ignore[assignment]
    turns.sort()
    return {
        "win_rate": {h: round(wins[h] / plays[h], 3) for h in sorted(plays)},
        "interval95": {h: tuple(round(x, 2) for x in wilson(round(wins[h]), plays[h]))
                       for h in sorted(plays)},
        "expected": round(1 / players, 3),
        "reasons": dict(reasons),
        "turns": {"min": turns[0], "median": turns[len(turns) // 2], "max": turns[-1]},
    }


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for players in ([int(sys.argv[2])] if len(sys.argv) > 2 else [2, 3, 4]):
        print(players, simulate(games, players))


if __name__ == "__main__":
    main()
