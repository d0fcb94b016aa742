// Treasures of the Ancient Catacombs: the map (map.js) beside the turn's die
// and fight, the tiles and an open offer; below, each dwarf's sheet and the shop
// (sheets.js). Every action with a place is a click on it (places.py names
// them): a cell to move to, fight on, stay on or build; the die to walk; the pile or a face-up
// tile to build with; a thing in the shop, a backpack or on a screen; a purse; a dwarf's sheet.

import { freshEvents, zoomable } from "/static/js/kit.js";
import { el, put, t } from "/static/js/texts.js";
import { CELL, MARGIN, map } from "./map.js";
import { sheet, shopPanel, tilesPanel, tradePanel, turnPanel } from "./sheets.js";

export { map, reach } from "./map.js";
export { lastFight } from "./sheets.js";

// The whole table as one element, drawn from the seat's snapshot only; `fresh`: the events
// not yet shown (their dice are rolled).
export function board(ctx, fresh = []) {
  const root = map(ctx);
  const wrap = el("div", { class: "board-wrap cat-map-wrap" }, root);
  const side = MARGIN + ctx.view.size * CELL + 4;
  wrap.append(zoomable(root, `catacombs:${ctx.snap.match}`, [0, 0, side, side]));
  const aside = el("div", { class: "cat-side" }, turnPanel(ctx, fresh), tradePanel(ctx), tilesPanel(ctx));
  const sheets = el("div", { class: "cat-sheets", role: "group", "aria-label": t("board.dwarves") },
    ...ctx.view.dwarves.map((d) => sheet(ctx, d)));
  return el("div", { class: "catacombs" }, el("div", { class: "cat-top" }, wrap, aside), sheets, shopPanel(ctx));
}

export function draw(box, ctx) {
  put(box, board(ctx, freshEvents(ctx.snap)));
}
