"""Every thing of High in the Heavens by its id, in words: cards, pantheons, rings, the map.

The content files hold names and numbers; the rules texts of the cards and rings, in both
languages, are in the game's catalogues (``locale/<lang>.po``: ``text.<id>`` the whole text,
``short.<id>`` the few words a menu or the map key has room for). Nothing here runs in the
rules' hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from meeple.content import localized
from meeple.i18n import Texts, texts

from .content import Character, Power, layouts, map_info, pantheons, rings

if TYPE_CHECKING:
    from .game import Heavens

PKG = "meeple.games.heavens"


def words(lang: str) -> Texts:
    """The game's catalogue in ``lang`` over the shared one."""
    return texts(PKG, lang)


@dataclass(frozen=True)
class Cards:
    """Every card of every pantheon by id, and the pantheon each belongs to."""

    by_id: dict[str, Character | Power]
    pantheon_of: dict[str, str]  # card id -> pantheon id


_CARDS: dict[int, Cards] = {}


def cards() -> Cards:
    """The card index of the content in use (rebuilt when another content folder is in use)."""
    every = pantheons()
    found = _CARDS.get(id(every))
    if found is None:
        by_id: dict[str, Character | Power] = {}
        owner: dict[str, str] = {}
        for pid, (_, chars, powers) in every.items():
            for ch in chars:
                by_id[ch.id] = ch
            for pw in powers:
                by_id[pw.id] = pw
            owner.update((c.id, pid) for c in (*chars, *powers))
        found = Cards(by_id, owner)
        _CARDS.clear()
        _CARDS[id(every)] = found
    return found


def card_name(cid: str, lang: str) -> str:
    """A card's name in ``lang`` from its id."""
    return cards().by_id[cid].label(lang)


def ability_name(cid: str, lang: str) -> str:
    """The name of a character's special ability in ``lang``."""
    c = cards().by_id[cid]
    assert isinstance(c, Character)
    ab = c.ability
    return localized(ab, "name", lang)


def pantheon_name(pid: str, lang: str) -> str:
    """A pantheon's name in ``lang``."""
    return pantheons()[pid][0].label(lang)


def base_name(pid: str, lang: str) -> str:
    """The name of a pantheon's base in ``lang``."""
    return localized(pantheons()[pid][0], "base_name", lang)


def base_id(pid: str) -> str:
    """The catalogue id of a pantheon's base (HVN-18): ``greek_base``."""
    return f"{pid}_base"


def stats(c: Character, lang: str) -> str:
    """A character card's numbers in words: health, move, range, melee and ranged power."""
    return words(lang)("card.stats", health=c.health, move=c.move, range=c.range,
                       melee=c.melee, ranged=c.ranged)


def _character(c: Character, pid: str, t: Texts, lang: str) -> dict[str, Any]:
    ab = c.ability
    text = t("card.character", title=localized(c, "title", lang),
             pantheon=pantheon_name(pid, lang), stats=stats(c, lang),
             ability=localized(ab, "name", lang),
             cost=t.count("n.tokens", ab.cost), text=t(f"text.{c.id}"))
    return {"name": c.label(lang), "kind": t("kind.character"), "text": text,
            "numbers": {t("number.health"): c.health, t("number.move"): c.move,
                        t("number.range"): c.range, t("number.melee"): c.melee,
                        t("number.ranged"): c.ranged, t("number.ability_cost"): ab.cost},
            "source": c.source}


def _power(p: Power, pid: str, t: Texts, lang: str) -> dict[str, Any]:
    text = t("card.power", pantheon=pantheon_name(pid, lang), cost=t.count("n.tokens", p.cost),
             text=t(f"text.{p.id}"))
    return {"name": p.label(lang), "kind": t("kind.power"), "text": text,
            "numbers": {t("number.cost"): p.cost}, "source": p.source}


def _pantheon_entries(t: Texts, lang: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for pid, (info, chars, powers) in pantheons().items():
        out[info.id] = {
            "name": info.label(lang), "kind": t("kind.pantheon"),
            "text": t("text.pantheon", base=base_name(pid, lang),
                      characters=", ".join(c.label(lang) for c in chars),
                      powers=", ".join(p.label(lang) for p in powers)),
            "numbers": {t("number.characters"): len(chars), t("number.powers"): len(powers)},
            "source": info.source}
        out[base_id(pid)] = {
            "name": base_name(pid, lang), "kind": t("kind.base"),
            "text": t("text.base", pantheon=info.label(lang)), "numbers": {},
            "source": info.source}
        for c in chars:
            out[c.id] = _character(c, pid, t, lang)
        for p in powers:
            out[p.id] = _power(p, pid, t, lang)
    return out


def catalogue(game: Heavens, lang: str = "en") -> dict[str, dict[str, Any]]:
    """Every card, pantheon and its base, ring colour, the map and the base layouts, in
    ``lang``."""
    t = words(lang)
    out = _pantheon_entries(t, lang)
    for r in rings():
        out[r.id] = {"name": r.label(lang), "kind": t("kind.ring"), "text": t(f"text.{r.id}"),
                     "numbers": {t("number.in_box"): r.count}, "source": r.source}
    info = map_info()
    out[info.id] = {"name": info.label(lang), "kind": t("kind.map"),
                    "text": t("text.map", central=", ".join(info.central)),
                    "numbers": {t("number.columns"): 2 * info.radius + 1,
                                t("number.centre"): info.centre_length},
                    "source": info.source}
    for lay in layouts():
        out[lay.id] = {"name": lay.label(lang), "kind": t("kind.layout"),
                       "text": t("text.layout", base_a=lay.base_a, base_b=lay.base_b,
                                 summon_a=", ".join(lay.summon_a),
                                 summon_b=", ".join(lay.summon_b)),
                       "numbers": {}, "source": lay.source}
    return out
