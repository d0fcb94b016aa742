// The catacombs' board: the map, the die, the tiles, the dwarves' sheets and the shop drawn from
// a seat's snapshot; every legal action with a place is a named place there, a click sends it.

import { test, eq, ok, played, gameInfo } from "/jstest/harness.js";
import { context } from "/static/js/kit.js";
import { loadTexts } from "/static/js/texts.js";
import { board, lastFight, reach } from "/boards/catacombs/board.js";

const OPTIONS = { max_rounds: 6, veins_to_end: 2 };

async function drawn(snap, sent = []) {
  const root = board(context(snap, await gameInfo("catacombs"), (t) => sent.push(t)));
  document.body.append(root);  // laid out, as on the page
  return root;
}

function click(node) {
  node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}

test("every legal placed action is a place named by the labels of its actions", async () => {
  await loadTexts("en", "catacombs");
  for (const steps of [0, 2, 9]) {
    const { snaps } = await played("catacombs", { steps, seed: 4, options: OPTIONS });
    const snap = snaps[snaps[0].to_act];
    const root = await drawn(snap);
    const byPlace = new Map();
    for (const a of snap.legal.filter((x) => x.where)) {
      byPlace.set(a.where, [...(byPlace.get(a.where) || []), a.label]);
    }
    ok(byPlace.size > 0, `no placed action after ${steps} steps`);
    for (const [where, labels] of byPlace) {
      const node = root.querySelector(`[data-place="${where}"]`);
      ok(node && node.classList.contains("place"), `no place ${where} after ${steps} steps`);
      eq(node.getAttribute("aria-label"), labels.join(" · "));
      eq(node.getAttribute("role"), "button");
    }
    eq(root.querySelectorAll(".place").length, byPlace.size, "only legal places are clickable:");
    root.remove();
  }
});

test("clicking an entrance sends exactly its action, and the shop's item buys it", async () => {
  const { snaps } = await played("catacombs", { options: OPTIONS });
  const snap = snaps[snaps[0].to_act];
  const sent = [];
  const root = await drawn(snap, sent);
  const enter = snap.legal.find((a) => a.text.startsWith("enter"));
  click(root.querySelector(`[data-place="${enter.where}"]`));
  eq(sent, [enter.text]);
  root.remove();
  const later = await played("catacombs", { steps: 2, seed: 4, options: OPTIONS });
  const mover = later.snaps[later.snaps[0].to_act];
  const buy = mover.legal.find((a) => a.text === "buy Dagger");
  ok(buy, "a dwarf with 300 coins may buy a dagger");
  const bought = [];
  const again = await drawn(mover, bought);
  click(again.querySelector('[data-place="shop:dagger"]'));
  eq(bought, ["buy Dagger"]);
  again.remove();
});

test("the seat not to act sees the table but has nothing to click", async () => {
  const { snaps } = await played("catacombs", { steps: 3, seed: 2, options: OPTIONS });
  const other = snaps[1 - snaps[0].to_act];
  eq(other.legal.length, 0);
  const root = await drawn(other);
  eq(root.querySelectorAll(".place").length, 0);
  eq(root.querySelectorAll(".sheet").length, 2);
  root.remove();
});

test("the map draws what the view holds: cells, face-down cards, tiles, dwarves, shop", async () => {
  const { snaps } = await played("catacombs", { steps: 14, seed: 3, options: OPTIONS });
  const snap = snaps[0], v = snap.view;
  const root = await drawn(snap);
  eq(root.querySelectorAll('.cat-map [data-place^="cell:"]').length, v.size * v.size);
  eq(root.querySelectorAll(".cat-map .back").length, v.cards.filter((c) => c === "hidden").length);
  const explored = v.tiles.filter((m) => m !== null).length;
  eq(root.querySelectorAll(".cat-map .cell.explored").length, explored);
  const faceUp = v.cards.filter((c) => c && c !== "hidden").length;
  eq(root.querySelectorAll(".cat-map .face").length, faceUp);
  const onBoard = v.dwarves.filter((d) => d.cell).length;
  eq(root.querySelectorAll(".cat-map .token").length, onBoard);
  eq(root.querySelectorAll('.shop-panel [data-place^="shop:"]').length, Object.keys(v.shop.items).length + 2);
  for (const d of v.dwarves) {
    const sheet = root.querySelectorAll(".sheet")[d.seat];
    eq(sheet.querySelectorAll('[data-place^="item:"]').length, new Set(d.backpack).size);
    ok(sheet.textContent.includes(String(d.health)), "health shown");
  }
  ok(root.querySelector('[data-place="pile:tiles"]').textContent.includes(String(v.tile_pile)), "pile count");
  for (const bad of ["undefined", "null", "NaN", "[object", "_"]) {
    ok(!root.textContent.includes(bad), `${bad} on the board`);
  }
  root.remove();
});

// A 4×4 view: a corridor from (0,0) east to (3,0), a monster on (2,0), a branch south at (1,0).
function walkView(left) {
  const n = 4, tiles = Array(n * n).fill(null), cards = Array(n * n).fill("hidden");
  const put = (x, y, mask) => { tiles[y * n + x] = mask; cards[y * n + x] = null; };
  put(0, 0, 2); put(1, 0, 2 | 8 | 4); put(2, 0, 2 | 8); put(3, 0, 8); put(1, 1, 1 | 4); put(1, 2, 1);
  cards[2] = "monster:rat";
  return { step: "walk", to_act: 0, size: n, walk_left: left, tiles, cards,
    dwarves: [{ seat: 0, cell: [0, 0] }] };
}

test("a walk reaches the cells its points allow, and a monster stops it", () => {
  eq([...reach(walkView(1))], [1]);
  eq([...reach(walkView(2))].sort((a, b) => a - b), [1, 2, 5]);
  eq([...reach(walkView(null))].sort((a, b) => a - b), [1, 2, 5, 9]);
  eq([...reach({ ...walkView(3), step: "main" })], []);
});

test("the last fight is this turn's newest attack", () => {
  const attack = { type: "attack", roll: 4, win: true, text: "won" };
  eq(lastFight({ events: [{ type: "turn" }, attack, { type: "place" }] }), attack);
  eq(lastFight({ events: [attack, { type: "turn" }] }), null);
});

test("the card under the pointer tells what is on a cell and what may be done there", async () => {
  await loadTexts("en", "catacombs");
  const { snaps } = await played("catacombs", { options: OPTIONS });
  const snap = snaps[snaps[0].to_act];
  const root = await drawn(snap);
  const info = await gameInfo("catacombs");
  const cell = root.querySelector('[data-place="cell:a1"]');
  cell.dispatchEvent(new PointerEvent("pointermove", { pointerType: "mouse" }));
  const tip = document.querySelector(".tip");
  ok(tip && !tip.hidden, "a card shows");
  ok(tip.textContent.includes("Cell A1"), tip.textContent);
  ok(tip.textContent.includes(info.catalogue.nw.name), "the entrance is named");
  const enter = snap.legal.find((a) => a.where === "cell:a1");
  ok(tip.textContent.includes(enter.label), "the action there is told");
  root.querySelector('[data-place="cell:e5"]').dispatchEvent(new PointerEvent("pointermove", { pointerType: "mouse" }));
  ok(tip.textContent.includes("Unexplored"), tip.textContent);
  cell.dispatchEvent(new PointerEvent("pointerleave"));
  root.remove();
});

test("once the game is over the turn line tells so, not whose turn it was", async () => {
  await loadTexts("en", "catacombs");
  const { snaps } = await played("catacombs", { steps: 4, seed: 4, options: OPTIONS });
  const snap = snaps[0];
  const who = snap.view.active;
  const over = { ...snap, over: true, to_act: null, legal: [],
    view: { ...snap.view, over: true, to_act: null } };
  const root = await drawn(over);
  const line = root.querySelector(".turn-panel .turn").textContent;
  eq(line, "The game is over");
  ok(!root.textContent.includes("'s turn"), root.querySelector(".turn-panel").textContent);
  eq(root.querySelectorAll(".cat-map .token.acting").length, 0, "nobody is drawn as acting:");
  ok(who !== null && who !== undefined, "the game had a dwarf to act before");
  root.remove();
});

test("a card turned up on unexplored ground is not told as face down", async () => {
  await loadTexts("en", "catacombs");
  const { snaps } = await played("catacombs", { options: OPTIONS });
  const snap = snaps[snaps[0].to_act], v = snap.view;
  const i = 4 * v.size + 4, j = 4 * v.size + 5;  // e5 and f5: unexplored at the start
  const cards = [...v.cards];
  cards[i] = "monster:rat";  // as the Rollshtain leaves it
  cards[j] = null;
  const root = await drawn({ ...snap, view: { ...v, cards } });
  const tipOf = (key) => {
    root.querySelector(`[data-place="${key}"]`).dispatchEvent(new PointerEvent("pointermove", { pointerType: "mouse" }));
    return document.querySelector(".tip").textContent;
  };
  const up = tipOf("cell:e5");
  ok(up.includes("Unexplored") && !up.includes("face-down") && up.includes("face up"), up);
  const bare = tipOf("cell:f5");
  ok(!bare.includes("face-down"), bare);
  ok(tipOf("cell:g5").includes("face-down"), "a face-down card is still told so");
  root.remove();
});

test("each way to lay or turn a tile is drawn in the chooser as the tile turned so", async () => {
  await loadTexts("en", "catacombs");
  const { rotationPicture } = await import("/boards/catacombs/glyphs.js");
  eq(rotationPicture({ text: "stay" }), null);
  eq(rotationPicture({ text: "place ESW" }).getAttribute("data-mask"), "14");
  eq(rotationPicture({ text: "turn tile to N" }).getAttribute("data-mask"), "1");
  const { snaps } = await played("catacombs", { options: OPTIONS });
  const snap = snaps[snaps[0].to_act];
  const legal = ["ESW", "NSW", "NEW"].map((s) => ({ text: `place ${s}`, label: `Lay ${s}`, where: "cell:b1", costs: false }));
  const sent = [];
  const root = await drawn({ ...snap, legal }, sent);
  root.querySelector('[data-place="cell:b1"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const chooser = document.querySelector(".chooser.pictures");
  ok(chooser, "the chooser draws pictures");
  const masks = [...chooser.querySelectorAll(".choice-picture [data-mask]")].map((g) => g.getAttribute("data-mask"));
  eq(masks, ["14", "13", "11"]);
  for (const pic of chooser.querySelectorAll(".choice-picture")) {
    eq(pic.querySelectorAll(".floor").length, 4, "a hub and three arms:");
  }
  chooser.querySelector('[data-action="place NSW"]').click();
  eq(sent, ["place NSW"]);
  root.remove();
});

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

test("no name or value on the map is drawn under a dwarf", async () => {
  await loadTexts("en", "catacombs");
  const { snaps } = await played("catacombs", { steps: 14, seed: 3, options: OPTIONS });
  const snap = snaps[0], v = snap.view, n = v.size;
  const tiles = [...v.tiles], cards = [...v.cards], cauldrons = [...v.cauldrons];
  tiles[n + 1] = 15; cards[n + 1] = null; cauldrons[n + 1] = "copper";  // b2: a cauldron
  tiles[n + 2] = 15; cards[n + 2] = "monster:rat";  // c2: a monster
  const dwarves = v.dwarves.map((d, k) => ({ ...d, cell: [1 + (k % 2), 1] }));
  const more = [...dwarves, ...dwarves.map((d) => ({ ...d }))];  // crowded cells too
  for (const ds of [dwarves, more]) {
    const root = await drawn({ ...snap, view: { ...v, tiles, cards, cauldrons, dwarves: ds } });
    const tokens = [...root.querySelectorAll(".cat-map .token .body")].map((t) => t.getBoundingClientRect());
    const texts = [...root.querySelectorAll(".cat-map .value, .cat-map .thing-name")];
    ok(texts.length >= 2, "a value and a name are drawn");
    for (const text of texts) {
      const box = text.getBoundingClientRect();
      ok(!tokens.some((t) => overlaps(box, t)), `"${text.textContent}" lies under a dwarf`);
    }
    root.remove();
  }
});
