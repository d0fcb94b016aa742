"""High in the Heavens (HVN): pantheons at war on a hex grid. The Game: tables built once.

The rule table is docs/rules/heavens.md; the turn flow lives in ``state.py``, the decisions
in ``actions.py``, abilities and divine powers in ``effects.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from meeple.core import Action, ConfigError, ContentError, Game

from .actions import describe
from .board import board
from .content import Ability, Power, pantheon, rings
from .params import OPTIONS
from .state import HeavensState

#: Turn orders: pantheons alternate (HVN-50). Three players: a team of two against one seat.
ORDERS = {2: (0, 1), 4: (0, 2, 1, 3)}
TEAMS = {2: ((0,), (1,)), 4: ((0, 1), (2, 3))}


class Heavens(Game):
    """Two pantheons (or two teams) summon gods onto the Heavens and fight for the bases."""

    id = "heavens"
    #: Bot search settings (docs/bots.md): rollouts are costly here; a short cut-off buys many
    #: more iterations.
    search_hints = "d5"
    name = "High in the Heavens"
    name_ru = "Высоко в небесах"
    description = ("Summon gods onto a hex battlefield, spend three action tokens a turn, and "
                   "destroy the other pantheon or its base.")
    min_players, max_players = 2, 4
    player_counts = (2, 4)  # HVN-55: two players, or two teams of two
    options = OPTIONS
    state_class = HeavensState

    def setup(self) -> None:
        cfg = self.config
        if cfg["pantheon_a"] == cfg["pantheon_b"]:
            raise ConfigError("the two sides need two different pantheons")
        self.board = board(cfg["layout"])
        self.ring_counts = {r.id: r.count for r in rings()}
        ids: list[str] = []
        names: list[str] = []
        names_ru: list[str] = []
        card_side: list[int] = []
        is_char: list[bool] = []
        health: list[int] = []
        move: list[int] = []
        rng: list[int] = []
        melee: list[int] = []
        ranged: list[int] = []
        self.ability: dict[int, Ability] = {}
        self.power: dict[int, Power] = {}
        side_cards: list[tuple[int, ...]] = []
        self.pantheon_ids = (cfg["pantheon_a"], cfg["pantheon_b"])
        p_names, p_names_ru = [], []
        for side, pid in enumerate(self.pantheon_ids):
            info, chars, powers = pantheon(pid)
            p_names.append(info.name)
            p_names_ru.append(info.name_ru)
            mine = []
            for c in chars:
                i = len(ids)
                mine.append(i)
                ids.append(c.id)
                names.append(c.name)
                names_ru.append(c.name_ru)
                card_side.append(side)
                is_char.append(True)
                health.append(c.health)
                move.append(c.move)
                rng.append(c.range)
                melee.append(c.melee)
                ranged.append(c.ranged)
                self.ability[i] = c.ability
            for p in powers:
                i = len(ids)
                mine.append(i)
                ids.append(p.id)
                names.append(p.name)
                names_ru.append(p.name_ru)
                card_side.append(side)
                is_char.append(False)
                health.append(0)
                move.append(0)
                rng.append(0)
                melee.append(0)
                ranged.append(0)
                self.power[i] = p
            side_cards.append(tuple(mine))
        if len(set(names)) != len(names) or len(set(ids)) != len(ids):
            raise ContentError("two cards of the chosen pantheons share a name")
        self.ids, self.names, self.names_ru = tuple(ids), tuple(names), tuple(names_ru)
        self.card_side, self.is_char = tuple(card_side), tuple(is_char)
        self.health, self.move, self.range = tuple(health), tuple(move), tuple(rng)
        self.melee, self.ranged = tuple(melee), tuple(ranged)
        self.side_cards = tuple(side_cards)
        self.pantheon_names = tuple(p_names)
        self.pantheon_names_ru = tuple(p_names_ru)
        n = self.players
        self.order = ORDERS[n]
        self.team = TEAMS[n]
        self.side_of = tuple(0 if s in self.team[0] else 1 for s in range(n))
        # HVN-47..49: a side played by a team holds 3 cards a hand and spends 2 tokens a turn
        paired = tuple(len(t) == 2 for t in self.team)
        self.hand_size = tuple(3 if p else 5 for p in paired)
        self.tokens = tuple(2 if p else 3 for p in paired)
        # HVN-51: in a team the first mate moves in zones 1 and 3, the second in zones 2 and 3
        zones: list[frozenset[int] | None] = [None] * n
        for t in self.team:
            if len(t) == 2:
                zones[t[0]] = frozenset((1, 3))
                zones[t[1]] = frozenset((2, 3))
        self.zones = tuple(zones)
        by_name = sorted(range(len(ids)), key=names.__getitem__)
        self.name_rank = {c: i for i, c in enumerate(by_name)}
        self._actions: dict[tuple[Any, ...], Action] = {}

    def by_name(self, cards: Iterable[int]) -> list[int]:
        """Cards in the order of their names (the order in which actions list them)."""
        return sorted(cards, key=self.name_rank.__getitem__)

    def action(self, data: tuple[Any, ...]) -> Action:
        """The action with payload ``data``, built once and then shared by every state."""
        a = self._actions.get(data)
        if a is None:
            a = self._actions[data] = Action(describe(self, data), data)
        return a
