"""Terminal rendering of a catacombs view (never imported by the rules).

The board is drawn in ASCII: ``+----+`` walls, blanks for passages, ``░░░░`` for face-down
event cards. Inside a cell, on the left: ``E`` an entrance, ``C2`` a cauldron worth 2, ``!g`` a
face-up goblin, ``?v`` a face-up card on unexplored ground; on the right the seat numbers of the
dwarves standing there (``+3`` for three or more).
Below: each dwarf's stats, screen and backpack.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .content import SLOTS, catalog

N, E, S, W = 1, 2, 4, 8
MONSTER_CODES = {"rat": "r", "bat": "b", "goblin": "g", "skeleton": "k", "orc": "o",
                 "spider": "s", "ghost": "h", "troll": "t", "dragon": "D"}
KIND_CODES = {"vein": "v", "cauldron": "c", "artifact": "a", "ingredient": "i",
              "treasure": "$", "weapon": "w", "armour": "r"}
WORDS = {
    "en": {"seat": "Seat", "hp": "HP", "str": "Str", "arm": "Arm", "xp": "XP",
           "money": "Coins", "kills": "Kills", "screen": "Screen", "pack": "Backpack",
           "fallen": "fallen", "turn": "turn of seat", "veins": "veins", "pile": "tile pile",
           "faceup": "face-up tiles", "held": "tile in hand", "walk": "steps left",
           "offer": "offer", "legend": ("E entrance  Cn cauldron (+n)  !x monster  ?x face-up "
                                        "card  ░ unexplored  digits: dwarves")},
    "ru": {"seat": "Место", "hp": "Здор", "str": "Сила", "arm": "Защ", "xp": "Опыт",
           "money": "Монеты", "kills": "Убито", "screen": "Экран", "pack": "Рюкзак",
           "fallen": "выбыл", "turn": "ходит место", "veins": "жилы", "pile": "колода плиток",
           "faceup": "открытые плитки", "held": "плитка в руке", "walk": "осталось шагов",
           "offer": "предложение", "legend": ("E вход  Cn котёл (+n)  !x монстр  ?x открытая "
                                              "карта  ░ не исследовано  цифры: гномы")},
}


SLOT_NAMES = {
    "en": {"head": "head", "body": "body", "right_hand": "right hand",
           "left_hand": "left hand", "feet": "feet"},
    "ru": {"head": "голова", "body": "тело", "right_hand": "правая рука",
           "left_hand": "левая рука", "feet": "ноги"},
}


def _tile_name(tile_id: str, lang: str) -> str:
    t = next(t for t in catalog().tiles if t[0] == tile_id)
    return t[2] if lang == "ru" else t[1]


def _name(item_id: str, lang: str) -> str:
    cat = catalog()
    it = cat.items[cat.item_index[item_id]]
    return it.name_ru if lang == "ru" and it.name_ru else it.name


def _cell_text(view: dict[str, Any], cell: int, dwarves: str) -> str:
    cat = catalog()
    tile = view["tiles"][cell]
    card = view["cards"][cell]
    size = view["size"]
    xy = [cell % size, cell // size]
    base = ""
    if tile is None:
        if card == "hidden" or card is None:
            return "░░░░"
        kind, _, ref = card.partition(":")
        base = "?" + (MONSTER_CODES.get(ref, "m") if kind == "monster" else KIND_CODES[kind])
    elif card is not None and card.startswith("monster:"):
        base = "!" + MONSTER_CODES.get(card.split(":")[1], "m")
    elif view["cauldrons"][cell] is not None:
        idx = next(i for i, c in enumerate(cat.cauldrons) if c[0] == view["cauldrons"][cell])
        base = f"C{cat.cauldrons[idx][3]}"
    elif xy in view["entrances"].values():
        base = "E"
    if len(dwarves) > 2:
        dwarves = f"+{len(dwarves)}"
    return base.ljust(2) + dwarves.rjust(2)


def board_text(view: dict[str, Any]) -> str:
    """The board as ASCII lines."""
    size = view["size"]
    tiles = view["tiles"]
    here: dict[int, str] = {}
    for d in view["dwarves"]:
        if d["cell"] is not None:
            c = d["cell"][1] * size + d["cell"][0]
            here[c] = here.get(c, "") + str(d["seat"])

    def horiz(x: int, y: int) -> str:  # the boundary above cell (x, y)
        if y == 0 or y == size:
            return "----"
        a, b = tiles[(y - 1) * size + x], tiles[y * size + x]
        if (a is not None and not a & S) or (b is not None and not b & N):
            return "----"
        return "    "

    def vert(x: int, y: int) -> str:  # the boundary left of cell (x, y)
        if x == 0 or x == size:
            return "|"
        a, b = tiles[y * size + x - 1], tiles[y * size + x]
        if (a is not None and not a & E) or (b is not None and not b & W):
            return "|"
        return " "

    lines = []
    for y in range(size):
        lines.append("+" + "+".join(horiz(x, y) for x in range(size)) + "+")
        row = ""
        for x in range(size):
            c = y * size + x
            row += vert(x, y) + _cell_text(view, c, here.get(c, ""))
        lines.append(row + vert(size, y))
    lines.append("+" + "+".join(horiz(x, size) for x in range(size)) + "+")
    return "\n".join(lines)


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> Group:
    """The board, a status line and a table of dwarves with their screens and backpacks."""
    lang = "ru" if lang == "ru" else "en"
    w = WORDS[lang]
    status = [f"{w['turn']} {view['turn']}" if view["turn"] is not None else str(view["phase"]),
              f"{view['phase']}/{view['step']}",
              f"{w['veins']} {view['veins_found']}/{view['veins_to_end']}",
              f"{w['pile']} {view['tile_pile']}"]
    if view["face_up_tiles"]:
        names = ", ".join(_tile_name(t, lang) for t in view["face_up_tiles"])
        status.append(f"{w['faceup']}: {names}")
    if view["held_tile"]:
        status.append(f"{w['held']}: {_tile_name(view['held_tile'], lang)}")
    if view["step"] == "walk":
        left = view["walk_left"]
        status.append(f"{w['walk']} {'∞' if left is None else left}")
    if view["trade"]:
        t = view["trade"]
        give = [_name(i, lang) for i in t["give"]] + ([f"{t['give_money']}c"]
                                                       if t["give_money"] else [])
        ask = [_name(i, lang) for i in t["ask"]] + ([f"{t['ask_money']}c"]
                                                     if t["ask_money"] else [])
        status.append(f"{w['offer']} {t['from']}→{t['to']}: {', '.join(give) or '-'} ⇄ "
                      f"{', '.join(ask) or '-'}")
    table = Table(show_lines=False, pad_edge=False)
    for col in ("seat", "hp", "str", "arm", "xp", "money", "kills", "screen", "pack"):
        table.add_column(w[col], justify="right" if col in ("hp", "str", "arm", "xp", "money",
                                                            "kills") else "left")
    for d in view["dwarves"]:
        mark = "▶" if d["seat"] == view["to_act"] else " "
        label = f"{mark}{d['seat']}" + ("" if d["alive"] else f" ({w['fallen']})")
        screen = ", ".join(f"{SLOT_NAMES[lang][slot]}: {_name(d['screen'][slot], lang)}"
                           for slot in SLOTS
                           if d["screen"][slot])
        pack = ", ".join(_name(i, lang) for i in d["backpack"])
        table.add_row(label, str(d["health"]), str(d["strength"]), str(d["armour"]),
                      str(d["experience"]), str(d["money"]), str(d["kills"]), screen or "-",
                      pack or "-")
    return Group(Text(board_text(view)), Text(w["legend"]), Text(" · ".join(status)), table)
