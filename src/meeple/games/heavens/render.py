"""Terminal rendering of a High in the Heavens view (never imported by the rules).

The Heavens are drawn column by column, each hex two text lines high and every other column
half a hex lower, as flat-topped hexes lie. A hex shows its label and what stands on it:

    f2  BASE    a base (A or B) with its health
    A 30
    g6  Zeus    a character: side, health and its ring stack —
    A 8 a1d2p1  a attack rings, d armour rings, p poison rings, S incapacitated, T trap
    f5  trap    a trap or an architecture column (col) with its rings
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from .board import board
from .content import pantheon

WIDTH = 10
SIDES = "AB"
RING_EN = {"red": "red", "black": "black", "green": "green", "grey": "grey",
           "orange": "orange", "white": "white"}
RING_RU = {"red": "красные", "black": "чёрные", "green": "зелёные", "grey": "серые",
           "orange": "оранжевые", "white": "белые"}


def _names(view: dict[str, Any], lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for side in view["sides"]:
        _, chars, powers = pantheon(side["pantheon"])
        for c in (*chars, *powers):
            out[c.id] = c.label(lang)
    return out


def _status(u: dict[str, Any]) -> str:
    s = ""
    if u["attack"]:
        s += f"a{u['attack']}"
    if u["armour"]:
        s += f"d{u['armour']}"
    if u["poison"]:
        s += f"p{u['poison']}"
    if u["incapacitated"]:
        s += "S"
    if u["trapped"]:
        s += f"T{u['trapped']}"
    return s


def _cells(view: dict[str, Any], names: dict[str, str], lang: str
           ) -> dict[str, tuple[str, str]]:
    b = board(view["layout"])
    cells: dict[str, tuple[str, str]] = {}
    base_word = "BASE" if lang == "en" else "БАЗА"
    for lab in b.labels:
        h = b.index[lab]
        mark = "*" if h in b.central else ""
        for side in (0, 1):
            if h in b.summon[side]:
                mark = "+" + SIDES[side]
        cells[lab] = (f"{lab:<4}{mark}", "  ·")
    for side, info in enumerate(view["sides"]):
        cells[info["base"]] = (f"{info['base']:<4}{base_word}",
                               f"{SIDES[side]} {info['base_health']}")
    for lab, n in view["architecture"].items():
        cells[lab] = (f"{lab:<4}{'col' if lang == 'en' else 'кол'}", f"  #{n}")
    for lab, n in view["traps"].items():
        cells[lab] = (f"{lab:<4}{'trap' if lang == 'en' else 'лов'}", f"  T{n}")
    for lab, d in view["dropped"].items():
        cells[lab] = (f"{lab:<4}{'drop' if lang == 'en' else 'бон'}",
                      f"  a{d['attack']}d{d['armour']}")
    for u in view["units"]:
        name = names.get(u["card"], u["card"])[:5]
        if u["fallen"]:
            cells[u["hex"]] = (f"{u['hex']:<4}{name.lower()}",
                               f"{SIDES[u['side']]} {'fallen' if lang == 'en' else 'пал'}")
        else:
            cells[u["hex"]] = (f"{u['hex']:<4}{name}",
                               f"{SIDES[u['side']]}{u['health']:>2} {_status(u)}")
    return cells


def map_lines(view: dict[str, Any], lang: str = "en") -> list[str]:
    """The hex map as plain text lines."""
    b = board(view["layout"])
    cells = _cells(view, _names(view, lang), lang)
    height = max(b.line) + 2
    ncols = 2 * b.radius + 1
    grid = [[" " * WIDTH for _ in range(ncols)] for _ in range(height)]
    for i, lab in enumerate(b.labels):
        col = b.coords[i][0] + b.radius
        top, bottom = cells[lab]
        grid[b.line[i]][col] = f"{top[:WIDTH - 1]:<{WIDTH - 1}}|"
        grid[b.line[i] + 1][col] = f"{bottom[:WIDTH - 1]:<{WIDTH - 1}}|"
    return ["".join(row).rstrip() for row in grid]


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> Group:
    """The map, both sideboards, the token track and the viewer's own hand."""
    names = _names(view, lang)
    en = lang == "en"
    lines = map_lines(view, lang)
    out: list[Text] = [Text("\n".join(lines))]
    for side, info in enumerate(view["sides"]):
        pname = info["name"] if en else info["name_ru"]
        hands = [h for h in view["hands"] if h["seat"] in info["seats"]]
        word = "seat" if en else "место"
        hand_txt = ", ".join(f"{word} {h['seat']}: {h['count']}" for h in hands)
        out.append(Text(
            f"{SIDES[side]} {pname}: " +
            (f"base {info['base_health']}, deck {info['deck']}, discard "
             f"{len(info['discard'])}, hands {hand_txt}" if en else
             f"база {info['base_health']}, колода {info['deck']}, сброс "
             f"{len(info['discard'])}, руки {hand_txt}")))
    per_turn = view["tokens_per_turn"][0 if view["active"] in view["sides"][0]["seats"] else 1]
    spent = max(0, per_turn - view["tokens"])
    track = "●" * view["tokens"] + "○" * spent
    out.append(Text(
        (f"Round {view['round']}, turn {view['turn']}: seat {view['active']} "
         f"({view['phase']}, {view['step']}), tokens {track}") if en else
        (f"Раунд {view['round']}, ход {view['turn']}: место {view['active']} "
         f"({view['phase']}, {view['step']}), жетоны {track}")))
    box = view["box"]
    colours = RING_EN if en else RING_RU
    out.append(Text(("Box: " if en else "Коробка: ") + " ".join(
        f"{colours[k]} {box[k]}" for k in RING_EN)))
    if seat is not None:
        mine = next(h for h in view["hands"] if h["seat"] == seat)
        cards = ", ".join(names.get(c, c) for c in mine["cards"] or [])
        out.append(Text(("Your hand: " if en else "Ваша рука: ") + (cards or "-")))
    if view.get("result"):
        out.append(Text(view["result"]["detail"]))
    return Group(*out)
