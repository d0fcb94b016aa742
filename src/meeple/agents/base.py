"""The agent interface: what a bot or a person receives when its seat must decide.

An agent never gets the true state. It gets an :class:`InfoSet`: the seat's view, its legal
actions, and ``sample(seed)`` — a determinization consistent with what the seat knows, which
is the basis of fair search (ISMCTS).

The one exception is explicit: an agent whose class sets ``sees_everything = True`` (only
``mcts-cheat``, a yardstick) is handed a :class:`CheatInfoSet` by :func:`info_set`, which every
game loop uses to build what an agent receives.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from meeple.core import Action, Game, Rng, State


class Reason(str):
    """A bot's reason for a move: English text that also carries a message key and its fields,
    so an interface can say it in the reader's language (``why.visits`` in the catalogues).

    >>> r = Reason("chances one move ahead 50%", "why.evaluation", value="50")
    >>> r, r.key, r.fields
    ('chances one move ahead 50%', 'why.evaluation', {'value': '50'})
    """

    key: str
    fields: dict[str, str]

    def __new__(cls, text: str, key: str, **fields: str) -> Reason:
        r = super().__new__(cls, text)
        r.key = key
        r.fields = fields
        return r


class InfoSet:
    """What one seat may use to decide: its view, its legal actions, and samples of the rest."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    def view(self) -> dict[str, Any]:
        """Everything the seat may know."""
        return self._state.view(self.seat)

    def legal_actions(self) -> list[Action]:
        """The actions the seat may take now."""
        return self._state.legal_actions()

    def sample(self, seed: int) -> State:
        """A full state consistent with the seat's knowledge; hidden parts are re-sampled."""
        return self._state.determinize(self.seat, seed)

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return self._state.players

    @property
    def game(self) -> Game[Any]:
        """The game being played: its rules, players and options (nothing of this state)."""
        return self._state.game

    @property
    def game_id(self) -> str:
        """The game's id."""
        return self._state.game.id

    @property
    def search_hints(self) -> str:
        """The game's suggested search settings (``Game.search_hints``, e.g. ``"greedy:d4"``)."""
        return self._state.game.search_hints

    @property
    def rollout_policy(self) -> str:
        """The game's scripted rollout policy (``Game.rollout_policy``, ``"module:function"``;
        empty: none), for search rollouts on determinizations."""
        return self._state.game.rollout_policy

    @property
    def search_moves(self) -> str:
        """The game's filter of the moves a search weighs (``Game.search_moves``,
        ``"module:function"``; empty: every legal move)."""
        return self._state.game.search_moves

    @property
    def search_forbids(self) -> tuple[str, ...]:
        """Action prefixes the search never plays for its own seat while another move is
        legal (``Game.search_forbids``; empty: none)."""
        return self._state.game.search_forbids


class CheatInfoSet(InfoSet):
    """An InfoSet that sees everything: its samples are the true state with fresh future chance.

    Only agents that declare ``sees_everything = True`` receive one (see :func:`info_set`).
    Hands, deck order and face-down cards are the true ones; dice not yet rolled are re-seeded
    from ``seed``, so the agent knows the position but not the future.
    """

    __slots__ = ()

    def sample(self, seed: int) -> State:
        """The true state (a clone), with its future chance re-seeded from ``seed``."""
        st = self._state.clone()
        st.rng = Rng(seed ^ 0xC4EA_7000_0000_0000)
        return st

    def true_state(self) -> State:
        """A clone of the true state, hidden parts included."""
        return self._state.clone()


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action for a seat."""

    name: str

    def choose(self, info: InfoSet) -> Action:
        """One of ``info.legal_actions()``."""
        ...


def info_set(agent: Agent, state: State, seat: int) -> InfoSet:
    """What ``agent`` receives to decide for ``seat``: an InfoSet, or a CheatInfoSet for an
    agent that declares ``sees_everything = True``."""
    if getattr(agent, "sees_everything", False) is True:
        return CheatInfoSet(state, seat)
    return InfoSet(state, seat)


def shorten(text: str, keep: int = 24) -> str:
    """``text``, or its first ``keep`` characters and an ellipsis: what a refusal echoes."""
    return text if len(text) <= keep else text[:keep] + "…"


def explain(agent: Agent) -> list[tuple[Action, str]]:
    """Why the agent chose its last action, if it can say: ``(action, reason)`` rows.

    The rows hold Actions, whose texts may name the agent's hidden cards; show them to another
    seat only through :func:`explain_for`."""
    fn = getattr(agent, "explain_last", None)
    return list(fn()) if callable(fn) else []


#: Worlds :func:`explain_for` samples to tell a candidate move the viewer could know of.
EXPLAIN_SAMPLES = 32


def explain_for(agent: Agent, before: State, viewer: int, played: Action | None = None,
                samples: int = EXPLAIN_SAMPLES) -> list[tuple[str | None, str]]:
    """The agent's last explanation as ``viewer`` may read it: ``(text, reason)`` rows, where
    ``before`` is the state the agent chose in and ``played`` the action it chose.

    The agent's own seat reads every text. Another seat reads a candidate by its public text
    (``_public_text``) if the game hides it, by its text if the move is legal in every world
    ``viewer`` could not tell from ``before`` (sampled by ``determinize``), the played move as
    its events showed it, and else ``None``: a move hidden from the viewer. Rows that read
    alike are merged into the first of them (the played one's, if it is among them), so the
    viewer cannot tell alike moves apart or count them.
    """
    rows = explain(agent)
    actor = before.to_act
    if viewer == actor or not rows:
        return [(a.text, why) for a, why in rows]
    worlds: list[set[str]] | None = None
    shown: dict[str | None, str] = {}
    for a, why in rows:
        pub = before._public_text(a) if before._private_actions else None
        if pub is not None or a == played:
            text: str | None = pub or a.text
        else:
            if worlds is None:
                worlds = [{b.text for b in before.determinize(viewer, k).legal_actions()}
                          for k in range(samples)]
            text = a.text if all(a.text in w for w in worlds) else None
        if text not in shown or a == played:
            shown[text] = why
    return list(shown.items())
