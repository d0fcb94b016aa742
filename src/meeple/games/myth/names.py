"""Names of Myth's things in a player's language: cards, heroes, quests, tiles, cells, sides,
resources; the bottom of the modules that speak (:mod:`.lookup`, :mod:`.labels`,
:mod:`.text`, :mod:`.render`).

Names come from the content files (``localized``), every other word from the game's
catalogues (``locale/<lang>.po``).
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.components.tilegrid import SIDE_NAMES, SIDES
from meeple.content import localized
from meeple.i18n import Texts, texts

from .content import load

PKG = "meeple.games.myth"


def tr(lang: str) -> Texts:
    """Myth's catalogue in ``lang`` over the shared one."""
    return texts(PKG, lang)


def card_name(cid: str, lang: str) -> str:
    """An event or monster card's name."""
    return localized(load().cards[cid], "name", lang)


def hero_name(hid: str, lang: str) -> str:
    """A hero's name, as the rulebook calls the hero card."""
    return load().heroes[hid].label(lang)


def quest_name(qid: str, lang: str) -> str:
    """A quest card's name."""
    return load().quests[qid].label(lang)


def tile_name(tid: str, lang: str) -> str:
    """A dungeon tile's name."""
    return load().tiles[tid].label(lang)


def cell(c: Sequence[int], lang: str) -> str:
    """A cell by its column and row from the Avatara's crossroads: ``1,-2``."""
    return tr(lang)("cell", x=c[0], y=c[1])


def side(bit: int, lang: str) -> str:
    """A side of a tile (or a direction) in words: ``north``."""
    return tr(lang)(f"dir.{SIDE_NAMES[bit]}")


def join(items: Sequence[str], lang: str) -> str:
    """``a, b and c``; one item alone; nothing: ``none``."""
    if not items:
        return tr(lang)("screen.none")
    if len(items) == 1:
        return items[0]
    return tr(lang)("and", a=", ".join(items[:-1]), b=items[-1])


def sides_of(mask: int, lang: str) -> str:
    """The open sides of a tile mask in words: ``north, east and south``."""
    t = tr(lang)
    return join([t(f"side.{SIDE_NAMES[s]}") for s in SIDES if mask & s], lang)


def res(n: int, lang: str) -> str:
    """``n`` resources in words (1 resource, 5 ресурсов)."""
    return tr(lang).count("res", n)


def cost(n: int, lang: str) -> str:
    """A price: ``free`` or ``n resources``."""
    return res(n, lang) if n else tr(lang)("free")


def cause(why: str, lang: str) -> str:
    """What hurt a hero: a card's name, or the Dwarf's charge."""
    return card_name(why, lang) if why in load().cards else tr(lang)("cause.charge")
