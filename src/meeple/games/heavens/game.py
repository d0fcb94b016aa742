"""High in the Heavens (HVN): pantheons at war on a hex grid. The Game: tables built once.

The rule table is docs/rules/heavens.md; the turn flow lives in ``turn.py``, the verbs in
``verbs.py`` and their texts in ``notation.py``, what each does in ``actions.py``, abilities and
divine powers in ``effects.py`` (docs/architecture.md maps the rest).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from meeple.content import localized
from meeple.core import Action, ConfigError, ContentError, Game, Verb

from . import actions, heuristic, labels, lookup, notation, places, reasons, tensor, text
from .board import board
from .content import Ability, Power, load
from .params import OPTIONS
from .state import HeavensState
from .verbs import universe

#: Turn orders: pantheons alternate (HVN-50).
ORDERS = {2: (0, 1), 4: (0, 2, 1, 3)}
#: The seats of each side (HVN-47: with four players, two teams of two).
TEAMS = {2: ((0,), (1,)), 4: ((0, 1), (2, 3))}
#: Cards in a hand and action tokens a turn, for a side played by one seat or by a pair
#: (HVN-29, HVN-28; HVN-48, HVN-49).
HAND_SIZE = {1: 5, 2: 3}
TOKENS = {1: 3, 2: 2}
#: HVN-51: the zones each mate of a team moves in (the central column is zone 3).
TEAM_ZONES = (frozenset((1, 3)), frozenset((2, 3)))


class Heavens(Game[HeavensState]):
    """Two pantheons (or two teams) summon gods onto the Heavens and fight for the bases."""

    id = "heavens"
    #: Version 2 spells the state's fields out (``architecture``, ``dropped``, ``ending``…).
    version = "2"
    #: Bot search settings (docs/bots.md): rollouts are costly here; a short cut-off buys many
    #: more iterations. A turn's moves differ by a few thousandths of the value, so at a hundred
    #: iterations they are visited alike and close calls go to the heuristic one step ahead.
    search_hints = "d5:z1"
    name = "High in the Heavens"
    name_ru = "Высоко в небесах"
    description = ("Summon gods onto a hex battlefield, spend three action tokens a turn, and "
                   "destroy the other pantheon or its base.")
    min_players, max_players = 2, 4
    player_counts = (2, 4)  # HVN-55: two players, or two teams of two
    options = OPTIONS
    state_class = HeavensState
    bots: ClassVar[dict[str, str]] = {"balance": "meeple.games.heavens.bots:make_balance"}
    safety_endings: ClassVar[frozenset[str]] = frozenset({"round-limit"})
    #: No seat is ever knocked out alone (a side wins or loses as a whole), so nothing here
    #: needs a notice beyond the result.
    notices: ClassVar[frozenset[str]] = frozenset()
    # Words for people (docs/words.md): text.py, labels.py and lookup.py read the catalogues.
    seat_names = text.seat_names
    describe = text.describe
    outcome = text.outcome
    label = labels.label
    costs = labels.costs
    catalogue = lookup.catalogue
    where = places.where
    changed = places.changed
    why_not = reasons.why_not
    place_keys = places.KEYS
    # The action grammar (docs/architecture.md, "Actions").
    verb_text = notation.text
    parse_verb = notation.parse
    # A seat's view as numbers, for learning environments (docs/rl.md).
    tensor_layout = tensor.layout
    encode = tensor.encode

    def setup(self) -> None:
        cfg = self.config
        if cfg["pantheon_a"] == cfg["pantheon_b"]:
            raise ConfigError("the two sides need two different pantheons")
        self.board = board(cfg["layout"])
        self.content = load(cfg["pantheon_a"], cfg["pantheon_b"])
        self.ring_counts = {r.id: r.count for r in self.content.rings}
        self._cards(cfg["pantheon_a"], cfg["pantheon_b"])
        self._seats()
        #: the actions ``legal`` offers, by the rules' numbers: built from the universe the
        #: first time a state asks (``actions.table_of``), so loading a game stays cheap
        self.table: actions.Table | None = None
        #: the actions declared in positions met before, by what decides them
        #: (``actions._choices``), shared by every state of the game
        self.legal_memo: dict[tuple[object, ...], tuple[Action, ...]] = {}
        #: what the bots' heuristic reads per card and hex, built on first use likewise
        self.heuristic_tables: heuristic.Tables | None = None

    def verbs(self) -> tuple[Verb, ...]:
        return universe(self)

    def _cards(self, pantheon_a: str, pantheon_b: str) -> None:
        """The card table of both pantheons: card i's id, names, side and figures."""
        self.pantheon_ids: tuple[str, str] = (pantheon_a, pantheon_b)
        self.ability: dict[int, Ability] = {}
        self.power: dict[int, Power] = {}
        #: one row per card: id, English name (the notation's), Russian name, side, is a
        #: character, health, move, range, melee, ranged (powers have no figures)
        rows: list[tuple[Any, ...]] = []
        side_cards: list[tuple[int, ...]] = []
        p_names = []
        for side, (info, chars, powers) in enumerate(self.content.sides):
            p_names.append(info.name)
            first = len(rows)
            for c in chars:
                self.ability[len(rows)] = c.ability
                rows.append((c.id, c.name, localized(c, "name", "ru"), side, True, c.health,
                             c.move, c.range, c.melee, c.ranged))
            for p in powers:
                self.power[len(rows)] = p
                rows.append((p.id, p.name, localized(p, "name", "ru"), side, False, 0, 0, 0, 0,
                             0))
            side_cards.append(tuple(range(first, len(rows))))
        (ids, names, names_ru, card_side, is_character, health, move, reach, melee,
         ranged) = zip(*rows, strict=True)
        if len(set(names)) != len(names) or len(set(ids)) != len(ids):
            raise ContentError("two cards of the chosen pantheons share a name")
        self.ids: tuple[str, ...] = ids
        self.names: tuple[str, ...] = names
        #: the cards' Russian names, for the checks that no screen shows a hidden card
        self.names_ru: tuple[str, ...] = names_ru
        self.card_side: tuple[int, ...] = card_side
        self.is_character: tuple[bool, ...] = is_character
        self.health: tuple[int, ...] = health
        self.move: tuple[int, ...] = move
        self.range: tuple[int, ...] = reach
        self.melee: tuple[int, ...] = melee
        self.ranged: tuple[int, ...] = ranged
        self.side_cards = tuple(side_cards)
        self.pantheon_names = tuple(p_names)
        by_name = sorted(range(len(ids)), key=names.__getitem__)
        self.name_rank = {c: i for i, c in enumerate(by_name)}

    def _seats(self) -> None:
        """Turn order, teams, hand sizes, tokens and movement zones of each seat."""
        n = self.players
        self.order = ORDERS[n]
        self.team = TEAMS[n]
        self.side_of = tuple(0 if s in self.team[0] else 1 for s in range(n))
        self.hand_size = tuple(HAND_SIZE[len(t)] for t in self.team)
        self.tokens = tuple(TOKENS[len(t)] for t in self.team)
        zones: list[frozenset[int] | None] = [None] * n  # None: anywhere
        for t in self.team:
            if len(t) > 1:
                for seat, where in zip(t, TEAM_ZONES, strict=True):
                    zones[seat] = where
        self.zones = tuple(zones)

    def by_name(self, cards: Iterable[int]) -> list[int]:
        """Cards in the order of their names (the order in which actions list them)."""
        return sorted(cards, key=self.name_rank.__getitem__)
