"""Agents: ``random``, ``greedy``, ``mcts`` and ``mcts-cheat``, and the scripted bots a game
offers (``myth:balance``); ``make`` builds one by name.

:data:`AGENTS` is the one list of the agents a seat can be given by name: the command line's
``--seats`` help and refusals, the lobby's choices for a seat and the page's names for them are
all read from it.

>>> make("random", seed=3).name
'random'
>>> make("mcts:800:greedy").config.spec()
'800:greedy'
>>> make("mcts@2s:d30").config.spec()
'@2s:random:d30'
>>> [a.name for a in AGENTS if a.offered]
['greedy', 'mcts']
>>> offered("myth"), make("easy", game="myth").name
(['easy', 'fair', 'strong', 'myth:balance'], 'greedy')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from meeple.core import ConfigError, game_class, game_ids

from .base import Agent, CheatInfoSet, InfoSet, Reason, explain, explain_for, info_set, shorten
from .greedy import GreedyAgent, make_greedy
from .installed import installed
from .levels import LEVELS, entries, levels_hint, resolve
from .mcts import (
    CheatMCTSAgent,
    MCTSAgent,
    SearchConfig,
    check_game,
    make_mcts,
    make_mcts_cheat,
)
from .random_agent import RandomAgent, make_random
from .restrict import RestrictedAgent, Restriction, parse_modifiers

#: The catalogue key (``meeple/locale``) of an agent meeple does not know by name.
OTHER = "bot.other"


@dataclass(frozen=True)
class AgentKind:
    """An agent a seat can be given by name.

    ``name`` starts its specs; ``syntax`` is how a spec of it is written (docs/bots.md);
    ``about`` is the catalogue key (``meeple/locale/<lang>.po``) of its short description in
    words, which names it to players ("searching"); ``offered`` says whether a level may be it
    (the lobby offers levels, :mod:`.levels`: never ``random`` nor ``mcts-cheat``); ``factory``
    builds one from the argument after its name (or None) and a seed.
    """

    name: str
    syntax: str
    about: str
    offered: bool
    factory: Callable[[str | None, int], Agent]


#: Every agent a spec can name, in the order the lobby offers them; a game's own bots
#: (``Game.bots``, seated as ``GAME:BOT``) are found through the game registry.
#: ``mcts-cheat`` reads the hidden state and is for measurements only.
AGENTS: tuple[AgentKind, ...] = (
    AgentKind("random", "random", "bot.random", False, make_random),
    AgentKind("greedy", "greedy[:SAMPLES]", "bot.greedy", True, make_greedy),
    AgentKind("mcts", "mcts[:ITERATIONS][@SECONDS][:...]", "bot.mcts", True, make_mcts),
    AgentKind("mcts-cheat", "mcts-cheat[:ITERATIONS][@SECONDS][:...]", "bot.mcts_cheat",
              False, make_mcts_cheat),
)
_BY_NAME = {a.name: a for a in AGENTS}


def names() -> list[str]:
    """Every agent name usable in a ``--seats`` list (plus ``human`` in the terminal)."""
    return sorted(_BY_NAME)


def syntax() -> str:
    """How a seat's agent is written, every agent's form in one line (for ``--seats`` help).

    >>> syntax().split(", ")[:2]
    ['random', 'greedy[:SAMPLES]']
    """
    return ", ".join([*(a.syntax for a in AGENTS), "GAME:BOT"])


def _split(spec: str) -> tuple[str, str | None]:
    """A spec's name and the argument after it (an ``@`` is kept in it, a ``:`` is not)."""
    cut = min((i for i in (spec.find(":"), spec.find("@")) if i >= 0), default=-1)
    name, arg = (spec, None) if cut < 0 else (spec[:cut], spec[cut:])
    return name, arg[1:] if arg is not None and arg.startswith(":") else arg


def about(spec: str) -> str:
    """The catalogue key of the words that name the agent of ``spec`` to players: its
    :class:`AgentKind`'s, ``bot.<BOT>`` for a game's own bot, :data:`OTHER` for none.

    >>> about("mcts:800@2s"), about("myth:balance"), about("robot")
    ('bot.mcts', 'bot.balance', 'bot.other')
    """
    name, arg = _split(spec.strip().partition("!")[0])
    if name in _BY_NAME:
        return _BY_NAME[name].about
    if arg and name in game_ids(hidden=True):
        return f"bot.{arg.partition(':')[0]}"
    return OTHER


def offered(game_id: str) -> list[str]:
    """The seats a lobby offers for ``game_id``: its levels, then its own bots (:mod:`.levels`)."""
    return [e.seat for e in entries(game_id)]


def game_bots(game_id: str) -> list[str]:
    """The scripted bots ``game_id`` offers, as seat specs (``myth:balance``)."""
    return [f"{game_id}:{b}" for b in sorted({*game_class(game_id).bots, *installed(game_id)})]


def make(spec: str, seed: int = 0, game: str | None = None) -> Agent:
    """The agent named by ``spec`` (``random``, ``mcts:800``, ``mcts@2s``, ``mcts@2s:greedy``,
    or a game's own bot such as ``myth:balance``).

    The name ends at the first ``:`` or ``@``; what follows is the agent's argument (an ``@``
    is kept in it, a ``:`` is not). A level (``easy``, ``fair``, ``strong``) is the spec
    :mod:`.levels` gives it at ``game``'s table. ``game``, when given, is the game the agent
    will play: a
    bot of another game is refused. Modifiers after ``!`` restrict the agent
    (``greedy!no=heal``, :mod:`.restrict`).
    """
    if not isinstance(spec, str):
        raise ConfigError(f"an agent spec is a string such as 'random' or 'mcts:800', "
                          f"got {spec!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"an agent's seed must be a whole number, got {seed!r}")
    spec = spec.strip()
    base, rule = parse_modifiers(spec)
    if rule is not None:  # the same agent and seed, held to the restriction
        return RestrictedAgent(make(base, seed, game), rule, seed)
    name, arg = _split(spec)
    kind = _BY_NAME.get(name)
    if name in LEVELS and arg is None:
        if game is None:
            raise ConfigError(f"{spec!r} is a level: it names a bot of a game, and no game "
                              "was given")
        return make(resolve(spec, game), seed, game)
    if kind is None and name in game_ids(hidden=True):
        return _game_bot(spec, name, arg, seed, game)
    if kind is None:
        raise ConfigError(f"unknown agent {shorten(spec)!r}; agents are: {', '.join(names())} "
                          f"({levels_hint()}; 'human' seats a person, in meeple play only)")
    agent = kind.factory(arg, seed)
    if game is not None and isinstance(agent, MCTSAgent):
        check_game(agent, game)  # a scripted rollout the game cannot play is refused now
    return agent


def _game_bot(spec: str, game_id: str, arg: str | None, seed: int, game: str | None) -> Agent:
    """A scripted bot that ``game_id`` registers in ``Game.bots`` (``"module:factory"``)."""
    bots = {**installed(game_id), **game_class(game_id).bots}
    bot, _, rest = (arg or "").partition(":")
    if bot not in bots:
        offered = ", ".join(game_bots(game_id)) or "none"
        raise ConfigError(f"unknown agent {shorten(spec)!r}; {game_id}'s own bots are: {offered}")
    if game is not None and game != game_id:
        raise ConfigError(f"{spec!r} is a bot of {game_id}; it cannot play {game}")
    module, _, attr = bots[bot].partition(":")
    factory: Callable[[str | None, int], Agent] = getattr(importlib.import_module(module), attr)
    return factory(rest or None, seed)


def budget(agent: Agent) -> tuple[int | None, float | None]:
    """What one decision of ``agent`` may spend as its spec asks: search iterations (for
    ``greedy:K``, its K determinizations) and seconds, None where the spec sets no cap. An
    agent that does not search (``random``, a game's own bot) spends neither.

    >>> budget(make("mcts:800@2s")), budget(make("greedy:4")), budget(make("random"))
    ((800, 2.0), (4, None), (None, None))
    """
    agent = agent.inner if isinstance(agent, RestrictedAgent) else agent
    if isinstance(agent, MCTSAgent):
        return agent.config.iterations, agent.config.seconds
    if isinstance(agent, GreedyAgent):
        return agent.samples, agent.seconds
    return None, None


def capped(agent: Agent, seconds: float, iterations: int) -> Agent:
    """``agent``, its searching held within ``seconds`` of wall time and ``iterations`` (a
    server's ceiling, whatever budget its spec asked for).

    >>> capped(make("mcts:99999"), 2.0, 5000).config.spec()
    '5000@2s:random'
    """
    if isinstance(agent, RestrictedAgent):
        capped(agent.inner, seconds, iterations)
        return agent
    if isinstance(agent, MCTSAgent):
        cfg = agent.config
        agent.config = replace(cfg, iterations=min(cfg.iterations or iterations, iterations),
                               seconds=min(cfg.seconds or seconds, seconds))
    elif isinstance(agent, GreedyAgent):
        agent.samples = min(agent.samples, iterations)
        agent.seconds = min(agent.seconds or seconds, seconds)
    return agent


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` for the game seeded ``seed`` (independent streams)."""
    return (seed * 1_000_003 + seat * 7_919 + 17) & ((1 << 63) - 1)


def make_agents(specs: Sequence[str | Agent], players: int, seed: int,
                game: str | None = None) -> list[Agent]:
    """One agent per seat from specs (``random``, ``mcts:200``, ``myth:balance``) or ready
    agents; ``game``, when given, refuses another game's bots."""
    if isinstance(specs, str) or not all(isinstance(s, str | Agent) for s in specs):
        raise ConfigError(f"seats must be a list of agent specs or agents, got {specs!r}")
    if len(specs) != players:
        raise ConfigError(f"{players} seats need {players} agents, got {len(specs)}")
    return [make(s, agent_seed(seed, i), game) if isinstance(s, str) else s
            for i, s in enumerate(specs)]


__all__ = [
    "AGENTS", "LEVELS", "Agent", "AgentKind", "CheatInfoSet", "CheatMCTSAgent", "GreedyAgent",
    "InfoSet", "MCTSAgent", "RandomAgent", "Reason", "RestrictedAgent", "Restriction",
    "SearchConfig", "about", "agent_seed",
    "budget", "capped", "explain", "explain_for", "game_bots", "info_set", "make", "make_agents",
    "names", "offered", "resolve", "shorten", "syntax",
]
