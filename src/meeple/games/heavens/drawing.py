"""The Heavens as compact text: one line per hex, eleven columns in 77 characters.

Flat-topped hexes lie in columns, every other column half a hex lower. Here each hex takes one
line, so columns a, c, e, g, i and k are drawn half a hex higher than their neighbours: a hex
of column f touches the hexes of columns e and g on its own line and the line above. Each cell
is the hex's label and a three-character mark::

    f5 ●Ze   a god of the first side (●) or the second (○) and its two-letter code
    f2 ●30   a base and its health
    e1 ●+    a summoning hex of that side
    g7 T2    a trap of strength 2 (C: architecture, B: dropped bonus rings)
    d4 †Ze   a fallen god
    f6 *     a central hex
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import board
from .lookup import card_name, words

if TYPE_CHECKING:
    from .view import View

#: The sign of each side's gods, base and summoning hexes.
SIGN = ("●", "○")
FALLEN = "†"
CELL = 7


def codes(view: View, lang: str) -> dict[str, str]:
    """A two-letter code for every character of both pantheons, unique among them: the first
    letter of the name and the first following letter not yet paired with it (side A's gods
    first, each pantheon in card order; the drawn board's ``board/codes.js`` follows the same
    rule)."""
    out: dict[str, str] = {}
    used: set[str] = set()
    for side in view["sides"]:
        for cid in side["gods"]:
            name = card_name(cid, lang)
            pick = next((name[0] + ch.lower() for ch in name[1:]
                         if ch.isalpha() and name[0] + ch.lower() not in used),
                        name[:2])
            used.add(pick)
            out[cid] = pick
    return out


def _marks(view: View, lang: str) -> dict[str, str]:
    """The mark of every hex that is not plain and empty."""
    t = words(lang)
    b = board(view["layout"])
    marks: dict[str, str] = {b.labels[h]: "*" for h in b.central}
    for side, info in enumerate(view["sides"]):
        for h in info["summoning"]:
            marks[h] = SIGN[side] + "+"
        marks[info["base"]] = f"{SIGN[side]}{info['base_health']}"
    for h, n in view["architecture"].items():
        marks[h] = t("screen.mark.column") + str(n)
    for h, n in view["traps"].items():
        marks[h] = t("screen.mark.trap") + str(n)
    for h, d in view["dropped"].items():
        marks[h] = t("screen.mark.dropped") + str(d["armour"] + d["attack"])
    code = codes(view, lang)
    for u in view["units"]:
        marks[u["hex"]] = (FALLEN if u["fallen"] else SIGN[u["side"]]) + code[u["card"]]
    return marks


def map_lines(view: View, lang: str = "en") -> list[str]:
    """The Heavens as text lines, one per row of hexes."""
    b = board(view["layout"])
    marks = _marks(view, lang)
    rows = (max(b.line) + 1) // 2 + 1
    grid = [[" " * CELL for _ in range(2 * b.radius + 1)] for _ in range(rows)]
    for i, lab in enumerate(b.labels):
        col = b.coords[i][0] + b.radius
        grid[b.line[i] // 2][col] = f"{lab:<3}{marks.get(lab, '·'):>3} "
    return ["".join(row).rstrip() for row in grid if "".join(row).strip()]
