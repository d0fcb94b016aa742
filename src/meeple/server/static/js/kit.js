// The drawing kit every board shares (docs/boards.md): SVG elements, colours safe for
// colour-blind players, place keys built from the game's templates, spots that are clicked to
// act, a card under the pointer with the details of what is there, zoom and pan for large
// maps, text wrapped into lines, tiles' passages, seats' tokens, hands of cards, dice, and the
// switch that turns animations off. A board module draws from the seat's snapshot only.

import { el, t } from "./texts.js";

export const SVG = "http://www.w3.org/2000/svg";

// Okabe and Ito's eight colours, told apart by every kind of colour vision; seats also differ
// by shape or letter wherever they meet on a board, never by colour alone.
export const COLOURS = {
  orange: "#E69F00", sky: "#56B4E9", green: "#009E73", yellow: "#F0E442",
  blue: "#0072B2", vermillion: "#D55E00", purple: "#CC79A7", black: "#000000",
};
export const SEAT_COLOURS = [COLOURS.vermillion, COLOURS.blue, COLOURS.green, COLOURS.orange,
  COLOURS.purple, COLOURS.sky];

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "style") node.style.cssText = String(v);  // the CSP refuses style attributes
    else node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

// Text in an SVG, centred on (x, y) unless told otherwise.
export function label(x, y, text, attrs = {}) {
  return svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, String(text));
}

// About how wide `text` is at a font size (system sans-serif), and about how many characters
// fit in `width` at that size: SVG text does not wrap itself.
export function textWidth(text, size) {
  return String(text).length * size * 0.56;
}
export function charsIn(width, size) {
  return Math.floor(width / (size * 0.56));
}

// `text` in lines of at most `chars` characters, at most `most` of them: the last one cut
// with "…" when the text goes on.
export function wrap(text, chars, most = 2) {
  const words = String(text).split(/\s+/).filter(Boolean);
  const out = [];
  for (const w of words) {
    const last = out.length - 1;
    if (last >= 0 && (out[last] + " " + w).length <= chars) out[last] += " " + w;
    else out.push(w);
  }
  if (!out.length) return [""];
  const cut = (line) => line.slice(0, chars - 1).replace(/\s*$/, "") + "…";
  const kept = out.slice(0, most).map((l) => (l.length > chars ? cut(l) : l));
  if (out.length > most) kept[most - 1] = cut(out.slice(most - 1).join(" "));
  return kept;
}

// `text` on one line of at most `chars` characters.
export function fit(text, chars) {
  return wrap(text, chars, 1)[0];
}

// Lines of text from (x, y) down, `size` high, anchored as told (e.g. the lines of `wrap`).
export function lines(x, y, texts, size, attrs = {}) {
  return texts.map((s, i) => label(x, y + i * size * 1.2, s, { "font-size": size, ...attrs }));
}

// The place keys of the game being drawn (its Game.place_keys, sent with the game's info and
// taken by `context`): each kind's template, {0}, {1}… standing for the parts that name one.
let keys = {};

// The key of a place on the table: `place("hex", "f6")` is "hex:f6", `place("card", "hand",
// 12)` "card:hand:12", as the game's templates make them, which the server's places build too.
export function place(kind, ...parts) {
  const template = keys[kind];
  if (template === undefined) {
    throw new Error(`no place kind ${kind}; the game's are: ${Object.keys(keys).join(", ")}`);
  }
  const wanted = new Set(template.match(/\{\d+\}/g) || []).size;
  if (parts.length !== wanted) {
    throw new Error(`a ${kind} place (${template}) has ${wanted} parts, not ${parts.length}`);
  }
  return template.replace(/\{(\d+)\}/g, (_, i) => String(parts[Number(i)]));
}

// The legal actions of the snapshot by their place (actions with no place are left out).
export function placesOf(snap) {
  const out = new Map();
  for (const a of snap.legal || []) {
    if (!a.where) continue;
    if (!out.has(a.where)) out.set(a.where, []);
    out.get(a.where).push(a);
  }
  return out;
}

// The actions the rules forbid the seat now, with the reason of each (the snapshot's
// `blocked`, the game's own words), by their place (those with no place are left out).
export function blockedOf(snap) {
  const out = new Map();
  for (const b of snap.blocked || []) {
    if (!b.where) continue;
    if (!out.has(b.where)) out.set(b.where, []);
    out.get(b.where).push(b);
  }
  return out;
}

// What a board module receives: the snapshot, the game's catalogue in the page's language,
// `act(text)` to send an action, the places of the legal actions and those of the forbidden
// ones (`blocked`, each with its reason). The game's place keys become those `place` fills.
export function context(snap, game, act) {
  keys = (game && game.place_keys) || {};
  return { snap, view: snap.view, cat: (game && game.catalogue) || {}, act, places: placesOf(snap),
    blocked: blockedOf(snap), seat: snap.seat, names: snap.names || [] };
}

// The lines that say why the actions forbidden at the place `key` are (label — reason).
export function blockedLines(ctx, key, mark = "✕") {
  return ((ctx.blocked && ctx.blocked.get(key)) || []).map((b) => `${mark} ${b.label} — ${b.reason}`);
}

// The labels of the legal actions at the place `key`, as lines of a card ("→ label").
export function actionLines(ctx, key, mark = "→") {
  return (ctx.places.get(key) || []).map((a) => `${mark} ${a.label}`);
}

// Make `node` (SVG or HTML) the spot of the place `key`: when legal actions happen there it
// becomes a button named by their labels; one action is taken at a click or Enter, several open
// a chooser. `picture(action)`, when given, draws each choice (an SVG element: a tile in one
// rotation, say), so the chooser shows pictures beside the labels.
// A place where some action is forbidden now shows why in its card (after its own details)
// and says it to a screen reader; the reasons are the game's, never the page's.
export function spot(node, key, ctx, { details = null, picture = null } = {}) {
  node.setAttribute("data-place", key);
  const actions = ctx.places.get(key);
  const why = blockedLines(ctx, key);
  if (why.length) {
    const own = details;
    const title = actions ? actions.map((a) => a.label).join(" · ") : t("web.board.not_now");
    details = () => {
      const d = (typeof own === "function" ? own() : own) || { title, lines: [] };
      return { ...d, lines: [...(d.lines || []), ...why] };
    };
    node.classList.add("blocked");
    node.setAttribute("data-blocked", why.join("\n"));
    if (!actions) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("aria-label", why.join(" · "));
    }
  }
  if (details) hover(node, details);
  if (!actions) return node;
  node.classList.add("place");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  const name = actions.map((a) => a.label).join(" · ");
  node.setAttribute("aria-label", name);
  if (!details) node.append(titled(node, name));
  const go = (e) => {
    e.stopPropagation();
    if (actions.length === 1) ctx.act(actions[0].text);
    else choose(node, actions, ctx, picture);
  };
  node.addEventListener("click", go);
  node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(e); } });
  return node;
}

function titled(node, text) {
  return node instanceof SVGElement ? svg("title", {}, text) : document.createTextNode("");
}

// A small menu of the actions that share one place, beside it; Escape or a click elsewhere
// closes it. With `picture`, each choice is drawn (an SVG of 64 by 64 units) above its label.
export function choose(node, actions, ctx, picture = null) {
  closeChooser();
  const drawn = (a) => {
    const p = picture ? picture(a) : null;
    return p ? svg("svg", { class: "choice-picture", viewBox: "0 0 64 64", width: 64, height: 64,
      "aria-hidden": "true" }, p) : null;
  };
  const box = el("div", { class: "chooser" + (picture ? " pictures" : ""), role: "menu",
    "aria-label": t("web.board.choose") },
    actions.map((a) => el("button", { type: "button", role: "menuitem", class: "action" + (a.costs ? " costs" : ""),
      "data-action": a.text, onclick: (e) => { e.stopPropagation(); closeChooser(); ctx.act(a.text); } },
      drawn(a), el("span", {}, a.label))),
    el("button", { type: "button", class: "quiet", onclick: closeChooser }, t("web.board.cancel")));
  const r = node.getBoundingClientRect();
  box.style.left = `${Math.max(4, Math.min(window.innerWidth - 260, r.left + window.scrollX))}px`;
  box.style.top = `${r.bottom + window.scrollY + 4}px`;
  document.body.append(box);
  box.querySelector("button").focus();
  box.addEventListener("keydown", (e) => { if (e.key === "Escape") closeChooser(); });
}

export function closeChooser() {
  for (const c of document.querySelectorAll(".chooser")) c.remove();
}
document.addEventListener("click", (e) => { if (!e.target.closest || !e.target.closest(".chooser")) closeChooser(); });

// The card under the pointer (or focused, or tapped): a title and lines of details.
let tip = null;
let tipFor = null;
export function hover(node, details) {
  const show = () => {
    if (tipFor === node && tip && !tip.hidden) return;
    tipFor = node;
    const d = typeof details === "function" ? details() : details;
    if (!d) return;
    if (!tip) { tip = el("div", { class: "tip", role: "tooltip" }); document.body.append(tip); }
    tip.replaceChildren(el("strong", {}, d.title), ...(d.lines || []).filter(Boolean).map((l) => el("p", {}, l)));
    const r = node.getBoundingClientRect();
    tip.hidden = false;
    const w = tip.offsetWidth || 240;
    tip.style.left = `${Math.max(4, Math.min(window.innerWidth - w - 4, r.right + window.scrollX + 6))}px`;
    tip.style.top = `${Math.max(4, r.top + window.scrollY)}px`;
  };
  const hide = hideTip;
  // A moving mouse shows it (not merely a board redrawn under a still pointer); a touch shows
  // it at once, and the next touch elsewhere takes it away.
  node.addEventListener("pointermove", (e) => { if (e.pointerType === "mouse") show(); });
  node.addEventListener("pointerleave", hide);
  node.addEventListener("focus", show);
  node.addEventListener("blur", hide);
  node.addEventListener("pointerdown", (e) => { if (e.pointerType === "touch") show(); });
  node.classList.add("has-tip");
  return node;
}

// The card under the pointer goes away at the next tap anywhere else, on scrolling and when
// the board is drawn again (after a move): on a phone nothing lifts the finger "off" a place.
export function hideTip() { if (tip) tip.hidden = true; tipFor = null; }
document.addEventListener("pointerdown", (e) => {
  if (!e.target.closest || !e.target.closest(".has-tip")) hideTip();
}, true);
window.addEventListener("scroll", hideTip, { passive: true });

// Zoom and pan for a large map: the wheel or a pinch zooms, a drag pans, and three buttons
// zoom in, out and back. The view box is kept per `key` so a redraw keeps the player's zoom.
const views = new Map();
export function zoomable(root, key, [x0, y0, w0, h0]) {
  const home = [x0, y0, w0, h0];
  let vb = views.get(key);
  if (!vb || vb.home.join() !== home.join()) vb = { home, box: [...home] };
  views.set(key, vb);
  const apply = () => root.setAttribute("viewBox", vb.box.join(" "));
  apply();
  const zoom = (f, cx = vb.box[0] + vb.box[2] / 2, cy = vb.box[1] + vb.box[3] / 2) => {
    const [x, y, w, h] = vb.box;
    const nw = Math.min(w0 * 1.5, Math.max(w0 / 8, w * f));
    const k = nw / w;
    vb.box = [cx - (cx - x) * k, cy - (cy - y) * k, w * k, h * k];
    apply();
  };
  const toSvg = (e) => {
    const r = root.getBoundingClientRect();
    return [vb.box[0] + (e.clientX - r.left) / r.width * vb.box[2], vb.box[1] + (e.clientY - r.top) / r.height * vb.box[3]];
  };
  root.addEventListener("wheel", (e) => { e.preventDefault(); zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, ...toSvg(e)); }, { passive: false });
  const down = new Map();
  let moved = false;
  root.addEventListener("pointerdown", (e) => { down.set(e.pointerId, [e.clientX, e.clientY]); moved = false; });
  root.addEventListener("pointermove", (e) => {
    const was = down.get(e.pointerId);
    if (!was) return;
    const r = root.getBoundingClientRect();
    if (down.size === 2) {
      const [a, b] = [...down.values()];
      const before = Math.hypot(a[0] - b[0], a[1] - b[1]);
      down.set(e.pointerId, [e.clientX, e.clientY]);
      const [c, d] = [...down.values()];
      const after = Math.hypot(c[0] - d[0], c[1] - d[1]);
      if (before > 0 && after > 0) { zoom(before / after); moved = true; }
      return;
    }
    const dx = e.clientX - was[0], dy = e.clientY - was[1];
    if (!moved && Math.hypot(dx, dy) < 6) return;
    moved = true;
    vb.box[0] -= dx / r.width * vb.box[2];
    vb.box[1] -= dy / r.height * vb.box[3];
    down.set(e.pointerId, [e.clientX, e.clientY]);
    apply();
  });
  const up = (e) => down.delete(e.pointerId);
  root.addEventListener("pointerup", up);
  root.addEventListener("pointercancel", up);
  // A drag that moved the map is not a click on the place it started on.
  root.addEventListener("click", (e) => { if (moved) { e.stopPropagation(); moved = false; } }, true);
  const bar = el("div", { class: "zoom" },
    el("button", { type: "button", "aria-label": t("web.board.zoom_in"), title: t("web.board.zoom_in"), onclick: () => zoom(1 / 1.4) }, "+"),
    el("button", { type: "button", "aria-label": t("web.board.zoom_out"), title: t("web.board.zoom_out"), onclick: () => zoom(1.4) }, "−"),
    el("button", { type: "button", "aria-label": t("web.board.zoom_reset"), title: t("web.board.zoom_reset"), onclick: () => { vb.box = [...home]; apply(); } }, "⤢"));
  return bar;
}

// A hand of cards as a fan: each card shows its name, cost and text; a card whose place has
// legal actions is clicked to play it. `cards`: [{key, name, cost, text, kind, details}].
export function fan(cards, ctx, { title = null } = {}) {
  const n = cards.length;
  return el("div", { class: "hand", role: "list", "aria-label": title || t("web.board.hand") },
    cards.map((c, i) => {
      const turn = n > 1 ? (i - (n - 1) / 2) * Math.min(6, 40 / n) : 0;
      const card = el("div", { class: `card-face ${c.kind || ""}`, role: "listitem", style: `--turn:${turn}deg` },
        el("strong", {}, c.name),
        c.cost ? el("span", { class: "cost" }, c.cost) : null,
        c.text ? el("p", {}, c.text) : null);
      if (c.key) spot(card, c.key, ctx, { details: c.details || null });
      return card;
    }));
}

// Cards face down: how many, never which.
export function backs(count, name) {
  return el("div", { class: "backs", "aria-label": `${name}: ${count}` },
    el("span", { class: "back" }), el("span", { class: "count" }, `${name} · ${count}`));
}

// A tile's passages in a square of side `size` with its top left at (x, y): a floor in the
// middle, `width` of the side across, and an arm of it to each side open in `mask` (north 1,
// east 2, south 4, west 8, as the games' tiles count them); with `wall`, a line of that class
// just inside each closed side. `floor` is the class of the floor's parts.
export const SIDE_BITS = [1, 2, 4, 8];
export function passages(mask, { x = 0, y = 0, size = 100, width = 0.3, floor = "floor", wall = null } = {}) {
  const g = svg("g", { class: "passages" });
  const w = size * width, c = (size - w) / 2, o = 0.5;  // arms overlap the floor: no seam
  g.append(svg("rect", { x: x + c, y: y + c, width: w, height: w, class: floor }));
  const arms = [[x + c, y, w, c + o], [x + c + w - o, y + c, c + o, w],
    [x + c, y + c + w - o, w, c + o], [x, y + c, c + o, w]];
  const i = 4, e = size - i;
  const walls = [[i, i, e, i], [e, i, e, e], [i, e, e, e], [i, i, i, e]];
  SIDE_BITS.forEach((bit, k) => {
    if (mask & bit) {
      const [ax, ay, aw, ah] = arms[k];
      g.append(svg("rect", { x: ax, y: ay, width: aw, height: ah, class: floor }));
    } else if (wall) {
      const [x1, y1, x2, y2] = walls[k];
      g.append(svg("line", { x1: x + x1, y1: y + y1, x2: x + x2, y2: y + y2, class: wall }));
    }
  });
  return g;
}

// A five-pointed star's path centred on (cx, cy): its points `r` out, its notches `inner`.
export function starPath(cx, cy, r, inner = r * 0.45) {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + k * Math.PI / 5, rr = k % 2 ? inner : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `M${pts.join(" L")} Z`;
}

// The shapes of seats' tokens, centred on (0, 0), `r` their half size: a circle, a square, a
// triangle, a diamond, a pentagon, a hexagon, an octagon and a cross.
function polygon(n, r) {
  const pts = Array.from({ length: n }, (_, i) => {
    const a = (i / n) * 2 * Math.PI - Math.PI / 2;
    return `${(r * Math.cos(a)).toFixed(1)} ${(r * Math.sin(a)).toFixed(1)}`;
  });
  return `M${pts.join(" L")}Z`;
}
const TOKEN_SHAPES = [
  (r) => svg("circle", { r }),
  (r) => svg("rect", { x: -r, y: -r, width: 2 * r, height: 2 * r, rx: r / 4 }),
  (r) => svg("path", { d: `M0 ${-r * 1.15} L${r * 1.1} ${r * 0.85} L${-r * 1.1} ${r * 0.85}Z` }),
  (r) => svg("path", { d: `M0 ${-r * 1.2} L${r * 1.2} 0 L0 ${r * 1.2} L${-r * 1.2} 0Z` }),
  (r) => svg("path", { d: polygon(5, r * 1.15) }),
  (r) => svg("path", { d: polygon(6, r * 1.1) }),
  (r) => svg("path", { d: polygon(8, r * 1.1) }),
  (r) => svg("path", { d: `M${-r} ${-r * 0.4}h${r * 0.6}v${-r * 0.6}h${r * 0.8}v${r * 0.6}h${r * 0.6}v${r * 0.8}h${-r * 0.6}v${r * 0.6}h${-r * 0.8}v${-r * 0.6}h${-r * 0.6}Z` }),
];

// A seat's token at (x, y), `r` its half size: its shape in its colour with a mark on it (the
// seat's number unless told: a hero's letter, a colour's initial), so that seats never differ
// by colour alone. Each seat has a shape of its own unless `shape` says which (0, the circle,
// where the marks already differ). `acting` rings it with a dashed halo; `dead` crosses it
// out. `cls` adds the board's own classes.
export function seatToken(seat, x, y, r, { mark = seat + 1, shape = seat, colour = null, ink = "#fff",
  cls = "", acting = false, dead = false } = {}) {
  const g = svg("g", { class: `seat-token ${cls}${acting ? " acting" : ""}${dead ? " dead" : ""}`.trim(),
    transform: `translate(${x},${y})`, "data-seat": seat });
  if (acting) g.append(svg("circle", { r: r + 4, class: "halo" }));
  const body = TOKEN_SHAPES[shape % TOKEN_SHAPES.length](r);
  body.setAttribute("fill", colour || SEAT_COLOURS[seat % SEAT_COLOURS.length]);
  body.setAttribute("class", "body");
  const low = shape % TOKEN_SHAPES.length === 2 ? r * 0.2 : r * 0.06;  // a triangle's middle is low
  g.append(body, label(0, low, mark, { class: "mark", fill: ink, "font-size": r * 1.1 }));
  if (dead) g.append(svg("path", { d: `M${-r} ${-r} L${r} ${r} M${r} ${-r} L${-r} ${r}`, class: "cross" }));
  return g;
}

// A seat's token as a small picture for the page's HTML (a sheet's or a card's heading).
export function seatIcon(seat, size = 22, opts = {}) {
  return svg("svg", { class: "seat-icon", viewBox: "-13 -13 26 26", width: size, height: size, "aria-hidden": "true" },
    seatToken(seat, 0, 0, 9.5, opts));
}

// Animations: on unless the player turned them off here or asks the system for less motion.
const MOTION = "meeple.animations";
export function animationsOn() {
  const kept = localStorage.getItem(MOTION);
  if (kept !== null) return kept === "on";
  return !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}
export function motionSwitch() {
  const box = el("label", { class: "motion" });
  const input = el("input", { type: "checkbox", checked: animationsOn(),
    onchange: (e) => localStorage.setItem(MOTION, e.target.checked ? "on" : "off") });
  box.append(input, ` ${t("web.board.animations")}`);
  return box;
}

// The events of the snapshot that the page has not yet shown (none on the first draw, so a
// reload does not replay the story). Keyed by match so two boards never share.
const shown = new Map();
export function freshEvents(snap) {
  const total = (snap.events_from || 0) + snap.events.length;
  const before = shown.get(snap.match);
  shown.set(snap.match, total);
  if (before === undefined || total <= before) return [];
  return snap.events.slice(Math.max(0, before - (snap.events_from || 0)));
}

// A die with `value` pips (1–6) or a number, at (x, y), `size` wide.
const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };
export function die(x, y, value, { size = 28, fill = "#fff", ink = "#222" } = {}) {
  const g = svg("g", { class: "die", transform: `translate(${x},${y})`, "data-value": value });
  g.append(svg("rect", { x: -size / 2, y: -size / 2, width: size, height: size, rx: size / 6, fill, stroke: ink, "stroke-width": 1.5 }));
  const pips = PIPS[value];
  if (pips) for (const [dx, dy] of pips) g.append(svg("circle", { cx: dx * size / 4, cy: dy * size / 4, r: size / 11, fill: ink }));
  else g.append(label(0, 0, value, { "font-size": size / 2, fill: ink }));
  return g;
}

// Roll the dice groups in `node` (made by `die`) for a moment before they show their values;
// the values were decided by the engine, the tumbling faces are only a show.
export function roll(node, ms = 600) {
  if (!animationsOn()) return;
  node.classList.add("rolling");
  setTimeout(() => node.classList.remove("rolling"), ms);
}

// Spin `node` (an SVG group turned about its origin) from `from` to `to` degrees.
export function spin(node, from, to, ms = 1200) {
  if (!animationsOn() || !node.animate) { node.setAttribute("transform", `rotate(${to})`); return; }
  node.setAttribute("transform", `rotate(${to})`);
  node.animate([{ transform: `rotate(${from}deg)` }, { transform: `rotate(${to}deg)` }],
    { duration: ms, easing: "cubic-bezier(.2,.7,.2,1)" });
}
