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

from typing import TYPE_CHECKING, Any, ClassVar, cast

from meeple.core import Action, Result, State

from . import actions, heuristic, setup, validate, view, worlds
from .decisions import Acquire, ChooseTarget, Move
from .turn import Ending, Phase

if TYPE_CHECKING:
    from .game import Heavens

#: The rules' handlers by verb class, looked up straight (``Dispatch.table``): a search applies
#: an action eight times an iteration.
_RULES = actions.RULES.table
_CARRY_ON = actions.carry_on
#: A unit record: (hex, health, armour, attack, poison, stun_turn, fallen).
Unit = tuple[int, ...]
Piles = tuple[tuple[int, ...], ...]


class HeavensState(State):
    """Both pantheons' cards, the units and rings on the Heavens, and whose decision it is."""

    #: True in a determinized world (:class:`HeavensWorld`): its decks are loose, each draw a
    #: random card of the deck (:func:`.worlds.draw`).
    loose: ClassVar[bool] = False
    _mutable = ("units", "at", "box", "fallen_at", "traps", "architecture", "dropped")
    game: Heavens
    units: dict[int, Unit]  # every unit on the Heavens, standing or fallen
    at: dict[int, int]  # hex -> standing character
    box: dict[str, int]  # HVN-1: rings in the box; the rest lie on the Heavens
    fallen_at: dict[int, int]  # hex -> fallen character
    traps: dict[int, int]  # hex -> black rings
    architecture: dict[int, int]  # hex -> white rings
    dropped: dict[int, tuple[int, int]]  # hex -> dropped (armour, attack) rings
    # the decisions inside an action, top last; restore decodes the stack by these kinds
    decisions: list[Move | Acquire | ChooseTarget]
    # Shared by clones: rebuilt on change, never changed in place.
    deck: Piles  # per side, top card last
    hands: Piles  # per seat
    discard: Piles  # per side, in the order the cards went there
    base_health: tuple[int, int]
    summons: tuple[int, int]  # characters each side has summoned so far (HVN-43)
    phase: Phase
    active: int  # the seat whose turn it is
    order_position: int  # the active seat's place in the turn order
    start_position: int  # the first seat's place in the turn order (a round ends there)
    turn: int
    rounds: int  # rounds completed
    tokens: int
    winner: int | None  # the side that won; None while playing and for a draw
    ending: Ending | None

    _setup = setup.setup
    _legal_actions = actions.legal

    def _apply(self, action: Action) -> None:
        verb = action[1]
        _RULES[verb.__class__](self, verb)  # the handler of every verb the actions offer
        _CARRY_ON(self)  # victory, and the end of the actions phase (actions.carry_on)

    def _result(self) -> Result:
        g = self.game
        w, ending = self.winner, self.ending or ""
        if w is not None:
            winners = g.team[w]
            scores = tuple(1.0 if g.side_of[s] == w else 0.0 for s in range(self.players))
            loser = 1 - w
            detail = (f"The base of the {g.pantheon_names[loser]} fell."
                      if ending == "base-destroyed" else
                      f"Every character of the {g.pantheon_names[loser]} is destroyed.")
        else:
            winners = ()
            scores = (0.5,) * self.players
            detail = {"round-limit": "The round limit was reached.",
                      "deadlock": "No one could take an action any more."}.get(
                          ending, "Both pantheons fell together.")
        return Result(tuple(winners), scores, self.turn, ending, detail, extra={
            "rounds": self.rounds, "base_health": list(self.base_health),
            "roles": [g.pantheon_ids[g.side_of[s]] for s in range(self.players)]})

    def _turn_kind(self) -> str:
        return "discard" if self.phase == "cleanup" else "action"

    _evaluate = heuristic.evaluate
    _evaluate_all = heuristic.evaluate_all
    def _view(self, seat: int | None) -> dict[str, Any]:
        return cast("dict[str, Any]", view.view(self, seat))  # a typed dict, all the same

    #: In a world: the hands of the side not to act are not dealt yet (:mod:`.worlds`).
    undealt: ClassVar[bool] = False
    #: What a determinized state becomes: every hand dealt, the next side's hands dealt as its
    #: turn begins, or the side to act's as its actions are asked for (set below: the classes
    #: they name come after).
    _world: ClassVar[type[HeavensState]]
    _world_undealt: ClassVar[type[HeavensState]]
    _world_pending: ClassVar[type[HeavensState]]
    _determinize = worlds.determinize
    _validate = validate.validate


class HeavensWorld(HeavensState):
    """A world a seat cannot tell from the true state (``determinize``): the same fields, its
    decks loose. Its clones are worlds too; saved and restored, it is a plain state."""

    loose = True

    def __repr__(self) -> str:
        # read as the state it stands for: no channel tells a seat which of the two it holds
        return super().__repr__().replace(type(self).__name__, HeavensState.__name__, 1)


class HeavensUndealt(HeavensWorld):
    """A world whose other side's hands are dealt as that side's next turn begins
    (:mod:`.worlds`); it is then a :class:`HeavensWorld`."""

    undealt = True


class HeavensPending(HeavensWorld):
    """A world whose side to act has its hands dealt when its actions are first asked for
    (:mod:`.worlds`); it is then a :class:`HeavensWorld`."""

    def _legal_actions(self) -> list[Action]:
        worlds.deal_hands(self, self.game.side_of[self.active], self.rng)
        self.__class__ = self._world  # type: ignore[assignment]  # a world of every hand dealt
        return actions.legal(self)


HeavensState._world = HeavensWorld
HeavensState._world_undealt = HeavensUndealt
HeavensState._world_pending = HeavensPending
