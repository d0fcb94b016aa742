"""Scenario builders for Grab and Hit tests: real states, put where a rule applies."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import meeple
from meeple.components.wheel import Wheel
from meeple.core import Rng
from meeple.games.grabhit import phases
from meeple.games.grabhit import turn as turns
from meeple.games.grabhit.content import tables
from meeple.games.grabhit.decisions import BuyLocation, KeepWeapon, ShieldCheck
from meeple.games.grabhit.state import GrabHitState
from meeple.games.grabhit.turn import Phase

T = tables()
ADVS = ["Ashir", "Violet", "Victor", "Garret", "Devite", "Rene", "Torsher", "Elizabeth"]


def card(cid: str, n: int = 0) -> int:
    """The id of the n-th physical card whose content id is ``cid``."""
    return [c.id for c in T.cards if c.entry.id == cid][n]


def sector(value: int, colour: str | None = None) -> int:
    """The index of a wheel sector with these coins (and this first colour)."""
    for i, s in enumerate(T.sectors):
        if s.value == value and (colour is None or s.colours[0] == colour):
            return i
    raise KeyError((value, colour))


def new(players: int = 4, advs: list[str] | None = None, seed: int = 0,
        **options: Any) -> GrabHitState:
    """A game after every seat chose its adventurer (seat order), at the first turn."""
    st = meeple.load("grabhit", players=players, options=options).new_state(seed=seed)
    for name in (advs or ADVS)[:players]:
        st.apply(f"choose {name}")
    assert isinstance(st, GrabHitState)
    return st


class RiggedWheel(Wheel):
    """A wheel that stops on the sectors queued (in order), drawing nothing from the rng."""

    def __init__(self, queue: list[int]) -> None:
        super().__init__(T.wheel.sectors)
        self.queue = queue

    def spin(self, rng: Rng) -> int:
        return self.queue.pop(0)


def rig(st: GrabHitState, *sectors: int) -> None:
    """Make the next spins stop on these sectors (in order)."""
    game = copy.copy(st.game)
    game.content = dataclasses.replace(T, wheel=RiggedWheel(list(sectors)))
    st.game = game


def turn(st: GrabHitState, seat: int, phase: Phase = "free", sector_index: int = 2) -> None:
    """Put the game at ``seat``'s given phase with a fresh turn."""
    st.active = seat
    turns.new_turn(st)
    st.phase = phase
    st.sector = sector_index
    st.decisions.clear()
    st._legal = None
    phases.advance(st)


def stack(st: GrabHitState, colour: int, cid: int) -> None:
    """Make ``cid`` the next card drawn from deck ``colour``: the deck's other cards go to its
    discard (a deck is a pile with no order, its card chosen when drawn)."""
    st.discard[colour] += [c for c in st.deck[colour] if c != cid]
    st.deck[colour] = [cid]


def texts(st: GrabHitState) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def all_cards(st: GrabHitState) -> list[int]:
    """Every card id wherever it is: decks, discards, seats, auction, centre, in flight."""
    out: list[int] = []
    for pile in (*st.deck, *st.discard):
        out += pile
    for s in range(st.players):
        out += list(st.hand[s]) + list(st.scrolls[s]) + list(st.locations[s])
        for h in st.weapons[s]:
            out += [h[0], *h[2]]
    out += [lot[0] for lot in st.lots] + st.centre
    for p in st.decisions:
        if isinstance(p, BuyLocation):
            out.append(p.card)
        elif isinstance(p, KeepWeapon):
            out.append(p.new)
        elif isinstance(p, ShieldCheck) and p.card is not None:
            out.append(p.card)
    return out
