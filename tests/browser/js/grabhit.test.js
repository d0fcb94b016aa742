// Grab and Hit's table: the wheel, decks, offer, auction, mats and the seat's hand; every legal
// action with a place is a place named by its labels, a click acts, and nothing is drawn that
// the seat's view does not hold.

import { test, eq, ok, played, gameInfo, placesMatchLegal } from "/jstest/harness.js";
import { context } from "/static/js/kit.js";
import { board } from "/boards/grabhit/board.js";
import { spans, turnOf } from "/boards/grabhit/wheel.js";

async function drawn(snap, sent = []) {
  return board(context(snap, await gameInfo("grabhit"), (t) => sent.push(t)));
}

test("every placed action of many positions is a place named by its labels", async () => {
  const kinds = new Set();
  for (const [players, steps, seed] of [[2, 0, 1], [2, 3, 1], [3, 40, 2], [3, 90, 3], [4, 150, 4]]) {
    const { snaps } = await played("grabhit", { players, steps, seed });
    const snap = snaps.find((s) => s.legal.length) || snaps[0];
    const root = await drawn(snap);
    for (const where of placesMatchLegal(root, snap).keys()) kinds.add(where.split(":")[0]);
  }
  ok(kinds.has("adv") && kinds.size >= 3, `few kinds of places met: ${[...kinds]}`);
});

test("clicking an adventurer chooses exactly it, and the hub spins", async () => {
  const { snaps } = await played("grabhit");
  const sent = [];
  const root = await drawn(snaps[0], sent);
  root.querySelector('[data-place="adv:violet"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
  eq(sent, ["choose Violet"]);
  const later = await played("grabhit", { steps: 2 });
  const spinner = later.snaps.find((s) => s.legal.some((a) => a.text === "spin"));
  ok(spinner, "a seat spins after both chose");
  const sent2 = [];
  const root2 = await drawn(spinner, sent2);
  root2.querySelector('[data-place="wheel:spin"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
  eq(sent2, ["spin"]);
});

test("the seat waiting has nothing to click and never another seat's hand as its own", async () => {
  const { snaps } = await played("grabhit", { players: 3, steps: 90, seed: 3 });
  for (const snap of snaps) {
    const root = await drawn(snap);
    if (snap.seat !== snap.to_act) eq(root.querySelectorAll(".place").length, 0);
    const mine = snap.view.players_info[snap.seat].hand;
    eq(root.querySelectorAll(".gah-hand .card-face").length, mine.length, "the fan is the seat's own hand");
    const others = snap.view.players_info.filter((p) => p.seat !== snap.seat).reduce((n, p) => n + p.hand.length, 0);
    eq(root.querySelectorAll(".gah-chip.hand").length, others, "other hands are on their mats");
    for (const bad of ["undefined", "null", "NaN", "[object"]) ok(!root.textContent.includes(bad), `${bad} drawn`);
  }
});

test("the decks show their sizes only, and the mats what the view holds", async () => {
  const { snaps } = await played("grabhit", { players: 4, steps: 150, seed: 4 });
  const snap = snaps[0], v = snap.view;
  const root = await drawn(snap);
  for (const c of ["blue", "green", "red"]) {
    const deck = root.querySelector(`[data-place="deck:${c}"]`);
    ok(deck.textContent.includes(String(v.decks[c])), `deck ${c} size`);
  }
  eq(root.querySelectorAll(".gah-mat").length, 4);
  const count = (key) => v.players_info.reduce((n, p) => n + p[key].length, 0);
  eq(root.querySelectorAll('[data-place^="weapon:"]').length, count("weapons"));
  eq(root.querySelectorAll('[data-place^="loc:"]').length, count("locations"));
  eq(root.querySelectorAll('[data-place^="shield:"]').length, count("shields"));
  eq(root.querySelectorAll('[data-place^="lot:"]').length, v.auction.length);
  eq(root.querySelectorAll(".gah-wheel .sector").length, v.sectors.length);
  const text = root.textContent;
  for (const bad of ["undefined", "null", "NaN", "[object", "_"]) ok(!text.includes(bad), `${bad} drawn`);
});

test("the wheel turns the last spin's sector under the pointer", async () => {
  const { snaps } = await played("grabhit", { steps: 3 });
  const v = snaps[0].view;
  ok(v.last_spin, "a spin happened");
  const [from, to] = spans(v.sectors)[v.last_spin.index];
  eq(turnOf(v), -(from + to) / 2);
  const root = await drawn(snaps[0]);
  eq(root.querySelector(".gah-wheel .disc").getAttribute("transform"), `rotate(${turnOf(v)})`);
});

test("words come in Russian when the page is in Russian", async () => {
  const { snaps } = await played("grabhit");
  const root = board(context(snaps[0], await gameInfo("grabhit", "ru"), () => {}));
  ok(root.querySelector('[data-place="adv:violet"]').textContent.includes("Виолетта") ||
     /[А-Яа-я]/.test(root.querySelector('[data-place="adv:violet"]').textContent), "a Russian name");
});
