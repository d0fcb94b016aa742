"""The state of High in the Heavens: its fields and the contract hooks (HVN rule ids in comments).

Sides: side 0 (pantheon A) is seat 0, or seats 0 and 1 as a team; side 1 (pantheon B) is
seat 1, or the last seats. Cards are global indexes into the game's card table; a summoned
character is a *unit* record ``(hex, health, armour, attack, poison, stun_turn, fallen)`` keyed
by its card (:mod:`.rings` names the slots). Hexes are indexes into the shared
:class:`~.board.Board`.

The small dicts that change (units, who stands or lies where, the box, traps, buildings and
dropped rings) are copied by ``clone``; piles, hands and the other values are tuples and
numbers rebuilt on change, so clones share them. The rules are functions over the state in the
modules named after the rulebook's parts (docs/architecture.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action, Result, State

from . import actions, heuristic, setup, validate, view
from .decisions import Acquire, ChooseTarget, Move
from .turn import settle

if TYPE_CHECKING:
    from .game import Heavens

#: A unit record: (hex, health, armour, attack, poison, stun_turn, fallen).
Unit = tuple[int, ...]
Piles = tuple[tuple[int, ...], ...]


class HeavensState(State):
    """Both pantheons' cards, the units and rings on the Heavens, and whose decision it is."""

    _mutable = ("units", "at", "box", "fallen_at", "trap", "arch", "drop")
    game: Heavens
    units: dict[int, Unit]  # every unit on the Heavens, standing or fallen
    at: dict[int, int]  # hex -> standing character
    box: dict[str, int]  # HVN-1: rings in the box; the rest lie on the Heavens
    fallen_at: dict[int, int]  # hex -> fallen character
    trap: dict[int, int]  # hex -> black rings
    arch: dict[int, int]  # hex -> white rings
    drop: dict[int, tuple[int, int]]  # hex -> dropped (armour, attack) rings
    # the decisions inside an action, top last; restore decodes the stack by these kinds
    decisions: list[Move | Acquire | ChooseTarget]
    # Shared by clones: rebuilt on change, never changed in place.
    deck: Piles  # per side, top card last
    hands: Piles  # per seat
    discard: Piles  # per side, in the order the cards went there
    base_hp: tuple[int, int]
    summons: tuple[int, int]  # characters each side has summoned so far (HVN-43)
    phase: str  # "actions", "cleanup" (HVN-38) or "over"
    active: int
    order_pos: int
    start_pos: int
    turn: int
    rounds: int
    tokens: int
    winner: int | None  # the side that won; None while playing and for a draw
    reason: str

    _setup = setup.setup
    _legal_actions = actions.legal

    def _apply(self, action: Action) -> None:
        actions.apply(self, action)
        settle(self)

    def _result(self) -> Result:
        g = self.game
        w = self.winner
        if w is not None:
            winners = g.team[w]
            scores = tuple(1.0 if g.side_of[s] == w else 0.0 for s in range(self.players))
            loser = 1 - w
            detail = (f"The base of the {g.pantheon_names[loser]} fell."
                      if self.reason == "base-destroyed" else
                      f"Every character of the {g.pantheon_names[loser]} is destroyed.")
        else:
            winners = ()
            scores = (0.5,) * self.players
            detail = ("The round limit was reached." if self.reason == "round-limit"
                      else "Both pantheons fell together.")
        return Result(tuple(winners), scores, self.turn, self.reason, detail, extra={
            "rounds": self.rounds, "base_health": list(self.base_hp),
            "roles": [g.pantheon_ids[g.side_of[s]] for s in range(self.players)]})

    def _turn_kind(self) -> str:
        return "discard" if self.phase == "cleanup" else "action"

    _evaluate = heuristic.evaluate
    _view = view.view
    _determinize = view.determinize
    _validate = validate.validate
