"""Terminal rendering of a High in the Heavens view (never imported by the rules).

The Heavens are drawn one line per hex, column by column (:mod:`.drawing`): each hex shows its
label and a three-letter mark — a god's side sign and a two-letter code, a base with its
health, a trap, architecture or dropped rings. A key beside the map (160 columns) or below it
(80 columns) names every god in play in full, with its health, rings and ability, and says
what each mark means. Every word comes from the game's catalogues.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from meeple.i18n import Texts

from .content import Character
from .drawing import SIGN, codes, map_lines
from .lookup import ability_name, base_name, card_name, cards, pantheon_name, words

if TYPE_CHECKING:
    from .view import UnitView, View

#: A screen this wide or wider shows the key beside the map.
WIDE = 150
#: The map's width (eleven cells of seven characters) and the gap between it and its key.
MAP_WIDTH = 77
GAP = 2
#: Target kinds that offer hexes (docs/rules/heavens.md, HVN-54).
HEX_TARGETS = frozenset(("hex", "trap_spot", "trap"))


def view_names(view: View, lang: str) -> list[str]:
    """Each seat's name from a view (as :func:`.text.seat_names` names them)."""
    t = words(lang)
    names = [""] * view["players"]
    for side in view["sides"]:
        pname = pantheon_name(side["pantheon"], lang)
        for seat in side["seats"]:
            names[seat] = pname if view["players"] == 2 else t("seat.team", pantheon=pname,
                                                                n=seat + 1)
    return names


def _status(u: UnitView, t: Texts) -> str:
    parts = [t("screen.health", hp=u["health"], max=u["max_health"])]
    for key in ("attack", "armour", "poison"):
        if u[key]:
            parts.append(t(f"screen.rings.{key}", n=u[key]))
    if u["incapacitated"]:
        parts.append(t("screen.incapacitated"))
    if u["trapped"]:
        parts.append(t("screen.trapped", n=u["trapped"]))
    return ", ".join(parts)


def unit_lines(view: View, lang: str, width: int, full: bool) -> list[str]:
    """One line per god on the Heavens (two with ``full``: its card's numbers and ability)."""
    t = words(lang)
    code = codes(view, lang)
    out = []
    for side in (0, 1):
        for u in view["units"]:
            if u["side"] != side:
                continue
            cid = u["card"]
            head = t("screen.unit", mark=SIGN[side] + code[cid], name=card_name(cid, lang),
                     hex=u["hex"])
            if u["fallen"]:
                out.append(head + t("screen.fallen"))
                continue
            line = head + _status(u, t)
            tail = t("screen.ability", ability=ability_name(cid, lang), effect=t(f"short.{cid}"))
            if full:
                c = cards().by_id[cid]
                assert isinstance(c, Character)
                stats = _stats(c, t)
                if len(line) + len(stats) + 3 <= width:
                    out += [line + " · " + stats, "    " + tail]
                else:
                    out += [line, "    " + stats, "    " + tail]
            elif len(line) + len(tail) + 3 <= width:
                out.append(line + " · " + tail)
            else:
                out.append(line + " · " + ability_name(cid, lang))
    return out


def _stats(c: Character, t: Texts) -> str:
    if not c.ranged:
        return t("screen.stats.melee", move=c.move, melee=c.melee)
    return t("screen.stats", move=c.move, melee=c.melee, ranged=c.ranged, range=c.range)


def side_lines(view: View, seat: int | None, lang: str) -> list[str]:
    """Each pantheon: its sign, base and health, deck, discard and hand sizes."""
    t = words(lang)
    out = []
    for i, side in enumerate(view["sides"]):
        pname = pantheon_name(side["pantheon"], lang)
        if seat is not None and seat in side["seats"]:
            pname = t("screen.yours", name=pname)
        hands = [h for h in view["hands"] if h["seat"] in side["seats"]]
        if len(hands) == 1:
            hand = t("screen.hand", n=hands[0]["count"])
        else:
            hand = t("screen.hands", first=hands[0]["count"], second=hands[1]["count"])
        out.append(t("screen.side", sign=SIGN[i], name=pname,
                     base=base_name(side["pantheon"], lang), health=side["base_health"],
                     deck=side["deck"], discard=len(side["discard"]), hand=hand))
    return out


def things_line(view: View, lang: str) -> str | None:
    """Traps, architecture and dropped rings on the Heavens, or None when there are none."""
    t = words(lang)
    parts = [t("screen.trap", hex=h, n=n) for h, n in view["traps"].items()]
    parts += [t("screen.column", hex=h, n=n) for h, n in view["architecture"].items()]
    for h, d in view["dropped"].items():
        rings = [t.count(f"n.ring.{colour}", n) for colour, n in (("grey", d["armour"]),
                                                                   ("orange", d["attack"])) if n]
        parts.append(t("screen.dropped", hex=h, rings=", ".join(rings)))
    return t("screen.things", things=" · ".join(parts)) if parts else None


def turn_line(view: View, lang: str) -> str:
    """Round, turn, whose turn, the phase and the action tokens left."""
    t = words(lang)
    names = view_names(view, lang)
    who = names[view["active"]]
    if view["phase"] == "over":
        return t("screen.over", round=view["round"], turn=view["turn"])
    side = 0 if view["active"] in view["sides"][0]["seats"] else 1
    per_turn = view["tokens_per_turn"][side]
    track = "■" * view["tokens"] + "□" * max(0, per_turn - view["tokens"])
    if view["phase"] == "cleanup":
        return t("screen.turn.cleanup", round=view["round"], turn=view["turn"], name=who)
    return t("screen.turn", round=view["round"], turn=view["turn"], name=who, track=track)


def pending_line(view: View, lang: str) -> str | None:
    """What the decision being taken is about: the moving god, the card awaiting a target."""
    p = view["pending"]
    if not p:
        return None
    t = words(lang)
    cid = p["card"]
    if p["kind"] == "target":
        if p.get("source") is not None:
            src = t("label.source", card=card_name(cid, lang), ability=ability_name(cid, lang))
        else:
            src = card_name(cid, lang)
        return t("screen.pending.target", source=src, effect=t(f"short.{cid}"))
    return t(f"screen.pending.{p['kind']}", card=card_name(cid, lang))


def hand_line(view: View, seat: int | None, lang: str) -> str | None:
    """The viewer's own hand: each god with its health, then the divine powers (what each does
    is in its menu label and in ``info``)."""
    if seat is None:
        return None
    t = words(lang)
    mine = next(h for h in view["hands"] if h["seat"] == seat)
    held = [cards().by_id[cid] for cid in mine["cards"] or []]
    gods = [t("screen.card.god", name=c.label(lang), health=c.health)
            for c in held if isinstance(c, Character)]
    powers = [c.label(lang) for c in held if not isinstance(c, Character)]
    parts = []
    if gods:
        parts.append(t("screen.hand.gods", cards=", ".join(gods)))
    if powers:
        parts.append(t("screen.hand.powers", cards=", ".join(powers)))
    return t("screen.your_hand", cards=" · ".join(parts) or t("screen.empty_hand"))


def box_line(view: View, lang: str) -> str:
    """The rings left in the shared box, by what they stand for."""
    t = words(lang)
    box = view["box"]
    return t("screen.box", red=box["red"], black=box["black"], green=box["green"],
             grey=box["grey"], orange=box["orange"], white=box["white"])


def result_line(view: View, lang: str) -> str | None:
    """How the game ended, from the view's result."""
    res = view.get("result")
    if not res:
        return None
    t = words(lang)
    key = f"event.game_over.{res['reason']}"
    if not res["winners"]:
        return t(key)
    sides = view["sides"]
    w = 0 if res["winners"][0] in sides[0]["seats"] else 1
    return t(key, winner=pantheon_name(sides[w]["pantheon"], lang),
             loser=pantheon_name(sides[1 - w]["pantheon"], lang),
             base=base_name(sides[1 - w]["pantheon"], lang))


def focused(view: View) -> bool:
    """True while a hex is being chosen for an ability or a power: the menu may list most of
    the Heavens, so the screen shows the map, the key and the turn alone."""
    p = view["pending"]
    if not p or p["kind"] != "target":
        return False
    c = cards().by_id[p["card"]]
    target = c.ability.target if isinstance(c, Character) else c.target
    return target in HEX_TARGETS


def _below(view: View, seat: int | None, lang: str) -> Iterator[str]:
    lines: tuple[str | None, ...]
    if focused(view):
        lines = (turn_line(view, lang), pending_line(view, lang))
    else:
        lines = (things_line(view, lang), turn_line(view, lang), pending_line(view, lang),
                 result_line(view, lang), hand_line(view, seat, lang), box_line(view, lang))
    for line in lines:
        if line is not None:
            yield line


class Screen:
    """The map with its key, the pantheons, the turn and the viewer's hand; the key goes
    beside the map when the console is wide enough, else below it."""

    def __init__(self, view: View, seat: int | None, lang: str) -> None:
        self.view, self.seat, self.lang = view, seat, lang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, lang = self.view, self.lang
        width = options.max_width
        the_map = map_lines(view, lang)
        t = words(lang)
        sides = side_lines(view, self.seat, lang)
        crowded = focused(view)
        if width >= WIDE:
            side_width = width - MAP_WIDTH - GAP
            units = [] if crowded else unit_lines(view, lang, side_width, True)
            right = [t("screen.key.1"), t("screen.key.2"), *sides, *units]
            grid = Table.grid(padding=(0, GAP, 0, 0))
            grid.add_column(no_wrap=True, width=MAP_WIDTH)
            grid.add_column(width=side_width)
            grid.add_row(Text("\n".join(the_map)), Text("\n".join(right)))
            yield grid
        else:
            yield Text("\n".join(the_map))
            units = [] if crowded else unit_lines(view, lang, width, False)
            for line in (t("screen.key"), *(() if crowded else sides), *units):
                yield Text(line)
        for line in _below(view, self.seat, lang):
            yield Text(line)


def render(view: View, seat: int | None, lang: str = "en") -> Screen:
    """The map and key, both pantheons, the turn and token track and the viewer's own hand."""
    return Screen(view, seat, lang)
