// The table's chat (docs/server.md, "Chat"): the messages so far, read when a snapshot says
// there are more than the page holds; a line to write in and the quick phrases, for a seat (or
// a watcher who is a player, when the host opened the chat to everyone); the host's choice of
// who may write. Every message is put in as text, the writer named by its player or, in the
// page's language, by its seat. The form is made once, so a push never loses what is typed.

import { call } from "./net.js";
import { el, lang, put, t } from "./texts.js";

let matchOf = null;  // the match whose messages `known` holds
let known = [];      // the messages read so far, oldest first
let phrases = [];    // the quick phrases' keys, as the server lists them
let reading = null;  // the read under way, if any

async function readNew(matchId, said) {
  if (reading || (known.length >= said && phrases.length)) return;
  reading = call("GET", `/api/matches/${encodeURIComponent(matchId)}/chat?from=${known.length + 1}`);
  try {
    const r = await reading;
    if (r.status === 200) {
      known = known.concat(r.data.messages.filter((m) => m.n > known.length));
      phrases = r.data.phrases;
    }
  } finally { reading = null; }
}

function said(m, snap) {
  const who = m.name || (m.seat !== null && snap.names[m.seat]) || t("web.chat.watcher");
  const words = m.phrase ? t(`web.chat.phrase.${m.phrase}`) : m.text;
  return el("li", {}, el("strong", { class: "who" }, `${who}: `), el("span", { class: "said" }, words));
}

function why(r) {
  if (r.status === 429) return t("web.chat.too_fast");
  if (r.status === 422) return t("web.chat.bad_text");
  return t("web.chat.failed", { reason: (r.data && r.data.reason) || r.status });
}

// The parts made once: the lines, the note, the form, the phrases, the host's choice.
function build(box, ctx) {
  const input = el("input", { id: "chat-text", maxlength: 500, autocomplete: "off",
    placeholder: t("web.chat.placeholder"), "aria-label": t("web.chat.placeholder") });
  const send = async (body) => {
    const r = await call("POST", `/api/matches/${encodeURIComponent(ctx.matchId)}/chat`, body, ctx.auth());
    put(box.querySelector("#chat-note"), r.status === 201 ? null : why(r));
    if (r.status === 201 && body.text !== undefined) input.value = "";
  };
  const form = el("form", { id: "chat-say", class: "chat-say", onsubmit: async (e) => {
    e.preventDefault();
    if (input.value.trim()) await send({ text: input.value });
  } }, input, el("button", { type: "submit" }, t("web.chat.send")));
  const quick = el("div", { id: "chat-phrases", class: "chat-phrases" });
  quick.send = send;
  put(box, el("ul", { id: "chat-lines", class: "chat-lines", "aria-live": "polite" }),
    el("p", { id: "chat-note", class: "quiet", role: "status" }), form, quick,
    el("div", { id: "chat-host" }));
  box.dataset.ready = `${ctx.matchId} ${lang}`;
}

function hostChoice(box, snap, ctx) {
  const host = box.querySelector("#chat-host");
  if (!ctx.host) { put(host); return; }
  const pick = el("select", { id: "chat-mode", onchange: async (e) => {
    await call("POST", `/api/matches/${encodeURIComponent(ctx.matchId)}/chat/mode`,
      { mode: e.currentTarget.value }, ctx.host);
  } }, ...["seats", "all", "off"].map((m) => el("option", { value: m, selected: snap.chat.mode === m },
    t(`web.chat.mode.${m}`))));
  put(host, el("label", { class: "quiet" }, t("web.chat.mode"), " ", pick));
}

export async function drawChat(box, snap, ctx) {
  if (matchOf !== ctx.matchId) { matchOf = ctx.matchId; known = []; phrases = []; }
  const chat = snap.chat || { mode: "seats", said: 0 };
  if (box.dataset.ready !== `${ctx.matchId} ${lang}`) build(box, ctx);  // made again in a new language
  await readNew(ctx.matchId, chat.said);
  const lines = box.querySelector("#chat-lines");
  put(lines, known.length ? known.map((m) => said(m, snap)) : el("li", { class: "quiet" }, t("web.chat.empty")));
  lines.scrollTop = lines.scrollHeight;
  const seat = snap.seat !== null;
  const canWrite = chat.mode !== "off" && (seat || (chat.mode === "all" && ctx.isPlayer()));
  box.querySelector("#chat-say").hidden = !canWrite;
  const quick = box.querySelector("#chat-phrases");
  quick.hidden = !canWrite;
  if (canWrite) {
    put(quick, phrases.map((p) => el("button", { type: "button", class: "quiet", "data-phrase": p,
      onclick: () => quick.send({ phrase: p }) }, t(`web.chat.phrase.${p}`))));
  }
  const note = chat.mode === "off" ? t("web.chat.off")
    : canWrite ? null : chat.mode === "all" ? t("web.chat.as_player") : t("web.chat.seats_only");
  const noteBox = box.querySelector("#chat-note");
  if (note || !noteBox.textContent) put(noteBox, note);
  hostChoice(box, snap, ctx);
}
