// Small pictures the catacombs' board shares: a tile's passages, a thing's kind by its shape,
// a dwarf's token (colour, letter and shape, never colour alone), and the words for cells.

import { COLOURS, passages, place, seatIcon, seatToken, svg } from "/static/js/kit.js";
import { lang, t } from "/static/js/texts.js";

// The dwarves' colours as the game names them (red, blue, green, yellow), each with a shape.
export const DWARF_COLOURS = [COLOURS.vermillion, COLOURS.blue, COLOURS.green, COLOURS.yellow];
const DWARF_INK = ["#fff", "#fff", "#fff", "#222"];
// A tile's open sides: north, east, south, west.
export const SIDES = ["north", "east", "south", "west"];
export const BITS = [1, 2, 4, 8];
export const STEP = [[0, -1], [1, 0], [0, 1], [-1, 0]];

export function letter(seat) {
  return t(`board.letter.${seat % 4}`);
}

// The name of the cell at (x, y) as the margins write it: "C4", "В4".
export function cellName(x, y) {
  return `${t("board.columns").charAt(x)}${y + 1}`;
}

export function cellKey(x, y) {
  return place("cell", "abcdefghijklmnopqrstuvwxyz"[x], y + 1);
}

export function sidesText(mask) {
  const open = SIDES.filter((_, i) => mask & BITS[i]).map((s) => t(`board.side.${s}`));
  return open.length ? open.join(", ") : t("board.none");
}

// Coins as the view holds them (a half coin is kept: 137.5).
export function coins(n) {
  if (Number.isInteger(n)) return t("board.coins", { n });
  return t("board.coins", { n: new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n) });
}

// The passages of a tile with `mask` in a square of side `s` at (x, y): the floor as a hub and
// an arm to each open side; the closed sides are rock with a wall line.
export function tilePaths(mask, x, y, s) {
  return passages(mask, { x, y, size: s, width: 0.46, wall: "wall" });
}

// A choice of the tile's rotation ("place ESW", "turn tile to NES") drawn as the tile turned
// that way, in the chooser's 64 by 64 square; null for any other action. The letters are the
// open sides as the game writes them (north, east, south, west).
export function rotationPicture(action) {
  const m = /^(?:place|turn tile to) ([NESW]+)$/.exec(action.text || "");
  if (!m) return null;
  const mask = [...m[1]].reduce((sum, ch) => sum | BITS["NESW".indexOf(ch)], 0);
  return svg("g", { class: "tile-pic", "data-mask": mask },
    svg("rect", { x: 0, y: 0, width: 64, height: 64, rx: 4, class: "ground" }), tilePaths(mask, 0, 0, 64));
}

// A thing's kind by a shape of its own (and a colour): a monster's fangs, a vein's crystal, a
// weapon's blade, armour's shield, a potion's flask, a treasure's coin, an artifact's star, an
// ingredient's leaf, a cauldron's pot. Centred on (x, y), `r` its half-size.
export function kindGlyph(kind, x, y, r) {
  const p = (d) => svg("path", { d, class: `glyph ${kind}`, transform: `translate(${x},${y}) scale(${r / 10})` });
  switch (kind) {
    case "monster": return p("M-10 -8 L10 -8 L6 8 L3 0 L0 8 L-3 0 L-6 8 Z");
    case "vein": return p("M0 -10 L8 -3 L5 9 L-5 9 L-8 -3 Z");
    case "weapon": return p("M-8 8 L-6 4 L5 -7 L8 -8 L7 -5 L-4 6 Z M-9 3 L-3 9 L-5 10 L-10 5 Z");
    case "armour": return p("M-8 -9 L8 -9 L8 0 Q8 7 0 10 Q-8 7 -8 0 Z");
    case "potion": return p("M-3 -10 L3 -10 L3 -4 Q9 -1 9 4 Q9 10 0 10 Q-9 10 -9 4 Q-9 -1 -3 -4 Z");
    case "treasure": return p("M-9 0 A9 9 0 1 0 9 0 A9 9 0 1 0 -9 0 Z M-4 0 A4 4 0 1 1 4 0 A4 4 0 1 1 -4 0 Z");
    case "artifact": return p("M0 -10 L2.5 -3 L10 -3 L4 2 L6 10 L0 5 L-6 10 L-4 2 L-10 -3 L-2.5 -3 Z");
    case "ingredient": return p("M-8 8 Q-9 -8 8 -9 Q9 8 -8 8 Z");
    case "cauldron": return p("M-10 -4 L10 -4 L8 0 Q8 9 0 9 Q-8 9 -8 0 Z M-6 -8 L6 -8 L6 -5 L-6 -5 Z");
    default: return p("M-7 -9 L7 -9 L7 9 L-7 9 Z");
  }
}

// A small SVG picture of one kind, for the HTML sheets.
export function kindIcon(kind, size = 18) {
  return svg("svg", { class: "kind-icon", viewBox: "-11 -11 22 22", width: size, height: size, "aria-hidden": "true" },
    kindGlyph(kind, 0, 0, 10));
}

// A dwarf's token: its colour, its own shape and its letter; a fallen one is crossed out.
export function token(seat, x, y, r, { dead = false, acting = false } = {}) {
  const k = seat % 4;
  return seatToken(seat, x, y, r, { mark: letter(seat), shape: k, colour: DWARF_COLOURS[k], ink: DWARF_INK[k],
    cls: `token seat-${k}`, dead, acting });
}

export function tokenIcon(seat, size = 22, opts = {}) {
  const k = seat % 4;
  return seatIcon(seat, size, { mark: letter(seat), shape: k, colour: DWARF_COLOURS[k], ink: DWARF_INK[k], ...opts });
}
