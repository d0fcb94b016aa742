"""Why an action a Myth player would expect to take is not offered (docs/contract.md).

Built from the seat's own view only: its hand, the heroes' open numbers, the map, the monsters
of the cell. Each reason mirrors the rule that forbids the action exactly, so every action
named here is illegal at that moment: a card or a level the purse cannot pay for, a free card
on explored ground, a draw past what the purse (or the Great Dream) allows, a passage walled on
the other side, the dungeon's nine-by-nine limit, a monster that can no longer be paid away.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, cast

from meeple.components.tilegrid import DELTA, OPPOSITE, SIDES, within_extent
from meeple.core import Action, IllegalAction

from .content import load
from .labels import draw_cost, play_cost
from .names import card_name, res, side, tr
from .params import (
    AVATARA_HEAL_COST,
    EXTRA_TURN_COST,
    HEAL_COST,
    LEVEL_COST,
    MAX_EXTENT,
    START,
    SWAP_COST,
)
from .verbs import (
    AvataraHeal,
    CardId,
    Draw,
    Explore,
    ExtraTurn,
    Heal,
    Imprison,
    Move,
    Play,
    QuestId,
    Remove,
    Show,
    Side,
    Swap,
)
from .view import by_cell, own_quests, tiles

if TYPE_CHECKING:
    from meeple.core import Game, Verb

    from .view import HeroView, View

#: Monsters that must face a hero before he may pay any of them away (MYTH-60).
REMOVABLE_AMONG = 2
Found = Iterator[tuple["Verb", str, dict[str, Any]]]


def why_not(game: Game[Any], view: Mapping[str, Any], lang: str = "en") -> list[tuple[Action, str]]:
    """The actions the seat of ``view`` would expect now that the rules forbid, each with the
    rule in words."""
    v = cast("View", view)
    seat = v["seat"]
    if seat is None or v["to_act"] != seat or v["over"]:
        return []
    finder = STEPS.get(str(v["step"]))
    if finder is None:
        return []
    t = tr(lang)
    out: list[tuple[Action, str]] = []
    for verb, key, fields in finder(game, v, seat, lang):
        try:
            action = game.action(verb)
        except IllegalAction:  # beyond what the game could ever offer
            continue
        out.append((action, t("why." + key, **fields)))
    return out


def _purse(h: HeroView, price: int, lang: str) -> dict[str, Any]:
    return {"cost": res(price, lang), "have": res(h["resources"], lang)}


# ------------------------------------------------------------------ step by step
def _draw(game: Game[Any], v: View, seat: int, lang: str) -> Found:
    """MYTH-31, MYTH-93: the first draw past what the purse, or the dream's master, allows."""
    me = v["heroes"][v["active"]]
    size = int(game.config["hand_size"])
    free = max(0, size - me["hand"])
    deck = v["event_deck"]
    if me["dream"] > 0 and seat != v["active"]:  # the dream's master draws for the dreamer
        n = min(free, deck)
        if n < deck:
            yield Draw(n + 1), "draw.dream", {"size": size}
        return
    n = free
    while n + 1 <= deck and draw_cost(game, me["hand"], n + 1) <= me["resources"]:
        n += 1
    if n < deck:
        yield Draw(n + 1), "draw.cost", {
            "count": tr(lang).count("cards", n + 1), "size": size,
            **_purse(me, draw_cost(game, me["hand"], n + 1), lang)}


def _ways(game: Game[Any], v: View, seat: int, lang: str) -> Found:
    """MYTH-33, MYTH-37: a passage walled on the far side; the nine-by-nine limit."""
    me = v["heroes"][v["active"]]
    laid = {(x, y): mask for x, y, mask, _ in tiles(v)}
    here = (me["cell"][0], me["cell"][1])
    mask = laid[here]
    for s in SIDES:
        if not mask & s:
            continue
        dx, dy = DELTA[s]
        nb = (here[0] + dx, here[1] + dy)
        if nb in laid:
            if not laid[nb] & OPPOSITE[s]:
                yield Move(Side(s)), "walled", {"dir": side(s, lang)}
        elif v["tiles_left"] and not within_extent(laid, nb, MAX_EXTENT):
            yield Explore(Side(s)), "extent", {"dir": side(s, lang)}
    if seat == v["active"]:
        yield from _choices(game, v, lang)


def _choices(game: Game[Any], v: View, lang: str) -> Found:
    """MYTH-13, MYTH-17, MYTH-19, MYTH-71: a fulfilled quest or healing the purse cannot pay
    for, a swap paid for with no quest left to draw (a swap merely too dear is not told: the
    price is on every quest, and four reasons a turn would drown the others)."""
    me = v["heroes"][v["active"]]
    money = me["resources"]
    price = LEVEL_COST[me["level"]] if me["level"] < len(LEVEL_COST) else 0
    for q, done in own_quests(v):
        if done and money < price:
            yield Show(QuestId(q)), "show", {"level": me["level"] + 1, **_purse(me, price, lang)}
        elif not done and money >= SWAP_COST and not v["quest_pile"]:
            yield Swap(QuestId(q)), "swap.pile", {}
    wounded = me["life"] < me["max_life"]
    if wounded and load().heroes[me["hero"]].heal > 0 and money < HEAL_COST:
        yield Heal(), "heal", _purse(me, HEAL_COST, lang)
    if wounded and (me["cell"][0], me["cell"][1]) == START and money < AVATARA_HEAL_COST:
        yield AvataraHeal(), "avatara", _purse(me, AVATARA_HEAL_COST, lang)


def _end(game: Game[Any], v: View, seat: int, lang: str) -> Found:
    me = v["heroes"][v["active"]]
    yield from _choices(game, v, lang)
    if me["resources"] < EXTRA_TURN_COST:  # MYTH-70
        yield ExtraTurn(), "extra", _purse(me, EXTRA_TURN_COST, lang)


def _offer(game: Game[Any], v: View, seat: int, lang: str) -> Found:
    """MYTH-44..47: a card of the hand that is free on explored ground, or too dear."""
    me = v["heroes"][seat]
    cards = load().cards
    double = v["double_cost"]
    for cid in dict.fromkeys(v.get("hand", [])):
        name = card_name(cid, lang)
        if double and cards[cid].cost == 0:
            yield Play(CardId(cid)), "free", {"card": name}
            continue
        price = play_cost(cid, v)
        if price > me["resources"]:
            key = "cost.double" if double else "cost"
            yield Play(CardId(cid)), key, {"card": name, **_purse(me, price, lang)}


def _battle(game: Game[Any], v: View, seat: int, lang: str) -> Found:
    """MYTH-58, MYTH-60, MYTH-61, MYTH-41: no leaving a battle; paying enemies away only
    before the first blow, among two or more, with the price in the purse; the Tain's room."""
    me = v["heroes"][seat]
    here = (me["cell"][0], me["cell"][1])
    enemies = by_cell(v["enemies"]).get(here, [])
    cards = load().cards
    for m in dict.fromkeys(enemies):
        name = card_name(m, lang)
        if v["step"] == "attack":
            if len(enemies) >= REMOVABLE_AMONG:
                yield Remove(CardId(m)), "remove.begun", {"monster": name}
            continue
        price = cards[m].damage + 1
        if len(enemies) < REMOVABLE_AMONG:
            yield Remove(CardId(m)), "remove.last", {"monster": name}
        elif me["resources"] < price:
            yield Remove(CardId(m)), "remove", {"monster": name, **_purse(me, price, lang)}
        if "tain" in me["items"] and v["tain_load"] >= cards["tain"].value:
            yield Imprison(CardId(m)), "tain", {"capacity": cards["tain"].value}
    laid = {(x, y): mask for x, y, mask, _ in tiles(v)}
    for s in SIDES:
        dx, dy = DELTA[s]
        nb = (here[0] + dx, here[1] + dy)
        if laid[here] & s and laid.get(nb, 0) & OPPOSITE[s]:
            yield Move(Side(s)), "battle", {}


STEPS: dict[str, Callable[[Game[Any], View, int, str], Found]] = {
    "draw": _draw, "move": _ways, "end": _end, "offer": _offer,
    "prebattle": _battle, "attack": _battle,
}
