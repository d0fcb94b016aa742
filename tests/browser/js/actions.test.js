// The actions panel: legal actions by verb with a "?" to each verb's paragraph of the rules,
// and the forbidden ones greyed under them with the game's reason and their own "?".

import { test, eq, ok, played } from "/jstest/harness.js";
import { drawActions } from "/static/js/actions.js";
import { t } from "/static/js/texts.js";

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
  for (const group of box.querySelectorAll(".group")) {  // the "?" beside the group's buttons
    eq([...group.children].map((c) => c.className), ["help", "choices"]);
  }
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

test("a long list of forbidden actions starts folded with its count; the player's fold stays", async () => {
  const snap = await snapWithBlocked();
  const box = document.createElement("div");
  const draw = (s) => drawActions(box, s, { act: () => {}, undo: () => {}, help: null });
  draw(snap);
  ok(box.querySelector("details.blocked-actions").open, "one forbidden action is shown at once");
  eq(box.querySelector("details.blocked-actions summary").textContent, t("web.match.blocked"));
  const many = { ...snap, blocked: Array.from({ length: 9 }, (_, i) => ({ ...snap.blocked[0],
    text: `mark z${i}`, label: `Mark square ${i}` })) };
  draw(many);
  const fold = box.querySelector("details.blocked-actions");
  ok(!fold.open, "nine forbidden actions start folded");
  eq(fold.querySelector("summary").textContent, `${t("web.match.blocked")} (9)`);
  eq(fold.querySelectorAll(".blocked-action").length, 9);
  const buttons = [...box.children].map((c) => c.tagName);
  ok(buttons.indexOf("DETAILS") === buttons.length - 1, "the actions to take come first");
  fold.querySelector("summary").click();
  ok(fold.open, "the player opened it");
  draw(many);
  ok(box.querySelector("details.blocked-actions").open, "drawn again, it stays open");
  box.querySelector("details.blocked-actions summary").click();
  draw(snap);
  ok(!box.querySelector("details.blocked-actions").open, "closed by the player, it stays closed");
});
