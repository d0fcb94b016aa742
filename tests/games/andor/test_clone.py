"""Clones: what a clone shares with its original is never changed in place."""

from __future__ import annotations

import json
import random

import meeple
from meeple.core.cloning import copier_source
from meeple.core.serial import encode
from meeple.games.andor.state import AndorState


def fields(s: AndorState) -> str:
    return json.dumps(encode(s.to_json()["fields"]), sort_keys=True)


def test_playing_a_clone_on_never_changes_the_original() -> None:
    for seed, players in ((1, 1), (2, 2), (3, 3), (4, 4), (5, 2)):
        s = meeple.load("andor", players=players).new_state(seed=seed)
        assert isinstance(s, AndorState)
        chooser = random.Random(seed)
        while not s.is_over and s.n_actions < 250:
            before = fields(s)
            twin = s.clone()
            for _ in range(3):
                if twin.is_over:
                    break
                twin.apply(chooser.choice(twin.legal_actions()))
            assert fields(s) == before
            s.apply(chooser.choice(s.legal_actions()))


def test_clone_copies_only_flat_containers() -> None:
    """A fight is a flat dict and decisions are immutable: the copier never walks them
    generically."""
    source = copier_source(AndorState)
    assert "copy_data" not in source
    assert "f['fight'].copy()" in source and "f['decisions'][:]" in source
