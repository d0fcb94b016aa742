// Tic-tac-toe's board: nine cells, a place for every free cell, and a click acts.

import { test, eq, ok, played, gameInfo, api } from "/jstest/harness.js";
import { context } from "/static/js/kit.js";
import { board } from "/boards/tictactoe/board.js";

test("every legal mark is a place on the board named by its label", async () => {
  const { snaps } = await played("tictactoe", { steps: 2 });
  const snap = snaps[snaps[0].to_act];
  const root = board(context(snap, await gameInfo("tictactoe"), () => {}));
  const places = [...root.querySelectorAll(".place")];
  eq(places.length, snap.legal.length);
  for (const a of snap.legal) {
    const node = root.querySelector(`[data-place="${a.where}"]`);
    ok(node && node.classList.contains("place"), `no place for ${a.text}`);
    eq(node.getAttribute("aria-label"), a.label);
  }
  eq(root.querySelectorAll("[data-place]").length, 9);
});

test("clicking a free cell sends exactly its action", async () => {
  const { snaps } = await played("tictactoe");
  const sent = [];
  const root = board(context(snaps[0], await gameInfo("tictactoe"), (t) => sent.push(t)));
  root.querySelector('[data-place="cell:b2"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
  eq(sent, ["mark b2"]);
});

test("the other seat sees the marks but has no places to click", async () => {
  const { snaps } = await played("tictactoe", { steps: 1 });
  const other = snaps[1 - snaps[0].to_act];
  const root = board(context(other, await gameInfo("tictactoe"), () => {}));
  eq(root.querySelectorAll(".place").length, 0);
  eq(root.querySelectorAll(".x, .o").length, 1);
});

test("the winner's line is struck through and its cells ringed; none before", async () => {
  const made = await api("POST", "/api/matches", { game: "tictactoe", seats: ["human", "human"] });
  const [x, o] = made.data.seats.map((s) => s.token);
  const moves = ["mark a1", "mark b1", "mark a2", "mark b2"];
  for (const [i, m] of moves.entries()) {
    await api("POST", `/api/matches/${made.data.match}/act`, { action: m, version: i }, i % 2 ? o : x);
  }
  const info = await gameInfo("tictactoe");
  let snap = (await api("GET", `/api/matches/${made.data.match}`, null, x)).data;
  let root = board(context(snap, info, () => {}));
  eq(root.querySelectorAll(".win-line, .cell.won").length, 0);
  await api("POST", `/api/matches/${made.data.match}/act`, { action: "mark a3", version: 4 }, x);
  snap = (await api("GET", `/api/matches/${made.data.match}`, null, o)).data;
  eq(snap.view.line, ["a1", "a2", "a3"]);
  root = board(context(snap, info, () => {}));
  eq(root.querySelectorAll(".win-line").length, 1);
  eq([...root.querySelectorAll(".cell.won")].map((c) => c.closest("[data-place]").dataset.place),
    ["cell:a1", "cell:a2", "cell:a3"]);
});

test("a forbidden action's reason is in its place's card, as the game gives it", async () => {
  const { snaps } = await played("tictactoe", { steps: 1 });
  const snap = { ...snaps[snaps[0].to_act] };
  const taken = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"].find((n) => !snap.legal.some((a) => a.where === `cell:${n}`));
  snap.blocked = [{ text: `mark ${taken}`, verb: "Mark", label: `Mark ${taken}`, reason: "That square is taken.", where: `cell:${taken}` }];
  const root = board(context(snap, await gameInfo("tictactoe"), () => {}));
  const node = root.querySelector(`[data-place="cell:${taken}"]`);
  ok(node.classList.contains("blocked") && !node.classList.contains("place"));
  eq(node.getAttribute("data-blocked"), `✕ Mark ${taken} — That square is taken.`);
  document.body.append(root);
  node.dispatchEvent(new PointerEvent("pointermove", { pointerType: "mouse" }));
  const tip = document.querySelector(".tip");
  ok(tip && !tip.hidden && tip.textContent.includes("That square is taken."), "no reason in the card");
  root.remove();
});
