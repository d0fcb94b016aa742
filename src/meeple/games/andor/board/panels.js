// Andor's tracks and panels beside the map: the legend track with the narrator and the letters,
// the time track with each hero's hour and the overtime, the castle, goals and event deck, the
// heroes' boards, the merchants' wares, and the fight with its dice.

import { die, hover, label, place, seatIcon, spot, starPath, svg, SEAT_COLOURS } from "/static/js/kit.js";
import { el, t } from "/static/js/texts.js";
import { creatureLetter, heroLetter, heroPiece, name, regionName } from "./mapview.js";

const LETTERS = "ABCDEFGHIJKLMN";
const HOURS = 7, OVERTIME = 3;

function letterCard(ctx, L) {
  const card = ctx.cat[L];
  const lines = [];
  if (ctx.view.letter === L) lines.push(t("board.narrator_here"));
  if (card) lines.push(card.name, ctx.view.cards_read.includes(L) ? card.text : t("board.card_later"));
  if (L === LETTERS[LETTERS.length - 1]) lines.push(t("board.last_letter"));
  return { title: t("board.letter", { letter: L }), lines };
}

// The legend track: a circle a letter; a star where a legend card waits; the narrator's flag.
// Where the tracks' parts go: beside their names on a wide screen, under them on a narrow one.
const WIDE = { view: "0 -30 1000 172", name: [0, 30], letter: (i) => [190 + i * 57, 30], r: 17,
  time: [0, 105], day: [0, 129], y: 105, box: (i) => (i === 0 ? 190 : 260 + (i - 1) * 70), w: 60 };
const TALL = { view: "0 -4 500 196", name: [0, 12], letter: (i) => [18 + i * 35, 66], r: 15,
  time: [0, 112], day: [120, 112], y: 158, box: (i) => (i === 0 ? 26 : 80 + (i - 1) * 42), w: 38 };

function legendTrack(ctx, lay) {
  const g = svg("g", { class: "legend-track" },
    label(...lay.name, t("board.legend_track"), { class: "track-name", "text-anchor": "start" }));
  const at = LETTERS.indexOf(ctx.view.letter);
  [...LETTERS].forEach((L, i) => {
    const [x, y] = lay.letter(i);
    const cls = i < at ? "passed" : i === at ? "narrator" : "ahead";
    const c = svg("g", { class: `letter ${cls}`, transform: `translate(${x},${y})`, tabindex: 0,
      "aria-label": t("board.letter", { letter: L }) },
      svg("circle", { r: lay.r }), label(0, 1, L, { class: "letter-text" }));
    if (ctx.cat[L]) c.append(svg("path", { d: starPath(13, -13, 7), class: "star" }));
    if (i === at) c.append(svg("path", { d: "M-3,-16 v-24 l16,7 l-16,7", class: "flag" }));
    g.append(hover(c, () => letterCard(ctx, L)));
  });
  return g;
}

function heroHourCard(ctx, h) {
  const lines = [t("board.hours", { n: h.hours })];
  if (h.ended) lines.push(t("board.ended"));
  if (ctx.view.rooster === h.seat) lines.push(t("board.rooster"));
  return { title: name(ctx, h.hero), lines };
}

// The time track: the sunrise box, seven hours and three hours of overtime; each hero's marker.
function timeTrack(ctx, lay) {
  const { y, box, w } = lay;
  const g = svg("g", { class: "time-track" },
    label(...lay.time, t("board.time_track"), { class: "track-name", "text-anchor": "start" }),
    label(...lay.day, t("board.day", { n: ctx.view.day }), { class: "track-sub", "text-anchor": "start" }));
  const sun = svg("g", { class: "hour sunrise", tabindex: 0 },
    svg("rect", { x: box(0) - w / 2, y: y - 26, width: w, height: 52, rx: 8 }),
    svg("circle", { cx: box(0), cy: y - 10, r: 8, class: "sun" }));
  g.append(hover(sun, { title: t("board.sunrise"), lines: [t("board.sunrise_text")] }));
  for (let i = 1; i <= HOURS + OVERTIME; i++) {
    const over = i > HOURS;
    const b = svg("g", { class: `hour${over ? " overtime" : ""}` },
      svg("rect", { x: box(i) - w / 2, y: y - 26, width: w, height: 52, rx: 6 }),
      label(box(i), y - 16, i, { class: "hour-num" }));
    if (over) hover(b, { title: t("board.hour", { n: i }), lines: [t("board.overtime")] });
    g.append(b);
  }
  const boxes = new Map();
  for (const h of ctx.view.heroes) {
    const i = h.ended ? 0 : h.hours;
    if (!boxes.has(i)) boxes.set(i, []);
    boxes.get(i).push(h);
  }
  for (const [i, hs] of boxes) {
    hs.forEach((h, k) => {
      const p = lay === TALL
        ? heroPiece(box(i) + (hs.length > 1 ? (k % 2 - 0.5) * 16 : 0), y + 3 + Math.floor(k / 2) * 15, h, 7)
        : heroPiece(box(i) + (k - (hs.length - 1) / 2) * 15, y + 10, h, 7.5);
      if (ctx.view.rooster === h.seat) p.append(svg("path", { d: starPath(7, -7, 5), class: "rooster" }));
      p.setAttribute("tabindex", 0);
      g.append(hover(p, () => heroHourCard(ctx, h)));
    });
  }
  return g;
}

export function tracks(ctx, tall = false) {
  const lay = tall ? TALL : WIDE;
  return svg("svg", { class: "board-svg andor-tracks", viewBox: lay.view, role: "group",
    "aria-label": t("board.tracks") }, legendTrack(ctx, lay), timeTrack(ctx, lay));
}

function goalText(ctx, goal) {
  const [kind, what] = goal.split(":");
  return kind === "kill" ? t("board.goal_kill", { what: name(ctx, what) })
    : t("board.goal_deliver", { what: name(ctx, what) });
}

// The castle's shields, the goals and the event deck, in words.
export function status(ctx) {
  const v = ctx.view;
  const c = v.castle;
  const shields = el("span", { class: "chip castle", tabindex: 0 },
    t("board.castle", { taken: c.creatures, n: c.shields }));
  hover(shields, { title: name(ctx, "region-0"), lines: [t("board.castle_text"), c.farmers ? t("board.castle_farmers", { n: c.farmers }) : null] });
  const goals = v.goals.map((g, i) => el("span", { class: `chip goal${v.goals_met[i] ? " met" : ""}` },
    `${v.goals_met[i] ? "✓" : "○"} ${goalText(ctx, g)}`));
  const deck = el("span", { class: "chip deck", tabindex: 0 }, t("board.event_deck", { n: v.event_deck }));
  const last = v.last_event && ctx.cat[v.last_event];
  if (last) hover(deck, { title: last.name, lines: [last.text] });
  const legend = ctx.cat[v.legend];
  return el("div", { class: "andor-status" },
    legend ? el("strong", {}, legend.name) : null, shields, ...goals, deck,
    last ? el("span", { class: "chip" }, t("board.last_event", { name: last.name })) : null);
}

function chip(ctx, key, text, details) {
  const c = el("span", { class: "chip ware", tabindex: key ? null : 0 }, text);
  return key ? spot(c, key, ctx, { details }) : hover(c, details);
}

function articleChip(ctx, h, item, mine) {
  const id = item.split(":")[0];
  const worn = item.endsWith(":worn");
  const text = worn ? t("board.worn", { name: name(ctx, id) }) : name(ctx, id);
  const details = { title: name(ctx, id), lines: [ctx.cat[id] ? ctx.cat[id].text : null] };
  return chip(ctx, mine ? place("item", id) : null, text, details);
}

function heroCard(ctx, h) {
  const mine = h.seat === ctx.seat;
  const head = el("button", { type: "button", class: "hero-head" },
    seatIcon(h.seat, 24, { mark: heroLetter(h.hero), shape: 0 }),
    el("strong", {}, name(ctx, h.hero)),
    mine ? el("small", { class: "you" }, t("board.you")) : null);
  spot(head, place("hero", h.hero), ctx, { details: () => ({ title: name(ctx, h.hero),
    lines: [ctx.cat[h.hero] ? ctx.cat[h.hero].text : null, regionName(ctx, h.region)] }) });
  const stats = el("div", { class: "stats" },
    el("span", {}, t("board.strength", { n: h.strength })),
    el("span", {}, t("board.willpower", { n: h.willpower })),
    el("span", {}, t("board.gold", { n: h.gold })),
    el("span", {}, t("board.hours", { n: h.hours })),
    el("span", {}, t("board.dice", { n: h.dice })),
    el("span", {}, regionName(ctx, h.region)));
  const things = h.articles.map((a) => articleChip(ctx, h, a, mine));
  if (h.farmers) {
    things.push(chip(ctx, place("carried", h.hero), t("board.farmers", { n: h.farmers }),
      { title: name(ctx, "farmer"), lines: [t("board.carried")] }));
  }
  return el("div", { class: `hero-card${mine ? " mine" : ""}${h.ended ? " ended" : ""}`,
    style: `--seat:${SEAT_COLOURS[h.seat]}` }, head, stats,
    el("div", { class: "things" }, things.length ? things : el("span", { class: "quiet" }, t("board.no_articles"))),
    h.ended ? el("div", { class: "quiet" }, t("board.ended")) : null);
}

export function heroes(ctx) {
  return el("div", { class: "andor-heroes" }, ctx.view.heroes.map((h) => heroCard(ctx, h)));
}

// The merchants' wares (sold at the markets and the mine) and how many are left.
export function shop(ctx) {
  const v = ctx.view;
  const wares = Object.entries(v.stock).map(([id, n]) => chip(ctx, place("shop", id),
    t(id === "brew" ? "board.ware_witch" : "board.ware", { name: name(ctx, id), n }),
    { title: name(ctx, id), lines: [ctx.cat[id] ? ctx.cat[id].text : null] }));
  const sp = chip(ctx, place("shop", "strength"), t("board.ware_strength"),
    { title: t("board.ware_strength"), lines: [t("board.strength_text")] });
  return el("div", { class: "andor-shop" },
    el("strong", {}, t(v.market_open ? "board.shop" : "board.shop_closed")), sp, ...wares);
}

function lastRolls(events) {
  let creature = null, hero = null;
  for (const e of events) {
    if (e.type === "fight") { creature = null; hero = null; }
    if (e.type === "creature_roll") creature = e;
    if (e.type === "hero_roll") hero = e;
  }
  return { creature, hero };
}

// The fight: the creature, the heroes in it, the dice the roller chooses from, the last round.
// On a narrow screen the roller's dice and the creature's go under each other.
const FIGHT_WIDE = { view: "0 0 1000 130", roller: [330, 44], dice: [350, 86], cdice: [700, 72], cline: [690, 44] };
const FIGHT_TALL = { view: "0 0 500 220", roller: [10, 104], dice: [30, 142], cdice: [30, 200], cline: [10, 172] };

export function fight(ctx, fresh, tall = false) {
  const f = ctx.view.fight;
  const lay = tall ? FIGHT_TALL : FIGHT_WIDE;
  const rolled = lastRolls(f ? ctx.snap.events : fresh);
  if (!f && !rolled.creature) return null;
  const kind = f ? f.kind : rolled.creature.kind;
  const root = svg("svg", { class: "board-svg andor-fight", viewBox: lay.view, role: "group",
    "aria-label": t("board.fight_title") });
  const title = f ? t("board.fight", { name: name(ctx, kind), where: regionName(ctx, f.region), round: f.round })
    : t("board.last_round", { name: name(ctx, kind) });
  root.append(label(10, 18, title, { class: "fight-title", "text-anchor": "start" }));
  if (f) {
    root.append(label(10, 44, t("board.creature_now", { letter: creatureLetter(kind), sp: f.strength, wp: f.willpower }),
      { class: "fight-line", "text-anchor": "start" }));
    f.heroes.forEach((s, i) => root.append(heroPiece(22 + i * 26, 72, ctx.view.heroes[s], 11)));
    root.append(label(130, 72, t("board.hero_value", { n: f.hero_value }), { class: "fight-line", "text-anchor": "start" }));
    rollerDice(ctx, f, root, lay);
  }
  if (rolled.creature) {
    const c = rolled.creature;
    const g = svg("g", { class: "creature-dice", "data-rolled": c.value });
    const black = kind === "wardrak";
    const [x, y] = lay.cdice;
    c.dice.forEach((v, i) => g.append(die(x + i * 40, y, v, { size: 30, fill: black ? "#222" : "#c0392b", ink: "#fff" })));
    root.append(label(...lay.cline, t("board.creature_roll", { value: c.value, heroes: c.heroes }), { class: "fight-line", "text-anchor": "start" }), g);
  }
  return root;
}

function rollerDice(ctx, f, root, lay) {
  if (!f.dice.length || f.roller === null || f.roller === undefined) return;
  const h = ctx.view.heroes[f.roller];
  root.append(label(...lay.roller, t("board.roller", { name: name(ctx, h.hero) }), { class: "fight-line", "text-anchor": "start" }));
  const g = svg("g", { class: "hero-dice" });
  const [x, y] = lay.dice;
  f.dice.forEach((v, k) => {
    const black = k === f.black;
    const d = die(x + k * 44, y, v, { size: 32, fill: black ? "#222" : "#fff", ink: black ? "#fff" : "#222" });
    d.insertBefore(svg("rect", { x: -20, y: -20, width: 40, height: 40, rx: 8, class: "die-spot" }), d.firstChild);
    g.append(spot(d, place("die", k), ctx, { details: { title: t(black ? "board.black_die" : "board.hero_die", { n: v }), lines: [] } }));
  });
  root.append(g);
}
