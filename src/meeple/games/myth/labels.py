"""Myth's actions as people read them: what each costs and does (docs/words.md).

A label is built from the action's verb (an action known only by its text, as the log keeps
it, is read back by the notation first), so a logged action reads like a legal one; the taker's
own view, when given, adds what depends on the moment: the price with the Codex or off new
ground, the cell a move leads to, the odds of an attack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from meeple.components.tilegrid import DELTA
from meeple.core import Action, Dispatch, Verb

from . import notation
from .content import load
from .lookup import brief
from .names import card_name, cell, cost, hero_name, quest_name, res, side, sides_of, tile_name, tr
from .params import (
    AVATARA_HEAL_COST,
    EXTRA_TURN_COST,
    HEAL_COST,
    LEVEL_COST,
    REDRAW_COST,
    SWAP_COST,
)
from .verbs import (
    Attack,
    AvataraHeal,
    DeceiveHero,
    DestroyItem,
    DiscardCard,
    Draw,
    DreamOrder,
    EndTurn,
    Explore,
    ExtraTurn,
    Fight,
    Heal,
    Imprison,
    Move,
    NodTo,
    Pass,
    Place,
    Play,
    Redraw,
    Remove,
    Resolve,
    Show,
    Stay,
    StayPut,
    Swap,
    TargetHero,
)
from .view import by_cell

if TYPE_CHECKING:
    from meeple.core import Game

    from .view import HeroView, View

#: The key of a sentence (``draw.paid``: ``label.draw.paid``, ``did.draw.paid``) and its fields.
Fields = tuple[str, dict[str, Any]]
#: The public texts of private actions (:data:`.notation.PUBLIC`): their sentences' keys and
#: what they cost (playing a card face down may be free; swapping a quest never is).
HIDDEN = {words: (f"{verb.word}.hidden", SWAP_COST if verb is Swap else 0)
          for words, verb in notation.PUBLIC_VERB.items()}
#: Verbs that always spend resources; ``Play`` and ``Draw`` may.
PAID = (Redraw, Remove, Swap, Heal, AvataraHeal, ExtraTurn, Show)
#: What the turn's plain choices cost.
PRICES: dict[type[Verb], int] = {Redraw: REDRAW_COST, Heal: HEAL_COST,
                                 AvataraHeal: AVATARA_HEAL_COST, ExtraTurn: EXTRA_TURN_COST}


class Ask(NamedTuple):
    """Who asks for a sentence: the game, the language, the taker's view (None: the log)."""

    game: Game[Any]
    lang: str
    view: View | None


FIELDS: Dispatch[Ask, Fields] = Dispatch("Myth's labels")


def _me(view: View | None) -> HeroView | None:
    """The hero whose turn it is (who pays for the turn's choices)."""
    return None if view is None else view["heroes"][view["active"]]


def draw_cost(game: Game[Any], hand: int, n: int) -> int:
    """MYTH-31: what drawing ``n`` cards costs with ``hand`` cards held."""
    size = int(game.config["hand_size"])
    return sum(2 ** (k - size) for k in range(hand + 1, hand + n + 1) if k > size)


def doubled(view: View | None) -> bool:
    """Whether cards are offered now at double price, the hero being on explored ground
    (MYTH-47)."""
    return view is not None and view["double_cost"] and view["step"] == "offer"


def play_cost(cid: str, view: View | None) -> int:
    """What the taker pays to play ``cid``: the Codex takes one off, explored ground doubles."""
    base = load().cards[cid].cost
    seat = None if view is None else view.get("seat")
    if view is None or seat is None:
        return base
    mine = view["heroes"][seat]
    c = max(1, base - 1) if base and "codex" in mine["items"] else base
    return c * 2 if doubled(view) else c  # only while cards are offered


def chance(view: View, monster: str) -> int:
    """The percent chance that one attack of the hero to act kills ``monster`` (MYTH-53)."""
    me = view["heroes"][view["active"]]
    here = (me["cell"][0], me["cell"][1])
    cs = load().cards
    dark = sum(cs[c].value for c in by_cell(view["lasting"]).get(here, [])
               if cs[c].effect == "darkness")
    need = cs[monster].defence - me["attack"] + dark  # the roll must be higher than this
    return int(max(0, min(100, 100 - need)))


def _monsters_here(view: View) -> list[str]:
    x, y = view["heroes"][view["active"]]["cell"]
    return list(dict.fromkeys(by_cell(view["enemies"]).get((x, y), [])))


# ------------------------------------------------------------------ each verb's sentence
@FIELDS.on(Draw)
def _draw(ask: Ask, verb: Draw) -> Fields:
    n, me, lang = verb.count, _me(ask.view), ask.lang
    size = int(ask.game.config["hand_size"])
    paid = draw_cost(ask.game, me["hand"], n) if me is not None else 0
    free = min(n, max(0, size - me["hand"])) if me is not None else n
    f = {"count": tr(lang).count("cards.taken", n), "cost": res(paid, lang), "size": size,
         "free": free, "extra": n - free}
    if not n:
        return "draw.none", f
    if not paid:
        return "draw", f
    return ("draw.paid" if free else "draw.beyond"), f


def _way(ask: Ask, verb: Move | Explore) -> Fields:
    f = {"dir": side(verb.side, ask.lang)}
    me = _me(ask.view)
    if isinstance(verb, Move) and me is not None:
        dx, dy = DELTA[verb.side]
        return "move.to", {**f, "cell": cell((me["cell"][0] + dx, me["cell"][1] + dy), ask.lang)}
    return verb.word, f


FIELDS.on(Move)(_way)
FIELDS.on(Explore)(_way)


@FIELDS.on(Place)
def _place(ask: Ask, verb: Place) -> Fields:
    f = {"sides": sides_of(verb.passages, ask.lang)}
    if ask.view is not None and ask.view.get("drawn_tile"):
        return "place.tile", {**f, "tile": tile_name(ask.view["drawn_tile"], ask.lang)}
    return "place", f


def _card(ask: Ask, verb: Play | Resolve | DiscardCard | DestroyItem) -> Fields:
    cid, lang = verb.card, ask.lang
    f: dict[str, Any] = {"card": card_name(cid, lang), "monster": card_name(cid, lang)}
    if isinstance(verb, Play):
        price = play_cost(cid, ask.view)
        key = "play.double" if price and doubled(ask.view) else "play"
        return key, {**f, "cost": cost(price, lang), "effect": brief(cid, lang)}
    return verb.word, f


FIELDS.on(Play)(_card)
FIELDS.on(Resolve)(_card)
FIELDS.on(DiscardCard)(_card)
FIELDS.on(DestroyItem)(_card)


def _monster(ask: Ask, verb: Remove | Imprison | Attack) -> Fields:
    m, lang, view = verb.monster, ask.lang, ask.view
    f: dict[str, Any] = {"card": card_name(m, lang), "monster": card_name(m, lang)}
    if isinstance(verb, Remove):
        return "remove", {**f, "cost": res(load().cards[m].damage + 1, lang)}
    if isinstance(verb, Imprison) and view is not None:
        return "imprison.room", {**f, "load": view["tain_load"],
                                 "capacity": load().cards["tain"].value}
    if isinstance(verb, Attack) and view is not None:
        return "attack.odds", {**f, "chance": tr(lang)("percent", n=chance(view, m))}
    return verb.word, f


FIELDS.on(Remove)(_monster)
FIELDS.on(Imprison)(_monster)
FIELDS.on(Attack)(_monster)


@FIELDS.on(NodTo)
def _nod(ask: Ask, verb: NodTo) -> Fields:
    return "nod", {"cell": cell(verb.cell, ask.lang)}


def _hero(ask: Ask, verb: DeceiveHero | TargetHero) -> Fields:
    f = {"hero": hero_name(verb.hero, ask.lang)}
    if isinstance(verb, TargetHero) and ask.view is not None and ask.view.get("striker"):
        return "target.monster", {**f, "monster": card_name(ask.view["striker"], ask.lang)}
    return verb.word, f


FIELDS.on(DeceiveHero)(_hero)
FIELDS.on(TargetHero)(_hero)


def _quest(ask: Ask, verb: Show | Swap) -> Fields:
    lang = ask.lang
    f: dict[str, Any] = {"quest": quest_name(verb.quest, lang)}
    if isinstance(verb, Swap):
        return "swap", {**f, "cost": res(SWAP_COST, lang)}
    me = _me(ask.view)
    if me is None:
        return "show", f
    level = me["level"]
    return "show.cost", {**f, "cost": res(LEVEL_COST[level], lang), "level": level + 1}


FIELDS.on(Show)(_quest)
FIELDS.on(Swap)(_quest)


@FIELDS.on(Heal)
def _heal(ask: Ask, verb: Heal) -> Fields:
    f: dict[str, Any] = {"cost": res(HEAL_COST, ask.lang)}
    me = _me(ask.view)
    if me is not None:
        rate = load().heroes[me["hero"]].heal
        return "heal.rate", {**f, "life": tr(ask.lang).count("life", rate)}
    return "heal", f


def _plain(ask: Ask, verb: Verb) -> Fields:
    key = "stayput" if isinstance(verb, StayPut) else verb.word
    return key, {"cost": res(PRICES.get(type(verb), 0), ask.lang)}


FIELDS.on(Stay)(_plain)
FIELDS.on(StayPut)(_plain)
FIELDS.on(Pass)(_plain)
FIELDS.on(Fight)(_plain)
FIELDS.on(Redraw)(_plain)
FIELDS.on(AvataraHeal)(_plain)
FIELDS.on(ExtraTurn)(_plain)
FIELDS.on(EndTurn)(_plain)


@FIELDS.on(DreamOrder)
def _order(ask: Ask, verb: DreamOrder) -> Fields:
    return ("allow" if verb.allow else "forbid"), {"cost": res(0, ask.lang)}


# ------------------------------------------------------------------ labels
def _fields(game: Game[Any], action: Action, lang: str, view: View | None) -> Fields:
    """The sentence of ``action``: by its verb, or, for an action known only by its text,
    by the verb the notation reads (or the hidden form of a private action)."""
    verb = action[1]
    if not isinstance(verb, Verb):
        hidden = HIDDEN.get(action[0])
        if hidden is not None:
            key, price = hidden
            return key, {"cost": res(price, lang)}
        verb = notation.parse(game, action[0])
    return FIELDS(Ask(game, lang, view), verb)


def label(game: Game[Any], action: Action, lang: str = "en",
          view: Mapping[str, Any] | None = None) -> str:
    """The action as its taker reads it in a menu, with what it costs and does, for the
    taker's ``view`` (a :class:`.view.View`)."""
    return _label(game, action, lang, cast("View | None", view))


def _label(game: Game[Any], action: Action, lang: str, view: View | None) -> str:
    if isinstance(action[1], Fight) and view is not None:
        t = tr(lang)
        odds = [t("label.odds", monster=card_name(m, lang),
                  chance=t("percent", n=chance(view, m))) for m in _monsters_here(view)]
        return t("label.fight.odds", odds=", ".join(odds))
    key, fields = _fields(game, action, lang, view)
    return tr(lang)("label." + key, **fields)


def told(game: Game[Any], text: str, lang: str = "en") -> str:
    """An action as others are told of it: ``plays a card face down``, ``goes north``."""
    key, fields = _fields(game, Action(text), lang, None)
    return tr(lang)("did." + key, **fields)


def costs(game: Game[Any], action: Action, view: Mapping[str, Any] | None = None) -> bool:
    """Whether the action spends resources (menus list such actions after the free ones), for
    the taker's ``view`` (a :class:`.view.View`)."""
    return _costs(game, action, cast("View | None", view))


def _costs(game: Game[Any], action: Action, view: View | None) -> bool:
    verb = action[1]
    if not isinstance(verb, Verb):
        if action[0] in HIDDEN:
            return True
        verb = notation.parse(game, action[0])
    if isinstance(verb, PAID):
        return True
    if isinstance(verb, Play):
        return play_cost(verb.card, view) > 0
    if isinstance(verb, Draw):
        me = _me(view)
        return me is not None and draw_cost(game, me["hand"], verb.count) > 0
    return False
