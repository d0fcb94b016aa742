// The catacombs' map: 10×10 cells, each unexplored (a face-down card) or explored (its tile's
// passages and walls), with the entrances, cauldrons and their value, face-up cards, the
// dwarves, and during a walk the cells the die's points still reach. Every cell is a place.

import { actionLines, fit, label, spot, svg } from "/static/js/kit.js";
import { t } from "/static/js/texts.js";
import { BITS, STEP, cellKey, cellName, kindGlyph, rotationPicture, sidesText, tilePaths, token } from "./glyphs.js";

export const CELL = 60;
export const MARGIN = 22;

// What lies on cell i: its card's kind and catalogue id ("monster:rat" → monster, rat).
export function cardThing(card) {
  if (!card || card === "hidden") return null;
  const [kind, ref] = card.split(":");
  return { kind, id: kind === "vein" ? "vein-mithril" : ref };
}

// The cells a walk may still reach from the acting dwarf's cell: explored neighbours joined by
// passages, within the points left (any number with the speed potion); a monster stops it.
export function reach(view) {
  const me = view.to_act !== null && view.to_act !== undefined ? view.dwarves[view.to_act] : null;
  if (view.step !== "walk" || !me || !me.cell) return new Set();
  const n = view.size, left = view.walk_left === null ? n * n : view.walk_left;
  const open = (i, d) => view.tiles[i] !== null && (view.tiles[i] & BITS[d]);
  const monster = (i) => (view.cards[i] || "").startsWith("monster:");
  const start = me.cell[1] * n + me.cell[0];
  const dist = new Map([[start, 0]]);
  const queue = [start];
  while (queue.length) {
    const i = queue.shift();
    const k = dist.get(i);
    if (k >= left || (i !== start && monster(i))) continue;
    const x = i % n, y = Math.floor(i / n);
    STEP.forEach(([dx, dy], d) => {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= n || ny >= n) return;
      const j = ny * n + nx;
      if (dist.has(j) || !open(i, d) || !open(j, (d + 2) % 4)) return;
      dist.set(j, k + 1);
      queue.push(j);
    });
  }
  dist.delete(start);
  return new Set(dist.keys());
}

function entranceAt(view, x, y) {
  return Object.entries(view.entrances).find(([, xy]) => xy[0] === x && xy[1] === y)?.[0] || null;
}

function dwarvesAt(view, x, y) {
  return view.dwarves.filter((d) => d.cell && d.cell[0] === x && d.cell[1] === y);
}

// The card under the pointer for cell (x, y): what is there, and what may be done there.
function details(ctx, x, y, key) {
  const view = ctx.view, i = y * view.size + x;
  const lines = [];
  const ent = entranceAt(view, x, y);
  if (ent && ctx.cat[ent]) lines.push(`${ctx.cat[ent].name}. ${ctx.cat[ent].text}`);
  if (view.tiles[i] === null) {
    // A card turned up by the Rollshtain lies face up; a cell left bare has none.
    const card = view.cards[i];
    lines.push(t(card === "hidden" ? "board.unexplored" : card ? "board.unexplored_up" : "board.unexplored_bare"));
  }
  else lines.push(t("board.passages", { sides: sidesText(view.tiles[i]) }));
  const thing = cardThing(view.cards[i]);
  const entry = thing && ctx.cat[thing.id];
  if (entry) lines.push(`${entry.name}: ${entry.text}`);
  const caul = view.cauldrons[i] && ctx.cat[view.cauldrons[i]];
  if (caul) lines.push(`${caul.name}: ${caul.text}`);
  for (const d of dwarvesAt(view, x, y)) {
    const name = ctx.names[d.seat] || "";
    lines.push(d.alive ? t("board.here", { name }) : t("board.fallen_here", { name }));
  }
  lines.push(...actionLines(ctx, key));
  return { title: t("board.cell", { cell: cellName(x, y) }), lines };
}

function cauldronValue(ctx, id) {
  const nums = Object.values((ctx.cat[id] || {}).numbers || {});
  return nums.length ? nums[0] : "";
}

// One cell: its outline (the place's highlight), the ground, what lies there, the dwarves.
function cell(ctx, x, y, reachable) {
  const view = ctx.view, i = y * view.size + x;
  const px = MARGIN + x * CELL, py = MARGIN + y * CELL, key = cellKey(x, y);
  const explored = view.tiles[i] !== null;
  const g = svg("g", { class: `cell${explored ? " explored" : " unexplored"}` });
  g.append(svg("rect", { x: px + 1.5, y: py + 1.5, width: CELL - 3, height: CELL - 3, rx: 4, class: "ground" }));
  if (explored) g.append(tilePaths(view.tiles[i], px, py, CELL));
  else if (view.cards[i] === "hidden") g.append(svg("rect", { x: px + 14, y: py + 10, width: CELL - 28, height: CELL - 20, rx: 4, class: "back" }));
  const build = view.build_cell && view.build_cell[0] === x && view.build_cell[1] === y;
  if (build && view.held_tile && !explored) {
    // The tile in hand, to be laid here (the chooser says which way round).
    const mask = (view.tile_shapes || {})[view.held_tile] || 15;
    g.append(svg("rect", { x: px + 12, y: py + 12, width: CELL - 24, height: CELL - 24, class: "held-ghost" }),
      tilePaths(mask, px + 12, py + 12, CELL - 24));
  }
  const ent = entranceAt(view, x, y);
  if (ent) g.append(svg("path", { d: `M${px + 6} ${py + 20} L${px + 6} ${py + 10} Q${px + 14} ${py + 2} ${px + 22} ${py + 10} L${px + 22} ${py + 20} Z`, class: "door" }));
  const caul = view.cauldrons[i];
  if (caul) {
    // The pot and its value in the top left corner, clear of the dwarves in the bottom row.
    g.append(kindGlyph("cauldron", px + 15, py + 15, 9));
    g.append(label(px + 15, py + 16, cauldronValue(ctx, caul), { class: "value" }));
  }
  const thing = cardThing(view.cards[i]);
  const here = dwarvesAt(view, x, y);
  if (thing) {
    // The card leaves the passages' ends in sight, and the dwarves room below it.
    const top = here.length ? py + 5 : py + 9, h = here.length ? 31 : 40;
    g.append(svg("rect", { x: px + 8, y: top, width: CELL - 16, height: h, rx: 5, class: `face ${thing.kind}` }));
    g.append(kindGlyph(thing.kind, px + CELL / 2, top + (h - 10) / 2, 7));
    const nm = (ctx.cat[thing.id] || {}).name || "";
    g.append(label(px + CELL / 2, top + h - 7, fit(nm, 8), { class: "thing-name" }));
  }
  if (reachable) g.append(svg("circle", { cx: px + CELL - 10, cy: py + 10, r: 5, class: "reach" }));
  here.forEach((d, k) => {
    const off = here.length > 1 ? (k - (here.length - 1) / 2) * 18 : 0;
    // Beside a card or a cauldron the dwarves stand small in the bottom row, so that no name
    // or value is drawn under them.
    const low = thing || caul;
    const r = low ? 8 : 11, cy = low ? py + CELL - 11 : py + CELL / 2;
    g.append(token(d.seat, px + CELL / 2 + off, cy, r, { dead: !d.alive, acting: view.phase !== "setup" && !view.over && d.seat === view.active && d.alive }));
  });
  // Laying or turning a tile: each way round is shown as the tile turned so in the chooser.
  return spot(g, key, ctx, { details: () => details(ctx, x, y, key), picture: rotationPicture });
}

export function map(ctx) {
  const view = ctx.view, n = view.size, side = MARGIN + n * CELL + 4;
  const root = svg("svg", { class: "board-svg cat-map", role: "group", "aria-label": t("board.map"), viewBox: `0 0 ${side} ${side}` });
  root.append(svg("rect", { x: 0, y: 0, width: side, height: side, class: "rock" }));
  for (let k = 0; k < n; k++) {
    root.append(label(MARGIN + k * CELL + CELL / 2, MARGIN / 2, t("board.columns").charAt(k), { class: "coord" }));
    root.append(label(MARGIN / 2, MARGIN + k * CELL + CELL / 2, k + 1, { class: "coord" }));
  }
  const near = reach(view);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) root.append(cell(ctx, x, y, near.has(y * n + x)));
  }
  return root;
}
