// "Your turn" while the page is out of sight (docs/server.md, "Your turn"): a browser
// notification, once the player allows it (the button asks), and a short tone, which a switch
// turns off. Both are the browser's own (the Notification API, a Web Audio tone): nothing is
// fetched, and a page in view says it itself.

import { el, t } from "./texts.js";

const SOUND = "meeple.sound";

export function soundOn() {
  return localStorage.getItem(SOUND) !== "off";
}

// The switches in the page's header: the tone, and the button that asks to notify.
export function noticeControls() {
  const sound = el("label", { class: "motion", id: "sound-switch", title: t("web.notice.sound_title") },
    el("input", { type: "checkbox", id: "sound", checked: soundOn(),
      onchange: (e) => localStorage.setItem(SOUND, e.target.checked ? "on" : "off") }),
    " ", t("web.notice.sound"));
  const can = "Notification" in window && Notification.permission === "default";
  const ask = can ? el("button", { type: "button", class: "quiet", id: "notify-ask", title: t("web.notice.ask_title"), onclick: async (e) => {
    const button = e.currentTarget;
    await Notification.requestPermission();
    button.hidden = Notification.permission !== "default";
  } }, t("web.notice.ask")) : null;
  return [sound, ask];
}

function tone() {
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  const ctx = new Audio();
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.frequency.value = 660;
  gain.gain.setValueAtTime(0.12, ctx.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  osc.stop(ctx.currentTime + 0.4);
  osc.onended = () => ctx.close();
}

// It has just become this person's turn (`title`: the game; `body`: what to say): told only
// while the page is out of sight.
export function yourTurn(title, body) {
  if (!document.hidden) return;
  if (soundOn()) tone();
  if ("Notification" in window && Notification.permission === "granted") {
    const n = new Notification(title, { body, tag: `meeple ${location.pathname}` });
    n.onclick = () => { window.focus(); n.close(); };
  }
}
