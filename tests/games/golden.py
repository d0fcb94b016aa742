"""Golden playthroughs: a game from a fixed seed with random choices from a fixed generator,
so the same code always plays the same game. A test pins its length, its legal-action counts and
its result; a change that alters them on purpose pins the new figures (and bumps the game's
``version`` if old records no longer replay)."""

from __future__ import annotations

import random

import meeple


def playthrough(game: str, players: int, seed: int, *, choices: int | None = None,
                steps: int | None = None) -> tuple[meeple.State, list[int]]:
    """The game ``game`` from ``seed`` with choices drawn by ``random.Random(choices)`` (the
    seed again when None), for at most ``steps`` actions; and how many actions were legal at
    each decision."""
    s = meeple.load(game, players=players).new_state(seed=seed)
    chooser = random.Random(seed if choices is None else choices)
    counts: list[int] = []
    while not s.is_over and (steps is None or len(counts) < steps):
        legal = s.legal_actions()
        counts.append(len(legal))
        s.apply(chooser.choice(legal))
    return s, counts
