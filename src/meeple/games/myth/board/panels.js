// Myth's table beside the map: the piles, the drawn tile, the cards on the table face down and
// face up, the battle, the dice, the heroes' cards, the seat's quests and hand. Every card that
// an action touches is its place (places.py); others' hidden cards are backs with counts.

import { backs, fan, hover, label, place, roll, seatIcon, spot, svg } from "/static/js/kit.js";
import { el, t } from "/static/js/texts.js";
import { lanes } from "./map.js";
import { cardName, grouped, heroMark, monsterStats, playCost, price, times } from "./words.js";

const details = (cat, id) => () => (cat[id] ? { title: cat[id].name, lines: [cat[id].kind, cat[id].text] } : null);

function pile(name, count, cls = "") {
  return el("div", { class: `pile ${cls}` }, backs(count, name));
}

// The piles: the event deck (drawing is a click on it), the discard, the dungeon tiles, the
// quest pile, the bank; the last turns once the deck ran out.
export function piles(ctx) {
  const v = ctx.view;
  const deck = pile(t("board.deck"), v.event_deck, "deck");
  spot(deck, place("deck"), ctx, { details: { title: t("board.deck"), lines: [t("board.deck_help")] } });
  const row = el("div", { class: "piles" },
    el("span", { class: "turn" }, t("board.turn", { n: v.turn })), deck,
    pile(t("board.discard"), v.discard), pile(t("board.tiles"), v.tiles_left),
    pile(t("board.quest_pile"), v.quest_pile),
    el("span", { class: "bank" }, t("board.bank", { n: v.bank })));
  if (v.final_turns !== null && v.final_turns !== undefined) {
    row.append(el("strong", { class: "final" }, t("board.final", { n: v.final_turns })));
  }
  return row;
}

// The tile drawn to lay, with its passages as drawn (the chooser turns it); redrawing is a
// click on it.
export function drawnTile(ctx) {
  const v = ctx.view, id = v.drawn_tile;
  if (!id) return null;
  const mask = (ctx.cat[id] || {}).passages || 0;
  const pic = svg("svg", { viewBox: "0 0 100 100", class: "tile-pic", width: 64, height: 64 },
    svg("rect", { x: 2, y: 2, width: 96, height: 96, rx: 6, class: "stone" }), lanes(mask));
  const box = el("div", { class: "drawn" }, pic,
    el("div", {}, el("strong", {}, t("board.drawn", { tile: cardName(ctx.cat, id) })),
      el("p", {}, t("board.turn_it"))));
  return spot(box, place("tile"), ctx, { details: details(ctx.cat, id) });
}

// The cards played face down this round: who played each and what he paid; the seat's own
// face up to him alone (the view gives its card only to him).
export function faceDown(ctx) {
  const v = ctx.view;
  if (!v.table.length) return null;
  return el("div", { class: "face-down" }, el("h4", {}, t("board.face_down", { n: v.table.length })),
    ...v.table.map((e) => {
      const who = e.by < 0 ? t("board.from_deck") : t("board.played_by", { name: ctx.names[e.by], paid: price(e.paid) });
      if (e.card) {
        const mine = el("div", { class: "card-face small mine" }, el("strong", {}, cardName(ctx.cat, e.card)), el("p", {}, who));
        return hover(mine, details(ctx.cat, e.card));
      }
      return el("div", { class: "card-back" }, el("span", { class: "back" }), el("span", {}, who));
    }));
}

// The revealed cards still to resolve, face up; resolving one first is a click on it.
export function pending(ctx) {
  const v = ctx.view;
  if (!v.pending.length) return null;
  return el("div", { class: "pending" }, el("h4", {}, t("board.pending")),
    el("div", { class: "row" }, grouped(v.pending).map(([c, n]) => {
      const card = el("div", { class: "card-face small" }, el("strong", {}, times(cardName(ctx.cat, c), n)),
        el("p", {}, (ctx.cat[c] || {}).brief || ""));
      return spot(card, place("card", "pending", c), ctx, { details: details(ctx.cat, c) });
    })));
}

// The monsters on the cell of the hero whose turn it is: attacked, removed or imprisoned by a
// click on them.
export function battle(ctx) {
  const v = ctx.view, [x, y] = v.heroes[v.active].cell;
  const here = v.enemies.filter((e) => e[0] === x && e[1] === y).flatMap((e) => e[2]);
  if (!here.length) return null;
  return el("div", { class: "battle" }, el("h4", {}, t("board.battle", { x, y })),
    el("div", { class: "row" }, grouped(here).map(([m, n]) => {
      const card = el("div", { class: "card-face small monster" + (m === v.striker ? " striker" : "") },
        el("strong", {}, times(cardName(ctx.cat, m), n)), el("p", {}, monsterStats(ctx.cat, m)));
      return spot(card, place("monster", m), ctx, { details: details(ctx.cat, m) });
    })));
}

// A ten-sided die showing `value` (0–9) as a number: the kit's die draws pips for 1–6, which
// would make a d10 look like a d6 for some faces. Same class, so it tumbles like the kit's.
export function d10(x, y, value, size = 30) {
  const w = size / 2, h = size / 2;
  const pts = [[0, -h], [w, -h * 0.25], [w * 0.62, h], [-w * 0.62, h], [-w, -h * 0.25]];
  // the tumble is a CSS transform, which would replace a transform attribute: it turns an
  // inner group, the outer one holds the place
  return svg("g", { transform: `translate(${x},${y})` }, svg("g", { class: "die d10", "data-value": value },
    svg("polygon", { points: pts.map((p) => p.join(",")).join(" "), class: "d10-face" }),
    label(0, h * 0.18, value, { class: "d10-value", "font-size": size * 0.48 })));
}

// The dice of this turn (two ten-sided dice make a roll of 0 to 99), newest last; the ones the
// page has not shown yet tumble into their values (the engine rolled them).
export function dice(ctx, fresh = []) {
  const turnAt = ctx.snap.events.map((e) => e.type).lastIndexOf("turn");
  const rolls = ctx.snap.events.slice(turnAt + 1).filter((e) => e.type === "roll").slice(-3);
  if (!rolls.length) return null;
  const newOnes = fresh.filter((e) => e.type === "roll").length;
  const box = el("div", { class: "dice" }, el("h4", {}, t("board.dice")));
  rolls.forEach((r, i) => {
    const pic = svg("svg", { viewBox: "0 0 72 36", width: 72, height: 36, class: "dice-pic", "aria-hidden": "true" },
      d10(18, 18, r.tens), d10(54, 18, r.units));
    const line = el("div", { class: "roll" }, pic, el("span", {}, r.text || String(r.value)));
    if (i >= rolls.length - newOnes) for (const d of pic.querySelectorAll(".die")) roll(d);
    box.append(line);
  });
  return box;
}

function chip(ctx, text, key, id) {
  const c = el("span", { class: "chip" }, text);
  return key ? spot(c, key, ctx, { details: details(ctx.cat, id) }) : c;
}

function stat(name, value) {
  return el("span", { class: "stat" }, el("small", {}, name), " ", el("b", {}, String(value)));
}

// A hero's card: his letter and colour, level, life, fighting numbers, resources, items and
// proofs of kills, quests done; others' hands and quests as backs with counts. Deceiving and
// targeting him is a click on it.
export function heroCard(ctx, h) {
  const v = ctx.view, name = ctx.names[h.seat];
  const token = seatIcon(h.seat, 24, { mark: heroMark(h.hero), shape: 0 });
  const head = el("div", { class: "hero-head" }, token, el("strong", {}, name),
    h.seat === v.seat ? el("small", {}, t("board.you")) : null,
    h.seat === v.active && !v.over ? el("small", { class: "now" }, t("board.now")) : null);
  const card = el("div", { class: "hero-card" + (h.alive ? "" : " dead") + (h.seat === v.active ? " current" : "") }, head);
  if (!h.alive) card.append(el("p", {}, t("board.dead")));
  else {
    const life = el("div", { class: "life", role: "img", "aria-label": t("board.life", { life: h.life, max: h.max_life }) },
      el("span", { style: `width:${Math.round(100 * h.life / Math.max(1, h.max_life))}%` }));
    card.append(el("div", { class: "stats" }, stat(t("board.level"), h.level),
      stat(t("board.life_short"), `${h.life}/${h.max_life}`), stat(t("board.attack"), h.attack),
      stat(t("board.defence"), h.defence), stat(t("board.blows"), h.attacks),
      stat(t("board.resources"), h.resources)), life);
  }
  const things = el("div", { class: "chips" },
    h.items.map((i) => chip(ctx, cardName(ctx.cat, i), place("item", h.seat, i), i)),
    grouped(h.trophies).map(([m, n]) => chip(ctx, t("board.proof", { card: times(cardName(ctx.cat, m), n) }), null)),
    h.shown.map((q) => chip(ctx, `✓ ${cardName(ctx.cat, q)}`, null)));
  if (things.childElementCount) card.append(things);
  const flags = [h.dream ? t("board.dream") : "", h.skip ? t("board.skip", { n: h.skip }) : "",
    h.extra ? t("board.extra", { n: h.extra }) : ""].filter(Boolean);
  if (flags.length) card.append(el("p", { class: "flags" }, flags.join(" · ")));
  if (h.seat !== v.seat) card.append(el("div", { class: "hidden" }, backs(h.hand, t("board.cards")), backs(h.quests, t("board.quests"))));
  return spot(card, place("hero", h.seat), ctx, { details: details(ctx.cat, h.hero) });
}

export function heroCards(ctx) {
  return el("div", { class: "heroes" }, ctx.view.heroes.map((h) => heroCard(ctx, h)));
}

// The seat's secret quests, how far each is; showing or swapping one is a click on it.
export function quests(ctx) {
  const v = ctx.view;
  if (!v.quests) return null;
  const me = v.heroes[v.seat];
  return el("div", { class: "quests" }, el("h4", {}, t("board.your_quests")),
    el("div", { class: "row" }, grouped(v.quests.map(([q]) => q)).map(([q, n]) => {
      const ready = v.quests.some(([x, done]) => x === q && done);
      const card = el("div", { class: "card-face small quest" + (ready ? " ready" : "") },
        el("strong", {}, times(cardName(ctx.cat, q), n)),
        el("p", {}, ready ? t("board.ready") : progress(ctx, q, me)));
      return spot(card, place("quest", q), ctx, { details: details(ctx.cat, q) });
    })));
}

// How far a quest is: kills against the count asked, or whether the item is carried.
function progress(ctx, q, me) {
  const { goal, count } = ctx.cat[q] || {};
  if (ctx.cat[goal] && ctx.cat[goal].monster) {
    return t("board.kills", { have: Math.min(count, me.trophies.filter((x) => x === goal).length), need: count });
  }
  return me.items.includes(goal) ? t("board.carried") : t("board.not_carried", { item: cardName(ctx.cat, goal) });
}

// The seat's hand fanned: each card's name, what playing it costs now and what it does;
// playing or discarding it is a click on it.
export function hand(ctx) {
  const v = ctx.view;
  if (!v.hand) return null;
  const cards = grouped(v.hand).map(([c, n]) => ({ key: place("card", "hand", c), name: times(cardName(ctx.cat, c), n),
    cost: price(playCost(ctx, c)), text: (ctx.cat[c] || {}).brief || "", kind: ctx.cat[c] && ctx.cat[c].monster ? "monster" : "event",
    details: details(ctx.cat, c) }));
  const box = el("div", { class: "my-hand" }, el("h4", {}, t("board.your_hand", { n: v.hand.length })));
  box.append(cards.length ? fan(cards, ctx, { title: t("board.your_hand", { n: v.hand.length }) }) : el("p", { class: "quiet" }, t("board.no_cards")));
  return box;
}
