"""Information-set Monte Carlo tree search (single-observer ISMCTS with availability counts).

One tree per decision, grown from the deciding seat's point of view. Every iteration:

1. **Determinize.** ``InfoSet.sample`` gives a full state consistent with what the seat knows:
   others' hands, deck order and future dice are re-sampled, so the search never reads the
   true hidden state, and chance inside ``apply`` follows the sample's own generator.
2. **Select.** From the root, follow the tree while every legal action of the sampled state
   already has a child. Children are kept per deciding seat and keyed by action text, so one
   tree serves every determinization; a child's *availability* counts the iterations in which it
   was legal, and UCB1 uses it in place of the parent's visits (Cowling, Powley and Whitehouse
   2012). Each node is scored for the seat that chose it, so any number of seats, out-of-turn
   decisions (any seat may be ``to_act``) and cooperative games need nothing special. With
   ``seen``, the node below an action branches on the action's events as the searching seat
   sees them (:func:`observed`; a spin's number, a card drawn face up), so the moves after a
   chance event are weighed knowing its outcome; a branch met for the first time is a leaf.
3. **Expand** one untried legal action, chosen by the search generator (with progressive
   widening, ``w``, only while the node has fewer than ``1 + w sqrt(visits)`` children).
4. **Roll out** with a policy (``random``, ``greedy`` or the game's ``scripted``
   ``rollout_policy``) for at most ``depth`` actions (or to the end of the game), then read
   every seat's value (:mod:`meeple.agents.evaluation`): exact on finished games, the game's
   heuristic (or a generic fallback) on unfinished ones.
5. **Back up** the reward vector: each node adds the reward of the seat that chose it.

A game may narrow the moves searched at the root (``Game.search_moves``): moves that only make
sense as the first of several the search cannot see through, such as opening a trade offer no
trade would complete, are left out there (the tree below and the rollouts keep every move).
With ``named`` the game's filter narrows every node of the tree as well, whoever acts there:
the tree then weighs each seat's moves among those the bots choose from (the rollouts are
unchanged).

The chosen action is the most visited root child. With ``settle`` (``z``), root moves whose
mean values lie within that many standard errors of the most visited one's are close calls the
search cannot decide: the game's heuristic decides between them one step ahead, averaged over
a few determinizations, as the greedy bot would. With ``prefer`` (``p``), the close calls
within that many standard errors go first to the game's own plan (its scripted player, asked on
one determinization) when its choice is among them: the search keeps the plan unless it has
found a move clearly better. With an iteration budget the search is
deterministic for a seed. A time budget stops after however many iterations the clock allowed
(``last_iterations``): the same agent seed searching that many iterations as its budget makes
the same decision, since every draw comes from the agent's own generator in the same order.

The spec syntax and the search settings are in :mod:`meeple.agents.spec`.

``mcts-cheat`` takes the same spec and searches the true state: it sees every hand and the
deck order (future dice are still re-rolled). It is a yardstick, never a fair opponent.
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from meeple.core import Action, ConfigError, Rng, State, game_class, game_ids
from meeple.core.seen import LogEntry

from .base import CheatInfoSet, InfoSet, Reason
from .evaluation import values
from .forbid import Restriction
from .greedy import Moves, greedy_step, named_moves, sampled_values, weighed
from .spec import (
    DEFAULT_DEPTH,
    DEFAULT_EXPLORATION,
    DEFAULT_ITERATIONS,
    DEFAULT_SECONDS,
    SearchConfig,
    parse_spec,
)

#: Determinizations the one-step heuristic is averaged over when it settles a close call.
SETTLE_SAMPLES = 8
#: Why a move the game named among several (``search_moves``) was played without a search.
_NAMED = ("the move the game names here; the others are not weighed", "why.named")

#: A game's scripted rollout policy: ``policy(state, rng)`` -> a legal action of ``to_act``.
Policy = Callable[[State, Rng], Action]
_POLICIES: dict[str, Policy] = {}
#: ``_LOGS[k] == math.log(k)`` (``_LOGS[0]`` unused), grown as searches need.
_LOGS: list[float] = [0.0] + [math.log(k) for k in range(1, 4096)]


#: The key under which a node keeps its outcome branches (``seen``): no seat has it.
CHANCE = -1


def observed(log: LogEntry | None, before: LogEntry | None, seat: int) -> str:
    """What ``seat`` saw of the events logged after ``before`` up to ``log`` (as
    ``events(seat)`` shows them, newest first), as text: the key of an outcome branch."""
    seen: list[tuple[str, object]] = []
    while log is not before and log is not None:
        e = log[1]
        if e[0] == "E":
            if e[3] is None or seat in e[3]:
                seen.append((e[1], e[2]))
            elif e[4] is not None:
                seen.append((e[1], e[4]))
        log = log[0]
    return repr(seen) if seen else ""


class Node:
    """A tree node: the seat that chose the action leading here and that seat's statistics.

    Children are kept per seat to act, each seat's keyed by action text: ``children[seat]
    [text]``. One tree serves every determinization, whoever is to act in it. With ``seen``,
    the outcomes of the action leading here are kept too, keyed by what the searching seat saw
    of them: ``children[CHANCE][seen]``.
    """

    __slots__ = ("actor", "avail", "children", "mean", "n", "square", "value")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.n = 0
        self.avail = 1
        self.value = 0.0
        self.square = 0.0
        #: ``value / n``, kept up to date by the back-up (0 before the first visit).
        self.mean = 0.0
        self.children: dict[int, dict[str, Node]] = {}

    def child(self, seat: int, text: str) -> Node | None:
        """The child reached when ``seat`` plays the action of ``text``, if the tree has it."""
        kids = self.children.get(seat)
        return None if kids is None else kids.get(text)

    def add(self, seat: int, text: str, node: Node) -> Node:
        """Hang ``node`` under this one as ``seat``'s action ``text``; return it."""
        self.children.setdefault(seat, {})[text] = node
        return node


def branch(node: Node, text: str) -> tuple[Node, bool]:
    """The branch of ``node`` for the outcome seen as ``text`` (``seen``), and whether it was
    made just now."""
    kids = node.children.get(CHANCE)
    found = None if kids is None else kids.get(text)
    if found is not None:
        return found, False
    return node.add(CHANCE, text, Node(node.actor)), True


def back_up(path: list[Node], rewards: list[float]) -> None:
    """Count an iteration's rewards along its path (the root, ``path[0]``, only counts it):
    each node adds the reward of the seat that chose it."""
    path[0].n += 1
    for nd in path[1:]:
        r = rewards[nd.actor]
        nd.n = k = nd.n + 1
        nd.value = v = nd.value + r
        nd.square += r * r
        nd.mean = v / k


def summed(roots: list[Node], seat: int) -> Node:
    """One root holding the statistics of ``seat``'s root moves in every tree of ``roots``
    added up (``tree``): the choice, its close calls and ``why`` read it as one tree's."""
    out = Node(seat)
    kids = out.children[seat] = {}
    for root in roots:
        out.n += root.n
        for text, ch in root.children.get(seat, {}).items():
            into = kids.get(text)
            if into is None:
                into = kids[text] = Node(seat)
            into.n += ch.n
            into.value += ch.value
            into.square += ch.square
    for into in kids.values():
        into.mean = into.value / into.n if into.n else 0.0
    return out


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
        #: The move the game's own plan chose among close calls (see ``prefer``).
        self.last_planned: str | None = None
        #: Iterations and seconds the last decision searched (0 when it had one move to
        #: weigh): with a time budget, ``mcts:<last_iterations>`` from the same generator
        #: state makes the same decision (docs/bots.md, "Determinism").
        self.last_iterations = 0
        self.last_seconds = 0.0
        self._policy: Policy | None = None
        #: The game's filter of the moves weighed, for every node of the tree (``named``).
        self._narrow: Moves | None = None
        #: The texts of the root moves searched (None: every legal move), see ``search_moves``.
        self._only: frozenset[str] | None = None
        #: Actions this agent's seat may not play, in the whole tree and its rollouts
        #: (:mod:`.restrict`, set by ``RestrictedAgent``); ``_rseat`` is the seat it holds in
        #: the current search (-1: none).
        self.restriction: Restriction | None = None
        #: What the current search holds its own seat from: ``restriction`` and the game's
        #: ``search_forbids`` together (None: nothing); ``_held`` keeps one per game.
        self._rule: Restriction | None = None
        self._held: dict[tuple[str, ...], Restriction] = {}
        self._rseat = -1
        #: The last decision's one move was named by the game among several legal ones.
        self._named = False

    def choose(self, info: InfoSet) -> Action:
        """The most visited legal action after searching within the budget; with ``settle``,
        the heuristic's pick among the close calls (see :meth:`_settle`)."""
        every = info.legal_actions()
        rule = self._rule_for(info)
        if rule is not None:
            every = rule.allowed(every)
        legal = self._searched(info, every)
        only = frozenset(a[0] for a in legal) if len(legal) < len(every) else None
        self.last_settled, self.last_planned = {}, None
        self._named = len(legal) == 1 < len(every)  # the game named the move (search_moves)
        if len(legal) == 1:
            self.last_stats = [MoveStats(legal[0], 0, 0.0)]
            self.last_iterations, self.last_seconds = 0, 0.0
            return legal[0]
        start = time.perf_counter()
        root = self.search(info, only)
        self.last_seconds = time.perf_counter() - start
        self.last_iterations = root.n
        seat = info.seat
        stats: list[tuple[int, float, int, Action]] = []
        for i, a in enumerate(legal):
            ch = root.child(seat, a[0])
            n, v = (ch.n, ch.value / ch.n) if ch is not None and ch.n else (0, 0.0)
            stats.append((n, v, -i, a))
        stats.sort(key=lambda s: (s[0], s[1], s[2]), reverse=True)
        self.last_stats = [MoveStats(a, n, v) for n, v, _, a in stats]
        ranked = [a for *_, a in stats]
        if self.active.prefer:
            planned = self._planned(info, root, seat, ranked)
            if planned is not None:
                return planned
        if self.active.settle:
            close = self._close_calls(root, seat, ranked, self.active.settle)
            if len(close) > 1:
                return self._settle(info, close)
        return ranked[0]

    def _rule_for(self, info: InfoSet) -> Restriction | None:
        """What the search holds its own seat from in ``info``'s game: the agent's
        ``restriction`` and the game's ``search_forbids`` in one rule; None for neither."""
        forbids = info.search_forbids
        if not forbids:
            return self.restriction
        rule = self._held.get(forbids)
        if rule is None:
            own = self.restriction.prefixes if self.restriction is not None else ()
            rule = self._held[forbids] = Restriction((*own, *forbids))
        return rule

    def _searched(self, info: InfoSet, legal: list[Action]) -> list[Action]:
        """The root moves worth searching: ``legal`` as the game's ``search_moves`` narrows
        it (:func:`greedy.weighed`)."""
        return weighed(info, legal, self.rng)

    def _close_calls(self, root: Node, seat: int, ranked: list[Action], z: float
                     ) -> list[Action]:
        """The root moves the search cannot tell from its most visited one (``ranked[0]``):
        their mean values lie within ``z`` standard errors of its mean."""

        def moments(a: Action) -> tuple[float, float] | None:
            ch = root.child(seat, a[0])
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

    def _planned(self, info: InfoSet, root: Node, seat: int, ranked: list[Action]
                 ) -> Action | None:
        """The game's scripted player's choice, on a determinization, when the search cannot
        tell it from its most visited move (within ``prefer`` standard errors); else None."""
        close = self._close_calls(root, seat, ranked, self.active.prefer)
        policy = self._policy or rollout_policy(info)
        pick = policy(info.sample(self.rng.next64()), self.rng)[0]
        chosen = next((a for a in close if a[0] == pick), None)
        if chosen is not None and len(close) > 1:
            self.last_planned = chosen[0]
        return chosen

    def _settle(self, info: InfoSet, close: list[Action]) -> Action:
        """Of moves the search values alike, the one the game's heuristic likes best one step
        ahead, averaged over a few determinizations; the most visited on equal terms."""
        means = sampled_values(info, close, SETTLE_SAMPLES, self.rng)
        best = max(range(len(close)), key=lambda i: (means[i], -i))
        self.last_settled = {a[0]: v for a, v in zip(close, means, strict=True)}
        return close[best]

    def search(self, info: InfoSet, only: frozenset[str] | None = None) -> Node:
        """Grow a tree for ``info.seat`` within the budget and return its root (with ``tree``,
        a fresh tree every ``tree`` iterations, their root moves summed); with ``only``, the
        root weighs only the moves of those texts."""
        self._only = only
        self._rule = rule = self._rule_for(info)
        self._rseat = info.seat if rule is not None else -1
        cfg = self.active = self.config.with_hints(info.search_hints)
        self._policy = (rollout_policy(info) if cfg.rollout == "scripted" or cfg.rivals
                        else None)
        self._narrow = named_moves(info.search_moves) if cfg.named else None
        rng = self.rng
        root = Node(info.seat)
        roots = [root]
        fresh = cfg.tree  # iterations a tree (0: one tree)
        limit = cfg.iterations
        deadline = None if cfg.seconds is None else time.perf_counter() + cfg.seconds
        clock = time.perf_counter
        iterate = self._iterate
        sample = info.sample
        logs = _LOGS
        done = 0
        while limit is None or done < limit:
            if deadline is not None and done and clock() >= deadline:
                break
            if done + 2 >= len(logs):  # availabilities reach done + 1 in this iteration
                logs.extend(math.log(k) for k in range(len(logs), 2 * len(logs)))
            if fresh and done and not done % fresh:
                root = Node(info.seat)
                roots.append(root)
            iterate(root, sample(rng.next64()))
            done += 1
        return root if len(roots) == 1 else summed(roots, info.seat)

    def _iterate(self, root: Node, det: State) -> None:
        """One iteration on the determinization ``det``: select, expand, roll out, back up.

        Selection scores the children legal in ``det`` by UCB1 over availability; a node with
        legal actions it has no child for opens one of them (chosen by the search generator),
        unless progressive widening (``w``) holds it to the children it has."""
        rng, logs, sqrt = self.rng, _LOGS, math.sqrt
        c2, widen = self.active.exploration ** 2, self.active.widen
        node, path = root, [root]
        only, rseat, rule = self._only, self._rseat, self._rule  # root moves; held seat
        narrow = self._narrow
        seen = root.actor if self.active.seen else -1
        plan, me = (self._policy, root.actor) if self.active.rivals else (None, -1)
        while det.to_act is not None:
            seat = det.to_act
            kids = node.children.get(seat)
            if kids is None:
                kids = node.children[seat] = {}
            untried: list[Action] = []
            best: Node | None = None
            best_action: Action | None = None
            best_score = -1.0
            legal = det._legal or det._legal_actions()  # only read here: no copy
            legal = rule.allowed(legal) if seat == rseat and rule is not None else legal
            if only is not None:
                legal = [a for a in legal if a[0] in only]
                only = None
            elif narrow is not None and len(legal) > 1:
                legal = narrow(det, legal) or legal  # the moves the game names (``named``)
            if plan is not None and seat != me and len(legal) > 1:
                legal = [plan(det, rng)]  # a rival plays the game's plan (``rivals``)
            for a in legal:
                ch = kids.get(a[0])
                if ch is None:
                    untried.append(a)
                    continue
                ch.avail = k = ch.avail + 1
                if untried and not widen:
                    continue
                score = ch.mean + sqrt(c2 * logs[k] / ch.n)  # UCB1 over availability
                if score > best_score:
                    best, best_action, best_score = ch, a, score
            if untried and (best is None or not widen
                            or len(kids) < 1.0 + widen * sqrt(node.n)):
                a = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                det._advance(a)  # one of det's legal actions: apply's checks would pass
                child = kids[a[0]] = Node(seat)
                path.append(child)
                break
            assert best is not None and best_action is not None
            before = det._log
            det._advance(best_action)
            node = best
            path.append(node)
            if seen >= 0 and (text := observed(det._log, before, seen)):
                node, fresh = branch(node, text)  # the outcome the searching seat saw
                path.append(node)
                if fresh:
                    break
        back_up(path, self._rollout(det))

    def _rollout(self, det: State) -> list[float]:
        """Play on by the rollout policy (at most ``depth`` actions); every seat's reward."""
        rng = self.rng
        depth = self.active.depth
        left = -1 if depth is None else depth
        kind = self.active.rollout
        if self._rseat >= 0:
            return values(self._restricted_rollout(det, left))
        if kind == "random":
            below = rng.below
            while left and det.to_act is not None:
                legal = det._legal
                if legal is None:
                    legal = det._legal_actions()
                det._advance(legal[below(len(legal))])
                left -= 1
        elif kind == "greedy":
            while left and det.to_act is not None:
                det = greedy_step(det, rng)  # the chosen action's state, not applied again
                left -= 1
        else:
            policy = self._policy
            assert policy is not None
            while left and det.to_act is not None:
                det.apply(policy(det, rng))
                left -= 1
        return values(det)

    def _restricted_rollout(self, det: State, left: int) -> State:
        """The rollout of :meth:`_rollout` where the restricted seat never plays a forbidden
        action while another is legal; the same draws as the unrestricted one while nothing
        forbidden is legal. A scripted policy's forbidden pick gives way to the best allowed
        action one step ahead."""
        rng, kind, policy, rseat = self.rng, self.active.rollout, self._policy, self._rseat
        rule = self._rule
        assert rule is not None
        while left and det.to_act is not None:
            if kind == "scripted":  # the pick first: the rule is read only when it bans it
                assert policy is not None
                pick = policy(det, rng)
                if det.to_act == rseat and rule.banned(pick[0]):
                    every = det._legal_actions()
                    kept = rule.allowed(every)
                    if kept is not every:
                        det = greedy_step(det, rng, kept)
                        left -= 1
                        continue
                det.apply(pick)
                left -= 1
                continue
            legal = det._legal
            if legal is None:
                legal = det._legal_actions()
            allowed = rule.allowed(legal) if det.to_act == rseat else legal
            if kind == "random":
                det._advance(allowed[rng.below(len(allowed))])
            else:
                det = greedy_step(det, rng, allowed)
            left -= 1
        return det

    def explain_last(self) -> list[tuple[Action, str]]:
        """The top moves of the last search with their visit counts and mean values (as a
        percentage: the chances the search gives the move, 100 a sure win); after a settled
        close call, also their one-step values and which of them was played; after a close call
        that went to the game's own plan, which move that was.

        Rows are keyed by the Action, not its text: an interface shows each seat the text it
        may read (see :func:`meeple.agents.explain_for`)."""
        total = sum(s.visits for s in self.last_stats) or 1
        settled = self.last_settled
        played = max(settled, key=settled.__getitem__) if settled else None
        rows: list[tuple[Action, str]] = []
        for s in self.last_stats[:5]:
            if s.visits == 0 and len(self.last_stats) == 1:
                rows.append((s.action, Reason(*_NAMED) if self._named
                             else Reason("the only legal action", "why.only")))
                continue
            fields = {"visits": str(s.visits), "share": f"{100 * s.visits / total:.0f}",
                      "value": f"{100 * s.value:.0f}"}
            text = (f"tried in {s.visits} imagined games ({fields['share']}%), "
                    f"chances {fields['value']}%")
            key = "why.visits"
            if s.action[0] in settled:
                fields["ahead"] = f"{100 * settled[s.action[0]]:.0f}"
                text += f", one move ahead {fields['ahead']}%"
                key = "why.visits_settled"
                if s.action[0] == played:
                    text += " (played: a close call, settled one move ahead)"
                    key = "why.visits_played"
            elif s.action[0] == self.last_planned:
                text += " (played: a close call, the game's own plan)"
                key = "why.visits_planned"
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


def _no_policy(game_id: str) -> ConfigError:
    having = [g for g in game_ids(hidden=True) if game_class(g).rollout_policy]
    return ConfigError(f"{game_id} has no rollout policy, the plan of its own that scripted "
                       f"rollouts, the plan's close calls (p) and rivals (rivals) play; "
                       f"games that have one: {', '.join(having) or 'none'}")


def check_game(agent: MCTSAgent, game_id: str) -> None:
    """ConfigError if ``agent`` would roll out by, or leave close calls to, a scripted policy
    ``game_id`` does not have (named by its spec or by the game's hints): refused when the
    seat is given, not mid-game."""
    if game_id not in game_ids(hidden=True):
        return  # a game built outside the registry (a test's): its search tells at once
    cls = game_class(game_id)
    cfg = agent.config.with_hints(cls.search_hints)
    if (cfg.rollout == "scripted" or cfg.prefer or cfg.rivals) and not cls.rollout_policy:
        raise _no_policy(game_id)


def rollout_policy(info: InfoSet) -> Policy:
    """The game's ``rollout_policy`` function, imported once; ConfigError naming the games
    that have one when this game has none."""
    name = info.rollout_policy
    if not name:
        raise _no_policy(info.game_id)
    policy = _POLICIES.get(name)
    if policy is None:
        module, _, attr = name.partition(":")
        policy = _POLICIES[name] = getattr(importlib.import_module(module), attr)
    return policy


def make_mcts(arg: str | None, seed: int) -> MCTSAgent:
    """``mcts`` from its spec text (see the module docs)."""
    return MCTSAgent(seed, parse_spec(arg))


def make_mcts_cheat(arg: str | None, seed: int) -> CheatMCTSAgent:
    """``mcts-cheat`` from its spec text (the same syntax as ``mcts``)."""
    return CheatMCTSAgent(seed, parse_spec(arg))


__all__ = [
    "DEFAULT_DEPTH", "DEFAULT_EXPLORATION", "DEFAULT_ITERATIONS", "DEFAULT_SECONDS",
    "CheatMCTSAgent", "MCTSAgent", "MoveStats", "Node", "SearchConfig", "check_game",
    "make_mcts", "make_mcts_cheat", "parse_spec", "rollout_policy",
]
