"""Trading between dwarves (CAT-20): an offer composed element by element, proposed, then
accepted or declined by the partner out of turn. The offer interrupts whichever step of the
turn was open (it stays in ``st.step``), which is taken up again once the offer is over."""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from .backpack import HALVES, add_item, coins, take_item
from .decisions import Answer, Offer
from .verbs import COIN_STEPS

if TYPE_CHECKING:
    from .state import CatacombsState


#: CAT-20: each coin step of an offer in half coins, in ``COIN_STEPS`` order (increasing, so
#: that the steps a purse affords are the first ones).
STEP_HALVES = tuple(HALVES * k for k in COIN_STEPS)
assert list(STEP_HALVES) == sorted(STEP_HALVES)


#: Lists of composing actions kept per game before its store is emptied.
KEPT = 4096


def composing(st: CatacombsState, offer: Offer) -> list[Action]:
    """What the dwarf may add to its offer: only what both sides hold now, then propose.

    They depend only on the offer and both sides' goods and coins, so they are kept per game
    by those: a search composes the same offers again and again."""
    s, p = offer.seat, offer.partner
    key = (s, p, offer.give, offer.ask, offer.give_money, offer.ask_money,
           tuple(st.pack[s]), tuple(st.pack[p]), st.money[s], st.money[p])
    store = st.game.offer_memo
    known = store.get(key)
    if known is None:
        if len(store) >= KEPT:
            store.clear()
        known = store[key] = tuple(_composing(st, offer))
    return list(known)


def _composing(st: CatacombsState, offer: Offer) -> list[Action]:
    A = st.game.actions
    s, p = offer.seat, offer.partner
    pack_s, pack_p = st.pack[s], st.pack[p]
    given, asked = offer.give, offer.ask
    if not pack_s:
        out: list[Action] = []
    elif given:
        out = [A.give[i] for i in sorted(set(pack_s)) if pack_s.count(i) > given.count(i)]
    else:
        out = list(map(A.give.__getitem__, sorted(set(pack_s))))
    if pack_p:
        if asked:
            out += [A.ask[i] for i in sorted(set(pack_p)) if pack_p.count(i) > asked.count(i)]
        else:
            out += map(A.ask.__getitem__, sorted(set(pack_p)))
    out += A.give_coins[:bisect_right(STEP_HALVES, st.money[s] - offer.give_money)]
    out += A.ask_coins[:bisect_right(STEP_HALVES, st.money[p] - offer.ask_money)]
    if given or asked or offer.give_money or offer.ask_money:  # not empty
        out.append(A.propose)
    out.append(A.cancel)
    return out


#: Each field's setter of an :class:`Offer`, in its fields' order (its seat's is the base's).
_SETS = tuple(getattr(Offer, f).__set__
              for f in ("seat", "partner", "give", "ask", "give_money", "ask_money"))


def _offer(seat: int, partner: int, give: tuple[int, ...], ask: tuple[int, ...],
           give_money: int, ask_money: int) -> Offer:
    """``Offer(seat, partner, give, ask, give_money, ask_money)``, its slots set straight: the
    same object, without the frozen dataclass's ``object.__setattr__`` for each field (a search
    composes offers at most of its steps)."""
    o = object.__new__(Offer)
    set_seat, set_partner, set_give, set_ask, set_give_money, set_ask_money = _SETS
    set_seat(o, seat)
    set_partner(o, partner)
    set_give(o, give)
    set_ask(o, ask)
    set_give_money(o, give_money)
    set_ask_money(o, ask_money)
    return o


def open_offer(st: CatacombsState, partner: int) -> None:
    """Opening an offer uses one of the turn's offers."""
    st.offers += 1
    st.decisions.append(_offer(st.active, partner, (), (), 0, 0))


def _top(st: CatacombsState) -> Offer:
    offer = st.decisions[-1]
    assert isinstance(offer, Offer)
    return offer


def give(st: CatacombsState, item: int) -> None:
    """An item of the composer's into the offer."""
    offer = _top(st)
    st.decisions[-1] = _offer(offer.seat, offer.partner, (*offer.give, item), offer.ask,
                              offer.give_money, offer.ask_money)


def ask(st: CatacombsState, item: int) -> None:
    """An item of the partner's asked for."""
    offer = _top(st)
    st.decisions[-1] = _offer(offer.seat, offer.partner, offer.give, (*offer.ask, item),
                              offer.give_money, offer.ask_money)


def give_coins(st: CatacombsState, coins: int) -> None:
    """Coins of the composer's into the offer."""
    offer = _top(st)
    st.decisions[-1] = _offer(offer.seat, offer.partner, offer.give, offer.ask,
                              offer.give_money + HALVES * coins, offer.ask_money)


def ask_coins(st: CatacombsState, coins: int) -> None:
    """Coins of the partner's asked for."""
    offer = _top(st)
    st.decisions[-1] = _offer(offer.seat, offer.partner, offer.give, offer.ask,
                              offer.give_money, offer.ask_money + HALVES * coins)


def propose(st: CatacombsState) -> None:
    """The partner answers, out of turn."""
    offer = _top(st)
    st.decisions[-1] = Answer(seat=offer.partner, offer=offer)
    st.to_act = offer.partner
    st._emit("offer", seat=offer.seat, partner=offer.partner, **terms(st, offer))


def cancel(st: CatacombsState) -> None:
    """The offer is dropped; the turn goes on."""
    st.decisions.pop()


def accept(st: CatacombsState) -> None:
    """Items and coins change hands; the offering dwarf's turn goes on."""
    offer = _answered(st)
    s, p = offer.seat, offer.partner
    for i in offer.give:
        take_item(st, s, i)
        add_item(st, p, i)
    for i in offer.ask:
        take_item(st, p, i)
        add_item(st, s, i)
    st.money[s] += offer.ask_money - offer.give_money
    st.money[p] += offer.give_money - offer.ask_money
    st._emit("trade_accepted", seat=p, partner=s)


def decline(st: CatacombsState) -> None:
    """Nothing changes hands; the offering dwarf's turn goes on."""
    offer = _answered(st)
    st._emit("trade_declined", seat=offer.partner, partner=offer.seat)


def _answered(st: CatacombsState) -> Offer:
    answer = st.decisions.pop()
    assert isinstance(answer, Answer)
    st.to_act = answer.offer.seat
    return answer.offer


def terms(st: CatacombsState, offer: Offer) -> dict[str, Any]:
    """An offer's terms by item ids, money in coins."""
    items = st.game.content.items
    return {"give": [items[i].id for i in offer.give], "ask": [items[i].id for i in offer.ask],
            "give_money": coins(offer.give_money), "ask_money": coins(offer.ask_money)}
