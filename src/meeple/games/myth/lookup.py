"""Every card, hero, quest and tile of Myth as a player looks it up: its name, what kind of
thing it is, what it does in words, its numbers and where they come from (docs/words.md).

The rules texts are in the game's catalogues (``text.<effect>``, ``brief.<effect>``), written
in our own words; names and numbers come from the content files.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.content import load_section

from .content import ITEM_EFFECTS, PKG, Event, Monster, load
from .names import card_name, cost, hero_name, res, sides_of, tr

if TYPE_CHECKING:
    from meeple.core import Game


def card_fields(cid: str, lang: str) -> dict[str, Any]:
    """The numbers a card's texts name, in words where they count something."""
    t = tr(lang)
    c = load().cards[cid]
    if c.monster:
        return {"attack": c.attack, "damage": t.count("life", c.damage), "defence": c.defence,
                "hit": c.damage,
                "experience": res(c.experience, lang)}
    return {"value": c.value, "value2": c.value2, "target": c.target, "bonus": c.dwarf_bonus,
            "hero": hero_name(c.hero, lang) if c.hero else "",
            "side": t(f"side.{c.direction}") if c.direction else "",
            "res": res(c.value, lang), "res2": res(c.value2, lang),
            "life": t.count("life", c.value), "cards": t.count("cards", c.value),
            "turns": t.count("turns", c.value)}


def brief(cid: str, lang: str) -> str:
    """What a card does, in a few words (for menus and the hand)."""
    c = load().cards[cid]
    return tr(lang)(f"brief.{'monster' if c.monster else c.effect}", **card_fields(cid, lang))


def rules_text(cid: str, lang: str) -> str:
    """What a card does, in full."""
    c = load().cards[cid]
    key = ("monster.first" if c.first_attack else "monster") if c.monster else c.effect
    return tr(lang)(f"text.{key}", **card_fields(cid, lang))


def timing(cid: str, lang: str) -> str:
    """When a card resolves among the others: first (2), in the middle (3), last (1)."""
    c = load().cards[cid]
    key = ("timing.first", "timing.mid", "timing.last")[c.rank[0]]
    return tr(lang)(key, n=c.rank[1])


def _levels(values: tuple[int, int, int]) -> str:
    return " / ".join(map(str, values))


def _heroes(lang: str) -> dict[str, dict[str, Any]]:
    t = tr(lang)
    out = {}
    for h in load().heroes.values():
        text = [t("text.hero")]
        if h.area:
            text.append(t("text.hero.area"))
        if h.heal:
            text.append(t("text.hero.heal", heal=t.count("life", h.heal)))
        if h.weapon:
            text.append(t("text.hero.weapon", weapon=card_name(h.weapon, lang)))
        nums: dict[str, Any] = {
            t("num.life_by_level"): _levels(h.life),
            t("num.attack_by_level"): _levels(h.attack),
            t("num.defence_by_level"): _levels(h.defence),
            t("num.attacks_by_level"): _levels(h.attacks)}
        if h.heal:
            nums[t("num.heal")] = h.heal
        out[h.id] = {"name": h.label(lang), "kind": t("kind.hero"), "text": " ".join(text),
                     "numbers": nums, "source": h.source}
    return out


def _monsters(lang: str) -> dict[str, dict[str, Any]]:
    t = tr(lang)
    out = {}
    for m in load_section(PKG, "monsters.toml", "monster", Monster):
        nums = {t("num.cost"): cost(m.cost, lang), t("num.attack"): m.attack,
                t("num.damage"): t.count("life", m.damage), t("num.defence"): m.defence,
                t("num.experience"): res(m.experience, lang),
                t("num.first"): t("yes" if m.first_attack else "no"),
                t("num.copies"): m.copies}
        out[m.id] = {"name": m.label(lang), "kind": t("kind.monster"),
                     "text": rules_text(m.id, lang), "numbers": nums, "source": m.source,
                     "brief": brief(m.id, lang), "cost": m.cost, "monster": True,
                     "attack": m.attack, "defence": m.defence, "damage": m.damage}
    return out


def _events(lang: str) -> dict[str, dict[str, Any]]:
    t = tr(lang)
    out = {}
    for e in load_section(PKG, "events.toml", "event", Event):
        nums: dict[str, Any] = {t("num.cost"): cost(e.cost, lang),
                                t("num.timing"): timing(e.id, lang)}
        if e.value:
            nums[t("num.value")] = e.value
        if e.value_two_players:
            nums[t("num.value2")] = e.value_two_players
        if e.target:
            nums[t("num.target")] = e.target
        if e.dwarf_bonus:
            nums[t("num.dwarf_bonus")] = e.dwarf_bonus
        nums[t("num.copies")] = e.copies
        kind = "kind.item" if e.effect in ITEM_EFFECTS else "kind.event"
        out[e.id] = {"name": e.label(lang), "kind": t(kind), "text": rules_text(e.id, lang),
                     "numbers": nums, "source": e.source, "brief": brief(e.id, lang),
                     "cost": e.cost}
    return out


def _quests(lang: str) -> dict[str, dict[str, Any]]:
    t = tr(lang)
    out = {}
    for q in load().quests.values():
        if q.kind == "kill":
            text = t("text.quest.kill", count=q.count, monster=card_name(q.monster, lang))
        else:
            text = t("text.quest.carry", item=card_name(q.item, lang))
        nums = {t("num.count"): q.count} if q.kind == "kill" else {}
        nums[t("num.copies")] = q.copies
        out[q.id] = {"name": q.label(lang), "kind": t("kind.quest"), "text": text,
                     "numbers": nums, "source": q.source,
                     "goal": q.monster if q.kind == "kill" else q.item, "count": q.count}
    return out


def _tiles(lang: str) -> dict[str, dict[str, Any]]:
    t = tr(lang)
    out = {}
    c = load()
    for tile in c.tiles.values():
        mask = c.tile_mask[tile.id]
        sides = sides_of(mask, lang)
        text = t("text.tile.start") if tile.start else t("text.tile", sides=sides)
        nums: dict[str, Any] = {t("num.passages"): sides}
        if not tile.start:
            nums[t("num.copies")] = tile.copies
        out[tile.id] = {"name": tile.label(lang), "kind": t("kind.tile"), "text": text,
                        "numbers": nums, "source": tile.source, "passages": mask}
    return out


def catalogue(game: Game[Any], lang: str = "en") -> dict[str, dict[str, Any]]:
    """Every hero, monster, event card, quest and dungeon tile by id, in ``lang``; cards also
    with their ``brief`` (a few words for the hand) and base ``cost``, monsters marked
    ``monster``, quests with their ``goal`` (a monster to kill or an item to carry) and
    ``count``, tiles with their ``passages`` (the mask), for the drawn board."""
    out: dict[str, dict[str, Any]] = {}
    for part in (_heroes, _monsters, _events, _quests, _tiles):
        out.update(part(lang))
    return out
