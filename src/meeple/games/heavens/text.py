"""High in the Heavens in sentences: what each seat is called, every event, the result.

Every sentence is a message of the game's catalogues (``locale/<lang>.po``); this module only
chooses the message and fills in names. It reads nothing but the event, view or result given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.core import Action, Result
from meeple.i18n import Texts

from . import labels
from .lookup import ability_name, base_name, card_name, pantheon_name, words

if TYPE_CHECKING:
    from .game import Heavens

Event = Mapping[str, Any]


def seat_names(game: Heavens, view: Mapping[str, Any] | None = None,
               lang: str = "en") -> list[str]:
    """Each seat by its pantheon, as the rulebook names a player ("the player of the Greek
    Pantheon"); with four players, the pantheon and the player's number (players 1-2 and 3-4
    are the teams)."""
    t = words(lang)
    out = []
    for seat in range(game.players):
        pname = pantheon_name(game.pantheon_ids[game.side_of[seat]], lang)
        out.append(pname if game.players == 2 else t("seat.team", pantheon=pname, n=seat + 1))
    return out


def side_name(game: Heavens, side: int, lang: str) -> str:
    """A side (a pantheon, played by one seat or a team) by its pantheon's name."""
    return pantheon_name(game.pantheon_ids[side], lang)


def _who(game: Heavens, names: Sequence[str] | None, seat: int, lang: str) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return seat_names(game, None, lang)[seat]


def _cards(ids: Sequence[str], lang: str) -> str:
    return ", ".join(card_name(c, lang) for c in ids)


def _rings(t: Texts, colour: str, n: int) -> str:
    return t.count(f"n.ring.{colour}", n)


def _game_over(game: Heavens, e: Event, t: Texts, lang: str) -> str:
    reason, w = e["reason"], e["winner"]
    if w < 0:
        return t(f"event.game_over.{reason}")
    loser = 1 - w
    return t(f"event.game_over.{reason}", winner=side_name(game, w, lang),
             loser=side_name(game, loser, lang),
             base=base_name(game.pantheon_ids[loser], lang))


def _worn(what: str) -> Callable[[Heavens, Event, Texts, str], str]:
    colour = "black" if what == "trap_damaged" else "white"

    def say(game: Heavens, e: Event, t: Texts, lang: str) -> str:
        if not e["left"]:
            return t(f"event.{what}.gone", hex=e["hex"])
        return t(f"event.{what}.worn", hex=e["hex"], left=e["left"],
                 rings=_rings(t, colour, e["amount"]))
    return say


def _card_event(key: str) -> Callable[[Heavens, Event, Texts, str], str]:
    """Events about one card and a hex: moved, fallen, defeated, perished."""
    def say(game: Heavens, e: Event, t: Texts, lang: str) -> str:
        return t(key, card=card_name(e["card"], lang), hex=e.get("hex", ""))
    return say


SAY: dict[str, Callable[[Heavens, Event, Texts, str], str]] = {
    "moved": _card_event("event.moved"),
    "fallen": _card_event("event.fallen"),
    "defeated": _card_event("event.defeated"),
    "perished": _card_event("event.perished"),
    "absorbed": _card_event("event.absorbed"),
    "incapacitated": _card_event("event.incapacitated"),
    "attack": lambda g, e, t, lang: t("event.attack." + ("melee" if e["melee"] else "ranged"),
                                      card=card_name(e["card"], lang), power=e["power"]),
    "rune_roll": lambda g, e, t, lang: t("event.rune_roll." + ("hit" if e["hit"] else "miss"),
                                         roll=e["roll"]),
    "damaged": lambda g, e, t, lang: t("event.damaged", card=card_name(e["card"], lang),
                                       damage=t.count("n.damage", e["amount"])),
    "poison": lambda g, e, t, lang: t("event.poison", card=card_name(e["card"], lang),
                                      health=t.count("n.health", e["amount"])),
    "healed": lambda g, e, t, lang: t("event.healed", card=card_name(e["card"], lang),
                                      health=t.count("n.health", e["amount"])),
    "cured": lambda g, e, t, lang: t("event.cured", card=card_name(e["card"], lang),
                                     rings=_rings(t, "green", e["amount"])),
    "rings": lambda g, e, t, lang: t("event.rings", card=card_name(e["card"], lang),
                                     rings=_rings(t, e["colour"], e["amount"])),
    "acquired": lambda g, e, t, lang: t(f"event.acquired.{e['ring']}",
                                        card=card_name(e["card"], lang), hex=e["hex"]),
    "ability": lambda g, e, t, lang: t("event.ability", card=card_name(e["card"], lang),
                                       ability=ability_name(e["card"], lang)),
    "trap_set": lambda g, e, t, lang: t("event.trap_set", hex=e["hex"],
                                        strength=e["strength"]),
    "built": lambda g, e, t, lang: t("event.built", hex=e["hex"],
                                     rings=_rings(t, "white", e["strength"])),
    "trap_damaged": _worn("trap_damaged"),
    "architecture_damaged": _worn("architecture_damaged"),
    "base_damaged": lambda g, e, t, lang: t(
        "event.base_damaged", base=base_name(g.pantheon_ids[e["side"]], lang),
        damage=t.count("n.damage", e["amount"]), left=e["left"]),
    "game_over": _game_over,
}


def _seat_event(game: Heavens, e: Event, t: Texts, lang: str, who: str) -> str | None:
    """Events that name a seat (the names are the receiving screen's)."""
    kind = e["type"]
    if kind == "action":
        return t("event.action", seat=who, action=labels.label(game, Action(e["action"]), lang))
    if kind == "first_player":
        return t("event.first_player", seat=who)
    if kind == "turn":
        return t("event.turn", seat=who, turn=e["turn"], round=e["round"],
                 tokens=t.count("n.tokens", e["tokens"]))
    if kind == "drew":
        if "cards" in e:
            return t.count("event.drew", e["count"], seat=who, cards=_cards(e["cards"], lang))
        return t.count("event.drew.hidden", e["count"], seat=who)
    if kind == "redeal":
        return t("event.redeal", seat=who, cards=_cards(e["shown"], lang))
    if kind == "summoned":
        return t("event.summoned", seat=who, card=card_name(e["card"], lang), hex=e["hex"])
    if kind == "power":
        return t("event.power", seat=who, card=card_name(e["card"], lang))
    if kind == "discarded":
        return t("event.discarded", seat=who, card=card_name(e["card"], lang))
    return None


def describe(game: Heavens, event: Event, lang: str = "en",
             names: Sequence[str] | None = None) -> str:
    """One event (as ``events(seat)`` gives it) as a sentence in ``lang``."""
    t = words(lang)
    kind = event["type"]
    say = SAY.get(kind)
    if say is not None:
        return say(game, event, t, lang)
    who = _who(game, names, event["seat"], lang) if "seat" in event else ""
    text = _seat_event(game, event, t, lang, who)
    if text is None:
        raise KeyError(f"heavens has no words for the event {kind!r}")
    return text


def outcome(game: Heavens, result: Result, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """The result: how the game ended, then each seat with its base's health and standing."""
    t = words(lang)
    names = list(names) if names is not None else seat_names(game, None, lang)
    if result.winners:
        w = game.side_of[result.winners[0]]
        head = t(f"event.game_over.{result.reason}", winner=side_name(game, w, lang),
                 loser=side_name(game, 1 - w, lang),
                 base=base_name(game.pantheon_ids[1 - w], lang))
    else:
        head = t(f"event.game_over.{result.reason}")
    health = result.extra.get("base_health", [0, 0])
    lines = [head]
    for seat, name in enumerate(names):
        side = game.side_of[seat]
        score = t("outcome.base", base=base_name(game.pantheon_ids[side], lang),
                  health=health[side])
        key = "ui.result_won" if seat in result.winners else "ui.result_line"
        lines.append(t(key, name=name, score=score))
    return lines
