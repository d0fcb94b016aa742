"""Myth (MYTH): a fan board game after Bungie's *Myth* for 2-4 players.

Heroes explore a dungeon laid tile by tile from the Avatara's crossroads, fight the monsters the
event cards bring, fulfil secret quests to rise to level 4, and play event cards face down to
help themselves or hinder the hero who explores. The rule table is ``docs/rules/myth.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from meeple.core import Game

from . import labels, lookup, places, text
from .content import Content, load
from .params import OPTIONS
from .state import MythState


class MythGame(Game[MythState]):
    """Myth: explore, fight, fulfil three quests and reach level 4 first."""

    id = "myth"
    #: Bot search settings (docs/bots.md): short greedy rollouts, since ten random actions
    #: drown the heuristic's small differences; and close calls settled by the heuristic, since
    #: dice and hidden cards blur the search's values of moves that differ little.
    search_hints = "greedy:d4:z1"
    name = "Myth"
    name_ru = "Миф"
    description = ("Explore a dungeon tile by tile, fight Soulblighter's monsters and fulfil "
                   "secret quests for the Avatara; the first hero at level 4 wins.")
    min_players = 2
    max_players = 4
    default_players = 3
    #: 2: a battle no living hero stands in any more ends (MYTH-102), and the Help and the
    #: Contract exchange once between two heroes of the cell (MYTH-103), so records of version
    #: 1 in which either happened no longer replay the same.
    version = "2"
    options = OPTIONS
    state_class = MythState
    #: The rule-of-thumb player of the balance tables (docs/rules/myth.md).
    bots: ClassVar[Mapping[str, str]] = {"balance": "meeple.games.myth.bots:make_balance"}
    #: A hero's death reaches his player as a notice (MYTH-65).
    notices = frozenset({"hero_died"})

    seat_names = text.seat_names
    describe = text.describe
    outcome = text.outcome
    label = labels.label
    costs = labels.costs
    catalogue = lookup.catalogue
    where = places.where
    place_keys: ClassVar[Mapping[str, str]] = {"cell": "cell:{0},{1}", "deck": "deck:events",
        "tile": "tile:drawn", "card": "card:{0}:{1}", "item": "item:{0}:{1}",
        "monster": "monster:{0}", "hero": "hero:{0}", "quest": "quest:{0}"}

    def setup(self) -> None:
        # every file read and cross-checked once per content folder, so a broken file fails here
        self.c: Content = load()
