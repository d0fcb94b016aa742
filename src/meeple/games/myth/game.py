"""Myth (MYTH): a fan board game after Bungie's *Myth* for 2-4 players.

Heroes explore a dungeon laid tile by tile from the Avatara's crossroads, fight the monsters the
event cards bring, fulfil secret quests to rise to level 4, and play event cards face down to
help themselves or hinder the hero who explores. The rule table is ``docs/rules/myth.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import ClassVar

from meeple.core import Game, Verb

from . import labels, lookup, notation, places, reasons, tensor, text
from .actions import Menu
from .content import Content, load
from .params import OPTIONS
from .state import MythState
from .verbs import universe


class Myth(Game[MythState]):
    """Myth: explore, fight, fulfil three quests and reach level 4 first."""

    id = "myth"
    #: Bot search settings (docs/bots.md): short rollouts by the game's own rule of thumb
    #: (``rollout_policy``), since ten random actions drown the heuristic's small differences
    #: and four by the rule of thumb do not, at less than half the cost of four greedy ones;
    #: and close calls settled by the heuristic, since dice and hidden cards blur the search's
    #: values of moves that differ little. A move the search cannot tell from the rule of
    #: thumb's within 3 standard errors stays the rule of thumb's (``p3``): without it, the
    #: search, which sees every card a rival might lay on a hero who moves, stood still
    #: while greedy explored and reached level 4 first.
    search_hints = "scripted:d4:z1:p3"
    #: A tile is never laid so as to close the dungeon while another could keep it open
    #: (a new one is drawn instead): a closed dungeon with poor heroes never ends; a hero who
    #: can walk on is not weighed standing still, whose cost, a turn of the race, lies past
    #: the search's horizon; and in an overlong game a hero walks on as the rule of thumb
    #: would (``bots.search_moves``).
    search_moves: ClassVar[str] = "meeple.games.myth.bots:search_moves"
    #: The search never has its own seat stand still while a way is open: not its hero's
    #: ``stay`` nor the Nod's ``stay put`` (MYTH-38, MYTH-76), nor, as the Great Dream's master,
    #: the dreamer's ``stay`` (MYTH-93); at its root, in its tree and in its rollouts
    #: (docs/rules/myth.md, "Walking on").
    search_forbids: ClassVar[tuple[str, ...]] = ("stay",)
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
    #: 3: the state's fields speak the common vocabulary (``active``, ``position``, ``ending``,
    #: ``battle_queue``...), so saved states of version 2 no longer restore; the actions'
    #: texts are unchanged, so a version 2 record read as version 3 replays the same game.
    #: 4: a hero tries once a turn to tear a web, however many webs resolve (MYTH-75), and the
    #: rules for two players hold once deaths leave two heroes alive (MYTH-104), so a record
    #: of version 3 in which either happened no longer replays the same; a state gained the
    #: field ``web_tried``, so saved states of version 3 no longer restore.
    version = "4"
    options = OPTIONS
    state_class = MythState
    #: The rule-of-thumb player of the balance tables (docs/rules/myth.md).
    bots: ClassVar[Mapping[str, str]] = {"balance": "meeple.games.myth.bots:make_balance"}
    #: The same rule of thumb on a full state, for search rollouts that ask for it.
    rollout_policy: ClassVar[str] = "meeple.games.myth.bots:rollout"
    safety_endings: ClassVar[frozenset[str]] = frozenset({"turn-limit"})
    #: A hero's death reaches his player as a notice (MYTH-65).
    notices = frozenset({"hero_died"})

    seat_names = text.seat_names
    describe = text.describe
    outcome = text.outcome
    label = labels.label
    costs = labels.costs
    catalogue = lookup.catalogue
    where = places.where
    changed = places.changed
    place_keys = places.KEYS
    verb_text = notation.text
    parse_verb = notation.parse
    why_not = reasons.why_not
    tensor_layout = tensor.layout
    encode = tensor.encode

    content: Content

    def setup(self) -> None:
        # every file read and cross-checked once per content folder, so a broken file fails here
        self.content = load()

    @cached_property
    def menu(self) -> Menu:
        """Every action the rules can offer, looked up by what the rules compute (built when
        first asked for, so that making a game object stays cheap)."""
        return Menu(self)

    def verbs(self) -> tuple[Verb, ...]:
        return universe(self)
