// The wheel of fortune: its sectors in their order (coins, the deck's colour and mark, repair
// symbols), a pointer at the top on the sector of the last spin, the hub that spins it (the
// place "wheel:spin"), and under it this turn's sector and the last spin in words.

import { animationsOn, hover, label, lines, place, spin, spot, svg, wrap } from "/static/js/kit.js";
import { t } from "/static/js/texts.js";
import { DECK, mark } from "./parts.js";

const R = 118;

function point(deg, r) {
  const a = (deg * Math.PI) / 180;
  return [r * Math.sin(a), -r * Math.cos(a)];
}

function wedge(from, to, r0, r1, fill) {
  const [a, b] = [point(from, r1), point(to, r1)];
  const [c, d] = [point(to, r0), point(from, r0)];
  const big = to - from > 180 ? 1 : 0;
  return svg("path", { d: `M${d[0]} ${d[1]} L${a[0]} ${a[1]} A${r1} ${r1} 0 ${big} 1 ${b[0]} ${b[1]} L${c[0]} ${c[1]} A${r0} ${r0} 0 ${big} 0 ${d[0]} ${d[1]}Z`, fill, stroke: "#fff", "stroke-width": 1.2 });
}

// The spans of the sectors in degrees clockwise from the top (by their weights).
export function spans(sectors) {
  const total = sectors.reduce((n, s) => n + (s.weight || 1), 0);
  let at = 0;
  return sectors.map((s) => {
    const from = at;
    at += ((s.weight || 1) / total) * 360;
    return [from, at];
  });
}

// A repair symbol: a small sword (weapon) or shield (armour), white, pointing outward.
function symbol(kind) {
  if (kind === "weapon") return svg("path", { d: "M0 -7 L2 -3 L2 3 L4 3 L4 5 L1 5 L1 8 L-1 8 L-1 5 L-4 5 L-4 3 L-2 3 L-2 -3 Z", fill: "#fff", stroke: "#222", "stroke-width": 0.6 });
  return svg("path", { d: "M0 -7 L6 -5 L5 2 Q3 6 0 8 Q-3 6 -5 2 L-6 -5 Z", fill: "#fff", stroke: "#222", "stroke-width": 0.6 });
}

// A sector in words: its coins, what it draws, what it repairs.
export function sectorText(s) {
  const coins = t("board.coins", { n: s.value });
  const [a, b] = s.colours.map((c) => t(`board.card_of.${c}`));
  let words;
  if (s.colours[0] === "black") words = t("board.sector.black", { coins });
  else if (b) words = t("board.sector.mixed", { coins, a, b });
  else words = t("board.sector.draw", { coins, card: a });
  return [words, ...s.symbols.map((k) => t(`board.repair.${k}`))].join(", ");
}

function sectorNode(s, i, [from, to], current) {
  const g = svg("g", { class: "sector" + (current ? " current" : ""), "data-sector": i + 1 });
  const cols = s.colours;
  if (cols.length === 1) g.append(wedge(from, to, 36, R, DECK[cols[0]]));
  else {
    const mid = (from + to) / 2;
    g.append(wedge(from, mid, 36, R, DECK[cols[0]]), wedge(mid, to, 36, R, DECK[cols[1]]));
  }
  const mid = (from + to) / 2;
  const at = (r) => `rotate(${mid}) translate(0,${-r})`;
  g.append(label(0, 0, s.value, { transform: at(103), "font-size": 15, class: "coins" }));
  g.append(label(0, 0, cols.map(mark).join(""), { transform: at(84), "font-size": 9.5, class: "marks" }));
  s.symbols.forEach((k, i) => {
    const sym = symbol(k);
    sym.setAttribute("transform", `${at(66 - i * 16)} scale(1.1)`);
    g.append(sym);
  });
  if (current) {
    const ring = wedge(from, to, 36, R, "none");
    ring.setAttribute("class", "turn-ring");
    g.append(ring);
  }
  return hover(g, { title: t("board.sector", { n: i + 1 }), lines: [sectorText(s)] });
}

// The last spin told in the events the snapshot carries (its words), if any.
export function lastSpinText(snap) {
  const e = [...(snap.events || [])].reverse().find((x) => x.type === "spin");
  return e ? e.text : null;
}

// The angle the disc is turned by so the sector of the last spin is under the pointer.
export function turnOf(view) {
  const i = view.last_spin ? view.last_spin.index : 0;
  const [from, to] = spans(view.sectors)[i];
  return -(from + to) / 2;
}

export function wheel(ctx) {
  const v = ctx.view;
  const root = svg("svg", { class: "board-svg gah-wheel", role: "group", "aria-label": t("board.wheel") });
  const disc = svg("g", { class: "disc", transform: `rotate(${turnOf(v)})` });
  const current = v.wheel ? v.wheel.index : null;
  spans(v.sectors).forEach((span, i) => disc.append(sectorNode(v.sectors[i], i, span, i === current)));
  root.append(svg("circle", { r: R + 4, fill: "none", stroke: "#5a4a3a", "stroke-width": 5 }), disc,
    svg("path", { d: "M-10 -133 L10 -133 L0 -112 Z", fill: "#2b2420", stroke: "#fff", "stroke-width": 1.5, class: "pointer" }));
  const spinning = ctx.places.has(place("wheel"));
  const hub = svg("g", { class: "hub" }, svg("circle", { r: 34, class: "hub-face" }),
    spinning ? label(0, 0, t("board.spin"), { "font-size": 10.5, "font-weight": 700 }) : null,
    !spinning && v.last_spin ? label(0, -6, v.last_spin.value, { "font-size": 22, "font-weight": 700, class: "hub-value" }) : null,
    !spinning && v.last_spin ? label(0, 14, t("board.coins_short"), { "font-size": 9, class: "small hub-value" }) : null);
  root.append(spot(hub, place("wheel"), ctx, { details: { title: t("board.wheel"), lines: [t("board.wheel_help")] } }));
  let y = 140;
  if (v.wheel) {
    const words = t("board.turn_sector", { text: sectorText(v.sectors[v.wheel.index]) });
    root.append(...lines(-124, y, wrap(words, 38, 2), 11, { "text-anchor": "start", class: "caption" }));
    y += 28;
  }
  const told = lastSpinText(ctx.snap);
  if (told) {
    root.append(...lines(-124, y, wrap(told, 38, 3), 11, { "text-anchor": "start", class: "caption quiet" }));
    y += 42;
  }
  root.setAttribute("viewBox", `-130 -134 260 ${y + 130}`);
  return root;
}

// Turn the disc to the last spin's sector: from where it showed before when a spin is among
// the fresh events and animations are on (the engine chose the sector; the page only shows it).
const shown = new Map();
export function animate(root, ctx, fresh) {
  const disc = root.querySelector(".disc");
  const to = turnOf(ctx.view);
  const before = shown.get(ctx.snap.match);
  shown.set(ctx.snap.match, to);
  if (!disc || before === undefined || !fresh.some((e) => e.type === "spin")) return;
  const ahead = ((to - before) % 360 + 360) % 360;
  spin(disc, to - 720 - ahead, to, 1400);
  if (!animationsOn()) return;
  // The coins and the words of the spin show once the disc has stopped.
  const told = root.querySelectorAll(".hub-value, .caption");
  for (const n of told) n.style.opacity = "0";
  setTimeout(() => { for (const n of told) n.style.opacity = ""; }, 1400);
}
