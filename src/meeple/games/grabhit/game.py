"""The Grab and Hit game: its names, player counts, options, bots, content and actions."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import ClassVar

from meeple.core import Game

from . import labels, lookup, notation, places, reasons, tensor, text
from .actions import Offers
from .content import Tables, tables
from .params import OPTIONS
from .state import GrabHitState
from .verbs import GrabHitVerb, universe


class GrabHit(Game[GrabHitState]):
    """Grab and Hit: spin the wheel, grab gold and cards, hit someone every turn."""

    id = "grabhit"
    #: 2: a deck's card is chosen when it is drawn (a ``pile``), so old seeds deal other cards.
    #: 3: the state's fields are named in words (``active``, ``scrolls``, ``ending``, a phase
    #: as a word); the actions' texts are unchanged.
    version = "3"
    #: The heuristic's race reads the wheel's chances better than a few random actions do:
    #: random rollouts bid and buy away gold and only add noise, so leaves are read at once.
    search_hints = "d0"
    name = "Grab and Hit"
    name_ru = "Хватай и бей"
    description = ("Adventurers spin the wheel of fortune for gold, weapons, locations and "
                   "scrolls, and must hit someone every turn.")
    min_players, max_players = 2, 8
    default_players = 4
    options = OPTIONS
    state_class = GrabHitState
    bots: ClassVar[Mapping[str, str]] = {"balance": "meeple.games.grabhit.bots:make_balance"}
    #: Search rollouts (``scripted``) play the balance policy on the search's own worlds.
    rollout_policy: ClassVar[str] = "meeple.games.grabhit.bots:rollout"
    safety_endings: ClassVar[frozenset[str]] = frozenset({"round-limit"})
    #: A death reaches its seat as a notice, and so does falling into limbo (phases lost).
    notices = frozenset({"death", "limbo_enter"})
    #: The content tables, shared by every state.
    content: Tables

    seat_names = text.seat_names
    describe = text.describe
    summary = text.summary
    outcome = text.outcome
    label = labels.label
    costs = labels.costs
    where = places.where
    place_keys = places.KEYS
    changed = places.changed
    catalogue = lookup.catalogue
    why_not = reasons.why_not
    verb_text = notation.text
    parse_verb = notation.parse
    tensor_layout = tensor.layout
    encode = tensor.encode

    def setup(self) -> None:
        """Load the content (once per content folder, shared by every state)."""
        self.content = tables()

    def verbs(self) -> tuple[GrabHitVerb, ...]:
        return universe(self)

    @cached_property
    def offers(self) -> Offers:
        """Every action the rules may offer, looked up by the rules' numbers (built the first
        time a state asks, from the universe)."""
        return Offers(self)
