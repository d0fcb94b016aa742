"""The action grammar every game shares: its verbs, their notation, and the action table.

A game lists every verb it could ever offer (``verbs``), writes and reads their text
(``verb_text``, ``parse_verb``); :class:`Grammar` builds each :class:`Action` once from that list,
which gives every action a stable index (docs/architecture.md, "Actions").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from .actions import Action
from .errors import ContentError, IllegalAction
from .verbs import Verb


class Grammar:
    """The grammar half of :class:`~meeple.core.state.Game`."""

    id: ClassVar[str] = ""
    _table: tuple[tuple[Action, ...], dict[Verb, int]] | None = None

    # The action grammar (docs/architecture.md, "Actions"). Each game binds ``verb_text`` and
    # ``parse_verb`` to its ``notation`` module and ``verbs`` to its ``verbs`` module.

    def verbs(self) -> Iterable[Verb]:
        """Hook: every verb this game could ever offer with its options, in a fixed order."""
        raise NotImplementedError(f"{self.id} does not list its verbs")

    def verb_text(self, verb: Verb) -> str:
        """Hook: the text of the action whose verb is ``verb`` (depends on the game only)."""
        raise NotImplementedError(f"{self.id} has no notation")

    def parse_verb(self, words: str) -> Verb:
        """Hook: the verb whose text is ``words``; IllegalAction naming the grammar if none."""
        raise NotImplementedError(f"{self.id} has no notation")

    def action_universe(self) -> tuple[Action, ...]:
        """Every action the game could ever offer, in a fixed order: an action's position here
        is its stable index (the action space of a learning environment)."""
        return self._action_table()[0]

    def action_index(self, action: Action | Verb) -> int:
        """The stable index of ``action`` (or of its verb) in :meth:`action_universe`."""
        verb = action[1] if isinstance(action, Action) else action
        try:
            return self._action_table()[1][verb]
        except KeyError:
            raise IllegalAction(f"{self.id} never offers {verb!r}") from None

    def action(self, verb: Verb) -> Action:
        """The action of ``verb``, built once and shared by every state of this game."""
        table = self._table or self._action_table()
        try:
            return table[0][table[1][verb]]
        except KeyError:
            raise IllegalAction(f"{self.id} never offers {verb!r}") from None

    def logged(self, text: str) -> Action:
        """The action an event's or a record's ``text`` names, with its verb, for labelling it
        after the fact; a text outside the notation (another seat's public text of a private
        action, or a game without verbs) comes back as ``Action(text)``, without a verb."""
        if type(self).verbs is Grammar.verbs:
            return Action(text)
        try:
            return self.action(self.parse_verb(text))
        except IllegalAction:
            return Action(text)

    def _action_table(self) -> tuple[tuple[Action, ...], dict[Verb, int]]:
        table = self._table
        if table is None:
            acts = tuple(Action(self.verb_text(v), v) for v in self.verbs())
            index = {a[1]: i for i, a in enumerate(acts)}
            if len(index) != len(acts):
                raise ContentError(f"{self.id} lists a verb twice in its universe")
            table = self._table = (acts, index)
        return table

