"""Rematch (docs/server.md, "Rematch"): ``POST /api/matches/{id}/rematch``.

Once a match is over, any of its people's seats (by the seat's token, or a player's key that
holds the seat) asks for a rematch: the first ask makes it — the same game, options and seat
kinds, a fresh seed, every seat moved on by one (seat ``s`` plays seat ``s + 1``, so who starts
changes) — and each ask, the first included, answers the asking seat's seat in it with a fresh
token of its own. A seat a player holds is that player's in the rematch too, so it also opens
with the player's key. The finished match's snapshot then names the rematch, which every page
at the table is pushed, and shows a button to join it. Bots take their seats at once.
"""

from __future__ import annotations

import asyncio
import secrets

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route

from .hub import Server
from .quota import client_of
from .refusal import Refused
from .rows import MatchRow
from .tables import HUMAN


def make(server: Server, match: str, creator: str) -> str:
    """The rematch of ``match`` (over), made now unless it exists."""
    live = server.tables.get(match)
    if live.row.rematch is not None:
        return live.row.rematch
    row = live.row
    n = len(row.kinds)
    kinds = [seated(row)[(s - 1) % n] for s in range(n)]  # seat s sits at s + 1
    made = server.tables.create(row.game, kinds, options=dict(row.options),
                                seed=secrets.randbits(63), public=False, creator=creator,
                                pace=row.pace,
                                clock=None if row.clock is None else row.clock.rule)
    new = server.tables.store.link_rematch(match, made.match)
    if new != made.match:  # another ask made it first: this one was closed unplayed
        server.tables.forget(made.match)
    server.tables.reread(match)
    server.tables.reread(new)
    return new


def seated(row: MatchRow) -> list[str]:
    """Who sits at each seat as the match was set: a seat a bot took on time is its
    player's."""
    away = row.clock.away if row.clock is not None else (False,) * len(row.kinds)
    return [HUMAN if gone else kind for kind, gone in zip(row.kinds, away, strict=True)]


async def rematch(request: Request) -> JSONResponse:
    """Make the rematch or join it: ``{match, seat, token, url}`` for the asking seat."""
    server: Server = request.app.state.server
    match = request.path_params["match"]
    seat = await server.off(server.seat, request, match)
    if seat is None:
        raise Refused(403, "a rematch is asked for from a seat of the match: send the seat's "
                           "token (Authorization: Bearer TOKEN) or the key of the player "
                           "holding it")
    live = server.tables.get(match)
    if not live.over:
        raise Refused(409, "a rematch is offered once the game is over")
    if seated(live.row)[seat] != HUMAN:
        raise Refused(409, "this seat is a bot's in this match, and so in its rematch")
    if live.row.rematch is None:
        server.quota.take("new_matches", client_of(request))
    new = await asyncio.to_thread(make, server, match, client_of(request))
    mine = (seat + 1) % len(live.row.kinds)
    token = await server.off(server.tables.store.reissue, new, mine)
    server.wake(new)
    server.push(match)
    page = f"{str(request.base_url).rstrip('/')}/match/{new}"
    return JSONResponse({"match": new, "seat": mine, "token": token,
                         "url": f"{page}?token={token}"})


def routes() -> list[BaseRoute]:
    return [Route("/api/matches/{match}/rematch", rematch, methods=["POST"])]
