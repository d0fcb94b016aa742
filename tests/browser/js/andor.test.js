// Legends of Andor's board: the map's regions, the pieces the view holds, a place for every
// placed legal action named by its label, clicks that send exactly that action, and nothing of
// the face-down fog drawn.

import { test, eq, ok, played, gameInfo } from "/jstest/harness.js";
import { context } from "/static/js/kit.js";
import { board, MAP } from "/boards/andor/board.js";

const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));

async function drawn(steps, seed = 1, options = {}) {
  const { snaps } = await played("andor", { steps, seed, options });
  const info = await gameInfo("andor");
  return { snaps, info };
}

test("every placed legal action has its place, named by the labels of its actions", async () => {
  let total = 0;
  for (const steps of [0, 7, 25, 41, 60]) {
    const { snaps, info } = await drawn(steps, 3);
    const snap = snaps[snaps[0].to_act];
    const root = board(context(snap, info, () => {}));
    const placed = snap.legal.filter((a) => a.where);
    total += placed.length;
    for (const a of placed) {
      const node = root.querySelector(`[data-place="${a.where}"].place`);
      ok(node, `no place ${a.where} for ${a.text}`);
      const names = snap.legal.filter((b) => b.where === a.where).map((b) => b.label).join(" · ");
      eq(node.getAttribute("aria-label"), names);
    }
    eq(root.querySelectorAll(".place").length, new Set(placed.map((a) => a.where)).size);
  }
  ok(total > 10, "hardly any placed action");
});

test("a click on a region sends exactly its move", async () => {
  const { snaps, info } = await drawn(0);
  const snap = snaps[snaps[0].to_act];
  const sent = [];
  const root = board(context(snap, info, (t) => sent.push(t)));
  const move = snap.legal.find((a) => a.text.startsWith("move to ") && !a.text.includes("wineskin"));
  click(root.querySelector(`[data-place="${move.where}"]`));
  eq(sent, [move.text]);
  eq(move.where, `region:${move.text.split(" ")[2]}`);
});

test("the map draws every region, the creatures, heroes, wells and fog of the view", async () => {
  const { snaps, info } = await drawn(12, 2);
  const snap = snaps[0];
  const v = snap.view;
  const root = board(context(snap, info, () => {}));
  eq(root.querySelectorAll('[data-place^="region:"]').length, MAP.regions.length);
  eq(root.querySelectorAll(".andor-map .creature").length, v.creatures.length);
  eq(root.querySelectorAll(".andor-map .hero-piece").length, v.heroes.length);
  eq(root.querySelectorAll(".andor-map .well").length, v.wells.length);
  eq(root.querySelectorAll(".andor-map .token.fog").length, v.fog.length);
  eq(root.querySelectorAll(".andor-map .arrow").length, MAP.regions.length - 1);
  eq(root.querySelectorAll(".hero-card").length, v.heroes.length);
  eq(root.querySelectorAll(".time-track .hero-piece").length, v.heroes.length);
  eq(root.querySelector(".letter.narrator .letter-text").textContent, v.letter);
  for (const c of v.creatures) ok(root.querySelector(`[data-place="creature:${c.region}"]`), `creature on ${c.region}`);
});

test("face-down fog shows no token and seen fog its name only to the view that has it", async () => {
  const { snaps, info } = await drawn(0);
  const snap = snaps[0];
  const hidden = snap.view.fog.filter(([, tok]) => tok === null).length;
  ok(hidden > 0, "the full legend starts with fog");
  const root = board(context(snap, info, () => {}));
  const marks = [...root.querySelectorAll(".token.fog .token-mark")].map((n) => n.textContent);
  eq(marks.filter((m) => m === "?").length, hidden);
  const fogNames = Object.values(info.catalogue).filter((e) => e.kind === info.catalogue.event.kind).map((e) => e.name);
  for (const n of fogNames) ok(!root.textContent.includes(n), `fog token ${n} drawn`);
  // a seen token is named by its face
  const seen = structuredClone(snap);
  seen.view.fog[0][1] = "gold";
  const root2 = board(context(seen, info, () => {}));
  eq(root2.querySelectorAll(".token.fog .token-mark")[0].textContent, "!");
});

test("the seat not to act sees the table but has nothing to click", async () => {
  const { snaps, info } = await drawn(3);
  const other = snaps[1 - snaps[0].to_act];
  const root = board(context(other, info, () => {}));
  eq(root.querySelectorAll(".place").length, 0);
  eq(root.querySelectorAll(".andor-map .hero-piece").length, 2);
});

test("in a fight the dice are places and a click picks exactly that die's action", async () => {
  const { snaps, info } = await drawn(0);
  const snap = structuredClone(snaps[snaps[0].to_act]);
  const c = snap.view.creatures[0];
  snap.view.fight = { region: c.region, kind: c.kind, willpower: c.willpower, strength: c.strength,
    heroes: [0], round: 1, hero_value: 0, dice: [12, 5, 5], black: 0, roller: 0 };
  snap.legal = [
    { text: "double black 12 with the brew", label: "Double the black 12", costs: true, where: "die:0" },
    { text: "double 5 with the brew", label: "Double the 5", costs: true, where: "die:1" },
    { text: "accept the roll", label: "Accept", costs: false, where: null }];
  snap.events = [...snap.events, { type: "fight", kind: c.kind, region: c.region, text: "x" },
    { type: "creature_roll", kind: c.kind, dice: [4, 4], value: 10, heroes: 7, text: "y" }];
  const sent = [];
  const root = board(context(snap, info, (t) => sent.push(t)));
  eq(root.querySelectorAll(".hero-dice .die").length, 3);
  eq(root.querySelector('[data-place="die:0"]').getAttribute("data-value"), "12");
  eq(root.querySelectorAll(".place").length, 2);
  click(root.querySelector('[data-place="die:1"]'));
  eq(sent, ["double 5 with the brew"]);
  eq([...root.querySelectorAll(".creature-dice .die")].map((d) => d.getAttribute("data-value")), ["4", "4"]);
  ok(root.querySelector(`.andor-map [data-place="creature:${c.region}"]`), "the fought creature is on the map");
});

test("a narrow screen turns the map on its side", async () => {
  const { snaps, info } = await drawn(0);
  const wide = board(context(snaps[0], info, () => {}));
  const tall = board(context(snaps[0], info, () => {}), { tall: true });
  const box = (root) => root.querySelector(".andor-map").getAttribute("viewBox").split(" ").map(Number);
  eq(box(wide).slice(2), [MAP.width * 100, MAP.height * 100]);
  eq(box(tall).slice(2), [MAP.height * 100, MAP.width * 100]);
  eq(tall.querySelectorAll('[data-place^="region:"]').length, MAP.regions.length);
});
