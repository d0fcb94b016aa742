// Grab and Hit's small drawing parts: deck colours with their letters, seat markers (a shape
// and a number, never colour alone), words fitted into boxes, cards and chips in SVG, and the
// hover card of a catalogue entry.

import { COLOURS, SEAT_COLOURS, label, svg } from "/static/js/kit.js";
import { t } from "/static/js/texts.js";

// The three decks and the black trap sector: Okabe–Ito colours, each also with its letter.
export const DECK = { blue: COLOURS.blue, green: COLOURS.green, red: COLOURS.vermillion, black: "#222222" };
export const DECKS = ["blue", "green", "red"];
export function letter(colour) {
  return t(`board.letter.${colour}`);
}
export function colourName(colour) {
  return t(`board.colour.${colour}`);
}

// About how wide a text is at a font size (system sans-serif).
export function width(text, size) {
  return String(text).length * size * 0.56;
}

// `text` in lines of at most `chars` characters, at most `lines` of them (the last cut with …).
export function wrap(text, chars, lines = 2) {
  const words = String(text).split(/\s+/).filter(Boolean);
  const out = [];
  let line = "";
  for (const w of words) {
    if (!line) line = w;
    else if ((line + " " + w).length <= chars) line += " " + w;
    else { out.push(line); line = w; }
  }
  if (line) out.push(line);
  if (!out.length) return [""];
  const kept = out.slice(0, lines).map((l) => (l.length > chars ? l.slice(0, chars - 1) + "…" : l));
  if (out.length > lines) kept[lines - 1] = kept[lines - 1].slice(0, chars - 1).replace(/\s*$/, "") + "…";
  return kept;
}

// Lines of text from (x, y) down, `size` high, anchored as told.
export function lines(x, y, texts, size, attrs = {}) {
  return texts.map((s, i) => label(x, y + i * size * 1.2, s, { "font-size": size, ...attrs }));
}

// A seat's marker: its colour, its own shape and its number, so seats differ without colour.
const SHAPES = [
  (r) => svg("circle", { r }),
  (r) => svg("rect", { x: -r, y: -r, width: 2 * r, height: 2 * r, rx: 2 }),
  (r) => svg("path", { d: `M0 ${-r * 1.2} L${r * 1.1} ${r * 0.8} L${-r * 1.1} ${r * 0.8}Z` }),
  (r) => svg("path", { d: `M0 ${-r * 1.25} L${r * 1.25} 0 L0 ${r * 1.25} L${-r * 1.25} 0Z` }),
  (r) => svg("path", { d: polygon(5, r * 1.15) }),
  (r) => svg("path", { d: polygon(6, r * 1.1) }),
  (r) => svg("path", { d: polygon(8, r * 1.1) }),
  (r) => svg("path", { d: `M${-r} ${-r * 0.4}h${r * 0.6}v${-r * 0.6}h${r * 0.8}v${r * 0.6}h${r * 0.6}v${r * 0.8}h${-r * 0.6}v${r * 0.6}h${-r * 0.8}v${-r * 0.6}h${-r * 0.6}Z` }),
];
function polygon(n, r) {
  const pts = Array.from({ length: n }, (_, i) => {
    const a = (i / n) * 2 * Math.PI - Math.PI / 2;
    return `${(r * Math.cos(a)).toFixed(1)} ${(r * Math.sin(a)).toFixed(1)}`;
  });
  return `M${pts.join(" L")}Z`;
}
export function seatColour(s) {
  return SEAT_COLOURS[s % SEAT_COLOURS.length];
}
export function marker(s, x, y, r = 9) {
  const shape = SHAPES[s % SHAPES.length](r);
  shape.setAttribute("fill", seatColour(s));
  shape.setAttribute("stroke", "#222");
  return svg("g", { class: "marker", transform: `translate(${x},${y})`, "data-seat": s },
    shape, label(0, 1, s + 1, { "font-size": r * 1.1, fill: "#fff", "font-weight": 700, class: "marker-n" }));
}

// A card in SVG at (x, y): a frame (its first child, the place's outline), a colour band with
// the deck's letter, a name in up to two lines and small lines below it.
export function card(x, y, w, h, { name, colour = null, small = [], cls = "" }) {
  const g = svg("g", { transform: `translate(${x},${y})`, class: `gah-card ${cls}` },
    svg("rect", { width: w, height: h, rx: 7, class: "frame" }));
  if (colour) {
    g.append(svg("rect", { x: 0, y: 0, width: 14, height: h, rx: 4, fill: DECK[colour], class: "band" }),
      label(7, 11, letter(colour), { "font-size": 10, fill: "#fff", "font-weight": 700 }));
  }
  const left = colour ? 20 : 7;
  const chars = Math.max(6, Math.floor((w - left - 4) / (12 * 0.56)));
  const named = wrap(name, chars, 2);
  g.append(...lines(left, 15, named, 12, { "text-anchor": "start", class: "name" }));
  const smallChars = Math.max(6, Math.floor((w - left - 4) / (10.5 * 0.56)));
  small.filter(Boolean).forEach((s, i) => g.append(label(left, 19 + named.length * 14.4 + i * 13, wrap(s, smallChars, 1)[0],
    { "font-size": 10.5, "text-anchor": "start", class: "small" })));
  return g;
}

// The height a card needs for a name of two lines and `n` small lines.
export function cardHeight(n) {
  return 49 + 13 * n;
}

// A chip: a short rounded label, `w` wide from (x, y).
export function chip(x, y, w, text, { cls = "", colour = null } = {}) {
  const g = svg("g", { transform: `translate(${x},${y})`, class: `gah-chip ${cls}` },
    svg("rect", { width: w, height: 22, rx: 11, class: "frame" }));
  let left = 9;
  if (colour) {
    g.append(svg("circle", { cx: 11, cy: 11, r: 7, fill: DECK[colour] }),
      label(11, 11.5, letter(colour), { "font-size": 9, fill: "#fff", "font-weight": 700 }));
    left = 22;
  }
  const chars = Math.max(4, Math.floor((w - left - 6) / (11 * 0.56)));
  g.append(label(left, 11.5, wrap(text, chars, 1)[0], { "font-size": 11, "text-anchor": "start" }));
  return g;
}
export function chipWidth(text, colour = false, most = 260) {
  return Math.min(most, width(text, 11) + (colour ? 30 : 18));
}

// The hover card of a catalogue entry: its name, kind, text and numbers, plus `more` lines.
export function details(cat, id, more = []) {
  const e = cat[id];
  if (!e) return null;
  return { title: e.name, lines: [e.kind, e.text, ...Object.entries(e.numbers || {}).map(([k, v]) => `${k}: ${v}`), ...more] };
}

// Lay things of given widths out in rows `most` wide: the (x, y) of each, and the height used.
export function flow(widths, most, { gap = 6, row = 28 } = {}) {
  let x = 0, y = 0;
  const at = widths.map((w) => {
    if (x > 0 && x + w > most) { x = 0; y += row; }
    const p = [x, y];
    x += w + gap;
    return p;
  });
  return { at, height: widths.length ? y + row : 0 };
}
