"""The map in words for the screen: what lies on a region, what threatens the castle and what
is within reach of the heroes (render's helpers; every word from the catalogue)."""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import TYPE_CHECKING

from .content import load
from .words import amount, cap, creature, hero_phrase, item, place, tr

if TYPE_CHECKING:
    from .view import View
#: Creatures this many arrow steps from the castle or closer are named as a threat.
CASTLE_STEPS = 3
#: Tokens this many steps from a hero or closer are named as within reach.
REACH = 3


@cache
def steps_from(region: int) -> tuple[int, ...]:
    """Steps from ``region`` to every region (heroes go any way, AND-46)."""
    regions = load().regions
    dist = [-1] * len(regions)
    dist[region] = 0
    todo = deque([region])
    while todo:
        r = todo.popleft()
        for n in regions[r].neighbours:
            if dist[n] < 0:
                dist[n] = dist[r] + 1
                todo.append(n)
    return tuple(dist)


@cache
def arrow_steps(region: int) -> int:
    """How many sunrise steps along the arrows a creature on ``region`` is from the castle."""
    return len(load().graph.path_to_goal(region)) - 1


def around(region: int) -> list[tuple[int, bool]]:
    """A region and its neighbours, the region first."""
    return [(region, True), *((n, False) for n in load().regions[region].neighbours)]


def _creature_on(view: View, r: int, lang: str) -> list[str]:
    t = tr(lang)
    return [t("screen.creature", what=creature(cr["kind"], lang), sp=cr["strength"],
              wp=cr["willpower"]) for cr in view["creatures"] if cr["region"] == r]


def _tokens_on(view: View, r: int, lang: str) -> list[str]:
    t = tr(lang)
    out = []
    for fr, tok in view["fog"]:
        if fr == r:
            out.append(t("screen.fog_seen", what=fog_name(tok, lang)) if tok
                       else t("screen.fog"))
    for wr, full in view["wells"]:
        if wr == r:
            out.append(t("screen.well" if full else "screen.well_dry"))
    for gr, items in view["ground"]:
        if gr == r:
            out += [t("screen.lying", what=item(i, lang, "a")) for i in items]
    for fr, n in view["farmers"]:
        if fr == r:
            out.append(t.count("n.farmers", n))
    return out


def _feature_on(view: View, r: int, lang: str) -> list[str]:
    t = tr(lang)
    feature = load().regions[r].feature
    out = []
    if feature in ("merchant", "mine"):
        out.append(t(f"screen.{feature}" if view["market_open"] else "screen.closed_shop"))
    if view["witch"] == r:
        out.append(t("screen.witch"))
    if r in view["blocked"]:
        out.append(t("screen.blocked"))
    return out


def fog_name(token: str, lang: str) -> str:
    """A fog token's name."""
    return next(f for f in load().fog if f.id == token).label(lang)


def region_things(view: View, r: int, lang: str, skip_seat: int = -1) -> str:
    """Everything on region ``r``: creatures, heroes (but one), tokens, shops."""
    heroes = [hero_phrase(h["hero"], lang) for h in view["heroes"]
              if h["region"] == r and h["seat"] != skip_seat]
    things = [*_creature_on(view, r, lang), *heroes, *_tokens_on(view, r, lang),
              *_feature_on(view, r, lang)]
    return tr(lang)("list.sep").join(things)


def near_castle(view: View, lang: str) -> str:
    """Creatures a few sunrises from the castle, the nearest first."""
    t = tr(lang)
    close = sorted((arrow_steps(cr["region"]), cr["region"], cr["kind"])
                   for cr in view["creatures"] if arrow_steps(cr["region"]) <= CASTLE_STEPS
                   and load().creatures[cr["kind"]].moves_as != "immobile")
    return t("list.sep").join(
        t("screen.threat", what=creature(k, lang), at=place(r, "at", lang),
          steps=amount("steps", n, lang)) for n, r, k in close)


def nearby(view: View, lang: str) -> list[str]:
    """Wells with water, fog, farmers, articles and sellers within reach of any hero, past
    the acting hero's own neighbourhood."""
    t = tr(lang)
    seat = view["active"]
    skip: set[int] = set()
    if view["fight"] is None and 0 <= seat < len(view["heroes"]):
        skip = {r for r, _ in around(view["heroes"][seat]["region"])}
    dists = [steps_from(h["region"]) for h in view["heroes"]]

    def reach(r: int) -> bool:
        return r not in skip and min(d[r] for d in dists) <= REACH

    groups = [
        ("screen.near.well", [r for r, full in view["wells"] if full and reach(r)]),
        ("screen.near.fog", [r for r, _ in view["fog"] if reach(r)]),
        ("screen.near.farmers", [r for r, _ in view["farmers"] if reach(r)]),
        ("screen.near.shop", [r for r in sellers(view) if reach(r)]),
    ]
    parts = [t.count(k, len(rs), regions=t("list.sep").join(str(r) for r in rs))
             for k, rs in groups if rs]
    parts += [t("screen.near.item", what=item(i, lang, "a"), region=r)
              for r, items in view["ground"] if reach(r) for i in items]
    return [cap(t("screen.near", items=t("screen.near_sep").join(parts)))] if parts else []


def sellers(view: View) -> list[int]:
    """Where something is sold now: merchants and the mine, and the witch."""
    out = [r.id for r in load().regions if r.feature in ("merchant", "mine")]
    if view["witch"] is not None:
        out.append(view["witch"])
    return sorted(out)
