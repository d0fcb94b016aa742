// Legends of Andor: the Greywatch March as a graph of numbered regions (zoom and pan), the
// legend and time tracks, the castle and goals, the heroes' boards, the merchants' wares and
// the fight with its dice. Moving is a click on the region, fighting on the creature, buying on
// the ware, using an article on it in the hero's own board, choosing a die on the die; the
// actions with no spot stay buttons (places.py). Drawn from the seat's snapshot only.

import { animationsOn, freshEvents, roll, zoomable } from "/static/js/kit.js";
import { el, put } from "/static/js/texts.js";
import { mapSize, mapSvg } from "./mapview.js";
import { fight, heroes, shop, status, tracks } from "./panels.js";

export { MAP } from "./map.js";

// The whole table as one element; `tall` turns the map on its side for a narrow screen;
// `fresh`: the events not yet shown (their dice tumble).
export function board(ctx, { tall = false, fresh = [] } = {}) {
  const map = mapSvg(ctx, tall);
  const [w, h] = mapSize(tall);
  const wrap = el("div", { class: "board-wrap andor-map-wrap" }, map);
  wrap.append(zoomable(map, `andor:${ctx.snap.match}:${tall}`, [0, 0, w, h]));
  return el("div", { class: `andor${tall ? " tall" : ""}` },
    status(ctx), tracks(ctx, tall), fight(ctx, fresh, tall), wrap, heroes(ctx), shop(ctx));
}

// Dice that were rolled in the events just arrived tumble before they settle on their values.
function animate(root, fresh) {
  if (!animationsOn() || !fresh.length) return;
  if (fresh.some((e) => e.type === "creature_roll")) {
    for (const g of root.querySelectorAll(".creature-dice .die")) roll(g);
  }
  for (const g of root.querySelectorAll(".hero-dice .die")) roll(g);
}

export function draw(box, ctx) {
  const fresh = freshEvents(ctx.snap);
  const tall = box.clientWidth > 0 && box.clientWidth < 640;
  const root = board(ctx, { tall, fresh });
  put(box, root);
  animate(root, fresh);
}
