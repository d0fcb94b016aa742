// The lobby: choose a game, read what it is, set its players, options and seats, create the
// match, hand out the invitations; and the public matches that still have a free seat.

import { call } from "./net.js";
import { botName, seatChoices } from "./seats.js";
import { ago, chosenLang, clockText, el, lang, langSwitch, loadTexts, put, t } from "./texts.js";

let games = [];
let chosen = null;   // the game being set up
let created = null;  // the answer to the last "create"

const $ = (id) => document.getElementById(id);


async function start() {
  await loadTexts(await chosenLang());
  langSwitch($("langs"), () => draw());
  await draw();
  setInterval(drawOpen, 5000);
}

async function draw() {
  document.title = t("web.lobby.title");
  $("to-me").textContent = t("web.match.to_me");
  const r = await call("GET", `/api/games?lang=${lang}`);
  games = (r.data || []).filter((g) => !g.id.startsWith("_"));
  if (chosen) chosen = games.find((g) => g.id === chosen.id) || null;
  drawGames();
  drawSetup();
  drawCreated();
  await drawOpen();
}

// The how-to page of `g` in the page's language, or nothing for a game without one.
function howtoLink(g, attrs = {}) {
  return g.howto ? el("a", { class: "howto", href: `/rules/${encodeURIComponent(g.id)}?lang=${lang}`, ...attrs },
    t("web.lobby.howto")) : null;
}

function drawGames() {
  const list = games.map((g) => el("div", { class: "game-tile" }, el("button", {
    type: "button", class: "game-card" + (chosen && chosen.id === g.id ? " chosen" : ""),
    "data-game": g.id, onclick: () => {
      chosen = g; created = null; drawGames(); drawSetup(); drawCreated();
      toForm();
    },
  }, el("strong", {}, g.name), el("span", {}, g.description),
     el("small", {}, t("web.lobby.players", { players: playersText(g) }))),
  howtoLink(g, { "data-howto": g.id })));
  put($("games"), el("h1", {}, t("web.lobby.choose")), el("div", { class: "game-grid" }, list));
}

// The form is below every game: on a phone that is a screen or more further down. A redraw
// of the open matches below it while the scroll is under way stops the scroll where it is, so
// such a redraw scrolls on (``drawOpen``).
let scrolledAt = 0;
function toForm() {
  scrolledAt = Date.now();
  $("setup").scrollIntoView({ behavior: smooth(), block: "start" });
}

function smooth() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

// `url` (a match's link) with the page's language, so a person opening it in a fresh browser
// reads the page in the language the match was made in.
function withLang(url) {
  if (!url) return url;
  const u = new URL(url, location.href);
  u.searchParams.set("lang", lang);
  return u.toString();
}

function playersText(g) {
  const c = g.player_counts;
  return c.length > 1 && c[c.length - 1] - c[0] === c.length - 1 ? `${c[0]}–${c[c.length - 1]}` : c.join(", ");
}

// An option whose value lists some of its `items` in order (Andor's heroes by seat): a list of
// places, each choosing one item; choosing an item another place holds swaps the two, so the
// list stays one of distinct items. Each item shows its name (`item_names`) and sends its id.
function orderInput(opt, id) {
  const names = opt.item_names || {};
  const given = String(opt.default).split(",").map((v) => v.trim()).filter(Boolean);
  const order = [...given, ...opt.items.filter((c) => !given.includes(c))];
  const box = el("div", { id, class: "choice-order", "data-items": opt.name });
  const picks = order.map((value, i) => el("select", { "data-index": i, "data-was": value,
    "aria-label": `${opt.doc} ${i + 1}`, onchange: (e) => {
      const pick = e.target;
      const other = picks.find((p) => p !== pick && p.value === pick.value);
      if (other) { other.value = pick.dataset.was; other.dataset.was = other.value; }
      pick.dataset.was = pick.value;
    } }, opt.items.map((c) => el("option", { value: c, selected: c === value }, names[c] || c))));
  put(box, picks.map((p, i) => el("label", {}, el("span", {}, `${i + 1}.`), p)));
  return box;
}

// The value an option's input holds, as the server takes it.
function optionValue(opt, input) {
  if (opt.items) return [...input.querySelectorAll("select")].map((p) => p.value).join(",");
  if (opt.type === "bool") return input.checked;
  if (opt.type === "int") return Number(input.value);
  return input.value;
}

function optionInput(opt) {
  const id = `opt-${opt.name}`;
  let input;
  if (opt.items) {
    return el("div", { class: "option" }, el("span", { class: "label" }, opt.doc), orderInput(opt, id));
  } else if (opt.choices) {
    input = el("select", { id, name: opt.name },
      opt.choices.map((c) => el("option", { value: c, selected: c === opt.default },
        (opt.choice_names || {})[c] || c)));
  } else if (opt.type === "bool") {
    input = el("input", { id, name: opt.name, type: "checkbox", checked: opt.default === true });
  } else if (opt.type === "int") {
    input = el("input", { id, name: opt.name, type: "number", value: opt.default, min: opt.min, max: opt.max, step: 1 });
  } else {
    input = el("input", { id, name: opt.name, type: "text", value: opt.default });
  }
  return el("div", { class: "option" }, el("label", { for: id }, opt.doc), input);
}

function drawSetup() {
  const box = $("setup");
  if (!chosen) { box.hidden = true; return; }
  box.hidden = false;
  const g = chosen;
  const counts = g.player_counts;
  const players = el("select", { id: "players", name: "players", onchange: () => drawSeats(g) },
    counts.map((n) => el("option", { value: n, selected: n === counts[0] }, String(n))));
  const options = g.options.length
    ? el("details", { class: "options" }, el("summary", {}, t("web.lobby.options")), g.options.map(optionInput))
    : null;
  put(box, 
    el("h2", {}, g.name),
    el("p", { class: "description" }, g.description, g.howto ? " " : null, howtoLink(g)),
    el("div", { class: "option" }, el("label", { for: "players" }, t("web.lobby.how_many")), players),
    el("fieldset", { id: "seats", class: "seats" }),
    options,
    el("div", { class: "option" }, el("label", { for: "public" }, t("web.lobby.public")),
      el("input", { id: "public", type: "checkbox", onchange: showOpenSeats })),
    choice("pace", ["live", "turn"]),
    choice("clock", Object.keys(CLOCKS), showTimeout),
    choice("on_timeout", ["bot", "lose"]),
    el("p", { id: "create-error", class: "error", role: "alert" }),
    el("button", { type: "button", id: "create", class: "primary", onclick: create }, t("web.lobby.create")),
  );
  drawSeats(g);
  showTimeout();
}

// The clocks a match can be made with (the API takes any bank, increment or time per turn).
const CLOCKS = { none: null, blitz: { bank: 600, increment: 10 }, day: { per_move: 86400 },
  three_days: { per_move: 259200 } };

// A setting of the match chosen from a few, each said in words (web.lobby.NAME_VALUE).
function choice(name, values, onchange) {
  return el("div", { class: "option" }, el("label", { for: name }, t(`web.lobby.${name}`)),
    el("select", { id: name, onchange }, values.map((v) => el("option", { value: v }, t(`web.lobby.${name}_${v}`)))));
}

// What happens when time runs out is asked only for a match with a clock.
function showTimeout() {
  const row = $("on_timeout") && $("on_timeout").parentElement;
  if (row) row.hidden = $("clock").value === "none";
}

function drawSeats(g) {
  const n = Number($("players").value);
  const choices = seatChoices(g);
  const rows = [];
  for (let s = 0; s < n; s++) {
    const id = `seat-${s}`;
    const first = s === 0 ? "human" : "easy";
    rows.push(el("div", { class: "option seat-row" },
      el("label", { for: id }, s === 0 ? t("web.lobby.seat_you", { n: s + 1 }) : t("web.lobby.seat", { n: s + 1 })),
      el("select", { id, "data-seat": s, "aria-describedby": `about-${s}`, onchange: () => { showAbout(g, s); showOpenSeats(); } },
        choices.map((c) => el("option", { value: c.value, selected: c.value === first }, c.name))),
      el("small", { class: "bot-about", id: `about-${s}`, "data-seat": s }),
      el("label", { class: "open-seat", hidden: true },
        el("input", { type: "checkbox", id: `open-${s}`, checked: true }), t("web.lobby.open_seat"))));
  }
  put($("seats"), el("legend", {}, t("web.lobby.seats")), ...rows);
  for (let s = 0; s < n; s++) showAbout(g, s);
  showOpenSeats();
}

// Under a bot's seat: how the chosen bot plays and how strong it was measured to be.
function showAbout(g, s) {
  const chosenBot = seatChoices(g).find((c) => c.value === $(`seat-${s}`).value);
  const box = $(`about-${s}`);
  box.textContent = chosenBot ? chosenBot.about : "";
  box.hidden = !box.textContent;
}

// The people's seats but the creator's (the first): those a public match may open to strangers.
function othersSeats() {
  const kinds = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  return kinds.flatMap((k, s) => (k === "human" ? [s] : [])).slice(1);
}

// A seat's "a stranger may take it" box shows only on a public match, for a person's seat that
// is not the creator's: the server lists and hands out only those seats.
function showOpenSeats() {
  const others = new Set(othersSeats());
  const shown = $("public") && $("public").checked;
  document.querySelectorAll("#seats .open-seat").forEach((label) => {
    const s = Number(label.querySelector("input").id.slice("open-".length));
    label.hidden = !(shown && others.has(s));
  });
}

function readOptions(g) {
  const out = {};
  for (const opt of g.options) {
    const input = $(`opt-${opt.name}`);
    if (!input) continue;
    const v = optionValue(opt, input);
    if (v !== opt.default) out[opt.name] = v;
  }
  return out;
}

async function create() {
  const g = chosen;
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const body = { game: g.id, seats, options: readOptions(g), public: $("public").checked };
  if (body.public) body.open = othersSeats().filter((s) => $(`open-${s}`).checked);
  body.pace = $("pace").value;
  const clock = CLOCKS[$("clock").value];
  if (clock) body.clock = { ...clock, on_timeout: $("on_timeout").value };
  $("create").disabled = true;
  const r = await call("POST", `/api/matches?lang=${lang}`, body);
  $("create").disabled = false;
  if (r.status !== 201) {
    $("create-error").textContent = t("web.lobby.refused", { reason: (r.data && r.data.reason) || r.status });
    return;
  }
  $("create-error").textContent = "";
  created = { ...r.data, game: g };
  localStorage.setItem(`meeple.match.${created.match}`, JSON.stringify({ host: created.host }));
  drawCreated();
  $("created").scrollIntoView({ behavior: smooth() });
}

function copyButton(text) {
  return el("button", { type: "button", class: "copy", onclick: async (e) => {
    try { await navigator.clipboard.writeText(text); } catch { /* the field below can be copied by hand */ }
    e.target.textContent = t("web.copied");
  } }, t("web.copy"));
}

function drawCreated() {
  const box = $("created");
  if (!created || !chosen || created.game.id !== chosen.id) { box.hidden = true; return; }
  box.hidden = false;
  const humans = created.seats.filter((s) => s.token);
  const mine = humans[0];
  const items = humans.slice(1).map((s) => el("li", {},
    el("span", {}, t("web.lobby.invite", { n: s.seat + 1 })),
    el("input", { type: "text", readonly: true, value: withLang(s.join_url), "data-seat": s.seat, "aria-label": t("web.lobby.invite", { n: s.seat + 1 }) }),
    copyButton(withLang(s.join_url))));
  const watch = withLang(created.watch_url);
  put(box, 
    el("h2", {}, t("web.lobby.created")),
    humans.length > 1 ? el("p", {}, t("web.lobby.send_links")) : null,
    items.length ? el("ul", { class: "invites" }, items) : null,
    el("p", {}, el("a", { class: "primary button", id: "play", href: withLang(created.host_url || (mine ? mine.join_url : created.watch_url)) }, mine ? t("web.lobby.play", { n: mine.seat + 1 }) : t("web.lobby.watch"))),
    el("p", {}, el("small", {}, t("web.lobby.watch_link")), " ",
      el("input", { type: "text", readonly: true, id: "watch-link", value: watch }), copyButton(watch)),
  );
}

// The list is read every few seconds but drawn again only when it changed, or once a minute
// for the ages it shows: a page drawn anew under a scroll under way could stop it.
let openDrawn = { key: null, at: 0 };

async function drawOpen() {
  const r = await call("GET", "/api/matches");
  const key = `${lang} ${JSON.stringify((r.data || []).map(({ age, ...m }) => m))}`;
  if (key === openDrawn.key && Date.now() - openDrawn.at < 60000) return;
  openDrawn = { key, at: Date.now() };
  const rows = (r.data || []).map((m) => {
    const g = games.find((x) => x.id === m.game);
    const settings = optionWords(g, m.options || {});
    return el("li", {},
      el("span", {}, t("web.lobby.open_row", { game: g ? g.name : m.game, free: m.free ?? 0, players: m.players })),
      el("button", { type: "button", onclick: () => join(m.match) }, t("web.lobby.join")),
      el("a", { href: withLang(`/match/${m.match}`) }, t("web.lobby.watch")),
      el("div", { class: "open-who" },
        m.creator ? t("web.lobby.made_by", { name: m.creator, when: ago(m.age) }) : t("web.lobby.made", { when: ago(m.age) }),
        " · ", (m.seats || []).map((k, s) => (m.names && m.names[s]) || botName(k, g)).join(", ")),
      el("div", { class: "open-settings quiet" },
        [t(`web.pace.${m.pace || "live"}`), clockText(m.clock), ...settings].join(" · ")));
  });
  put($("open"), el("h2", {}, t("web.lobby.open")),
    rows.length ? el("ul", { class: "open-list" }, rows) : el("p", {}, t("web.lobby.none_open")));
  if (Date.now() - scrolledAt < 3000) toForm();
}

// The settings a match was made with that differ from the game's own, in words: a choice by
// its name, a list by its items' names, any other by how many there are.
function optionWords(g, options) {
  const out = [];
  let others = 0;
  for (const opt of (g && g.options) || []) {
    const v = options[opt.name];
    if (v === undefined || String(v) === String(opt.default)) continue;
    if (opt.choice_names && opt.choice_names[v]) out.push(opt.choice_names[v]);
    else if (opt.item_names) out.push(String(v).split(",").map((i) => opt.item_names[i] || i).join(", "));
    else others += 1;
  }
  if (others) out.push(t("web.lobby.other_settings", { n: others }));
  return out;
}

async function join(match) {
  const r = await call("POST", `/api/matches/${match}/join`, {});
  if (r.status === 200) location.href = withLang(r.data.join_url);
  else await drawOpen();
}

start();
