"""The catacombs in sentences: each seat's dwarf by its colour, every event, and the result.

``describe`` reads only the event it is given (already redacted for the seat that receives
it; in this game nothing is private) and the game's content: names of things, coins, cells
by the board's margins ("B4"). Sentences are the ``event.*`` messages of ``locale/<lang>.po``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.core import Result
from meeple.core.story import summary_lines

from . import verbs
from .events import ARTIFACT_EXPERIENCE, VEIN_EXPERIENCE
from .labels import label
from .lookup import card_thing, cell, join, money, name, sides, words
from .stats import DEATH_PENALTY, HEAL_ON_LEVEL

if TYPE_CHECKING:
    from .game import Catacombs

Event = Mapping[str, Any]


def seat_names(game: Catacombs, view: Mapping[str, Any] | None = None,
               lang: str = "en") -> list[str]:
    """Each seat's dwarf by its colour (authored: the rulebook names no colours)."""
    t = words(lang)
    return [t(f"seat.{s % 4}") for s in range(game.players)]


def _reveal(game: Catacombs, e: Event, lang: str, who: str) -> str:
    t = words(lang)
    kind, ref, thing = card_thing(e["card"], lang)
    where = cell(e["cell"], lang)
    if e.get("far"):
        return t("event.reveal.far", cell=where, thing=thing)
    if kind == "monster":
        return t("event.reveal.monster", name=who, cell=where, thing=name(ref, lang))
    if kind == "vein":
        return t("event.reveal.vein", name=who, cell=where, exp=VEIN_EXPERIENCE)
    if kind == "cauldron":
        exp = next(c.experience for c in game.content.cauldrons if c.id == ref)
        return t("event.reveal.cauldron", name=who, cell=where, thing=name(ref, lang), exp=exp)
    if kind == "treasure":
        value = game.content.items[game.content.item_index[ref]].value
        return t("event.reveal.treasure", name=who, cell=where, thing=name(ref, lang),
                 coins=money(value, lang))
    return t("event.reveal", name=who, cell=where, thing=thing)


def _attack(game: Catacombs, e: Event, lang: str, who: str) -> str:
    t = words(lang)
    monsters = game.content.monsters
    mon = monsters[next(m.index for m in monsters if m.id == e["monster"])]
    fields = {"name": who, "monster": name(mon.id, lang), "exp": mon.experience}
    if e["need"] is None:
        return t("event.attack.hopeless", **fields)
    if e["need"] == 0:
        return t("event.attack.sure", **fields)
    plus = t("event.attack.bonus", bonus=e["bonus"]) if e["bonus"] else ""
    key = "event.attack.won" if e["win"] else "event.attack.lost"
    return t(key, roll=e["roll"], plus=plus, need=e["need"], **fields)


def _offer(game: Catacombs, e: Event, lang: str, who: str, names: Sequence[str]) -> str:
    give = [name(i, lang) for i in e["give"]]
    give += [money(e["give_money"], lang)] if e["give_money"] else []
    ask = [name(i, lang) for i in e["ask"]]
    ask += [money(e["ask_money"], lang)] if e["ask_money"] else []
    return words(lang)("event.offer", name=who, partner=names[e["partner"]],
                       give=join(give, lang), ask=join(ask, lang))


def _item_events(game: Catacombs, e: Event, lang: str, who: str) -> str | None:
    """Sentences about one item: equipment, the shop, potions and artifacts."""
    t = words(lang)
    kind = e["type"]
    if "item" not in e:
        return None
    nm = name(e["item"], lang)
    it = game.content.items[game.content.item_index[e["item"]]]
    if kind == "equip":
        key = "event.equip.weapon" if it.kind == "weapon" else "event.equip.armour"
        return t(key, name=who, item=nm, slot=t(f"slot.{e['slot']}"))
    if kind in ("buy", "sell"):
        return t(f"event.{kind}", name=who, item=nm, coins=money(e["price"], lang))
    if kind == "drink":
        return t("event.drink", name=who, item=nm, effect=t(f"effect.{it.effect}", n=it.amount))
    if kind == "artifact":
        return t("event.artifact", name=who, item=nm, exp=ARTIFACT_EXPERIENCE)
    if kind == "sacrifice":
        return t("event.sacrifice", name=who, item=nm, bonus=e["bonus"])
    return t(f"event.{kind}", name=who, item=nm)  # unequip, potion_used


def _simple(game: Catacombs, e: Event, lang: str, who: str,
            names: Sequence[str]) -> str | None:
    """Events told by one sentence with the fields as they are."""
    t = words(lang)
    kind = e["type"]
    where = cell(e["cell"], lang) if "cell" in e else ""
    table: dict[str, Callable[[], str]] = {
        "turn": lambda: t("event.turn", name=who),
        "enter": lambda: t("event.enter", name=who, entrance=name(e["entrance"], lang)),
        "speed_jump": lambda: t("event.speed_jump", name=who,
                                entrance=name(e["entrance"], lang)),
        "retreat": lambda: t("event.retreat", name=who, cell=where),
        "wound": lambda: (t("event.wound", monster=name(e["monster"], lang), name=who,
                            health=t.count("health", e["damage"])) if e["damage"] else
                          t("event.wound.none", monster=name(e["monster"], lang), name=who)),
        "banish": lambda: t("event.banish", monster=name(e["monster"], lang)),
        "buy_turn": lambda: t("event.buy_turn", name=who, coins=money(e["price"], lang)),
        "buy_experience": lambda: t("event.buy_experience", name=who,
                                    coins=money(e["price"], lang)),
        "redraw_tile": lambda: t("event.redraw_tile", name=who, cell=where,
                                 tile=name(e["tile"], lang)),
        "brew": lambda: t("event.brew.cristall" if e["cristall"] else "event.brew",
                          name=who, potion=name(e["potion"], lang)),
        "threshold": lambda: t("event.threshold", name=who,
                               exp=t.count("exp", e["experience"])),
        "raise": lambda: t(f"event.raise.{e['stat']}", name=who,
                           health=t.count("health", HEAL_ON_LEVEL)),
        "death": lambda: t("event.death", name=who, cell=where,
                           exp=t.count("exp", DEATH_PENALTY)),
        "trade_accepted": lambda: t("event.trade_accepted", name=who,
                                    partner=names[e["partner"]]),
        "trade_declined": lambda: t("event.trade_declined", name=who,
                                    partner=names[e["partner"]]),
        "refuse_tile": lambda: t("event.refuse_tile", name=who, tile=name(e["tile"], lang)),
        "place": lambda: t("event.place", name=who, cell=where, tile=name(e["tile"], lang),
                           sides=sides(e["mask"], lang)),
        "turn_tile": lambda: t("event.turn_tile", name=who, cell=where,
                               sides=sides(e["mask"], lang)),
        "break_wall": lambda: t("event.break_wall", name=who, cell=where,
                                to=t(f"to.{e['side']}")),
        "roll": lambda: t("event.roll", name=who, value=e["value"]),
        "game_over": lambda: t(f"event.game_over.{e['reason']}"),
    }
    return table[kind]() if kind in table else None


def describe(game: Catacombs, event: Event, lang: str = "en",
             names: Sequence[str] | None = None) -> str:
    """One event (of ``events(seat)``) as a sentence in ``lang``; ``names``: each seat's."""
    t = words(lang)
    names = list(names) if names is not None else seat_names(game, None, lang)
    kind = event["type"]
    who = names[event["seat"]] if isinstance(event.get("seat"), int) else ""
    if kind == "action":
        action = game.action(game.parse_verb(event["action"]))  # the log keeps the text
        return t("event.action", name=who, action=label(game, action, lang))
    if kind == "order_roll":
        rolls = [t("event.order_roll.one", name=names[s], roll=r)
                 for s, r in zip(event["seats"], event["rolls"], strict=True)]
        return t("event.order_roll", rolls=", ".join(rolls))
    if kind == "reveal":
        return _reveal(game, event, lang, who)
    if kind == "attack":
        return _attack(game, event, lang, who)
    if kind == "offer":
        return _offer(game, event, lang, who, names)
    out = _simple(game, event, lang, who, names) or _item_events(game, event, lang, who)
    if out is None:
        raise ValueError(f"no sentence for the event {kind!r}")
    return out


def outcome(game: Catacombs, result: Result, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """The result: who won and why the game ended, then each dwarf's experience and kills."""
    t = words(lang)
    names = list(names) if names is not None else seat_names(game, None, lang)
    winners = [names[s] for s in result.winners]
    head = t("outcome.winner" if len(winners) == 1 else "outcome.winners",
             names=join(winners, lang))
    if result.reason:
        head += " " + t(f"event.game_over.{result.reason}")
    kills = (result.extra or {}).get("kills", [0] * game.players)
    lines = [head]
    for s, score in enumerate(result.scores):
        exp = int(score)
        exp_text = ("−" if exp < 0 else "") + t.count("exp", abs(exp))
        line = t("outcome.line", name=names[s], exp=exp_text, kills=t.count("kills", kills[s]))
        lines.append(t("outcome.won", line=line) if s in result.winners else line)
    return lines


#: The steps of composing a trade offer (CAT-61): they change nothing until the offer is sent,
#: and an offer cancelled before it is sent changed nothing at all.
COMPOSING = (verbs.OfferTrade, verbs.Give, verbs.Ask, verbs.GiveCoins, verbs.AskCoins,
             verbs.CancelTrade)


def summary(game: Catacombs, events: Sequence[Event], lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """One line per other seat's decision since the seat's last one (``Game.summary``): the
    steps of composing an offer say nothing, the offer sent says what it gives and asks.

    >>> import meeple
    >>> game = meeple.load("catacombs")
    >>> told = [{"type": "action", "seat": 1, "action": "offer trade to seat 0"},
    ...         {"type": "action", "seat": 1, "action": "ask 100 coins"},
    ...         {"type": "action", "seat": 1, "action": "cancel trade"}]
    >>> summary(game, told)
    []
    """

    def skip(decision: Sequence[Event]) -> bool:
        first = decision[0]
        return (first.get("type") == "action" and len(decision) == 1
                and isinstance(game.parse_verb(first["action"]), COMPOSING))

    return summary_lines(game, events, lang, names, skip=skip)
