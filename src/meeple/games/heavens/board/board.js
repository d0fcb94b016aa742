// High in the Heavens (docs/boards.md): the two pantheons above the hex map of the Heavens, a
// key to the rings' shapes, and the seat's hand fanned below. Hexes are the places of moves,
// steps, attacks, targets and rings picked up; the cards of the hand are the places of
// summoning, playing and discarding them. Everything is drawn from the seat's snapshot.

import { animationsOn, backs, closeChooser, die, fan, freshEvents, hover, place, roll, svg, zoomable } from "/static/js/kit.js";
import { el, put, t } from "/static/js/texts.js";
import { COORD, S, baseName, field, frame, sideName, zoneWords } from "./map.js";
import { RINGS, codes, icon, ringShape, sideMark } from "./pieces.js";

// A board this wide (CSS pixels) or wider lays the map down.
const WIDE = 640;
// Hex labels are shown only while they are at least this tall on screen (CSS pixels).
const READABLE = 11;

// The god card whose summon is being placed: chosen in the hand, it lights the hexes it may be
// summoned to on the map; a click there summons it. Kept for one snapshot of one match.
let picking = null;
// The last box and context drawn, to draw again when a summon is picked or dropped.
let last = null;

// The summons of a god card in the hand (its place's actions, when all of them are summons).
function summonsOf(ctx, id) {
  const actions = ctx.places.get(place("card", id)) || [];
  return actions.length && actions.every((a) => a.verb === "Summon") ? actions : [];
}

// The hex a summon goes to, from its text ("summon Zeus at e1").
export function summonHex(action) {
  const m = / at ([a-z]\d+)$/.exec(action.text);
  return m ? m[1] : null;
}

function picked(ctx) {
  const p = picking;
  if (!p || p.match !== ctx.snap.match || p.version !== ctx.snap.version) return null;
  return p.card;
}

// The hexes lit for the summon being placed: label → its action.
function lit(ctx) {
  const card = picked(ctx), out = new Map();
  if (card) for (const a of summonsOf(ctx, card)) { const h = summonHex(a); if (h) out.set(h, a); }
  return out;
}

function pick(ctx, card) {
  closeChooser();
  picking = card && picked(ctx) !== card ? { match: ctx.snap.match, version: ctx.snap.version, card } : null;
  if (last) draw(last.box, last.ctx, { focus: picking !== null });
}

// Escape puts a picked god card back.
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && picking && last) pick(last.ctx, null);
});

// The map as an SVG, every hex a place; `wide` lays it down for a landscape screen.
export function map(ctx, wide = false) {
  const { layer, hexes } = field(ctx, codes(ctx), wide, lit(ctx));
  const root = svg("svg", { class: "board-svg hv-map", role: "group", "aria-label": t("board.map") }, layer);
  return { root, box: frame(hexes), hexes };
}

// A view box around the lit hexes, in the shape of the whole map's and at least 60% of its
// width, inside it: what the map zooms to while a summon's hex is chosen.
function around(hexes, labels, [x0, y0, w0, h0]) {
  const at = hexes.filter((c) => labels.has(c.label));
  if (!at.length) return null;
  const xs = at.map((c) => c.x), ys = at.map((c) => c.y);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2, cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const w = Math.min(w0, Math.max(0.6 * w0, Math.max(...xs) - Math.min(...xs) + 6 * S,
    (Math.max(...ys) - Math.min(...ys) + 6 * S) * w0 / h0));
  const h = w * h0 / w0;
  const x = Math.max(x0, Math.min(x0 + w0 - w, cx - w / 2)), y = Math.max(y0, Math.min(y0 + h0 - h, cy - h / 2));
  return [x, y, w, h].map((v) => Math.round(v * 10) / 10);
}

function sideStrip(ctx, i) {
  const view = ctx.view, s = view.sides[i];
  const active = view.phase !== "over" && s.seats.includes(view.active);
  const discard = s.discard.map((id) => (ctx.cat[id] && ctx.cat[id].name) || "").filter(Boolean);
  const row = el("div", { class: `hv-side s${i}` + (active ? " active" : ""), "data-side": String(i) },
    icon(sideMark(i, 0, 0, 7, "token")),
    el("strong", {}, sideName(ctx, i)),
    el("span", { class: "hv-base", title: baseName(ctx, s) }, t("board.base_short", { name: baseName(ctx, s), n: s.base_health })),
    backs(s.deck, t("board.deck")),
    el("span", { class: "hv-discard", tabindex: "0" }, t("board.discard", { n: s.discard.length })));
  hover(row.querySelector(".hv-discard"), { title: t("board.discard", { n: s.discard.length }), lines: discard.length ? [discard.join(", ")] : [] });
  for (const seat of s.seats) {
    const hand = view.hands.find((h) => h.seat === seat);
    if (seat !== ctx.seat) row.append(el("span", { class: "hv-hand" }, backs(hand.count, t("board.hand_of", { name: ctx.names[seat] || "" }))));
  }
  if (active) row.append(tokens(view));
  return row;
}

// The active seat's action tokens: filled ones left, hollow ones spent.
function tokens(view) {
  const side = view.sides.findIndex((s) => s.seats.includes(view.active));
  const most = view.tokens_per_turn[side] || view.tokens;
  const dots = [];
  for (let i = 0; i < most; i++) dots.push(el("span", { class: "hv-token" + (i < view.tokens ? " left" : "") }));
  return el("span", { class: "hv-tokens", role: "img", "aria-label": t("board.tokens", { n: view.tokens, max: most }) },
    t("board.tokens_short"), dots);
}

function header(ctx) {
  const view = ctx.view;
  return el("div", { class: "hv-top" }, sideStrip(ctx, 0), sideStrip(ctx, 1),
    el("div", { class: "hv-round" }, roundText(view)));
}

function roundText(view) {
  const most = view.variants.max_rounds;
  if (!most) return t("board.round", { n: view.round });
  return t("board.round_of", { n: Math.min(view.round, most), max: most });
}

// The key: each ring kind's shape and colour, and the two sides' shapes.
function legend(ctx) {
  const items = RINGS.map((r) => el("span", { class: "hv-key" }, icon(ringShape(r.kind)), t(r.word)));
  const sides = [0, 1].map((i) => el("span", { class: "hv-key" }, icon(sideMark(i, 0, 0, 7, "token")), sideName(ctx, i)));
  const central = el("span", { class: "hv-key" }, icon(svg("polygon", { points: "-9,0 -4.5,-8 4.5,-8 9,0 4.5,8 -4.5,8", class: "central-key" })), t("board.central"));
  const zones = ctx.view.players === 4 ? Object.values(zoneWords(ctx)).map((z) => el("span", { class: "hv-key zone" },
    icon(svg("path", { d: "M-8 -9 L-4 0 L-8 9 M8 -9 L4 0 L8 9", class: "zone-key" })), z)) : [];
  return el("div", { class: "hv-legend", "aria-label": t("board.key") }, sides, items, central, zones);
}

// A card of a hand as the fan shows it: name, cost, the text that fits; the rest on hover.
function face(ctx, id, key) {
  const c = ctx.cat[id] || {};
  const nums = Object.values(c.numbers || {});
  const isChar = nums.length > 1;
  const text = isChar
    ? Object.entries(c.numbers).slice(1, 5).map(([k, v]) => `${k} ${v}`).join(" · ")
    : (c.text || "").split(". ").slice(1).join(". ") || c.text || "";
  return { key, id, name: c.name || "", kind: isChar ? "character" : "power", text,
    cost: isChar ? t("board.cost.health", { n: nums[0] }) : t("board.cost.tokens", { n: nums[0] || 0 }) };
}

function hands(ctx) {
  const view = ctx.view, out = [];
  const chosen = picked(ctx);
  for (const h of view.hands) {
    if (!h.cards || !h.cards.length) continue;
    const mine = h.seat === ctx.seat;
    // a god card to summon is picked up, not played from a menu: its hexes light on the map
    const summoned = (id) => mine && summonsOf(ctx, id).length > 0;
    const cards = h.cards.map((id) => face(ctx, id, mine && !summoned(id) ? place("card", id) : null));
    const title = mine ? t("board.your_hand", { n: h.count }) : t("board.mate_hand", { name: ctx.names[h.seat] || "", n: h.count });
    const box = fan(cards, ctx, { title });
    [...box.children].forEach((node, i) => {
      const id = cards[i].id;
      node.dataset.card = id;
      const c = ctx.cat[id] || {};
      hover(node, { title: c.name || "", lines: [c.kind, c.text] });
      if (summoned(id)) pickable(node, ctx, id, c.name || "", chosen === id);
    });
    out.push(el("div", { class: "hv-hand-box" + (mine ? " mine" : "") }, el("h4", {}, title), box));
  }
  return out;
}

// A god card of the hand that can be summoned: a button that picks it up (and puts it down).
function pickable(node, ctx, id, name, on) {
  node.dataset.place = place("card", id);
  node.classList.add("place", "pickable");
  node.classList.toggle("picked", on);
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-pressed", on ? "true" : "false");
  node.setAttribute("aria-label", summonsOf(ctx, id).map((a) => a.label).join(" · "));
  node.title = t("board.pick", { name });
  const go = (e) => { e.stopPropagation(); pick(ctx, id); };
  node.addEventListener("click", go);
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(e); }
    if (e.key === "Escape") pick(ctx, null);
  });
}

// While a summon is placed: what to do, and a way back.
function pickLine(ctx) {
  const card = picked(ctx);
  if (!card) return null;
  const name = (ctx.cat[card] && ctx.cat[card].name) || "";
  return el("div", { class: "hv-pick", role: "status" }, t("board.pick_hex", { name }),
    el("button", { type: "button", class: "quiet", onclick: () => pick(ctx, null) }, t("web.board.cancel")));
}

// Everything the board shows, as one element (tests draw this without the page).
export function board(ctx, { wide = false } = {}) {
  const { root, box, hexes } = map(ctx, wide);
  const wrap = el("div", { class: "board-wrap hv-wrap" }, root);
  root.setAttribute("viewBox", box.join(" "));
  const node = el("div", { class: "hv" }, header(ctx), pickLine(ctx), wrap, legend(ctx), hands(ctx));
  const lights = lit(ctx);
  node.focusBox = lights.size ? around(hexes, lights, box) : null;
  return node;
}

// Hex labels only while they are readable: hidden when COORD units come out smaller than
// READABLE pixels (a small screen, the whole map shown), shown again once zoomed in.
function readable(root) {
  const check = () => {
    const vb = root.viewBox && root.viewBox.baseVal, r = root.getBoundingClientRect();
    if (!vb || !vb.width || !r.width) return;
    const scale = Math.min(r.width / vb.width, r.height / vb.height);
    root.classList.toggle("coords-off", COORD * scale < READABLE);
  };
  check();
  new MutationObserver(check).observe(root, { attributes: true, attributeFilter: ["viewBox"] });
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(check).observe(root);
}

// The rune roll of an attack (Rolling Runes), tumbling to the engine's value; new cards slide
// into the hand; a god that takes damage flashes. Only for events not shown before.
export function animate(node, events) {
  const rolls = events.filter((e) => e.type === "rune_roll");
  const wrap = node.querySelector(".hv-wrap");
  if (rolls.length && wrap) {
    const last = rolls[rolls.length - 1];
    const dice = svg("svg", { viewBox: "-20 -20 40 40", width: 44, height: 44 }, die(0, 0, last.roll));
    wrap.append(el("div", { class: "hv-roll", role: "status" }, dice,
      el("span", {}, t(last.hit ? "board.roll.hit" : "board.roll.miss", { n: last.roll }))));
    roll(dice.querySelector(".die"));
  }
  if (!animationsOn()) return;
  for (const e of events) {
    if (e.type === "drew" && e.cards) {
      for (const id of e.cards) for (const c of node.querySelectorAll(`.card-face[data-card="${id}"]`)) c.classList.add("drawn");
    }
    if (e.type === "damaged" || e.type === "healed") {
      for (const u of node.querySelectorAll(`.unit[data-card="${e.card}"]`)) u.classList.add(e.type === "damaged" ? "hit" : "healed");
    }
  }
}

// The page draws the board on every snapshot; a summon picked or dropped draws it again, the
// map then zoomed to the lit hexes and scrolled into sight (`focus`).
export function draw(box, ctx, { focus = false } = {}) {
  last = { box, ctx };
  const fresh = freshEvents(ctx.snap);
  const node = board(ctx, { wide: (box.clientWidth || 0) >= WIDE });
  const root = node.querySelector(".hv-map");
  const home = node.focusBox || root.getAttribute("viewBox").split(" ").map(Number);
  node.querySelector(".hv-wrap").append(zoomable(root, `heavens:${ctx.snap.match}`, home));
  put(box, node);
  readable(root);
  animate(node, fresh);
  const first = node.querySelector(".hx.lit");
  if (focus && first) {
    const smooth = animationsOn() && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    root.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "nearest" });
  }
}
