"""Terminal rendering of a Grab and Hit view (never imported by the rules)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

WORDS = {
    "en": {"round": "Round", "turn": "turn of", "phase": "phase", "wheel": "Wheel",
           "coins": "coins", "adv": "Adventurer", "life": "Life", "armour": "Armour",
           "gold": "Gold", "weapons": "Weapons", "locations": "Locations", "cards": "Cards",
           "status": "Status", "auction": "Auction", "centre": "Centre", "decks": "Decks",
           "limbo": "limbo", "dead": "dead", "defending": "defending", "fists": "fists",
           "none": "—", "target": "target", "to_act": "to act", "no_bid": "no bid",
           "over": "Game over", "died": "died before"},
    "ru": {"round": "Круг", "turn": "ходит", "phase": "фаза", "wheel": "Колесо",
           "coins": "монет", "adv": "Приключенец", "life": "Жизни", "armour": "Броня",
           "gold": "Золото", "weapons": "Оружие", "locations": "Локации", "cards": "Карты",
           "status": "Состояние", "auction": "Аукцион", "centre": "Центр", "decks": "Колоды",
           "limbo": "лимб", "dead": "мёртв", "defending": "в защите", "fists": "кулаки",
           "none": "—", "target": "цель", "to_act": "решает", "no_bid": "нет ставки",
           "over": "Игра окончена", "died": "уже умирал"},
}
COLOUR_RU = {"blue": "синий", "green": "зелёный", "red": "красный", "black": "чёрный",
             "weapon": "оружие", "armour": "броня"}


def _n(d: dict[str, Any], lang: str) -> str:
    return str((d.get("name_ru") if lang == "ru" else None) or d.get("name") or "?")


def _pips(have: int, most: int, full: str) -> str:
    return full * have + "·" * max(0, most - have)


def _tr(word: str, lang: str) -> str:
    return COLOUR_RU.get(word, word) if lang == "ru" else word


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> Group:
    """The table: wheel, adventurers with life and armour pips, weapons, auction, centre."""
    w = WORDS["ru" if lang == "ru" else "en"]
    players = view["players_info"]
    cur = view["current"]
    head = Text(f"{w['round']} {view['round']} · {w['turn']} "
                f"{_n(players[cur], lang) if players[cur]['name'] else cur} · "
                f"{w['phase']} {view['phase']} ({view['step']}) · "
                f"{w['gold']} → {view['gold_target']}")
    parts: list[Any] = [head]
    sec = view["wheel"] or view["last_spin"]
    if sec is not None:
        cols = "/".join(_tr(c, lang) for c in sec["colours"])
        sym = ", ".join(_tr(s, lang) for s in sec["symbols"])
        parts.append(Text(f"{w['wheel']}: {sec['value']} {w['coins']}, {cols}"
                          + (f" [{sym}]" if sym else "")))
    parts.append(_table(view, w, lang))
    lots = [f"{_n(a, lang)} ({a['bid'] or a['opening']}"
            + (f", {_n(players[a['bidder']], lang)})" if a["bidder"] is not None
               else f", {w['no_bid']})") for a in view["auction"]]
    parts.append(Text(f"{w['auction']}: " + ("; ".join(lots) or w["none"])))
    if view["centre"]:
        parts.append(Text(f"{w['centre']}: " + ", ".join(_n(c, lang) for c in view["centre"])))
    decks = ", ".join(f"{_tr(k, lang)} {v}" for k, v in view["decks"].items())
    parts.append(Text(f"{w['decks']}: {decks}"))
    if view.get("result"):
        r = view["result"]
        names = ", ".join(_n(players[s], lang) for s in r["winners"])
        parts.append(Text(f"{w['over']}: {names} ({r['reason']})"))
    return Group(*parts)


def _table(view: dict[str, Any], w: dict[str, str], lang: str) -> Table:
    """One row per adventurer: life and armour pips, gold, weapons, locations, cards, status."""
    t = Table(show_lines=False, expand=False)
    for col in ("#", w["adv"], w["life"], w["armour"], w["gold"], w["weapons"],
                w["locations"], w["cards"], w["status"]):
        t.add_column(col)
    for p in view["players_info"]:
        t.add_row(*_row(p, view, w, lang))
    return t


def _row(p: dict[str, Any], view: dict[str, Any], w: dict[str, str], lang: str) -> list[str]:
    """One adventurer's cells."""
    weapons = []
    for wp in p["weapons"]:
        bps = "+".join(_n(b, lang) for b in wp["blueprints"])
        weapons.append(f"{_n(wp, lang)} ⚔{wp['damage']} ×{wp['speed']} "
                       f"◆{wp['durability']}/{wp['max_durability']}"
                       + (f" [{bps}]" if bps else ""))
    locs = [f"{_n(loc, lang)} ({loc['world'][0].upper()}{loc['level']})"
            for loc in p["locations"]]
    cards = [_n(c, lang) for c in (*p["hand"], *p["upgrades"], *p["shields"],
                                   *p["curses"])]
    status = []
    if p["dead"]:
        status.append(w["dead"])
    elif p["died"]:
        status.append(w["died"])
    if p["limbo"]:
        status.append(f"{w['limbo']} {p['limbo']}")
    if p["defending"]:
        status.append(w["defending"])
    if view["to_act"] == p["seat"]:
        status.append(w["to_act"])
    return [
        ("▶" if p["seat"] == view["current"] else " ") + str(p["seat"]),
        _n(p, lang) if p["name"] else w["none"],
        _pips(p["life"], p["max_life"], "♥"),
        _pips(p["armour"], p["max_armour"], "■"),
        str(p["gold"]),
        "\n".join(weapons) or w["fists"],
        "\n".join(locs) or w["none"],
        "\n".join(cards) or w["none"],
        ", ".join(status),
    ]
