// The rules beside the table: the game's how-to page (/rules/<game>?embed=1, the one page the
// server lets its own pages frame) in a panel the match page opens without leaving the match,
// at the paragraph a "?" names (`verb-<VerbClass>`, `phase-<phase>`). Beside the table on a
// wide screen, over it on a narrow one.

import { t } from "./texts.js";

const $ = (id) => document.getElementById(id);
let shown = null;  // {game, lang} of the page's match, as last drawn

function address() {
  return `/rules/${encodeURIComponent(shown.game.id)}?lang=${encodeURIComponent(shown.lang)}&embed=1`;
}

export function rulesOpen() {
  return !$("rules-panel").hidden;
}

// The "Rules" control of the header, for `game` (its info, with `howto`) in `lang`; hidden for
// a game with no how-to. An open panel follows a change of language.
export function rulesControl(button, game, lang) {
  shown = { game, lang };
  button.hidden = !game.howto;
  button.textContent = t("web.rules.open");
  button.setAttribute("aria-controls", "rules-panel");
  button.setAttribute("aria-expanded", String(rulesOpen()));
  button.onclick = () => (rulesOpen() ? closeRules() : openRules());
  const close = $("rules-close");
  close.setAttribute("aria-label", t("web.rules.close"));
  close.title = t("web.rules.close");
  close.onclick = () => closeRules();
  $("rules-title").textContent = t("web.rules.panel", { game: game.name });
  const frame = $("rules-frame");
  frame.title = t("web.rules.panel", { game: game.name });
  if (!game.howto) closeRules();
  else if (frame.dataset.base && frame.dataset.base !== address()) {
    const hash = frame.contentWindow ? frame.contentWindow.location.hash : "";
    frame.dataset.base = address();
    frame.src = address() + hash;
  }
}

// Open the panel at `anchor` (the top when none): a first opening loads the page, a later one
// only moves it to the paragraph (same origin: the frame's address is the page's to set).
export function openRules(anchor = "") {
  if (!shown || !shown.game.howto) return;
  const frame = $("rules-frame");
  const base = address();
  if (frame.dataset.base !== base) {
    frame.dataset.base = base;
    frame.src = base + (anchor ? `#${anchor}` : "");
  } else if (anchor) {
    const w = frame.contentWindow;
    if (w.location.hash === `#${anchor}`) w.dispatchEvent(new HashChangeEvent("hashchange"));
    else w.location.hash = anchor;
  }
  $("rules-panel").hidden = false;
  document.body.classList.add("rules-open");
  $("rules-open").setAttribute("aria-expanded", "true");
  $("rules-close").focus();
}

export function closeRules() {
  if (rulesOpen()) $("rules-open").focus();
  $("rules-panel").hidden = true;
  document.body.classList.remove("rules-open");
  $("rules-open").setAttribute("aria-expanded", "false");
}

document.addEventListener("keydown", (e) => { if (e.key === "Escape" && rulesOpen()) closeRules(); });
