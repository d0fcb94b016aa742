"""Where ``meeple serve``'s bots think: a bounded pool of worker processes (``--bot-workers``),
so a search never holds the interpreter lock the event loop needs, and the bounds a bot's spec
must keep (docs/server.md, "Bots").

A decision crosses to a worker as data — the state's ``to_json()``, the seat, the spec and a
seed — and comes back as the action's text; the worker restores the state, builds the seat's
InfoSet and the agent there, held within the server's ceiling whatever its spec asked. Each
match has at most one decision waiting (its bots play one move at a time), and decisions are
sent to the workers first come, first served, so a match with many bot seats queues behind
the others like anyone else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from meeple.agents import Reason, agent_seed, budget, capped, explain_for, info_set, make, shorten
from meeple.core import ConfigError, restore

from .limits import Limits

#: The longest seat kind: ``seats.kind`` is VARCHAR(64) on PostgreSQL.
KIND_CHARS = 64


class OverBudget(ConfigError):
    """A bot spec asking for more than the server allows; the sentence says what it allows."""


def check_spec(spec: str, game: str, limits: Limits) -> None:
    """Raise ConfigError (OverBudget past the ceiling) unless ``spec`` names a bot ``game`` can
    seat whose thinking stays within ``limits``."""
    if len(spec) > KIND_CHARS:
        raise ConfigError(f"a bot spec is at most {KIND_CHARS} characters, got {len(spec)} "
                          f"({shorten(spec)!r})")
    iterations, seconds = budget(make(spec, 0, game))
    allowed = (f"this server allows at most {limits.bot_seconds:g} s and "
               f"{limits.bot_iterations} iterations")
    if seconds is not None and seconds > limits.bot_seconds:
        asked = f"thinks up to {seconds:g} s a decision"
    elif iterations is not None and iterations > limits.bot_iterations:
        asked = f"spends up to {iterations} iterations a decision"
    else:
        return
    name = spec.partition(":")[0].partition("@")[0]
    if name == "greedy":
        hint = f"greedy:{min(4, limits.bot_iterations)}"
    else:
        hint = (f"{name}@{limits.bot_seconds:g}s or "
                f"{name}:{min(2000, limits.bot_iterations)}")
    raise OverBudget(f"{spec} {asked}; {allowed}: try {hint}")


@dataclass(frozen=True)
class Decision:
    """What a worker needs to choose for one seat: plain data, so it crosses processes."""

    spec: str
    game: str
    seed: int
    state: dict[str, Any]
    seat: int
    seconds: float
    iterations: int


def decision_seed(seed: int, seat: int, version: int) -> int:
    """The agent's seed for the decision at ``version`` of the match seeded ``seed``: the same
    decision gets the same seed on any worker, after any restart."""
    return agent_seed(agent_seed(seed, seat), version)


#: One row of what a bot weighed, as one seat may read it: the move's text (None: a move hidden
#: from that seat), the reason's message key (empty for a bot's plain text), its fields, and
#: the reason in English. Plain data, so it crosses processes.
WeighedRow = tuple[str | None, str, dict[str, str], str]


@dataclass(frozen=True)
class Chosen:
    """A worker's answer: the action's text and what the bot weighed, for every seat
    (``weighed[viewer]``, built by :func:`meeple.agents.explain_for` for that seat), with the
    move played as each seat may read it (``played[viewer]``: its public text where the game
    hides part of it from the others)."""

    text: str
    weighed: tuple[tuple[WeighedRow, ...], ...]
    played: tuple[str, ...]


def decide(d: Decision) -> Chosen:
    """In a worker: the action the spec's agent chooses for the seat, within the ceiling, and
    what it weighed as each seat may read it. A stored spec that no longer reads (one made
    before these rules, like ``random:x``) is played by its bare name."""
    try:
        agent = make(d.spec, d.seed, d.game)
    except ConfigError:
        agent = make(d.spec.partition(":")[0].partition("@")[0], d.seed, d.game)
    agent = capped(agent, d.seconds, d.iterations)
    state = restore(d.state)
    action = agent.choose(info_set(agent, state, d.seat))
    try:
        weighed = tuple(tuple(_row(text, why) for text, why in
                              explain_for(agent, state, viewer, action))
                        for viewer in range(state.players))
        public = state._public_text(action) if state._private_actions else None
        played = tuple(action.text if viewer == d.seat or public is None else public
                       for viewer in range(state.players))
    except Exception:  # the move stands without its reasons: the table plays on
        logging.getLogger("meeple.server").exception(
            "a %s bot's reasons in %s could not be told; its move is played without them",
            d.spec, d.game)
        return Chosen(action.text, (), ())
    return Chosen(action.text, weighed, played)


def _row(text: str | None, why: str) -> WeighedRow:
    if isinstance(why, Reason):
        return (text, why.key, dict(why.fields), str(why))
    return (text, "", {}, str(why))


def _watch_parent() -> None:
    """In a worker: exit when the server does (a SIGKILLed server leaves no workers behind)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="meeple-parent").start()


def context() -> multiprocessing.context.BaseContext:
    """Forkserver where there is one (the server has threads: plain fork is unsafe), with
    meeple imported once in the server of forks, so a new pool starts at the cost of a fork;
    else spawn."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["meeple.server.thinking"])
        return ctx
    return multiprocessing.get_context("spawn")


Job = tuple[Decision, Callable[[], bool], asyncio.Future[Chosen | None]]


class Thinking:
    """The server's bot workers: ``workers`` processes, fed first come, first served."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None
        self.queue: asyncio.Queue[Job] | None = None
        self.feeders: list[asyncio.Task[None]] = []

    async def choose(self, d: Decision, wanted: Callable[[], bool]) -> Chosen | None:
        """The action chosen for ``d`` (:class:`Chosen`), once a worker is free and has chosen;
        None if, when its turn in the queue came, ``wanted()`` said the decision was no longer
        needed."""
        if self.queue is None:
            self.queue = asyncio.Queue()
            loop = asyncio.get_running_loop()
            self.feeders = [loop.create_task(self._feed(self.queue))
                            for _ in range(self.workers)]
        done: asyncio.Future[Chosen | None] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait((d, wanted, done))
        return await done

    async def _feed(self, queue: asyncio.Queue[Job]) -> None:
        """Hand queued decisions to one worker at a time (one feeder per worker)."""
        loop = asyncio.get_running_loop()
        while True:
            d, wanted, done = await queue.get()
            if done.done():  # its match stopped waiting
                continue
            if not wanted():
                done.set_result(None)
                continue
            try:
                chosen = await loop.run_in_executor(self._pool(), decide, d)
            except BrokenProcessPool as e:  # a worker died (killed, out of memory): start anew
                self._drop_pool()
                if not done.done():
                    done.set_exception(e)
            except Exception as e:
                if not done.done():
                    done.set_exception(e)
            else:
                if not done.done():
                    done.set_result(chosen)

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(self.workers, mp_context=context(),
                                            initializer=_watch_parent)
        return self.pool

    def _drop_pool(self) -> None:
        """Let the pool go and end its workers at once: a decision under way is no longer
        wanted, and waiting for it would hold the server's exit up to the ceiling."""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        # Python 3.14 has terminate_workers(); before it the processes are only in _processes.
        workers = list((getattr(pool, "_processes", None) or {}).values())
        with contextlib.suppress(Exception):
            pool.shutdown(wait=False, cancel_futures=True)
        for proc in workers:
            with contextlib.suppress(Exception):
                proc.terminate()

    def stop(self) -> None:
        """Stop feeding the workers and end them."""
        for task in self.feeders:
            task.cancel()
        self.feeders, self.queue = [], None
        self._drop_pool()
