"""Every meeple game as an OpenSpiel game: a Python game registered with ``pyspiel``, so
OpenSpiel's algorithms (MCTS, IS-MCTS, CFR on small games, its RL loops) and its game checks run
on meeple games.

Needs OpenSpiel: ``pip install 'meeple[bench]'``.

- :func:`register` registers ``python_meeple_<id>`` for one game with its players and options
  fixed (``python_meeple_myth_3`` for a player count that is not the default; a hash of the
  options follows when they are not the defaults) and returns the name for
  ``pyspiel.load_game``; :func:`register_all` registers every game at its default count.
- **Actions** are the indices of the game's fixed catalogue (:class:`~meeple.rl.Catalogue`):
  ``num_distinct_actions`` is its size and ``legal_actions()`` the legal indices, sorted.
- **Chance** lives inside a meeple state (a seeded generator), so a game that hides something
  is ``SAMPLED_STOCHASTIC`` with ``IMPERFECT_INFORMATION``; one whose state hides nothing (it
  keeps the base ``_determinize``: tic-tac-toe) is taken to be ``DETERMINISTIC`` with
  ``PERFECT_INFORMATION``. Seeds come from a counter: the k-th initial state a game object
  deals (k = 0, 1, …) is meeple's game with seed ``seed + k``, ``seed`` a game parameter (0 by
  default): ``pyspiel.load_game("python_meeple_myth(seed=7)")``. A state is dealt when it is
  first read, so the fresh states OpenSpiel makes inside ``clone`` never take a seed (nor do
  the tensor sizes asked from Python; OpenSpiel's C++ checks that ask them observe a fresh
  state, which does).
- **Returns** come at the end: +1 a winner, -1 a loser, 0 all on a draw (``ZERO_SUM`` for two
  seats, where both winning is a draw too; ``GENERAL_SUM`` for more); in a co-operative game
  every seat gets the team's result (``IDENTICAL``).
- **Length.** The games' own safety limits bound rounds or turns, not decisions (Heavens has
  none by default), so the bridge keeps its own: a game that reaches ``max_game_length``
  decisions (a game parameter, :data:`MAX_LENGTH` by default) ends there, every return 0.
- **Observations** come from ``view(player)`` and ``events(player)`` alone, never the true
  state: the tensor is the game's encoding of the view (``observation_layout()``, its fields as
  the named ``dict`` arrays) and the string its JSON. The information state (``perfect_recall``)
  adds the window of the seat's last ``history`` actions as it saw them to the tensor
  (``recent_actions``: rows of seat relative to the observer and catalogue index, as
  ``Observer(history=K)`` gives them) and every event the seat was shown to the string. A game
  without an encoder offers strings only.
- **Worlds.** ``resample_from_infostate(player, sampler)`` is ``determinize(player, seed)`` with
  a seed drawn from ``sampler``, so the Python IS-MCTS (``open_spiel.python.algorithms.ismcts``)
  searches meeple games (OpenSpiel's Python MCTS would search the true state, hidden parts and
  all). The C++ ``pyspiel.ISMCTSBot`` cannot: pyspiel's bridge to Python states does not
  forward ``ResampleFromInfostate`` to Python ("not implemented"; the bot crashes on any Python
  game). IS-MCTS keys its nodes by the information state string, which grows with the game;
  ``use_observation_string=True`` is much faster, but in Andor and Catacombs a view does not
  always decide the seat's legal actions, so add ``allow_inconsistent_action_sets=True`` there.
- ``str(state)`` is the JSON of the spectator's view (``view(None)``): what OpenSpiel prints and
  compares clones by, without the hidden parts. ``state.meeple`` is the meeple state itself, the
  referee's (``to_json()`` saves it); ``serialize()`` is not supported.

>>> import pyspiel
>>> from meeple.rl import openspiel
>>> game = pyspiel.load_game(openspiel.register("tictactoe"))
>>> game.num_distinct_actions(), game.observation_tensor_size(), game.get_type().utility
(9, 28, <Utility.ZERO_SUM: 0>)
>>> state = game.new_initial_state()
>>> for cell in (4, 0, 2, 6, 3, 5, 1, 7):
...     state.apply_action(cell)
>>> state.legal_actions(), state.action_to_string(8)
([8], 'mark c3')
>>> state.apply_action(8); state.is_terminal(), state.returns()
(True, [0.0, 0.0])
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
import pyspiel

import meeple
from meeple.core import ConfigError, Game, Result, State

from .actions import Catalogue
from .aec import final_rewards

PREFIX = "python_meeple_"
#: The most decisions a game lasts before the bridge ends it (every return 0); the longest game
#: of random play measured is about 4 700 decisions (Catacombs, two dwarves).
MAX_LENGTH = 50_000
#: The actions an information-state tensor remembers when its observer is given no ``history``.
HISTORY = 16
#: The name of the information-state tensor's window of recent actions.
RECENT = "recent_actions"

_Type = pyspiel.GameType


@dataclass(frozen=True, eq=False)
class Spec:
    """One registered game: the meeple game with players and options fixed, and its parts."""

    name: str
    game: Game[Any]
    catalogue: Catalogue
    #: whether the game encodes a view as a tensor
    encoder: bool
    game_type: Any  # pyspiel.GameType

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def zero_sum(self) -> bool:
        return bool(self.game_type.utility == _Type.Utility.ZERO_SUM)


_SPECS: dict[str, Spec] = {}


def register(game_id: str, players: int | None = None,
             options: Mapping[str, Any] | None = None) -> str:
    """Register ``game_id`` with ``players`` and ``options`` fixed as an OpenSpiel game and
    return its name for ``pyspiel.load_game``; registering it again returns the same name."""
    game = meeple.load(game_id, players=players, options=dict(options or {}))
    name = short_name(game)
    if name not in _SPECS:
        catalogue = Catalogue(game)
        encoder = has_encoder(game)
        spec = Spec(name, game, catalogue, encoder, game_type(name, game, encoder))
        # A class of its own, not a closure: pyspiel keeps the factory until the process ends
        # and drops it after Python has stopped, which only an object still referenced
        # elsewhere (a class is, by its own attributes) survives.
        factory = type(f"MeepleGame_{name}", (MeepleGame,), {"spec": spec})
        pyspiel.register_game(spec.game_type, factory)
        _SPECS[name] = spec
    return name


def register_all() -> list[str]:
    """Register every game at its default player count; their names, in the games' order."""
    return [register(game_id) for game_id in meeple.game_ids()]


def short_name(game: Game[Any]) -> str:
    """``python_meeple_<id>``, then ``_<players>`` when not the default count, then ``_`` and
    eight hex digits of the options that are not their defaults, when there are any."""
    name = PREFIX + game.id
    if game.players != (game.default_players or game.min_players):
        name += f"_{game.players}"
    defaults = {p.name: p.default for p in game.options}
    changed = {k: v for k, v in game.config.items() if v != defaults.get(k)}
    if changed:
        text = json.dumps(changed, sort_keys=True, default=str)
        name += "_" + hashlib.sha256(text.encode()).hexdigest()[:8]
    return name


def has_encoder(game: Game[Any]) -> bool:
    """Whether ``game`` encodes a seat's view as a tensor."""
    try:
        game.observation_layout()
    except ConfigError:
        return False
    return True


def hides_nothing(game: Game[Any]) -> bool:
    """Whether the game's states hide nothing from any seat (its state keeps the base
    ``_determinize``); such a game is taken to have no chance either."""
    return game.state_class._determinize is State._determinize


def game_type(name: str, game: Game[Any], encoder: bool) -> Any:
    """The ``pyspiel.GameType`` of ``game`` registered as ``name``."""
    perfect = hides_nothing(game)
    if game.cooperative:
        utility = _Type.Utility.IDENTICAL
    elif game.players == 2:
        utility = _Type.Utility.ZERO_SUM
    else:
        utility = _Type.Utility.GENERAL_SUM
    return pyspiel.GameType(
        short_name=name,
        long_name=f"meeple {game.name} for {game.players}",
        dynamics=_Type.Dynamics.SEQUENTIAL,
        chance_mode=(_Type.ChanceMode.DETERMINISTIC if perfect
                     else _Type.ChanceMode.SAMPLED_STOCHASTIC),
        information=(_Type.Information.PERFECT_INFORMATION if perfect
                     else _Type.Information.IMPERFECT_INFORMATION),
        utility=utility,
        reward_model=_Type.RewardModel.TERMINAL,
        max_num_players=game.players,
        min_num_players=game.players,
        provides_information_state_string=True,
        provides_information_state_tensor=encoder,
        provides_observation_string=True,
        provides_observation_tensor=encoder,
        parameter_specification={"seed": 0, "max_game_length": MAX_LENGTH})


def returns_of(result: Result, players: int, cooperative: bool) -> list[float]:
    """Each seat's return for a finished game: the environments' final rewards, with a
    two-seat game that both seats win scored as a draw, so that it stays zero-sum."""
    out = final_rewards(result, players, cooperative)
    if players == 2 and not cooperative and sum(out) != 0:
        return [0.0, 0.0]
    return out


class MeepleGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
    """A registered meeple game as OpenSpiel sees it (made by ``pyspiel.load_game``); each
    registered game is a subclass naming its :class:`Spec`."""

    spec: ClassVar[Spec]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        spec = self.spec
        given = {"seed": 0, "max_game_length": MAX_LENGTH, **dict(params or {})}
        unknown = sorted(set(given) - {"seed", "max_game_length"})
        if unknown:
            raise ConfigError(f"{spec.name} takes the parameters seed and max_game_length, "
                              f"not {unknown[0]!r}")
        seed, length = given["seed"], given["max_game_length"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ConfigError(f"seed is a whole number, not {seed!r}")
        if isinstance(length, bool) or not isinstance(length, int) or length < 1:
            raise ConfigError(f"max_game_length is a whole number from 1, not {length!r}")
        self.seed, self.max_length, self._dealt = seed, length, 0
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.catalogue.n, max_chance_outcomes=0,
            num_players=spec.players, min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0 if spec.zero_sum else None, max_game_length=length)
        super().__init__(spec.game_type, info, given)

    def new_initial_state(self) -> MeepleState:
        """A new game; its seed is drawn when it is first read (see the module's notes)."""
        return MeepleState(self)

    def deal(self) -> State:
        """The next meeple game of this OpenSpiel game: seed ``seed + k`` for the k-th."""
        state: State = self.spec.game.new_state(seed=self.seed + self._dealt)
        self._dealt += 1
        return state

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> MeepleObserver:
        """The observer of ``iig_obs_type``: a seat's observation (the default) or, with
        ``perfect_recall``, its information state (``params``: ``{"history": K}``)."""
        return MeepleObserver(self.spec, iig_obs_type, params)

    # The tensors' shapes from the layout: OpenSpiel's own would observe a fresh state, which
    # would deal it and so take a seed from the counter.

    def _shape(self, window: int) -> list[int]:
        if not self.spec.encoder:
            return []
        fields = self.spec.game.observation_layout().fields
        if len(fields) == 1 and not window:
            return list(fields[0][1])
        return [self.spec.game.observation_layout().size + 2 * window]

    def observation_tensor_shape(self) -> list[int]:
        return self._shape(0)

    def observation_tensor_size(self) -> int:
        return int(np.prod(self._shape(0))) if self.spec.encoder else 0

    def information_state_tensor_shape(self) -> list[int]:
        return self._shape(HISTORY)

    def information_state_tensor_size(self) -> int:
        return int(np.prod(self._shape(HISTORY))) if self.spec.encoder else 0


class Held:
    """The meeple state an OpenSpiel state holds, dealt on first use, with what its seats
    observe of it remembered until it changes.

    It is the one attribute a :class:`MeepleState` keeps in its ``__dict__``: OpenSpiel's
    ``clone`` deep-copies that dictionary into a fresh initial state, and the deep copy of this
    is a meeple ``clone`` (cheap, sharing the game and its content).
    """

    __slots__ = ("_at", "_memo", "_state", "game")

    def __init__(self, game: MeepleGame, state: State | None = None) -> None:
        self.game, self._state = game, state
        self._memo: dict[tuple[str, int | None], Any] = {}
        self._at = -1

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self.game.deal()
        return self._state

    def seen(self, what: str, seat: int | None) -> Any:
        """``view``, ``events`` or ``encoded`` (the view as a float32 array) of ``seat``,
        remembered while the state takes no action."""
        st = self.state
        if self._at != st.n_actions:
            self._memo.clear()
            self._at = st.n_actions
        key = (what, seat)
        found = self._memo.get(key)
        if found is None:
            if what == "view":
                found = st.view(seat)
            elif what == "events":
                found = st.events(seat)
            else:
                found = np.frombuffer(self.game.spec.game.observe(self.seen("view", seat)),
                                      dtype=np.float32)
            self._memo[key] = found
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(self.game, self.state.clone())

    def __reduce__(self) -> Any:
        raise TypeError("an OpenSpiel state of a meeple game is not serialized; "
                        "save state.meeple.to_json() instead")


class MeepleState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types
    """A meeple state as OpenSpiel sees it."""

    def __init__(self, game: MeepleGame, state: State | None = None) -> None:
        super().__init__(game)
        self._held = Held(game, state)

    @property
    def meeple(self) -> State:
        """The meeple state (the referee's, hidden parts and all)."""
        return self._held.state

    def _truncated(self, st: State) -> bool:
        return not st.is_over and st.n_actions >= self._held.game.max_length

    def current_player(self) -> int:
        st = self._held.state
        if st.is_over or self._truncated(st):
            return int(pyspiel.PlayerId.TERMINAL)
        assert st.to_act is not None
        return st.to_act

    def _legal_actions(self, player: int) -> list[int]:
        st = self._held.state
        return sorted(self._held.game.spec.catalogue.indices(st.legal_actions()))

    def _apply_action(self, action: int) -> None:
        st = self._held.state
        st.apply(self._held.game.spec.catalogue.action(action), seat=st.to_act)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._held.game.spec.catalogue.action(action).text

    def is_terminal(self) -> bool:
        st = self._held.state
        return st.is_over or self._truncated(st)

    def returns(self) -> list[float]:
        st, spec = self._held.state, self._held.game.spec
        if not st.is_over:
            return [0.0] * spec.players
        return returns_of(st.result(), spec.players, spec.game.cooperative)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MeepleState:
        """A world ``player_id`` cannot tell from this one: ``determinize(player_id, seed)``,
        the seed drawn from ``probability_sampler`` (a callable giving a float in [0, 1))."""
        seed = int(float(probability_sampler()) * 2.0**53)
        world = self._held.state.determinize(int(player_id), seed)
        return MeepleState(self._held.game, world)

    def __str__(self) -> str:
        return json.dumps(self._held.seen("view", None), ensure_ascii=True, sort_keys=True)


def _iig_kind(iig_obs_type: Any) -> bool:
    """Whether ``iig_obs_type`` asks for the information state (perfect recall); an
    observation type other than a seat's own public and private view is refused."""
    if iig_obs_type is None:
        return False
    if not iig_obs_type.public_info or (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
        raise ConfigError("a meeple game is observed by one seat, its public and private "
                          "information together (private_info=SINGLE_PLAYER, public_info=True)")
    return bool(iig_obs_type.perfect_recall)


def recent(events: list[dict[str, Any]], seat: int, window: int, spec: Spec,
           out: npt.NDArray[np.float32]) -> None:
    """Write into ``out`` (``window`` rows) the last actions ``seat`` saw in ``events``, as
    ``Observer(history=window)`` gives them: (seat relative to the observer, catalogue index),
    the catalogue's size for an action hidden from it, (-1, -1) before the game's start."""
    out.fill(-1)
    seen = [e for e in events if e.get("type") == "action"][-window:]
    start, n, players = window - len(seen), spec.catalogue.n, spec.players
    for k, e in enumerate(seen):
        action = spec.game.logged(str(e.get("action", "")))
        index = n if action[1] is None else spec.catalogue.index(action)
        out[start + k] = ((int(e["seat"]) - seat) % players, index)


class MeepleObserver:
    """A py observer (``open_spiel.python.observation``): ``tensor`` and its named ``dict``
    arrays, filled by ``set_from(state, player)``; ``string_from(state, player)``. Both read
    ``view(player)`` and ``events(player)`` of the state, nothing else."""

    def __init__(self, spec: Spec, iig_obs_type: Any = None,
                 params: Mapping[str, Any] | None = None) -> None:
        self.recall = _iig_kind(iig_obs_type)
        given = dict(params or {})
        window = given.pop("history", HISTORY if self.recall else 0)
        if given:
            raise ConfigError(f"the observer takes the parameter history, not "
                              f"{sorted(given)[0]!r}")
        if isinstance(window, bool) or not isinstance(window, int) or window < 0 or (
                window and not self.recall):
            raise ConfigError(f"history is a whole number of actions from 0, for the "
                              f"information state only, not {window!r}")
        self.spec, self.window = spec, window
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if spec.encoder:
            self._lay_out(spec)

    def _lay_out(self, spec: Spec) -> None:
        fields = list(spec.game.observation_layout().fields)
        if self.window:
            fields.append((RECENT, (self.window, 2)))
        sizes = [int(np.prod(shape)) for _, shape in fields]
        self.tensor = np.zeros(sum(sizes), np.float32)
        at = 0
        for (name, shape), size in zip(fields, sizes, strict=True):
            self.dict[name] = self.tensor[at:at + size].reshape(shape)
            at += size

    def set_from(self, state: MeepleState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` observes of ``state``."""
        if self.tensor is None:
            return
        held, seat = state._held, int(player)
        encoded = held.seen("encoded", seat)
        self.tensor[:encoded.size] = encoded
        if self.window:
            recent(held.seen("events", seat), seat, self.window, self.spec, self.dict[RECENT])

    def string_from(self, state: MeepleState, player: int) -> str:
        """The JSON of ``player``'s view; with perfect recall, of ``{"seen": …, "view": …}``,
        ``seen`` every event the seat was shown."""
        held, seat = state._held, int(player)
        data = held.seen("view", seat)
        if self.recall:
            data = {"seen": held.seen("events", seat), "view": data}
        return json.dumps(data, ensure_ascii=True, sort_keys=True)


__all__ = ["HISTORY", "MAX_LENGTH", "MeepleGame", "MeepleObserver", "MeepleState", "Spec",
           "register", "register_all", "short_name"]
