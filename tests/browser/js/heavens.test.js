// High in the Heavens' board: every hex and hand card a place, a click acts, hidden hands are
// backs, and what the view holds (gods, rings, traps, columns, bases) is drawn.

import { test, eq, ok, played, gameInfo, placesMatchLegal } from "/jstest/harness.js";
import { context } from "/static/js/kit.js";
import { loadTexts } from "/static/js/texts.js";
import { animate, board, summonHex } from "/boards/heavens/board.js";

const info = await gameInfo("heavens");
await loadTexts("en", "heavens");

function draw(snap, sent = [], wide = false) {
  return board(context(snap, info, (a) => sent.push(a)), { wide });
}

function acting(snaps) {
  return snaps.find((s) => s.legal.length) || snaps[0];
}

function checkPlaces(snap, wide = false) {
  const root = draw(snap, [], wide);
  placesMatchLegal(root, snap);
  return root;
}

test("every placed action of many positions is a place named by its labels", async () => {
  for (const steps of [0, 30, 90]) {
    const { snaps } = await played("heavens", { steps, seed: 4 });
    for (const wide of [false, true]) {
      const root = checkPlaces(acting(snaps), wide);
      eq(root.querySelectorAll('[data-place^="hex:"]').length, 102);
    }
  }
});

test("a summon: the god card picked up lights its hexes on the map, a click there sends it", async () => {
  const { snaps } = await played("heavens");
  const snap = acting(snaps), sent = [];
  const summon = snap.legal.find((a) => a.text.startsWith("summon"));
  ok(summon && summon.where.startsWith("card:hand:"), "a summon from the hand");
  const ctx = context(snap, info, (a) => sent.push(a));
  const root = board(ctx);
  eq(root.querySelectorAll(".hx.lit").length, 0, "nothing lit before the card is picked");
  root.querySelector(`[data-place="${summon.where}"]`).dispatchEvent(new MouseEvent("click", { bubbles: true }));
  eq(document.querySelectorAll(".chooser").length, 0, "no word menu");
  const picked = board(ctx);
  const mine = snap.legal.filter((a) => a.where === summon.where);
  const lit = [...picked.querySelectorAll(".hx.lit")];
  eq(lit.map((g) => g.dataset.hex).sort(), mine.map((a) => summonHex(a)).sort(), "its summoning hexes lit");
  ok(picked.focusBox && picked.focusBox[2] < picked.querySelector(".hv-map").viewBox.baseVal.width,
    "the map zooms in on them");
  ok(picked.querySelector(`[data-place="${summon.where}"]`).classList.contains("picked"), "the card shown picked");
  const hex = picked.querySelector(`.hx.lit[data-hex="${summonHex(summon)}"]`);
  hex.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  eq(sent, [summon.text]);
});

test("hex labels stay clear of the pieces and a god's code is its own", async () => {
  const { snaps } = await played("heavens", { steps: 90, seed: 2 });
  const snap = snaps[0], root = board(context(snap, info, () => {}));
  for (const u of snap.view.units.filter((x) => !x.fallen)) {
    eq(root.querySelectorAll(`[data-hex="${u.hex}"] .coord`).length, 0, `no label under ${u.card}`);
  }
  const codes = [...root.querySelectorAll(".unit .code")].map((n) => n.textContent);
  eq(new Set(codes).size, codes.length, "codes differ");
});

test("a place with one action sends exactly that action", async () => {
  for (const steps of [25, 60, 90, 140]) {
    const { snaps } = await played("heavens", { steps, seed: 2 });
    const snap = acting(snaps), sent = [];
    const counts = new Map();
    for (const a of snap.legal) if (a.where) counts.set(a.where, (counts.get(a.where) || 0) + 1);
    const one = snap.legal.find((a) => a.where && counts.get(a.where) === 1);
    if (!one) continue;
    draw(snap, sent).querySelector(`[data-place="${one.where}"]`).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    eq(sent, [one.text]);
    return;
  }
  throw new Error("no position had a place with a single action");
});

test("the other side's hand is backs with its count, never its faces", async () => {
  const { snaps } = await played("heavens", { steps: 9, seed: 5 });
  for (const [me, them] of [[0, 1], [1, 0]]) {
    const root = draw(snaps[me]);
    const theirs = snaps[them].view.hands[them].cards;
    ok(theirs.length > 0, "the other hand holds cards");
    const faces = [...root.querySelectorAll(".card-face")].map((n) => n.dataset.card);
    eq(faces.filter((id) => theirs.includes(id)), [], "no face of the other hand");
    eq(faces.sort(), [...snaps[me].view.hands[me].cards].sort(), "my own hand's faces");
    const backs = [...root.querySelectorAll(".backs")].map((b) => b.getAttribute("aria-label"));
    ok(backs.some((b) => b.endsWith(`: ${theirs.length}`) && b.includes(snaps[me].names[them])), `backs ${backs}`);
    ok(backs.some((b) => b.endsWith(`: ${snaps[me].view.sides[0].deck}`)), "the deck's size");
  }
});

test("gods, the fallen, rings, traps, columns and bases are drawn as the view has them", async () => {
  let seen = 0;
  // positions (seed, steps) with a fallen god, dropped rings, columns, traps and gods
  // with armour and attack rings
  for (const [seed, steps] of [[35, 96], [33, 161]]) {
    const { snaps } = await played("heavens", { steps, seed });
    const view = snaps[0].view, root = draw(snaps[0]);
    const standing = view.units.filter((u) => !u.fallen);
    eq(root.querySelectorAll(".unit").length, standing.length, "gods");
    eq(root.querySelectorAll(".fallen").length, view.units.length - standing.length, "fallen");
    for (const u of standing) {
      const g = root.querySelector(`[data-hex="${u.hex}"] .unit[data-card="${u.card}"]`);
      ok(g, `${u.card} on ${u.hex}`);
      eq(g.querySelector(".badge.health").textContent, String(u.health));
      eq(g.querySelectorAll(".badge.armour").length, u.armour ? 1 : 0);
      eq(g.querySelectorAll(".badge.attack").length, u.attack ? 1 : 0);
      eq(g.querySelectorAll(".badge.poison").length, u.poison ? 1 : 0);
      eq(g.querySelectorAll(".badge.stun").length, u.incapacitated ? 1 : 0);
    }
    const under = standing.filter((u) => u.trapped).length;
    eq(root.querySelectorAll(".hv-map .badge.trap").length, under, "gods in traps");
    eq(root.querySelectorAll(".hv-map .trap-mark").length + under, Object.keys(view.traps).length, "traps");
    eq(root.querySelectorAll(".hv-map .column").length, Object.keys(view.architecture).length, "columns");
    eq(root.querySelectorAll(".hv-map .dropped").length, Object.keys(view.dropped).length, "dropped");
    for (const s of view.sides) eq(root.querySelector(`[data-hex="${s.base}"] .base-hp`).textContent, String(s.base_health));
    for (const [h, d] of Object.entries(view.dropped)) {
      eq(root.querySelectorAll(`[data-hex="${h}"] .dropped .badge`).length, (d.armour ? 1 : 0) + (d.attack ? 1 : 0));
    }
    seen += Object.keys(view.dropped).length + view.units.length - standing.length
      + Object.keys(view.traps).length + Object.keys(view.architecture).length;
  }
  ok(seen >= 5, "the positions had fallen gods, dropped rings, traps and columns");
});

test("the four-player map shows the zones and the team-mate's hand without places", async () => {
  const { snaps } = await played("heavens", { players: 4, steps: 3, seed: 1 });
  const snap = snaps[0], root = draw(snap);
  eq(root.querySelectorAll(".zone-lines polyline").length, 24);
  const mate = snap.view.hands[1].cards;
  for (const id of mate) {
    const face = root.querySelector(`.card-face[data-card="${id}"]`);
    ok(face && !face.classList.contains("place"), `team-mate's ${id}`);
  }
  eq(root.querySelectorAll(".zone1").length + root.querySelectorAll(".zone2").length + root.querySelectorAll(".zone3").length, 102);
});

test("a rune roll shows a die with the engine's value", async () => {
  const { snaps } = await played("heavens");
  const root = draw(snaps[0]);
  animate(root, [{ type: "rune_roll", roll: 2, hit: false }]);
  eq(root.querySelector(".hv-roll .die").getAttribute("data-value"), "2");
  const quiet = draw(snaps[0]);
  animate(quiet, [{ type: "moved", card: "zeus", hex: "f3" }]);
  eq(quiet.querySelectorAll(".hv-roll").length, 0, "no die without a roll");
});
