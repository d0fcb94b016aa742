"""The fields of a Grab and Hit state and the contract hooks, each a delegation.

The rules are functions over this state in the modules named after the rulebook's parts
(``turn``, ``wheel``, ``cards``, ``weapons``, ``locations``, ``auction``, ``shield``, ``limbo``,
``free_actions``, ``hit``, ``death``, ``victory``); rule ids (GAH-n) refer to
``docs/rules/grabhit.md``. Seats' cards are tuples of card ids, so a clone copies only the lists
that hold them; pending decisions are typed values on ``decisions`` (``decisions.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import State

from . import actions, heuristic, turn, validate, victory, view
from .decisions import GrabHitDecision

if TYPE_CHECKING:
    from .game import GrabHit

#: A weapon held by a seat: (card, durability, blueprints attached).
WeaponHeld = tuple[int, int, tuple[int, ...]]


class GrabHitState(State):
    """A game of Grab and Hit in progress."""

    _mutable = ("adv", "life", "armour", "gold", "weapons", "hand", "upg", "locs", "deck",
                "discard", "lots", "centre", "centre_queue", "limbo", "immune", "dead", "died",
                "attacked")
    game: GrabHit
    #: A ``Phase``, kept as its number (state fields hold plain data).
    phase: int
    current: int
    first: int
    round: int
    turns: int
    adv: list[int | None]  # None: no adventurer chosen yet
    life: list[int]
    armour: list[int]
    gold: list[int]
    weapons: list[tuple[WeaponHeld, ...]]
    hand: list[tuple[int, ...]]
    upg: list[tuple[int, ...]]
    locs: list[tuple[int, ...]]
    deck: list[list[int]]
    discard: list[list[int]]
    lots: list[tuple[int, int, int, int | None]]  # (card, opened by, bid, bidder or None)
    centre: list[int]
    centre_queue: list[int]
    limbo: list[int]
    immune: list[bool]
    dead: list[bool]
    died: list[bool]
    defending: tuple[int, ...]
    attacked: list[int]
    sector: int | None  # the phase-1 sector of this turn, None before the spin
    last_spin: int | None
    lost: tuple[int, ...]  # the phases lost this turn (limbo)
    ability_used: bool
    visited: tuple[str, ...]
    extra_hits: int
    p5_weapon: int | None  # the weapon of this phase 5 (weapons.FISTS), None until chosen
    hits_left: int
    hits_made: int
    decisions: list[GrabHitDecision]
    winners: tuple[int, ...]
    end_reason: str

    _setup = turn.setup
    _legal_actions = actions.legal
    _apply = actions.apply
    _result = victory.result
    _view = view.view
    _determinize = view.determinize
    _validate = validate.validate
    _evaluate = heuristic.evaluate
    _turn_kind = view.step
