"""What each seat may know (all boards are open; the fog and the event deck are not).

A view holds ids and numbers only: a hero by his id, a creature by its kind, an article by its
id (``shield:worn``), a region by its number. :class:`Keys` is exactly what :func:`view`
returns; :class:`View` is the whole view a reader receives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, TypedDict, TypeVar, cast

from meeple.core import Rng
from meeple.core.views import BaseView, GameKeys

from . import turn
from .content import LETTERS, fog_entry
from .heroes import band
from .legend import goals_met
from .turn import Phase, Step

if TYPE_CHECKING:
    from .state import AndorState

A = TypeVar("A")
B = TypeVar("B")


class HeroView(TypedDict):
    """A hero's board: where he stands, his numbers and what he carries."""

    seat: int
    hero: str
    region: int
    strength: int
    willpower: int
    gold: int
    hours: int
    ended: bool
    articles: list[str]
    farmers: int
    #: Dice he rolls at his willpower now (AND-42).
    dice: int


class CreatureView(TypedDict):
    """A creature on the board, with its strength and willpower for this many heroes."""

    region: int
    kind: str
    strength: int
    willpower: int


class FightView(TypedDict):
    """The fight under way: the creature now, the heroes in it and the round's dice."""

    region: int
    kind: str
    willpower: int
    strength: int
    heroes: list[int]
    round: int
    hero_value: int
    dice: list[int]
    black: int | None
    roller: int | None


class CastleView(TypedDict):
    """The castle: creatures inside, golden shields (farmers saved count too), farmers."""

    creatures: int
    shields: int
    farmers: int


class Keys(GameKeys):
    """Andor's view: the legend track, the heroes, the board and the fight."""

    # Andor's own words; a core whose GameKeys types them as any word needs the ignores.
    phase: Phase
    step: Step
    legend: Literal["intro", "full"]
    letter: str
    day: int
    active: int
    rooster: int | None
    goals: list[str]
    goals_met: list[bool]
    heroes: list[HeroView]
    creatures: list[CreatureView]
    castle: CastleView
    #: (region, farmers waiting there), AND-72
    farmers: list[tuple[int, int]]
    #: (region, articles lying there)
    ground: list[tuple[int, list[str]]]
    #: (region, full), AND-67
    wells: list[tuple[int, bool]]
    #: (region, the token once this seat has seen it through the telescope), AND-68/78
    fog: list[tuple[int, str | None]]
    witch: int | None
    blocked: list[int]
    market_open: bool
    stock: dict[str, int]
    event_deck: int
    last_event: str | None
    cards_read: list[str]
    creature_bonus: int
    fight: FightView | None
    #: Steps the healer's herb still carries the hero to act without hours (AND-81).
    free_steps: int


class View(Keys, BaseView):
    """The whole view a reader receives (the base's keys around :class:`Keys`)."""


def view(st: AndorState, seat: int | None) -> Keys:
    """The table as every seat sees it (all boards are open; fog and the deck are not)."""
    g = st.game
    heroes = [_hero(st, s) for s in range(st.players)]
    creatures: list[CreatureView] = []
    for r in sorted(st.creatures):
        strength, willpower = g.creature_stats(st.creatures[r])
        creatures.append({"region": r, "kind": st.creatures[r], "strength": strength,
                          "willpower": willpower})
    fog = [_pair(r, st.fog[r] if r in st.fog_seen else None) for r in sorted(st.fog)]
    mine, on_table = _ids(st, seat, fog)
    return {
        "phase": turn.phase(st), "step": turn.step(st), "mine": mine, "on_table": on_table,
        "legend": g.config["legend"], "letter": LETTERS[st.letter], "day": st.day,
        "active": st.active, "rooster": st.rooster, "goals": list(g.legend.info.goals),
        "goals_met": goals_met(st), "heroes": heroes, "creatures": creatures,
        "castle": {"creatures": st.castle_creatures, "shields": g.shields + st.castle_farmers,
                   "farmers": st.castle_farmers},
        "farmers": [_pair(r, n) for r, n in sorted(st.farmers.items())],
        "ground": [_pair(r, sorted(v)) for r, v in sorted(st.ground.items())],
        "wells": [_pair(w, w in st.wells_full) for w in g.wells],
        "fog": fog, "witch": st.witch, "blocked": sorted(st.blocked),
        "market_open": st.market_open, "stock": dict(sorted(st.stock.items())),
        "event_deck": len(st.deck), "last_event": st.last_event,
        "cards_read": list(st.cards_read), "creature_bonus": st.creature_bonus,
        "fight": _fight(st), "free_steps": st.free_steps,
    }


def _hero(st: AndorState, s: int) -> HeroView:
    h = st.game.content.heroes[st.game.hero_ids[s]]
    return {"seat": s, "hero": h.id, "region": st.position[s], "strength": st.strength[s],
            "willpower": st.willpower[s], "gold": st.gold[s], "hours": st.hours[s],
            "ended": st.ended[s], "articles": sorted(st.items[s]), "farmers": st.carried[s],
            "dice": h.dice[band(st.willpower[s])]}


def _fight(st: AndorState) -> FightView | None:
    f = st.fight
    if f is None:
        return None
    fighters = f["fighters"]
    return {"region": f["region"], "kind": f["kind"], "willpower": f["creature_willpower"],
            "strength": f["creature_strength"], "heroes": list(fighters),
            "round": f["round"], "hero_value": f["total"], "dice": list(f["dice"]),
            "black": f["black"],
            "roller": fighters[f["roller"]] if f["roller"] < len(fighters) else None}


def _pair(a: A, b: B) -> tuple[A, B]:
    """A pair as JSON holds it, a two-item list (a view survives a JSON round trip unchanged),
    typed as the pair it stands for."""
    return cast("tuple[A, B]", [a, b])


def _ids(st: AndorState, seat: int | None,
         fog: list[tuple[int, str | None]]) -> tuple[list[str], list[str]]:
    """The catalogue ids that are ``seat``'s own (his hero, his articles) and the others it
    sees: the other heroes and their articles, the creatures, what lies on the board, the
    fog tokens it has seen, the last event card, the legend and its cards read."""
    g = st.game
    mine: list[str] = []
    if seat is not None:
        mine = [g.hero_ids[seat], *sorted({it.partition(":")[0] for it in st.items[seat]})]
    seen: dict[str, None] = {}
    for s in range(st.players):
        if s != seat:
            seen[g.hero_ids[s]] = None
            seen.update((it.partition(":")[0], None) for it in sorted(st.items[s]))
    seen.update((k, None) for k in g.content.creatures if k in st.creatures.values())
    seen.update((it, None) for r in sorted(st.ground) for it in sorted(st.ground[r]))
    seen.update((fog_entry(g.content, token), None) for _, token in fog if token is not None)
    if st.last_event is not None:
        seen[st.last_event] = None
    seen[g.legend.info.id] = None
    seen.update((letter, None) for letter in st.cards_read)
    return mine, [k for k in seen if k not in mine]


#: The fog of the last worlds made, by the log they were made with: ``determinize`` gives a
#: world the log its seat saw, one object per true state, seat and moment (kept by the core
#: until the game moves on), so a log that is the key's, with the same tokens seen and left,
#: finds the same fog.
_LAID: dict[int, tuple[Any, frozenset[int], int, dict[int, str]]] = {}
_KEEP = 256


def determinize(st: AndorState, seat: int, rng: Rng) -> None:
    """The face-down fog tokens are hidden from everyone; the event deck has no order to
    hide (a pile: its card is chosen when it is drawn).

    A world lays the face-down tokens out sorted, on the fog regions in their fixed order (so
    it never depends on where they truly lie), and turns them up at random as its play reaches
    them (:func:`.fog.deal`): only the tokens a search turns up are ever drawn."""
    log = st._log
    seen = st.fog_seen
    n = len(st.fog)
    got = _LAID.get(id(log)) if log is not None else None
    if got is not None and got[0] is log and got[1] is seen and got[2] == n:
        st.fog = got[3].copy()
    else:
        fog = st.fog
        hidden = [r for r in st.game.fog_regions if r in fog and r not in seen]
        if len(hidden) > 1:
            fog.update(zip(hidden, sorted([fog[r] for r in hidden]), strict=True))
        if log is not None:
            if len(_LAID) >= _KEEP:
                _LAID.clear()
            _LAID[id(log)] = (log, seen, n, fog.copy())
    st.__class__ = st._world_class
