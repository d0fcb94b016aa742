// A match as one seat (or a spectator) sees it: the snapshot the server builds for that seat,
// pushed over a WebSocket after every change, drawn as the board, the players, the seat's cards
// with their catalogue details, the story so far in words and the legal actions as buttons.

import { call, Link } from "./net.js";
import { drawBoard } from "./boards.js";
import { drawActions as actionsIn, helpButton } from "./actions.js";
import { motionSwitch } from "./kit.js";
import { openRules, rulesControl } from "./rules-panel.js";
import { asPlayer, playerKey, whoAmI } from "./player.js";
import { drawChat } from "./chat.js";
import { noticeControls, yourTurn } from "./notice.js";
import { botName, gameInfo, readCreds, seatChoices, seatLabel } from "./seats.js";
import { chosenLang, clockText, countdown, el, lang, langSwitch, loadTexts, put, t } from "./texts.js";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.split("/").pop());
let creds = {};       // {token, host} of this browser for this match
let snap = null;      // the newest snapshot
let heard = 0;        // when it came (Date.now()): the clock counts down from then
let game = null;      // the game's info and catalogue in the page's language
let link = null;
let waiting = false;  // an action was sent and its answer has not come
let me = null;        // this browser's player ({name, lang, seats}), if it has one
let wasMine = false;  // whether the newest snapshot drawn was this seat's turn

// What opens this browser's seat: the seat's token, else the player's key (a seat the player
// holds opens on any of its devices).
function auth() {
  return creds.token || (playerKey() ? { player: playerKey() } : undefined);
}

function socketUrl() {
  const q = new URLSearchParams({ lang, board: "text" });
  if (creds.token) q.set("token", creds.token);
  else if (playerKey()) q.set("player", playerKey());
  return `/ws/matches/${encodeURIComponent(matchId)}?${q}`;
}

async function loadGame(id) {
  game = await gameInfo(id);
}

async function start() {
  const asked = await chosenLang();  // before the link's ?token= (and ?lang=) leave the address bar
  creds = readCreds(matchId);
  await loadTexts(asked);
  me = await whoAmI();
  langSwitch($("langs"), async () => {
    story = { first: 0, events: [] };  // told again in the new language by the next snapshot
    if (snap) await loadGame(snap.game);
    link.reopen(socketUrl());
    headings();
  });
  headings();
  link = new Link(socketUrl(), onMessage, onLink);
  link.open();
}

function headings() {
  $("h-actions").textContent = t("web.match.actions");
  $("h-players").textContent = t("web.match.players");
  $("h-cards").textContent = t("web.match.cards");
  $("h-log").textContent = t("web.match.log");
  $("h-since").textContent = t("web.match.since");
  $("h-weighed").textContent = t("web.match.weighed");
  $("weighed-how").textContent = t("web.match.weighed_how");
  $("h-chat").textContent = t("web.chat.title");
  dock();
  put($("motion"), motionSwitch(), " ", ...noticeControls());
  if (snap) draw();
}

function onLink(state, wait) {
  const box = $("link");
  box.dataset.state = state;
  if (state === "open") box.textContent = t("web.link.open");
  else if (state === "refused") { box.textContent = t("web.link.refused"); banner(t("web.link.refused_long")); }
  else box.textContent = t("web.link.closed", { n: Math.max(1, Math.round(wait / 1000)) });
}

// The socket's messages are handled one at a time, in the order they came: a message that must
// first load the game's texts would otherwise finish after a newer one, and the page would show
// the older snapshot (its turn, its board) with no push left to correct it.
let inbox = Promise.resolve();

function onMessage(msg) {
  const done = inbox.then(() => handle(msg));
  inbox = done.catch(() => {});  // a failure is the page's error once, not every later message's
  return done;
}

async function handle(msg) {
  if (msg.snapshot) {
    if (!game || game.id !== msg.snapshot.game) await loadGame(msg.snapshot.game);
    snap = msg.snapshot;
    heard = Date.now();
  }
  waiting = false;
  if (msg.type === "resync") banner(t("web.err.moved_on"));
  else if (msg.type === "error") banner(refusal(msg.status, msg.code, msg.reason));
  else if (msg.type === "snapshot") banner(null);
  if (snap) draw();
  if (snap && myTurn() && !wasMine) yourTurn(game.name, t("web.match.your_turn"));
  wasMine = Boolean(snap && myTurn());
}

function refusal(status, code, reason) {
  if (status === 0) return t("web.err.unreachable");
  if (code) return reason;  // an undo refusal, already in our language
  if (status === 403) return t("web.err.not_your_turn");
  if (status === 409) return t("web.err.moved_on");
  return t("web.err.illegal");
}

function banner(text) {
  const b = $("banner");
  b.hidden = !text;
  b.textContent = text || "";
}

function myTurn() {
  return snap && !snap.over && snap.seat !== null && snap.to_act === snap.seat;
}

function draw() {
  // What the page shows, for tests and styles: the version drawn and whose move it is.
  Object.assign(document.body.dataset, { version: snap.version, turn: myTurn() ? "mine" : "other",
    over: snap.over, waiting });
  $("game-name").textContent = game.name;
  rulesControl($("rules-open"), game, lang);
  document.title = (myTurn() ? `● ${t("web.match.your_turn")} — ` : "") + `${game.name} — meeple`;
  drawStatus();
  drawSpectator();
  drawBoard($("board"), snap, game, act);
  drawSince();
  drawActions();
  drawWeighed();
  drawDock();
  drawPlayers();
  drawChat($("chat"), snap, { matchId, auth, host: creds.host, isPlayer: () => Boolean(playerKey()) });
  drawCards();
  drawLog();
}

function drawStatus() {
  const names = snap.names;
  let text;
  if (snap.over) text = t("web.match.over");
  else if (myTurn()) text = t("web.match.your_turn");
  else if (snap.to_act === null || snap.to_act === undefined) text = "";
  else text = t("web.match.waiting", { name: seatLabel(snap, snap.to_act) });
  if (snap.seat === null) text = `${t("web.match.watching")} · ${text}`;
  const phase = !snap.over && snap.view && snap.view.phase;
  put($("status"), text, phase && game.howto && text ? " " : null,
    phase && game.howto ? helpButton(openRules, `phase-${phase}`, text || game.name) : null);
  $("status").classList.toggle("mine", myTurn());
  const res = $("result");
  res.hidden = !snap.over;
  if (snap.over && snap.result) {
    const lines = Array.isArray(snap.result.text) ? snap.result.text : [snap.result.text];
    const id = encodeURIComponent(matchId);
    put(res, el("strong", {}, lines[0]), ...lines.slice(1).map((l) => el("p", {}, l)),
      el("p", { class: "after" },
        el("a", { class: "button", id: "replay", href: `/match/${id}/replay` }, t("web.match.replay")),
        el("a", { class: "button", id: "record", href: `/api/matches/${id}/record`,
          download: `meeple-${snap.game}-${matchId}.json` }, t("web.match.record")),
        rematchButton(),
        el("a", { class: "button", href: "/" }, t("web.match.again"))));
  }
}

// A person's seat at a finished match asks for its rematch (the first ask makes it: the same
// game, options and seat kinds, each seat moved on by one) or joins the one made, and goes
// there with the fresh token the server answers for its seat in it.
function rematchButton() {
  const seat = snap.seat !== null ? snap.seats[snap.seat] : null;
  const away = snap.clock && snap.clock.away[snap.seat];  // a bot took it on time: still theirs
  if (!seat || (seat.kind !== "human" && !away)) return null;
  return el("button", { type: "button", class: "button", id: "rematch", onclick: async () => {
    const r = await call("POST", `/api/matches/${encodeURIComponent(matchId)}/rematch`, {}, auth());
    if (r.status === 200) location.assign(r.data.url);
    else banner(t("web.match.rematch_failed", { reason: (r.data && r.data.reason) || r.status }));
  } }, t(snap.rematch ? "web.match.rematch_join" : "web.match.rematch"));
}

// Send `text` as this seat's action at the snapshot's version (over the socket, else HTTP).
export async function act(text) {
  if (!myTurn() || waiting) return;
  waiting = true;
  if (tab === "actions") { tab = null; drawDock(); }  // on a phone: back to the board
  drawActions();
  const msg = { type: "act", action: text, version: snap.version };
  if (link.send(msg)) return;
  const r = await call("POST", `/api/matches/${encodeURIComponent(matchId)}/act?lang=${lang}&board=text`,
    { action: text, version: snap.version }, auth());
  await onMessage(r.status === 200 ? { type: "snapshot", snapshot: r.data }
    : { type: r.status === 409 ? "resync" : "error", status: r.status, snapshot: r.status === 409 ? r.data : null });
}

async function undo() {
  waiting = true;
  if (link.send({ type: "undo", version: snap.version })) return;
  const r = await call("POST", `/api/matches/${encodeURIComponent(matchId)}/undo?lang=${lang}&board=text`,
    { version: snap.version }, auth());
  await onMessage(r.status === 200 ? { type: "snapshot", snapshot: r.data }
    : { type: "error", status: r.status, code: r.data && r.data.code, reason: r.data && r.data.reason });
}

function drawActions() {
  actionsIn($("actions"), snap, { act, undo, help: game.howto ? openRules : null, waiting, mine: myTurn() });
}

// What the other seats did since this seat's last decision, one line per decision (the
// snapshot's `since`, in the seat's language); the board marks the places that changed.
function drawSince() {
  const since = myTurn() && snap.since;
  const lines = since ? since.lines : [];
  $("since").hidden = !lines.length;
  const more = since && since.more ? el("li", { class: "quiet" }, t("web.match.since_more", { n: since.more })) : null;
  put($("since-lines"), more, ...lines.map((l) => el("li", {}, l)));
}

// What the bots weighed in their moves since this seat's player last acted (the snapshot's
// `weighed`, built for this seat by the server: a move hidden from it is named as hidden). The
// newest decision is open; the older ones are a tap away, and a fold the player opened or
// closed stays so when the table is drawn again.
const folds = new Map();  // the version a decision's move made -> whether its fold is open
function drawWeighed() {
  const kept = snap.weighed || [];
  $("weighed").hidden = !kept.length;
  put($("weighed-list"), ...kept.map((w, i) => {
    const open = folds.has(w.version) ? folds.get(w.version) : i === kept.length - 1;
    // The player's own opening and closing is kept (a click, or a key, on the summary), not
    // the toggles the page makes when it draws a fold open.
    return el("details", { class: "weighed-one", open },
      el("summary", { onclick: (e) => folds.set(w.version, !e.currentTarget.parentElement.open) },
        t("web.match.weighed_move", { name: w.name, move: w.played })),
      el("ul", {}, w.rows.map((r) => el("li", {}, el("span", { class: "move" }, r.move), " — ", el("small", {}, r.why)))));
  }));
}

// On a phone the side panels are a sheet over the bottom of the board, opened by the dock's
// buttons: the actions and the story are always one tap away.
let tab = null;
function dock() {
  for (const b of $("dock").querySelectorAll("button")) {
    b.onclick = () => { tab = tab === b.dataset.tab ? null : b.dataset.tab; drawDock(); };
  }
  drawDock();
}

function drawDock() {
  const names = { actions: "web.match.actions", log: "web.match.log", players: "web.match.players", cards: "web.match.cards" };
  for (const b of $("dock").querySelectorAll("button")) {
    const k = b.dataset.tab;
    const count = k === "actions" && snap && myTurn() ? ` (${snap.legal.length})` : "";
    b.textContent = t(names[k]) + count;
    b.setAttribute("aria-pressed", String(tab === k));
    b.classList.toggle("mine", k === "actions" && Boolean(snap) && myTurn());
  }
  $("side").dataset.tab = tab || "";
  document.body.classList.toggle("sheet-open", Boolean(tab));
  if (tab === "log") { const log = $("log"); log.scrollTop = log.scrollHeight; }
}

function drawPlayers() {
  const seats = snap.seats || snap.names.map((name, seat) => ({ seat, name, kind: "human", present: false }));
  put($("players"), ...seats.map((s) => {
    const who = [s.player ? `${s.player} — ${s.name}` : s.name];
    if (s.seat === snap.seat) who.push(t("web.match.you"));
    const li = el("li", { class: (s.seat === snap.to_act && !snap.over ? "to-act " : "") + (s.present ? "present" : ""), "data-seat": s.seat },
      el("span", { class: "dot", title: s.kind === "human" ? (s.present ? t("web.match.here") : t("web.match.away")) : "" }),
      el("span", { class: "name" }, who.join(" · ")),
      el("small", {}, s.kind === "human" ? (s.present ? t("web.match.here") : t("web.match.away")) : botName(s.kind, game)),
      el("span", { class: "seat-clock", "data-seat": s.seat }));
    if (creds.host && !snap.over) li.append(hostControl(s));
    if (s.seat === snap.seat && me && creds.token && s.player !== me.name) li.append(sitAs(s));
    return li;
  }));
  const clock = snap.clock;
  $("clock-rule").hidden = !snap.pace;
  $("clock-rule").textContent = snap.pace
    ? `${t(`web.pace.${snap.pace}`)} · ${clock ? `${t("web.clock.title")}: ${clockText(clock)}` : clockText(null)}` : "";
  tickClocks();
}

// Each seat's time left, the running one counted down each second from when the snapshot came.
function tickClocks() {
  const clock = snap && snap.clock;
  document.querySelectorAll(".seat-clock").forEach((box) => {
    const seat = Number(box.dataset.seat);
    if (!clock || snap.over) { box.hidden = true; return; }  // the result says the rest
    const running = clock.running === seat;
    let left = clock.left[seat];
    if (left === null || left === undefined) left = running ? 0 : clock.per_move;
    if (running) left -= (Date.now() - heard) / 1000;
    box.hidden = false;
    box.classList.toggle("running", running);
    box.classList.toggle("low", running && left < 30);
    box.textContent = clock.away[seat] ? t("web.clock.away") : countdown(left);
    box.title = clock.away[seat] ? "" : t("web.clock.left", { time: countdown(left) });
  });
}
setInterval(() => { if (snap && snap.clock && snap.clock.running !== null) tickClocks(); }, 1000);

// This browser's player puts its name on the seat its token opens.
function sitAs(s) {
  return el("button", { type: "button", class: "sit-as", onclick: async () => {
    const r = await asPlayer("POST", "/api/players/me/seats", { match: matchId, token: creds.token });
    // Done, the name shows beside the seat with the push that follows; only a refusal is said.
    if (r.status !== 200) banner(t("web.me.failed", { reason: (r.data && r.data.reason) || r.status }));
  } }, t("web.match.sit_as", { name: me.name }));
}

// A page opened without its seat says so, and how to open the seat.
function drawSpectator() {
  const box = $("spectator");
  box.hidden = snap.seat !== null;
  if (box.hidden) return;
  put(box, el("strong", {}, t("web.match.spectator")), " ", t("web.match.spectator_how"), " ",
    el("a", { href: "/me", id: "to-me" }, t("web.match.to_me")));
}

function hostControl(s) {
  const choices = seatChoices(game);
  let now = choices.find((c) => c.spec === s.kind);
  if (!now) choices.push(now = { value: s.kind, spec: s.kind, name: botName(s.kind, game) });
  const pick = el("select", { "aria-label": t("web.match.hand_to", { name: s.name }) },
    choices.map((c) => el("option", { value: c.value, selected: c === now }, c.name)));
  return el("span", { class: "host" }, pick, el("button", { type: "button", onclick: async () => {
    const r = await call("POST", `/api/matches/${encodeURIComponent(matchId)}/seats/${s.seat}`, { kind: pick.value }, creds.host);
    if (r.status !== 200) banner(t("web.err.seat", { reason: (r.data && r.data.reason) || r.status }));
    else if (r.data.join_url) banner(t("web.match.new_link", { url: r.data.join_url }));
  } }, t("web.match.hand")));
}

// Catalogue entries the view names: the seat's own first (its `mine`), then the others it sees
// on the table (`on_table`); the game says which is which, the page guesses nothing.
function drawCards() {
  const cat = game.catalogue || {};
  const v = snap.view;
  const known = (ids) => ids.filter((k) => cat[k]);
  const own = new Set(known(v.mine));
  const table = known(v.on_table).filter((k) => !own.has(k));
  const all = new Set([...own, ...table]);
  $("cards").parentElement.hidden = all.size === 0;
  const entry = (k) => {
    const e = cat[k];
    const nums = Object.entries(e.numbers || {}).map(([n, x]) => el("li", {}, `${n}: ${x}`));
    return el("details", { class: "card" }, el("summary", {}, e.name, el("small", {}, ` · ${e.kind}`)),
      el("p", {}, e.text), nums.length ? el("ul", {}, nums) : null);
  };
  put($("cards"), 
    own.size ? el("h4", {}, t("web.match.yours")) : null, ...[...own].map(entry),
    table.length ? el("h4", {}, t("web.match.on_table")) : null, ...table.map(entry),
    all.size ? null : el("p", { class: "quiet" }, t("web.match.no_cards")));
}

// The story: the snapshot's newest events, and the earlier ones loaded a page at a time from the
// history on asking. `story` is a run of the seat's events without a gap, from index `first`.
let story = { first: 0, events: [] };
const STORY_PAGE = 200;

function learnStory() {
  const base = snap.events_from;
  const end = story.first + story.events.length;
  if (!story.events.length || base > end || base < story.first) story = { first: base, events: [...snap.events] };
  else story = { first: story.first, events: [...story.events.slice(0, base - story.first), ...snap.events] };
}

async function loadEarlier(button) {
  button.disabled = true;
  const to = story.first;
  const from = Math.max(0, to - STORY_PAGE);
  const q = new URLSearchParams({ from, limit: to - from, lang });
  const r = await call("GET", `/api/matches/${encodeURIComponent(matchId)}/history?${q}`, undefined, auth());
  if (r.status !== 200 || story.first !== to) { button.disabled = false; if (r.status !== 200) banner(t("web.err.history")); return; }
  story = { first: from, events: [...r.data.events, ...story.events] };
  const box = $("log");
  const below = box.scrollHeight - box.scrollTop;  // keep the events in view where they were
  drawLog(true);
  box.scrollTop = box.scrollHeight - below;
}

function drawLog(kept = false) {
  const box = $("log");
  const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
  if (!kept) learnStory();
  const earlier = story.first > 0 ? el("li", { class: "earlier" }, el("button", { type: "button", id: "earlier",
    onclick: (e) => loadEarlier(e.currentTarget) }, t("web.match.earlier", { n: story.first }))) : null;
  put(box, earlier, ...story.events.map((e) => el("li", { class: e.type === "action" ? "act" : "fx" }, e.text)));
  box.dataset.first = String(story.first);
  if (!kept && (atEnd || !box.dataset.drawn)) box.scrollTop = box.scrollHeight;
  box.dataset.drawn = "1";
  $("replay-link").href = `/match/${encodeURIComponent(matchId)}/replay`;
  $("replay-link").textContent = t("web.match.replay_so_far");
}

start();
