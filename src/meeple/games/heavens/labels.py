"""Actions of High in the Heavens as their taker reads them: what each does, to whom, where.

A label is read from the action's text (the wire format of records), never from its data, so
a logged action reads as a legal one did; the taker's view, when given, adds what depends on
the position (an attack's damage, the god being moved, the rings lying on a hex).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.i18n import Texts

from .board import board
from .content import Character, Effect, Power
from .lookup import ability_name, base_name, card_name, cards, name_of, words

if TYPE_CHECKING:
    from meeple.core import Action

    from .game import Heavens

View = Mapping[str, Any]
HEX = re.compile(r"[a-k]\d{1,2}")
#: Action kinds that spend an action token (HVN-31): summon, attack, move, acquire, ability,
#: divine power.
COSTLY = frozenset(("summon", "attack", "move", "acquire", "ability", "play"))


def costs(game: Heavens, action: Action, view: View | None = None) -> bool:
    """Whether the action spends an action token (a target chosen for Descent from Olympus
    reads "summon" too, but its token was paid when the power was played)."""
    kind = action[0].split(" ", 1)[0]
    return kind in COSTLY and not (view is not None and view.get("pending"))


def _unit(view: View | None, cid: str) -> dict[str, Any] | None:
    if view is None:
        return None
    return next((u for u in view.get("units", ()) if u["card"] == cid and not u["fallen"]),
                None)


def _enemy_base(game: Heavens, cid: str, lang: str) -> str:
    mine = cards().pantheon_of.get(cid)
    pids = game.pantheon_ids
    return base_name(pids[1] if mine == pids[0] else pids[0], lang)


def _hit(t: Texts, view: View | None, attacker: str, target: str | None) -> str:
    """", melee, 3 damage" when the view shows both ends of an attack."""
    a = _unit(view, attacker)
    if a is None or view is None:
        return ""
    c = cards().by_id[attacker]
    assert isinstance(c, Character)
    b = board(view["layout"])
    if target is None:  # the base: the enemy side's base hex
        side = 1 - a["side"]
        where = view["sides"][side]["base"]
        armour = 0
    else:
        u = _unit(view, target)
        if u is None:
            return ""
        where, armour = u["hex"], u["armour"]
    melee = b.dist[b.index[a["hex"]]][b.index[where]] == 1
    power = (c.melee if melee else c.ranged) + a["attack"]
    return t("label.hit." + ("melee" if melee else "ranged"),
             damage=t.count("n.damage", max(0, power - armour)))


def _attack(game: Heavens, rest: str, t: Texts, lang: str, view: View | None) -> str:
    what, _, who = rest.rpartition(" with ")
    cid = cards().by_name.get(who, "")
    card = name_of(who, lang)
    if what == "base":
        text = t("label.attack.base", card=card, base=_enemy_base(game, cid, lang))
        return text + _hit(t, view, cid, None)
    kind, _, where = what.partition(" ")
    if kind in ("trap", "architecture") and HEX.fullmatch(where):
        return t(f"label.attack.{kind}", card=card, hex=where) + _plain_hit(t, view, cid,
                                                                             where)
    target = cards().by_name.get(what, "")
    return (t("label.attack.unit", card=card, target=name_of(what, lang))
            + _hit(t, view, cid, target))


def _plain_hit(t: Texts, view: View | None, cid: str, where: str) -> str:
    """Damage to a trap or architecture: the attack's power, no armour."""
    a = _unit(view, cid)
    if a is None or view is None:
        return ""
    c = cards().by_id[cid]
    assert isinstance(c, Character)
    b = board(view["layout"])
    melee = b.dist[b.index[a["hex"]]][b.index[where]] == 1
    power = (c.melee if melee else c.ranged) + a["attack"]
    return t("label.hit." + ("melee" if melee else "ranged"), damage=t.count("n.damage", power))


def effects_words(effects: tuple[Effect, ...], t: Texts) -> str:
    """What the steps of an ability or power do to one character, in a few words."""
    parts = []
    for e in effects:
        if e.kind == "damage":
            key = "fx.damage.pierce" if e.pierce else "fx.damage"
            parts.append(t(key, n=e.amount) + (t("fx.radius") if e.radius else ""))
        elif e.kind in ("heal", "poison", "armour", "attack"):
            parts.append(t(f"fx.{e.kind}", n=e.amount))
        elif e.kind in ("stun", "cure"):
            parts.append(t(f"fx.{e.kind}"))
    return ", ".join(parts)


def _pending(view: View | None) -> tuple[str, Character | Power, bool] | None:
    """The card whose ability (True) or power (False) waits for a target, from the view."""
    p = view.get("pending") if view is not None else None
    if not p or p.get("kind") != "target":
        return None
    c = cards().by_id[p["card"]]
    return p["card"], c, p.get("source") is not None


def _source(cid: str, c: Character | Power, ability: bool, lang: str, t: Texts) -> str:
    if ability:
        return t("label.source", card=c.label(lang), ability=ability_name(cid, lang))
    return c.label(lang)


def _target(what: str, t: Texts, lang: str, view: View | None) -> str:
    pending = _pending(view)
    if pending is None:
        shown = what if HEX.fullmatch(what) else name_of(what, lang)
        return t("label.target", target=shown)
    cid, c, ability = pending
    effects = c.ability.effects if isinstance(c, Character) else c.effects
    src = _source(cid, c, ability, lang, t)
    if not HEX.fullmatch(what):
        return t("label.target.unit", source=src, target=name_of(what, lang),
                 effect=effects_words(effects, t))
    e = effects[0]
    if e.kind == "leap":
        return t("label.target.leap", card=c.label(lang), hex=what)
    if e.kind in ("trap", "build"):
        return t(f"label.target.{e.kind}", hex=what, n=e.amount)
    return t("label.target.destroy_trap", hex=what)


def _simple(kind: str, rest: str, t: Texts, lang: str, view: View | None) -> str | None:
    """Labels of actions that name one card or one hex."""
    if kind == "discard":
        return t("label.discard", card=name_of(rest, lang))
    if kind == "move":
        c = cards().by_id.get(cards().by_name.get(rest, ""))
        n = c.move if isinstance(c, Character) else 0
        return t.count("label.move", n, card=name_of(rest, lang))
    if kind == "step":
        return t("label.step", hex=rest)
    if kind == "play":
        cid = cards().by_name.get(rest, "")
        return t("label.play", card=name_of(rest, lang), effect=t(f"short.{cid}"))
    if kind == "ability":
        who = rest.partition(":")[0]
        cid = cards().by_name.get(who, "")
        return t("label.ability", card=name_of(who, lang), ability=ability_name(cid, lang),
                 effect=t(f"short.{cid}"))
    if kind == "summon":
        who, _, where = rest.rpartition(" at ")
        return t("label.summon", card=name_of(who, lang), hex=where)
    if kind == "acquire":
        where, _, who = rest.partition(" with ")
        return t("label.acquire", card=name_of(who, lang), hex=where) + _dropped(t, view, where)
    if kind == "take":
        return t(f"label.take.{rest}")
    if kind == "target":
        return _target(rest, t, lang, view)
    return None


def _dropped(t: Texts, view: View | None, where: str) -> str:
    d = view.get("dropped", {}).get(where) if view is not None else None
    if not d:
        return ""
    return t("label.dropped", rings=_bonus(t, d["armour"], d["attack"]))


def _bonus(t: Texts, armour: int, attack: int) -> str:
    parts = []
    if armour:
        parts.append(t.count("n.ring.grey", armour))
    if attack:
        parts.append(t.count("n.ring.orange", attack))
    return ", ".join(parts)


def _word(text: str, t: Texts, lang: str, game: Heavens, view: View | None) -> str:
    """Labels of the one-word decisions: end actions, done, stop, confirm."""
    if text == "end actions":
        left = view.get("tokens", 0) if view is not None else 0
        return t.count("label.end.left", left) if left else t("label.end")
    pending = _pending(view)
    if text == "confirm":
        if pending is None:
            return t("label.confirm")
        cid, c, ability = pending
        return t("label.confirm.card", source=_source(cid, c, ability, lang, t),
                 effect=t(f"short.{cid}"))
    p = view.get("pending") if view is not None else None
    if text == "stop":
        return t("label.stop.card", card=card_name(p["card"], lang)) if p else t("label.stop")
    if view is not None and view.get("phase") == "cleanup":
        seat = view.get("seat")
        size = game.hand_size[game.side_of[seat]] if seat is not None else 0
        return t("label.done.cleanup", n=size)
    if p and p.get("kind") == "acquire":
        return t("label.done.acquire", card=card_name(p["card"], lang))
    return t("label.done")


def label(game: Heavens, action: Action | tuple[str, ...], lang: str = "en",
          view: View | None = None) -> str:
    """The action in ``lang``, with what it does and, given the taker's view, to what effect."""
    t = words(lang)
    text = action[0]
    if text in ("end actions", "done", "stop", "confirm"):
        return _word(text, t, lang, game, view)
    kind, _, rest = text.partition(" ")
    if kind == "attack":
        return _attack(game, rest, t, lang, view)
    found = _simple(kind, rest, t, lang, view)
    return found if found is not None else text
