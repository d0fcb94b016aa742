// High in the Heavens: the pieces' shapes. Each side has a colour AND a shape (side A circles,
// side B diamonds); each kind of ring has a colour AND a shape (health a circle, armour a
// square, attack a triangle, poison a diamond drop, incapacitated a black ring with a cross,
// trap a black star, architecture a white column), so nothing is told apart by colour alone.

import { COLOURS, label, starPath, svg } from "/static/js/kit.js";
import { t } from "/static/js/texts.js";
import { godCodes } from "./codes.js";

export const SIDE = [COLOURS.blue, COLOURS.yellow];

// The ring kinds a badge or the key shows: the ring colour's catalogue id and the board word.
export const RINGS = [
  { kind: "health", colour: "red", word: "board.ring.health" },
  { kind: "armour", colour: "grey", word: "board.ring.armour" },
  { kind: "attack", colour: "orange", word: "board.ring.attack" },
  { kind: "poison", colour: "green", word: "board.ring.poison" },
  { kind: "stun", colour: "black", word: "board.ring.stun" },
  { kind: "trap", colour: "black", word: "board.ring.trap" },
  { kind: "column", colour: "white", word: "board.ring.column" },
];

// A side's shape centred on (x, y), `r` its half size.
export function sideMark(side, x, y, r, cls) {
  const c = `${cls} side s${side}`;
  if (side === 0) return svg("circle", { cx: x, cy: y, r, class: c });
  const d = r * 1.2;
  return svg("path", { d: `M${x} ${y - d} L${x + d} ${y} L${x} ${y + d} L${x - d} ${y} Z`, class: c });
}

// The shape of one kind of ring, centred on (0, 0), `r` its half size.
export function ringShape(kind, r = 7) {
  switch (kind) {
    case "health": return svg("circle", { r, class: "ring health" });
    case "armour": return svg("rect", { x: -r, y: -r, width: 2 * r, height: 2 * r, rx: 1.5, class: "ring armour" });
    case "attack": return svg("path", { d: `M0 ${-r * 1.25} L${r * 1.2} ${r * 0.85} L${-r * 1.2} ${r * 0.85} Z`, class: "ring attack" });
    case "poison": return svg("path", { d: `M0 ${-r * 1.3} L${r} 0 L0 ${r * 1.1} L${-r} 0 Z`, class: "ring poison" });
    case "stun": return svg("g", { class: "ring stun" }, svg("circle", { r: r * 0.85 }), svg("path", { d: `M${-r / 2} ${-r / 2} L${r / 2} ${r / 2} M${r / 2} ${-r / 2} L${-r / 2} ${r / 2}` }));
    case "trap": return svg("path", { d: starPath(0, 0, r * 1.3, r * 0.7), class: "ring trap" });
    default: return svg("rect", { x: -r * 0.6, y: -r, width: r * 1.2, height: 2 * r, class: "ring column" });
  }
}

// A ring stack's badge: the ring kind's shape with its count inside.
export function badge(kind, x, y, n) {
  return svg("g", { class: `badge ${kind}`, transform: `translate(${x},${y})` },
    ringShape(kind), n === "" ? null : label(0, kind === "attack" ? 1.5 : 0.5, n, { class: "num" }));
}

// A small inline SVG of one shape (for the key and the side strip).
export function icon(node, size = 18) {
  return svg("svg", { class: "icon", viewBox: "-10 -10 20 20", width: size, height: size, "aria-hidden": "true" }, node);
}

// Two letters for every god of the game, unique among them and the same all game long
// (codes.js holds the rule, shared with the terminal's).
export function codes(ctx) {
  const sides = ctx.view.sides.map((s) => s.gods || []);
  return godCodes(sides, (id) => ctx.cat[id] && ctx.cat[id].name);
}

// What a hover card says of a god: its name and side, its rings and state, its card's text.
export function unitDetails(u, ctx, full) {
  const c = ctx.cat[u.card] || {}, lines = [];
  const pid = ctx.view.sides[u.side].pantheon;
  const side = (ctx.cat[pid] && ctx.cat[pid].name) || "";
  lines.push(`${c.name || ""} · ${side}` + (u.fallen ? ` · ${t("board.fallen")}` : ""));
  if (u.fallen) return lines;
  lines.push(t("board.health", { n: u.health, max: u.max_health }));
  if (u.armour) lines.push(t("board.armour", { n: u.armour }));
  if (u.attack) lines.push(t("board.attack", { n: u.attack }));
  if (u.poison) lines.push(t("board.poison", { n: u.poison }));
  if (u.incapacitated) lines.push(t("board.stunned"));
  if (u.trapped) lines.push(t("board.trapped", { n: u.trapped }));
  if (full && c.text) lines.push(c.text);
  return lines;
}
