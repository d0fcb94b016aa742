"""A player's matches (docs/server.md, "Players"): ``GET /api/players/me/matches``, what the
player's page ``/me`` lists.

Every match the player holds a seat in (the newest ``MATCHES_LISTED``), each with whose turn it
is, how long ago its last move was made, its clock, and for a finished one its result and its
replay; the matches where it is the player's turn come first, then the others still going,
newest move first, then the finished ones. All of it is what every seat and every spectator of
the match may read (whose turn, the seats' names, the result at the end): no seat's view is in
it. A match whose record cannot be restored is listed as such and harms no other row.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import func, select
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route

from meeple.content import localized
from meeple.i18n import LANGS

from .hub import Server
from .people import People, Player
from .players import me_of
from .refusal import Refused
from .schema import actions
from .snapshots import lost_on_time, shown
from .tables import DamagedMatch, MatchClosed, UnknownMatch

#: The most matches a player's list holds (its newest).
MATCHES_LISTED = 50


def last_moves(server: Server, match_ids: list[str]) -> dict[str, float]:
    """When the last action of each match was logged (a match without one is left out)."""
    if not match_ids:
        return {}
    with server.tables.store.engine.connect() as db:
        rows = db.execute(select(actions.c.match, func.max(actions.c.at))
                          .where(actions.c.match.in_(match_ids))
                          .group_by(actions.c.match)).all()
    return {r[0]: float(r[1]) for r in rows}


def row_of(server: Server, match: str, mine: list[int], game_id: str, lang: str,
           moved: float | None, now: float) -> dict[str, Any]:
    """One match of the list, as the player's seats ``mine`` read it."""
    base: dict[str, Any] = {"match": match, "game": game_id, "seats": mine,
                            "url": f"/match/{match}", "clock": None}
    try:
        live = server.tables.get(match)
    except (DamagedMatch, MatchClosed, UnknownMatch):
        return {**base, "damaged": True, "my_turn": False, "over": False}
    st, game = live.state, live.game
    names = shown(game.seat_names(st.view(None), lang), live.row.named)
    to_act = None if live.over else st.to_act
    clock = live.row.clock
    out = {**base, "game_name": localized(type(game), "name", lang),
           "seat_names": [names[s] for s in mine], "to_act": to_act,
           "to_act_name": None if to_act is None else names[to_act],
           "my_turn": to_act in mine, "over": live.over, "moved": moved,
           "since": None if moved is None else max(0.0, now - moved)}
    if clock is not None:
        out["clock"] = clock.shown(now)
    if clock is not None and clock.timeout is not None:
        lost = lost_on_time(game, st, clock.timeout, lang, names)
        out["result"] = {"text": lost["text"], "won": any(s in lost["winners"] for s in mine)}
        out["replay"] = f"/match/{match}/replay"
    elif st.is_over:
        result = st.result()
        out["result"] = {"text": game.outcome(result, lang, names),
                         "won": any(s in result.winners for s in mine)}
        out["replay"] = f"/match/{match}/replay"
    return out


def listing(server: Server, player: Player, lang: str) -> list[dict[str, Any]]:
    """The player's matches, in the order the page lists them."""
    held = People(server.tables.store).held(player)
    seats: dict[str, list[int]] = {}
    games: dict[str, str] = {}
    for match, seat, game_id, _over in held:
        if match not in seats and len(seats) == MATCHES_LISTED:
            continue
        seats.setdefault(match, []).append(seat)
        games[match] = game_id
    moved = last_moves(server, list(seats))
    now = time.time()
    rows: list[dict[str, Any]] = []
    for m, mine in seats.items():
        kept = m in server.tables.live
        rows.append(row_of(server, m, mine, games[m], lang, moved.get(m), now))
        if not kept and rows[-1]["over"] and not server.listeners.get(m):
            server.tables.forget(m)  # read for the list only: a finished match is not kept
    return sorted(rows, key=lambda r: (not r["my_turn"], bool(r["over"]),
                                       -(r.get("moved") or 0.0)))


async def my_matches(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    player = await me_of(request)
    lang = request.query_params.get("lang", player.lang)
    if lang not in LANGS:
        raise Refused(422, f"lang: one of {', '.join(LANGS)}")
    return JSONResponse({"matches": await server.off(listing, server, player, lang)})


def routes() -> list[BaseRoute]:
    return [Route("/api/players/me/matches", my_matches, methods=["GET"])]

