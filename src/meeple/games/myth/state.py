"""The Myth state: its fields and the contract hooks, each a short delegation to the rules.

A state holds only plain data: ids, counters, lists indexed by seat, cells as ``(x, y)``
tuples. The rules are functions over it in the modules named after the rulebook's parts:
:mod:`.turn`, :mod:`.dungeon`, :mod:`.events`, :mod:`.cards`, :mod:`.battle`, :mod:`.heroes`,
:mod:`.quests`, :mod:`.ending`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import dice
from meeple.core import Action, Result, State

from . import actions, heuristic, validate, view
from . import turn as turns  # a field is named turn
from .decisions import Deceive, Destroy, Discard, Nod, Target
from .dungeon import Cell

if TYPE_CHECKING:
    from .game import MythGame


class MythState(State):
    """One moment of a game of Myth."""

    game: MythGame

    _mutable = (
        "hero", "level", "life", "alive", "pos", "hand", "quests", "shown", "trophies",
        "items", "tok", "deck", "discard", "grid", "tile_of", "enemies", "lasting", "skip",
        "extra", "dream", "pending",
    )
    # Rarely changed piles (tiles, quests, the log lines) and the short queues of a turn are
    # immutable tuples rebuilt on change, so a clone shares them.
    _private_actions = True

    # seats
    hero: list[str]
    level: list[int]
    life: list[int]
    alive: list[bool]
    pos: list[Cell]
    hand: list[list[str]]
    quests: list[list[str]]
    shown: list[list[str]]
    trophies: list[list[str]]
    items: list[list[str]]
    skip: list[int]
    extra: list[int]
    dream: list[int]
    tok: dict[str, dict[str, int]]
    tain_load: int
    # piles
    deck: list[str]
    discard: list[str]
    quest_pile: tuple[str, ...]
    quest_discard: tuple[str, ...]
    tiles: tuple[str, ...]
    tile_discard: tuple[str, ...]
    # dungeon
    grid: dict[Cell, int]
    tile_of: dict[Cell, str]
    enemies: dict[Cell, list[str]]
    begun: tuple[Cell, ...]
    lasting: dict[Cell, list[str]]
    # turn
    cur: int
    turn: int
    step: str
    phase: str
    dreaming: bool
    forbid_cards: int  # 0 no order yet, 1 forbidden, 2 allowed (MYTH-93)
    bought_extra: bool
    drawn_tile: str
    explore_side: int
    new_ground: bool
    moved: bool
    final_left: int | None  # turns left once the event deck ran out (MYTH-24)
    # event round
    table: tuple[tuple[str, int, int], ...]  # (card, seat who played it or -1 for the deck, paid)
    offer_queue: tuple[int, ...]
    offer_double: bool
    other_played: bool
    pending: list[str]  # revealed cards still to resolve
    affected_cell: Cell
    # the pending decisions, top last; restore decodes the stack by these kinds
    decisions: list[Nod | Discard | Destroy | Deceive | Target]
    # battle
    bq: tuple[str, ...]
    rolls: tuple[str, ...]
    # end
    over_reason: str
    detail: str
    winners: tuple[int, ...]

    _setup = turns.setup
    _legal_actions = actions.legal
    _apply = actions.apply

    def _turn_kind(self) -> str:
        return self.step

    def _public_text(self, action: Action) -> str | None:
        kind = action[1][0]
        if kind == "play":
            return "play a card"
        if kind == "swap":
            return "swap a quest"
        return None

    _evaluate = heuristic.evaluate

    def _result(self) -> Result:
        w = self.winners
        scores = tuple((1.0 / len(w)) if s in w else 0.0 for s in range(self.players))
        heroes = self.game.c.heroes
        return Result(w, scores, self.turn, self.over_reason, self.detail, extra={
            "levels": list(self.level), "quests_done": [len(q) for q in self.shown],
            "alive": list(self.alive), "roles": [heroes[h].id for h in self.hero]})

    _view = view.view
    _determinize = view.determinize
    _validate = validate.validate

    def _roll(self, who: int, what: str) -> int:
        """A d100 from two d10 rolled by ``who`` (MYTH-53); the roll is an event."""
        v, tens, units = dice.d100(self.rng)
        self._emit("roll", seat=who, value=v, tens=tens, units=units, purpose=what)
        return v
