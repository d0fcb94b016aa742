// Myth's board words: names from the catalogue, letters of the heroes, prices and stats, all in
// the page's language (the game's catalogue's board.* keys).

import { t } from "/static/js/texts.js";

// Each hero's letter on the map and on his card (two heroes never share one in a language).
const MARKS = {
  archer: () => t("board.mark.archer"), dwarf: () => t("board.mark.dwarf"),
  journeyman: () => t("board.mark.journeyman"), heron_guard: () => t("board.mark.heron_guard"),
  warrior: () => t("board.mark.warrior"), berserk: () => t("board.mark.berserk"),
};

export function heroMark(hero) {
  return MARKS[hero] ? MARKS[hero]() : "•";
}

export function cardName(cat, id) {
  return (cat[id] && cat[id].name) || "";
}

export function price(n) {
  return n ? t("board.res", { n }) : t("board.free");
}

// What playing `cid` costs the seat now (labels.play_cost): the Codex takes one off a paid
// card, and off new ground every card costs double while cards are offered.
export function playCost(ctx, cid) {
  const v = ctx.view, base = (ctx.cat[cid] || {}).cost || 0;
  const me = v.seat === null || v.seat === undefined ? null : v.heroes[v.seat];
  let c = base && me && me.items.includes("codex") ? Math.max(1, base - 1) : base;
  if (v.double_cost && v.step === "offer") c *= 2;
  return c;
}

export function monsterStats(cat, id) {
  const m = cat[id] || {};
  return t("board.stats", { attack: m.attack, damage: m.damage, defence: m.defence });
}

export function monsterLine(cat, id) {
  return `${cardName(cat, id)}: ${monsterStats(cat, id)}`;
}

// Ids with how many times each appears, in first-seen order.
export function grouped(ids) {
  const out = new Map();
  for (const id of ids) out.set(id, (out.get(id) || 0) + 1);
  return [...out.entries()];
}

export function times(name, n) {
  return n > 1 ? `${name} ×${n}` : name;
}
