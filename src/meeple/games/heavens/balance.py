"""A greedy heuristic player and the balance simulation of the pantheons.

The player looks one decision ahead: it tries every legal action on a clone and keeps the one
whose position scores best for its side (bases, health and rings on the Heavens, how close its
characters stand to the enemy base, characters still to come). Equal players on both sides
measure how fair the pantheon pairings and the first move are::

    python -m meeple.games.heavens.balance 100
"""

from __future__ import annotations

import random
import sys
from collections import Counter

import meeple
from meeple.core import Action

from .effects import ARM, ATK, HEX, HP, PSN, STUN
from .state import HeavensState


def score(st: HeavensState, side: int) -> float:
    """How good the position is for ``side``."""
    if st.is_over:
        w = st.winner
        return 1e6 if w == side else (-1e6 if w in (0, 1) else 0.0)
    g, b = st.game, st.board
    total = 6.0 * (st.base_hp[side] - st.base_hp[1 - side])
    for c, u in st.units.items():
        if u[6]:
            continue
        sign = 1.0 if g.card_side[c] == side else -1.0
        enemy_base = b.base[1 - g.card_side[c]]
        value = (8.0 + 2.0 * u[HP] + 3.0 * u[ARM] + 3.0 * u[ATK] - 2.5 * u[PSN]
                 - (4.0 if u[STUN] >= 0 else 0.0) - (4.0 if u[HEX] in st.trap else 0.0)
                 - 0.8 * b.dist[u[HEX]][enemy_base])
        total += sign * value
    for s in (0, 1):
        sign = 1.0 if s == side else -1.0
        waiting = sum(1 for c in st.deck[s] if g.is_char[c]) + sum(
            1 for seat in g.team[s] for c in st.hands[seat] if g.is_char[c])
        total += sign * (3.0 * waiting + 1.0 * sum(len(st.hands[x]) for x in g.team[s]))
    return total


def greedy(st: HeavensState, rng: random.Random) -> Action:
    """The legal action with the best one-step score (ties broken at random)."""
    seat = st.to_act
    assert seat is not None
    side = st.game.side_of[seat]
    best: list[Action] = []
    top = -1e18
    for a in st.legal_actions():
        nxt = st.clone()
        nxt.apply(a)
        v = score(nxt, side)
        if v > top + 1e-9:
            top, best = v, [a]
        elif v > top - 1e-9:
            best.append(a)
    return rng.choice(best)


def play(pa: str, pb: str, seed: int, max_rounds: int = 40, players: int = 2) -> HeavensState:
    """One game between two greedy sides."""
    game = meeple.load("heavens", players=players, options={
        "pantheon_a": pa, "pantheon_b": pb, "max_rounds": max_rounds})
    st = game.new_state(seed=seed)
    assert isinstance(st, HeavensState)
    rng = random.Random(seed)
    while not st.is_over:
        st.apply(greedy(st, rng))
    return st


def main(games: int) -> None:
    """Every ordered pairing of pantheons, ``games`` games each."""
    pans = ("greek", "norse", "egyptian")
    first_wins = decided = 0
    for i, pa in enumerate(pans):
        for pb in pans[i + 1:]:
            tally: Counter[str] = Counter()
            reasons: Counter[str] = Counter()
            for k in range(games):
                a, b = (pa, pb) if k % 2 == 0 else (pb, pa)
                st = play(a, b, seed=k)
                reasons[st.reason] += 1
                if st.winner in (0, 1):
                    tally[st.game.pantheon_ids[st.winner]] += 1
                    decided += 1
                    first = st.game.side_of[st.game.order[st.start_pos]]
                    first_wins += st.winner == first
                else:
                    tally["draw"] += 1
            print(f"{pa} v {pb}: {dict(tally)} {dict(reasons)}", flush=True)
    print(f"first player won {first_wins} of {decided} decided games")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
