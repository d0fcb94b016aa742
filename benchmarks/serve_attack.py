"""A normal player's move latency on ``meeple serve`` alone and while it is attacked
(``benchmarks/serve.py --attack``; measured, never asserted).

A real ``meeple serve`` process on 127.0.0.1 (a free port, a fresh SQLite file in a temporary
folder, ``--bot-delay 0``). The *player*, a process of its own on 127.0.0.1, plays a match
through both of its seats over HTTP: it reads the seat to move (``GET``, not timed), waits
--pace seconds, and times ``POST /api/matches/{id}/act`` with a random legal action; a finished
match is replaced by a new one. It plays --moves moves alone, then as many under each attack in
turn (each started, in place, measured under, stopped, and the server left --settle seconds to
calm down before the next), then alone again. The attacks come from other loopback addresses
(attack k from 127.0.k.2, 127.0.k.3, …: --addresses of them), so that a bound kept per client
address never falls on the player; each is bounded in count and time and stops by itself:

- stalled readers: --spectators WebSockets watching the player's own match (with the board as
  text), each with a 2 KiB receive buffer set before connecting, the handshake done by hand,
  then never read (when the player's match ends they move to its next one);
- sockets: --sockets TCP connections held open, half idle (nothing sent), half WebSockets
  watching a match of the attacker's;
- match flood: 8 connections creating matches one after another as fast as the server answers,
  at most --flood-max;
- expensive bots: --bot-matches matches whose seats are all --bot-spec (on a 422 the next
  cheaper of mcts@1s, mcts:2000, greedy, random; the row says which was seated), given back to
  people when the attack stops;
- big bodies: 4 clients POSTing --body-mb MB JSON bodies in a loop, two to ``/api/matches``
  and two to the player's act endpoint (with the token of one of its seats, as a co-player
  could), at most --body-max in all.

The table: the act round trips measured (every one the player sent, refused or not), their
p50, p99 and max, the p99 as a multiple of the first alone row's (target: at most 3× under
every attack), the server's CPU in cores and its resident memory after the row, the machine's
load average, what the player was refused (statuses other than
200; ``timeout`` after --timeout s) and what the attacker saw (statuses, or how its
connections ended: ``reset``, ``timeout``, ``closed`` by the server before answering).

    PYTHONPATH=src python benchmarks/serve.py --attack --moves 100
    PYTHONPATH=src python benchmarks/serve.py --attack --json --serve-arg=--bot-workers=1
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import itertools
import json
import os
import resource
import signal
import socket
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from serve import cpu_seconds, free_port, percentile, start_server
from serve_player import HUMAN, PlayerProcess, outcome

#: Cheaper bots to seat when the server refuses the one asked for, most expensive first.
CHEAPER = ["mcts@1s", "mcts:2000", "greedy", "random"]


# --- the attacker's client side ---

async def http_from(addr: str, port: int, method: str, path: str, body: bytes = b"",
                    token: str | None = None, timeout: float = 30.0) -> tuple[str, bytes]:
    """One request from ``addr`` on its own connection: its status (or how it failed) and the
    answer's body."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(
            "127.0.0.1", port, local_addr=(addr, 0)), timeout)
    except (OSError, TimeoutError) as e:
        return outcome(e), b""
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{auth}"
                 f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                 "Connection: close\r\n\r\n".encode())
    writer.write(body)
    try:
        with contextlib.suppress(ConnectionError):  # refused before the whole body was sent
            await asyncio.wait_for(writer.drain(), timeout)
        answer = await asyncio.wait_for(reader.read(), timeout)
    except (OSError, TimeoutError) as e:
        return outcome(e), b""
    finally:
        writer.close()
    head, _, rest = answer.partition(b"\r\n\r\n")
    parts = head.split(b" ", 2)
    return (parts[1].decode() if len(parts) > 1 else "closed"), rest


async def connect_from(addr: str, port: int, rcvbuf: int = 0) -> socket.socket:
    """A TCP connection from ``addr`` (with that receive buffer, set before connecting)."""
    s = socket.socket()
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.setblocking(False)
    try:
        s.bind((addr, 0))
        await asyncio.wait_for(asyncio.get_running_loop().sock_connect(s, ("127.0.0.1", port)),
                               10)
    except BaseException:
        s.close()
        raise
    return s


async def websocket_from(addr: str, port: int, path: str,
                         rcvbuf: int = 0) -> tuple[str, socket.socket | None]:
    """A WebSocket handshake done by hand: its status, and the socket, never read after."""
    loop = asyncio.get_running_loop()
    try:
        s = await connect_from(addr, port, rcvbuf)
    except (OSError, TimeoutError) as e:
        return outcome(e), None
    key = base64.b64encode(os.urandom(16)).decode()
    try:
        await loop.sock_sendall(s, (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                                    "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                                    f"Sec-WebSocket-Key: {key}\r\n"
                                    "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:  # stop at the head: what follows is left unread
            chunk = await asyncio.wait_for(loop.sock_recv(s, 1), 10)
            if not chunk:
                raise ConnectionResetError
            head += chunk
    except (OSError, TimeoutError) as e:
        s.close()
        return outcome(e), None
    status = head.split(b" ", 2)[1].decode()
    if status != "101":
        s.close()
        return status, None
    return status, s


def unsent(port: int, addrs: Iterable[str]) -> list[int]:
    """Bytes the server's sockets on ``port`` hold unsent (or unacknowledged) to each
    connection from ``addrs``, as the kernel reports them (Linux)."""
    wanted = set(addrs)
    out = []
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        f = line.split()
        local, remote = f[1].split(":"), f[2].split(":")
        ip = socket.inet_ntoa(bytes.fromhex(remote[0])[::-1])
        if int(local[1], 16) == port and ip in wanted:
            out.append(int(f[4].split(":")[0], 16))
    return out


def rss_mb(pid: int) -> float:
    """The resident memory of a process, in MB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def still_open(socks: Iterable[socket.socket]) -> int:
    """How many of ``socks`` the server has not closed."""
    n = 0
    for s in socks:
        try:
            n += s.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) != b""
        except BlockingIOError:
            n += 1
        except OSError:
            pass
    return n


@dataclass
class Attack:
    """What an attack knows: the server, its own addresses, the player's current match."""

    port: int
    game: str
    addrs: list[str]
    args: argparse.Namespace
    match: str = ""
    tokens: list[str] = field(default_factory=list)
    seen: Counter[str] = field(default_factory=Counter)
    note: str = ""
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    ready: asyncio.Event = field(default_factory=asyncio.Event)

    def addr(self, i: int) -> str:
        return self.addrs[i % len(self.addrs)]

    async def create(self, i: int, seats: list[str], pad: bytes = b"") -> tuple[str, Any]:
        """Create a match from address ``i``: the status and the answer."""
        body = json.dumps({"game": self.game, "seats": seats}).encode()
        if pad:
            body = body[:-1] + b', "pad": "' + pad + b'"}'
        status, answer = await http_from(self.addr(i), self.port, "POST", "/api/matches", body)
        with contextlib.suppress(ValueError):
            return status, json.loads(answer) if status == "201" else None
        return status, None

    async def until_stopped(self) -> None:
        await self.stop.wait()


# --- the attacks ---

#: An attack: runs until its ``stop`` is set (or its own bound is reached).
Assault = Callable[[Attack], Coroutine[Any, Any, None]]

async def stalled_readers(a: Attack) -> None:
    """Spectators of the player's match that never read, moved to each new match of it."""
    socks: list[socket.socket] = []
    watching = ""
    try:
        while not a.stop.is_set():
            if a.match != watching:
                for s in socks:
                    s.close()
                watching = a.match
                opened = await asyncio.gather(*(websocket_from(
                    a.addr(i), a.port, f"/ws/matches/{watching}?lang=en&board=text", 2048)
                    for i in range(a.args.spectators)))
                socks = [s for _, s in opened if s is not None]
                a.seen.update(f"ws {status}" for status, _ in opened)
                a.ready.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(a.stop.wait(), 0.2)
        held = unsent(a.port, a.addrs)
        a.note = (f"at the end the server held {sum(held) / 1024:.0f} KiB unsent to them, "
                  f"{max(held, default=0) / 1024:.0f} KiB to one")
    finally:
        for s in socks:
            s.close()


async def many_sockets(a: Attack) -> None:
    """Idle TCP connections and WebSockets watching a match of the attacker's, held open."""
    status, made = await a.create(0, [HUMAN, HUMAN])
    a.seen[f"create {status}"] += 1
    match = made["match"] if made else a.match
    gate = asyncio.Semaphore(100)
    idle: list[socket.socket] = []
    sockets: list[socket.socket] = []

    async def one(i: int) -> None:
        async with gate:
            if i % 2:
                got, s = await websocket_from(a.addr(i), a.port, f"/ws/matches/{match}")
                a.seen[f"ws {got}"] += 1
                if s is not None:
                    sockets.append(s)
                return
            try:
                idle.append(await connect_from(a.addr(i), a.port))
                a.seen["tcp open"] += 1
            except (OSError, TimeoutError) as e:
                a.seen[f"tcp {outcome(e)}"] += 1

    try:
        await asyncio.gather(*(one(i) for i in range(a.args.sockets)))
        a.ready.set()
        await a.until_stopped()
        a.note = (f"still open at the end: {still_open(idle)} of {len(idle)} idle, "
                  f"{still_open(sockets)} of {len(sockets)} ws")
    finally:
        for s in idle + sockets:
            s.close()


async def match_flood(a: Attack) -> None:
    """Create matches one after another on 8 connections, at most --flood-max."""
    made = itertools.count()
    a.ready.set()

    async def creator(k: int) -> None:
        i = k
        while not a.stop.is_set() and next(made) < a.args.flood_max:
            status, _ = await a.create(i, [HUMAN, HUMAN])
            a.seen[status] += 1
            i += 8

    await asyncio.gather(*(creator(k) for k in range(8)))
    if not a.stop.is_set():
        a.note = "stopped at --flood-max before the player was done"


async def expensive_bots(a: Attack) -> None:
    """Matches whose every seat is the most expensive bot the server accepts; at the end
    their seats are given to people, so no bot of theirs moves again."""
    players = 2
    made: list[dict[str, Any]] = []
    spec = ""
    for spec in dict.fromkeys([a.args.bot_spec, *CHEAPER]):
        status, m = await a.create(0, [spec] * players)
        a.seen[f"{spec} {status}"] += 1
        if m is not None:
            made.append(m)
            break
        if status != "422":
            break
    a.note = f"seated {spec}"
    rest = await asyncio.gather(*(a.create(i, [spec] * players)
                                  for i in range(1, a.args.bot_matches)))
    a.seen.update(f"{spec} {status}" for status, _ in rest)
    made += [m for _, m in rest if m is not None]
    a.ready.set()
    await a.until_stopped()
    back = await asyncio.gather(*(http_from(
        a.addr(i), a.port, "POST", f"/api/matches/{m['match']}/seats/{seat}",
        json.dumps({"kind": HUMAN}).encode(), token=m["host"])
        for i, m in enumerate(made) for seat in range(players)))
    a.seen.update(f"seat back {status}" for status, _ in back)


async def big_bodies(a: Attack) -> None:
    """Four clients POSTing huge JSON bodies in a loop: two create matches, two act in the
    player's match."""
    pad = b"x" * int(a.args.body_mb * 2**20)
    act = b'{"version": 0, "action": "' + pad + b'"}'
    sent = itertools.count()
    a.ready.set()

    async def poster(k: int) -> None:
        i = k
        while not a.stop.is_set() and next(sent) < a.args.body_max:
            if k % 2:
                status, _ = await a.create(i, [HUMAN, HUMAN], pad)
                a.seen[f"matches {status}"] += 1
            else:
                status, _ = await http_from(a.addr(i), a.port, "POST",
                                            f"/api/matches/{a.match}/act", act,
                                            token=a.tokens[-1], timeout=60)
                a.seen[f"act {status}"] += 1
            i += 4

    await asyncio.gather(*(poster(k) for k in range(4)))
    if not a.stop.is_set():
        a.note = "stopped at --body-max before the player was done"


def attacks(args: argparse.Namespace) -> list[tuple[str, Assault]]:
    """The attacks in the order they run, each named with its size."""
    return [(f"{args.spectators} stalled readers", stalled_readers),
            (f"{args.sockets} sockets", many_sockets),
            ("match flood", match_flood),
            (f"{args.bot_matches} expensive bots", expensive_bots),
            (f"{args.body_mb:g} MB bodies", big_bodies)]


# --- the run ---

async def under(name: str, attack: Assault | None, k: int,
                player: PlayerProcess, port: int, pid: int,
                args: argparse.Namespace) -> dict[str, Any]:
    """The player's moves while ``attack`` (from 127.0.k.*) runs, or alone (None)."""
    a = Attack(port, args.game, [f"127.0.{k}.{i + 2}" for i in range(args.addresses)], args,
               player.match, player.tokens)

    def follow(match: str, tokens: list[str]) -> None:
        a.match, a.tokens = match, tokens

    player.on_match = follow
    task = asyncio.create_task(attack(a)) if attack else None
    if task:  # the attack in place first (or failed: then its error is in the row)
        ready = asyncio.create_task(a.ready.wait())
        await asyncio.wait([ready, task], timeout=120, return_when=asyncio.FIRST_COMPLETED)
        ready.cancel()
    cpu0, t0 = cpu_seconds(pid), time.perf_counter()
    played = await player.play(args.moves)
    cpu = (cpu_seconds(pid) - cpu0) / (time.perf_counter() - t0)
    a.stop.set()
    if task:
        try:
            await asyncio.wait_for(task, 60)
        except Exception as e:  # a broken attack says so in its row rather than ending the run
            a.seen[f"attack failed: {outcome(e)}"] += 1
        await asyncio.sleep(args.settle)
    times = sorted(played["times"])
    return {"attack": name, "moves": len(times), "p50_ms": 1000 * percentile(times, 0.5),
            "p99_ms": 1000 * percentile(times, 0.99),
            "max_ms": 1000 * times[-1] if times else float("nan"), "server_cpu": cpu,
            "player_refused": played["refused"], "attacker_saw": dict(a.seen),
            "note": a.note, "load_average": os.getloadavg()[0], "server_rss_mb": rss_mb(pid)}


async def campaign(port: int, pid: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Alone, under each chosen attack, alone again; rows printed as they come."""
    player = PlayerProcess(port, args)
    rows: list[dict[str, Any]] = []
    chosen = [(k + 1, name, fn) for k, (name, fn) in enumerate(attacks(args))
              if not args.only or any(w in name for w in args.only)]
    try:
        for k, name, fn in [(0, "alone", None), *chosen, (0, "alone, after", None)]:
            row = await under(name, fn, k, player, port, pid, args)
            row["p99_ratio"] = row["p99_ms"] / rows[0]["p99_ms"] if rows else 1.0
            rows.append(row)
            if not args.json:
                print(line_of(row), flush=True)
    finally:
        player.stop()
    return rows


def line_of(r: dict[str, Any]) -> str:
    """One row of the table."""
    def counts(c: dict[str, int]) -> str:
        return ", ".join(f"{k} ×{v}" for k, v in sorted(c.items())) or "-"

    saw = counts(r["attacker_saw"]) + (f"; {r['note']}" if r["note"] else "")
    over = "!" if r["p99_ratio"] > 3 else " "
    return (f"{r['attack']:<20} {r['moves']:>5} {r['p50_ms']:>8.1f} {r['p99_ms']:>8.1f} "
            f"{r['max_ms']:>8.1f} {r['p99_ratio']:>7.2f}{over} {r['server_cpu']:>6.2f} "
            f"{r['server_rss_mb']:>6.0f} {r['load_average']:>5.1f}  "
            f"{counts(r['player_refused']):<10} {saw}")


HEAD = (f"{'attack':<20} {'moves':>5} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
        f"{'p99/alone':>8} {'server':>6} {'MB':>6} {'load':>5}  {'player refused':<10} "
        "attacker saw")


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The options of ``serve.py --attack``."""
    g = ap.add_argument_group("--attack")
    g.add_argument("--attack", action="store_true",
                   help="a player's move latency alone and under each attack (serve_attack.py)")
    g.add_argument("--moves", type=int, default=100, help="act round trips timed per row")
    g.add_argument("--pace", type=float, default=0.15,
                   help="seconds the player waits before each move (a person's pace, and "
                        "under the server's per-address action rate)")
    g.add_argument("--timeout", type=float, default=10.0, help="the player's request timeout")
    g.add_argument("--phase-seconds", type=float, default=60.0,
                   help="the most seconds a row plays (fewer moves if the server is slow)")
    g.add_argument("--settle", type=float, default=5.0,
                   help="seconds between an attack's end and the next row")
    g.add_argument("--addresses", type=int, default=10, help="loopback addresses per attack")
    g.add_argument("--spectators", type=int, default=20, help="stalled readers")
    g.add_argument("--sockets", type=int, default=1000, help="connections held open")
    g.add_argument("--flood-max", type=int, default=3000, help="matches the flood creates")
    g.add_argument("--bot-matches", type=int, default=30)
    g.add_argument("--bot-spec", default="mcts@3s", help="the bot seated in every seat")
    g.add_argument("--body-mb", type=float, default=50.0, help="size of each big body")
    g.add_argument("--body-max", type=int, default=40, help="big bodies sent in all")
    g.add_argument("--only", nargs="+", metavar="WORD",
                   help="only the attacks whose name holds one of these words")
    g.add_argument("--seed", type=int, default=1, help="the player's random moves")
    g.add_argument("--serve-arg", action="append", default=[], metavar="ARG",
                   help="pass ARG to meeple serve (--serve-arg=--bot-workers=1); repeatable")


def raise_open_files() -> int:
    """Let this process (and the server it starts) open as many files as the system allows."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def attack_main(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Start a server, run the rows, print the table (or return the rows for --json); the
    server is killed whatever happens."""
    files = raise_open_files()
    # A polite kill ends the run as Ctrl+C does, through the ``finally`` that kills the server.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with tempfile.TemporaryDirectory(prefix="meeple-serve-attack-") as tmp:
        port = free_port()
        serve_args = ["--bot-delay", "0", *args.serve_arg]
        proc = start_server(Path(tmp), port, f"sqlite:///{tmp}/serve.db", serve_args)
        try:
            if not args.json:
                print(f"{args.game}: the player's act round trips alone and under attack, "
                      f"{args.moves} moves a row at a {args.pace} s pace; meeple serve "
                      f"{' '.join(serve_args)}; open files {files}; server: its cpu in cores, "
                      "MB: its resident memory after the row; "
                      "load: the machine's 1-minute load average; "
                      "target: p99/alone ≤ 3 (! past it)")
                print(HEAD, flush=True)
            return asyncio.run(campaign(port, proc.pid, args))
        finally:
            proc.kill()
            proc.wait()
