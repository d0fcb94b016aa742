// Grab and Hit's table (docs/boards.md): the wheel of fortune, the three decks ("deck:<colour>",
// where a colour of a mixed sector is drawn), the offer being decided ("offer:<i>": a location
// to buy, or the two weapons to keep one of), the adventurers to choose ("adv:<id>"), the
// auction row ("lot:<i>", bids and shop visits there), the centre ("centre:<i>", a dead
// adventurer's leavings), every seat's mat, and the seat's own cards fanned ("card:hand:<i>").
// Everything is open in this game but the order of the decks (GAH-53), so other hands are
// shown on their mats by name; the decks only by their sizes.

import { fan, freshEvents, label, lines, place, spot, svg, wrap } from "/static/js/kit.js";
import { el, put, t } from "/static/js/texts.js";
import { card, cardHeight, DECK, DECKS, colourName, details, flow, mark } from "./parts.js";
import { mat } from "./mat.js";
import { animate, wheel } from "./wheel.js";

const W = 360;

function nameOf(ctx, thing) {
  return ctx.cat[thing.id] ? ctx.cat[thing.id].name : thing.id;
}

function decks(ctx, y) {
  const v = ctx.view;
  const g = svg("g", { transform: `translate(0,${y})` }, heading(t("board.decks"), 0)[0]);
  DECKS.forEach((c, i) => {
    const n = v.decks[c], gone = v.discards[c].length;
    const x = 8 + i * 116;
    const back = svg("g", { transform: `translate(${x},18)`, class: "deck" },
      svg("rect", { width: 108, height: 58, rx: 8, fill: DECK[c], class: "deck-frame" }),
      svg("rect", { x: 5, y: 5, width: 98, height: 48, rx: 6, fill: "none", stroke: "#fff", "stroke-opacity": 0.6, "stroke-dasharray": "3 3" }),
      label(20, 22, mark(c), { "font-size": 18, "font-weight": 700, fill: "#fff" }),
      label(66, 22, n, { "font-size": 18, "font-weight": 700, fill: "#fff" }),
      label(54, 44, t("board.discarded", { n: gone }), { "font-size": 10, fill: "#fff" }));
    const top = gone ? nameOf(ctx, v.discards[c][gone - 1]) : null;
    const d = { title: t("board.deck", { colour: colourName(c), n }), lines: [t("board.discarded", { n: gone }), top ? t("board.discard_top", { name: top }) : null] };
    g.append(spot(back, place("deck", c), ctx, { details: d }));
  });
  return [g, 84];
}

// A heading in up to two lines: its nodes and the height below it.
function heading(text, y) {
  const rows = wrap(text, 52, 2);
  return [lines(8, y + 8, rows, 11, { "text-anchor": "start", class: "small heading" }), 18 + (rows.length - 1) * 13];
}

// A row of cards under a heading: each [key, name, colour, small lines, details].
function cardRow(ctx, title, items, y, { w = 112, h = cardHeight(1) } = {}) {
  const [words, top] = heading(title, 0);
  const g = svg("g", { transform: `translate(0,${y})` }, words);
  const lay = flow(items.map(() => w), W - 16, { row: h + 6 });
  items.forEach(([key, name, colour, small, d, cls], i) => {
    const node = card(8 + lay.at[i][0], top + lay.at[i][1], w, h, { name, colour, small, cls });
    g.append(key ? spot(node, key, ctx, { details: d }) : node);
  });
  return [g, top + lay.height];
}

function offer(ctx, y) {
  const p = ctx.view.pending;
  if (!p || !(p.card || p.cards)) return null;
  const cards = p.cards || [p.card];
  const title = t(p.kind === "keep" ? "board.offer.keep" : "board.offer.buy", { name: ctx.names[p.seat] });
  return cardRow(ctx, title, cards.map((c, i) => {
    const e = ctx.cat[c.id];
    const small = e ? Object.entries(e.numbers).slice(0, 3).map(([k, x]) => `${k}: ${x}`) : [];
    return [place("offer", i), nameOf(ctx, c), c.kind === "location" ? "green" : "blue", small, details(ctx.cat, c.id), "offer"];
  }), y, { w: 168, h: cardHeight(3) });
}

function adventurers(ctx, y) {
  const p = ctx.view.pending;
  if (!p || !p.adventurers) return null;
  const owner = new Map(ctx.view.players_info.filter((x) => x.adventurer).map((x) => [x.adventurer, x.seat]));
  return cardRow(ctx, t("board.choose", { name: ctx.names[p.seat] }), p.adventurers.map((id) => {
    const e = ctx.cat[id];
    const s = owner.get(id);
    const small = s === undefined ? Object.values(e.numbers).slice(0, 2).map((x, i) => `${Object.keys(e.numbers)[i]}: ${x}`) : [t("board.taken", { name: ctx.names[s] })];
    return [place("adv", id), e.name, null, small, details(ctx.cat, id), s === undefined ? "adv" : "adv taken"];
  }), y, { w: 112, h: cardHeight(2) });
}

function auction(ctx, y) {
  const v = ctx.view;
  if (!v.auction.length) return null;
  return cardRow(ctx, t("board.auction"), v.auction.map((lot, i) => {
    const bid = lot.bidder === null ? t("board.no_bid", { n: lot.opening }) : t("board.bid", { n: lot.bid, name: ctx.names[lot.bidder] });
    const small = [t("board.opened_by", { name: ctx.names[lot.opened_by] }), bid];
    return [place("lot", i), nameOf(ctx, lot), "green", small, details(ctx.cat, lot.id, small), "lot"];
  }), y, { w: 168, h: cardHeight(2) });
}

function centre(ctx, y) {
  const v = ctx.view;
  if (!v.centre.length) return null;
  return cardRow(ctx, t("board.centre"), v.centre.map((c, i) =>
    [place("centre", i), nameOf(ctx, c), c.kind === "location" ? "green" : (c.kind === "weapon" || c.kind === "blueprint") ? "blue" : "red",
      [ctx.cat[c.id] ? ctx.cat[c.id].kind : ""], details(ctx.cat, c.id), "centre"]), y);
}

function now(ctx) {
  const v = ctx.view;
  if (v.phase === "start") return t("board.setting_up", { goal: v.gold_target });
  const phase = v.phase === "free" && v.step === "limbo" ? "free.limbo" : v.phase;
  return t("board.now", { round: v.round, name: ctx.names[v.active], phase: t(`board.phase.${phase}`), goal: v.gold_target });
}

// The middle of the table: decks, the offer, the adventurers, the auction and the centre.
export function table(ctx) {
  const root = svg("svg", { class: "board-svg gah-table", role: "group", "aria-label": t("board.table") });
  const parts = [];
  let y = 4;
  for (const part of [decks, offer, adventurers, auction, centre]) {
    const made = part(ctx, y);
    if (!made) continue;
    parts.push(made[0]);
    y += made[1] + 8;
  }
  root.append(...parts);
  root.setAttribute("viewBox", `0 0 ${W} ${y}`);
  return root;
}

// The seat's own cards, fanned with name, kind and text; a card that can be played is a place.
function hand(ctx) {
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const me = ctx.view.players_info[ctx.seat];
  const cards = me.hand.map((c, i) => ({ key: place("card", i), name: nameOf(ctx, c),
    cost: ctx.cat[c.id] ? ctx.cat[c.id].kind : "", text: ctx.cat[c.id] ? ctx.cat[c.id].text : "", kind: `gah-${c.kind}` }));
  return el("section", { class: "gah-hand" }, el("h4", {}, t("board.your_cards", { n: cards.length })),
    cards.length ? fan(cards, ctx, { title: t("board.your_cards", { n: cards.length }) }) : null);
}

export function board(ctx) {
  const v = ctx.view;
  const order = v.players_info.map((p) => p.seat);
  if (ctx.seat !== null && ctx.seat !== undefined) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  return el("div", { class: "gah" },
    el("p", { class: "gah-now" }, now(ctx)),
    el("div", { class: "gah-top" }, el("div", { class: "gah-wheel-box" }, wheel(ctx)),
      el("div", { class: "gah-table-box" }, table(ctx))),
    hand(ctx),
    el("div", { class: "gah-mats" }, order.map((s) => mat(v.players_info[s], ctx))));
}

export function draw(box, ctx) {
  const fresh = freshEvents(ctx.snap);
  const root = board(ctx);
  put(box, root);
  animate(root, ctx, fresh);
}
