"""The actions of the seat to act (``legal``) and what each verb sets off (``RULES``).

With a decision on the stack the actions answer it; otherwise they are the phase's own: the spin
(phase 1), the free actions (phase 4), the weapon and the hits (phase 5). Every action is one of
the game's universe, built once per game and looked up in ``Offers`` by the rules' own numbers
(a card, an adventurer, a colour, coins), so listing them makes no verbs and writes no text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from meeple.core import Action, Dispatch

from . import (
    auction,
    cards,
    death,
    effects,
    free_actions,
    hit,
    locations,
    phases,
    shield,
    weapons,
    wheel,
)
from .decisions import (
    BuyLocation,
    CentrePick,
    ChooseAdventurer,
    ChooseColour,
    GrabHitDecision,
    KeepWeapon,
    RepairWeapon,
    ShieldCheck,
)
from .free_actions import AT, ON_ARMOUR, SELF, Aim
from .params import MAX_LOCATIONS
from .verbs import (
    Accept,
    AdventurerId,
    Attach,
    Attack,
    Bid,
    Block,
    Buy,
    CardId,
    Cast,
    Choose,
    Decline,
    Discard,
    Done,
    Draw,
    Hit,
    Keep,
    Repair,
    Spin,
    Take,
    UseAbility,
    Visit,
)

if TYPE_CHECKING:
    from .game import GrabHit
    from .state import GrabHitState

#: A kind of pending decision, answered by an action.
D = TypeVar("D", bound=GrabHitDecision)

class Offers:
    """Every action the rules may offer, built once per game from its universe and looked up by
    the rules' own numbers: a card (any copy of it), an adventurer, a colour, a service, coins.
    """

    def __init__(self, game: GrabHit) -> None:
        c = game.content
        copies: dict[int, list[int]] = {}
        for k, first in enumerate(c.first):
            copies.setdefault(first, []).append(k)
        self.copies = copies
        self.choose: dict[int, Action] = {}
        self.hit: dict[int, Action] = {}
        self.draw: dict[int, Action] = {}
        self.keep: dict[int, Action] = {}
        self.repair: dict[int, Action] = {}
        self.attack: dict[int, Action] = {}
        self.buy: dict[int, Action] = {}
        self.decline: dict[int, Action] = {}
        self.discard: dict[int, Action] = {}
        self.block: dict[int, Action] = {}
        self.take: dict[int, Action] = {}
        self.attach: dict[int, dict[int, Action]] = {}
        self.bid: dict[int, dict[int, Action]] = {}
        self.visit: dict[int, Action] = {}
        self.visit_card: dict[int, dict[int, Action]] = {}
        self.cast: dict[int, Action] = {}
        self.cast_at: dict[int, dict[int, Action]] = {}
        self.cast_on: dict[int, dict[int, Action]] = {}
        self.ability_at: dict[int, Action] = {}
        self.ability_on: dict[int, Action] = {}
        for a in game.action_universe():
            _file(self, a)
        #: Each lot's bids as a run: (the lowest bid, the bids from it up, one per coin), so
        #: the legal bids are a slice.
        self.bid_runs: dict[int, tuple[int, list[Action]]] = {}
        for card, table in self.bid.items():
            first = min(table)
            self.bid_runs[card] = (first, [table[v] for v in range(first, max(table) + 1)])
        u = game.action
        self.spin, self.done, self.accept = u(Spin()), u(Done()), u(Accept())
        self.fists = u(Attack(None))
        self.ability, self.ability_armour = u(UseAbility()), u(UseAbility(armour=True))

    def each(self, table: dict[int, Action], card: int, a: Action) -> None:
        """File ``a`` under every copy of ``card``."""
        for k in self.copies[card]:
            table[k] = a

    def under(self, tables: dict[int, dict[int, Action]], card: int) -> dict[int, Action]:
        """The table of ``card``'s actions, shared by its copies."""
        table = tables.get(card)
        if table is None:
            table = {}
            for k in self.copies[card]:
                tables[k] = table
        return table


def _file(offers: Offers, a: Action) -> None:
    """File an action of the universe in the table the rules look it up in."""
    v = a[1]
    o = offers
    if isinstance(v, Choose):
        o.choose[v.adventurer] = a
    elif isinstance(v, Hit):
        o.hit[v.target] = a
    elif isinstance(v, Draw):
        o.draw[v.colour] = a
    elif isinstance(v, Keep):
        o.each(o.keep, v.weapon, a)
    elif isinstance(v, Repair):
        o.each(o.repair, v.weapon, a)
    elif isinstance(v, Attack) and v.weapon is not None:
        o.each(o.attack, v.weapon, a)
    elif isinstance(v, Buy):
        o.each(o.buy, v.location, a)
    elif isinstance(v, Decline):
        o.each(o.decline, v.location, a)
    elif isinstance(v, Discard):
        o.each(o.discard, v.location, a)
    elif isinstance(v, Block):
        o.each(o.block, v.shield, a)
    elif isinstance(v, Take):
        o.each(o.take, v.card, a)
    elif isinstance(v, Attach):
        o.each(o.under(o.attach, v.blueprint), v.weapon, a)
    elif isinstance(v, Bid):
        o.under(o.bid, v.location)[v.coins] = a
    elif isinstance(v, Visit):
        if v.card is None:
            o.visit[v.service] = a
        else:
            o.each(o.visit_card.setdefault(v.service, {}), v.card, a)
    elif isinstance(v, Cast):
        _file_cast(o, v, a)
    elif isinstance(v, UseAbility):
        if v.target is not None:
            o.ability_at[v.target] = a
        elif v.weapon is not None:
            o.each(o.ability_on, v.weapon, a)


def _file_cast(o: Offers, v: Cast, a: Action) -> None:
    if v.target is not None:
        table = o.under(o.cast_at, v.card)
        table[v.target] = a
    elif v.weapon is not None:
        o.each(o.under(o.cast_on, v.card), v.weapon, a)
    else:
        o.each(o.cast, v.card, a)


def legal(st: GrabHitState) -> list[Action]:
    """The actions of the seat to act: answers to the top decision, else the phase's own."""
    if st.decisions:
        return _answers(st, st.decisions[-1])
    s = st.active
    if st.phase == "spin":
        return [st.game.offers.spin]
    if st.phase == "free":
        return _free(st, s)
    return _attack(st, s)


def _answers(st: GrabHitState, top: GrabHitDecision) -> list[Action]:
    """The answers to the decision on top of the stack."""
    s, offers = top.seat, st.game.offers
    if isinstance(top, ChooseAdventurer):
        taken = {st.adventurer[t] for t in range(st.players) if t != s}
        return [a for i, a in offers.choose.items() if i not in taken]
    if isinstance(top, ChooseColour):
        return [offers.draw[c] for c in top.colours if cards.can_draw(st, c)] or [offers.done]
    if isinstance(top, KeepWeapon):
        return [offers.keep[top.new], offers.keep[top.old]]
    if isinstance(top, BuyLocation):
        out = []
        if st.gold[s] >= cards.location(st, top.card).price:
            out.append(offers.buy[top.card])
        out.append(offers.decline[top.card])
        return out
    if isinstance(top, RepairWeapon):
        return [offers.repair[c] for c in cards.worn(st, s)]
    if isinstance(top, ShieldCheck):
        return [offers.block[c] for c in shield.shields_against(st, s, top.tag)] + [offers.accept]
    return list(dict.fromkeys(offers.take[c] for c in sorted(st.centre)))  # CentrePick


def _free(st: GrabHitState, s: int) -> list[Action]:
    """GAH-42: the free actions of phase 4 (from limbo, only the witch's shop)."""
    offers = st.game.offers
    out: list[Action] = []
    restricted = "free" in st.lost
    hand = st.hand[s]
    if not restricted:
        if hand:
            out += dict.fromkeys(offers.attach[b][w] for b, w in weapons.attachable(st, s))
        if st.lots:
            gold = st.gold[s]
            for card, low in auction.bids(st, s):
                first, run = offers.bid_runs[card]
                if gold >= low:
                    out += run[low - first:gold + 1 - first]
    for i, card in locations.services(st, s, restricted):
        out.append(offers.visit[i] if card == locations.NO_CARD else offers.visit_card[i][card])
    if not restricted:
        if hand:
            out += dict.fromkeys(_spell(st, card, aim)
                                 for card, aim in free_actions.spells(st, s))
        if not st.ability_used:
            out += [_ability(st, aim) for aim in free_actions.abilities(st, s)]
    if len(st.locations[s]) > MAX_LOCATIONS:  # GAH-21
        out += [offers.discard[c] for c in st.locations[s]]
    else:
        out.append(offers.done)
    return out


def _spell(st: GrabHitState, card: int, aim: Aim) -> Action:
    kind, x = aim
    offers = st.game.offers
    if kind == SELF:
        return offers.cast[card]
    if kind == AT:
        return offers.cast_at[card][_adventurer(st, x)]
    return offers.cast_on[card][x]


def _ability(st: GrabHitState, aim: Aim) -> Action:
    kind, x = aim
    offers = st.game.offers
    if kind == SELF:
        return offers.ability
    if kind == AT:
        return offers.ability_at[_adventurer(st, x)]
    if kind == ON_ARMOUR:
        return offers.ability_armour
    return offers.ability_on[x]


def _adventurer(st: GrabHitState, seat: int) -> AdventurerId:
    a = st.adventurer[seat]
    assert a is not None
    return AdventurerId(a)


def _attack(st: GrabHitState, s: int) -> list[Action]:
    """GAH-46, GAH-47, GAH-55: pick a weapon, then hit; the first hit is compulsory."""
    offers = st.game.offers
    if st.attack_weapon is None:
        return [offers.attack[h[0]] for h in st.weapons[s]] + [offers.fists]
    table, adventurer = offers.hit, st.adventurer
    out = [table[adventurer[t]] for t in hit.attackable(st, s)]  # type: ignore[index]
    if st.hits_made:
        out.append(offers.done)
    return out


# ---------------------------------------------------------------- what each verb sets off

#: The rules of each verb: ``RULES(state, verb)``, for the seat to act; ``phases.advance`` then
#: runs every automatic step after it.
RULES: Dispatch[GrabHitState, None] = Dispatch("Grab and Hit's rules")


def _seat(st: GrabHitState, adventurer: int) -> int:
    """The seat of an adventurer (each is taken by one seat at most)."""
    return st.adventurer.index(adventurer)


def _answer(st: GrabHitState, kind: type[D]) -> D:
    """Take the decision being answered off the stack."""
    top = st.decisions.pop()
    assert isinstance(top, kind)
    return top


@RULES.on(Choose)
def _choose(st: GrabHitState, verb: Choose) -> None:
    top = _answer(st, ChooseAdventurer)
    phases.choose(st, top.seat, verb.adventurer)


@RULES.on(Spin)
def _spin(st: GrabHitState, verb: Spin) -> None:
    wheel.phase1(st, st.active)


@RULES.on(Draw)
def _draw(st: GrabHitState, verb: Draw) -> None:
    top = _answer(st, ChooseColour)
    effects.draw(st, top.seat, verb.colour)


@RULES.on(Done)
def _done(st: GrabHitState, verb: Done) -> None:
    if st.decisions:
        _answer(st, ChooseColour)  # a colour choice with every deck empty
    elif st.phase == "free":
        st.phase = "hit"
    else:
        hit.stop(st)


@RULES.on(Keep)
def _keep(st: GrabHitState, verb: Keep) -> None:
    top = _answer(st, KeepWeapon)
    weapons.keep(st, top.seat, verb.weapon, top.new, top.old)


@RULES.on(Buy)
def _buy(st: GrabHitState, verb: Buy) -> None:
    top = _answer(st, BuyLocation)
    locations.buy(st, top.seat, top.card)


@RULES.on(Decline)
def _decline(st: GrabHitState, verb: Decline) -> None:
    top = _answer(st, BuyLocation)
    auction.open_lot(st, top.seat, top.card)


@RULES.on(Repair)
def _repair(st: GrabHitState, verb: Repair) -> None:
    top = _answer(st, RepairWeapon)
    weapons.repair(st, top.seat, verb.weapon, top.amount)


@RULES.on(Block)
def _block(st: GrabHitState, verb: Block) -> None:
    top = _answer(st, ShieldCheck)
    shield.block(st, top.seat, cards.copy_of(st, st.scrolls[top.seat], verb.shield), top.aimed())


@RULES.on(Accept)
def _accept(st: GrabHitState, verb: Accept) -> None:
    top = _answer(st, ShieldCheck)
    effects.resolve(st, top.seat, top.aimed())


@RULES.on(Take)
def _take(st: GrabHitState, verb: Take) -> None:
    top = _answer(st, CentrePick)
    death.take(st, top.seat, cards.copy_of(st, sorted(st.centre), verb.card))


@RULES.on(Attach)
def _attach(st: GrabHitState, verb: Attach) -> None:
    s = st.active
    weapons.attach(st, s, cards.copy_of(st, st.hand[s], verb.blueprint), verb.weapon)


@RULES.on(Bid)
def _bid(st: GrabHitState, verb: Bid) -> None:
    auction.bid(st, st.active, verb.location, verb.coins)


@RULES.on(Visit)
def _visit(st: GrabHitState, verb: Visit) -> None:
    s = st.active
    card = verb.card
    if card is not None and st.game.content.services[verb.service].kind == "lift_curse":
        card = CardId(cards.copy_of(st, st.scrolls[s], card))
    locations.visit(st, s, verb.service)
    effects.serve(st, s, verb.service, card)


@RULES.on(Cast)
def _cast(st: GrabHitState, verb: Cast) -> None:
    s = st.active
    card = cards.copy_of(st, sorted(st.hand[s]), verb.card)
    target = None if verb.target is None else _seat(st, verb.target)
    aimed = free_actions.cast(st, s, card, target)
    if target is not None and aimed is not None:
        effects.aim(st, target, aimed)
    else:
        sc = cards.scroll(st, card)
        effects.on_self(st, s, sc.effect, sc.amount, verb.weapon)


@RULES.on(UseAbility)
def _use_ability(st: GrabHitState, verb: UseAbility) -> None:
    s = st.active
    if not free_actions.try_ability(st, s):
        return
    if verb.target is not None:
        effects.aim(st, _seat(st, verb.target), free_actions.ability_effect(st, s))
    else:
        a = free_actions.adventurer(st, s)
        effects.on_self(st, s, a.ability, a.amount, verb.weapon)


@RULES.on(Discard)
def _discard(st: GrabHitState, verb: Discard) -> None:
    locations.discard(st, st.active, verb.location)


@RULES.on(Attack)
def _attack_with(st: GrabHitState, verb: Attack) -> None:
    hit.choose_weapon(st, st.active, cards.FISTS if verb.weapon is None else verb.weapon)


@RULES.on(Hit)
def _hit(st: GrabHitState, verb: Hit) -> None:
    s, target = st.active, _seat(st, verb.target)
    weapon = st.attack_weapon
    damage, pierce = hit.strike(st, s, target)
    if weapon != cards.FISTS and weapon is not None and weapons.wear(st, s, weapon, 1):
        hit.stop(st)  # GAH-52: a broken weapon hits no more
    death.damage(st, target, damage, pierce, s)
