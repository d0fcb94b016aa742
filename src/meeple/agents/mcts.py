"""Information-set Monte Carlo tree search (single-observer ISMCTS with availability counts).

One tree per decision, grown from the deciding seat's point of view. Every iteration:

1. **Determinize.** ``InfoSet.sample`` gives a full state consistent with what the seat knows:
   others' hands, deck order and future dice are re-sampled, so the search never reads the
   true hidden state, and chance inside ``apply`` follows the sample's own generator.
2. **Select.** From the root, follow the tree while every legal action of the sampled state
   already has a child. Children are keyed by *(deciding seat, action text)*, so one tree
   serves every determinization; a child's *availability* counts the iterations in which it
   was legal, and UCB1 uses it in place of the parent's visits (Cowling, Powley and Whitehouse
   2012). Each node is scored for the seat that chose it, so any number of seats, out-of-turn
   decisions (any seat may be ``to_act``) and cooperative games need nothing special.
3. **Expand** one untried legal action, chosen by the search generator.
4. **Roll out** with a policy (``random`` or ``greedy``) for at most ``depth`` actions (or to
   the end of the game), then read every seat's value (:mod:`meeple.agents.evaluation`): exact
   on finished games, the game's heuristic (or a generic fallback) on unfinished ones.
5. **Back up** the reward vector: each node adds the reward of the seat that chose it.

The chosen action is the most visited root child. With ``settle`` (``z``), root moves whose
mean values lie within that many standard errors of the most visited one's are close calls the
search cannot decide: the game's heuristic decides between them one step ahead, averaged over
a few determinizations, as the greedy bot would. With an iteration budget the search is
deterministic for a seed; a time budget trades that for a bounded thinking time.

Spec syntax (after ``mcts:``, tokens separated by ``:`` in any order)::

    mcts                 default budget: 2000 iterations, but at most 1.5 s
    mcts:800             800 iterations, no time limit (deterministic)
    mcts@2s  mcts@500ms  time budget only
    mcts:800@1.5s        800 iterations, but stop after 1.5 s
    mcts:800:greedy      greedy rollouts (``random`` is the default)
    mcts:800:d20         rollouts cut off after 20 actions (default 60), then evaluated
    mcts:800:full        rollouts played to the end of the game
    mcts:800:c1.0        exploration constant of UCB1 (default 0.7)
    mcts:800:z1          close calls within 1 standard error settled by the heuristic

``mcts-cheat`` takes the same spec and searches the true state: it sees every hand and the
deck order (future dice are still re-rolled). It is a yardstick, never a fair opponent.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, field, replace

from meeple.core import Action, ConfigError, Rng, State

from .base import CheatInfoSet, InfoSet, Reason, shorten
from .evaluation import values
from .greedy import greedy_action, sampled_values

DEFAULT_ITERATIONS = 2000
DEFAULT_SECONDS = 1.5
DEFAULT_EXPLORATION = 0.7
#: Rollouts stop after this many actions and are scored by evaluation: the cost of an
#: iteration stays bounded however long a game runs (``full`` lifts the cut-off).
DEFAULT_DEPTH = 60
#: Determinizations the one-step heuristic is averaged over when it settles a close call.
SETTLE_SAMPLES = 8

#: A budget's numbers are at most 12 digits: a longer one is no budget anyone means.
_BUDGET = re.compile(r"^(\d{1,12})?(?:@(\d{1,12}(?:\.\d{0,12})?|\.\d{1,12})(ms|s)?)?$")


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
    #: The settings the spec named itself (``"rollout"``, ``"depth"``, ``"exploration"``,
    #: ``"settle"``); the others may be filled in from the game's ``search_hints``.
    given: frozenset[str] = field(
        default=frozenset(("rollout", "depth", "exploration", "settle")), repr=False)

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ConfigError("a search needs an iteration or a time budget")
        if self.iterations is not None and self.iterations < 1:
            raise ConfigError(f"a search needs at least one iteration, got {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ConfigError(f"a time budget must be positive, got {self.seconds}")
        if self.rollout not in ("random", "greedy"):
            raise ConfigError(f"rollouts are random or greedy, not {self.rollout!r}")
        if self.depth is not None and self.depth < 0:
            raise ConfigError(f"a rollout depth cannot be negative, got {self.depth}")
        if self.settle < 0:
            raise ConfigError(f"a settling margin cannot be negative, got {self.settle}")

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
        return replace(
            self,
            rollout=self.rollout if "rollout" in self.given else h.rollout,
            depth=self.depth if "depth" in self.given else h.depth,
            exploration=self.exploration if "exploration" in self.given else h.exploration,
            settle=self.settle if "settle" in self.given else h.settle,
            given=self.given | h.given)


def parse_spec(arg: str | None) -> SearchConfig:
    """The configuration named by the text after ``mcts`` (``"800:greedy"``, ``"@2s"``).

    >>> c = parse_spec("800:greedy")
    >>> c.iterations, c.seconds, c.rollout, c.depth, c.exploration, sorted(c.given)
    (800, None, 'greedy', 60, 0.7, ['budget', 'rollout'])
    >>> parse_spec("@2s").seconds, parse_spec("@250ms").seconds, parse_spec("@2s").iterations
    (2.0, 0.25, None)
    >>> parse_spec("300@1.5s:d40:c1").spec()
    '300@1.5s:random:d40:c1'
    """
    if not arg:
        return SearchConfig(given=frozenset())
    given: set[str] = set()
    iterations: int | None = None
    seconds: float | None = None
    rollout = "random"
    depth: int | None = DEFAULT_DEPTH
    exploration = DEFAULT_EXPLORATION
    settle = 0.0
    for token in arg.split(":"):
        t = token.strip().lower()
        m = _BUDGET.match(t)
        if t and m and (m.group(1) or m.group(2)):
            given.add("budget")
            if m.group(1):
                iterations = int(m.group(1))
            if m.group(2):
                seconds = float(m.group(2)) / (1000.0 if m.group(3) == "ms" else 1.0)
        elif t in ("random", "greedy"):
            rollout = t
            given.add("rollout")
        elif re.fullmatch(r"d\d{1,9}", t):
            depth = int(t[1:])
            given.add("depth")
        elif t == "full":
            depth = None
            given.add("depth")
        elif re.fullmatch(r"c(\d{1,9}(\.\d{0,9})?|\.\d{1,9})", t):
            exploration = float(t[1:])
            given.add("exploration")
        elif re.fullmatch(r"z(\d{1,9}(\.\d{0,9})?|\.\d{1,9})", t):
            settle = float(t[1:])
            given.add("settle")
        else:
            raise ConfigError(
                f"cannot read {shorten(token)!r} in an mcts spec; use e.g. mcts:800, mcts@2s, "
                "mcts:800:greedy, mcts:800:d20, mcts:800:full, mcts:800:c1.0, mcts:800:z1")
    if "budget" not in given:
        iterations, seconds = DEFAULT_ITERATIONS, DEFAULT_SECONDS
    return SearchConfig(iterations, seconds, rollout, depth, exploration, settle,
                        frozenset(given))


class Node:
    """A tree node: the seat that chose the action leading here and that seat's statistics."""

    __slots__ = ("actor", "avail", "children", "n", "square", "value")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.n = 0
        self.avail = 1
        self.value = 0.0
        self.square = 0.0
        self.children: dict[tuple[int, str], Node] = {}


@dataclass(frozen=True)
class MoveStats:
    """What the search thinks of one root action."""

    action: Action
    visits: int
    value: float


class MCTSAgent:
    """ISMCTS over determinizations sampled from the seat's InfoSet (see the module docs)."""

    name = "mcts"
    sees_everything = False

    def __init__(self, seed: int = 0, config: SearchConfig | None = None) -> None:
        self.rng = Rng(seed)
        self.config = config or SearchConfig()
        #: The configuration of the current search: ``config`` completed by the game's hints.
        self.active = self.config
        self.last_stats: list[MoveStats] = []
        #: One-step values of the moves the last search could not tell apart (see ``settle``).
        self.last_settled: dict[str, float] = {}
        self.last_iterations = 0
        self.last_seconds = 0.0

    def choose(self, info: InfoSet) -> Action:
        """The most visited legal action after searching within the budget; with ``settle``,
        the heuristic's pick among the close calls (see :meth:`_settle`)."""
        legal = info.legal_actions()
        self.last_settled = {}
        if len(legal) == 1:
            self.last_stats = [MoveStats(legal[0], 0, 0.0)]
            self.last_iterations, self.last_seconds = 0, 0.0
            return legal[0]
        start = time.perf_counter()
        root = self.search(info)
        self.last_seconds = time.perf_counter() - start
        self.last_iterations = root.n
        seat = info.seat
        stats: list[tuple[int, float, int, Action]] = []
        for i, a in enumerate(legal):
            ch = root.children.get((seat, a[0]))
            n, v = (ch.n, ch.value / ch.n) if ch is not None and ch.n else (0, 0.0)
            stats.append((n, v, -i, a))
        stats.sort(key=lambda s: (s[0], s[1], s[2]), reverse=True)
        self.last_stats = [MoveStats(a, n, v) for n, v, _, a in stats]
        if self.active.settle:
            close = self._close_calls(root, seat, [a for *_, a in stats])
            if len(close) > 1:
                return self._settle(info, close)
        return stats[0][3]

    def _close_calls(self, root: Node, seat: int, ranked: list[Action]) -> list[Action]:
        """The root moves the search cannot tell from its most visited one (``ranked[0]``):
        their mean values lie within ``settle`` standard errors of its mean."""
        z = self.active.settle

        def moments(a: Action) -> tuple[float, float] | None:
            ch = root.children.get((seat, a[0]))
            if ch is None or ch.n < 2:
                return None
            mean = ch.value / ch.n
            return mean, max(0.0, ch.square / ch.n - mean * mean) / ch.n

        top = moments(ranked[0])
        if top is None:
            return [ranked[0]]
        close = [ranked[0]]
        for a in ranked[1:]:
            m = moments(a)
            if m is not None and top[0] - m[0] <= z * math.sqrt(top[1] + m[1]):
                close.append(a)
        return close

    def _settle(self, info: InfoSet, close: list[Action]) -> Action:
        """Of moves the search values alike, the one the game's heuristic likes best one step
        ahead, averaged over a few determinizations; the most visited on equal terms."""
        means = sampled_values(info, close, SETTLE_SAMPLES, self.rng)
        best = max(range(len(close)), key=lambda i: (means[i], -i))
        self.last_settled = {a[0]: v for a, v in zip(close, means, strict=True)}
        return close[best]

    def search(self, info: InfoSet) -> Node:
        """Grow a tree for ``info.seat`` within the budget and return its root."""
        cfg = self.active = self.config.with_hints(info.search_hints)
        rng = self.rng
        root = Node(info.seat)
        limit = cfg.iterations
        deadline = None if cfg.seconds is None else time.perf_counter() + cfg.seconds
        clock = time.perf_counter
        done = 0
        while limit is None or done < limit:
            if deadline is not None and done and clock() >= deadline:
                break
            self._iterate(root, info.sample(rng.next64()))
            done += 1
        return root

    def _iterate(self, root: Node, det: State) -> None:
        """One iteration on the determinization ``det``: select, expand, roll out, back up."""
        rng = self.rng
        c = self.active.exploration
        log = math.log
        sqrt = math.sqrt
        node = root
        path = [root]
        while det.to_act is not None:
            seat = det.to_act
            children = node.children
            untried: list[tuple[Action, tuple[int, str]]] = []
            best: Node | None = None
            best_action: Action | None = None
            best_score = -1.0
            for a in det.legal_actions():
                key = (seat, a[0])
                ch = children.get(key)
                if ch is None:
                    untried.append((a, key))
                    continue
                ch.avail += 1
                if untried:
                    continue
                score = ch.value / ch.n + c * sqrt(log(ch.avail) / ch.n)
                if score > best_score:
                    best, best_action, best_score = ch, a, score
            if untried:
                a, key = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                det.apply(a)
                child = Node(seat)
                children[key] = child
                path.append(child)
                break
            assert best is not None and best_action is not None
            det.apply(best_action)
            node = best
            path.append(node)
        rewards = self._rollout(det)
        root.n += 1
        for nd in path[1:]:
            r = rewards[nd.actor]
            nd.n += 1
            nd.value += r
            nd.square += r * r

    def _rollout(self, det: State) -> list[float]:
        """Play on by the rollout policy (at most ``depth`` actions); every seat's reward."""
        rng = self.rng
        depth = self.active.depth
        greedy = self.active.rollout == "greedy"
        steps = 0
        while det.to_act is not None and (depth is None or steps < depth):
            if greedy:
                det.apply(greedy_action(det, rng))
            else:
                legal = det.legal_actions()
                det.apply(legal[rng.below(len(legal))])
            steps += 1
        return values(det)

    def explain_last(self) -> list[tuple[Action, str]]:
        """The top moves of the last search with their visit counts and mean values; after a
        settled close call, also their one-step values and which of them was played.

        Rows are keyed by the Action, not its text: an interface shows each seat the text it
        may read (see :func:`meeple.agents.explain_for`)."""
        total = sum(s.visits for s in self.last_stats) or 1
        settled = self.last_settled
        played = max(settled, key=settled.__getitem__) if settled else None
        rows: list[tuple[Action, str]] = []
        for s in self.last_stats[:5]:
            if s.visits == 0 and len(self.last_stats) == 1:
                rows.append((s.action, Reason("the only legal action", "why.only")))
                continue
            fields = {"visits": str(s.visits), "share": f"{100 * s.visits / total:.0f}",
                      "value": f"{s.value:.3f}"}
            text = f"{s.visits} visits ({fields['share']}%), value {fields['value']}"
            key = "why.visits"
            if s.action[0] in settled:
                fields["ahead"] = f"{settled[s.action[0]]:.3f}"
                text += f", one step ahead {fields['ahead']}"
                key = "why.visits_settled"
                if s.action[0] == played:
                    text += " (played: a close call, settled by the heuristic)"
                    key = "why.visits_played"
            rows.append((s.action, Reason(text, key, **fields)))
        return rows


class CheatMCTSAgent(MCTSAgent):
    """The same search on the TRUE state: it sees every hand and the deck order.

    A yardstick for how much hidden information costs, never a fair opponent. It declares
    ``sees_everything``, so game loops hand it a :class:`CheatInfoSet`; given a plain InfoSet
    it refuses to play rather than silently play fair.
    """

    name = "mcts-cheat"
    sees_everything = True

    def choose(self, info: InfoSet) -> Action:
        """The most visited legal action of a search over the true state."""
        if not isinstance(info, CheatInfoSet):
            raise ConfigError("mcts-cheat sees everything and must be given a CheatInfoSet; "
                              "build what agents receive with meeple.agents.info_set")
        return super().choose(info)


def make_mcts(arg: str | None, seed: int) -> MCTSAgent:
    """``mcts`` from its spec text (see the module docs)."""
    return MCTSAgent(seed, parse_spec(arg))


def make_mcts_cheat(arg: str | None, seed: int) -> CheatMCTSAgent:
    """``mcts-cheat`` from its spec text (the same syntax as ``mcts``)."""
    return CheatMCTSAgent(seed, parse_spec(arg))
