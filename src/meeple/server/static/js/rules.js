// A game's how-to page (/rules/<game>, laid out by the server from the game's own how-to):
// each example position drawn by the game's own board from the snapshot the server built for
// it, and the paragraph the address names (#verb-Move, #phase-actions) lit and scrolled to.

import { context } from "./kit.js";
import { el, loadTexts, put, t } from "./texts.js";

const data = JSON.parse(document.getElementById("howto-data").textContent);

async function drawExamples() {
  const boxes = [...document.querySelectorAll(".example-board")];
  if (!boxes.length) return;
  let mod = null;
  try {
    mod = await import(`/boards/${encodeURIComponent(data.game.id)}/board.js`);
  } catch {
    mod = null;
  }
  for (const box of boxes) {
    const snap = data.examples[Number(box.dataset.example)];
    try {
      mod.draw(box, context(snap, data.game, () => {}));  // an example is looked at, not played
      box.dataset.drawn = "true";
    } catch (e) {
      put(box, el("p", { class: "quiet" }, t("web.rules.no_board")));
      box.dataset.drawn = "false";
      console.error(e);
    }
  }
}

// The paragraph of an anchor: the anchor's block and what follows it, up to the next anchor
// or the next heading as high as the first one (or any heading, when it starts with text).
function section(anchor) {
  const main = document.querySelector("main.rules");
  let first = anchor;
  while (first.parentElement && first.parentElement !== main) first = first.parentElement;
  const out = [];
  let level = 6;
  for (let n = first.tagName === "A" ? first.nextElementSibling : first; n; n = n.nextElementSibling) {
    const heading = /^H([1-6])$/.exec(n.tagName);
    if (out.length && (n.matches("a[id]") || n.querySelector("a[id]") || (heading && Number(heading[1]) <= level))) break;
    if (!out.length) level = heading ? Number(heading[1]) : 6;
    out.push(n);
  }
  return out;
}

function light() {
  for (const n of document.querySelectorAll(".lit")) n.classList.remove("lit", "lit-first");
  const id = decodeURIComponent(location.hash.slice(1));
  const anchor = id ? document.getElementById(id) : null;
  document.body.dataset.lit = anchor ? id : "";  // which paragraph is lit, for whoever waits on it
  if (!anchor) return;
  const parts = section(anchor);
  parts.forEach((n, i) => n.classList.add("lit", ...(i ? [] : ["lit-first"])));
  const top = (parts[0] || anchor).getBoundingClientRect().top + window.scrollY - 12;
  window.scrollTo({ top: Math.max(0, top) });  // this page only, never the page framing it
}

async function start() {
  await loadTexts(data.lang, data.game.id);
  await drawExamples();
  light();
  document.body.dataset.drawn = "true";
  addEventListener("hashchange", light);
}

start();
