// The catacombs' table around the map: the walk's die and the last fight, the tiles to build
// with, an offer being made, each dwarf's sheet (stats, worn things, backpack, purse) and the
// shop. Things that an action happens on are places: a click there acts.

import { actionLines, backs, die, hover, place, roll, spot, svg } from "/static/js/kit.js";
import { el, t } from "/static/js/texts.js";
import { coins, kindIcon, tilePaths, tokenIcon } from "./glyphs.js";

const SLOTS = ["head", "body", "right_hand", "left_hand", "feet"];
const STATS = ["health", "strength", "armour"];

function entry(ctx, id) {
  return ctx.cat[id] || { name: "", text: "", kind: "", numbers: {} };
}

function itemDetails(ctx, id, key) {
  const e = entry(ctx, id);
  const nums = Object.entries(e.numbers || {}).map(([k, v]) => `${k}: ${v}`);
  return { title: e.name, lines: [e.kind, e.text, ...nums, ...(key ? actionLines(ctx, key) : [])] };
}

// A thing as a small card: its kind's picture, its name, a note (a price, a count).
function thing(ctx, id, key, note = "") {
  const node = el("div", { class: `thing ${ctx.view.kinds[id] || ""}` },
    kindIcon(ctx.view.kinds[id] || "", 18), el("span", { class: "name" }, entry(ctx, id).name),
    note ? el("span", { class: "note" }, note) : null);
  return spot(node, key, ctx, { details: () => itemDetails(ctx, id, key) });
}

// ---------------------------------------------------------------- the turn: die and fight
function dieNode(ctx) {
  const v = ctx.view;
  const shown = v.last_roll || (v.walk_left === null && v.step === "walk" ? "∞" : "?");
  const box = svg("svg", { class: "cat-die", viewBox: "0 0 64 64", width: 64, height: 64 });
  const g = die(32, 32, shown, { size: 46 });
  box.append(spot(g, place("die"), ctx, { details: () => ({ title: t("board.die"),
    lines: [t("board.die_text"), ...actionLines(ctx, place("die"))] }) }));
  return { box, die: g };
}

// The newest attack of this turn, told in words (the engine's event), with its die.
export function lastFight(snap) {
  const evs = snap.events || [];
  for (let k = evs.length - 1; k >= 0; k--) {
    if (evs[k].type === "turn") return null;
    if (evs[k].type === "attack") return evs[k];
  }
  return null;
}

export function turnPanel(ctx, fresh) {
  const v = ctx.view;
  // Once the game is over nobody's turn is told, only that it is over.
  const who = v.phase !== "setup" && !v.over ? ctx.names[v.active] : null;
  const head = v.over ? t("board.over") : who ? t("board.turn", { name: who }) : t("board.setup");
  const rows = [el("p", { class: "turn" }, head)];
  rows.push(el("p", {}, t("board.veins", { n: v.veins_found, total: v.veins_to_end })));
  const { box, die: g } = dieNode(ctx);
  const walk = v.step === "walk"
    ? (v.walk_left === null ? t("board.walk_any") : t("board.walk_left", { n: v.walk_left })) : "";
  rows.push(el("div", { class: "die-row" }, box, el("span", {}, t("board.die"), walk ? el("br") : null, walk)));
  const fight = lastFight(ctx.snap);
  let fightDie = null;
  if (fight) {
    const fbox = svg("svg", { class: "cat-die", viewBox: "0 0 64 64", width: 48, height: 48 });
    fightDie = die(32, 32, fight.roll || (fight.win ? "✓" : "✗"), { size: 46, ink: fight.win ? "#17603a" : "#8a1c10" });
    fbox.append(fightDie);
    rows.push(el("div", { class: `fight ${fight.win ? "won" : "lost"}`, role: "status" }, fbox,
      el("span", {}, fight.text || "")));
  }
  for (const e of fresh) {
    if (e.type === "roll" && e.purpose === "walk") roll(g);
    if (e.type === "attack" && fightDie && e.roll) roll(fightDie);
  }
  return el("section", { class: "cat-panel turn-panel" }, ...rows);
}

// ---------------------------------------------------------------- tiles
function tileCard(ctx, id, key, note) {
  const mask = ctx.view.tile_shapes[id] || 15;
  const pic = svg("svg", { viewBox: "0 0 40 40", width: 40, height: 40, class: "tile-pic", "aria-hidden": "true" },
    svg("rect", { x: 0, y: 0, width: 40, height: 40, class: "ground" }), tilePaths(mask, 0, 0, 40));
  const node = el("div", { class: "tile-card" }, pic, el("span", {}, entry(ctx, id).name), note ? el("small", {}, note) : null);
  if (!key) return hover(node, () => itemDetails(ctx, id, null));
  return spot(node, key, ctx, { details: () => itemDetails(ctx, id, key) });
}

export function tilesPanel(ctx) {
  const v = ctx.view;
  const pile = spot(el("div", { class: "tile-card pile" }, backs(v.tile_pile, t("board.pile"))), place("pile"), ctx,
    { details: () => ({ title: t("board.pile"), lines: [t("board.pile_text", { n: v.tile_pile }),
      ...actionLines(ctx, place("pile"))] }) });
  const counts = new Map();
  for (const id of v.face_up_tiles) counts.set(id, (counts.get(id) || 0) + 1);
  const up = [...counts].map(([id, n]) => tileCard(ctx, id, place("tile", id), n > 1 ? `×${n}` : ""));
  const held = v.held_tile ? el("div", { class: "held" }, el("h4", {}, t("board.held")), tileCard(ctx, v.held_tile, null, "")) : null;
  return el("section", { class: "cat-panel tiles-panel" }, el("h3", {}, t("board.tiles")),
    el("div", { class: "tile-row" }, pile, ...up), up.length ? null : el("p", { class: "quiet" }, t("board.no_face_up")), held);
}

// ---------------------------------------------------------------- an offer
export function tradePanel(ctx) {
  const tr = ctx.view.trade;
  if (!tr) return null;
  const list = (ids, money) => {
    const parts = ids.map((id) => entry(ctx, id).name);
    if (money) parts.push(coins(money));
    return parts.length ? parts.join(", ") : t("board.nothing");
  };
  return el("section", { class: "cat-panel trade-panel", role: "status" },
    el("h3", {}, t("board.trade", { from: ctx.names[tr.from] || "", to: ctx.names[tr.to] || "" })),
    el("p", {}, t("board.trade_give", { things: list(tr.give, tr.give_money) })),
    el("p", {}, t("board.trade_ask", { things: list(tr.ask, tr.ask_money) })));
}

// ---------------------------------------------------------------- a dwarf's sheet
function statChip(ctx, seat, name, value) {
  const key = place("stat", seat, name);
  const node = el("span", { class: `stat ${name}` }, el("small", {}, t(`board.stat.${name}`)), el("b", {}, String(value)));
  return spot(node, key, ctx, { details: () => ({ title: t(`board.stat.${name}`),
    lines: [t(`board.stat_text.${name}`), ...actionLines(ctx, key)] }) });
}

function slotCell(ctx, d, slot) {
  const id = d.screen[slot], key = place("slot", d.seat, slot);
  const node = el("div", { class: `slot${id ? "" : " empty"}` }, el("small", {}, t(`board.slot.${slot}`)),
    id ? kindIcon(ctx.view.kinds[id], 16) : null, el("span", {}, id ? entry(ctx, id).name : "—"));
  return spot(node, key, ctx, { details: id ? () => itemDetails(ctx, id, key) : { title: t(`board.slot.${slot}`), lines: [t("board.slot_empty")] } });
}

export function sheet(ctx, d) {
  const v = ctx.view, mine = d.seat === ctx.seat;
  const head = spot(el("h3", { class: "who" }, tokenIcon(d.seat, 24, { dead: !d.alive }),
    el("span", {}, ctx.names[d.seat] || ""), mine ? el("small", {}, t("board.you")) : null,
    d.alive ? null : el("small", { class: "fallen" }, t("board.fallen"))), place("seat", d.seat), ctx);
  const stats = el("div", { class: "stats" },
    ...STATS.map((s) => statChip(ctx, d.seat, s, d[s])),
    el("span", { class: "stat" }, el("small", {}, t("board.stat.experience")), el("b", {}, String(d.experience))),
    el("span", { class: "stat" }, el("small", {}, t("board.stat.kills")), el("b", {}, String(d.kills))));
  const purse = spot(el("div", { class: "purse" }, kindIcon("treasure", 16), el("span", {}, coins(d.money))), place("coins", d.seat), ctx,
    { details: () => ({ title: t("board.purse"), lines: [coins(d.money), ...actionLines(ctx, place("coins", d.seat))] }) });
  const counts = new Map();
  for (const id of d.backpack) counts.set(id, (counts.get(id) || 0) + 1);
  const pack = [...counts].map(([id, n]) => thing(ctx, id, place("item", d.seat, id), n > 1 ? `×${n}` : ""));
  const cls = `cat-panel sheet seat-${d.seat % 4}${mine ? " mine" : ""}${v.phase !== "setup" && d.seat === v.active ? " acting" : ""}${d.alive ? "" : " dead"}`;
  return el("section", { class: cls, "aria-label": ctx.names[d.seat] || "" }, head, stats, purse,
    el("h4", {}, t("board.worn")), el("div", { class: "slots" }, ...SLOTS.map((s) => slotCell(ctx, d, s))),
    el("h4", {}, t("board.backpack")), pack.length ? el("div", { class: "pack" }, ...pack) : el("p", { class: "quiet" }, t("board.empty")));
}

// ---------------------------------------------------------------- the shop
function priceHere(ctx, list) {
  const me = ctx.seat !== null && ctx.seat !== undefined ? ctx.view.dwarves[ctx.seat] : null;
  const atDoor = me && me.cell && Object.values(ctx.view.entrances).some((xy) => xy[0] === me.cell[0] && xy[1] === me.cell[1]);
  return atDoor ? list : list * ctx.view.shop.markup;
}

export function shopPanel(ctx) {
  const shop = ctx.view.shop;
  const wares = Object.entries(shop.items).map(([id, price]) => thing(ctx, id, place("shop", id), coins(priceHere(ctx, price))));
  const extra = (key, name, text, price) => spot(el("div", { class: "thing service" }, el("span", { class: "name" }, name),
    el("span", { class: "note" }, coins(price))), key, ctx, { details: () => ({ title: name, lines: [text,
    ...actionLines(ctx, key)] }) });
  return el("section", { class: "cat-panel shop-panel" }, el("h3", {}, t("board.shop")),
    el("p", { class: "quiet" }, t("board.shop_note", { markup: String(shop.markup).replace(".", t("board.decimal")) })),
    el("div", { class: "wares" }, extra(place("shop", "turn"), t("board.extra_turn"), t("board.extra_turn_text"), shop.extra_turn),
      extra(place("shop", "experience"), t("board.buy_experience"), t("board.buy_experience_text"), shop.experience), ...wares));
}
