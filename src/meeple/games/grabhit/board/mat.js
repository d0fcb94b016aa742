// A seat's mat: its adventurer (the place "mat:<seat>", where it is hit), life and armour as
// pips, gold towards the goal, the ability ("ability:<seat>"), weapons with their blueprints
// ("weapon:<seat>:<i>") and fists ("fists:<seat>"), shields ("shield:<seat>:<i>"), upgrades
// and curses, locations ("loc:<seat>:<i>"), the cards in hand (open in this game: GAH-53),
// and limbo or death.

import { fit, hover, label, lines, place, seatToken, spot, svg, wrap } from "/static/js/kit.js";
import { t } from "/static/js/texts.js";
import { card, cardHeight, chip, chipWidth, details, flow, seatColour } from "./parts.js";

const W = 360;
const HEART = "M0 3 C-6 -2 -4 -7 0 -4 C4 -7 6 -2 0 3 Z";
const SHIELD = "M0 -5 L5 -3.5 L4 1.5 Q2 4.5 0 6 Q-2 4.5 -4 1.5 L-5 -3.5 Z";

// A thing's name from the catalogue, by its content id (the view holds ids, never words).
function named(ctx, id) {
  return ctx.cat[id] ? ctx.cat[id].name : id;
}

// The name of a seat's ability, as its adventurer's catalogue entry gives it.
function abilityName(p, ctx) {
  const adv = ctx.cat[p.adventurer];
  return adv && adv.ability ? adv.ability : p.ability;
}

function pips(x, y, have, most, path, cls) {
  const g = svg("g", { class: `pips ${cls}` });
  for (let i = 0; i < Math.max(have, most); i++) {
    g.append(svg("path", { d: path, transform: `translate(${x + i * 14},${y}) scale(1.3)`, class: i < have ? "full" : "empty" }));
  }
  return g;
}

function header(p, ctx) {
  const v = ctx.view, s = p.seat;
  const name = p.adventurer && ctx.cat[p.adventurer] ? ctx.cat[p.adventurer].name : ctx.names[s];
  const g = svg("g", { class: "mat-head" + (v.active === s ? " current" : "") },
    svg("rect", { x: 2, y: 2, width: W - 4, height: 40, rx: 9, class: "head-frame" }),
    svg("rect", { x: 2, y: 2, width: 6, height: 40, rx: 3, fill: seatColour(s) }),
    seatToken(s, 24, 22, 9, { cls: "marker" }),
    label(40, 15, name, { "text-anchor": "start", "font-size": 15, "font-weight": 700 }),
    label(40, 32, fit(tagLine(p, ctx), 36), { "text-anchor": "start", "font-size": 10.5, class: "small" }));
  const coin = svg("g", { transform: `translate(${W - 92},22)` },
    svg("circle", { r: 13, class: "coin" }), label(0, 1, p.gold, { "font-size": 12, "font-weight": 700 }),
    label(18, -5, `/ ${v.gold_target}`, { "font-size": 11, "text-anchor": "start" }),
    label(18, 9, t("board.income", { n: p.income }), { "font-size": 9.5, "text-anchor": "start", class: "small" }));
  g.append(coin);
  const more = [tagLine(p, ctx), t("board.gold", { n: p.gold, goal: v.gold_target }), t("board.life", { n: p.life, most: p.max_life }),
    t("board.armour", { n: p.armour, most: p.max_armour }), t("board.hand", { n: p.hand.length })];
  const d = p.adventurer ? details(ctx.cat, p.adventurer, more) : { title: name, lines: more };
  return spot(g, place("mat", s), ctx, { details: d });
}

// Whose turn, and the states that keep an adventurer out of reach or out of play.
function tagLine(p, ctx) {
  const tags = [];
  if (ctx.view.active === p.seat && ctx.view.phase !== "start") tags.push(t("board.their_turn"));
  if (ctx.seat === p.seat) tags.push(t("board.you"));
  if (p.dead) tags.push(t("board.dead"));
  if (p.limbo) tags.push(t("board.limbo", { n: p.limbo }));
  if (p.immune) tags.push(t("board.immune"));
  if (p.defending) tags.push(t("board.defending"));
  if (p.died) tags.push(t("board.died"));
  return tags.join(" · ");
}

function vitals(p, ctx, y) {
  const g = svg("g", { class: "vitals" },
    label(8, y + 8, t("board.life_short"), { "text-anchor": "start", "font-size": 10.5, class: "small" }),
    pips(62, y + 8, p.life, p.max_life, HEART, "life"),
    label(8, y + 28, t("board.armour_short"), { "text-anchor": "start", "font-size": 10.5, class: "small" }),
    pips(62, y + 28, p.armour, p.max_armour, SHIELD, "armour"));
  hover(g, { title: ctx.names[p.seat], lines: [t("board.life", { n: p.life, most: p.max_life }), t("board.armour", { n: p.armour, most: p.max_armour })] });
  const out = [g];
  if (p.ability) {
    const ab = svg("g", { transform: `translate(${W - 168},${y})`, class: "ability" },
      svg("rect", { width: 162, height: 44, rx: 8, class: "frame" }),
      label(8, 10, t("board.ability"), { "text-anchor": "start", "font-size": 9.5, class: "small" }),
      ...lines(8, 23, wrap(abilityName(p, ctx), 22, 2), 11, { "text-anchor": "start", "font-weight": 600 }));
    const adv = ctx.cat[p.adventurer];
    out.push(spot(ab, place("ability", p.seat), ctx, { details: { title: abilityName(p, ctx), lines: [adv ? adv.text : null, ctx.view.ability_used && ctx.view.active === p.seat ? t("board.ability_used") : null] } }));
  }
  return out;
}

function weaponCard(w, i, p, ctx) {
  const small = [t("board.weapon_stats", { damage: w.damage, speed: w.speed }),
    t("board.durability", { n: w.durability, most: w.max_durability }) + (w.pierce ? ` · ${t("board.pierce")}` : ""),
    ...w.blueprints.map((b) => `+ ${named(ctx, b.id)}`)];
  const h = cardHeight(small.length);
  const node = card(0, 0, 128, h, { name: named(ctx, w.id), colour: "blue", small, cls: "weapon" });
  const more = w.blueprints.map((b) => `${t("board.blueprint")}: ${ctx.cat[b.id] ? ctx.cat[b.id].text : b.id}`);
  return [spot(node, place("weapon", p.seat, i), ctx, { details: details(ctx.cat, w.id, more) }), 128, h];
}

function fists(p, ctx) {
  const node = card(0, 0, 76, cardHeight(1), { name: t("board.fists"), small: [t("board.fists_stats")], cls: "fists" });
  return [spot(node, place("fists", p.seat), ctx, { details: { title: t("board.fists"), lines: [t("board.fists_help")] } }), 76, cardHeight(1)];
}

// Things in rows: each [node, width, height]; placed from (8, y); the height used.
function rows(g, things, y) {
  const lay = flow(things.map((x) => x[1]), W - 16, { row: 0 });
  let x = 0, top = y, tallest = 0;
  things.forEach(([node, w, h], i) => {
    if (i > 0 && lay.at[i][0] === 0) { top += tallest + 6; tallest = 0; }
    x = lay.at[i][0];
    node.setAttribute("transform", `translate(${8 + x},${top})`);
    g.append(node);
    tallest = Math.max(tallest, h);
  });
  return things.length ? top + tallest - y : 0;
}

function chips(p, ctx) {
  const out = [];
  const add = (list, kind, key, colour) => list.forEach((c, i) => {
    const name = named(ctx, c.id);
    const text = kind === "loc" ? t(c.shop ? "board.shop_chip" : "board.loc_chip", { name, level: c.level, income: c.income }) : name;
    const w = chipWidth(text, true);
    const node = chip(0, 0, w, text, { cls: kind, colour });
    const d = details(ctx.cat, c.id, [t(`board.kind.${kind}`)]);
    out.push([key ? spot(node, key(i), ctx, { details: d }) : hover(node, d), w, 22]);
  });
  add(p.shields, "shield", (i) => place("shield", p.seat, i), "red");
  add(p.upgrades, "upgrade", null, "red");
  add(p.curses, "curse", null, "red");
  add(p.locations, "loc", (i) => place("loc", p.seat, i), "green");
  if (ctx.seat !== p.seat) {
    p.hand.filter((c) => c.kind === "blueprint").forEach((c) => add([c], "hand", null, "blue"));
    p.hand.filter((c) => c.kind !== "blueprint").forEach((c) => add([c], "hand", null, "red"));
  }
  return out;
}

function handNote(p, ctx, y) {
  const words = ctx.seat === p.seat ? t("board.your_hand_below", { n: p.hand.length }) : t("board.hand", { n: p.hand.length });
  return label(8, y + 7, words, { "text-anchor": "start", "font-size": 10.5, class: "small" });
}

export function mat(p, ctx) {
  const root = svg("svg", { class: "board-svg gah-mat" + (p.dead ? " dead" : "") + (p.limbo ? " limbo" : ""),
    role: "group", "aria-label": ctx.names[p.seat], "data-seat": p.seat });
  const g = svg("g");
  g.append(svg("rect", { x: 0.5, y: 0.5, width: W - 1, height: 10, rx: 12, class: "mat-frame" }));
  g.append(header(p, ctx));
  let y = 50;
  if (p.adventurer) {
    g.append(...vitals(p, ctx, y));
    y += 50;
    const arms = p.weapons.map((w, i) => weaponCard(w, i, p, ctx));
    arms.push(fists(p, ctx));
    y += rows(g, arms, y) + 8;
  }
  const bits = chips(p, ctx);
  if (bits.length) y += rows(g, bits, y) + 6;
  g.append(handNote(p, ctx, y));
  y += 20;
  g.firstChild.setAttribute("height", y);
  root.setAttribute("viewBox", `0 0 ${W} ${y + 1}`);
  root.append(g);
  return root;
}
