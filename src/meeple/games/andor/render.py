"""Terminal rendering of an Andor view: the legend's state, the map, the heroes, the cards that
apply now and what matters around the hero whose turn it is.

Never imported by the rules. The map puts every region at its place: its number, then a
creature's letter, the heroes' initials and a sign for what lies there; the key under it names
each mark shown. At 80 columns the parts stack; from 150 columns the map and the heroes stand
left of the cards and the hero's surroundings. Every word is from the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from meeple.content import localized

from .content import LETTERS, load
from .map_words import CASTLE_STEPS, around, near_castle, nearby, region_things, sellers
from .text import OUTCOME_KEY
from .words import (
    cap,
    card_text,
    creature,
    hero_phrase,
    item,
    legend_card_text,
    low,
    place,
    tr,
)

if TYPE_CHECKING:
    from .view import View
#: From this width the board and the cards stand side by side.
WIDE = 150
#: Columns of one region on the map.
CELL = 7


def _hero_mark(hero: str, lang: str) -> str:
    return tr(lang)(f"mark.hero.{hero}")


def marks(view: View, lang: str) -> dict[int, str]:
    """Each region's marks: a creature, heroes' initials, then signs for tokens."""
    out: dict[int, str] = {}

    def add(r: int, s: str) -> None:
        out[r] = out.get(r, "") + s

    for cr in view["creatures"]:
        add(cr["region"], tr(lang)(f"mark.creature.{cr['kind']}"))
    for h in view["heroes"]:
        add(h["region"], _hero_mark(h["hero"], lang))
    for r, _ in view["fog"]:
        add(r, "?")
    for r, full in view["wells"]:
        if full:
            add(r, "+")
    for r, _ in view["ground"]:
        add(r, "*")
    for r, _ in view["farmers"]:
        add(r, "&")
    for r in sellers(view):
        add(r, "$")
    for r in view["blocked"]:
        add(r, "#")
    return out


def overview(view: View, lang: str) -> list[str]:
    """The map drawn as a grid of regions at their positions; ``~`` river, ``=`` bridge."""
    c = load()
    info = c.map
    m = marks(view, lang)
    grid = _grid()
    bridges = {tuple(sorted(b)) for b in info.bridges}
    lines = []
    for y in range(info.height):
        row = ""
        for x in range(info.width):
            r = grid.get((x, y))
            if r is None:
                cell = "  ·"
            elif r == info.castle:
                cell = f"({r}){m.get(r, '')}"
            else:
                cell = f"{r:>2}{m.get(r, '')}"
            row += f"{cell[:CELL]:<{CELL}}"
            if x == info.river_x:
                a, b = grid.get((x, y)), grid.get((x + 1, y))
                bridge = a is not None and b is not None and tuple(sorted((a, b))) in bridges
                row = row[:-1] + ("=" if bridge else "~")
        lines.append(row.rstrip())
    return lines


@cache
def _grid() -> dict[tuple[int, int], int]:
    return {(r.x, r.y): r.id for r in load().regions}


def key(view: View, lang: str) -> str:
    """The map's key: only the marks the map shows now."""
    t = tr(lang)
    c = load()
    parts = []
    kinds = sorted({cr["kind"] for cr in view["creatures"]}, key=list(c.creatures).index)
    parts += [t("key.item", mark=t(f"mark.creature.{k}"), what=low(c.creatures[k].label(lang)))
              for k in kinds]
    shown = "".join(marks(view, lang).values())
    parts += [t(f"key.{name}") for sign, name in SIGNS if sign in shown]
    parts.append(t("key.map"))
    return t("key.head", items=t("key.sep").join(parts))


#: Token signs of the map and their keys.
SIGNS = (("?", "fog"), ("+", "well"), ("*", "lying"), ("&", "farmer"), ("$", "shop"),
         ("#", "blocked"))


def head(view: View, lang: str) -> list[str]:
    """The legend, the day, the narrator, the castle and the goals."""
    t = tr(lang)
    castle = view["castle"]
    title = t("screen.title", legend=localized(load().legends[view["legend"]].info, "name", lang),
              day=view["day"], letter=view["letter"],
              taken=castle["creatures"], shields=castle["shields"])
    goals = [goal_line(view, g, met, lang)
             for g, met in zip(view["goals"], view["goals_met"], strict=True)]
    return [title, t("screen.goals", last=LETTERS[-1], goals=t("screen.goal_sep").join(goals))]


def goal_line(view: View, goal: str, met: bool, lang: str) -> str:
    """One goal, where it stands on the board, and whether it is met."""
    t = tr(lang)
    kind, _, arg = goal.partition(":")
    state = t("screen.met" if met else "screen.open")
    if kind == "kill":
        where = next((cr["region"] for cr in view["creatures"] if cr["kind"] == arg), None)
        at = "" if where is None or met else t("screen.goal_at",
                                                          at=place(where, "nom", lang, False))
        return t("screen.goal.kill", what=creature(arg, lang, "the"), at=at, state=state)
    return t("screen.goal.herb", at="" if met else herb_at(view, lang), state=state)


def herb_at(view: View, lang: str) -> str:
    """Where the healer's herb is: with its gor, lying on a region, or carried by a hero."""
    t = tr(lang)
    for h in view["heroes"]:
        if "herb" in h["articles"]:
            return t("screen.herb.hero", name=hero_phrase(h["hero"], lang))
    for r, items in view["ground"]:
        if "herb" in items:
            return t("screen.herb.ground", at=place(r, "at", lang))
    for cr in view["creatures"]:
        if load().creatures[cr["kind"]].drops == "herb":
            return t("screen.herb.creature", what=creature(cr["kind"], lang, "the"),
                     at=place(cr["region"], "nom", lang, False))
    return ""


def heroes_table(view: View, lang: str) -> Table:
    """One row per hero: region, strength, willpower, dice, gold, hours and what he carries."""
    t = tr(lang)
    table = Table(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    for col in ("hero", "region", "sp", "wp", "dice", "gold", "hours"):
        table.add_column(t(f"screen.col.{col}"), no_wrap=True,
                         justify="left" if col == "hero" else "right")
    table.add_column(t("screen.col.carries"), overflow="fold")
    for h in view["heroes"]:
        mark = (">" if view["to_act"] == h["seat"] else " ") + _hero_mark(h["hero"], lang)
        hours = t("screen.ended") if h["ended"] else t("screen.hours", n=h["hours"])
        carried = [item(a, lang, "bare") for a in h["articles"]]
        if h["farmers"]:
            carried.append(t.count("n.farmers", h["farmers"]))
        table.add_row(f"{mark} {cap(hero_phrase(h['hero'], lang))}", str(h["region"]),
                      str(h["strength"]), str(h["willpower"]), str(h["dice"]), str(h["gold"]),
                      hours, t("list.sep").join(carried) or "·")
    return table


def fight_lines(view: View, lang: str) -> list[str]:
    """The fight under way: the creature, the round, who fights, the value so far."""
    f = view["fight"]
    if f is None:
        return []
    t = tr(lang)
    cr = load().creatures[f["kind"]]
    heroes = [hero_phrase(view["heroes"][s]["hero"], lang) for s in f["heroes"]]
    dice = t.count(f"n.dice.{cr.colour}", cr.dice)
    if cr.weak_below and f["willpower"] < cr.weak_below:
        dice = t.count(f"n.dice.{cr.colour}", cr.weak_dice)
    return [t("screen.fight", what=creature(f["kind"], lang, "the"),
              at=place(f["region"], "at", lang), sp=f["strength"], wp=f["willpower"],
              dice=dice, round=f["round"]),
            t("screen.fighters", names=t("list.sep").join(heroes), total=f["hero_value"]),
            t("screen.fight_rule")]


def card_lines(view: View, lang: str) -> list[str]:
    """The legend card that applies today (or the next one's letter) and the last event."""
    t = tr(lang)
    leg = load().legends[view["legend"]]
    out = []
    last = view["cards_read"][-1] if view["cards_read"] else None
    if last is not None and last == view["letter"]:
        out.append(t("screen.legend_card", letter=last, card=leg.cards[last].label(lang),
                     text=legend_card_text(view["legend"], last, lang, places=False)))
    else:
        ahead = [x for x in LETTERS if x in leg.cards and x > view["letter"]]
        if ahead:
            out.append(t("screen.next_card", letter=ahead[0]))
    if view["last_event"]:
        ev = load().events[view["last_event"]]
        out.append(t("screen.event", card=ev.label(lang), text=card_text(ev.id, lang)))
    return out


def digest(view: View, lang: str) -> list[str]:
    """What matters this turn: the hero's region and neighbours, creatures near the castle,
    and wells, fog, farmers and articles near the heroes."""
    t = tr(lang)
    out: list[str] = []
    seat = view["active"]
    if view["fight"] is None and 0 <= seat < len(view["heroes"]):
        hero = view["heroes"][seat]
        out.append(t("screen.around", name=hero_phrase(hero["hero"], lang)))
        for r, here in around(hero["region"]):
            things = region_things(view, r, lang, skip_seat=seat)
            terrain = load().regions[r].terrain
            key_ = "screen.here" if here else "screen.next"
            if terrain == "castle":  # "the castle, castle" says it twice
                key_ += ".castle"
            line = t(key_, region=place(r, "nom", lang), terrain=t(f"terrain.{terrain}"))
            out.append(line + (t("screen.things", things=things) if things else ""))
    close = near_castle(view, lang)
    out.append(t("screen.near_castle", items=close) if close else
               t("screen.castle_clear", n=CASTLE_STEPS))
    out.extend(nearby(view, lang))
    return out


def _lines(items: Iterable[str]) -> list[Text]:
    return [Text(s) for s in items]


class AndorScreen:
    """The whole table; stacked when narrow, two columns when wide."""

    def __init__(self, view: View, lang: str) -> None:
        self.view = view
        self.lang = lang

    def left(self) -> list[Any]:
        v, lang = self.view, self.lang
        return [*_lines(head(v, lang)), *_lines(overview(v, lang)), Text(key(v, lang)),
                heroes_table(v, lang)]

    def right(self) -> list[Any]:
        v, lang = self.view, self.lang
        if v.get("result"):
            return _lines(result_lines(v, lang))
        return _lines([*fight_lines(v, lang), *card_lines(v, lang), *digest(v, lang)])

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width >= WIDE:
            grid = Table.grid(padding=(0, 3))
            grid.add_column(width=CELL * load().map.width + 2)
            grid.add_column(ratio=1)
            grid.add_row(Group(*self.left()), Group(*self.right()))
            yield grid
        else:
            yield Group(*self.left(), *self.right())


def result_lines(view: View, lang: str) -> list[str]:
    """The end of the legend in words."""
    t = tr(lang)
    res = view["result"]
    key_ = OUTCOME_KEY.get(res["reason"], "unmet")
    extra = res.get("extra") or {}
    return [t(f"outcome.head.{key_}", day=extra.get("day", view["day"]),
              letter=extra.get("letter", view["letter"]))]


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> AndorScreen:
    """What ``seat`` sees: the table, fitted to the terminal's width."""
    return AndorScreen(cast("View", view), lang)
