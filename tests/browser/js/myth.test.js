// Myth's board: the map, the table's cards, heroes, quests and hand drawn from a seat's
// snapshot; every placed legal action is a place named by its label, and a click acts.

import { test, eq, ok, api, played, gameInfo } from "/jstest/harness.js";
import { context } from "/static/js/kit.js";
import { board } from "/boards/myth/board.js";

// A random game of `players`, step by step: the snapshot of the seat to act before each action
// (and every seat's at the end).
async function walk({ players = 2, steps = 60, seed = 5 } = {}) {
  const seats = Array.from({ length: players }, () => "human");
  const made = await api("POST", "/api/matches", { game: "myth", seats, seed });
  const id = made.data.match, tokens = made.data.seats.map((s) => s.token);
  let rnd = seed;
  const next = () => { rnd = (rnd * 1103515245 + 12345) % 2147483648; return rnd; };
  const seen = [];
  for (let i = 0; i < steps; i++) {
    const look = (await api("GET", `/api/matches/${id}`, null, tokens[0])).data;
    if (look.over) break;
    const snap = (await api("GET", `/api/matches/${id}`, null, tokens[look.to_act])).data;
    seen.push(snap);
    const a = snap.legal[next() % snap.legal.length];
    await api("POST", `/api/matches/${id}/act`, { action: a.text, version: snap.version }, tokens[look.to_act]);
  }
  return seen;
}

const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));

function placesOk(root, snap) {
  for (const a of snap.legal.filter((x) => x.where)) {
    const nodes = [...root.querySelectorAll(`[data-place="${a.where}"]`)];
    ok(nodes.length === 1, `${nodes.length} nodes for ${a.where} (${a.text})`);
    ok(nodes[0].classList.contains("place"), `${a.where} is not clickable`);
    const name = nodes[0].getAttribute("aria-label");
    ok(name.split(" · ").includes(a.label), `${a.where}: ${name} lacks ${a.label}`);
  }
  const wanted = new Set(snap.legal.filter((x) => x.where).map((x) => x.where));
  const clickable = new Set([...root.querySelectorAll(".place")].map((n) => n.dataset.place));
  eq([...clickable].sort(), [...wanted].sort(), "clickable places");
}

test("every placed legal action of a random game is its place, named by its label", async () => {
  const info = await gameInfo("myth");
  const verbs = new Set();
  for (const [players, seed] of [[2, 5], [3, 8]]) {
    for (const snap of await walk({ players, seed, steps: 70 })) {
      placesOk(board(context(snap, info, () => {})), snap);
      for (const a of snap.legal) if (a.where) verbs.add(a.text.split(" ")[0]);
    }
  }
  for (const v of ["draw", "play", "explore", "place", "stay"]) ok(verbs.has(v), `never saw ${v}: ${[...verbs]}`);
});

test("a click on a place with one action sends exactly it; a shared place asks which", async () => {
  const info = await gameInfo("myth");
  const { snaps } = await played("myth", { steps: 0 });
  const snap = snaps[snaps[0].to_act];
  const sent = [];
  const root = board(context(snap, info, (x) => sent.push(x)));
  document.body.append(root);
  const draws = snap.legal.filter((a) => a.where === "deck:events").map((a) => a.text);
  ok(draws.length > 1, "drawing has one place for every count");
  click(root.querySelector('[data-place="deck:events"]'));
  const menu = [...document.querySelectorAll(".chooser [data-action]")].map((b) => b.dataset.action);
  eq(menu, draws);
  click(document.querySelector(`.chooser [data-action="${draws[1]}"]`));
  eq(sent, [draws[1]]);
  root.remove();
  const later = (await walk({ seed: 5, steps: 30 })).find((s) => s.legal.filter((a) => a.where).some(
    (a) => snapPlaces(s, a.where) === 1));
  const one = later.legal.find((a) => a.where && snapPlaces(later, a.where) === 1);
  const got = [];
  click(board(context(later, info, (x) => got.push(x))).querySelector(`[data-place="${one.where}"]`));
  eq(got, [one.text]);
});

function snapPlaces(snap, where) {
  return snap.legal.filter((a) => a.where === where).length;
}

test("the map draws every laid tile, the cells beyond open passages and the heroes", async () => {
  const info = await gameInfo("myth");
  const snaps = await walk({ seed: 5, steps: 60 });
  const snap = snaps[snaps.length - 1];
  const root = board(context(snap, info, () => {}));
  const v = snap.view;
  eq(root.querySelectorAll(".myth-map .cell.tile").length, v.map.length);
  for (const [x, y] of v.map) ok(root.querySelector(`.myth-map [data-place="cell:${x},${y}"]`), `no tile ${x},${y}`);
  eq(root.querySelectorAll(".myth-map .hero-token").length, v.heroes.filter((h) => h.alive).length);
  eq(root.querySelectorAll(".hero-card").length, v.heroes.length);
  ok(v.map.length > 1, "the dungeon grew");
  const monsters = v.enemies.reduce((n, e) => n + e[2].length, 0);
  const marked = [...root.querySelectorAll(".myth-map .monsters text")].reduce((n, e) => n + Number(e.textContent), 0);
  eq(marked, monsters, "monsters on the map");
  ok(root.querySelector(".pile.deck").textContent.includes(String(v.event_deck)), "deck size");
});

test("another seat's hand is drawn as backs with its count, never its faces", async () => {
  const info = await gameInfo("myth");
  const { snaps } = await played("myth", { steps: 3 });
  const [mine, theirs] = snaps;
  const root = board(context(theirs, info, () => {}));
  const drawn = [...root.querySelectorAll('.my-hand [data-place^="card:hand:"]')].map((n) => n.dataset.place.slice(10));
  eq([...new Set(drawn)].sort(), [...new Set(theirs.view.hand)].sort(), "only the seat's own hand");
  ok(mine.view.hand.some((c) => !theirs.view.hand.includes(c)), "the hands differ");
  for (const c of mine.view.hand.filter((x) => !theirs.view.hand.includes(x))) {
    ok(!root.querySelector(`[data-place="card:hand:${c}"]`), `seat 1 sees seat 0's ${c}`);
  }
  const card = root.querySelector('.hero-card[data-place="hero:0"]');
  ok(card.querySelector(`.backs[aria-label$=": ${mine.view.hand.length}"]`), "seat 0's hand count");
  ok(!root.querySelector('.hero-card[data-place="hero:1"] .backs'), "no backs for one's own hand");
});

test("the dice of this turn show the engine's tens and units", async () => {
  const info = await gameInfo("myth");
  const snap = (await walk({ players: 3, seed: 8, steps: 120 })).find((s) => {
    const from = s.events.map((e) => e.type).lastIndexOf("turn");
    return s.events.slice(from + 1).some((e) => e.type === "roll");
  });
  ok(snap, "no roll in the game");
  const from = snap.events.map((e) => e.type).lastIndexOf("turn");
  const rolls = snap.events.slice(from + 1).filter((e) => e.type === "roll").slice(-3);
  localStorage.setItem("meeple.animations", "on");
  const root = board(context(snap, info, () => {}), snap.events);
  const faces = [...root.querySelectorAll(".dice .die")].map((d) => Number(d.dataset.value));
  eq(faces, rolls.flatMap((r) => [r.tens, r.units]));
  eq(root.querySelectorAll(".dice .die.rolling").length, faces.length, "fresh dice tumble");
  eq(board(context(snap, info, () => {}), []).querySelectorAll(".die.rolling").length, 0, "shown dice rest");
  localStorage.setItem("meeple.animations", "off");
  eq(board(context(snap, info, () => {}), snap.events).querySelectorAll(".die.rolling").length, 0, "animations off");
  localStorage.removeItem("meeple.animations");
});
