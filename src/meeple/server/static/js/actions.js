// The actions panel of a match: the seat's legal actions as buttons grouped by verb, then the
// actions the rules forbid it now, greyed, each with the game's reason (the snapshot's
// `blocked`); with the game's how-to, each group and each forbidden action has a "?" that
// opens the rules at the paragraph of its verb (`verb-<VerbClass>`).

import { el, put, t } from "./texts.js";

// A small "?" that opens the rules at `anchor`; `what` names what it explains. None without
// a how-to (`help` null).
export function helpButton(help, anchor, what) {
  if (!help) return null;
  const name = t("web.rules.about", { what });
  return el("button", { type: "button", class: "help", "data-anchor": anchor, "aria-label": name,
    title: name, onclick: (e) => { e.stopPropagation(); help(anchor); } }, "?");
}

// A list of forbidden actions longer than this (a shop's wares beyond the purse) starts folded,
// so the actions to take and the undo stay in view; once the player opens or closes it, it
// stays as the player left it (null: not touched yet).
const BLOCKED_OPEN = 6;
let blockedOpen = null;

// Draw the actions of `snap` in `box`. `act(text)` takes one, `undo()` asks to take a move
// back, `help(anchor)` opens the rules there (null when the game has none); `waiting`: an
// action was sent and its answer has not come.
export function drawActions(box, snap, { act, undo, help = null, waiting = false, mine = true }) {
  if (!mine) {
    put(box, el("p", { class: "quiet" }, snap.over ? t("web.match.over") : snap.seat === null ? t("web.match.watching") : t("web.match.not_yet")));
    return;
  }
  const legal = [...snap.legal].sort((a, b) => Number(a.costs) - Number(b.costs));
  const groups = new Map();
  for (const a of legal) {
    const k = `${a.costs ? 1 : 0}:${a.verb || a.text.split(" ")[0]}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(a);
  }
  const filter = legal.length > 16 ? el("input", { type: "search", class: "filter", placeholder: t("web.match.find"),
    "aria-label": t("web.match.find"), oninput: (e) => {
      const q = e.target.value.toLowerCase();
      for (const b of box.querySelectorAll("button.action")) b.hidden = q && !b.textContent.toLowerCase().includes(q);
    } }) : null;
  const rows = [...groups.values()].map((g) => el("div", { class: "group" },
    g[0].verb ? helpButton(help, `verb-${g[0].verb}`, g[0].label) : null,
    // The buttons wrap in a box of their own, so the "?" stays beside the group's first row.
    el("div", { class: "choices" }, g.map((a) => el("button", { type: "button",
      class: "action" + (a.costs ? " costs" : ""), "data-action": a.text, "data-verb": a.verb,
      disabled: waiting, onclick: () => act(a.text) }, a.label)))));
  const blocked = snap.blocked || [];
  const forbidden = blocked.length ? el("details", { class: "blocked-actions",
    open: blockedOpen ?? blocked.length <= BLOCKED_OPEN },
    // The click comes before the fold turns: the player's choice is the other state.
    el("summary", { onclick: (e) => { blockedOpen = !e.currentTarget.parentNode.open; } },
      blocked.length <= BLOCKED_OPEN ? t("web.match.blocked")
      : `${t("web.match.blocked")} (${blocked.length})`),
    el("ul", {}, blocked.map((b) => el("li", { class: "blocked-action", "data-action": b.text },
      el("span", { class: "label" }, b.label),
      el("span", { class: "reason" }, b.reason),
      helpButton(help, `verb-${b.verb}`, b.label))))) : null;
  const undoButton = snap.undo ? el("button", { type: "button", id: "undo", class: "undo", disabled: waiting, onclick: undo }, t("web.match.undo")) : null;
  put(box, ...[filter, ...rows, undoButton, forbidden].filter(Boolean));
}
