"""Restricted play: an agent that may not use some actions (``greedy!no=heal``).

Jaffe et al. (2012) measure what a card or an action is worth as the win rate an agent loses
when it may not use it; ``meeple simulate --restrict`` plays such agents (docs/simulate.md,
"Restricted play"). A spec is any agent spec followed by modifiers, each ``!KEY=VALUE``::

    greedy!no=heal                       never heals while it can do anything else
    mcts:200!no=play Splinters of Relic  nor plays that card, in its search tree too
    myth:balance!no=attach,heal          several prefixes, separated by commas
    greedy!no=heal!no=attach             the same, repeated (in a --seats list, where commas
                                         separate seats)

The only modifier is ``no``: the actions the agent may not play, by **prefix of their text in
whole words**: the action's text (``Action.text``, the English text records keep, whatever
language people read) is the prefix itself or starts with the prefix and a space. Case and
runs of spaces do not matter. So ``no=play`` forbids every ``play ...``, ``no=play Splinters``
forbids ``play Splinters of Relic``, and ``no=heal`` does not forbid ``healer ...``. A prefix
cannot hold ``,`` or ``!``.

How the agent is held to it:

- It decides on an :class:`InfoSet` whose ``legal_actions()`` leave the forbidden actions out
  (``random``, ``greedy`` and a game's scripted bot choose among those).
- A search (``mcts``) also leaves them out of the restricted seat's moves at every node of its
  tree and in its rollouts; the other seats keep every move.
- A scripted bot decides in a world it samples, where every action is legal: if it still picks
  a forbidden action (or finds its pick missing among the allowed ones), the agent plays the
  allowed action the game's heuristic values best one step ahead, as ``greedy`` would
  (counted in ``overridden``).
- When every legal action is forbidden it plays one anyway, as the unrestricted agent would:
  the game must go on (counted in ``forced``).

While nothing forbidden is legal, the agent makes the very choices (and draws) of the agent
without the modifier with the same seed, so paired games differ only where the rule bites.
"""

from __future__ import annotations

from meeple.core import Action, ConfigError, Rng

from .base import Agent, CheatInfoSet, InfoSet, explain, shorten
from .forbid import HINT, MODIFIERS, Restriction, normal
from .greedy import best_index, sampled_values
from .mcts import MCTSAgent


def parse_modifiers(spec: str) -> tuple[str, Restriction | None]:
    """The agent spec before the first ``!`` and the restriction its modifiers name (None
    when it has none). A malformed modifier is a ConfigError naming it and what is allowed.

    >>> base, rule = parse_modifiers("mcts:200!no=play Splinters of Relic")
    >>> base, rule.prefixes
    ('mcts:200', ('play splinters of relic',))
    >>> parse_modifiers("greedy!no=heal!no=attach")[1].spec()
    '!no=heal,attach'
    >>> parse_modifiers("greedy")
    ('greedy', None)
    """
    base, bang, rest = spec.partition("!")
    if not bang:
        return spec, None
    base = base.strip()
    if not base:
        raise ConfigError(f"{shorten(spec, 40)!r} names no agent before '!'; write the agent "
                          f"first, e.g. greedy!no=heal; {HINT}")
    prefixes: list[str] = []
    for mod in rest.split("!"):
        key, eq, value = mod.partition("=")
        key = key.strip().lower()
        if not mod.strip():
            raise ConfigError(f"nothing follows a '!' in {shorten(spec, 40)!r}; {HINT}")
        if not eq or not key:
            raise ConfigError(f"agent modifier {shorten(mod, 40)!r} in {shorten(spec, 40)!r} "
                              f"is not KEY=VALUE; {HINT}")
        if key not in MODIFIERS:
            raise ConfigError(f"unknown agent modifier {shorten(key)!r} in "
                              f"{shorten(spec, 40)!r}; {HINT}")
        for p in value.split(","):
            if not p.strip():
                raise ConfigError(f"an empty action prefix in {shorten(spec, 40)!r}: no= takes "
                                  f"action prefixes separated by commas; {HINT}")
            prefixes.append(p)
    return base, Restriction(prefixes)


class RestrictedInfoSet(InfoSet):
    """An InfoSet whose legal actions leave out what ``rule`` forbids (all of them, when
    every one is forbidden)."""

    __slots__ = ("rule",)

    def __init__(self, info: InfoSet, rule: Restriction) -> None:
        super().__init__(info._state, info.seat)
        self.rule = rule

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions that are not forbidden."""
        return self.rule.allowed(super().legal_actions())


class RestrictedCheatInfoSet(CheatInfoSet):
    """:class:`RestrictedInfoSet` for an agent that sees everything (``mcts-cheat``)."""

    __slots__ = ("rule",)

    def __init__(self, info: InfoSet, rule: Restriction) -> None:
        super().__init__(info._state, info.seat)
        self.rule = rule

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions that are not forbidden."""
        return self.rule.allowed(super().legal_actions())


def restricted(info: InfoSet, rule: Restriction) -> InfoSet:
    """``info`` with the actions ``rule`` forbids left out of its legal actions."""
    if isinstance(info, CheatInfoSet):
        return RestrictedCheatInfoSet(info, rule)
    return RestrictedInfoSet(info, rule)


class RestrictedAgent:
    """``inner``, forbidden the actions of ``rule`` while another is legal (module docs).

    ``decisions`` counts its decisions, ``forced`` those where every legal action was
    forbidden, ``overridden`` those where the inner agent still picked a forbidden one (a
    scripted bot) and the best allowed one was played instead.
    """

    def __init__(self, inner: Agent, rule: Restriction, seed: int = 0) -> None:
        self.inner = inner
        self.rule = rule
        self.name = inner.name + rule.spec()
        self.sees_everything = getattr(inner, "sees_everything", False) is True
        #: Only for the fallback: the inner agent's own generator is left as it would be.
        self.rng = Rng(seed ^ 0x2E57_121C_7ED0_0000)
        self.decisions = self.forced = self.overridden = 0
        if isinstance(inner, MCTSAgent):
            inner.restriction = rule  # its tree and rollouts keep to the rule too

    def choose(self, info: InfoSet) -> Action:
        """The inner agent's choice among the allowed actions (see the module docs)."""
        self.decisions += 1
        rule = self.rule
        legal = info.legal_actions()
        kept = rule.allowed(legal)
        if kept is legal:  # nothing forbidden is legal, or everything legal is
            if rule.forced(legal):
                self.forced += 1
            return self.inner.choose(info)
        view = restricted(info, rule)
        try:
            action: Action | None = self.inner.choose(view)
        except StopIteration:  # a scripted bot whose pick is not among the allowed actions
            action = None
        if action is None or rule.banned(action[0]):
            self.overridden += 1
            action = self._best(view, kept)
        return action

    def _best(self, view: InfoSet, kept: list[Action]) -> Action:
        """The allowed action the game's heuristic values best one step ahead."""
        if len(kept) == 1:
            return kept[0]
        return kept[best_index(sampled_values(view, kept, 1, self.rng), self.rng)]

    def explain_last(self) -> list[tuple[Action, str]]:
        """The inner agent's explanation of its last choice."""
        return explain(self.inner)


__all__ = ["MODIFIERS", "RestrictedAgent", "RestrictedCheatInfoSet", "RestrictedInfoSet",
           "Restriction", "normal", "parse_modifiers", "restricted"]
