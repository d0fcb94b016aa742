// Myth's dungeon map: the tiles laid from the Avatara's crossroads with their passages, the
// empty cells beyond open passages, heroes, monsters and lasting cards on their cells. A cell is
// the place "cell:<x>,<y>" of the moves, explorations, tile laying and Nod's Touch that lead to
// it (places.py); the page draws it from the view only.

import { label, passages, place, seatToken, spot, svg } from "/static/js/kit.js";
import { t } from "/static/js/texts.js";
import { heroMark, monsterLine, cardName } from "./words.js";

export const S = 100;            // a cell's side in map units
const LANE = 30;                 // a passage's width
const SIDES = { north: [1, 0, -1], east: [2, 1, 0], south: [4, 0, 1], west: [8, -1, 0] };


// The empty cells beyond the open passages of laid tiles (as places.frontier).
export function frontier(view) {
  const laid = new Map(view.map.map(([x, y, mask]) => [`${x},${y}`, mask]));
  const out = new Map();
  for (const [x, y, mask] of view.map) {
    for (const [bit, dx, dy] of Object.values(SIDES)) {
      const at = `${x + dx},${y + dy}`;
      if (mask & bit && !laid.has(at)) out.set(at, [x + dx, y + dy]);
    }
  }
  return [...out.values()];
}

// The passages of a tile mask as light corridors from the middle to each open side, in a cell
// whose top left is (0, 0).
export function lanes(mask) {
  return passages(mask, { size: S, width: LANE / S, floor: "lane" });
}

const at = (list, x, y) => list.filter((e) => e[0] === x && e[1] === y).flatMap((e) => e[2]);

// What the card under the pointer tells of a cell: its tile, who and what stands there.
function cellDetails(ctx, x, y, tile) {
  const v = ctx.view, cat = ctx.cat;
  const lines = [t("board.cell", { x, y })];
  if (tile && cat[tile]) lines.push(cat[tile].text);
  const here = v.heroes.filter((h) => h.alive && h.cell[0] === x && h.cell[1] === y);
  if (here.length) lines.push(`${t("board.heroes_here")}: ${here.map((h) => ctx.names[h.seat]).join(", ")}`);
  for (const m of at(v.enemies, x, y)) lines.push(monsterLine(cat, m));
  for (const c of at(v.lasting, x, y)) lines.push(`${cardName(cat, c)}: ${(cat[c] || {}).brief || ""}`);
  const [cx, cy] = v.heroes[v.active].cell;
  if (cx === x && cy === y && v.table.length) lines.push(t("board.face_down", { n: v.table.length }));
  if (cx === x && cy === y && v.pending.length) lines.push(`${t("board.pending")}: ${v.pending.map((c) => cardName(cat, c)).join(", ")}`);
  return { title: tile ? cardName(cat, tile) : t("board.unexplored"), lines };
}

// One laid tile: its stone, passages, and what stands on it.
function tileCell(ctx, [x, y, mask, tile]) {
  const v = ctx.view;
  const g = svg("g", { class: "cell tile" + (tile === "start" ? " start" : ""), transform: `translate(${x * S},${y * S})` },
    svg("rect", { x: 2, y: 2, width: S - 4, height: S - 4, rx: 6, class: "stone" }),
    lanes(mask));
  if (tile === "start") g.append(svg("path", { d: "M50 36 L54 46 L64 50 L54 54 L50 64 L46 54 L36 50 L46 46 Z", class: "avatara" }));
  const here = v.heroes.filter((h) => h.alive && h.cell[0] === x && h.cell[1] === y);
  here.forEach((h, i) => g.append(heroToken(ctx, h, 17 + (i % 2) * 66, 17 + Math.floor(i / 2) * 24)));
  const [cx, cy] = v.heroes[v.active].cell;
  if (cx === x && cy === y && v.table.length) g.append(svg("g", { class: "face-down-mark" },
    svg("rect", { x: 40, y: 4, width: 20, height: 26, rx: 3, class: "back-card" }),
    label(50, 17, v.table.length, { class: "count-ink" })));
  const monsters = at(v.enemies, x, y);
  if (monsters.length) g.append(svg("g", { class: "monsters" },
    svg("path", { d: "M20 66 L33 79 L20 92 L7 79 Z", class: "monster-mark" }),
    label(20, 79, monsters.length, { class: "count-ink" })));
  const lasting = at(v.lasting, x, y);
  if (lasting.length) g.append(svg("g", { class: "lasting" },
    svg("rect", { x: 70, y: 67, width: 20, height: 26, rx: 3, class: "lasting-card" }),
    label(80, 80, lasting.length, { class: "count-ink light" })));
  if (v.laying && v.heroes[v.active].cell[0] === x && v.heroes[v.active].cell[1] === y) {
    g.classList.add("from");
  }
  // the cell's name at the bottom middle, clear of the heroes (top corners), the face-down
  // cards (top middle), the monsters and lasting cards (bottom corners), and drawn after them
  // so that nothing ever covers it
  g.append(label(S / 2, S - 9, `${x},${y}`, { class: "coord" }));
  // the stone's outline lies under the passages; a ring on top shows the place's highlight
  g.append(svg("rect", { x: 2, y: 2, width: S - 4, height: S - 4, rx: 6, class: "ring" }));
  return spot(g, place("cell", x, y), ctx, { details: () => cellDetails(ctx, x, y, tile) });
}

// A hero on the map: a circle in the seat's colour with the hero's letter (never colour alone).
export function heroToken(ctx, h, cx, cy, r = 10) {
  return seatToken(h.seat, cx, cy, r, { mark: heroMark(h.hero), shape: 0,
    cls: "hero-token" + (h.seat === ctx.view.active ? " current" : "") });
}

// The passages a "place" action lays the drawn tile with: its text names the open sides
// ("place NES"); null for any other action.
const LETTER_BITS = { N: 1, E: 2, S: 4, W: 8 };
export function placedMask(text) {
  const m = /^place ([NESW]+)$/.exec(text);
  return m ? [...m[1]].reduce((mask, ch) => mask | LETTER_BITS[ch], 0) : null;
}

// The drawn tile in the rotation a "place" action lays it, for the chooser (64 by 64 units):
// the stone, its passages, and a dot on the side the hero comes in by.
export function rotationPicture(ctx, action) {
  const mask = placedMask(action.text);
  if (mask === null) return null;
  const v = ctx.view, g = svg("g", { class: "tile-pic" },
    svg("rect", { x: 2, y: 2, width: 60, height: 60, rx: 5, class: "stone" }),
    passages(mask, { size: 64, width: LANE / S, floor: "lane" }));
  const hero = v.heroes[v.active].cell;
  if (v.laying) {
    const dx = hero[0] - v.laying[0], dy = hero[1] - v.laying[1];
    g.append(svg("circle", { cx: 32 + dx * 25, cy: 32 + dy * 25, r: 5, class: "way-in" }));
  }
  return g;
}

// An empty cell beyond an open passage: explored by walking into it, or where the drawn tile
// is laid (each rotation of the tile drawn in the chooser).
function emptyCell(ctx, [x, y]) {
  const v = ctx.view;
  const laying = v.laying && v.laying[0] === x && v.laying[1] === y;
  const g = svg("g", { class: "cell empty" + (laying ? " laying" : ""), transform: `translate(${x * S},${y * S})` },
    svg("rect", { x: 6, y: 6, width: S - 12, height: S - 12, rx: 8, class: "void" }),
    label(S / 2, S / 2, laying ? "+" : "?", { class: "void-mark" }));
  const details = () => (laying && v.drawn_tile
    ? { title: t("board.drawn", { tile: cardName(ctx.cat, v.drawn_tile) }), lines: [t("board.cell", { x, y }), t("board.turn_it")] }
    : { title: t("board.unexplored"), lines: [t("board.cell", { x, y })] });
  return spot(g, place("cell", x, y), ctx, { details, picture: (a) => rotationPicture(ctx, a) });
}

// The map's extent in map units: every laid and frontier cell, with a margin, at least three
// cells each way.
export function extent(cells) {
  const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
  const x0 = Math.min(...xs), y0 = Math.min(...ys);
  const w = Math.max(...xs) - x0 + 1, h = Math.max(...ys) - y0 + 1;
  const wide = Math.max(w, 3, h * 0.75), high = Math.max(h, 3, w * 0.5);  // neither a sliver nor a tower
  return [x0 * S - (wide - w) * S / 2 - 10, y0 * S - (high - h) * S / 2 - 10, wide * S + 20, high * S + 20];
}

// The whole map as an SVG (zoom and pan are added by the caller).
export function dungeon(ctx) {
  const v = ctx.view;
  const empty = frontier(v);
  const root = svg("svg", { class: "board-svg myth-map", role: "group", "aria-label": t("board.map"),
    viewBox: extent([...v.map, ...empty]).join(" ") });
  const floor = svg("g", { class: "floor" });
  for (const c of empty) floor.append(emptyCell(ctx, c));
  for (const c of v.map) floor.append(tileCell(ctx, c));
  root.append(floor);
  return root;
}
