"""Terminal rendering of an Andor view: a drawn overview, the heroes and a region list.

Never imported by the rules. The overview puts every region at its map position: its number,
then a creature letter (g gor, s skral, w wardrak, t troll, k legend creature) and the heroes'
initials; ``~`` is the river and ``=`` a bridge.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from .content import load

CREATURE_MARK = {"gor": "g", "skral": "s", "wardrak": "w", "troll": "t", "marauder": "k",
                 "herb_gor": "h", "tower_skral": "k"}
HERO_MARK = {"warrior": "W", "archer": "A", "dwarf": "D", "wizard": "Z"}
WORDS = {
    "en": {"day": "Day", "letter": "narrator", "goals": "Goals", "castle": "Castle",
           "shields": "shields", "hero": "Hero", "region": "Region", "sp": "SP", "wp": "WP",
           "gold": "gold", "hours": "hours", "ended": "in the sunrise box", "near": "neighbours",
           "fight": "Fight", "met": "met", "open": "open", "regions": "Regions"},
    "ru": {"day": "День", "letter": "рассказчик", "goals": "Задачи", "castle": "Замок",
           "shields": "щитов", "hero": "Герой", "region": "Поле", "sp": "сила", "wp": "воля",
           "gold": "золото", "hours": "часы", "ended": "на клетке «Рассвет»",
           "near": "соседи", "fight": "Бой", "met": "выполнено", "open": "не выполнено",
           "regions": "Поля"},
}


def overview(view: dict[str, Any]) -> list[str]:
    """The map drawn as a grid of regions at their positions."""
    c = load()
    info = c.map
    marks: dict[int, str] = {}
    for cr in view["creatures"]:
        marks[cr["region"]] = CREATURE_MARK.get(cr["kind"], "?")
    for h in view["heroes"]:
        marks[h["region"]] = marks.get(h["region"], "") + HERO_MARK[h["hero"]]
    grid: dict[tuple[int, int], int] = {(r.x, r.y): r.id for r in c.regions}
    bridges = {tuple(sorted(b)) for b in info.bridges}
    lines = []
    for y in range(info.height):
        row = ""
        for x in range(info.width):
            r = grid.get((x, y))
            cell = "  .   " if r is None else f"{r:>2}{marks.get(r, ''):<4}"
            if r == info.castle:
                cell = f"[{r}]{marks.get(r, ''):<3}"
            row += cell
            if x == info.river_x:
                a, b = grid.get((x, y)), grid.get((x + 1, y))
                row += "=" if a is not None and b is not None and \
                    tuple(sorted((a, b))) in bridges else "~"
        lines.append(row.rstrip())
    return lines


def region_list(view: dict[str, Any], lang: str) -> list[str]:
    """Regions with something on them: creatures, heroes, tokens; with their neighbours."""
    c = load()
    w = WORDS[lang]
    things: dict[int, list[str]] = {}

    def add(r: int, s: str) -> None:
        things.setdefault(r, []).append(s)

    for cr in view["creatures"]:
        add(cr["region"], f"{c.creatures[cr['kind']].label(lang)} "
                          f"{cr['strength']}/{cr['willpower']}")
    for h in view["heroes"]:
        add(h["region"], c.heroes[h["hero"]].label(lang))
    for r, k in view["farmers"]:
        add(r, ("farmer" if lang == "en" else "крестьянин") + f" x{k}")
    for r, items in view["ground"]:
        add(r, ", ".join(c.articles[i].label(lang) for i in items))
    for r, full in view["wells"]:
        add(r, ("well" if lang == "en" else "колодец") + (" (full)" if full else " (empty)"))
    for r, tok in view["fog"]:
        add(r, ("fog " if lang == "en" else "туман ") + (tok or "?"))
    for reg in c.regions:
        if reg.feature in ("merchant", "mine"):
            add(reg.id, "merchant" if lang == "en" else "торговец")
    if view["witch"] is not None:
        add(view["witch"], "witch" if lang == "en" else "ведьма")
    for r in view["blocked"]:
        add(r, "blocked" if lang == "en" else "завал")
    out = []
    for r in sorted(things):
        reg = c.regions[r]
        name = f" {reg.label(lang)}" if reg.name else ""
        near = ",".join(str(n) for n in reg.neighbours)
        out.append(f"{r:>2}{name}: {'; '.join(things[r])}  ({w['near']} {near}; "
                   f"-> {reg.arrow if reg.arrow is not None else '-'})")
    return out


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> Group:
    """The whole table as plain text lines."""
    c = load()
    w = WORDS["ru" if lang == "ru" else "en"]
    lang = "ru" if lang == "ru" else "en"
    leg = c.legends[view["legend"]].info
    title = leg.name_ru if lang == "ru" else leg.name
    lines = [f"{title} — {w['day']} {view['day']}, {w['letter']} {view['letter']}"]
    goals = ", ".join(f"{g} ({w['met'] if m else w['open']})"
                      for g, m in zip(view["goals"], view["goals_met"], strict=True))
    castle = view["castle"]
    lines.append(f"{w['goals']}: {goals}")
    lines.append(f"{w['castle']}: {castle['creatures']}/{castle['shields']} {w['shields']}")
    lines.append("")
    lines.extend(overview(view))
    lines.append("")
    for h in view["heroes"]:
        hero = c.heroes[h["hero"]].label(lang)
        mark = ">" if view["to_act"] == h["seat"] else " "
        arts = ", ".join(h["articles"]) or "-"
        state = f"  {w['ended']}" if h["ended"] else ""
        lines.append(f"{mark}{hero:<12} {w['region']} {h['region']:>2}  {w['sp']} "
                     f"{h['strength']:>2}  {w['wp']} {h['willpower']:>2}  {w['gold']} "
                     f"{h['gold']:>2}  {w['hours']} {h['hours']:>2}  [{arts}]{state}")
    f = view["fight"]
    if f is not None:
        kind = c.creatures[f["kind"]].label(lang)
        lines.append(f"{w['fight']}: {kind} {f['strength']}/{f['willpower']} "
                     f"@{f['region']}, round {f['round']}, dice {f['dice']}")
    lines.append("")
    lines.append(f"{w['regions']}:")
    lines.extend(region_list(view, lang))
    if view.get("result"):
        lines.append("")
        lines.append(view["result"]["detail"])
    return Group(*(Text(line) for line in lines))
