"""Terminal view of Myth: the dungeon map, the heroes, the viewer's secrets and the battle log.

Reads only a view dict (never the state) and the shared content for names; the rules never
import this module.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.components.tilegrid import E, N, S, W

from .content import load

LABELS = {
    "en": {"hero": "Hero", "lvl": "Lv", "life": "Life", "atk": "Atk", "def": "Def",
           "res": "Res", "cards": "Cards", "done": "Quests", "items": "Items",
           "hand": "Your hand", "quests": "Your quests", "table": "Face-down cards",
           "turn": "Turn", "to_act": "to act", "deck": "event deck", "tiles": "tiles",
           "bank": "bank", "enemies": "Monsters", "pending": "Resolving", "dead": "dead",
           "log": "Log", "none": "none", "done_mark": "done"},
    "ru": {"hero": "Герой", "lvl": "Ур", "life": "Жизнь", "atk": "Атк", "def": "Защ",
           "res": "Рес", "cards": "Карты", "done": "Задания", "items": "Предметы",
           "hand": "Ваши карты", "quests": "Ваши задания", "table": "Карты рубашкой вверх",
           "turn": "Ход", "to_act": "решает", "deck": "колода событий", "tiles": "поля",
           "bank": "банк", "enemies": "Монстры", "pending": "Исполняются", "dead": "мёртв",
           "log": "Журнал", "none": "нет", "done_mark": "выполнено"},
}


def _card(cid: str, lang: str) -> str:
    c = load()
    if cid in c.cards:
        card = c.cards[cid]
        return card.name_ru if lang == "ru" else card.name
    if cid in c.quests:
        q = c.quests[cid]
        return q.name_ru if lang == "ru" else q.name
    return cid


def draw_map(view: dict[str, Any]) -> list[str]:
    """Explored tiles as 5x3 cells: walls '#', heroes by seat, 'm' monsters, '*' lasting cards,
    'A' the Avatara's start square; x labels on top, y labels on the left."""
    tiles = {(x, y): mask for x, y, mask, _ in view["map"]}
    xs = [x for x, _ in tiles]
    ys = [y for _, y in tiles]
    heroes: dict[tuple[int, int], str] = {}
    for h in view["heroes"]:
        if h["alive"]:
            c = (h["cell"][0], h["cell"][1])
            heroes[c] = heroes.get(c, "") + str(h["seat"])
    monsters = {(x, y) for x, y, _ in view["enemies"]}
    lasting = {(x, y) for x, y, _ in view["lasting"]}
    lines = ["    " + "".join(f"{x:^5}" for x in range(min(xs), max(xs) + 1)).rstrip()]
    for y in range(min(ys), max(ys) + 1):
        rows = ["    ", f"{y:>3} ", "    "]
        for x in range(min(xs), max(xs) + 1):
            m = tiles.get((x, y))
            if m is None:
                rows[0] += "     "
                rows[1] += "     "
                rows[2] += "     "
                continue
            mid = heroes.get((x, y), "")[:2]
            if (x, y) in monsters:
                mid += "m"
            if (x, y) in lasting:
                mid += "*"
            if not mid and (x, y) == (0, 0):
                mid = "A"
            mid = mid[:3].center(3)
            rows[0] += "#" + ("   " if m & N else "###") + "#"
            rows[1] += (" " if m & W else "#") + mid + (" " if m & E else "#")
            rows[2] += "#" + ("   " if m & S else "###") + "#"
        lines.extend(r.rstrip() for r in rows)
    return lines


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> RenderableType:
    """The whole table as the seat sees it."""
    lab = LABELS["ru" if lang == "ru" else "en"]
    parts: list[RenderableType] = []
    head = (f"{lab['turn']} {view['turn']} · {view['phase']}/{view['step']} · "
            f"{lab['to_act']}: {view['to_act']} · {lab['deck']} {view['event_deck']} · "
            f"{lab['tiles']} {view['tiles_left']} · {lab['bank']} {view['bank']}")
    parts.append(Text(head))
    parts.append(Text("\n".join(draw_map(view))))
    t = Table(show_edge=False, pad_edge=False)
    for col in ("#", lab["hero"], lab["lvl"], lab["life"], lab["atk"], lab["def"],
                lab["res"], lab["cards"], lab["done"], lab["items"]):
        t.add_column(col)
    for h in view["heroes"]:
        name = h["name_ru"] if lang == "ru" else h["name"]
        if h["seat"] == view["current"]:
            name = "> " + name
        life = f"{h['life']}/{h['max_life']}" if h["alive"] else lab["dead"]
        items = ", ".join(_card(i, lang) for i in h["items"] + h["trophies"]) or "-"
        t.add_row(str(h["seat"]), name, str(h["level"]), life, str(h["attack"]),
                  str(h["defence"]), str(h["resources"]), str(h["hand"]),
                  str(len(h["shown"])), items)
    parts.append(t)
    if view["enemies"]:
        en = "; ".join(f"{x},{y}: " + ", ".join(_card(m, lang) for m in ms)
                       for x, y, ms in view["enemies"])
        parts.append(Text(f"{lab['enemies']}: {en}"))
    if view["table"]:
        tb = ", ".join(f"[{e['by'] if e['by'] >= 0 else 'deck'}:{e['paid']}"
                       + (f" {_card(e['card'], lang)}" if e["card"] else "") + "]"
                       for e in view["table"])
        parts.append(Text(f"{lab['table']}: {tb}"))
    if view["pending"]:
        parts.append(Text(f"{lab['pending']}: "
                          + ", ".join(_card(c, lang) for c in view["pending"])))
    if seat is not None and "hand" in view:
        hand = ", ".join(_card(c, lang) for c in view["hand"]) or lab["none"]
        parts.append(Text(f"{lab['hand']}: {hand}"))
        qs = "; ".join(_card(q, lang) + (f" ({lab['done_mark']})" if ok else "")
                       for q, ok in view["quests"]) or lab["none"]
        parts.append(Text(f"{lab['quests']}: {qs}"))
    if view["log"]:
        parts.append(Text(f"{lab['log']}:\n  " + "\n  ".join(view["log"])))
    return Group(*parts)
