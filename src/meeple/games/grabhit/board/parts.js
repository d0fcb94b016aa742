// Grab and Hit's small drawing parts: deck colours with their marks, cards and chips in SVG
// with their words fitted in, and the hover card of a catalogue entry.

import { COLOURS, SEAT_COLOURS, charsIn, fit, label, lines, svg, textWidth, wrap } from "/static/js/kit.js";
import { t } from "/static/js/texts.js";

// The three decks and the black trap sector: Okabe–Ito colours, each also with its mark (a
// shape, the same in every language: a letter such as З or B would read as 3 or 8 beside the
// sector's coins).
export const DECK = { blue: COLOURS.blue, green: COLOURS.green, red: COLOURS.vermillion, black: "#222222" };
export const DECKS = ["blue", "green", "red"];
export function mark(colour) {
  return t(`board.mark.${colour}`);
}
export function colourName(colour) {
  return t(`board.colour.${colour}`);
}

export function seatColour(s) {
  return SEAT_COLOURS[s % SEAT_COLOURS.length];
}

// A card in SVG at (x, y): a frame (its first child, the place's outline), a colour band with
// the deck's mark, a name in up to two lines and small lines below it.
export function card(x, y, w, h, { name, colour = null, small = [], cls = "" }) {
  const g = svg("g", { transform: `translate(${x},${y})`, class: `gah-card ${cls}` },
    svg("rect", { width: w, height: h, rx: 7, class: "frame" }));
  if (colour) {
    g.append(svg("rect", { x: 0, y: 0, width: 14, height: h, rx: 4, fill: DECK[colour], class: "band" }),
      label(7, 11, mark(colour), { "font-size": 10, fill: "#fff", "font-weight": 700 }));
  }
  const left = colour ? 20 : 7;
  const named = wrap(name, Math.max(6, charsIn(w - left - 4, 12)), 2);
  g.append(...lines(left, 15, named, 12, { "text-anchor": "start", class: "name" }));
  const smallChars = Math.max(6, charsIn(w - left - 4, 10.5));
  small.filter(Boolean).forEach((s, i) => g.append(label(left, 19 + named.length * 14.4 + i * 13, fit(s, smallChars),
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
      label(11, 11.5, mark(colour), { "font-size": 9, fill: "#fff", "font-weight": 700 }));
    left = 22;
  }
  g.append(label(left, 11.5, fit(text, Math.max(4, charsIn(w - left - 6, 11))), { "font-size": 11, "text-anchor": "start" }));
  return g;
}
export function chipWidth(text, colour = false, most = 260) {
  return Math.min(most, textWidth(text, 11) + (colour ? 30 : 18));
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
