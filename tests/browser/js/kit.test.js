// The kit's shared drawing parts (docs/boards.md): place keys from the game's templates, text
// wrapped into lines, a tile's passages, a seat's token.

import { test, eq, ok, gameInfo } from "/jstest/harness.js";
import { context, fit, passages, place, seatIcon, seatToken, wrap } from "/static/js/kit.js";

const SNAP = { view: {}, legal: [], seat: 0, names: [], events: [] };

test("place fills the game's templates and refuses a kind or parts it does not declare", async () => {
  const info = await gameInfo("myth");
  eq(info.place_keys.cell, "cell:{0},{1}");
  context(SNAP, info, () => {});
  eq(place("cell", 2, -1), "cell:2,-1");
  eq(place("card", "hand", "trow"), "card:hand:trow");
  eq(place("deck"), "deck:events");
  let said = "";
  try { place("hex", "f6"); } catch (e) { said = String(e); }
  ok(said.includes("no place kind hex"), said);
  said = "";
  try { place("cell", 2); } catch (e) { said = String(e); }
  ok(said.includes("has 2 parts, not 1"), said);
  context(SNAP, await gameInfo("heavens"), () => {});
  eq(place("hex", "f6"), "hex:f6");
});

test("wrap keeps whole words to a line and cuts the last line it may use", () => {
  eq(wrap("Heavy two handed sword", 10, 2), ["Heavy two", "handed sw…"]);
  eq(wrap("Dagger", 10, 2), ["Dagger"]);
  eq(wrap("", 10), [""]);
  eq(fit("Iron helmet", 8), "Iron he…");
  eq(fit("Swordsmanship", 8), "Swordsm…");
});

test("passages draw a floor and an arm to each open side, walls on the closed ones", () => {
  const all = passages(15, { size: 60, width: 0.5 });
  eq(all.querySelectorAll("rect").length, 5);
  eq(all.querySelectorAll("line").length, 0);
  const north = passages(1, { x: 10, y: 20, size: 60, width: 0.5, floor: "lane", wall: "wall" });
  eq(north.querySelectorAll("rect.lane").length, 2);
  eq(north.querySelectorAll("line.wall").length, 3);
  const arm = north.querySelectorAll("rect")[1];
  eq([arm.getAttribute("x"), arm.getAttribute("y")], ["25", "20"], "the north arm starts at the tile's top");
});

test("a seat's token has its own shape, colour and mark, a halo when acting, a cross when out", () => {
  const a = seatToken(0, 5, 6, 10), b = seatToken(1, 0, 0, 10, { mark: "B", acting: true, dead: true, cls: "token" });
  eq(a.querySelector(".body").tagName, "circle");
  eq(b.querySelector(".body").tagName, "rect");
  eq(a.querySelector(".mark").textContent, "1");
  eq(b.querySelector(".mark").textContent, "B");
  ok(b.classList.contains("token") && b.classList.contains("seat-token"), b.getAttribute("class"));
  ok(b.querySelector(".halo") && b.querySelector(".cross"), "halo and cross");
  ok(a.getAttribute("fill") === null && a.querySelector(".body").getAttribute("fill") !== b.querySelector(".body").getAttribute("fill"), "colours");
  eq(seatToken(1, 0, 0, 10, { shape: 0 }).querySelector(".body").tagName, "circle");
  eq(seatIcon(2, 24).querySelector(".body").tagName, "path");
});
