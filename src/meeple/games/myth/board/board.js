// Myth's board (docs/boards.md): the dungeon map growing from the Avatara's crossroads (zoom
// and pan), and beside it the piles, the tile drawn to lay, the cards on the table face down and
// face up, the battle and its dice; below, the heroes' cards, the seat's quests and hand.
// Every action with a place (places.py) is a click on it; the rest stay buttons.

import { freshEvents, zoomable } from "/static/js/kit.js";
import { el, put, t } from "/static/js/texts.js";
import { dungeon, extent, frontier } from "./map.js";
import { battle, dice, drawnTile, faceDown, hand, heroCards, pending, piles, quests } from "./panels.js";

export { frontier };

// The whole table for one snapshot; `fresh`: the events the page has not shown yet (their dice
// tumble).
export function board(ctx, fresh = []) {
  const v = ctx.view;
  const map = dungeon(ctx);
  const bar = zoomable(map, `myth:${ctx.snap.match}`, extent([...v.map, ...frontier(v)]));
  const side = el("div", { class: "myth-side" },
    drawnTile(ctx), battle(ctx), pending(ctx), faceDown(ctx), dice(ctx, fresh));
  if (!side.childElementCount) side.append(el("p", { class: "quiet" }, t("board.quiet")));
  return el("div", { class: "myth" }, piles(ctx),
    el("div", { class: "myth-main" }, el("div", { class: "board-wrap" }, map, bar), side),
    heroCards(ctx), quests(ctx), hand(ctx));
}

export function draw(box, ctx) {
  put(box, board(ctx, freshEvents(ctx.snap)));
}
