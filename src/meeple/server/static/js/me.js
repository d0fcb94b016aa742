// The player's page (/me): the name the other players see, the language, a device link with
// its QR code for another device, revoking unused links, and the player's matches: whose turn
// it is and since when (the player's turn first), finished ones with their result and replay; an
// e-mail address for "your turn" notices (pending until the link mailed to it is followed). A
// device link (/me/link/CODE) opened here gives this browser a key of its own for that player.
// Every name and address is put in as text.

import { call } from "./net.js";
import { yourTurn } from "./notice.js";
import { asPlayer, keepPlayerKey, playerKey, whoAmI } from "./player.js";
import { ago, chosenLang, clockText, countdown, el, lang, langSwitch, loadTexts, put, t } from "./texts.js";

const $ = (id) => document.getElementById(id);
let me = null;     // {name, lang, seats}, or null: this browser has no player
let link = null;   // the newest device link made here: {url, qr}
let said = null;   // the newest message, shown under the heading
let matches = [];  // the player's matches (GET /api/players/me/matches), in the page's language

async function start() {
  await loadTexts(await chosenLang());
  const code = location.pathname.match(/^\/me\/link\/([^/]+)$/);
  if (code) await useLink(decodeURIComponent(code[1]));
  me = await whoAmI();
  langSwitch($("langs"), () => draw());
  draw();
}

async function loadMatches() {
  const r = await asPlayer("GET", `/api/players/me/matches?lang=${lang}`);
  matches = r.status === 200 ? r.data.matches : [];
}

// Spend a device link's code: keep the key it gives, and show the player's page at /me.
async function useLink(code) {
  const r = await call("POST", "/api/players/link", { code });
  history.replaceState(null, "", "/me");
  if (r.status === 201) {
    keepPlayerKey(r.data.key);
    said = t("web.me.linked", { name: r.data.player.name });
  } else said = t("web.me.link_bad");
}

function failed(r) {
  return t("web.me.failed", { reason: (r.data && r.data.reason) || r.status });
}

async function draw() {
  if (me) await loadMatches();
  document.title = `${t("web.me.title")} — meeple`;
  $("me-title").textContent = t("web.me.title");
  put($("me"), said ? el("p", { class: "said", id: "said", role: "status" }, said) : null,
    ...(me ? [seats(), nameForm(), email(), devices()] : [newForm()]));
}

function nameField(value) {
  return el("label", {}, t("web.me.name"), " ",
    el("input", { id: "name", name: "name", maxlength: 32, required: true, autocomplete: "nickname", value }));
}

function langField(value) {
  const select = el("select", { id: "lang", name: "lang" });
  for (const b of $("langs").querySelectorAll("button")) {
    select.append(el("option", { value: b.lang, selected: b.lang === value }, b.textContent));
  }
  return el("label", {}, t("web.me.lang"), " ", select);
}

function form(id, heading, fields, button, onsubmit) {
  return el("form", { class: "panel", id, onsubmit: async (e) => { e.preventDefault(); await onsubmit(e.currentTarget); } },
    el("h3", {}, heading), ...fields, el("p", { class: "quiet" }, t("web.me.name_rule")),
    el("button", { type: "submit" }, button));
}

function newForm() {
  return form("new-player", t("web.me.title"), [el("p", {}, t("web.me.new")), nameField(""), langField(lang)],
    t("web.me.create"), async (f) => {
      const r = await call("POST", "/api/players", { name: f.elements.name.value, lang: f.elements.lang.value });
      if (r.status !== 201) { said = failed(r); draw(); return; }
      keepPlayerKey(r.data.key);
      said = null;
      me = await whoAmI();
      draw();
    });
}

function nameForm() {
  return form("player", me.name, [nameField(me.name), langField(me.lang)], t("web.me.save"), async (f) => {
    const r = await asPlayer("PATCH", "/api/players/me", { name: f.elements.name.value, lang: f.elements.lang.value });
    if (r.status === 200) { me = r.data; said = t("web.me.saved"); } else said = failed(r);
    if (me.lang !== lang) { await loadTexts(me.lang); langSwitch($("langs"), () => draw()); }
    if (r.status === 200) said = t("web.me.saved");
    draw();
  });
}

// The address the server mails "your turn" to: given (a confirmation link is mailed to it),
// shown pending or confirmed, removed. Hidden on a server that sends no mail, unless an
// address is kept (it can still be removed).
function email() {
  if (!me.mail && !me.email) return null;
  const shownAddress = me.email ? me.email.address : "";
  const status = !me.mail ? t("web.me.email_off")
    : !me.email ? null
      : me.email.confirmed ? t("web.me.email_confirmed", { address: shownAddress })
        : t("web.me.email_pending", { address: shownAddress });
  const give = async (e) => {
    e.preventDefault();
    const address = e.currentTarget.elements.address.value;
    const r = await asPlayer("PUT", "/api/players/me/email", { address });
    if (r.status === 200) {
      me.email = r.data.email;
      said = r.data.sent ? t("web.me.email_sent", { address: r.data.email.address }) : null;
    } else said = failed(r);
    draw();
  };
  const remove = async () => {
    const r = await asPlayer("DELETE", "/api/players/me/email");
    if (r.status === 200) { me.email = null; said = t("web.me.email_removed"); } else said = failed(r);
    draw();
  };
  return el("section", { class: "panel", id: "email" }, el("h3", {}, t("web.me.email")),
    el("p", {}, t("web.me.email_help")),
    status ? el("p", { id: "email-status", class: me.email && me.email.confirmed ? "" : "quiet" }, status) : null,
    me.mail ? el("form", { id: "email-form", onsubmit: give },
      el("label", {}, t("web.me.email_address"), " ",
        el("input", { id: "address", name: "address", type: "email", maxlength: 254, required: true,
          autocomplete: "email", value: shownAddress })), " ",
      el("button", { type: "submit" }, t("web.me.email_give"))) : null,
    me.email ? el("p", { class: "after" }, el("button", { type: "button", id: "email-remove", class: "quiet",
      onclick: remove }, t("web.me.email_remove"))) : null);
}

// The QR code is the server's SVG (segno's), taken in as a document: nothing of it runs.
function qr(svg) {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const node = document.importNode(doc.documentElement, true);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", link.url);
  return node.localName === "svg" ? node : null;
}

function devices() {
  return el("section", { class: "panel", id: "devices" }, el("h3", {}, t("web.me.devices")),
    el("p", {}, t("web.me.devices_help")),
    link ? el("div", { class: "device-link" }, el("div", { class: "qr", id: "qr" }, qr(link.qr)),
      el("p", {}, el("a", { id: "device-url", href: link.url }, link.url))) : null,
    el("p", { class: "after" },
      el("button", { type: "button", id: "link-new", onclick: async () => {
        const r = await asPlayer("POST", "/api/players/me/links", {});
        if (r.status === 201) { link = r.data; said = null; } else said = failed(r);
        draw();
      } }, t("web.me.link_new")), " ",
      el("button", { type: "button", id: "link-revoke", class: "quiet", onclick: async () => {
        const r = await asPlayer("DELETE", "/api/players/me/links");
        if (r.status === 200) { link = null; said = t("web.me.revoked", { n: r.data.revoked }); } else said = failed(r);
        draw();
      } }, t("web.me.revoke"))));
}

// One match: the game and the player's seat, whose turn it is and since when, or the result.
function matchRow(m) {
  if (m.damaged) {
    return el("li", { class: "damaged" }, el("span", {}, t("web.me.damaged")));
  }
  const status = m.over ? t(m.result.won ? "web.me.won" : "web.me.lost")
    : m.my_turn ? t("web.me.your_turn") : t("web.me.their_turn", { name: m.to_act_name });
  const when = m.since === null ? t("web.me.no_moves") : t("web.me.last_move", { when: ago(m.since) });
  return el("li", { class: m.my_turn ? "my-turn" : m.over ? "over" : "" },
    el("a", { href: m.url }, `${m.game_name} · ${m.seat_names.join(", ")}`), " ",
    el("strong", { class: "status" }, status), " ",
    m.over ? el("span", { class: "ending" }, m.result.text[0], " ") : null,
    el("small", { class: "quiet" }, when),
    m.clock && !m.over ? el("small", { class: "quiet clock" }, " · ", clockLeft(m)) : null,
    m.replay ? el("span", {}, " · ", el("a", { href: m.replay, class: "replay" }, t("web.me.replay"))) : null);
}

// The time the seat to act has left, or who is away, in a match with a clock.
function clockLeft(m) {
  const c = m.clock;
  if (c.running === null || c.running === undefined) return clockText(c);
  return t("web.clock.left", { time: countdown(c.left[c.running]) });
}

function seats() {
  const list = matches.map(matchRow);
  return el("section", { class: "panel", id: "seats" }, el("h3", {}, t("web.me.seats")),
    list.length ? el("ul", { class: "my-matches" }, list) : el("p", { class: "quiet" }, t("web.me.no_seats")));
}

// The list is read again every half minute while the page is in view (a move made elsewhere
// shows up); only the list is drawn again, so nothing typed in the forms is lost.
const REFRESH_MS = 30000;
// A match that has just come to the player's turn is told while the page is out of sight.
setInterval(async () => {
  const shown = $("seats");
  if (!me || !shown) return;
  const before = new Set(matches.filter((m) => m.my_turn).map((m) => m.match));
  await loadMatches();
  const turned = matches.filter((m) => m.my_turn && !before.has(m.match));
  if (turned.length) yourTurn(turned[0].game_name, t("web.me.your_turn"));
  shown.replaceWith(seats());
}, REFRESH_MS);

if (playerKey() === "") keepPlayerKey(null);
start();
