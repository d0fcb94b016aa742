// Who plays a seat, in words: a person, or a bot by its name.

import { t } from "./texts.js";

export function botName(spec) {
  if (spec === "human") return t("web.seat.human");
  const base = spec.split(":")[0];
  const key = ["random", "greedy", "mcts"].includes(base) ? `bot.${base}` : "bot.balance";
  return t("web.seat.bot", { bot: t(key) });
}
