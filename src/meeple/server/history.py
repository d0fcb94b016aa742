"""A match's past, for the page: the events told to a seat a page at a time
(``GET /api/matches/{id}/history``), the match stepped through from its deal
(``GET /api/matches/{id}/replay``) and the replay viewer (``/match/{id}/replay``).

Nothing here tells a seat more than it was told while playing. The story is
``state.events(seat)``, the very list the snapshots draw their newest events from. A step of
the replay is the state after the first K actions of the current timeline, shown as the
snapshot that seat was entitled to then (``build_snapshot`` on that state, offering no action).
While the game goes on a seat's token opens only its own view and the spectator's, and no token
opens the spectator's; once it is over the record is public (``/record``), and every seat's
view and the referee's, the story with nothing redacted, may be stepped through by anyone.

Replayed states are kept per match at every :data:`MARK_EVERY`-th step, for the
:data:`MATCHES_KEPT` matches replayed most recently, so a step costs at most that many
actions applied to a copy; an undo, which changes the timeline, drops the marks after it.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import BaseRoute, Route

from meeple.core import Action, State

from .inputs import lang_of, whole
from .pages import STATIC
from .recap import actors
from .refusal import Refused
from .snapshots import EVENTS_SENT, build_snapshot, shown, story, tell
from .tables import Live, Tables

#: The most events one page of the history holds.
HISTORY_PAGE = 200
#: The events a page holds when ``limit`` is not given.
HISTORY_DEFAULT = 100
#: The furthest ``from`` a history request may ask (past the story's end the page is empty).
FURTHEST = 10_000_000
#: A replayed state is kept every this many steps.
MARK_EVERY = 25
#: The matches whose replayed states are kept (the most recently replayed).
MATCHES_KEPT = 16
#: The view of the whole record: every seat's hidden facts.
REFEREE = "referee"
SPECTATOR = "spectator"


async def history(request: Request) -> JSONResponse:
    """A page of the events told to the asking seat (a spectator: the public ones), each with
    its sentence: ``{from, events, total, version}``."""
    server = request.app.state.server
    match = request.path_params["match"]
    seat = await server.off(server.seat, request, match)
    lang = lang_of(request)
    start = whole(request, "from", 0, 0, FURTHEST)
    limit = whole(request, "limit", HISTORY_DEFAULT, 1, HISTORY_PAGE)
    told, version = await asyncio.to_thread(told_to, server.tables, match, seat, lang)
    return JSONResponse({"from": start, "events": told[start:start + limit],
                         "total": len(told), "version": version})


def told_to(tables: Tables, match: str, seat: int | None, lang: str
            ) -> tuple[list[dict[str, Any]], int]:
    """Every event told to ``seat`` in the match's timeline, in words, and the match's
    version then (the sentences are kept with the snapshots', so each is made once)."""
    live = tables.get(match)
    with live.lock:
        st, version = live.state, live.version
    game = live.game
    names = shown(game.seat_names(st.view(seat), lang), live.row.named)
    return story(game, st.events(seat), seat, lang, names, live.told), version


@dataclass
class Past:
    """The replayed states of one match's timeline: the state after ``k`` actions for every
    ``k`` in ``marks``."""

    texts: list[str]
    actions: list[Action]
    marks: dict[int, State]
    lock: threading.Lock = field(default_factory=threading.Lock)


class Replays:
    """The replayed states of the most recently replayed matches."""

    def __init__(self, kept: int = MATCHES_KEPT) -> None:
        self.kept = kept
        self.pasts: OrderedDict[str, Past] = OrderedDict()
        self._lock = threading.Lock()

    def state(self, live: Live, actions: list[Action], step: int) -> State:
        """The match's state after the first ``step`` of ``actions`` (its timeline)."""
        texts = [a[0] for a in actions]
        with self._lock:
            past = self.pasts.get(live.row.id)
            if past is None:
                past = self.pasts[live.row.id] = Past(
                    [], [], {0: live.game.new_state(seed=live.row.seed)})
            self.pasts.move_to_end(live.row.id)
            while len(self.pasts) > self.kept:
                self.pasts.popitem(last=False)
        with past.lock:
            if past.texts != texts:  # the timeline grew, or an undo changed it
                same = next((i for i, (a, b) in enumerate(zip(past.texts, texts, strict=False))
                             if a != b), min(len(past.texts), len(texts)))
                past.marks = {k: s for k, s in past.marks.items() if k <= same}
                past.texts, past.actions = texts, actions
            base = max(k for k in past.marks if k <= step)
            st = past.marks[base].clone()
            for k in range(base, step):
                st.apply(past.actions[k])
                if (k + 1) % MARK_EVERY == 0:
                    past.marks[k + 1] = st.clone()
            return st


def asked_view(request: Request, seat: int | None, live: Live) -> int | str | None:
    """The view a replay request asks (``?seat=``: a seat's number, ``spectator`` or
    ``referee``; by default the token's seat, or the spectator's), or the refusal: while the
    game goes on a seat sees only its own view and the spectator's, a spectator only its own,
    and the referee's view waits for the end."""
    raw = request.query_params.get("seat")
    players = len(live.row.kinds)
    if raw is None:
        return seat
    if raw == SPECTATOR:
        return None
    if raw == REFEREE:
        if not live.over:
            raise Refused(409, "the referee's view, every seat's hidden facts, is shown once "
                               "the game is over")
        return REFEREE
    if not (raw.isascii() and raw.isdigit() and int(raw) < players):
        raise Refused(422, f"seat must be a seat's number from 0 to {players - 1}, "
                           f"{SPECTATOR} or {REFEREE}")
    if int(raw) != seat and not live.over:
        raise Refused(403, "while the game goes on a replay shows only what its own seat saw "
                           "(or the spectator's view); every seat's is shown once it is over")
    return int(raw)


async def replay(request: Request) -> JSONResponse:
    """The snapshot of the match after its first ``step`` actions, as the view asked saw it
    then, with ``step``, ``steps`` and ``finished`` (whether the match is over now)."""
    server = request.app.state.server
    match = request.path_params["match"]
    seat = await server.off(server.seat, request, match)
    lang = lang_of(request)
    live = server.tables.get(match)
    whose = asked_view(request, seat, live)
    actions = list(live.state.actions_taken())
    step = whole(request, "step", len(actions), 0, len(actions))
    replays: Replays = request.app.state.replays
    snap = await asyncio.to_thread(step_snapshot, replays, live, actions, step, whose, lang)
    return JSONResponse(snap)


def step_snapshot(replays: Replays, live: Live, actions: list[Action], step: int,
                  whose: int | str | None, lang: str) -> dict[str, Any]:
    """The snapshot of step ``step`` for ``whose`` (a seat, None: a spectator, or the
    referee: the board of the seat to act then, the story with nothing redacted)."""
    st = replays.state(live, actions, step)
    row = live.row
    seats = [(k, row.invited[s], False) for s, k in enumerate(row.kinds)]
    seat: int | None
    if whose == REFEREE:
        acted = actors(st)
        seat = st.to_act if st.to_act is not None else (acted[-1] if acted else None)
    else:
        assert whose is None or isinstance(whose, int)
        seat = whose
    snap = build_snapshot(row.id, live.game, st, seat, lang, version=step, seats=seats,
                          playing=False, players=row.named)
    if whose == REFEREE:
        everything = st.referee_events()
        newest = everything[-EVENTS_SENT:]
        snap.update(events=tell(live.game, newest, lang, shown(snap["names"], row.named)),
                    events_from=len(everything) - len(newest))
    snap.update(step=step, steps=len(actions), finished=live.over,
                view_of=SPECTATOR if whose is None else whose)
    return snap


async def replay_page(request: Request) -> FileResponse:
    return FileResponse(str(STATIC.joinpath("replay.html")), media_type="text/html")


def routes() -> list[BaseRoute]:
    return [Route("/api/matches/{match}/history", history),
            Route("/api/matches/{match}/replay", replay),
            Route("/match/{match}/replay", replay_page)]
