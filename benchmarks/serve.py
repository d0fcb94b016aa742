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

With --db several databases are measured side by side, each at every --matches level: ``sqlite``
(one server on a fresh file) and a PostgreSQL server's URL (a fresh database on it, served by
--instances servers; the clients of each match are spread over them, so most pushes cross from
one server to another through the database). The table then also says how many transactions
the database committed per second and how much CPU PostgreSQL's processes used.

With --attack it measures instead a player's move latency alone and under attacks, each from
other loopback addresses (serve_attack.py says which and how).

    PYTHONPATH=src python benchmarks/serve.py --matches 1 10 50 100 --seconds 20
    PYTHONPATH=src python benchmarks/serve.py --matches 100 --think 1 --json
    PYTHONPATH=src python benchmarks/serve.py --matches 100 500 1000 --think 1 \\
        --db sqlite postgresql://meeple@127.0.0.1:5432/meeple --instances 2
    PYTHONPATH=src python benchmarks/serve.py --attack --moves 100
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
from collections.abc import Iterator, Sequence
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


def start_server(folder: Path, port: int, db: str,
                 extra: Sequence[str] = ()) -> subprocess.Popen[bytes]:
    """``meeple serve`` on ``db`` (with ``extra`` arguments), once it accepts connections."""
    log = (folder / f"serve-{port}.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "meeple.cli", "serve", "--port", str(port),
                             "--db", db, *extra], stdout=log,
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
    raise RuntimeError((folder / f"serve-{port}.log").read_text())


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


@contextlib.contextmanager
def fresh_postgres(url: str) -> Iterator[str]:
    """A new empty database on the PostgreSQL server of ``url``, dropped afterwards."""
    import psycopg

    name = f"bench_{os.getpid()}_{int(time.time() * 1000) % 10**8}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE {name} WITH (FORCE)")


def commits(db: str) -> int:
    """Transactions the database has committed so far: PostgreSQL's own count; for SQLite,
    the rows written by the server's commits (each commit writes at least one)."""
    if db.startswith("postgresql"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as conn:
            row = conn.execute("SELECT xact_commit FROM pg_stat_database "
                               "WHERE datname = current_database()").fetchone()
            return int(row[0]) if row else 0
    con = sqlite3.connect(db.removeprefix("sqlite:///"))
    try:
        return sum(con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                   for t in ("actions", "matches", "snapshots"))
    finally:
        con.close()


def postgres_seconds() -> float:
    """CPU time of every PostgreSQL process of the machine so far, those that ended included
    (a backend's time passes to the postmaster that waited for it) (Linux)."""
    total = 0.0
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                if (d / "comm").read_text().strip() == "postgres":
                    total += cpu_seconds(int(d.name), children=True)
    return total


def busy_seconds() -> float:
    """CPU time every core of the machine has spent busy so far (Linux)."""
    ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle and iowait
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int, children: bool = False) -> float:
    """User and system CPU time of a process so far (with ``children``, also that of the
    children it waited for) (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    if children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


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


async def one_game(ports: list[int], args: argparse.Namespace, tally: Tally,
                   rng: random.Random) -> None:
    """Create a match, play it to its end with a client per human seat and a spectator; with
    several servers, each client of a match is on another one than the previous client."""
    seats = [HUMAN, "random" if args.bots else HUMAN]
    t_create = time.perf_counter()
    first = rng.randrange(len(ports))
    m = await create_match(ports[first], args.game, seats)
    bases = [f"ws://127.0.0.1:{ports[(first + i) % len(ports)]}/ws/matches/{m['match']}"
             for i in range(3)]
    board = "&board=text" if args.board else ""
    uris = [f"{bases[i]}?token={s['token']}{board}"
            for i, s in enumerate(s for s in m["seats"] if "token" in s)]
    uris.append(f"{bases[len(uris)]}?lang=en{board}")
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


async def keep_playing(ports: list[int], args: argparse.Namespace, tally: Tally,
                       seed: int) -> None:
    """One of the N concurrent matches: a new game whenever one ends, until the window ends."""
    rng = random.Random(seed)
    while time.perf_counter() < tally.end:
        await one_game(ports, args, tally, rng)


async def watch_lag(tally: Tally) -> None:
    """How late this process's event loop wakes a 5 ms timer, within the window."""
    while True:
        t = time.perf_counter()
        await asyncio.sleep(0.005)
        if tally.within(t):
            tally.lags.append(time.perf_counter() - t - 0.005)


async def drive(ports: list[int], matches: int, args: argparse.Namespace, pids: list[int],
                commit: float, db: str) -> dict[str, Any]:
    """Play ``matches`` at once; the measured window starts after the warm-up."""
    start = time.perf_counter() + args.warmup
    tally = Tally(start, start + args.seconds)
    tasks = [asyncio.create_task(keep_playing(ports, args, tally, seed))
             for seed in range(matches)]
    lag = asyncio.create_task(watch_lag(tally))
    await asyncio.sleep(max(0.0, start - time.perf_counter()))

    def servers() -> float:
        return sum(cpu_seconds(p) for p in pids)

    shared = db.startswith("postgresql")
    n0 = await asyncio.to_thread(commits, db)
    cpu0, own0, all0 = servers(), time.process_time(), busy_seconds()
    pg0 = postgres_seconds() if shared else 0.0
    await asyncio.sleep(max(0.0, tally.end - time.perf_counter()))
    cpu1, own1, all1 = servers(), time.process_time(), busy_seconds()
    pg1 = postgres_seconds() if shared else 0.0
    n1 = await asyncio.to_thread(commits, db)
    others = (all1 - all0) - (cpu1 - cpu0) - (own1 - own0) - (pg1 - pg0)
    lag.cancel()
    done, late = await asyncio.wait(tasks, timeout=args.grace)
    for t in late:
        t.cancel()
    await asyncio.gather(*late, return_exceptions=True)  # let them count their time in play
    for t in done:
        t.result()  # a failed client is a failed run, not a silent gap
    return {**summary(matches, args, tally, (cpu1 - cpu0, own1 - own0), len(late)),
            "db": "postgresql" if shared else "sqlite", "instances": len(ports),
            "commits_per_s": (n1 - n0) / args.seconds, "db_cpu": (pg1 - pg0) / args.seconds,
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


def run(matches: int, db: str, args: argparse.Namespace) -> dict[str, Any]:
    """One level of load on its own fresh servers and database: ``db`` is ``sqlite`` (a new
    file, one server) or a PostgreSQL URL (a new database on that server, --instances)."""
    with tempfile.TemporaryDirectory(prefix="meeple-serve-bench-") as tmp, \
            (fresh_postgres(db) if db.startswith("postgresql")
             else contextlib.nullcontext(f"sqlite:///{tmp}/serve.db")) as url:
        commit = commit_cost(Path(tmp))
        count = args.instances if url.startswith("postgresql") else 1
        ports = [free_port() for _ in range(count)]
        procs = [start_server(Path(tmp), port, url) for port in ports]
        try:
            return asyncio.run(drive(ports, matches, args, [p.pid for p in procs], commit,
                                     url))
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.wait(timeout=30)


COLUMNS = [("db", "db", "{}"), ("inst", "instances", "{:.0f}"),
           ("matches", "matches", "{:.0f}"), ("in play", "in_play", "{:.1f}"),
           ("actions/s", "actions_per_s", "{:.0f}"), ("games/s", "games_per_s", "{:.1f}"),
           ("p50 ms", "p50_ms", "{:.1f}"), ("p95 ms", "p95_ms", "{:.1f}"),
           ("p99 ms", "p99_ms", "{:.1f}"), ("max ms", "max_ms", "{:.1f}"),
           ("samples", "samples", "{:.0f}"), ("setup ms", "setup_ms", "{:.0f}"),
           ("commits/s", "commits_per_s", "{:.0f}"),
           ("server cpu", "server_cpu", "{:.2f}"), ("db cpu", "db_cpu", "{:.2f}"),
           ("client cpu", "client_cpu", "{:.2f}"),
           ("other cpu", "other_cpu", "{:.2f}"), ("client lag p99", "client_lag_p99_ms", "{:.1f}"),
           ("commit µs", "disk_commit_us", "{:.0f}")]


def width(name: str) -> int:
    return max(len(name), 10 if name == "db" else 0)


def head() -> str:
    return " ".join(f"{name:>{width(name)}}" for name, _, _ in COLUMNS)


def row(r: dict[str, Any]) -> str:
    return " ".join(f"{fmt.format(r[key]):>{width(name)}}" for name, key, fmt in COLUMNS)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, nargs="+", default=[100],
                    help="concurrent matches; several numbers: one run each")
    ap.add_argument("--seconds", type=float, default=20.0, help="the measured window")
    ap.add_argument("--warmup", type=float, default=3.0, help="seconds before the window")
    ap.add_argument("--grace", type=float, default=30.0,
                    help="seconds to let the games under way finish after the window")
    ap.add_argument("--game", help="the game played (default: tictactoe; with --attack myth, "
                                   "whose long games keep the player in one match)")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a scripted player waits before moving (0: at once)")
    ap.add_argument("--bots", action="store_true", help="the second seat a server bot (random)")
    ap.add_argument("--board", action="store_true",
                    help="every client asks for the board as text, as the page does")
    ap.add_argument("--no-deflate", dest="deflate", action="store_false",
                    help="do not offer permessage-deflate (browsers offer it)")
    ap.add_argument("--db", nargs="+", default=["sqlite"], metavar="sqlite|URL",
                    help="each database to measure, side by side: sqlite (a fresh file, one "
                         "server) or a PostgreSQL server's URL (a fresh database on it)")
    ap.add_argument("--instances", type=int, default=1,
                    help="servers sharing a PostgreSQL database (SQLite always has one)")
    ap.add_argument("--json", action="store_true")
    import serve_attack  # here: it imports this module's helpers

    serve_attack.add_arguments(ap)
    args = ap.parse_args()
    args.game = args.game or ("myth" if args.attack else "tictactoe")
    if args.attack:
        rows = serve_attack.attack_main(args)
        if args.json:
            print(json.dumps(rows, indent=1))
        return
    results = []
    if not args.json:
        mode = "a human and a random bot" if args.bots else "two humans"
        print(f"{args.game}, {mode} and a spectator a match"
              f"{', board as text' if args.board else ''}, think {args.think} s, "
              f"{args.seconds:.0f} s measured; cpu in cores")
        print(head())
    for n in args.matches:
        for db in args.db:
            results.append(r := run(n, db, args))
            if not args.json:
                print(row(r), flush=True)
                if r["refusals"] or r["unfinished_tables"]:
                    print(f"  {r['refusals']} refusals, {r['unfinished_tables']} tables cut "
                          "short")
    if args.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
