"""Where a run's games are played: this process, a pool of processes, or a Ray cluster.

Every backend pulls chunks (lists of game indexes) from the run's
:class:`~meeple.sim.simulate.Chunks` when a worker is free, and yields played
:class:`~meeple.sim.simulate.Chunk` s as they finish, in any order; the run puts records back
in game order. A game's record depends only on the run's spec and its index, so all backends
give the same records.

Stopping early (Ctrl-C, an error, or the consumer closing the generator) stops the workers:
pool processes are terminated, pending Ray tasks cancelled.

Forked processes share the parent's memory until they write to it, and a garbage collection
writes to every object it scans: a worker collecting the objects it inherited copies the
pages they lie on (two workers played 200 Catacombs games 1.9 times as fast as one, not
2.0). The heap is frozen while workers fork (:func:`shared_heap`), so they never scan what
they inherited.
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import json
import logging
import multiprocessing
import os
import queue
import signal
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager, suppress
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from meeple.core import ConfigError

from .rundir import Kept, RunDir
from .simulate import Chunk, Chunks, RunSpec, default_jobs, play_chunk

T = TypeVar("T")
BACKENDS = ("processes", "ray")
RAY_HINT = "the ray backend needs Ray: pip install 'meeple[ray]'"
#: What to call once a backend's workers exist: ``on_start`` and ``while_playing``.
Starts = tuple[Callable[[], None] | None, ...]


def check_backend(backend: str) -> None:
    """ConfigError for a backend that does not exist or cannot run here (Ray not installed)."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise ConfigError(RAY_HINT)


def run_chunks(spec: RunSpec, chunks: Chunks, *, jobs: int | None,
               backend: str = "processes", on_start: Callable[[], None] | None = None,
               while_playing: Callable[[], None] | None = None
               ) -> Generator[Chunk, None, None]:
    """Play every chunk with ``backend`` on ``jobs`` workers; played chunks as they finish.

    ``jobs=None``: every core here (processes), or every CPU of the Ray cluster. ``on_start``
    is called once the workers exist (a progress display starts its thread only then, so
    forked workers never inherit it); ``while_playing`` too, but only when the games are
    played in other processes, leaving this one free (to prepare the report).
    """
    if backend == "processes":
        jobs = jobs or default_jobs()
        if jobs <= 1 or len(chunks) <= 1:
            return _serial(spec, chunks, on_start)
        return _processes(spec, chunks, jobs, (on_start, while_playing))
    if backend == "ray":
        return _ray(spec, chunks, jobs, (on_start, while_playing))
    raise ConfigError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")


def _serial(spec: RunSpec, chunks: Chunks,
            on_start: Callable[[], None] | None) -> Generator[Chunk, None, None]:
    if on_start is not None:
        on_start()
    while (nxt := chunks.next()) is not None:
        chunk = play_chunk(spec, *nxt)
        chunks.done(chunk)  # sizes the next chunk before it is taken
        yield chunk


# -------------------------------------------------------------------------------- processes
def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> Any:
    # Forked workers start at once and inherit the registered games (plugins, test games)
    # and the content already loaded; where fork does not exist, spawned ones re-import meeple.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _start(starts: Starts) -> None:
    for start in starts:
        if start is not None:
            start()


@contextmanager
def shared_heap() -> Iterator[None]:
    """A block in which the processes this one forks never scan the objects they inherit for
    garbage (``gc.freeze``), so they share those pages instead of copying them; a freeze
    already in place is left as it is."""
    frozen = gc.get_freeze_count()
    gc.freeze()
    try:
        yield
    finally:
        if not frozen:
            gc.unfreeze()


def _processes(spec: RunSpec, chunks: Chunks, jobs: int,
               starts: Starts) -> Generator[Chunk, None, None]:
    # concurrent.futures rather than multiprocessing.Pool: Pool.terminate() can hang for good
    # when its task thread waits on the queue's lock as the workers are stopped, which an
    # interrupted run hit. Here an interruption cancels the chunks not started and waits for
    # the running ones, which are sized to take a moment.
    pool = ProcessPoolExecutor(jobs, mp_context=_context(), initializer=_ignore_sigint)
    finished: queue.SimpleQueue[Future[Chunk]] = queue.SimpleQueue()
    running = 0

    def submit() -> None:  # a chunk waiting behind each running one keeps every worker busy
        nonlocal running
        while running < 2 * jobs and (nxt := chunks.next()) is not None:
            pool.submit(play_chunk, spec, *nxt).add_done_callback(finished.put)
            running += 1

    try:
        with shared_heap():  # forked workers start at the first submit, all of them at once
            submit()
        _start(starts)  # no thread of this process is inherited by the workers
        while running:
            got = finished.get().result()  # a worker's exception is raised here
            running -= 1
            chunks.done(got)
            yield got
            submit()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def forked(calls: Sequence[Callable[[], T]]) -> list[T]:
    """What each call returns: the first call made here, the others meanwhile in as many
    processes forked for them (one after the other here where fork does not exist)."""
    if len(calls) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [call() for call in calls]
    pool = ProcessPoolExecutor(len(calls) - 1, mp_context=multiprocessing.get_context("fork"),
                               initializer=_ignore_sigint)
    try:
        with shared_heap():
            futures = [pool.submit(call) for call in calls[1:]]
        first = calls[0]()
        return [first, *(f.result() for f in futures)]
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# -------------------------------------------------------------------------------------- ray
def _import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ConfigError(RAY_HINT) from None


def start_ray(jobs: int | None = None) -> bool:
    """Connect to Ray unless already connected; True if this call connected.

    The cluster at ``RAY_ADDRESS`` when it is set, else a new local one with ``jobs`` CPUs
    (default: all). The driver ships its own ``meeple`` package to the workers
    (``py_modules``), so they play exactly the rules the driver has; the cluster needs
    meeple's dependencies installed.
    """
    ray = _import_ray()
    if ray.is_initialized():
        return False
    package = str(Path(__file__).resolve().parent.parent)
    runtime_env = {"py_modules": [package], "excludes": ["__pycache__", "*.pyc"]}
    address = os.environ.get("RAY_ADDRESS")
    if address:
        ray.init(address=address, runtime_env=runtime_env, log_to_driver=False,
                 logging_level=logging.WARNING)
    else:
        ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False,
                 runtime_env=runtime_env, logging_level=logging.WARNING)
    return True


def _ray(spec: RunSpec, chunks: Chunks, jobs: int | None,
         starts: Starts) -> Generator[Chunk, None, None]:
    """Ray tasks, at most ``jobs`` at once (default: every CPU of the cluster).

    A connection made here (see :func:`start_ray`) is closed at the end; one made by the
    caller is left open.
    """
    ray = _import_ray()
    started = start_ray(jobs)
    remote = ray.remote(num_cpus=1, max_retries=0)(play_chunk)
    workers = jobs or int(ray.cluster_resources().get("CPU", 1))
    pending: list[Any] = []
    try:
        _start(starts)
        while True:
            while len(pending) < 2 * workers and (nxt := chunks.next()) is not None:
                pending.append(remote.remote(spec, *nxt))
            if not pending:
                break
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                chunk = ray.get(ref)
                chunks.done(chunk)
                yield chunk
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


# ---------------------------------------------------------------------------- meanwhile
class Aside:
    """What the run's own process does while the games are played in others, each in a
    thread of its own (:meth:`start`, as ``while_playing``): it replays the sampled games
    (:mod:`meeple.sim.shape`) the run directory already held when it resumed — the games
    played now are measured where they are played — and prepares the report
    (:func:`meeple.sim.page.prepare`: importing matplotlib alone takes four tenths of a
    second). When the games are played in this process, both wait for the end of the run
    (:meth:`finish`).
    """

    def __init__(self, wanted: list[int], game_for: Callable[[dict[str, Any]], Any],
                 report: dict[str, Any] | None) -> None:
        #: The games to measure, in game order.
        self.wanted = sorted(wanted)
        self.game_for = game_for
        #: The run's parameters when it writes a report, else None.
        self.report = report
        #: The records of the wanted games the run directory held, by index.
        self.held: dict[int, str] = {}
        self.replaying = self.stopped = False
        self.threads: list[threading.Thread] = []
        self.measures: dict[int, dict[str, Any]] = {}
        self.failed: Exception | None = None

    def kept(self, rundir: RunDir, kept: Kept) -> None:
        """Take the records of the wanted games the run directory already holds."""
        held = [i for i in self.wanted if i in kept.lines]
        if held:
            with rundir.records.open("rb") as f:
                for index in held:
                    offset, length, _ = kept.lines[index]
                    f.seek(offset)
                    self.held[index] = f.read(length).decode()

    def start(self) -> None:
        """Start the replays and the import, each in a thread of its own."""
        self.replaying = bool(self.held)
        work = [self._replay] if self.replaying else []
        if self.report is not None:
            work.append(partial(_prepare_report, self.report))
        for target in work:
            self.threads.append(threading.Thread(target=target, daemon=True))
            self.threads[-1].start()

    def finish(self, complete: bool) -> dict[int, dict[str, Any]]:
        """The measures of the replayed games, by index, once every thread has ended;
        nothing when the run is not ``complete`` (the replays stop at once)."""
        self.stopped = not complete
        for thread in self.threads:
            thread.join()
        if not complete:
            return {}
        if not self.replaying:
            self._replay()
        if self.failed is not None:
            raise self.failed
        return dict(self.measures)

    def _replay(self) -> None:
        from .shape import replayed

        try:
            for index, text in self.held.items():
                if self.stopped:
                    return
                line = json.loads(text)
                measured = replayed(line, self.game_for(line))
                if measured is not None:
                    self.measures[index] = measured
        except Exception as e:  # raised again by finish, in the run's thread
            self.failed = e


def _prepare_report(run: dict[str, Any]) -> None:
    """Import the report's modules and matplotlib, read the game's names; what fails here
    fails again in the report, in the run's thread."""
    with suppress(Exception):
        from .page import prepare

        prepare(run)
