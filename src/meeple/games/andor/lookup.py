"""Everything in Andor that can be looked up: heroes, creatures, articles, fog tokens, event
cards, the legends and their cards, and the named places of the map, in English or Russian."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.content import localized

from .content import Content, fog_entry, load
from .params import WILLPOWER_MAX
from .words import amount, cap, card_text, hero_phrase, legend_card_text, low, tr

if TYPE_CHECKING:
    from .game import Andor

Entry = dict[str, Any]

#: Willpower bands of the hero board's dice column (AND-42).
BANDS = ((0, 6), (7, 13), (14, WILLPOWER_MAX))


def _entry(name: str, kind: str, text: str, numbers: dict[str, Any], source: str) -> Entry:
    return {"name": name, "kind": kind, "text": text, "numbers": numbers, "source": source}


def _heroes(c: Content, lang: str) -> dict[str, Entry]:
    t = tr(lang)
    out = {}
    for h in c.heroes.values():
        numbers: dict[str, Any] = {t("num.rank"): h.rank}
        for (lo, hi), n in zip(BANDS, h.dice, strict=True):
            numbers[t("num.dice_band", low=lo, high=hi)] = n
        text = t("about.hero", ability=localized(h, "ability", lang))
        out[h.id] = _entry(cap(hero_phrase(h.id, lang)), t("kind.hero"), text, numbers,
                           h.source)
    return out


def _by_heroes(values: tuple[int, ...], lang: str) -> str:
    return tr(lang)("num.by_heroes", values=tr(lang)("list.sep").join(map(str, values)))


def _creatures(c: Content, lang: str) -> dict[str, Entry]:
    t = tr(lang)
    out = {}
    for cr in c.creatures.values():
        dice = t.count(f"n.dice.{cr.colour}", cr.dice)
        if cr.weak_below:
            dice = t("num.weak_dice", dice=dice, below=cr.weak_below,
                     weak=t.count(f"n.dice.{cr.colour}", cr.weak_dice))
        numbers: dict[str, Any] = {
            t("num.strength"): (_by_heroes(cr.strength_by_heroes, lang)
                                if cr.strength_by_heroes else cr.strength),
            t("num.willpower"): (_by_heroes(cr.willpower_by_heroes, lang)
                                 if cr.willpower_by_heroes else cr.willpower),
            t("num.dice"): dice,
            t("num.reward"): t("num.reward_value", n=cr.reward),
            t("num.in_box"): cr.count,
        }
        text = t(f"about.creature.{cr.id}")
        out[cr.id] = _entry(cr.label(lang), t("kind.creature"), text, numbers, cr.source)
    return out


def _articles(c: Content, game: Andor | None, lang: str) -> dict[str, Entry]:
    t = tr(lang)
    b = c.board
    out = {}
    for a in c.articles.values():
        numbers: dict[str, Any] = {t("num.slot"): t(f"slot.{a.slot}"),
                                   t("num.in_box"): a.count}
        if a.witch:  # AND-37
            prices = t("list.sep").join(str(p) for p in b.brew_price_by_heroes)
            numbers[t("num.price")] = t("num.brew_price", prices=prices)
        elif a.sold:
            numbers[t("num.price")] = amount("gold", b.article_price, lang)
        kind = "kind.article" if a.sold else "kind.token"
        out[a.id] = _entry(a.label(lang), t(kind), t(f"about.article.{a.id}", n=a.value), numbers,
                           a.source)
    return out


def _fog(c: Content, lang: str) -> dict[str, Entry]:
    t = tr(lang)
    out = {}
    for f in c.fog:
        out[fog_entry(c, f.id)] = _entry(t("fog.name", name=f.label(lang)), t("kind.fog"),
                          t(f"about.fog.{f.effect}", n=f.amount),
                          {t("num.in_box"): f.count}, f.source)
    return out


def _events(c: Content, lang: str) -> dict[str, Entry]:
    t = tr(lang)
    out = {}
    for e in c.events.values():
        numbers = {t("num.blockable"): t("yes" if e.blockable else "no")}
        out[e.id] = _entry(e.label(lang), t("kind.event"), card_text(e.id, lang), numbers,
                           e.source)
    return out


def _legends(c: Content, legend: str, lang: str) -> dict[str, Entry]:
    t = tr(lang)
    out = {}
    for lid, leg in c.legends.items():
        s = leg.setup
        numbers = {t("num.strength"): s.strength, t("num.willpower"): s.willpower,
                   t("num.gold"): s.gold}
        text = t("about.legend", goals=localized(leg.info, "goal_text", lang),
                 cards=", ".join(sorted(leg.cards)))
        name = t("legend.title", name=localized(leg.info, "name", lang),
                 kind=t(f"legend.kind.{lid}"))  # the kind is the value of option ``legend``
        out[lid] = _entry(name, t("kind.legend"), text, numbers, leg.info.source)
    for letter, card in c.legends[legend].cards.items():
        out[letter] = _entry(t("legendcard.name", letter=letter, name=card.label(lang)),
                             t("kind.legend_card"), legend_card_text(legend, letter, lang),
                             {}, card.source)
    return out


def _places(c: Content, lang: str) -> dict[str, Entry]:
    t = tr(lang)
    out = {}
    for r in c.regions:
        if not r.name:
            continue
        numbers = {t("num.region"): r.id, t("num.terrain"): t(f"terrain.{r.terrain}")}
        out[f"region-{r.id}"] = _entry(r.label(lang), t("kind.place"),
                                       t(f"about.feature.{r.feature}"), numbers, r.source)
    out["farmer"] = _entry(cap(low(t("screen.farmer"))), t("kind.token"), t("about.farmer"),
                           {}, "rulebook")
    return out


def catalogue(game: Andor, lang: str = "en") -> dict[str, Entry]:
    """Every content id (and each named place) with its name, kind, text, numbers and
    source, in ``lang``."""
    c = load()
    out: dict[str, Entry] = {}
    out.update(_heroes(c, lang))
    out.update(_creatures(c, lang))
    out.update(_articles(c, game, lang))
    out.update(_fog(c, lang))
    out.update(_events(c, lang))
    out.update(_legends(c, game.legend.info.id, lang))
    out.update(_places(c, lang))
    return out
