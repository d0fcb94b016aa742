"""The fields of a Grab and Hit state and the contract hooks, each a delegation.

The rules are functions over this state in the modules named after the rulebook's parts
(``wheel``, ``weapons``, ``locations``, ``auction``, ``shield``, ``limbo``, ``free_actions``,
``hit``, ``death``, ``victory``), over the turn machinery they share (``turn``) and the queries
of ``cards``; ``effects`` and ``phases`` carry one mechanic on to the next and ``actions``
dispatches each verb. Rule ids (GAH-n) refer to ``docs/rules/grabhit.md``. Seats' cards are
tuples of card ids, so a clone copies only the lists that hold them; pending decisions are typed
values on ``decisions`` (``decisions.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core import Action, State

from . import actions, heuristic, phases, text, validate, victory, view
from .decisions import GrabHitDecision
from .turn import Ending, Phase

if TYPE_CHECKING:
    from .game import GrabHit

#: A weapon held by a seat: (card, durability, blueprints attached).
WeaponHeld = tuple[int, int, tuple[int, ...]]


class GrabHitState(State):
    """A game of Grab and Hit in progress."""

    _mutable = ("adventurer", "life", "armour", "gold", "weapons", "hand", "scrolls",
                "locations", "deck", "discard", "lots", "centre", "centre_queue", "limbo",
                "immune", "dead", "died", "attacked")
    game: GrabHit
    phase: Phase
    active: int
    first: int
    round: int
    turns: int
    adventurer: list[int | None]  # None: no adventurer chosen yet
    life: list[int]
    armour: list[int]
    gold: list[int]
    weapons: list[tuple[WeaponHeld, ...]]
    hand: list[tuple[int, ...]]
    #: The red cards lying on each adventurer: upgrades, shields and lasting curses.
    scrolls: list[tuple[int, ...]]
    locations: list[tuple[int, ...]]
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
    lost: tuple[Phase, ...]  # the phases lost this turn (limbo)
    ability_used: bool
    visited: tuple[str, ...]
    extra_hits: int
    #: The weapon of this phase 5 (``cards.FISTS`` for bare fists), None until chosen.
    attack_weapon: int | None
    hits_left: int
    hits_made: int
    decisions: list[GrabHitDecision]
    winners: tuple[int, ...]
    ending: Ending | None

    _setup = phases.setup
    _legal_actions = actions.legal

    def _apply(self, action: Action) -> None:
        actions.RULES(self, action[1])
        phases.advance(self)

    _result = victory.result

    _view = view.view

    _determinize = view.determinize
    _validate = validate.validate
    _evaluate = heuristic.evaluate
    _evaluate_all = heuristic.evaluate_all
    _turn_kind = view.turn_kind

    def events(self, seat: int | None = None) -> list[dict[str, Any]]:
        """What happened, each event also naming the adventurer a seat led then where a rebirth
        has changed it since (``text.heroes_then``)."""
        return text.heroes_then(super().events(seat))
