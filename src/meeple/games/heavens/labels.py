"""Actions of High in the Heavens as their taker reads them: what each does, to whom, where.

A label is read from the action's verb (an action that arrives as text alone, from a log, is
read through the notation first), so a logged action reads as a legal one did; the taker's
view, when given, adds what depends on the position (an attack's damage, the god being moved,
the rings lying on a hex).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from meeple.core import Action, Dispatch, IllegalAction, Verb
from meeple.i18n import Texts

from .attack import MIN_RANGED
from .content import Character, Effect, Power
from .lookup import ability_name, base_name, card_name, cards, words
from .verbs import (
    Acquire,
    Attack,
    AttackArchitecture,
    AttackBase,
    AttackTrap,
    Confirm,
    Discard,
    Done,
    EndActions,
    Move,
    Play,
    Step,
    Stop,
    Summon,
    Take,
    TargetCharacter,
    TargetHex,
    UseAbility,
)

if TYPE_CHECKING:
    from .game import Heavens
    from .view import UnitView, View

#: Verbs that spend an action token (HVN-31): summon, attack, move, acquire, ability, divine
#: power.
COSTLY = frozenset((Summon, Attack, AttackBase, AttackTrap, AttackArchitecture, Move, Acquire,
                    UseAbility, Play))


@dataclass(frozen=True, slots=True)
class Reading:
    """What a label is read with: the game, the language and the taker's view, if known."""

    game: Heavens
    lang: str
    t: Texts
    view: View | None

    def card(self, c: int) -> str:
        """Card ``c`` (an index of the game's card table) by its name in the language."""
        return card_name(self.game.ids[c], self.lang)

    def hex(self, h: int) -> str:
        return self.game.board.labels[h]


#: The label of each verb: ``LABELS(reading, verb)``.
LABELS: Dispatch[Reading, str] = Dispatch("High in the Heavens' labels")


def verb_of(game: Heavens, action: Action) -> Verb | None:
    """The action's verb; read from its text when it came without one (a logged action)."""
    verb = action[1]
    if isinstance(verb, Verb):
        return verb
    try:
        return game.parse_verb(action[0])
    except IllegalAction:
        return None


def costs(game: Heavens, action: Action, view: Mapping[str, Any] | None = None) -> bool:
    """Whether the action spends an action token (a target chosen for Descent from Olympus
    is a summon too, but its token was paid when the power was played)."""
    pending = view is not None and cast("View", view)["pending"]
    return type(verb_of(game, action)) in COSTLY and not pending


def label(game: Heavens, action: Action, lang: str = "en",
          view: Mapping[str, Any] | None = None) -> str:
    """The action in ``lang``, with what it does and, given the taker's view, to what effect."""
    verb = verb_of(game, action)
    if verb is None:
        return action[0]
    return LABELS(Reading(game, lang, words(lang), cast("View | None", view)), verb)


# ------------------------------------------------------------------ attacks
def _unit(view: View | None, cid: str) -> UnitView | None:
    if view is None:
        return None
    return next((u for u in view["units"] if u["card"] == cid and not u["fallen"]), None)


def _hit(r: Reading, attacker: int, where: str | None, armour: int) -> str:
    """", melee, 3 damage" when the view shows the attacker: what the blow at the hex
    ``where`` does against ``armour``."""
    a = _unit(r.view, r.game.ids[attacker])
    if a is None or where is None:
        return ""
    b = r.game.board
    d = b.dist[b.index[a["hex"]]][b.index[where]]
    melee = d == 1
    g = r.game
    if not melee and not MIN_RANGED <= d <= g.range[attacker]:
        return ""  # out of reach: no blow to tell of
    power = (g.melee[attacker] if melee else g.ranged[attacker]) + a["attack"]
    return r.t("label.hit." + ("melee" if melee else "ranged"),
               damage=r.t.count("n.damage", max(0, power - armour)))


@LABELS.on(Attack)
def _attack(r: Reading, verb: Attack) -> str:
    target = _unit(r.view, r.game.ids[verb.target])
    hit = "" if target is None else _hit(r, verb.card, target["hex"], target["armour"])
    return r.t("label.attack.unit", card=r.card(verb.card), target=r.card(verb.target)) + hit


@LABELS.on(AttackBase)
def _attack_base(r: Reading, verb: AttackBase) -> str:
    g = r.game
    enemy = 1 - g.card_side[verb.card]
    base = base_name(g.pantheon_ids[enemy], r.lang)
    where = r.view["sides"][enemy]["base"] if r.view is not None else None
    return (r.t("label.attack.base", card=r.card(verb.card), base=base)
            + _hit(r, verb.card, where, 0))


def _attack_rings(r: Reading, verb: AttackTrap | AttackArchitecture) -> str:
    """Damage to a trap or architecture: the attack's power, no armour."""
    kind = "trap" if isinstance(verb, AttackTrap) else "architecture"
    where = r.hex(verb.hex)
    return (r.t(f"label.attack.{kind}", card=r.card(verb.card), hex=where)
            + _hit(r, verb.card, where, 0))


LABELS.on(AttackTrap)(_attack_rings)
LABELS.on(AttackArchitecture)(_attack_rings)


# ------------------------------------------------------------------ targets
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
    p = view["pending"] if view is not None else None
    if not p or p["kind"] != "target":
        return None
    c = cards().by_id[p["card"]]
    return p["card"], c, p.get("source") is not None


def _source(r: Reading, cid: str, c: Character | Power, ability: bool) -> str:
    if ability:
        return r.t("label.source", card=c.label(r.lang), ability=ability_name(cid, r.lang))
    return c.label(r.lang)


@LABELS.on(TargetCharacter)
def _target_character(r: Reading, verb: TargetCharacter) -> str:
    pending = _pending(r.view)
    if pending is None:
        return r.t("label.target", target=r.card(verb.card))
    cid, c, ability = pending
    effects = c.ability.effects if isinstance(c, Character) else c.effects
    return r.t("label.target.unit", source=_source(r, cid, c, ability),
               target=r.card(verb.card), effect=effects_words(effects, r.t))


@LABELS.on(TargetHex)
def _target_hex(r: Reading, verb: TargetHex) -> str:
    pending, where = _pending(r.view), r.hex(verb.hex)
    if pending is None:
        return r.t("label.target", target=where)
    _, c, _ = pending
    e = (c.ability.effects if isinstance(c, Character) else c.effects)[0]
    if e.kind == "leap":
        return r.t("label.target.leap", card=c.label(r.lang), hex=where) + _defeats(r, verb.hex)
    if e.kind in ("trap", "build"):
        return r.t(f"label.target.{e.kind}", hex=where, n=e.amount)
    return r.t("label.target.destroy_trap", hex=where)


@LABELS.on(Confirm)
def _confirm(r: Reading, verb: Confirm) -> str:
    pending = _pending(r.view)
    if pending is None:
        return r.t("label.confirm")
    cid, c, ability = pending
    return r.t("label.confirm.card", source=_source(r, cid, c, ability),
               effect=r.t(f"short.{cid}"))


# ------------------------------------------------------------------ cards and hexes
@LABELS.on(Discard)
def _discard(r: Reading, verb: Discard) -> str:
    return r.t("label.discard", card=r.card(verb.card))


@LABELS.on(Move)
def _move(r: Reading, verb: Move) -> str:
    """HVN-34; HVN-43: a god held on the summoning hexes goes no further than they lead."""
    text = r.t.count("label.move", r.game.move[verb.card], card=r.card(verb.card))
    g = r.game
    me = _unit(r.view, g.ids[verb.card])
    if r.view is not None and me is not None:
        side = r.view["sides"][g.card_side[verb.card]]
        if side["held"] and me["hex"] in side["summoning"]:
            text += r.t("label.move.held")
    return text


def _defeats(r: Reading, h: int) -> str:
    """HVN-42: entering a hex where a god lies fallen defeats it, one's own as well: a warning
    for the action that would do it, from the taker's view."""
    if r.view is None:
        return ""
    where = r.hex(h)
    fallen = next((u for u in r.view["units"] if u["hex"] == where and u["fallen"]), None)
    if fallen is None:
        return ""
    seat = r.view["seat"]
    own = seat is not None and fallen["side"] == r.game.side_of[seat]
    return r.t("label.defeat.own" if own else "label.defeat",
               card=card_name(fallen["card"], r.lang))


@LABELS.on(Step)
def _step(r: Reading, verb: Step) -> str:
    return r.t("label.step", hex=r.hex(verb.hex)) + _defeats(r, verb.hex)


@LABELS.on(Play)
def _play(r: Reading, verb: Play) -> str:
    cid = r.game.ids[verb.card]
    return r.t("label.play", card=r.card(verb.card), effect=r.t(f"short.{cid}"))


@LABELS.on(UseAbility)
def _ability(r: Reading, verb: UseAbility) -> str:
    cid = r.game.ids[verb.card]
    return r.t("label.ability", card=r.card(verb.card), ability=ability_name(cid, r.lang),
               effect=r.t(f"short.{cid}"))


@LABELS.on(Summon)
def _summon(r: Reading, verb: Summon) -> str:
    return r.t("label.summon", card=r.card(verb.card), hex=r.hex(verb.hex)) + _defeats(r, verb.hex)


@LABELS.on(Acquire)
def _acquire(r: Reading, verb: Acquire) -> str:
    where = r.hex(verb.hex)
    text = r.t("label.acquire", card=r.card(verb.card), hex=where)
    d = r.view["dropped"].get(where) if r.view is not None else None
    if not d:
        return text
    parts = []
    if d["armour"]:
        parts.append(r.t.count("n.ring.grey", d["armour"]))
    if d["attack"]:
        parts.append(r.t.count("n.ring.orange", d["attack"]))
    return text + r.t("label.dropped", rings=", ".join(parts))


@LABELS.on(Take)
def _take(r: Reading, verb: Take) -> str:
    return r.t(f"label.take.{verb.ring}")


# ------------------------------------------------------------------ words alone
@LABELS.on(EndActions)
def _end(r: Reading, verb: EndActions) -> str:
    left = r.view["tokens"] if r.view is not None else 0
    return r.t.count("label.end.left", left) if left else r.t("label.end")


@LABELS.on(Stop)
def _stop(r: Reading, verb: Stop) -> str:
    p = r.view["pending"] if r.view is not None else None
    if p:
        return r.t("label.stop.card", card=card_name(p["card"], r.lang))
    return r.t("label.stop")


@LABELS.on(Done)
def _done(r: Reading, verb: Done) -> str:
    """Keeping the rest of the hand (cleanup), or taking no more rings."""
    view = r.view
    if view is not None and view["phase"] == "cleanup":
        seat, g = view["seat"], r.game
        return r.t("label.done.cleanup", n=g.hand_size[g.side_of[seat]] if seat is not None
                   else 0)
    p = view["pending"] if view is not None else None
    if p and p["kind"] == "acquire":
        return r.t("label.done.acquire", card=card_name(p["card"], r.lang))
    return r.t("label.done")
