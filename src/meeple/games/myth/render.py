"""Terminal view of Myth: the dungeon map and its key, the heroes, the monsters and cards on
the table, the viewer's hand and quests with what they cost and do, and this turn's events.

Reads only a view dict (never the state); every word comes from the game's catalogues. At 80
columns the map's key and the quests stand beside the map and the rest below; from 120 columns
the map, key and quests form a left column and the rest a right one. The turn's events fill
what is left of a 34-row budget (the menu of actions comes below), newest last.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, cast

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from . import lookup, notation, text
from .content import load
from .game import Myth
from .labels import play_cost
from .names import card_name, cell, cost, hero_name, quest_name, res, tile_name, tr
from .params import LEVEL_COST
from .verbs import Draw, Play
from .view import by_cell, own_quests, tiles

if TYPE_CHECKING:
    from .view import FaceDown, View

#: Rows the board may take, leaving the rest of a 50-row screen to the menu of actions.
ROWS = 34
#: From this width the board is laid out in two columns.
WIDE = 120
#: A tile's open sides (N=1, E=2, S=4, W=8) as a box-drawing glyph.
GLYPH = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"
W_SIDE, E_SIDE = 8, 2


def _marks(view: View, lang: str) -> dict[tuple[int, int], str]:
    """What stands on each cell: heroes' letters, then monsters, lasting cards, the start."""
    t = tr(lang)
    out: dict[tuple[int, int], str] = {}
    for h in view["heroes"]:
        if h["alive"]:
            c = (h["cell"][0], h["cell"][1])
            out[c] = out.get(c, "") + t(f"mark.{h['hero']}")
    for c in by_cell(view["enemies"]):
        out[c] = out.get(c, "") + t("mark.monsters")
    for c in by_cell(view["lasting"]):
        out[c] = out.get(c, "") + t("mark.lasting")
    out.setdefault((0, 0), t("mark.start"))
    return out


def draw_map(view: View, lang: str) -> list[str]:
    """One row per row of tiles: each tile a glyph of its passages and two marks, a ``─``
    between two tiles open to each other; columns numbered on top, rows on the left."""
    laid = {(x, y): mask for x, y, mask, _ in tiles(view)}
    xs = range(min(x for x, _ in laid), max(x for x, _ in laid) + 1)
    ys = range(min(y for _, y in laid), max(y for _, y in laid) + 1)
    marks = _marks(view, lang)
    lines = ["    " + "".join(f"{x:>2}  " for x in xs).rstrip()]
    for y in ys:
        row = f"{y:>3} "
        for x in xs:
            m = laid.get((x, y))
            if m is None:
                row += "    "
                continue
            west = laid.get((x - 1, y), 0)
            link = "─" if m & W_SIDE and west & E_SIDE else " "
            fill = "─" if m & E_SIDE else " "  # the passage east runs on under the marks
            row += link + GLYPH[m] + marks.get((x, y), "")[:2].ljust(2, fill)
        lines.append(row.rstrip())
    return lines


def legend(view: View, lang: str, width: int) -> list[str]:
    """The key to the map's marks, packed into lines ``width`` wide."""
    t = tr(lang)
    keys = [f"{t('mark.' + h['hero'])} {hero_name(h['hero'], lang)}" for h in view["heroes"]]
    keys += [f"{t('mark.start')} {t('legend.start')}", f"{t('mark.monsters')} "
             f"{t('legend.monsters')}", f"{t('mark.lasting')} {t('legend.lasting')}",
             f"─ {t('legend.passage')}", t("legend.coords")]
    lines = [t("screen.legend") + ":"]
    for key in keys:
        if len(lines[-1]) + 3 + len(key) <= width:
            lines[-1] += "   " + key
        else:
            lines.append(key)
    return lines


def _doing(view: View, lang: str) -> str:
    t = tr(lang)
    decision = view["decision"]
    assert decision is not None
    kind = decision["kind"]
    if kind == "place":
        return t("doing.place", tile=tile_name(view["drawn_tile"], lang))
    if kind == "target":
        return t("doing.target", monster=card_name(view["striker"], lang))
    return t.get(f"doing.{kind}", t("doing.wait"))


def header(view: View, names: list[str], lang: str) -> list[str]:
    """Whose turn and what is decided; the piles; the last turns and the Great Dream."""
    t = tr(lang)
    if view["over"]:
        lines = [t("screen.over", turns=t.count("turns", view["turn"]))]
    else:
        to_act = view["to_act"]
        assert to_act is not None
        lines = [t("screen.title", turn=view["turn"], who=names[to_act],
                   doing=_doing(view, lang))]
    lines.append(t("screen.piles", deck=view["event_deck"], discard=view["discard"],
                   tiles=view["tiles_left"], quests=view["quest_pile"],
                   bank=view["bank"]))
    if view["final_turns"] is not None and not view["over"]:
        lines.append(t("screen.final", turns=t.count("turns", view["final_turns"])))
    active = view["active"]
    if view["heroes"][active]["dream"] and not view["over"]:
        n = len(names)
        master = next(names[(active - i) % n] for i in range(1, n)
                      if view["heroes"][(active - i) % n]["alive"])
        lines.append(t("screen.dreaming", master=master, name=names[active]))
    return lines


def heroes_table(view: View, names: list[str], lang: str) -> Table:
    """A row per hero: level, life, attack, defence, attacks a round, resources, cards, quests
    done and cell; the hero whose turn it is marked ``>``."""
    t = tr(lang)
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), show_edge=False)
    for col in ("hero", "level", "life", "attack", "defence", "attacks", "res", "cards",
                "quests", "cell"):
        table.add_column(t(f"col.{col}"), justify="left" if col == "hero" else "right",
                         no_wrap=True)
    for h in view["heroes"]:
        mark = ">" if h["seat"] == view["active"] and not view["over"] else " "
        name = f"{mark}{t('mark.' + h['hero'])} {names[h['seat']]}"
        if not h["alive"]:
            table.add_row(name, str(h["level"]), t("screen.dead"), *[""] * 7)
            continue
        table.add_row(name, str(h["level"]), f"{h['life']}/{h['max_life']}", str(h["attack"]),
                      str(h["defence"]), str(h["attacks"]), str(h["resources"]),
                      str(h["hand"]), str(len(h["shown"])), cell(h["cell"], lang))
    return table


def items(view: View, names: list[str], lang: str) -> list[str]:
    """Each hero's items and the monsters kept as proof of a kill."""
    t = tr(lang)
    out = []
    for h in view["heroes"]:
        things = [card_name(i, lang) for i in h["items"]]
        things += [t("screen.proof", card=(t("screen.times", n=n) if n > 1 else "")
                     + card_name(m, lang)) for m, n in _grouped(h["trophies"])]
        if things:
            out.append(t("screen.items", hero=names[h["seat"]], items=", ".join(things)))
    return out


def _grouped(ids: Iterable[str]) -> list[tuple[str, int]]:
    ids = list(ids)
    return [(c, ids.count(c)) for c in dict.fromkeys(ids)]


def board(view: View, names: list[str], lang: str) -> list[str]:
    """Monsters and lasting cards by cell, the face-down cards, the cards resolving."""
    t = tr(lang)
    cs = load().cards
    out = []
    for (x, y), ms in by_cell(view["enemies"]).items():
        shown = [t("screen.monster", times=t("screen.times", n=n) if n > 1 else "",
                   name=card_name(m, lang), attack=cs[m].attack, hit=cs[m].damage,
                   defence=cs[m].defence, first=t("screen.first") if cs[m].first_attack else "")
                 for m, n in _grouped(ms)]
        out.append(t("screen.monsters", cell=cell((x, y), lang)) + " " + ", ".join(shown))
    for (x, y), cards in by_cell(view["lasting"]).items():
        shown = [f"{card_name(c, lang)} ({lookup.brief(c, lang)})" for c in cards]
        out.append(t("screen.lasting", cell=cell((x, y), lang), cards=", ".join(shown)))
    if view["table"]:
        out.append(t("screen.table", cards=", ".join(_face_down(e, names, lang)
                                                     for e in view["table"])))
    if view["pending"]:
        out.append(t("screen.pending", cards=", ".join(card_name(c, lang)
                                                       for c in view["pending"])))
    return out


def _face_down(e: FaceDown, names: list[str], lang: str) -> str:
    t = tr(lang)
    who = t("from_deck") if e["by"] < 0 else t("played_by", name=names[e["by"]],
                                               paid=cost(e["paid"], lang))
    return t("screen.your_card", card=card_name(e["card"], lang), who=who) if e["card"] else who


def hand(view: View, lang: str) -> list[str]:
    """The viewer's cards, each with what playing it would cost now and what it does."""
    t = tr(lang)
    held = view.get("hand", [])
    if not held:
        return [t("screen.hand_empty")]
    return [t("screen.hand"), *(
        "  " + t("screen.hand_card", card=card_name(c, lang),
                 cost=cost(play_cost(c, view), lang), effect=lookup.brief(c, lang))
        for c, _ in _grouped(held))]


def quests(view: View, lang: str) -> list[str]:
    """The viewer's secret quests and how far each is."""
    t = tr(lang)
    seat = view["seat"]
    assert seat is not None
    me = view["heroes"][seat]
    qs = load().quests
    out = [t("screen.quests", cost=res(LEVEL_COST[min(me["level"], 3)], lang))]
    for qid, ready in own_quests(view):
        q = qs[qid]
        if ready:
            line = t("screen.quest_ready", quest=quest_name(qid, lang))
        elif q.kind == "kill":
            line = t("screen.quest_kill", quest=quest_name(qid, lang),
                     have=min(me["trophies"].count(q.monster), q.count), need=q.count)
        else:
            line = t("screen.quest_carry", quest=quest_name(qid, lang))
        out.append("  " + line)
    return out


@functools.cache
def _game(players: int) -> Myth:
    return Myth(players=players)


def _retold(game: Myth, e: Mapping[str, Any]) -> bool:
    """Events the screen's turn summary leaves out, since another one tells the same: the
    turn's announcement (the title), dice (told with the attack, trap or web they decided),
    a hidden card played and a draw (told with what was paid and drawn)."""
    if e["type"] in ("turn", "roll"):
        return True
    if e["type"] != "action":
        return False
    words = str(e["action"])
    hidden = notation.PUBLIC_VERB.get(words)
    if hidden is not None:
        return hidden is Play
    return isinstance(notation.parse(game, words), Draw)


def this_turn(view: View, names: list[str], lang: str) -> list[str]:
    """This turn's events as sentences, oldest first."""
    game = _game(view["players"])
    return [text.describe(game, e, lang, names) for e in view["this_turn"]
            if not _retold(game, e)]


def _rows(console: Console, options: ConsoleOptions, part: RenderableType) -> int:
    return len(console.render_lines(part, options, pad=False))


class Screen:
    """The whole table as one seat sees it, laid out for the console's width."""

    def __init__(self, view: View, seat: int | None, lang: str) -> None:
        self.view, self.seat, self.lang = view, seat, lang
        self.names = text.seat_names(_game(view["players"]), view, lang)

    def _parts(self, width: int) -> tuple[list[RenderableType], list[RenderableType]]:
        """The map side (map, key, quests) and the table side (everything else); the key is
        packed into ``width`` columns."""
        v, names, lang = self.view, self.names, self.lang
        side: list[RenderableType] = [Text("\n".join(legend(v, lang, width)))]
        if self.seat is not None:
            side.append(Text("\n".join(quests(v, lang))))
        rest: list[RenderableType] = [heroes_table(v, names, lang)]
        for lines in (items(v, names, lang), board(v, names, lang)):
            if lines:
                rest.append(Text("\n".join(lines)))
        if self.seat is not None:
            rest.append(Text("\n".join(hand(v, lang))))
        return side, rest

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        v, lang = self.view, self.lang
        head = Text("\n".join(header(v, self.names, lang)))
        grid = Table.grid(padding=(0, 3))
        grid.add_column(no_wrap=True)
        grid.add_column()
        plan = draw_map(v, lang)
        if options.max_width >= WIDE:
            side, rest = self._parts(max(40, max(map(len, plan))))
            grid.add_row(Group(Text("\n".join(plan)), *side), Group(*rest))
            body: list[RenderableType] = [grid]
        else:
            side, rest = self._parts(options.max_width - max(map(len, plan)) - 3)
            grid.add_row(Text("\n".join(plan)), Group(*side))
            body = [grid, *rest]
        used = _rows(console, options, Group(head, *body))
        log = this_turn(v, self.names, lang)
        room = ROWS - used - 1
        if log and room > 0:
            events = Table.grid()
            events.add_column(width=2)
            events.add_column()
            for line in log:
                events.add_row("", line)
            lines = console.render_lines(events, options, pad=False)[-room:]
            body.append(Text(tr(lang)("screen.this_turn")))
            body.append(Text("\n".join("".join(s.text for s in line).rstrip()
                                       for line in lines)))
        yield head
        yield from body


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> RenderableType:
    """The whole table as the seat sees it."""
    return Screen(cast("View", view), seat, lang)
