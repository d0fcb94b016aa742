"""Grab and Hit in sentences: what each seat is called, every event, and the result.

A seat is called by its adventurer (the rulebook's word for a player's figure), or "Player 2"
before it has one. Everything is open in this game, so an event needs no redaction; it is told
from its own fields alone, with names looked up in the content and words from the catalogues.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from meeple.core import Action, Result
from meeple.core.story import summary_lines

from . import labels, lookup, verbs
from .content import Location, Scroll
from .lookup import money, money_acc, money_gen, t

if TYPE_CHECKING:
    from .game import GrabHit
    from .view import View

Event = Mapping[str, Any]


def seat_names(game: GrabHit, view: Mapping[str, Any], lang: str = "en") -> list[str]:
    """Each seat's adventurer in ``lang``, or "Player n" before one is chosen."""
    return names_of(cast("View", view), lang)


def names_of(view: View, lang: str) -> list[str]:
    """Each seat's name as the view shows it (``seat_names`` without a game)."""
    out = []
    for p in view["players_info"]:
        a = p["adventurer"]
        out.append(lookup.local_id(a, lang) if a else t(lang)("player", n=p["seat"] + 1))
    return out


#: The fields of an event that name a seat.
SEAT_FIELDS = ("seat", "target", "killer", "owner")


def heroes_then(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` (a seat's, oldest first, from the start) with the adventurer each named seat
    led at that moment, where it is not the one that seat leads now: ``then`` maps the seat (as
    a string) to that adventurer's content id (None before one was chosen). A seat's name is
    its adventurer, and a rebirth may change it, so a past line names who acted then ("Garret
    dies"), not who sits there now. The adventurers are read from the events themselves
    (``chosen`` and ``reborn``); nothing is added when no seat has changed."""
    now: dict[int, str] = {}
    for e in events:
        if e["type"] in ("chosen", "reborn"):
            now[e["seat"]] = e["adventurer"]
    if not now:
        return events
    led: dict[int, str | None] = {}
    out = []
    for e in events:
        if e["type"] in ("chosen", "reborn"):  # these name the player and the new adventurer
            led[e["seat"]] = e["adventurer"]
        stale = {str(s): led.get(s) for k in SEAT_FIELDS
                 if isinstance(s := e.get(k), int) and led.get(s) != now.get(s)}
        out.append({**e, "then": stale} if stale else e)
    return out


def _who(names: Sequence[str] | None, seat: int | None, lang: str,
         event: Event | None = None) -> str:
    if seat is None:
        return ""
    then = event.get("then") if event is not None else None
    if then is not None and str(seat) in then:  # the seat led another adventurer then
        a = then[str(seat)]
        return lookup.local_id(a, lang) if a else t(lang)("player", n=seat + 1)
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return t(lang)("player", n=seat + 1)


def describe(game: GrabHit, event: Event, lang: str = "en",
             names: Sequence[str] | None = None) -> str:
    """One event as a sentence in ``lang``; ``names``: each seat's name."""
    kind = event["type"]
    tx = t(lang)
    f: dict[str, Any] = {"name": _who(names, event.get("seat"), lang, event)}
    special = _SPECIAL.get(kind)
    if special is not None:
        key, extra = special(game, event, lang, names)
        return tx(key, **f, **extra)
    for k in ("card", "weapon", "blueprint", "shield"):
        if isinstance(event.get(k), str):
            f[k] = lookup.local(event[k], lang)
    if "bid" in event:
        f["coins"] = money_acc(event["bid"], lang)
    return tx(f"event.{kind}", **f)


Told = tuple[str, dict[str, Any]]


def _action(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    """An action told from the log by its text (read back through the notation)."""
    return "event.action", {"action": labels.label(game, Action(e["action"]), lang, None)}


def _chosen(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    adv = next(a for a in game.content.adventurers if a.id == e["adventurer"])
    return f"event.{e['type']}", {"player": t(lang)("player", n=e["seat"] + 1),
                                  "adventurer": adv.label(lang)}


def _spin(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    sector = next(s for s in game.content.sectors if s.value == e["value"]
                  and list(s.colours) == list(e["colours"])
                  and list(s.symbols) == list(e["symbols"]))
    return f"event.spin.{e['why']}", {"value": e["value"],
                                      "sector": lookup.sector_text(sector, lang)}


def _phase2(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    if e["gold"] <= 0:
        return "event.phase2.none", {}
    return "event.phase2", {"coins": money_acc(e["gold"], lang)}


def _gained(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    return "event.gained", {"coins": money_acc(e["gold"], lang)}


def _colour(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    return f"event.{e['type']}.{e['colour']}", {}


def _draw(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    card = lookup.find(e["card"])
    assert card is not None
    return "event.draw", {"card_of": t(lang)(f"card_of.{e['colour']}"),
                          "card": card.label(lang), "kind": lookup.card_kind(card, lang)}


def _price(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    loc = lookup.find(e["card"])
    assert isinstance(loc, Location)
    return f"event.{e['type']}", {"card": loc.label(lang), "price": money_acc(loc.price, lang),
                                  "opening": money_gen(loc.auction, lang)}


def _repair(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    if "weapon" in e:
        return "event.repair.weapon", {"weapon": lookup.local(e["weapon"], lang)}
    return "event.repair.armour", {"armour": e["armour"]}


def _visit(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    sv = lookup.service(e["shop"], e["service"])
    fields = {"shop": lookup.shop_name(e["shop"], lang), "fee": money_acc(sv.fee, lang),
              "service": t(lang)(f"visit.{sv.kind}")}
    owner = e.get("owner")
    if owner is None or owner == e["seat"]:
        return "event.visit.bank", fields
    return "event.visit", {**fields, "owner": _who(names, owner, lang, e)}


def _scroll_card(e: Event, key: str) -> Scroll:
    sc = lookup.find(e[key])
    assert isinstance(sc, Scroll)
    return sc


def _upgrade(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    sc = _scroll_card(e, "card")
    return f"event.{e['type']}", {"card": sc.label(lang), "effect": lookup.effect(sc, lang),
                                  "blocks": lookup.blocks(sc, lang)}


def _cast(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    sc = _scroll_card(e, "card")
    target = e.get("target")
    f = {"card": sc.label(lang)}
    if target is None:
        return "event.cast", f
    key = "event.cast.curse" if sc.kind == "curse" else "event.cast.target"
    return key, {**f, "target": _who(names, target, lang, e)}


def _effect(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    tx = t(lang)
    card = e.get("card")
    sc = lookup.find(card) if isinstance(card, str) else None
    source = tx("source.card", card=sc.label(lang)) if sc is not None \
        else tx("source.ability")
    kind, amount = e["kind"], e["amount"]
    f = {"source": source, "amount": amount, "upto": money_gen(amount, lang)}
    if isinstance(sc, Scroll) and sc.lasting:
        return "event.effect.lasting", {**f, "effect": lookup.effect(sc, lang)}
    if tx.has(f"event.effect.{kind}"):
        return f"event.effect.{kind}", f
    return "event.effect.other", f


def _ability(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    adv = next(a for a in game.content.adventurers if a.ability == e["ability"])
    return "event.ability", {"ability": lookup.ability_name(adv, lang)}


def _hit(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    f = {"target": _who(names, e["target"], lang, e), "damage": e["damage"]}
    if e["weapon"] == "fists":
        return "event.hit.fists", f
    return "event.hit", {**f, "weapon": lookup.local(e["weapon"], lang)}


def _damage(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    return "event.damage", {"life": e["life"], "armour": e["armour"]}


def _death(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    killer = e.get("killer")
    if killer is None or killer == e["seat"]:
        return "event.death", {}
    return "event.death.killed", {"killer": _who(names, killer, lang, e)}


def _game_over(game: GrabHit, e: Event, lang: str, names: Sequence[str] | None) -> Told:
    who = ", ".join(_who(names, s, lang) for s in e["winners"])
    return f"event.game_over.{e['reason']}", {"names": who}


_SPECIAL: dict[str, Callable[[GrabHit, Event, str, Sequence[str] | None], Told]] = {
    "action": _action, "chosen": _chosen, "reborn": _chosen, "spin": _spin,
    "phase2": _phase2, "gained": _gained, "reshuffle": _colour, "nothing_to_draw": _colour,
    "draw": _draw,
    "buy": _price, "auction_open": _price, "repair": _repair, "visit": _visit,
    "upgrade": _upgrade, "shield": _upgrade, "cast": _cast, "effect": _effect,
    "ability": _ability, "hit": _hit, "damage": _damage, "death": _death,
    "game_over": _game_over,
}


def headline(result: Result, lang: str, names: Sequence[str] | None) -> str:
    """How the game ended, in one sentence."""
    who = ", ".join(_who(names, s, lang) for s in result.winners)
    return t(lang)(f"event.game_over.{result.reason}", names=who)


def outcome(game: GrabHit, result: Result, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """The result: how it ended, then each seat's gold (the winners marked)."""
    tx = t(lang)
    lines = [headline(result, lang, names)]
    for seat, gold in enumerate(result.scores):
        key = "outcome.won" if seat in result.winners else "outcome.line"
        lines.append(tx(key, name=_who(names, seat, lang), coins=money(int(gold), lang)))
    return lines


#: Decisions that change nothing on the table by themselves: ending phase 4 or the hits, and
#: taking up a weapon (the hits that follow name it).
QUIET = (verbs.Done, verbs.Attack)


def summary(game: GrabHit, events: Sequence[Event], lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """One line per other seat's decision since the seat's last one (``Game.summary``),
    leaving out the decisions that came to nothing: the quiet steps of a turn (``QUIET``) and a
    bid made void before it was settled, when its bidder died (GAH-62 cancels his bids)."""
    void = _void_bids(events)

    def skip(decision: Sequence[Event]) -> bool:
        first = decision[0]
        if first.get("type") != "action":
            return False
        if id(first) in void:
            return True
        verb = game.logged(first["action"])[1] if len(decision) == 1 else None
        return isinstance(verb, QUIET)

    return summary_lines(game, events, lang, names, skip=skip)


def _void_bids(events: Sequence[Event]) -> set[int]:
    """The action events (by identity) of bids whose bidder died later in ``events`` while the
    bid still stood: his death cancelled them, so they tell nothing that lasts."""
    standing: dict[str, tuple[int, int]] = {}  # lot → (bidder, the bid's action event)
    void: set[int] = set()
    action: Event | None = None
    for e in events:
        kind = e.get("type")
        if kind == "action":
            action = e
        elif kind == "bid" and action is not None:
            standing[e["card"]] = (e["seat"], id(action))
        elif kind in ("auction_won", "auction_failed", "auction_unsold"):
            standing.pop(e["card"], None)
        elif kind == "death":
            for lot, (bidder, bid) in list(standing.items()):
                if bidder == e["seat"]:
                    void.add(bid)
                    del standing[lot]
    return void
