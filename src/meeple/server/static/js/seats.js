// Who plays a seat, in words: a person, or a bot by its name (a level's, "strong", for the
// agent a level is). The names come from the server with the game (`/api/games`: `agents`, every
// agent a seat may have, and `bots`, those a person may choose, in the page's language), so the
// page keeps no list of agents.

import { call } from "./net.js";
import { lang, loadTexts, t } from "./texts.js";

// This browser's credentials for a match ({token, host}), kept per match; a link's ?token= and
// ?host= are taken into them and leave the address bar. The match page and the replay share them.
export function readCreds(matchId) {
  const kept = `meeple.match.${matchId}`;
  const creds = JSON.parse(localStorage.getItem(kept) || "{}");
  const q = new URLSearchParams(location.search);
  for (const k of ["token", "host"]) if (q.get(k)) creds[k] = q.get(k);
  localStorage.setItem(kept, JSON.stringify(creds));
  if (q.get("token") || q.get("host")) history.replaceState(null, "", location.pathname);
  return creds;
}

// A game's info and catalogue in the page's language, with its board words loaded.
export async function gameInfo(id) {
  await loadTexts(lang, id);
  const r = await call("GET", `/api/games?lang=${lang}`);
  return (r.data || []).find((g) => g.id === id) || { id, name: id, catalogue: {} };
}

// The name of the agent of `spec` ("mcts:800@2s", "myth:balance") among `agents`: the spec
// itself, a game's bot without its argument, or the agent its name starts with.
function agentName(spec, agents) {
  const parts = spec.split(/[:@]/);
  return agents[spec] ?? agents[parts.slice(0, 2).join(":")] ?? agents[parts[0]] ?? t("bot.other");
}

// `spec` in words for a seat of `game` (its info from /api/games).
export function botName(spec, game) {
  if (spec === "human") return t("web.seat.human");
  return t("web.seat.bot", { bot: agentName(spec, (game && game.agents) || {}) });
}

// What a seat may be given: a person, or a bot the game offers (its levels, then its scripted
// bots), each as {value: what a seat list names it by, name, spec, about: how it plays and how
// strong it was measured to be}.
export function seatChoices(game) {
  return [{ value: "human", name: t("web.seat.human"), spec: "human", about: "" },
    ...((game && game.bots) || []).map((b) => ({ value: b.seat, spec: b.spec,
      name: t("web.seat.bot", { bot: b.name }), about: `${b.about} ${b.strength}`.trim() }))];
}

// The seat `seat` of a snapshot in words: its name, beside its player's when a player holds it
// ("Anna — Red dwarf").
export function seatLabel(snap, seat) {
  const s = (snap.seats || [])[seat];
  const name = snap.names[seat];
  return s && s.player ? `${s.player} — ${name}` : name;
}
