// High in the Heavens: the hex map. Flat-topped hexes in columns a..k, numbered from the top;
// side A's base at the top. Every hex is the place "hex:<label>"; what stands or lies on it
// (bases, gods with their rings, traps, columns, dropped rings, the fallen) is drawn inside.

import { actionLines, label, place, spot, starPath, svg } from "/static/js/kit.js";
import { t } from "/static/js/texts.js";
import { badge, ringShape, sideMark, unitDetails } from "./pieces.js";

export const S = 34;  // a hex's outer radius
const H = Math.sqrt(3) * S / 2;
const COLUMNS = "abcdefghijk";

// Every hex of the field: its label, axial (q, r) and centre (x, y). Upright, the columns stand
// side by side with side A's base at the top; `wide` lays them down (rows a..k from the top,
// side A's base on the left) for a landscape screen.
export function cells(map, wide = false) {
  const half = Math.floor(map.centre_length / 2), R = map.radius;
  const out = [];
  for (let q = -R; q <= R; q++) {
    const lo = q >= 0 ? -half : -half - q, hi = q >= 0 ? half - 1 - q : half - 1;
    for (let r = lo; r <= hi; r++) {
      const x = 1.5 * S * q, y = 2 * H * (r + q / 2);
      out.push({ label: `${COLUMNS[q + R]}${r - lo + 1}`, q, r, x: wide ? y : x, y: wide ? x : y });
    }
  }
  return out;
}

// The view box around the field: [x, y, width, height].
export function frame(hexes, pad = 8) {
  const xs = hexes.map((c) => c.x), ys = hexes.map((c) => c.y);
  const x0 = Math.min(...xs) - S - pad, y0 = Math.min(...ys) - H - pad;
  return [x0, y0, Math.max(...xs) + S + pad - x0, Math.max(...ys) + H + pad + 26 - y0];
}

function corners(wide, r = S) {
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = Math.PI / 3 * i + (wide ? Math.PI / 6 : 0);
    return `${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

// What each hex is: a base or summoning hex of a side, a central hex, and its zone (4 players).
function kinds(view) {
  const out = new Map();
  view.sides.forEach((s, i) => {
    out.set(s.base, { base: i });
    for (const h of s.summoning) out.set(h, { summon: i });
  });
  for (const h of view.map.central) out.set(h, { ...(out.get(h) || {}), central: true });
  return out;
}

function zoneOf(cell, radius) {
  const q = COLUMNS.indexOf(cell.label[0]) - radius;
  return q === 0 ? 3 : (q < 0 ? 1 : 2);
}

// The verbs of the legal actions at a place (their classes, as the snapshot names them), to
// mark attack targets and steps apart.
const AIMS = new Set(["Attack", "AttackBase", "AttackTrap", "AttackArchitecture", "TargetCharacter", "TargetHex"]);

function verbs(ctx, key) {
  return new Set((ctx.places.get(key) || []).map((a) => a.verb));
}

function hexTitle(cell, kind, ctx) {
  if (kind && kind.base !== undefined) return `${cell.label} · ${baseName(ctx, ctx.view.sides[kind.base])}`;
  return cell.label;
}

// A base by its name in the catalogue (the view names it by id).
export function baseName(ctx, side) {
  return (ctx.cat[side.base_id] && ctx.cat[side.base_id].name) || "";
}

function hexDetails(cell, kind, ctx, zoneText) {
  const view = ctx.view, lines = [];
  if (kind && kind.base !== undefined) {
    lines.push(t("board.base", { pantheon: sideName(ctx, kind.base) }));
    lines.push(t("board.base_health", { n: view.sides[kind.base].base_health }));
  }
  if (kind && kind.summon !== undefined) lines.push(t("board.summoning", { pantheon: sideName(ctx, kind.summon) }));
  if (kind && kind.central) lines.push(t("board.central"));
  if (zoneText) lines.push(zoneText);
  for (const u of view.units) if (u.hex === cell.label) lines.push(...unitDetails(u, ctx, true));
  const trap = view.traps[cell.label], col = view.architecture[cell.label], drop = view.dropped[cell.label];
  if (trap) lines.push(t("board.trap", { n: trap }));
  if (col) lines.push(t("board.column", { n: col }));
  if (drop) lines.push(t("board.dropped", { armour: drop.armour, attack: drop.attack }));
  lines.push(...actionLines(ctx, place("hex", cell.label), "▸"));
  if (!lines.length) lines.push(t("board.empty"));
  return { title: hexTitle(cell, kind, ctx), lines };
}

export function sideName(ctx, side) {
  const pid = ctx.view.sides[side].pantheon;
  return (ctx.cat[pid] && ctx.cat[pid].name) || "";
}

// The field: every hex a place, its contents inside; the hexes with actions drawn last so their
// highlighted outline is never covered by a neighbour.
// `lit`: the hexes a summon being placed may go to (label → its action), lit and clickable.
export function field(ctx, codes, wide = false, lit = new Map()) {
  const view = ctx.view, hexes = cells(view.map, wide), kind = kinds(view);
  const four = view.players === 4;
  const zoneTexts = four ? zoneWords(ctx) : null;
  const groups = hexes.map((c) => {
    const k = kind.get(c.label), key = place("hex", c.label);
    const zone = four ? zoneOf(c, view.map.radius) : 0;
    const cls = ["hex", k && k.base !== undefined ? `base s${k.base}` : "", k && k.summon !== undefined ? `summon s${k.summon}` : "",
      k && k.central ? "central" : "", zone ? `zone${zone}` : ""].filter(Boolean).join(" ");
    const g = svg("g", { transform: `translate(${c.x.toFixed(1)},${c.y.toFixed(1)})`, class: "hx", "data-hex": c.label },
      svg("polygon", { points: corners(wide, S - 1), class: cls }));
    drawInside(g, c, k, ctx, codes);
    spot(g, key, ctx, { details: () => hexDetails(c, k, ctx, zoneTexts && zoneTexts[zone]) });
    const summon = lit.get(c.label);
    if (summon) light(g, summon, ctx, wide);
    return g;
  });
  const plain = groups.filter((g) => !g.classList.contains("place"));
  const live = groups.filter((g) => g.classList.contains("place"));
  const layer = svg("g", { class: "field" }, plain, four ? zoneLines(hexes, view.map.radius, wide) : null, live);
  return { layer, hexes };
}

// A hex a summon may go to: lit, and a click (or Enter) on it summons there.
function light(g, action, ctx, wide) {
  g.classList.add("place", "lit");
  g.setAttribute("role", "button");
  g.setAttribute("tabindex", "0");
  g.setAttribute("aria-label", action.label);
  g.dataset.action = action.text;
  g.append(svg("polygon", { points: corners(wide, S - 5), class: "lit-ring", "aria-hidden": "true" }));
  const go = (e) => { e.stopPropagation(); ctx.act(action.text); };
  g.addEventListener("click", go);
  g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(e); } });
}

// Four players: who moves in each zone (1 the columns left of the centre, 2 those right of it,
// 3 the central column, open to both team-mates), with the columns' letters.
export function zoneWords(ctx) {
  const zones = ctx.view.map.zones, R = ctx.view.map.radius, out = {};
  const cols = { 1: `${COLUMNS[0]}–${COLUMNS[R - 1]}`, 2: `${COLUMNS[R + 1]}–${COLUMNS[2 * R]}` };
  for (const z of [1, 2]) {
    const who = zones.map((zs, seat) => (zs && zs.includes(z) ? ctx.names[seat] : null)).filter(Boolean);
    out[z] = t("board.zone", { names: who.join(", "), columns: cols[z] });
  }
  out[3] = t("board.zone.centre", { column: COLUMNS[R] });
  return out;
}

// Four players: a thick dashed line along each side of the central column (zone borders).
function zoneLines(hexes, radius, wide) {
  const g = svg("g", { class: "zone-lines", "aria-hidden": "true" });
  for (const c of hexes) {
    if (COLUMNS.indexOf(c.label[0]) !== radius) continue;
    for (const sx of [-1, 1]) {
      const pts = [[sx * S / 2, -H], [sx * S, 0], [sx * S / 2, H]].map(([x, y]) => (wide ? [y, x] : [x, y]));
      g.append(svg("polyline", { points: pts.map(([x, y]) => `${(c.x + x).toFixed(1)},${(c.y + y).toFixed(1)}`).join(" ") }));
    }
  }
  return g;
}

function drawInside(g, c, k, ctx, codes) {
  const view = ctx.view, key = place("hex", c.label);
  if (k && k.base !== undefined) {
    g.append(sideMark(k.base, 0, -8, 15, "base-mark"),
      label(0, -8, view.sides[k.base].base_health, { class: "base-hp" }),
      coord(c.label, 19));
    aim(g, ctx, key);
    return;
  }
  if (k && k.summon !== undefined) g.append(sideMark(k.summon, 0, -3, 13, "summon-mark"));
  if (k && k.central) g.append(svg("path", { class: "star", d: starPath(0, -19, 5, 2.2) }));
  const units = view.units.filter((u) => u.hex === c.label);
  const standing = units.find((u) => !u.fallen), fallen = units.find((u) => u.fallen);
  const trap = view.traps[c.label], col = view.architecture[c.label], drop = view.dropped[c.label];
  if (standing) {
    // a trap under a god is its black badge; a fallen one under it lies small at its foot
    if (fallen) g.append(svg("g", { transform: "translate(-21,17) scale(.7)" }, fallenMark(fallen, codes)));
    g.append(unit(standing, codes, ctx));
  } else {
    // the label stands above what lies on the hex, or low on an empty one: never under a piece
    const things = [col && column(col), trap && trapMark(trap), fallen && fallenMark(fallen, codes),
      drop && dropped(drop)].filter(Boolean);
    const n = things.length, gap = 24;
    things.forEach((x, i) => g.append(svg("g", { transform: n === 1 ? "translate(0,5) scale(.8)"
      : `translate(${(i - (n - 1) / 2) * gap},6) scale(.7)` }, x)));
    g.append(coord(c.label, n ? -19 : 19));
  }
  aim(g, ctx, key);
}

// A hex's label. Drawn COORD units high: the board hides the labels while that is less than
// 11 pixels on screen (board.js), until the map is zoomed in.
export const COORD = 12;
function coord(text, y) {
  return label(0, y, text, { class: "coord" });
}

// Marks the kind of action at a hex: a crosshair for an attack or a target, a dot for a step.
function aim(g, ctx, key) {
  const v = verbs(ctx, key);
  if ([...v].some((name) => AIMS.has(name))) {
    g.append(svg("g", { class: "aim", "aria-hidden": "true" },
      svg("circle", { r: 24 }), svg("path", { d: "M-27 0 H-18 M27 0 H18 M0 -27 V-18 M0 27 V18" })));
  } else if (v.has("Step")) {
    g.append(svg("circle", { class: "stepdot", r: 5, cy: 0, "aria-hidden": "true" }));
  }
}

// A god standing: its side's shape in the side's colour with its two-letter code, and its ring
// stack as badges (health, armour, attack, poison; a black ring when incapacitated or trapped).
function unit(u, codes, ctx) {
  const g = svg("g", { class: `unit s${u.side}`, "data-card": u.card },
    sideMark(u.side, 0, -5, 15, "token"),
    label(0, -5, codes[u.card] || "", { class: "code" }),
    badge("health", -21, -5, u.health),
    u.attack ? badge("attack", 21, -5, u.attack) : null,
    u.armour ? badge("armour", -12, 15, u.armour) : null,
    u.poison ? badge("poison", 12, 15, u.poison) : null,
    u.incapacitated ? badge("stun", 0, -22, "") : null,
    u.trapped ? badge("trap", 0, 20, u.trapped) : null);
  const pending = ctx.view.pending;
  if (pending && pending.card === u.card) g.classList.add("busy");
  return g;
}

function fallenMark(u, codes) {
  return svg("g", { class: `fallen s${u.side}`, "data-card": u.card },
    sideMark(u.side, 0, 0, 12, "ghost"),
    label(0, 0, codes[u.card] || "", { class: "code small" }),
    svg("path", { d: "M-12 12 L12 -12", class: "strike" }));
}

function trapMark(n) {
  return svg("g", { class: "trap-mark" },
    svg("g", { transform: "scale(1.4)" }, ringShape("trap")), label(0, 0.5, n, { class: "num light" }));
}

function column(n) {
  return svg("g", { class: "column" },
    svg("rect", { x: -9, y: -16, width: 18, height: 30, rx: 2 }),
    svg("path", { d: "M-12 -16 H12 M-12 14 H12 M-3 -13 V11 M3 -13 V11" }),
    label(0, 23, n, { class: "num" }));
}

function dropped(d) {
  return svg("g", { class: "dropped" },
    d.armour ? badge("armour", -9, 0, d.armour) : null,
    d.attack ? badge("attack", 9, 0, d.attack) : null);
}

