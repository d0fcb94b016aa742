"""Terminal rendering of a catacombs view (never imported by the rules).

The board is drawn with ``+----+`` walls and blanks for passages, columns lettered and rows
numbered in its margins (cells are named so in events: "B4"). Inside a cell, on the left, what
lies there (an entrance, a cauldron and its value, a face-up monster ``!x`` or a face-up card
on unexplored ground ``?x``); on the right the colour marks of the dwarves standing there. A
key names every mark the board shows. Below: whose turn and what is being decided, the battle
table against a monster being faced with the odds, an offer being made, and each dwarf's
stats, screen and backpack. Every word comes from ``locale/<lang>.po`` and the content.

At 80 columns the parts are stacked; from 120 columns the key and the battle sit beside the
board (``Screen.__rich_console__`` reads the width it is given).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.i18n import Texts

from .content import DIE_FACES, SLOTS, catalog
from .lookup import columns, join, money, name, need_text, number, weapon_name, win_pct, words

if TYPE_CHECKING:
    from .view import DwarfView, View

N, E, S, W = 1, 2, 4, 8
#: From this width the key and the battle stand beside the board.
WIDE = 120
#: Marks of face-up cards by their kind (monsters are marked by their own letter).
CARD_MARKS = {"vein": "vein", "cauldron": "cauldron_card", "artifact": "artifact",
              "ingredient": "ingredient", "treasure": "treasure", "weapon": "weapon",
              "armour": "armour"}


def _marks(view: View, t: Texts) -> dict[int, str]:
    """Per cell, the colour marks of the living dwarves standing there."""
    size = view["size"]
    here: dict[int, str] = {}
    for d in view["dwarves"]:
        if d["cell"] is not None:
            c = d["cell"][1] * size + d["cell"][0]
            here[c] = here.get(c, "") + t(f"mark.{d['seat'] % 4}")
    return here


def _card_mark(card: str, t: Texts) -> tuple[str, str]:
    """A face-up card's mark and the key's words for it."""
    kind, _, ref = card.partition(":")
    if kind == "monster":
        return t(f"map.{ref}"), name(ref, t.lang)
    return t(f"map.{CARD_MARKS[kind]}"), (t("kind.vein") if kind == "vein"
                                         else name(ref, t.lang))


def _cell_text(view: View, c: int, dwarves: str, t: Texts,
               key: dict[str, str]) -> str:
    tile, card = view["tiles"][c], view["cards"][c]
    size = view["size"]
    base = ""
    if tile is None:
        if card == "hidden" or card is None:
            return t("map.hidden") * 4
        mark, words_ = _card_mark(card, t)
        base = "?" + mark
        key["?" + mark] = t("screen.key.card", mark=mark, name=words_)
    elif card is not None and card.startswith("monster:"):
        mark, words_ = _card_mark(card, t)
        base = "!" + mark
        key["!" + mark] = t("screen.key.monster", mark=mark, name=words_)
    elif view["cauldrons"][c] is not None:
        cauldron = next(x for x in catalog().cauldrons if x.id == view["cauldrons"][c])
        base = f"{t('map.cauldron')}{cauldron.experience}"
    elif [c % size, c // size] in view["entrances"].values():
        base = t("map.entrance")
    if len(dwarves) > 2:
        dwarves = f"+{len(dwarves)}"
    return base.ljust(2) + dwarves.rjust(2)


def board_text(view: View, t: Texts, key: dict[str, str]) -> str:
    """The board as lines of text with lettered columns and numbered rows; the marks of
    monsters and face-up cards it shows are added to ``key``."""
    size = view["size"]
    tiles = view["tiles"]
    here = _marks(view, t)

    def horiz(x: int, y: int) -> str:  # the boundary above cell (x, y)
        if y in (0, size):
            return "----"
        a, b = tiles[(y - 1) * size + x], tiles[y * size + x]
        if (a is not None and not a & S) or (b is not None and not b & N):
            return "----"
        return "    "

    def vert(x: int, y: int) -> str:  # the boundary left of cell (x, y)
        if x in (0, size):
            return "|"
        a, b = tiles[y * size + x - 1], tiles[y * size + x]
        if (a is not None and not a & E) or (b is not None and not b & W):
            return "|"
        return " "

    lines = ["     " + "".join(f"  {columns(t.lang)[x]}  " for x in range(size))]
    y = 0
    while y < size:
        last = y  # rows nobody has explored or seen into are drawn as one
        while last + 1 < size and _bare(view, y) and _bare(view, last + 1):
            last += 1
        lines.append("     +" + "+".join(horiz(x, y) for x in range(size)) + "+")
        row = "".join(vert(x, y) + _cell_text(view, y * size + x, here.get(y * size + x, ""),
                                              t, key) for x in range(size))
        rows = f"{y + 1}" if last == y else f"{y + 1}–{last + 1}"
        lines.append(f"{rows:>4} " + row + vert(size, y))
        y = last + 1
    lines.append("     +" + "+".join(horiz(x, size) for x in range(size)) + "+")
    return "\n".join(lines)


def _bare(view: View, y: int) -> bool:
    """Row ``y`` is all face-down cards on unexplored ground, with nobody on it."""
    size = view["size"]
    cells = range(y * size, (y + 1) * size)
    return all(view["tiles"][c] is None and view["cards"][c] == "hidden" for c in cells) and \
        not any(d["cell"] is not None and d["cell"][1] == y for d in view["dwarves"])


def _names(view: View, t: Texts) -> list[str]:
    return [t(f"seat.{s % 4}") for s in range(view["players"])]


def key_entries(view: View, t: Texts, shown: dict[str, str]) -> list[str]:
    """The key: the board's fixed marks, each dwarf's colour, then what the board shows."""
    out = [t("screen.key.entrance", mark=t("map.entrance")),
           t("screen.key.cauldron", mark=t("map.cauldron")),
           t("screen.key.hidden", mark=t("map.hidden")), t("screen.key.walls")]
    out += [t("screen.key.dwarf", mark=t(f"mark.{s % 4}"), name=n)
            for s, n in enumerate(_names(view, t))]
    return out + [shown[k] for k in sorted(shown)]


def status(view: View, t: Texts) -> str:
    """Whose turn, the step being decided, veins found and the tiles left."""
    names = _names(view, t)
    if view["over"]:
        head = t("screen.over")
    elif view["phase"] == "setup":
        head = t("screen.setup")
    else:
        step: str = view["step"]
        if step == "main" and view["phase"] == "end":
            step = "end"
        head = f"{t('screen.turn', name=names[view['active']])} — {t(f'screen.step.{step}')}"
    parts = [head, t("screen.veins", n=view["veins_found"], total=view["veins_to_end"]),
             t("screen.pile", tiles=t.count("tiles", view["tile_pile"]))]
    if view["face_up_tiles"]:
        ups = view["face_up_tiles"]
        tiles = [name(x, t.lang) + (f" ×{ups.count(x)}" if ups.count(x) > 1 else "")
                 for x in dict.fromkeys(ups)]
        parts.append(t("screen.faceup", tiles=join(tiles, t.lang)))
    if view["held_tile"]:
        parts.append(t("screen.held", tile=name(view["held_tile"], t.lang)))
    if view["step"] == "walk":
        left = view["walk_left"]
        parts.append(t("screen.walk_any") if left is None else t("screen.walk_left", n=left))
    if view["roll_bonus"]:
        parts.append(t("screen.bonus", n=view["roll_bonus"]))
    if view["extra_turns"]:
        parts.append(t("screen.extra", n=view["extra_turns"]))
    return " · ".join(parts)


def offer_text(view: View, t: Texts) -> str | None:
    """The offer being composed or answered, in words."""
    tr = view["trade"]
    if not tr:
        return None
    names = _names(view, t)
    give = [name(i, t.lang) for i in tr["give"]]
    give += [money(tr["give_money"], t.lang)] if tr["give_money"] else []
    ask = [name(i, t.lang) for i in tr["ask"]]
    ask += [money(tr["ask_money"], t.lang)] if tr["ask_money"] else []
    return t("screen.offer", who=names[tr["from"]], partner=names[tr["to"]],
             give=join(give, t.lang), ask=join(ask, t.lang))


def _ranges(hits: list[bool], t: Texts) -> str:
    """Die faces grouped into runs: "1–4 miss, 5–6 win"."""
    runs: list[tuple[int, int, bool]] = []
    for face, hit in enumerate(hits, 1):
        if runs and runs[-1][2] == hit:
            runs[-1] = (runs[-1][0], face, hit)
        else:
            runs.append((face, face, hit))
    word = {True: t("screen.battle.hit"), False: t("screen.battle.miss")}
    return ", ".join(f"{a}–{b} {word[h]}" if a != b else f"{a} {word[h]}" for a, b, h in runs)


def battle_text(view: View, t: Texts) -> list[str]:
    """When the dwarf to act faces a monster: the battle table's row for it, with the odds."""
    if view["over"] or view["to_act"] is None or view["phase"] == "setup":
        return []
    me = view["dwarves"][view["to_act"]]
    if me["cell"] is None or view["to_act"] != view["active"]:
        return []
    kind, _, monster = (view["cards"][me["cell"][1] * view["size"] + me["cell"][0]]
                        or "").partition(":")
    if kind != "monster":
        return []
    content = catalog()
    mon = next(m for m in content.monsters if m.id == monster)
    weapon = me["screen"]["right_hand"]
    col = content.columns.index(content.item_index[weapon]) if weapon else content.fists_column
    need, bonus = mon.needs[col], view["roll_bonus"]
    hits = [need == 0 or (need is not None and face + bonus >= need)
            for face in range(1, DIE_FACES + 1)]
    lang = t.lang
    others = [t("screen.battle.need", weapon=weapon_name(content, k, lang), need=need_text(n, lang))
              for k, n in enumerate(mon.needs) if k != col]
    hurt = max(0, mon.attack - me["armour"])
    return [t("screen.battle", monster=name(mon.id, lang), attack=mon.attack,
              exp=mon.experience, armour=me["armour"], health=t.count("health", hurt)),
            t("screen.battle.rolls", weapon=weapon_name(content, col, lang),
              bonus=t("screen.battle.bonus", n=bonus) if bonus else "",
              rolls=_ranges(hits, t), pct=win_pct(need, bonus)),
            t("screen.battle.others", needs="; ".join(others))]


def gear_text(d: DwarfView, t: Texts) -> str:
    """A dwarf's screen slot by slot, then its backpack."""
    worn = [f"{t(f'slot.{slot}')}: {name(thing, t.lang)}"
            for slot in SLOTS if (thing := d["screen"][slot])]
    pack = [name(i, t.lang) for i in d["backpack"]]
    parts = worn + ([t("screen.pack", items=", ".join(pack))] if pack else [])
    return "; ".join(parts) or "—"


def dwarves_table(view: View, t: Texts, wide: bool) -> Table:
    """Each dwarf's stats, and its gear in a column when wide."""
    table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    table.add_column(t("screen.col.dwarf"), no_wrap=True)
    for col in ("health", "strength", "armour", "exp", "coins", "kills"):
        table.add_column(t(f"screen.col.{col}"), justify="right", no_wrap=True)
    if wide:
        table.add_column(t("screen.col.gear"), ratio=1)
    for d, nm in zip(view["dwarves"], _names(view, t), strict=True):
        mark = "▶" if d["seat"] == view["to_act"] else " "
        who = f"{mark} {t('mark.' + str(d['seat'] % 4))} {nm}"
        if not d["alive"]:
            who += f" ({t('screen.fallen')})"
        row = [who, str(d["health"]), str(d["strength"]), str(d["armour"]),
               str(d["experience"]), number(d["money"], t.lang), str(d["kills"])]
        table.add_row(*row, *([gear_text(d, t)] if wide else []))
    return table


def gear_lines(view: View, t: Texts) -> list[str]:
    """Each living dwarf's gear on a line of its own, for a narrow screen."""
    return [f"{t('mark.' + str(d['seat'] % 4))} {nm}: {gear_text(d, t)}"
            for d, nm in zip(view["dwarves"], _names(view, t), strict=True)
            if d["alive"] and (d["backpack"] or any(d["screen"].values()))]


class Screen:
    """The whole view, laid out for the width it is printed at."""

    def __init__(self, view: View, lang: str) -> None:
        self.view = view
        self.t = words(lang)

    def __rich_console__(self, console: Console,
                         options: ConsoleOptions) -> Iterator[RenderableType]:
        t, view = self.t, self.view
        shown: dict[str, str] = {}
        board = board_text(view, t, shown)
        key = key_entries(view, t, shown)
        side = battle_text(view, t)
        offer = offer_text(view, t)
        wide = options.max_width >= WIDE
        yield Text(status(view, t))
        grid = Table.grid(padding=(0, 3 if wide else 1))
        grid.add_column(no_wrap=True)
        grid.add_column(ratio=1)
        right = [Text(t("screen.key"), style="bold"), *map(Text, key)]
        below = [*map(Text, side), *([Text(offer)] if offer else [])]
        if wide and below:
            right += [Text(""), *below]
            below = []
        grid.add_row(Text(board), Group(*right))
        yield grid
        yield from below
        yield dwarves_table(view, t, wide)
        if not wide:
            yield from map(Text, gear_lines(view, t))


def render(view: View, seat: int | None, lang: str = "en") -> RenderableType:
    """The board with its key, the turn, a battle or offer, and every dwarf."""
    return Screen(view, lang)

