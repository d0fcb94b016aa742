// Who plays a seat, in words: a person, or a bot by its name. The names come from the server
// with the game (`/api/games`: `agents`, every agent a seat may have, in the page's language),
// so the page keeps no list of agents.

import { t } from "./texts.js";

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
