"""A game's actions as integers: the fixed catalogue, its legal-action mask, and a factored form.

The catalogue is the game's action universe (:meth:`meeple.core.Game.action_universe`): every
action the game could ever offer for its players and options, in a fixed order, so the same
index means the same action in every state and every episode. The factored form splits an
action into its kind (the verb) and its arguments, one choice each, for catalogues too large to
learn as one flat choice (Heavens: thousands of actions, about a hundred kinds × cards × hexes).

>>> import meeple
>>> cat = Catalogue(meeple.load("tictactoe"))
>>> s = meeple.load("tictactoe").new_state(seed=1)
>>> cat.n, int(cat.mask(s.legal_actions()).sum()), cat.action(4)
(9, 9, Action('mark b2'))
>>> cat.factored.sizes, cat.factored.split(4)
((1, 9), (0, 4))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import Any

import numpy as np
import numpy.typing as npt

from meeple.core import Action, ConfigError, Game, IllegalAction

Mask = npt.NDArray[np.int8]


def as_index(value: Any, n: int, what: str = "an action") -> int:
    """``value`` as an index below ``n``: a Python or numpy integer (a bool is refused), else
    an :class:`IllegalAction` saying what is accepted."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise IllegalAction(f"{what} is a whole number from 0 to {n - 1}, not {value!r}")
    i = int(value)
    if not 0 <= i < n:
        raise IllegalAction(f"{what} is a whole number from 0 to {n - 1}, not {i}")
    return i


class Catalogue:
    """Every action of one game (players and options fixed) with its stable index."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.actions: tuple[Action, ...] = game.action_universe()
        self.n = len(self.actions)
        if not self.n:
            raise ConfigError(f"{game.id} lists no actions, so it has no action catalogue")
        # Legal actions are the very objects of the game's action table: found by identity.
        self._by_id = {id(a): i for i, a in enumerate(self.actions)}
        self._factored: Factored | None = None

    def index(self, action: Action) -> int:
        """The index of ``action``."""
        i = self._by_id.get(id(action))
        return self.game.action_index(action) if i is None else i

    def indices(self, legal: Iterable[Action]) -> list[int]:
        """The indices of ``legal``, in its order."""
        get, index = self._by_id.get, self.index
        out = []
        for a in legal:
            i = get(id(a))
            out.append(index(a) if i is None else i)
        return out

    def mask(self, legal: Iterable[Action]) -> Mask:
        """1 at the index of every action in ``legal``, 0 elsewhere."""
        m = np.zeros(self.n, dtype=np.int8)
        m[self.indices(legal)] = 1
        return m

    def action(self, value: Any) -> Action:
        """The action at index ``value`` (an int or numpy integer)."""
        return self.actions[as_index(value, self.n)]

    @property
    def factored(self) -> Factored:
        """The catalogue split into kind and arguments (built on first use)."""
        if self._factored is None:
            self._factored = Factored(self.actions)
        return self._factored


def _parts(action: Action) -> tuple[Any, ...]:
    verb = action[1]
    if verb is None:
        return (action[0],)
    return (type(verb).__name__, *(getattr(verb, f.name) for f in fields(verb)))


class Factored:
    """Each action as a tuple of choices: its kind, then its arguments in their order.

    Level 0 chooses among the verbs' kinds; level k > 0 among the values the k-th argument takes
    anywhere in the catalogue (an action with fewer arguments takes choice 0 at the levels it
    lacks). :meth:`mask` gives the legal choices at the next level after a prefix, so a policy
    picks a kind, then each argument, every step masked.
    """

    def __init__(self, actions: Sequence[Action]) -> None:
        parts = [_parts(a) for a in actions]
        depth = max(len(p) for p in parts)
        self.domains: list[list[Any]] = [[] for _ in range(depth)]
        where: list[dict[Any, int]] = [{} for _ in range(depth)]
        codes: list[tuple[int, ...]] = []
        for p in parts:
            code = []
            for level in range(depth):
                value = p[level] if level < len(p) else None
                if value not in where[level]:
                    where[level][value] = len(self.domains[level])
                    self.domains[level].append(value)
                code.append(where[level][value])
            codes.append(tuple(code))
        self.codes = codes
        self.sizes = tuple(len(d) for d in self.domains)
        self._index = {c: i for i, c in enumerate(codes)}

    def split(self, index: int) -> tuple[int, ...]:
        """The choices of the action at ``index``."""
        return self.codes[index]

    def join(self, choices: Sequence[Any]) -> int:
        """The index of the action these choices make; IllegalAction if they make none."""
        if len(choices) != len(self.sizes):
            raise IllegalAction(f"a factored action is {len(self.sizes)} choices, "
                                f"not {len(choices)}")
        code = tuple(as_index(c, n, f"choice {k + 1}")
                     for k, (c, n) in enumerate(zip(choices, self.sizes, strict=True)))
        try:
            return self._index[code]
        except KeyError:
            raise IllegalAction(f"the choices {list(code)} make no action of this game") from None

    def mask(self, legal: Iterable[int], prefix: Sequence[int] = ()) -> Mask:
        """The legal choices at level ``len(prefix)`` among the legal indices ``legal`` whose
        first choices are ``prefix``."""
        level = len(prefix)
        m = np.zeros(self.sizes[level], dtype=np.int8)
        head = tuple(int(c) for c in prefix)
        for i in legal:
            code = self.codes[i]
            if code[:level] == head:
                m[code[level]] = 1
        return m
