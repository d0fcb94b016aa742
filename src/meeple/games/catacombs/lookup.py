"""Every thing of the catacombs by its name, in English and Russian: ``catalogue(game, lang)``
for ``info NAME``, and the small word helpers the texts, labels and screen share (names of
things, coins, cells, sides). Words come from ``locale/<lang>.po`` and the content files'
``name`` (``name_<lang>`` in another language); nothing here runs in the rules' hot path.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from babel.numbers import format_decimal

from meeple.content import content_files, localized, read_toml
from meeple.i18n import Texts, coins, texts

from .board import DIRS, SIDE_BITS
from .content import DIE_FACES, PKG, Catalog, Item, Monster, catalog
from .events import ARTIFACT_EXPERIENCE, VEIN_EXPERIENCE

if TYPE_CHECKING:
    from .game import Catacombs

#: The seat colours meeple authors (the rulebook's tokens have none named).
COLOURS = 4


def words(lang: str) -> Texts:
    """The game's catalogue of words in ``lang`` (over the shared one)."""
    return texts(PKG, lang)


def money(amount: float, lang: str) -> str:
    """Coins in words; a half coin (CAT-18) is written as a decimal: "137.5 coins"."""
    if amount == int(amount):
        return coins(int(amount), lang)
    return words(lang)("money.half", n=format_decimal(amount, format="0.0", locale=lang))


def number(amount: float, lang: str) -> str:
    """A count of coins as a bare number in ``lang``: "300", "137.5" ("137,5" in Russian)."""
    return format_decimal(amount, format="0.#", locale=lang)


def columns(lang: str) -> str:
    """The letters of the board's columns in ``lang``, west to east."""
    return words(lang)("map.columns")


def cell(xy: list[int] | tuple[int, int], lang: str) -> str:
    """A cell as the board's margins name it: column letter, row number ("B4", "Б4")."""
    return f"{columns(lang)[xy[0]]}{xy[1] + 1}"


def join(parts: list[str], lang: str) -> str:
    """``a, b and c`` in ``lang``; "nothing" for none."""
    t = words(lang)
    if not parts:
        return t("nothing")
    if len(parts) == 1:
        return parts[0]
    return t("and", a=", ".join(parts[:-1]), b=parts[-1])


def sides(mask: int, lang: str) -> str:
    """The open sides of a passage mask: "north, east and south"."""
    t = words(lang)
    return join([t(f"side.{d}") for d, b in zip(DIRS, SIDE_BITS, strict=True) if mask & b],
                 lang)


@functools.cache
def _index(lang: str) -> dict[str, str]:
    """Every content id a view or event names, by its name in ``lang``."""
    content = catalog()
    out = {it.id: localized(it, "name", lang) for it in content.items}
    out.update({m.id: localized(m, "name", lang) for m in content.monsters})
    out.update({t.id: localized(t, "name", lang) for t in content.tiles})
    out.update({c.id: localized(c, "name", lang) for c in content.cauldrons})
    t = words(lang)
    out.update({e.id: t("entrance", name=localized(e, "name", lang))
                for e in content.entrances})
    return out


def name(content_id: str, lang: str) -> str:
    """The name of an item, monster, tile, cauldron or entrance (an entrance as a phrase:
    "north-west entrance")."""
    return _index(lang)[content_id]


def card_thing(label: str, lang: str) -> tuple[str, str, str]:
    """A card label of a view or event (``monster:rat``, ``vein``) as (kind, id, words)."""
    t = words(lang)
    kind, _, ref = label.partition(":")
    if kind == "vein":
        return kind, "", t("kind.vein")
    return kind, ref, t("thing", name=name(ref, lang), kind=t(f"kind.{kind}"))


def need_text(need: int | None, lang: str) -> str:
    """A battle-table entry in words: "4 or more", "a sure win", "cannot win"."""
    t = words(lang)
    if need is None:
        return t("need.never")
    return t("need.sure") if need == 0 else t("need.roll", n=need)


def win_pct(need: int | None, bonus: int = 0) -> int:
    """The chance in percent that one attack roll wins (CAT-52: ``–`` stays hopeless)."""
    if need is None:
        return 0
    if need == 0:
        return 100
    faces = sum(1 for r in range(1, DIE_FACES + 1) if r + bonus >= need)
    return round(100 * faces / DIE_FACES)


def effect(it: Item, lang: str) -> str:
    """What a potion or an artifact does, in words."""
    return words(lang)(f"effect.{it.effect}", n=it.amount)


def weapon_name(content: Catalog, column: int, lang: str) -> str:
    """The name of a battle-table column: a weapon, or the fists."""
    w = content.columns[column]
    return words(lang)("fists") if w is None else name(content.items[w].id, lang)


# ---------------------------------------------------------------- the catalogue
@functools.cache
def sources() -> dict[str, str]:
    """Each content id's provenance as its file says: rulebook or authored."""
    out: dict[str, str] = {}
    for filename in content_files(PKG):
        for entries in read_toml(PKG, filename).values():
            for e in entries if isinstance(entries, list) else []:
                if isinstance(e, dict) and isinstance(e.get("id"), str):
                    out.setdefault(e["id"], str(e.get("source", "authored")))
    return out


def _entry(cid: str, nm: str, kind: str, text: str, numbers: dict[str, Any],
           lang: str) -> tuple[str, dict[str, Any]]:
    t = words(lang)
    return cid, {"name": nm, "kind": t(f"kind.{kind}"), "text": text, "numbers": numbers,
                 "source": sources().get(cid, "authored")}


def _item(game: Catacombs, it: Item, lang: str) -> tuple[str, dict[str, Any]]:
    content, t = game.content, words(lang)
    nm = name(it.id, lang)
    nums: dict[str, Any] = {}
    if it.price:
        nums[t("num.price")] = coins(it.price, lang)
        nums[t("num.price_away")] = money(it.price * content.markup, lang)
    if it.value:
        nums[t("num.value")] = coins(it.value, lang)
        nums[t("num.value_away")] = money(it.value * content.sell_remote, lang)
    if it.kind == "weapon":
        nums[t("num.strength")] = it.strength
        nums[t("num.hands")] = t("hands.two" if it.two_handed else "hands.one")
        text = t("text.weapon", strength=it.strength,
                 two=t("text.two_handed") if it.two_handed else "")
    elif it.kind == "armour":
        nums[t("num.armour")] = it.armour
        nums[t("num.slot")] = t(f"slot.{it.slot}")
        text = t("text.armour", slot=t(f"slot.{it.slot}"), armour=it.armour)
    elif it.kind == "potion":
        recipe = next(ings for p, ings in content.recipes if p == it.index)
        parts = join([name(content.items[i].id, lang) for i in recipe], lang)
        nums[t("num.recipe")] = parts
        text = t("text.potion", effect=effect(it, lang), ingredients=parts)
    elif it.kind == "treasure":
        text = t("text.treasure", coins=coins(it.value, lang))
    elif it.kind == "artifact":
        text = t("text.artifact", effect=effect(it, lang), exp=ARTIFACT_EXPERIENCE)
    else:
        potions = [name(content.items[p].id, lang) for p, ings in content.recipes
                   if it.index in ings]
        text = t("text.ingredient", potions=join(potions, lang))
    return _entry(it.id, nm, it.kind, text, nums, lang)


def _monster(game: Catacombs, m: Monster, lang: str) -> tuple[str, dict[str, Any]]:
    t, content = words(lang), game.content
    nums: dict[str, Any] = {t("num.attack"): m.attack, t("num.exp"): m.experience}
    row = []
    for col, need in enumerate(m.needs):
        nums[weapon_name(content, col, lang)] = need_text(need, lang)
        row.append(t("screen.battle.need", weapon=weapon_name(content, col, lang),
                     need=need_text(need, lang)))
    text = t("text.monster", needs="; ".join(row), health=t.count("health", m.attack))
    return _entry(m.id, name(m.id, lang), "monster", text, nums, lang)


def _board_things(game: Catacombs, lang: str) -> list[tuple[str, dict[str, Any]]]:
    content, t = game.content, words(lang)
    out = []
    for tile in dict.fromkeys(content.tiles):
        n = sum(1 for b in SIDE_BITS if tile.sides & b)
        count = sum(1 for x in content.tiles if x.id == tile.id)
        out.append(_entry(tile.id, localized(tile, "name", lang), "tile",
                          t("text.tile", n=n, sides=sides(tile.sides, lang)),
                          {t("num.count"): count}, lang))
    for c in content.cauldrons:
        out.append(_entry(c.id, localized(c, "name", lang), "cauldron",
                          t("text.cauldron", exp=c.experience),
                          {t("num.brew_exp"): c.experience}, lang))
    for e in content.entrances:
        nm = t("name.entrance", name=localized(e, "name", lang))
        out.append(_entry(e.id, nm[:1].upper() + nm[1:], "entrance", t("text.entrance"), {},
                          lang))
    out.append(_entry("standard", t("name.board"), "board", t("text.board", size=content.size),
                      {t("num.size"): content.size * content.size}, lang))
    price = coins(content.extra_turn_price, lang)
    out.append(_entry("shop", t("name.shop"), "shop", t("text.shop", coins=price), {}, lang))
    out.append(_entry("battle", t("name.table"), "table", t("text.table"), {}, lang))
    return out


def _cards(game: Catacombs, lang: str) -> list[tuple[str, dict[str, Any]]]:
    """The event cards by the id of each kind of card in ``events.toml``."""
    t = words(lang)
    out = []
    for cid, count in _card_counts().items():
        kind, _, ref = cid.partition("-")
        if kind == "vein":
            nm, text = t("kind.vein"), t("text.card.vein", exp=VEIN_EXPERIENCE)
        else:
            thing = t("thing", name=name(ref, lang), kind=t(f"kind.{kind}"))
            nm, text = name(ref, lang), t("text.card", thing=thing)
        nm = t("name.card", name=nm)
        out.append(_entry(cid, nm[:1].upper() + nm[1:], "card", text,
                          {t("num.deck"): t.count("cards", count)}, lang))
    return out


@functools.cache
def _card_counts() -> dict[str, int]:
    data = read_toml(PKG, "events.toml")
    return {str(c["id"]): int(c["count"]) for c in data.get("card", [])}


def _dwarves(game: Catacombs, lang: str) -> list[tuple[str, dict[str, Any]]]:
    t = words(lang)
    return [(f"dwarf-{k}", {"name": t(f"seat.{k}"), "kind": t("kind.dwarf"),
                            "text": t("seat.text"), "numbers": {}, "source": "authored"})
            for k in range(COLOURS)]


def catalogue(game: Catacombs, lang: str = "en") -> dict[str, dict[str, Any]]:
    """Every item, monster, tile, cauldron, event card, entrance and the board, shop and battle
    table, with each seat's dwarf: name, kind, text, numbers and provenance in ``lang``."""
    entries = [_item(game, it, lang) for it in game.content.items]
    entries += [_monster(game, m, lang) for m in game.content.monsters]
    entries += _board_things(game, lang) + _cards(game, lang) + _dwarves(game, lang)
    return dict(entries)
