// Tic-tac-toe's board: nine cells, a place for every free cell, and a click acts.

import { test, eq, ok, played, gameInfo } from "/jstest/harness.js";
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
