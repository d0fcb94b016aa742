// Andor's map: the regions of the Greywatch March as a graph at the places the content gives
// them (map.js), with the paths between them, the arrows the creatures follow to the castle,
// the river and its bridges, and what lies on each region. A narrow screen turns the map on
// its side (tall) so that regions stay big enough to touch.

import { hover, label, place, seatToken, spot, svg } from "/static/js/kit.js";
import { t } from "/static/js/texts.js";
import { MAP } from "./map.js";

export const CELL = 100;
const HALF = 42;
const TERRAIN = { castle: "#e6dcef", riverbank: "#d2e6f3", forest: "#bcd6a8", marsh: "#c8dcd5",
  hills: "#e4d2b0", meadow: "#dcecc4", field: "#f4eac8" };

// Where region `r` is drawn: its centre in map units.
export function centre(r, tall) {
  const [x, y] = MAP.regions[r];
  const [cx, cy] = tall ? [MAP.height - 1 - y, x] : [x, y];
  return [cx * CELL + CELL / 2, cy * CELL + CELL / 2];
}

export function mapSize(tall) {
  return tall ? [MAP.height * CELL, MAP.width * CELL] : [MAP.width * CELL, MAP.height * CELL];
}

// Names and pieces for the board: a hero's letter and name, a creature's letter and name.
export function heroLetter(hero) { return t(`board.hero_letter.${hero}`); }
export function creatureLetter(kind) { return t(`board.creature_letter.${kind}`); }
export function name(ctx, id) { return (ctx.cat[id] && ctx.cat[id].name) || ""; }
export function regionName(ctx, r) {
  const named = ctx.cat[`region-${r}`];
  return named ? t("board.region_named", { name: named.name, n: r }) : t("board.region", { n: r });
}

// A hero's piece: a circle in the seat's colour with the hero's letter (never colour alone).
export function heroPiece(x, y, h, r = 11) {
  return seatToken(h.seat, x, y, r, { mark: heroLetter(h.hero), shape: 0, cls: "hero-piece" });
}

function paths(tall) {
  const g = svg("g", { class: "paths" });
  MAP.regions.forEach((reg, r) => {
    for (const n of reg[4]) {
      if (n < r) continue;
      const [x1, y1] = centre(r, tall), [x2, y2] = centre(n, tall);
      g.append(svg("line", { x1, y1, x2, y2, class: "path" }));
    }
  });
  return g;
}

// The arrow of each region: a chevron on its path, pointing the way creatures walk.
function arrows(tall) {
  const g = svg("g", { class: "arrows" });
  MAP.regions.forEach((reg, r) => {
    const to = reg[5];
    if (to === null) return;
    const [x1, y1] = centre(r, tall), [x2, y2] = centre(to, tall);
    const angle = Math.atan2(y2 - y1, x2 - x1) * 180 / Math.PI;
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
    g.append(svg("path", { d: "M-7,-8 L5,0 L-7,8 Z", class: "arrow",
      transform: `translate(${mx},${my}) rotate(${angle})` }));
  });
  return g;
}

function river(tall) {
  const [w, h] = mapSize(tall);
  const at = (MAP.riverX + 1) * CELL;
  const g = svg("g", { class: "river" });
  g.append(tall ? svg("rect", { x: 0, y: at - 9, width: w, height: 18, class: "water" })
    : svg("rect", { x: at - 9, y: 0, width: 18, height: h, class: "water" }));
  for (const [a, b] of MAP.bridges) {
    const [x1, y1] = centre(a, tall), [x2, y2] = centre(b, tall);
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
    g.append(tall ? svg("rect", { x: mx - 9, y: my - 16, width: 18, height: 32, class: "bridge" })
      : svg("rect", { x: mx - 16, y: my - 9, width: 32, height: 18, class: "bridge" }));
  }
  return g;
}

// Everything the view says lies on each region, by region.
export function onRegions(view) {
  const by = new Map();
  const at = (r) => { if (!by.has(r)) by.set(r, { heroes: [], ground: [], farmers: 0 }); return by.get(r); };
  for (const h of view.heroes) at(h.region).heroes.push(h);
  for (const c of view.creatures) at(c.region).creature = c;
  const f = view.fight;
  if (f) {
    at(f.region).creature = { region: f.region, kind: f.kind, strength: f.strength, willpower: f.willpower };
  }
  for (const [r, tok] of view.fog) at(r).fog = { token: tok };
  for (const [r, full] of view.wells) at(r).well = { full };
  for (const [r, items] of view.ground) at(r).ground = items;
  for (const [r, n] of view.farmers) at(r).farmers = n;
  if (view.witch !== null && view.witch !== undefined) at(view.witch).witch = true;
  for (const r of view.blocked) at(r).blocked = true;
  return by;
}

export function fogName(ctx, token) {
  const e = ctx.cat[`fog-${token}`] || ctx.cat[token];
  return e ? e.name : "";
}

function regionCard(ctx, r, here) {
  const reg = MAP.regions[r];
  const lines = [t(`board.terrain.${reg[2]}`)];
  if (reg[5] !== null) lines.push(t("board.arrow", { n: reg[5] }));
  if (here) {
    if (here.creature) lines.push(creatureLine(ctx, here.creature));
    for (const h of here.heroes) lines.push(name(ctx, h.hero));
    if (here.fog) lines.push(here.fog.token ? fogName(ctx, here.fog.token) : t("board.fog"));
    if (here.well) lines.push(t(here.well.full ? "board.well_full" : "board.well_empty"));
    if (here.farmers) lines.push(t("board.farmers", { n: here.farmers }));
    for (const it of here.ground) lines.push(name(ctx, it.split(":")[0]));
    if (here.witch) lines.push(t("board.witch"));
    if (here.blocked) lines.push(t("board.blocked"));
  }
  const about = ctx.cat[`region-${r}`];
  if (about && about.text) lines.push(about.text);
  return { title: regionName(ctx, r), lines };
}

export function creatureLine(ctx, c) {
  return t("board.creature_stats", { name: name(ctx, c.kind), sp: c.strength, wp: c.willpower });
}

function region(ctx, r, here, tall) {
  const [x, y] = centre(r, tall);
  const reg = MAP.regions[r];
  const g = svg("g", { class: `region ${reg[2]}`, transform: `translate(${x},${y})` },
    svg("rect", { x: -HALF, y: -HALF, width: 2 * HALF, height: 2 * HALF, rx: 12,
      fill: TERRAIN[reg[2]], class: "ground" }),
    label(-HALF + 6, -HALF + 13, r, { class: "num", "text-anchor": "start" }));
  if (r === MAP.castle) g.append(castle());
  if (reg[3] === "merchant" || reg[3] === "mine") g.append(coin(reg[3]));
  if (reg[3] === "tower") g.append(tower());
  if (here && here.blocked) g.append(svg("path", { d: "M-30,-30 L30,30 M30,-30 L-30,30", class: "blocked" }));
  return spot(g, place("region", r), ctx, { details: () => regionCard(ctx, r, here) });
}

function castle() {
  return svg("path", { d: "M14,-38 h6 v5 h4 v-5 h6 v5 h4 v-5 h6 v14 h-26 Z", class: "castle-mark" });
}
function coin(kind) {
  return svg("g", { transform: `translate(${HALF - 13},${-HALF + 13})` },
    svg("circle", { r: 9, class: "coin" }), label(0, 1, kind === "mine" ? "⚒" : "$", { class: "coin-mark" }));
}
function tower() {
  return svg("path", { d: "M22,-40 h14 v22 h-14 Z M20,-40 h18 v4 h-18 Z", class: "tower-mark" });
}

// The pieces and tokens on a region: heroes in the middle row, the creature and tokens below.
function pieces(ctx, r, here, tall) {
  const [x, y] = centre(r, tall);
  const g = svg("g", { class: "pieces", transform: `translate(${x},${y})` });
  const n = here.heroes.length;
  here.heroes.forEach((h, i) => g.append(heroPiece((i - (n - 1) / 2) * 21, -6, h, n > 3 ? 9.5 : 11)));
  if (here.creature) g.append(creaturePiece(ctx, here.creature));
  const tokens = tokenList(ctx, r, here);
  tokens.forEach((tok, i) => {
    tok.setAttribute("transform", `translate(${6 + (i % 3) * 16},${ (i < 3 ? 24 : 8) })`);
    g.append(tok);
  });
  if (here.well) g.append(well(ctx, r, here.well));
  return g;
}

export function creaturePiece(ctx, c, at = [-22, 24]) {
  const g = svg("g", { class: `creature ${c.kind}`, transform: `translate(${at[0]},${at[1]})` },
    svg("path", { d: "M-17,-12 L17,-12 L17,6 L0,15 L-17,6 Z", class: "creature-shape" }),
    label(-6, -1, creatureLetter(c.kind), { class: "creature-letter" }),
    label(9, -1, c.willpower, { class: "creature-wp" }));
  return spot(g, place("creature", c.region), ctx, { details: () => ({ title: name(ctx, c.kind),
    lines: [t("board.strength", { n: c.strength }), t("board.willpower", { n: c.willpower }),
      ctx.cat[c.kind] ? ctx.cat[c.kind].text : null] }) });
}

function well(ctx, r, w) {
  const g = svg("g", { class: "well", transform: `translate(${-HALF + 12},${-12})` },
    svg("circle", { r: 8, class: w.full ? "well-full" : "well-empty" }),
    label(0, 1, w.full ? "+" : "", { class: "well-mark" }));
  return spot(g, place("well", r), ctx, { details: { title: t("board.well"),
    lines: [t(w.full ? "board.well_full" : "board.well_empty")] } });
}

function token(ctx, key, text, cls, details) {
  const g = svg("g", { class: `token ${cls}` },
    svg("rect", { x: -7, y: -7, width: 14, height: 14, rx: cls === "fog" ? 7 : 3 }),
    label(0, 1, text, { class: "token-mark" }));
  return key ? spot(g, key, ctx, { details }) : hover(g, details);
}

function tokenList(ctx, r, here) {
  const out = [];
  if (here.fog) {
    const tok = here.fog.token;
    out.push(token(ctx, null, tok ? "!" : "?", "fog",
      { title: tok ? fogName(ctx, tok) : t("board.fog"), lines: [tok ? ctx.cat[tok]?.text : t("board.fog_hidden")] }));
  }
  if (here.farmers) {
    out.push(token(ctx, place("farmer", r), here.farmers, "farmer",
      { title: name(ctx, "farmer"), lines: [t("board.farmers", { n: here.farmers })] }));
  }
  for (const it of here.ground) {
    const id = it.split(":")[0];
    out.push(token(ctx, place("ground", r, it), t(`board.item_letter.${id}`), `item ${id}`,
      { title: name(ctx, id), lines: [ctx.cat[id] ? ctx.cat[id].text : null] }));
  }
  if (here.witch) {
    out.push(token(ctx, place("witch", r), t("board.witch_letter"), "witch",
      { title: t("board.witch"), lines: [name(ctx, "brew")] }));
  }
  return out;
}

// The whole map as an SVG: zoomed and panned by the caller (kit.zoomable).
export function mapSvg(ctx, tall = false) {
  const [w, h] = mapSize(tall);
  const root = svg("svg", { class: "board-svg andor-map", viewBox: `0 0 ${w} ${h}`, role: "group",
    "aria-label": t("board.map") });
  root.append(river(tall), paths(tall), arrows(tall));
  const by = onRegions(ctx.view);
  const layer = svg("g", { class: "regions" });
  const top = svg("g", { class: "on-top" });
  MAP.regions.forEach((_, r) => {
    const here = by.get(r);
    layer.append(region(ctx, r, here, tall));
    if (here) top.append(pieces(ctx, r, here, tall));
  });
  root.append(layer, top);
  return root;
}
