// The replay viewer: a match stepped through from its deal, each step drawn with the game's own
// board as one seat saw it then, with the story up to there. While the game goes on a seat's link
// shows only that seat's view (or a spectator's); once it is over every seat's view and the
// referee's, every hidden card, may be chosen. The server decides what each step shows
// (/api/matches/{id}/replay); the page only asks.

import { call } from "./net.js";
import { playerKey } from "./player.js";
import { drawBoard } from "./boards.js";
import { botName, gameInfo, readCreds } from "./seats.js";
import { chosenLang, el, lang, langSwitch, loadTexts, put, t } from "./texts.js";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.split("/")[2] || "");
let creds = {};      // {token, host} of this browser for this match (the match page keeps them)
let snap = null;     // the step drawn
let game = null;     // the game's info and catalogue in the page's language
let view = "";       // the view asked: "" (the seat's own, or a spectator's), a seat, "spectator", "referee"
let ownSeat = null;  // the seat this browser's token opens, once the server has said
let asking = 0;      // the newest request: an older answer is not drawn over a newer one

async function loadGame(id) {
  game = await gameInfo(id);
}

function banner(text) {
  $("banner").hidden = !text;
  $("banner").textContent = text || "";
}

// Who asks: the seat's token this browser keeps, else this browser's player (whose seat the
// server finds), else a spectator.
function asWhom() {
  return creds.token || (playerKey() ? { player: playerKey() } : undefined);
}

// Ask for step `step` (the newest when null) in the chosen view, and draw it.
async function show(step) {
  const ticket = ++asking;
  const q = new URLSearchParams({ lang });
  if (step !== null) q.set("step", step);
  if (view !== "") q.set("seat", view);
  const r = await call("GET", `/api/matches/${encodeURIComponent(matchId)}/replay?${q}`, undefined, asWhom());
  if (ticket !== asking) return;
  if (r.status === 403 || r.status === 409) {  // a view that opens once the game is over
    view = "";
    await show(step);
    banner(t("web.replay.refused"));
    return;
  }
  if (r.status !== 200) { banner(t(r.status === 0 ? "web.err.unreachable" : "web.replay.missing")); return; }
  if (!game || game.id !== r.data.game) await loadGame(r.data.game);
  if (ticket !== asking) return;
  banner(null);
  if (view === "" && typeof r.data.view_of === "number") ownSeat = r.data.view_of;
  snap = r.data;
  draw();
}

function headings() {
  $("first").textContent = `« ${t("web.replay.first")}`;
  $("back").textContent = `‹ ${t("web.replay.back")}`;
  $("forward").textContent = `${t("web.replay.forward")} ›`;
  $("last").textContent = `${t("web.replay.last")} »`;
  $("slider").setAttribute("aria-label", t("web.replay.slider"));
  $("seen-by").textContent = t("web.replay.seen_by");
  $("h-players").textContent = t("web.match.players");
  $("h-log").textContent = t("web.replay.story");
  $("to-table").textContent = t("web.replay.to_table");
  $("to-table").href = `/match/${encodeURIComponent(matchId)}`;
}

function draw() {
  Object.assign(document.body.dataset, { step: snap.step, steps: snap.steps, over: snap.over, view: String(snap.view_of) });
  $("game-name").textContent = `${game.name} · ${t("web.replay.title")}`;
  document.title = `${t("web.replay.title")} — ${game.name} — meeple`;
  headings();
  const slider = $("slider");
  slider.max = String(snap.steps);
  slider.value = String(snap.step);
  $("first").disabled = $("back").disabled = snap.step === 0;
  $("forward").disabled = $("last").disabled = snap.step === snap.steps;
  $("where").textContent = snap.step === 0 ? t("web.replay.deal") : t("web.replay.step", { k: snap.step, n: snap.steps });
  drawViews();
  drawResult();
  drawBoard($("board"), snap, game, () => {});
  drawPlayers();
  drawLog();
}

// The views this link may choose: its own seat and a spectator's while the game goes on (the
// server refuses the rest), and once the match is over (at any step) every seat's and the
// referee's.
function drawViews() {
  const choices = [];
  if (snap.finished) {
    snap.names.forEach((name, s) => choices.push([String(s), s === ownSeat ? t("web.replay.your_seat", { name }) : name]));
    choices.push(["spectator", t("web.replay.spectator")], ["referee", t("web.replay.referee")]);
  } else if (ownSeat !== null) {
    choices.push([String(ownSeat), t("web.replay.your_seat", { name: snap.names[ownSeat] })], ["spectator", t("web.replay.spectator")]);
  }
  const shown = String(snap.view_of);
  put($("view"), choices.map(([value, label]) => el("option", { value, selected: value === shown }, label)));
  $("view-label").hidden = choices.length < 2;
  $("note").hidden = snap.finished;
  $("note").textContent = snap.finished ? "" : t("web.replay.going_on");
}

function drawResult() {
  const res = $("result");
  res.hidden = !(snap.over && snap.result);
  if (res.hidden) return;
  const lines = Array.isArray(snap.result.text) ? snap.result.text : [snap.result.text];
  put(res, el("strong", {}, lines[0]), ...lines.slice(1).map((l) => el("p", {}, l)));
}

function drawPlayers() {
  put($("players"), (snap.seats || []).map((s) => el("li", { class: s.seat === snap.to_act && !snap.over ? "to-act" : "", "data-seat": s.seat },
    el("span", { class: "name" }, s.name), el("small", {}, botName(s.kind, game)))));
}

// The story up to the step: the newest events, those of the step's own move set apart.
function drawLog() {
  const box = $("log");
  const events = snap.events;
  let last = events.length;
  for (let i = events.length - 1; i >= 0; i--) if (events[i].type === "action") { last = i; break; }
  put(box, snap.events_from > 0 ? el("li", { class: "quiet" }, t("web.replay.earlier")) : null,
    events.map((e, i) => el("li", { class: (e.type === "action" ? "act" : "fx") + (snap.step > 0 && i >= last ? " newest" : "") }, e.text)));
  box.scrollTop = box.scrollHeight;
}

function go(step) {
  if (!snap) return;
  show(Math.max(0, Math.min(snap.steps, step)));
}

async function start() {
  const asked = await chosenLang();
  creds = readCreds(matchId);
  await loadTexts(asked);
  headings();
  langSwitch($("langs"), async () => { if (snap) await loadGame(snap.game); headings(); if (snap) show(snap.step); });
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(snap.step - 1));
  $("forward").addEventListener("click", () => go(snap.step + 1));
  $("last").addEventListener("click", () => show(null));  // the newest: the game may have gone on
  $("slider").addEventListener("input", (e) => go(Number(e.target.value)));
  $("view").addEventListener("change", (e) => { view = e.target.value; banner(null); show(snap ? snap.step : null); });
  document.addEventListener("keydown", (e) => {
    if (!snap || e.target.closest("input, select, textarea")) return;
    const to = { ArrowLeft: snap.step - 1, ArrowRight: snap.step + 1, Home: 0, End: snap.steps }[e.key];
    if (to !== undefined) { e.preventDefault(); go(to); }
  });
  await show(null);
}

start();
