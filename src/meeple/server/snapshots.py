"""A seat's snapshot of a match: what that seat may know now, in its language — its view,
its events told in words, its legal actions with their labels and places, the seats' public
facts and, once it is over, the result — built from ``view(seat)`` and ``events(seat)`` only
(docs/server.md, "Snapshots"). :mod:`.tables` builds one per version and seat; the page, the
replay and the how-to pages all read this one shape."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from meeple.core import Game, State
from meeple.i18n import texts

from .rows import MatchRow

#: Who the told events were for: the seat, the language and the seats' names they used.
Told = tuple[int | None, str, tuple[str, ...]]
#: The newest events a snapshot carries (the whole story is in the record once it is over).
EVENTS_SENT = 200


def build_snapshot(match_id: str, game: Game[Any], st: State, seat: int | None, lang: str, *,
                   version: int | None = None, seats: Sequence[tuple[str, bool, bool]] = (),
                   undo: bool = False,
                   told: dict[Told, list[dict[str, Any]]] | None = None,
                   playing: bool = True,
                   players: Sequence[str | None] = (),
                   lost: int | None = None) -> dict[str, Any]:
    """The seat's snapshot: its view, its newest events in words, its legal actions with
    labels. ``version``: the match's (default: the state's action count); ``seats``: each
    seat's (kind, invited, present); ``undo``: whether the seat may ask to undo; ``told``: the
    events told so far in this timeline, kept so that only new ones are put in words;
    ``playing``: False for a snapshot of the past (a replay), which offers no actions;
    ``players``: the name of the player each seat belongs to (None: no player's), shown in
    ``seats`` and beside the seat's name in the story and the result; ``lost``: the seat that
    lost on time, which ends the match (:func:`lost_on_time`)."""
    view = st.view(seat)
    names = game.seat_names(view, lang)
    told_names = shown(names, players)
    seen = st.events(seat)
    if told is None:  # only the newest are sent: only they are put in words
        done: list[dict[str, Any]] = [*seen[:-EVENTS_SENT], *tell(game, seen[-EVENTS_SENT:],
                                                                   lang, told_names)]
    else:
        done = story(game, seen, seat, lang, told_names, told)
    events = done[-EVENTS_SENT:]
    playing = playing and lost is None
    legal = ([{"text": a.text, "verb": type(a[1]).__name__, "label": game.label(a, lang, view),
               "costs": game.costs(a, view), "where": game.where(a, view)}
              for a in st.legal_actions()]
             if playing and seat is not None and st.to_act == seat and not st.is_over else [])
    blocked = ([{"text": a.text, "verb": type(a[1]).__name__, "label": game.label(a, lang, view),
                 "reason": reason, "where": game.where(a, view)}
                for a, reason in game.why_not(view, lang)] if legal else [])
    snap: dict[str, Any] = {
        "match": match_id, "game": game.id,
        "version": st.n_actions if version is None else version,
        "seat": seat, "to_act": st.to_act, "names": names, "view": view,
        "legal": legal, "blocked": blocked,
        "events": events, "events_from": len(done) - len(events),
        "over": st.is_over or lost is not None,
        "seats": [{"seat": s, "name": names[s], "kind": kind, "invited": invited,
                   "present": present,
                   **({"player": players[s]} if s < len(players) and players[s] else {})}
                  for s, (kind, invited, present) in enumerate(seats)],
        "undo": undo and seat is not None}
    if lost is not None:
        snap["result"] = lost_on_time(game, st, lost, lang, told_names)
    elif st.is_over:
        result = st.result()
        snap["result"] = {**result.to_dict(), "text": game.outcome(result, lang, told_names)}
    return snap


def lost_on_time(game: Game[Any], st: State, seat: int, lang: str,
                 names: Sequence[str]) -> dict[str, Any]:
    """The result of a match a seat lost on time: in a co-operative game the whole team
    loses; otherwise every other seat shares the win."""
    winners = [] if game.cooperative else [s for s in range(st.players) if s != seat]
    words = texts("meeple.server", lang)
    text = [words("web.clock.lost", name=names[seat])]
    if winners:
        text.append(words("web.clock.winners", names=", ".join(names[s] for s in winners)))
    return {"winners": winners, "scores": [], "turns": st.n_actions, "reason": "time",
            "detail": "", "text": text}


def shown(names: Sequence[str], players: Sequence[str | None]) -> list[str]:
    """Each seat's name as the story and the result tell it: beside its player's name when a
    player holds it ("Anna — Red dwarf").

    >>> shown(["Red dwarf", "Blue dwarf"], ["Anna", None])
    ['Anna — Red dwarf', 'Blue dwarf']
    """
    return [f"{players[s]} — {name}" if s < len(players) and players[s] else name
            for s, name in enumerate(names)]


def tell(game: Game[Any], events: Sequence[dict[str, Any]], lang: str,
         names: Sequence[str]) -> list[dict[str, Any]]:
    """``events`` each with its sentence in ``lang`` (``text``)."""
    return [{**e, "text": game.describe(e, lang, names)} for e in events]


def story(game: Game[Any], seen: Sequence[dict[str, Any]], seat: int | None, lang: str,
          names: Sequence[str], told: dict[Told, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Every event of ``seen`` (the seat's, oldest first) with its sentence, kept in ``told``
    for this timeline so that only the new ones are put in words."""
    key: Told = (seat, lang, tuple(names))
    done = told.get(key, [])
    if len(done) < len(seen):
        done = done + tell(game, seen[len(done):], lang, list(names))
        told[key] = done
    return done[:len(seen)]


def timed(snap: dict[str, Any], row: MatchRow) -> dict[str, Any]:
    """``snap`` with the match's clock as it stands at this moment (a snapshot is built once
    per version; the seconds left are told each time one is sent)."""
    if row.clock is None:
        return snap
    return {**snap, "clock": row.clock.shown(time.time())}
