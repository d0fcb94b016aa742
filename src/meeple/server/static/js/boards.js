// The board area. Every game with a drawn board (its package's board folder, Game.board_folder)
// draws the seat's view as SVG from the snapshot and the catalogue, and makes each legal action
// that has a place (its `where`) a click on that place (docs/boards.md); a game without one
// shows its board as the terminal draws it, in words (snapshot.screen).

import { context, hideTip } from "./kit.js";
import { el, put } from "./texts.js";

const loaded = new Map();

// A board is its module and its style sheet, served from the game's own package at
// /boards/<id>/ (loaded once, when first drawn).
function load(id) {
  if (!loaded.has(id)) {
    const folder = `/boards/${encodeURIComponent(id)}`;
    const sheet = document.createElement("link");
    sheet.rel = "stylesheet";
    sheet.href = `${folder}/board.css`;
    document.head.append(sheet);
    loaded.set(id, import(`${folder}/board.js`).catch(() => null));
  }
  return loaded.get(id);
}

let drawing = 0;

export async function drawBoard(box, snap, game, act) {
  if (snap.screen) { put(box, el("pre", { class: "screen" }, snap.screen)); return; }
  const ticket = ++drawing;
  const mod = await load(snap.game);
  if (ticket !== drawing) return;  // a newer snapshot is being drawn
  if (!mod) { put(box, el("pre", { class: "screen" }, "")); return; }
  hideTip();
  mod.draw(box, context(snap, game, act));
  markChanged(box, snap);
  box.dataset.drawn = String(snap.version);
}

// The places that changed since the seat's last turn (the snapshot's `since.places`, which the
// game computes from the seat's own two views) are marked until the seat acts.
function markChanged(box, snap) {
  const keys = (snap.since && snap.since.places) || [];
  for (const k of keys) {
    for (const node of box.querySelectorAll(`[data-place="${CSS.escape(k)}"]`)) node.classList.add("changed");
  }
  box.dataset.changed = String(keys.length);
}
