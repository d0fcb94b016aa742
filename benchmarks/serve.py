"""How fast ``meeple serve`` tells every player of a match about a move (measured, never
asserted).

A real ``meeple serve`` process on 127.0.0.1 (a free port, a fresh SQLite file in a temporary
folder) and N matches played at once by scripted clients over WebSocket on loopback. Each
match has two human seats, each played by a client of its own, and a spectator. A client moves
(a random legal action) when its snapshot says it is its turn, after a think time drawn
uniformly from [0, 2 × --think] seconds (0: at once, the server's worst case). A finished game
is replaced by a new match, so N matches are always being played.

Measured over --seconds after --warmup:

- actions/s applied across all matches, as the spectators saw them;
- how many of the N matches were in play on average (the rest were being created and their
  sockets opened), and how long that set-up took, from the request to the third socket open;
- latency from a client's sending ``{type: "act", action, version}`` to the moment every
  client of that match (both seats and the spectator) has received the snapshot of the new
  version: p50, p95, p99, max;
- CPU used by the server process, by this client process and by every other process of the
  machine meanwhile, in cores, so one can tell which side was saturated (on a shared machine a
  run with other work in it is not comparable), and the 99th percentile of this process's own
  event-loop lag (how late a 5 ms timer fires), the part of the latency the clients may have
  added;
- before each run, what a durable commit costs on this disk just then: the median of 200 bare
  ``sqlite3`` commits of one row in the same folder with a write-ahead log and
  ``synchronous=FULL``, as the server runs them (on a shared machine this moves a lot).

With --bots the second seat is a server bot (``random``), which moves after the server's fixed
pause (0.4 s; the command line does not set it); only the human's actions are timed, and the
pause is not in their latency since it comes after the push.

    PYTHONPATH=src python benchmarks/serve.py --matches 1 10 50 100 --seconds 20
    PYTHONPATH=src python benchmarks/serve.py --matches 100 --think 1 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

HUMAN = "human"


@dataclass
class Tally:
    """What one run measured: only actions sent (latency) or applied (rate) in the window."""

    start: float
    end: float
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    human_actions: int = 0
    games: int = 0
    refusals: int = 0
    lags: list[float] = field(default_factory=list)
    in_play: float = 0.0
    setups: list[float] = field(default_factory=list)

    def overlap(self, a: float, b: float) -> float:
        return max(0.0, min(b, self.end) - max(a, self.start))

    def within(self, t: float) -> bool:
        return self.start <= t < self.end


class Table:
    """One match's clients and the actions whose push has not reached all of them yet."""

    def __init__(self, tally: Tally, clients: int) -> None:
        self.tally, self.clients = tally, clients
        self.pending: dict[int, tuple[float, set[int]]] = {}

    def sent(self, version: int, t0: float) -> None:
        """An action that makes ``version`` was sent at ``t0``."""
        self.pending[version] = (t0, set(range(self.clients)))

    def seen(self, client: int, version: int, now: float) -> None:
        """``client`` received the snapshot of ``version`` at ``now``."""
        for v in [v for v in self.pending if v <= version]:
            t0, waiting = self.pending[v]
            waiting.discard(client)
            if not waiting:
                del self.pending[v]
                if self.tally.within(t0):
                    self.tally.latencies.append(now - t0)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(folder: Path, port: int) -> subprocess.Popen[bytes]:
    """``meeple serve`` on a fresh database in ``folder``, once it accepts connections."""
    log = (folder / "serve.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "meeple.cli", "serve", "--port", str(port),
                             "--db", str(folder / "serve.db")], stdout=log,
                            stderr=subprocess.STDOUT, env={**os.environ})
    for _ in range(400):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.1):
                return proc
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError((folder / "serve.log").read_text())


def commit_cost(folder: Path, n: int = 200) -> float:
    """Median seconds of a one-row durable commit (WAL, synchronous=FULL) in ``folder``."""
    con = sqlite3.connect(folder / "probe.db", isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("CREATE TABLE t (i INTEGER PRIMARY KEY, x TEXT)")
    times = []
    for i in range(n):
        t = time.perf_counter()
        con.execute("INSERT INTO t VALUES (?, 'x')", (i,))
        times.append(time.perf_counter() - t)
    con.close()
    return statistics.median(times)


def busy_seconds() -> float:
    """CPU time every core of the machine has spent busy so far (Linux)."""
    ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle and iowait
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def create_match(port: int, game: str, seats: list[str]) -> dict[str, Any]:
    """``POST /api/matches`` on the event loop (a thread pool would cap how many tables can
    be setting up at once)."""
    body = json.dumps({"game": game, "seats": seats}).encode()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 b"Content-Type: application/json\r\nConnection: close\r\n"
                 + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    answer = await reader.read()
    writer.close()
    head, _, text = answer.partition(b"\r\n\r\n")
    if b" 201 " not in head.split(b"\r\n", 1)[0]:
        raise RuntimeError(f"creating a match failed: {answer[:300]!r}")
    created: dict[str, Any] = json.loads(text)
    return created


async def client(ws: ClientConnection, me: int, table: Table, rng: random.Random,
                 think: float, spectator: bool) -> None:
    """Read pushes until the game is over; move at once (or after thinking) on its turn."""
    tally, acted, last = table.tally, -1, 0
    async for raw in ws:
        now = time.perf_counter()
        msg = json.loads(raw)
        if msg["type"] != "snapshot":
            tally.refusals += 1
        snap = msg["snapshot"]
        version = snap["version"]
        table.seen(me, version, now)
        if spectator:
            if tally.within(now):
                tally.actions += max(0, version - last)
            last = max(last, version)
        if snap["over"]:
            return
        if snap["legal"] and version > acted:
            acted = version
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            action = rng.choice(snap["legal"])["text"]
            t0 = time.perf_counter()
            table.sent(version + 1, t0)
            if tally.within(t0):
                tally.human_actions += 1
            await ws.send(json.dumps({"type": "act", "action": action, "version": version}))


async def one_game(port: int, args: argparse.Namespace, tally: Tally,
                   rng: random.Random) -> None:
    """Create a match, play it to its end with a client per human seat and a spectator."""
    seats = [HUMAN, "random" if args.bots else HUMAN]
    t_create = time.perf_counter()
    m = await create_match(port, args.game, seats)
    ws_base = f"ws://127.0.0.1:{port}/ws/matches/{m['match']}"
    board = "&board=text" if args.board else ""
    uris = [f"{ws_base}?token={s['token']}{board}" for s in m["seats"] if "token" in s]
    uris.append(f"{ws_base}?lang=en{board}")
    table = Table(tally, len(uris))
    socks = await asyncio.gather(*(connect(u, compression="deflate" if args.deflate else None,
                                           ping_interval=None, open_timeout=60, max_size=None)
                                   for u in uris))
    t_play = time.perf_counter()
    if tally.within(t_create):
        tally.setups.append(t_play - t_create)
    try:
        await asyncio.gather(*(client(ws, i, table, rng, args.think, i == len(socks) - 1)
                               for i, ws in enumerate(socks)))
    finally:  # a game cut short after the window was in play too
        tally.in_play += tally.overlap(t_play, time.perf_counter())
        for ws in socks:
            await ws.close()
    if tally.within(time.perf_counter()):
        tally.games += 1


async def keep_playing(port: int, args: argparse.Namespace, tally: Tally, seed: int) -> None:
    """One of the N concurrent matches: a new game whenever one ends, until the window ends."""
    rng = random.Random(seed)
    while time.perf_counter() < tally.end:
        await one_game(port, args, tally, rng)


async def watch_lag(tally: Tally) -> None:
    """How late this process's event loop wakes a 5 ms timer, within the window."""
    while True:
        t = time.perf_counter()
        await asyncio.sleep(0.005)
        if tally.within(t):
            tally.lags.append(time.perf_counter() - t - 0.005)


async def drive(port: int, matches: int, args: argparse.Namespace, pid: int,
                commit: float) -> dict[str, Any]:
    """Play ``matches`` at once; the measured window starts after the warm-up."""
    start = time.perf_counter() + args.warmup
    tally = Tally(start, start + args.seconds)
    tasks = [asyncio.create_task(keep_playing(port, args, tally, seed))
             for seed in range(matches)]
    lag = asyncio.create_task(watch_lag(tally))
    await asyncio.sleep(max(0.0, start - time.perf_counter()))
    cpu0, own0, all0 = cpu_seconds(pid), time.process_time(), busy_seconds()
    await asyncio.sleep(max(0.0, tally.end - time.perf_counter()))
    cpu1, own1, all1 = cpu_seconds(pid), time.process_time(), busy_seconds()
    others = (all1 - all0) - (cpu1 - cpu0) - (own1 - own0)
    lag.cancel()
    done, late = await asyncio.wait(tasks, timeout=args.grace)
    for t in late:
        t.cancel()
    await asyncio.gather(*late, return_exceptions=True)  # let them count their time in play
    for t in done:
        t.result()  # a failed client is a failed run, not a silent gap
    return {**summary(matches, args, tally, (cpu1 - cpu0, own1 - own0), len(late)),
            "disk_commit_us": 1e6 * commit, "other_cpu": max(0.0, others) / args.seconds}


def percentile(xs: list[float], q: float) -> float:
    """Nearest-rank percentile of sorted ``xs``."""
    if not xs:
        return float("nan")
    return xs[min(len(xs) - 1, max(0, int(q * len(xs) + 0.5) - 1))]


def summary(matches: int, args: argparse.Namespace, tally: Tally,
            cpu: tuple[float, float], unfinished: int) -> dict[str, Any]:
    lat = sorted(tally.latencies)
    ms = {f"p{int(q * 100)}_ms": 1000 * percentile(lat, q) for q in (0.5, 0.95, 0.99)}
    return {"matches": matches, "game": args.game, "bots": args.bots, "think_s": args.think,
            "deflate": args.deflate, "board": args.board, "seconds": args.seconds,
            "actions_per_s": tally.actions / args.seconds,
            "human_actions_per_s": tally.human_actions / args.seconds,
            "samples": len(lat), **ms, "max_ms": 1000 * lat[-1] if lat else float("nan"),
            "mean_ms": 1000 * sum(lat) / len(lat) if lat else float("nan"),
            "games_per_s": tally.games / args.seconds, "refusals": tally.refusals,
            "in_play": tally.in_play / args.seconds,
            "setup_ms": 1000 * statistics.mean(tally.setups) if tally.setups else float("nan"),
            "server_cpu": cpu[0] / args.seconds, "client_cpu": cpu[1] / args.seconds,
            "client_lag_p99_ms": 1000 * percentile(sorted(tally.lags), 0.99),
            "load_average": os.getloadavg()[0],
            "unfinished_tables": unfinished}


def run(matches: int, args: argparse.Namespace) -> dict[str, Any]:
    """One level of load on its own fresh server and database."""
    with tempfile.TemporaryDirectory(prefix="meeple-serve-bench-") as tmp:
        commit, port = commit_cost(Path(tmp)), free_port()
        proc = start_server(Path(tmp), port)
        try:
            return asyncio.run(drive(port, matches, args, proc.pid, commit))
        finally:
            proc.terminate()
            proc.wait(timeout=30)


COLUMNS = [("matches", "matches", "{:.0f}"), ("in play", "in_play", "{:.1f}"),
           ("actions/s", "actions_per_s", "{:.0f}"), ("games/s", "games_per_s", "{:.1f}"),
           ("p50 ms", "p50_ms", "{:.1f}"), ("p95 ms", "p95_ms", "{:.1f}"),
           ("p99 ms", "p99_ms", "{:.1f}"), ("max ms", "max_ms", "{:.1f}"),
           ("samples", "samples", "{:.0f}"), ("setup ms", "setup_ms", "{:.0f}"),
           ("server cpu", "server_cpu", "{:.2f}"), ("client cpu", "client_cpu", "{:.2f}"),
           ("other cpu", "other_cpu", "{:.2f}"), ("client lag p99", "client_lag_p99_ms", "{:.1f}"),
           ("commit µs", "disk_commit_us", "{:.0f}")]


def head() -> str:
    return " ".join(f"{name:>{len(name)}}" for name, _, _ in COLUMNS)


def row(r: dict[str, Any]) -> str:
    return " ".join(f"{fmt.format(r[key]):>{len(name)}}" for name, key, fmt in COLUMNS)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, nargs="+", default=[100],
                    help="concurrent matches; several numbers: one run each")
    ap.add_argument("--seconds", type=float, default=20.0, help="the measured window")
    ap.add_argument("--warmup", type=float, default=3.0, help="seconds before the window")
    ap.add_argument("--grace", type=float, default=30.0,
                    help="seconds to let the games under way finish after the window")
    ap.add_argument("--game", default="tictactoe")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a scripted player waits before moving (0: at once)")
    ap.add_argument("--bots", action="store_true", help="the second seat a server bot (random)")
    ap.add_argument("--board", action="store_true",
                    help="every client asks for the board as text, as the page does")
    ap.add_argument("--no-deflate", dest="deflate", action="store_false",
                    help="do not offer permessage-deflate (browsers offer it)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results = []
    if not args.json:
        mode = "a human and a random bot" if args.bots else "two humans"
        print(f"{args.game}, {mode} and a spectator a match"
              f"{', board as text' if args.board else ''}, think {args.think} s, "
              f"{args.seconds:.0f} s measured; cpu in cores")
        print(head())
    for n in args.matches:
        results.append(r := run(n, args))
        if not args.json:
            print(row(r), flush=True)
            if r["refusals"] or r["unfinished_tables"]:
                print(f"  {r['refusals']} refusals, {r['unfinished_tables']} tables cut short")
    if args.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
