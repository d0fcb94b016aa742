// The actions panel: legal actions by verb with a "?" to each verb's paragraph of the rules,
// and the forbidden ones greyed under them with the game's reason and their own "?".

import { test, eq, ok, played } from "/jstest/harness.js";
import { drawActions } from "/static/js/actions.js";

async function snapWithBlocked() {
  const { snaps } = await played("tictactoe", { steps: 1 });
  const snap = { ...snaps[snaps[0].to_act] };
  snap.blocked = [{ text: "mark zz", verb: "Mark", label: "Mark the taken square",
    reason: "That square is taken.", where: null }];
  return snap;
}

test("each verb's group and each forbidden action has a ? that opens its paragraph", async () => {
  const snap = await snapWithBlocked();
  const box = document.createElement("div");
  const opened = [], acted = [];
  drawActions(box, snap, { act: (t) => acted.push(t), undo: () => {}, help: (a) => opened.push(a) });
  eq(box.querySelectorAll("button.action").length, snap.legal.length);
  const helps = [...box.querySelectorAll("button.help")];
  eq(helps.map((b) => b.dataset.anchor), ["verb-Mark", "verb-Mark"]);
  helps.forEach((b) => b.click());
  eq(opened, ["verb-Mark", "verb-Mark"]);
  const row = box.querySelector(".blocked-action");
  eq(row.querySelector(".label").textContent, "Mark the taken square");
  eq(row.querySelector(".reason").textContent, "That square is taken.");
  ok(!row.querySelector("button.action"), "a forbidden action is not a button to take");
  box.querySelector("button.action").click();
  eq(acted, [snap.legal[0].text]);
});

test("without a how-to there is no ?, and a seat not to act sees no actions", async () => {
  const snap = await snapWithBlocked();
  const box = document.createElement("div");
  drawActions(box, snap, { act: () => {}, undo: () => {}, help: null });
  eq(box.querySelectorAll("button.help").length, 0);
  eq(box.querySelectorAll(".blocked-action").length, 1);
  drawActions(box, snap, { act: () => {}, undo: () => {}, mine: false });
  eq(box.querySelectorAll("button").length, 0);
});
