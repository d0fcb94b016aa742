"""Nothing ``meeple serve`` sends a seat, or a spectator, reveals what is hidden from it.

In every game seat 0 is a human played through the HTTP and WebSocket API (Starlette's test
client over a real SQLite file, and again over a real PostgreSQL database) and the other seats
are bots on the server. Everything seat 0 receives over the game is kept: the snapshots it
reads, the answers to its actions and to the ones refused (illegal, stale, out of turn,
malformed), every WebSocket push and reply, in English and Russian; and the same for a
spectator without a token. The creator's answer to
``POST /api/matches`` is not counted: it rightly holds every human seat's token.

Afterwards the referee's log is replayed from the match's seed (the replay must end in the
server's live state) to the state each payload was built from, and the facts hidden from its
receiver at that version are read as ``tests/test_leaks.py`` reads them: the ids and names where
the receiver's determinized worlds differ from the true state (other seats' hands and quests,
the piles, face-down identities), what other seats' views hold there, where each face-down fog
token lies, the seed and the state of the random generator. None may appear in a payload.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from meeple.core import State, game_class, game_ids
from meeple.core.serial import decode
from meeple.server import Store, Tables, build_snapshot
from meeple.server.app import make_app
from tests.test_leaks import SEED, _found, hidden_facts, leaves, revealed, words

#: Seat 0's moves before the test stops a game that has not ended (the check is over what was
#: received until then), and the version after which it stops too (a bot may take many moves).
MOVES, VERSIONS = 400, 150
#: Every this many of seat 0's turns it also sends the refused requests.
PROBE_EVERY = 3
#: Generous waits for the server, never limits on how long a test takes.
WAIT = 60.0

POOL = ThreadPoolExecutor(4)


def players_for(game: str) -> int:
    """Three seats where the game allows them, so seat 0 has more than one other seat."""
    allowed = game_class(game).allowed_players()
    return 3 if 3 in allowed else min(n for n in allowed if n >= 2)


# --- the facts hidden from a receiver ------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What one receiver (a seat, or None: a spectator) may not learn at one version."""

    words: frozenset[str]  # ids and names, looked for as whole words (and the seed)
    numbers: frozenset[str]  # the random generator's state
    fog: frozenset[tuple[int, str]]  # face-down fog tokens: (region, token)


def worlds(s: State, seat: int) -> list[State]:
    return [s.determinize(seat, j) for j in (1, 2)]


def known_to(s: State, seat: int | None) -> str:
    """What ``seat`` is shown: its view, its events, and its own legal actions with labels."""
    mine = ([[a.text, s.game.label(a, "en", s.view(seat))] for a in s.legal_actions()]
            if seat is not None and s.to_act == seat else [])
    return words(json.dumps([s.view(seat), s.events(seat), mine], ensure_ascii=False))


def in_other_views(s: State, seat: int, ws: list[State]) -> set[str]:
    """The strings other seats' views hold where ``seat``'s worlds differ from the truth."""
    out: set[str] = set()
    for q in range(s.players):
        if q == seat:
            continue
        true = dict(leaves(s.view(q)))
        for w in ws:
            other = dict(leaves(w.view(q)))
            out |= {v for p, v in true.items()
                    if isinstance(v, str) and len(v) > 2 and other.get(p) != v}
    return out


def face_down(s: State, ws: list[State]) -> set[tuple[int, str]]:
    """The fog tokens (region, token) that differ in the worlds: still face down."""
    true = dict(leaves(decode(s.to_json()["fields"])))
    out: set[tuple[int, str]] = set()
    for w in ws:
        other = dict(leaves(decode(w.to_json()["fields"])))
        for p, v in true.items():
            m = re.fullmatch(r"\.fog\.(\d+)", p)
            if m and isinstance(v, str) and other.get(p) != v:
                out.add((int(m.group(1)), v))
    return out


@functools.cache
def names_of(game: str) -> dict[str, tuple[str, ...]]:
    """Each catalogue id of ``game`` with its names in every language."""
    cats = [game_class(game)().catalogue(lang) for lang in ("en", "ru")]
    return {i: tuple(c[i]["name"] for c in cats if i in c) for i in cats[0]}


def unknown(s: State, seat: int | None, found: set[str]) -> set[str]:
    """``found`` with the names of its catalogue ids added, less whatever ``seat`` is shown
    (in its view, events and legal actions; a thing shown by its id or by one of its names is
    known by all of them)."""
    names = names_of(s.game.id)
    things = {i: (i, *ns) for i, ns in names.items() if i in found or found.intersection(ns)}
    found = found | {n for t in things.values() for n in t}
    text = known_to(s, seat)
    hits = _found(text, found)
    shown = {n for t in things.values() if hits.intersection(t) for n in t}
    return found - hits - shown


def facts_of(s: State, seat: int | None, memo: dict[int | None, Facts] | None = None
             ) -> Facts:
    """The facts hidden from ``seat`` in ``s``; a spectator's are every seat's, less what the
    public view and events show. ``memo`` keeps them by seat for this one state."""
    memo = {} if memo is None else memo
    if seat in memo:
        return memo[seat]
    numbers = frozenset({str(s.rng.state)})
    if seat is None:
        parts = [facts_of(s, p, memo) for p in range(s.players)]
        found = unknown(s, None, set().union(*(f.words for f in parts)))
        fogs = frozenset().union(*(f.fog for f in parts))
        memo[seat] = Facts(frozenset(found), numbers, fogs)
        return memo[seat]
    ws = worlds(s, seat)
    found = unknown(s, seat, hidden_facts(s, seat, ws) | in_other_views(s, seat, ws))
    fog = face_down(s, ws) if s.game.id == "andor" else set()
    memo[seat] = Facts(frozenset(found), numbers, frozenset(fog))
    return memo[seat]


def shows_fog(v: Any, region: int, token: str) -> bool:
    """Whether ``v`` holds the fog token of ``region`` as the game shows a revealed one."""
    if isinstance(v, dict):
        if v.get("region") == region and v.get("token") == token:
            return True
        return any(shows_fog(x, region, token) for x in v.values())
    if isinstance(v, list):
        return v == [region, token] or any(shows_fog(x, region, token) for x in v)
    return False


#: Public names that contain a hidden card's name as a word: Myth's start square is
#: "перекрёсток Аватары" in Russian, and "Перекрёсток" is also the junction tile in the pile.
PUBLIC_PHRASES = re.compile(r"перекрёсток аватары", re.IGNORECASE)


def leaks(payload: Any, facts: Facts, text: str | None = None) -> list[str]:
    """The hidden facts ``payload`` (whose JSON is ``text``, if known) gives away."""
    text = json.dumps(payload, ensure_ascii=False) if text is None else text
    found = revealed(PUBLIC_PHRASES.sub("", text), set(facts.words))
    found += [f"generator {n}" for n in sorted(facts.numbers) if re.search(rf"\b{n}\b", text)]
    found += [f"fog {r}: {t}" for r, t in sorted(facts.fog) if shows_fog(payload, r, t)]
    return found


# --- what a seat and a spectator receive ---------------------------------------------------


@dataclass
class Received:
    """Every payload one receiver got, with the version it was built at."""

    seat: int | None
    got: list[tuple[int, Any]] = field(default_factory=list)

    def add(self, payload: Any, at: int | None = None) -> Any:
        """Keep ``payload``; ``at`` is the version when it carries no snapshot of its own."""
        snap = payload.get("snapshot", payload) if isinstance(payload, dict) else None
        version = snap.get("version", at) if isinstance(snap, dict) else at
        assert isinstance(version, int), f"no version for {payload}"
        self.got.append((version, payload))
        return payload


def receive(ws: WebSocketTestSession) -> Any:
    """The socket's next message (a generous wait, so a missing push fails, not hangs)."""
    return POOL.submit(ws.receive_json).result(timeout=WAIT)


@dataclass
class Table:
    """One match seen by seat 0 and by a spectator, over HTTP and WebSockets."""

    client: TestClient
    match: str
    token: str
    mine: Received = field(default_factory=lambda: Received(0))
    watcher: Received = field(default_factory=lambda: Received(None))
    sockets: list[tuple[WebSocketTestSession, Received]] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"/api/matches/{self.match}"

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def get(self, lang: str = "en") -> dict[str, Any]:
        snap: dict[str, Any] = self.client.get(f"{self.url}?lang={lang}&board=text",
                                               headers=self.auth).json()
        self.mine.add(snap)
        return snap

    def post(self, action: str, version: int, lang: str = "en", at: int | None = None
             ) -> tuple[int, Any]:
        r = self.client.post(f"{self.url}/act?lang={lang}&board=text", headers=self.auth,
                             json={"action": action, "version": version})
        return r.status_code, self.mine.add(r.json(), at)

    def settle(self) -> dict[str, Any]:
        """Seat 0's snapshot once it is to act or the game is over, read from its socket (every
        push on the way kept) and then asked for; every other socket drained to it."""
        (ws, me), *others = self.sockets
        while True:
            msg = me.add(receive(ws))
            pushed = msg["snapshot"] if msg["type"] == "snapshot" else None
            if pushed is not None and (pushed["over"] or pushed["to_act"] == 0):
                break
        snap = self.get()
        assert snap["version"] == pushed["version"], (snap["version"], pushed["version"])
        for lang in ("en", "ru"):
            self.watcher.add(self.client.get(f"{self.url}?lang={lang}&board=text").json())
        for ws, who in others:
            while True:
                msg = who.add(receive(ws))
                if msg["type"] == "snapshot" and msg["snapshot"]["version"] == snap["version"]:
                    break
        return snap

    def reply(self, ws: WebSocketTestSession, who: Received, msg: Any, at: int) -> Any:
        ws.send_json(msg)
        return who.add(receive(ws), at)

    def probe(self, snap: dict[str, Any]) -> None:
        """Seat 0's turn: requests the server must refuse, each answer kept."""
        v, legal = snap["version"], snap["legal"][0]["text"]
        self.get("ru")
        for lang in ("en", "ru"):
            assert self.post("no such move", v, lang, v)[0] == 422
            assert self.post("pass pass", v, lang, v)[0] == 422
            status, body = self.post(legal, v - 1 if v else v + 1, lang, v)  # stale
            assert status == 409 and body["version"] == v
        watcher = self.client.post(f"{self.url}/act", json={"action": legal, "version": v})
        assert watcher.status_code == 401
        self.watcher.add(watcher.json(), v)
        (ws, me), (ws_ru, me_ru), (spy, watching), _ = self.sockets
        assert self.reply(ws, me, {"hello": 1}, v)["status"] == 422
        assert self.reply(ws, me, {"type": "act", "action": "no such move", "version": v},
                          v)["type"] == "error"
        assert self.reply(ws_ru, me_ru, {"type": "act", "action": "pass pass", "version": v},
                          v)["type"] == "error"
        assert self.reply(ws_ru, me_ru, {"type": "act", "action": legal, "version": v - 1},
                          v)["type"] == "resync"
        assert self.reply(spy, watching, {"type": "act", "action": legal, "version": v},
                          v)["status"] == 422

    def act(self, snap: dict[str, Any], action: str, how: int) -> None:
        """Seat 0 plays ``action`` over HTTP (in English or Russian) or its WebSocket, then
        tries to act again at once, out of turn or on a stale version."""
        v = snap["version"]
        if how == 2:
            self.sockets[0][0].send_json({"type": "act", "action": action, "version": v})
        else:
            status, body = self.post(action, v, ("en", "ru")[how])
            assert status == 200 and body["version"] == v + 1, body
        if how != 2:
            status, _ = self.post("no such move", v + 1, at=v + 1)
            assert status in (403, 409, 422)


@pytest.fixture
def client(db: str) -> Iterator[tuple[TestClient, Tables]]:
    """A server on SQLite and on PostgreSQL (the ``db`` fixture)."""
    tables = Tables(Store(db))
    with TestClient(make_app(tables, bot_delay=0)) as c:
        yield c, tables


def play(c: TestClient, game: str, players: int) -> Table:
    """A whole game (or MOVES of seat 0's) of seat 0 against bots, everything kept: random
    ones, and in the last seat one whose moves come with what it weighed (greedy; in Andor,
    whose greedy team plays the moves the game names and weighs nothing, a short search)."""
    weighing = "mcts:30" if game == "andor" else "greedy"
    r = c.post("/api/matches", json={"game": game, "seed": SEED,
                                     "seats": ["human"] + ["random"] * (players - 2)
                                     + [weighing]})
    assert r.status_code == 201, r.text
    made = r.json()
    t = Table(c, made["match"], made["seats"][0]["token"])
    base = f"/ws/matches/{t.match}"
    # Every socket and request asks for the board as text too, as the page does.
    with c.websocket_connect(f"{base}?token={t.token}&board=text") as ws, \
            c.websocket_connect(f"{base}?token={t.token}&lang=ru&board=text") as ws_ru, \
            c.websocket_connect(f"{base}?board=text") as spy, \
            c.websocket_connect(f"{base}?lang=ru&board=text") as spy_ru:
        t.sockets = [(ws, t.mine), (ws_ru, t.mine), (spy, t.watcher), (spy_ru, t.watcher)]
        rnd = random.Random(f"{game}/{players}")
        for turn in range(MOVES + 1):
            snap = t.settle()
            if snap["over"] or snap["version"] >= VERSIONS or turn == MOVES:
                break
            if turn % PROBE_EVERY == 0:
                t.probe(snap)
            t.act(snap, rnd.choice(snap["legal"])["text"], turn % 3)
    return t


def states_of(tables: Tables, match: str) -> list[State]:
    """The match at every version, replayed from its seed and the referee's log."""
    live = tables.get(match)
    s = live.game.new_state(seed=live.row.seed)
    out = [s.clone()]
    for row in tables.store.log_after(match, 0):
        assert row.kind == "act"  # nobody takes a move back here: version == actions applied
        s.apply(row.action, seat=row.seat)
        out.append(s.clone())
    assert s.to_json() == live.state.to_json()  # the replay is the referee's own state
    return out


def check(received: Received, states: list[State],
          memo: dict[int, dict[int | None, Facts]]) -> dict[int, Facts]:
    """Assert no payload gives away a fact hidden from its receiver when it was built; the
    facts by version (``memo`` keeps every receiver's, by version and seat)."""
    facts: dict[int, Facts] = {}
    seen: set[tuple[int, str]] = set()
    for version, payload in received.got:
        text = json.dumps(payload, ensure_ascii=False)
        if (version, text) in seen:
            continue
        seen.add((version, text))
        if version not in facts:
            facts[version] = facts_of(states[version], received.seat,
                                      memo.setdefault(version, {}))
        assert leaks(payload, facts[version], text) == [], (received.seat, version, payload)
    return facts


#: The games where something besides the seed and chance is hidden from seat 0 (in andor
#: only the fog, which no seat sees; in the others the seats' hands or quests too).
HIDING = {"andor", "heavens", "myth"}


@pytest.mark.parametrize("game", game_ids())
def test_no_payload_tells_a_seat_or_a_spectator_what_is_hidden_from_it(
        client: tuple[TestClient, Tables], game: str) -> None:
    c, tables = client
    t = play(c, game, players_for(game))
    states = states_of(tables, t.match)
    versions = {v for v, _ in t.mine.got}
    assert versions == set(range(min(versions), len(states)))  # every change was pushed
    assert len(states) > 1 and len(t.watcher.got) > len(states) - min(versions)
    memo: dict[int, dict[int | None, Facts]] = {}
    facts = check(t.mine, states, memo)
    check(t.watcher, states, memo)
    # The check can fail: the referee's own state gives the seed and the generator away...
    assert leaks(tables.get(t.match).state.to_json(), facts_of(states[-1], 0))
    assert any(p.get("weighed") for _, p in t.mine.got if isinstance(p, dict)), \
        f"{game}: seat 0 was never told what a bot weighed, so that was not tested"
    if game not in HIDING:
        return
    size = {v: len(f.words) + len(f.fog) for v, f in facts.items()}
    richest = max(size, key=lambda v: size[v])
    assert size[richest], f"{game}: nothing was hidden from seat 0, so nothing was tested"
    if game != "andor":  # ...and another seat's snapshot its hand, seat 0's to a spectator
        s = states[richest]
        assert leaks(build_snapshot(t.match, s.game, s, 1, "en"), facts[richest])
        # Seat 0's hand, at some version, to a spectator (a version where it holds a card the
        # public roster does not name: Heavens' gods are named on their pantheon's card).
        assert any(leaks(build_snapshot(t.match, states[v].game, states[v], 0, "en"),
                         facts_of(states[v], None, memo[v])) for v in sorted(memo))


def test_the_check_finds_what_another_seats_snapshot_gives_away() -> None:
    s = game_class("myth")(players=3).new_state(seed=SEED)
    rnd = random.Random(1)
    for _ in range(20):
        s.apply(rnd.choice(s.legal_actions()))
    mine, theirs = (build_snapshot("m", s.game, s, seat, "en") for seat in (0, 1))
    assert leaks(mine, facts_of(s, 0)) == []
    assert leaks(theirs, facts_of(s, 0))  # seat 1's hand and quests
    assert leaks(mine, facts_of(s, None)) and leaks(theirs, facts_of(s, None))
    assert "the seed" in leaks({"record": s.record()}, facts_of(s, 0))
    fog = game_class("andor")(players=2).new_state(seed=SEED)
    region, token = sorted(face_down(fog, worlds(fog, 0)))[0]
    assert f"fog {region}: {token}" in leaks({"fog": [[region, token]]}, facts_of(fog, 0))
    assert leaks(fog.view(0), facts_of(fog, 0)) == []
