"""Where a run's games are played: this process, a pool of processes, or a Ray cluster.

Every backend pulls chunks (lists of game indexes) from the run's
:class:`~meeple.sim.simulate.Chunks` when a worker is free, and yields played
:class:`~meeple.sim.simulate.Chunk` s as they finish, in any order; the run puts records back
in game order. A game's record depends only on the run's spec and its index, so all backends
give the same records.

Stopping early (Ctrl-C, an error, or the consumer closing the generator) stops the workers:
pool processes are terminated, pending Ray tasks cancelled.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import multiprocessing
import os
import queue
import signal
from collections.abc import Callable, Generator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from meeple.core import ConfigError

from .simulate import Chunk, Chunks, RunSpec, default_jobs, play_chunk

BACKENDS = ("processes", "ray")
RAY_HINT = "the ray backend needs Ray: pip install 'meeple[ray]'"


def check_backend(backend: str) -> None:
    """ConfigError for a backend that does not exist or cannot run here (Ray not installed)."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise ConfigError(RAY_HINT)


def run_chunks(spec: RunSpec, chunks: Chunks, *, jobs: int | None,
               backend: str = "processes",
               on_start: Callable[[], None] | None = None) -> Generator[Chunk, None, None]:
    """Play every chunk with ``backend`` on ``jobs`` workers; played chunks as they finish.

    ``jobs=None``: every core here (processes), or every CPU of the Ray cluster. ``on_start``
    is called once the workers exist (a progress display starts its thread only then, so
    forked workers never inherit it).
    """
    if backend == "processes":
        jobs = jobs or default_jobs()
        if jobs <= 1 or len(chunks) <= 1:
            return _serial(spec, chunks, on_start)
        return _processes(spec, chunks, jobs, on_start)
    if backend == "ray":
        return _ray(spec, chunks, jobs, on_start)
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


def _processes(spec: RunSpec, chunks: Chunks, jobs: int,
               on_start: Callable[[], None] | None) -> Generator[Chunk, None, None]:
    # concurrent.futures rather than multiprocessing.Pool: Pool.terminate() can hang for good
    # when its task thread waits on the queue's lock as the workers are stopped, which an
    # interrupted run hit. Here an interruption cancels the chunks not started and waits for
    # the running ones, which are sized to take a moment.
    pool = ProcessPoolExecutor(jobs, mp_context=_context(), initializer=_ignore_sigint)
    finished: queue.SimpleQueue[Future[Chunk]] = queue.SimpleQueue()
    running = 0
    try:
        if on_start is not None:
            on_start()
        while True:
            # A chunk waiting behind each running one keeps every worker busy.
            while running < 2 * jobs and (nxt := chunks.next()) is not None:
                pool.submit(play_chunk, spec, *nxt).add_done_callback(finished.put)
                running += 1
            if not running:
                break
            got = finished.get().result()  # a worker's exception is raised here
            running -= 1
            chunks.done(got)
            yield got
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
         on_start: Callable[[], None] | None) -> Generator[Chunk, None, None]:
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
        if on_start is not None:
            on_start()
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
