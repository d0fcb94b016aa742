"""The Game and State bases: the public contract, implemented once for every game.

A game writes only the underscore hooks (``_setup``, ``_legal_actions``, ``_apply``,
``_result``, ``_view`` and, with hidden information, ``_determinize``); this module validates,
records and advances. The split follows OpenSpiel's Python games: public methods here, rules
in the game.

The log is a persistent linked list of tuples ``(previous, entry)``: appending is one tuple,
and a clone shares the whole past with its original, so cloning stays cheap however long the
game has run.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from .actions import Action
from .cloning import build_copier
from .decisions import describe
from .errors import ConfigError, GameNotOver, IllegalAction, RecordError
from .grammar import Grammar
from .outcome import Result
from .params import Param, resolve
from .rng import Rng, first_draw
from .seen import _LAST_SEEN, LogEntry, seen_log
from .serial import encode
from .tensors import Tensors
from .validate import decode_fields, decode_log
from .words import Words

S = TypeVar("S", bound="State")

_BASE_FIELDS = frozenset({"game", "rng", "_log", "_legal"})
STATE_FORMAT = "meeple-state/1"


def _check_sample(players: int, seat: object, seed: object) -> None:
    """Refuse what ``determinize`` cannot take: a seat that is not one of the game's, a seed
    that is no whole number (a bool is neither)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ConfigError(f"determinize takes a seat 0..{players - 1}, got {seat!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"determinize takes a whole-number seed, got {seed!r}")


class Game(Grammar, Words, Tensors, Generic[S]):
    """A game with its players and options fixed; builds states of type ``S``.

    Immutable once made, but for the action table it builds the first time it is asked.
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    name_ru: ClassVar[str] = ""
    description: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int | None] = None
    #: The allowed player counts when not every count from min to max is (e.g. 2 or 4).
    player_counts: ClassVar[tuple[int, ...] | None] = None
    version: ClassVar[str] = "1"
    cooperative: ClassVar[bool] = False
    #: Search settings that suit this game, in the ``mcts`` spec syntax without a budget
    #: (``"greedy:d4"``): a bot spec that does not name a rollout policy, depth, exploration
    #: constant or settling margin takes them from here. Configuration, not search code.
    search_hints: ClassVar[str] = ""
    options: ClassVar[tuple[Param, ...]] = ()
    #: Scripted bots this game offers as agents: name -> ``"module:factory"``, where
    #: ``factory(argument, seed)`` returns an agent; seated as ``"<game id>:<name>"``.
    bots: ClassVar[Mapping[str, str]] = {}
    #: The game's scripted policy on a full state, for search rollouts: ``"module:function"``
    #: where ``function(state, rng)`` returns a legal action of ``state.to_act`` (``rng`` a
    #: :class:`meeple.core.Rng`, its only source of chance). Read only by search, on
    #: determinizations it owns; empty: the game has none.
    rollout_policy: ClassVar[str] = ""
    #: The moves a search weighs at its root, where some legal moves only make sense as the
    #: first of several a search cannot see through (opening a trade it would then cancel):
    #: ``"module:function"`` where ``function(state, legal)`` returns the non-empty part of
    #: ``legal`` worth searching, ``state`` a determinization of the seat to act. Read only
    #: by search; empty: every legal move.
    search_moves: ClassVar[str] = ""
    #: Actions a search never plays for its own seat while another move is legal, at its
    #: root, in its tree and in its rollouts: prefixes of their texts in whole words, as an
    #: agent's ``!no=`` modifier names them (docs/simulate.md, "Restricted play"), for moves
    #: whose cost lies beyond what a search sees. Read only by search; empty: none.
    search_forbids: ClassVar[tuple[str, ...]] = ()
    #: Event kinds that matter so much to the seat they name (their ``seat`` field) that the
    #: terminal shows them to that seat as a notice: knocked out, died, eliminated.
    notices: ClassVar[frozenset[str]] = frozenset()
    #: The ``Result.reason`` values that are meeple's own safety limits (a round cap that keeps
    #: every game finite), not endings the rules give: a report counts such games apart, since
    #: they measure the limit rather than the game.
    safety_endings: ClassVar[frozenset[str]] = frozenset()
    #: The folder of the game's package holding its browser board (docs/boards.md): ``board.js``
    #: (the module the page loads), its parts and ``board.css``, served as ``/boards/<id>/…``.
    #: None (or no ``board.js`` there): no drawn board, the page shows the terminal's.
    board_folder: ClassVar[str | None] = "board"
    #: The place-key templates, each kind's with ``{0}``, ``{1}``… for its parts (``{"hex":
    #: "hex:{0}", "card": "card:{0}:{1}"}``): sent with the game's info, filled by the kit's
    #: ``place(kind, ...parts)`` in the board (docs/boards.md).
    place_keys: ClassVar[Mapping[str, str]] = {}
    state_class: type[S]

    def __init__(self, players: int | None = None,
                 options: Mapping[str, Any] | None = None) -> None:
        if players is None:
            players = self.default_players or self.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(f"players must be a whole number, got {players!r}")
        if players not in self.allowed_players():
            raise ConfigError(
                f"{self.id} is played by {self.player_range()} players, not {players}"
            )
        self.players = players
        self.config: dict[str, Any] = resolve(self.options, options)
        #: the action table, built on first use (set here so the object keeps one layout)
        self._table = None
        self.setup()

    def setup(self) -> None:
        """Hook: load content and precompute tables (once per game object)."""

    @classmethod
    def allowed_players(cls) -> tuple[int, ...]:
        """Every player count the game can be set up for."""
        if cls.player_counts is not None:
            return cls.player_counts
        return tuple(range(cls.min_players, cls.max_players + 1))

    @classmethod
    def player_range(cls) -> str:
        """``"2"``, ``"2–4"`` or ``"2 or 4"``."""
        counts = cls.allowed_players()
        lo, hi = counts[0], counts[-1]
        if len(counts) == hi - lo + 1:
            return str(lo) if lo == hi else f"{lo}–{hi}"
        return ", ".join(map(str, counts[:-1])) + f" or {hi}"

    @classmethod
    def info(cls) -> dict[str, Any]:
        """A JSON-able description: id, names, players, options."""
        return {
            "id": cls.id, "name": cls.name, "name_ru": cls.name_ru,
            "description": cls.description,
            "min_players": cls.min_players, "max_players": cls.max_players,
            "player_counts": list(cls.allowed_players()),
            "cooperative": cls.cooperative, "version": cls.version,
            "options": [p.describe() for p in cls.options],
        }

    def new_state(self, seed: int = 0) -> S:
        """The starting state; the same seed always gives the same game."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ConfigError(f"seed must be a whole number, got {seed!r}")
        st = object.__new__(self.state_class)
        d = st.__dict__
        d["game"] = self
        d["players"] = self.players
        d["seed"] = seed
        d["rng"] = Rng(seed)
        d["to_act"] = None
        d["n_actions"] = 0
        d["decisions"] = []
        d["_log"] = None
        d["_legal"] = None
        st._setup()
        return st

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} players={self.players} options={self.config}>"


class State:
    """One moment of a game. Public methods are the contract; underscore hooks are the rules."""

    #: Attributes holding lists, dicts or sets: ``clone`` copies them structurally.
    _mutable: ClassVar[tuple[str, ...]] = ()
    #: Set when some actions must be hidden from other seats in ``events``.
    _private_actions: ClassVar[bool] = False

    game: Game[Any]
    players: int
    seed: int
    rng: Rng
    to_act: int | None
    n_actions: int
    #: The pending decisions, innermost last (see :mod:`meeple.core.decisions`). A game that
    #: nests decisions annotates it with its own kinds, ``decisions: list[Fight | Shield]``,
    #: which restore decodes by; the base says ``Any`` since a list's item type cannot narrow.
    decisions: list[Any]
    _log: LogEntry | None
    _legal: list[Action] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "decisions" not in cls._mutable:  # every clone copies its own stack
            cls._mutable = (*cls._mutable, "decisions")

    # ----------------------------------------------------------------- hooks
    def _setup(self) -> None:
        """Hook: lay out the starting position (may use ``self.rng``) and set ``to_act``."""
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        """Hook: the legal actions of ``to_act``, in a deterministic order, never empty."""
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Hook: advance by a legal action; set ``to_act`` (None when the game is over)."""
        raise NotImplementedError

    def _result(self) -> Result:
        """Hook: the result, called only when the game is over."""
        raise NotImplementedError

    def _view(self, seat: int | None) -> Mapping[str, Any]:
        """Hook: what ``seat`` may know (``None``: a spectator), as JSON-able data."""
        raise NotImplementedError

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Hook: re-sample everything hidden from ``seat`` using ``rng`` (default: nothing)."""

    def _validate(self) -> None:
        """Hook: on restore, raise RecordError naming a field whose value this game cannot hold.

        Called once the fields have their declared types: check what only the game knows (ids
        that exist in its content, cells on its board, counts that cannot be negative). Never
        called in play. Default: nothing more to check.
        """

    def _turn_kind(self) -> str:
        """Hook: the kind of decision ``to_act`` takes when no nested decision is pending
        (shown as ``view()["decision"]["kind"]``). Default: ``"turn"``."""
        return "turn"

    def _explain(self, action: Action) -> str | None:
        """Hook: why ``action`` is illegal now, when the game can say more than the default."""
        return None

    def _public_text(self, action: Action) -> str | None:
        """Hook: with ``_private_actions``, the text others see for ``action`` (None: all)."""
        return None

    def _evaluate(self, seat: int) -> float:
        """Hook: how promising the unfinished game looks for ``seat``, from 0 to 1.

        A small game-specific heuristic (experience, level, base health, gold...) used by the
        greedy bot and search cut-offs. It reads the state it is called on; bots call it only
        on determinizations. Default: 0.5 (no opinion).
        """
        return 0.5

    def _evaluate_all(self) -> list[float]:
        """Hook: every seat's ``_evaluate`` of the unfinished game, in seat order, as search
        leaves read it. A game whose heuristic weighs each seat against its rivals may override
        it to share that work between the seats. Default: ``_evaluate`` for each seat, read
        once for a cooperative game (whose seats share one value)."""
        if self.game.cooperative:
            return [self._evaluate(0)] * self.players
        return [self._evaluate(s) for s in range(self.players)]

    def _clone_fields(self, fields: dict[str, Any]) -> None:
        """Hook: copy mutable attributes into a clone's fields (default: ``_mutable``).

        The default runs a copier compiled once per class from the annotations of the
        ``_mutable`` attributes (see :mod:`meeple.core.cloning`).
        """
        cls = self.__class__
        copier = build_copier(cls)
        if cls._clone_fields is State._clone_fields:  # not overridden: call it directly next time
            cls._field_copier = staticmethod(copier)  # type: ignore[attr-defined]
        copier(fields)

    # ---------------------------------------------------------------- public
    @property
    def is_over(self) -> bool:
        """True once nobody has to decide any more."""
        return self.to_act is None

    def evaluate(self, seat: int) -> float:
        """1 for a won game, 0 for a lost one, 0.5 for a draw; else the game's heuristic.

        In a cooperative game nobody winning is a loss for every seat, not a draw.
        """
        if self.to_act is None:
            winners = self._result().winners
            if not winners:
                return 0.0 if self.game.cooperative else 0.5
            return 1.0 if seat in winners else 0.0
        return self._evaluate(seat)

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act, in a deterministic order."""
        la = self._legal
        if la is None:
            if self.to_act is None:
                return []
            la = self._legal = self._legal_actions()
        return list(la)

    def apply(self, action: Action | str, *, seat: int | None = None) -> None:
        """Advance by ``action`` (an Action or its text); an illegal one changes nothing.

        An interface passes ``seat``, the seat it acts for: a seat that is not to act is refused
        with whose turn it is and nothing more. Without ``seat`` the caller is the referee.
        """
        la = self._legal
        if la is None:
            if self.to_act is None:
                raise IllegalAction("the game is over; no action is legal")
            la = self._legal = self._legal_actions()
        if seat is not None and seat != self.to_act:
            raise IllegalAction(self._not_your_turn(seat))
        if action.__class__ is not Action or action not in la:
            action = self._find(action, la)
        pub = self._public_text(action) if self._private_actions else None
        log, n = self._log, self.n_actions
        self._log = (log, ("A", self.to_act, action, pub))  # the events it causes follow
        try:
            self._apply(action)
        except BaseException:
            # A rule that fails part-way (only possible on a state no game could reach) must not
            # leave the action in the log; the log and counters go back to where they were.
            self._log, self.n_actions, self._legal = log, n, la
            raise
        self._legal = None
        self.n_actions += 1

    def _advance(self, action: Action) -> None:
        """``apply`` without its checks, for a search on a world of its own: ``action`` must
        be one of ``legal_actions()`` (the very object). Logs and advances exactly as ``apply``
        does; a rule that fails leaves the world broken, which the search throws away."""
        pub = self._public_text(action) if self._private_actions else None
        self._log = (self._log, ("A", self.to_act, action, pub))
        self._apply(action)
        self._legal = None
        self.n_actions += 1

    def _not_your_turn(self, seat: int) -> str:
        self._check_seat(seat)
        if self.to_act is None:
            return "the game is over; no action is legal"
        return f"it is seat {self.to_act}'s turn, not seat {seat}'s"

    def _find(self, action: Any, la: list[Action]) -> Action:
        if isinstance(action, str):
            for a in la:
                if a[0] == action:
                    return a
        elif isinstance(action, Action) and action in la:
            return action
        raise IllegalAction(self._reason(action, la))

    def _reason(self, action: Any, la: list[Action]) -> str:
        """Why ``action`` is refused, told to the seat to act (it may hear its own options)."""
        text = action[0] if isinstance(action, Action) else str(action)
        why = self._explain(action) if isinstance(action, Action) else None
        if why:
            return why
        shown = ", ".join(a[0] for a in la[:12])
        more = f" and {len(la) - 12} more" if len(la) > 12 else ""
        return f"'{text}' is not legal now; legal actions are: {shown}{more}"

    def check(self, action: Action | str, *, seat: int | None = None) -> str | None:
        """None if ``action`` is legal now, else the reason as a sentence (for ``seat``)."""
        if self.to_act is None:
            return "the game is over; no action is legal"
        if seat is not None and seat != self.to_act:
            return self._not_your_turn(seat)
        la = self.legal_actions()
        try:
            self._find(action, la)
        except IllegalAction as e:
            return e.reason
        return None

    def parse(self, text: str, *, seat: int | None = None) -> Action:
        """The legal action whose text is ``text`` (spaces and case forgiven)."""
        if self.to_act is None:
            raise IllegalAction("the game is over; no action is legal")
        if seat is not None and seat != self.to_act:
            raise IllegalAction(self._not_your_turn(seat))
        if not isinstance(text, str):
            raise IllegalAction(f"an action is given by its text, not {type(text).__name__}")
        la = self.legal_actions()
        for a in la:
            if a[0] == text:
                return a
        norm = " ".join(text.split()).lower()
        for a in la:
            if a[0].lower() == norm:
                return a
        raise IllegalAction(self._reason(text, la))

    def result(self) -> Result:
        """Winners, scores, turns and how the game ended; GameNotOver while it goes on."""
        if self.to_act is not None:
            raise GameNotOver("the game is not over yet")
        return self._result()

    def _check_seat(self, seat: int | None) -> None:
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.players):
            raise ConfigError(f"seat must be None or 0..{self.players - 1}, got {seat!r}")

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Everything ``seat`` may know and nothing more; ``None`` is a spectator."""
        self._check_seat(seat)
        v: dict[str, Any] = {
            "game": self.game.id, "players": self.players, "seat": seat,
            "to_act": self.to_act, "over": self.to_act is None,
        }
        v.update(self._view(seat))
        if self.to_act is None:
            v["decision"] = None
        elif self.decisions:
            v["decision"] = describe(self.decisions[-1])
        else:
            v["decision"] = {"kind": self._turn_kind(), "seat": self.to_act}
        if self.to_act is None:
            v["result"] = self._result().to_dict()
        return v

    def clone(self: S) -> S:
        """An independent copy (shares only immutable content and the past log)."""
        cls = self.__class__
        new = object.__new__(cls)
        fields = self.__dict__.copy()
        rng = object.__new__(Rng)
        rng.state = self.rng.state
        fields["rng"] = rng
        copier = cls.__dict__.get("_field_copier")
        if copier is not None:
            copier(fields)
        else:
            self._clone_fields(fields)
        new.__dict__ = fields
        return new

    def determinize(self: S, seat: int, seed: int) -> S:
        """A world consistent with all that ``seat`` knows, and with nothing else of the true one.

        Everything hidden from ``seat`` is re-sampled from a generator derived from ``seed``
        alone; the world gets its own ``seed`` and future chance from it too, and its log keeps
        only what ``seat`` saw (others' private actions as their public text, events redacted as
        ``events(seat)`` shows them). ``view(seat)`` and ``events(seat)`` are unchanged.
        """
        if seat.__class__ is not int or seed.__class__ is not int or not (
                0 <= seat < self.players):
            _check_sample(self.players, seat, seed)
        # A clone (as ``clone`` makes it) whose generator, seed and log are the world's own.
        # Rng(seed ^ K) after one draw searches; that draw seeds the world's future chance and
        # names the world (no generator is made only to be read once: a search determinizes
        # once per iteration).
        cls = self.__class__
        new = object.__new__(cls)
        fields = self.__dict__.copy()
        s, out = first_draw(seed ^ 0x5EED_D1CE_0000_0000)
        world_rng = object.__new__(Rng)
        world_rng.state = out
        fields["rng"] = world_rng  # future chance is hidden too
        fields["seed"] = out >> 1
        last = _LAST_SEEN.get(seat)  # seen_log's memo, read here as it reads it first
        if (last is not None and last[0] is self and last[1] is self._log
                and cls._seen_log is State._seen_log):
            fields["_log"] = last[2]
        else:
            fields["_log"] = self._seen_log(seat)
        copier = cls.__dict__.get("_field_copier")
        if copier is not None:
            copier(fields)
        else:
            self._clone_fields(fields)
        new.__dict__ = fields
        if cls._determinize is not State._determinize:  # the base's hides nothing
            search_rng = object.__new__(Rng)
            search_rng.state = s
            new._determinize(seat, search_rng)
        # The seat to act is offered the same actions in every world it cannot tell from this
        # one (tests/test_leaks.py): a search keeps them rather than compute them per sample.
        new._legal = self._legal if seat == self.to_act else None
        return new

    def _seen_log(self, seat: int) -> LogEntry | None:
        """The log as ``seat`` saw it, as a log: memoised per seat and extended incrementally."""
        return seen_log(self, self._log, seat)

    def _emit(self, kind: str, /, *, to: tuple[int, ...] | None = None,
              others: dict[str, Any] | None = None, **data: Any) -> None:
        """Log an event. ``to``: only these seats see ``data``; the rest see ``others`` if given."""
        self._log = (self._log, ("E", kind, data, to, others))

    def _entries(self) -> list[LogEntry]:
        out: list[LogEntry] = []
        node = self._log
        while node is not None:
            out.append(node[1])
            node = node[0]
        out.reverse()
        return out

    def events(self, seat: int | None = None) -> list[dict[str, Any]]:
        """What happened, oldest first, as JSON-able dicts redacted for ``seat``."""
        self._check_seat(seat)
        out: list[dict[str, Any]] = []
        for e in self._entries():
            if e[0] == "A":
                _, actor, action, pub = e
                text = action[0] if pub is None or actor == seat else pub
                out.append({"type": "action", "seat": actor, "action": text})
            else:
                _, kind, data, to, others = e
                if to is None or (seat is not None and seat in to):
                    out.append({"type": kind, **data})
                elif others is not None:
                    out.append({"type": kind, **others})
        return out

    def referee_events(self) -> list[dict[str, Any]]:
        """What happened, oldest first, with nothing redacted: every action as taken and
        every event as its own receivers saw it. Only for the whole record (a replay once the
        game is over); never for a seat."""
        return [{"type": "action", "seat": e[1], "action": e[2][0]} if e[0] == "A"
                else {"type": e[1], **e[2]} for e in self._entries()]

    def actions_taken(self) -> Iterator[Action]:
        """Every action applied since the start, in order."""
        for e in self._entries():
            if e[0] == "A":
                yield e[2]

    def record(self) -> dict[str, Any]:
        """A replayable record: game, version, players, options, seed, actions, result."""
        return {
            "format": "meeple-record/1",
            "game": self.game.id,
            "version": self.game.version,
            "players": self.players,
            "options": dict(self.game.config),
            "seed": self.seed,
            "actions": [a[0] for a in self.actions_taken()],
            "result": self._result().to_dict() if self.to_act is None else None,
        }

    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-able data; ``meeple.restore`` rebuilds it exactly."""
        fields = {k: v for k, v in self.__dict__.items() if k not in _BASE_FIELDS}
        return {
            "format": STATE_FORMAT,
            "game": self.game.id,
            "version": self.game.version,
            "players": self.players,
            "options": dict(self.game.config),
            "rng": self.rng.state,
            "log": [encode(e) for e in self._entries()],
            "fields": encode(fields),
        }

    @classmethod
    def from_json(cls, game: Game[Any], data: Mapping[str, Any]) -> State:
        """Rebuild a state of ``game`` from ``to_json`` data, checking every part of it.

        Each field is decoded by its annotation, the log entry by entry, and then the game's
        ``_validate`` checks what only it knows; anything that does not fit is a RecordError
        naming the field, and no state is made.
        """
        rng_state = data.get("rng")
        if type(rng_state) is not int or not 0 <= rng_state < 1 << 64:
            raise RecordError(f"rng must be a whole number 0..2**64-1, got {rng_state!r}")
        fields = decode_fields(cls, data.get("fields"))
        players, to_act, n = fields["players"], fields["to_act"], fields["n_actions"]
        if players != game.players:
            raise RecordError(f"fields.players is {players}, but the state is of {game.players}")
        if to_act is not None and not 0 <= to_act < players:
            raise RecordError(f"fields.to_act must be None or 0..{players - 1}, got {to_act}")
        entries = decode_log(data.get("log"), players)
        acted = sum(1 for e in entries if e[0] == "A")
        if n != acted:
            raise RecordError(f"fields.n_actions is {n}, but the log holds {acted} actions")
        st: State = object.__new__(game.state_class)
        st.__dict__.update(fields)
        st.game = game
        st.rng = Rng(rng_state)
        st._legal = None
        node: LogEntry | None = None
        for entry in entries:
            node = (node, entry)
        st._log = node
        st._validate()
        return st

    def __repr__(self) -> str:
        # No seed and nothing hidden: a repr can end up in a log or an error a player reads.
        return (f"<{type(self).__name__} {self.game.id} actions={self.n_actions} "
                f"to_act={self.to_act}>")
