"""The referee of every match: the only place actions are applied, and the per-seat snapshot,
the only thing that leaves it.

A snapshot is built for one seat at the moment it is sent, from ``view(seat)``,
``events(seat)`` told in words and that seat's own legal actions with their labels; nothing
else of the state goes out. An action is checked (the version the client saw, the seat whose
turn it is, legality), applied to a copy, committed to the store, and only then becomes the
match's state.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from meeple.core import Game, State, game_class, restore

from .pages import board_text
from .store import MatchRow, Store

#: A snapshot of the whole state is kept every this many versions (restore replays the rest).
SNAPSHOT_EVERY = 20


class UnknownMatch(LookupError):
    """No match has this id."""


class NotYourTurn(Exception):
    """The seat is not the one to act (nothing more is said)."""


class StaleVersion(Exception):
    """The client acted on a version that is no longer current; ``snapshot`` is the current
    one, built for that seat."""

    def __init__(self, snapshot: dict[str, Any]) -> None:
        super().__init__("the match has moved on")
        self.snapshot = snapshot


@dataclass
class Live:
    """A match being played: its stored row, game and current state."""

    row: MatchRow
    game: Game
    state: State
    lock: threading.Lock = field(default_factory=threading.Lock)


class Tables:
    """Every match of one store, kept in memory once loaded."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.live: dict[str, Live] = {}
        self._lock = threading.Lock()

    def create(self, game_id: str, kinds: list[str], *, options: dict[str, Any] | None = None,
               seed: int = 0, public: bool = False) -> tuple[str, dict[int, str]]:
        """A new match (the game and options are checked first); its id and the human seats'
        tokens."""
        game = game_class(game_id)(players=len(kinds), options=options)
        state = game.new_state(seed=seed)
        match_id, tokens = self.store.create_match(game_id, len(kinds), dict(game.config),
                                                   kinds, seed, public)
        self.store.save_snapshot(match_id, 0, state.to_json())
        return match_id, tokens

    def get(self, match_id: str) -> Live:
        """The match, restored from its newest snapshot and the actions after it if needed."""
        with self._lock:
            live = self.live.get(match_id)
            if live is not None:
                return live
            row = self.store.match(match_id)
            if row is None:
                raise UnknownMatch(match_id)
            game = game_class(row.game)(players=row.players, options=row.options)
            snap = self.store.latest_snapshot(match_id)
            if snap is None:
                state, since = game.new_state(seed=row.seed), 0
            else:
                since, data = snap
                state = restore(data)
            for seat, text in self.store.actions_after(match_id, since):
                state.apply(text, seat=seat)
            live = self.live[match_id] = Live(row, game, state)
            return live

    def version(self, match_id: str) -> int:
        """How many actions the match has had."""
        return self.get(match_id).state.n_actions

    def snapshot(self, match_id: str, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may know of the match now, in ``lang``."""
        live = self.get(match_id)
        return build_snapshot(match_id, live.game, live.state, seat, lang)

    def act(self, match_id: str, seat: int, action: str, version: int,
            lang: str = "en") -> dict[str, Any]:
        """Apply ``action`` for ``seat`` if ``version`` is current and it is that seat's turn;
        the seat's new snapshot. Raises StaleVersion, NotYourTurn or IllegalAction, with the
        match unchanged."""
        live = self.get(match_id)
        with live.lock:
            st = live.state
            if version != st.n_actions:
                raise StaleVersion(build_snapshot(match_id, live.game, st, seat, lang))
            if st.to_act != seat:
                raise NotYourTurn()
            legal = st.parse(action, seat=seat)  # IllegalAction with the reason if not
            nxt = st.clone()
            nxt.apply(legal, seat=seat)
            if not self.store.append(match_id, nxt.n_actions, seat, legal.text, nxt.is_over):
                self.live.pop(match_id, None)  # another server wrote first: read it again
                raise StaleVersion(self.snapshot(match_id, seat, lang))
            live.state = nxt
            if nxt.n_actions % SNAPSHOT_EVERY == 0 or nxt.is_over:
                self.store.save_snapshot(match_id, nxt.n_actions, nxt.to_json())
        return build_snapshot(match_id, live.game, nxt, seat, lang)


def build_snapshot(match_id: str, game: Game, st: State, seat: int | None,
                   lang: str) -> dict[str, Any]:
    """The seat's snapshot: its view, its events in words, its legal actions with labels."""
    view = st.view(seat)
    names = game.seat_names(view, lang)
    events = [{**e, "text": game.describe(e, lang, names)} for e in st.events(seat)]
    legal = ([{"text": a.text, "label": game.label(a, lang, view),
               "costs": game.costs(a, view)} for a in st.legal_actions()]
             if seat is not None and st.to_act == seat and not st.is_over else [])
    snap: dict[str, Any] = {"match": match_id, "game": game.id, "version": st.n_actions,
                            "seat": seat, "to_act": st.to_act, "names": names, "view": view,
                            "screen": board_text(game, view, seat, lang),
                            "legal": legal, "events": events, "over": st.is_over}
    if st.is_over:
        result = st.result()
        snap["result"] = {**result.to_dict(), "text": game.outcome(result, lang, names)}
    return snap
