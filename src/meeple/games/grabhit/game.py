"""The Grab and Hit game: its names, player counts, options, bots and content."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from meeple.core import Game

from . import labels, lookup, places, text
from .content import Tables, tables
from .params import OPTIONS
from .state import GrabHitState


class GrabHit(Game[GrabHitState]):
    """Grab and Hit: spin the wheel, grab gold and cards, hit someone every turn."""

    id = "grabhit"
    #: 2: a deck's card is chosen when it is drawn (a ``pile``), so old seeds deal other cards.
    version = "2"
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
    T: ClassVar[Tables]
    #: A death reaches its seat as a notice, and so does falling into limbo (phases lost).
    notices = frozenset({"death", "limbo_enter"})

    seat_names = text.seat_names
    describe = text.describe
    outcome = text.outcome
    label = labels.label
    costs = labels.costs
    where = places.where
    place_keys: ClassVar[Mapping[str, str]] = {"wheel": "wheel:spin", "deck": "deck:{0}",
        "adv": "adv:{0}", "offer": "offer:{0}", "lot": "lot:{0}", "centre": "centre:{0}",
        "card": "card:hand:{0}", "mat": "mat:{0}", "ability": "ability:{0}",
        "weapon": "weapon:{0}:{1}", "fists": "fists:{0}", "shield": "shield:{0}:{1}",
        "loc": "loc:{0}:{1}"}
    catalogue = lookup.catalogue

    def setup(self) -> None:
        """Load the content tables (once per content folder, shared by every state)."""
        type(self).T = tables()
