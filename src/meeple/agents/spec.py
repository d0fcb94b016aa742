"""The ``mcts`` spec: its budget and search settings (:class:`SearchConfig`), read from text.

Tokens after ``mcts:`` are separated by ``:`` and may come in any order (docs/bots.md, "Spec
syntax")::

    mcts                 default budget: 2000 iterations, but at most 1.5 s
    mcts:800             800 iterations, no time limit (deterministic)
    mcts@2s  mcts@500ms  time budget only
    mcts:800@1.5s        800 iterations, but stop after 1.5 s
    mcts:800:greedy      greedy rollouts (``random`` is the default)
    mcts:800:scripted    rollouts by the game's own policy (``Game.rollout_policy``)
    mcts:800:d20         rollouts cut off after 20 actions (default 60), then evaluated
    mcts:800:full        rollouts played to the end of the game
    mcts:800:c1.0        exploration constant of UCB1 (default 0.7)
    mcts:800:z1          close calls within 1 standard error settled by the heuristic
    mcts:800:p1          close calls within 1 standard error go to the game's own plan (the
                         scripted player, ``Game.rollout_policy``) when it is among them
    mcts:800:w2          progressive widening: a node seen n times opens at most 1 + 2 sqrt(n)
                         children
    mcts:800:seen        the tree branches on what the searching seat sees an action bring
                         about (a spin's number, a card drawn face up), not on the action alone
    mcts:800:named       the moves the game names (``Game.search_moves``) narrow every node of
                         the tree, not only the root
    mcts:800:rivals      inside the tree every other seat plays the game's own plan
                         (``Game.rollout_policy``) instead of its best reply
    mcts:1600:t200       a fresh tree every 200 iterations, the move chosen on every tree's
                         root moves added up
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from meeple.core import ConfigError

from .base import shorten

DEFAULT_ITERATIONS = 2000
DEFAULT_SECONDS = 1.5
DEFAULT_EXPLORATION = 0.7
#: Rollouts stop after this many actions and are scored by evaluation: the cost of an
#: iteration stays bounded however long a game runs (``full`` lifts the cut-off).
DEFAULT_DEPTH = 60
#: The rollout policies a spec may name.
ROLLOUTS = ("random", "greedy", "scripted")

#: A budget's numbers are at most 12 digits: a longer one is no budget anyone means.
_BUDGET = re.compile(r"^(\d{1,12})?(?:@(\d{1,12}(?:\.\d{0,12})?|\.\d{1,12})(ms|s)?)?$")
#: A constant after a one-letter token (``c1.0``, ``z.5``, ``w2``): at most 9+9 digits.
_NUMBER = r"(\d{1,9}(\.\d{0,9})?|\.\d{1,9})"
_SETTINGS = ("rollout", "depth", "exploration", "settle", "widen", "prefer", "seen", "named",
             "rivals", "tree")
#: What a refused token's message offers instead.
_EXAMPLES = ("mcts:800, mcts@2s, mcts:800:greedy, mcts:800:scripted, mcts:800:d20, "
             "mcts:800:full, mcts:800:c1.0, mcts:800:z1, mcts:800:w2, mcts:800:p1, "
             "mcts:800:seen, mcts:800:named, mcts:800:rivals, mcts:1600:t200")
#: The settings a spec turns on by a word.
_SWITCHES = ("seen", "named", "rivals")
#: The settings a spec names by a letter and a constant: ``c0.7``, ``z1``, ``w2``, ``p3``.
_CONSTANTS = {"c": "exploration", "z": "settle", "w": "widen", "p": "prefer"}


@dataclass(frozen=True)
class SearchConfig:
    """How long to search and how to roll out.

    ``iterations`` and ``seconds`` are caps (None: no cap; at least one is set).
    """

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = DEFAULT_SECONDS
    rollout: str = "random"
    depth: int | None = DEFAULT_DEPTH
    exploration: float = DEFAULT_EXPLORATION
    #: Root moves whose mean values lie within this many standard errors of the most visited
    #: one are told apart by the game's one-step heuristic (0: never).
    settle: float = 0.0
    #: Progressive widening (0: off): a node visited ``n`` times has at most
    #: ``1 + widen * sqrt(n)`` children for the seat to act there.
    widen: float = 0.0
    #: Root moves within this many standard errors of the most visited one go to the game's
    #: scripted player's choice when it is among them (0: never); else ``settle`` decides.
    prefer: float = 0.0
    #: Below an action, the tree keeps one branch per outcome the searching seat sees (the
    #: events of the action as ``events(seat)`` shows them): the moves after a spin are chosen
    #: knowing the spin, as a player chooses them. Off: one branch per action, whatever followed.
    seen: bool = False
    #: The game's ``search_moves`` narrow the moves of every node of the tree, whoever is to
    #: act there, as they narrow the root's: the tree weighs each seat's moves as the bots
    #: choose among them. Off: only the root's moves are narrowed.
    named: bool = False
    #: Inside the tree every seat but the searching one plays the game's own plan (its
    #: scripted player, ``Game.rollout_policy``) on each world, one move a node, instead of
    #: the reply the tree finds best for it: the rivals are expected to play as the plan
    #: does, not as a search that has seen the searching seat's every move answered. Off:
    #: every seat's moves are searched.
    rivals: bool = False
    #: The iterations of one tree (0: one tree for the whole budget): after each ``tree``
    #: iterations the search starts a fresh tree from a root of its own, and the move is
    #: chosen on every tree's root moves added up. Each tree stays as shallow as a search of
    #: ``tree`` iterations, so no reply deep in it is fitted to many worlds at once.
    tree: int = 0
    #: The settings the spec named itself (``"rollout"``, ``"depth"``, ``"exploration"``,
    #: ``"settle"``, ``"widen"``, ``"prefer"``, ``"seen"``, ``"named"``, ``"rivals"``,
    #: ``"tree"``); the others may be filled in from the game's ``search_hints``.
    given: frozenset[str] = field(default=frozenset(_SETTINGS), repr=False)

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ConfigError("a search needs an iteration or a time budget")
        if self.iterations is not None and self.iterations < 1:
            raise ConfigError(f"a search needs at least one iteration, got {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ConfigError(f"a time budget must be positive, got {self.seconds}")
        if self.rollout not in ROLLOUTS:
            raise ConfigError(f"rollouts are random, greedy or scripted, not {self.rollout!r}")
        if self.depth is not None and self.depth < 0:
            raise ConfigError(f"a rollout depth cannot be negative, got {self.depth}")
        if self.settle < 0 or self.prefer < 0:
            raise ConfigError(f"a settling margin cannot be negative, got "
                              f"{min(self.settle, self.prefer):g}")
        if self.widen < 0 or (0 < self.widen < 0.01):
            raise ConfigError(f"a widening constant is 0 (off) or at least 0.01, "
                              f"got {self.widen:g}")
        if self.tree < 0:
            raise ConfigError(f"a tree's iterations cannot be negative, got {self.tree}")

    @property
    def deterministic(self) -> bool:
        """True when only the iteration budget limits the search."""
        return self.seconds is None

    def spec(self) -> str:
        """The canonical spec text after ``mcts``."""
        budget = str(self.iterations) if self.iterations is not None else ""
        if self.seconds is not None:
            budget += f"@{self.seconds:g}s"
        parts = [budget, self.rollout]
        if self.depth is None:
            parts.append("full")
        elif self.depth != DEFAULT_DEPTH:
            parts.append(f"d{self.depth}")
        if self.exploration != DEFAULT_EXPLORATION:
            parts.append(f"c{self.exploration:g}")
        if self.settle:
            parts.append(f"z{self.settle:g}")
        if self.widen:
            parts.append(f"w{self.widen:g}")
        if self.prefer:
            parts.append(f"p{self.prefer:g}")
        parts.extend(name for name in _SWITCHES if getattr(self, name))
        if self.tree:
            parts.append(f"t{self.tree}")
        return ":".join(parts)

    def with_hints(self, hints: str) -> SearchConfig:
        """This configuration, with what the spec left open taken from a game's hints.

        ``hints`` uses the spec tokens without a budget (``"greedy:d4"``); a setting the spec
        named itself always wins.

        >>> parse_spec("300").with_hints("greedy:d4").spec()
        '300:greedy:d4'
        >>> parse_spec("300:d10").with_hints("greedy:d4").spec()
        '300:greedy:d10'
        """
        if not hints:
            return self
        h = parse_spec(hints)
        if "budget" in h.given:
            raise ConfigError(f"search hints name no budget, got {hints!r}")
        own = self.given
        return replace(
            self,
            rollout=self.rollout if "rollout" in own else h.rollout,
            depth=self.depth if "depth" in own else h.depth,
            exploration=self.exploration if "exploration" in own else h.exploration,
            settle=self.settle if "settle" in own else h.settle,
            widen=self.widen if "widen" in own else h.widen,
            prefer=self.prefer if "prefer" in own else h.prefer,
            seen=self.seen if "seen" in own else h.seen,
            named=self.named if "named" in own else h.named,
            rivals=self.rivals if "rivals" in own else h.rivals,
            tree=self.tree if "tree" in own else h.tree,
            given=own | h.given)


def parse_spec(arg: str | None) -> SearchConfig:
    """The configuration named by the text after ``mcts`` (``"800:greedy"``, ``"@2s"``).

    >>> c = parse_spec("800:greedy")
    >>> c.iterations, c.seconds, c.rollout, c.depth, c.exploration, sorted(c.given)
    (800, None, 'greedy', 60, 0.7, ['budget', 'rollout'])
    >>> parse_spec("@2s").seconds, parse_spec("@250ms").seconds, parse_spec("@2s").iterations
    (2.0, 0.25, None)
    >>> parse_spec("300@1.5s:d40:c1").spec()
    '300@1.5s:random:d40:c1'
    >>> parse_spec("300:scripted:w1.5").spec()
    '300:scripted:w1.5'
    """
    if not arg:
        return SearchConfig(given=frozenset())
    given: set[str] = set()
    iterations: int | None = None
    seconds: float | None = None
    rollout = "random"
    depth: int | None = DEFAULT_DEPTH
    constants = {"exploration": DEFAULT_EXPLORATION, "settle": 0.0, "widen": 0.0, "prefer": 0.0}
    switches = dict.fromkeys(_SWITCHES, False)
    tree = 0
    for token in arg.split(":"):
        t = token.strip().lower()
        m = _BUDGET.match(t)
        if t and m and (m.group(1) or m.group(2)):
            given.add("budget")
            if m.group(1):
                iterations = int(m.group(1))
            if m.group(2):
                seconds = float(m.group(2)) / (1000.0 if m.group(3) == "ms" else 1.0)
        elif t in ROLLOUTS:
            rollout = t
            given.add("rollout")
        elif re.fullmatch(r"d\d{1,9}", t):
            depth = int(t[1:])
            given.add("depth")
        elif t == "full":
            depth = None
            given.add("depth")
        elif re.fullmatch(r"t\d{1,9}", t):
            tree = int(t[1:])
            given.add("tree")
        elif t in switches:
            switches[t] = True
            given.add(t)
        elif t[:1] in _CONSTANTS and re.fullmatch(_NUMBER, t[1:]):
            constants[_CONSTANTS[t[0]]] = float(t[1:])
            given.add(_CONSTANTS[t[0]])
        else:
            raise ConfigError(f"cannot read {shorten(token)!r} in an mcts spec; use e.g. "
                              f"{_EXAMPLES}")
    if "budget" not in given:
        iterations, seconds = DEFAULT_ITERATIONS, DEFAULT_SECONDS
    return SearchConfig(iterations, seconds, rollout, depth, **constants, seen=switches["seen"],
                        named=switches["named"], rivals=switches["rivals"], tree=tree,
                        given=frozenset(given))
