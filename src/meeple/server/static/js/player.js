// This browser's player: the key the server gave it (POST /api/players, or a device link), kept
// in localStorage and sent as `Authorization: Player KEY`. A person without one plays by seat
// links alone.

import { call } from "./net.js";

const KEPT = "meeple.player";

export function playerKey() {
  return localStorage.getItem(KEPT);
}

export function keepPlayerKey(key) {
  if (key) localStorage.setItem(KEPT, key);
  else localStorage.removeItem(KEPT);
}

// `{status, data}` of a request as this browser's player.
export function asPlayer(method, url, body) {
  return call(method, url, body, { player: playerKey() });
}

// The player ({name, lang, seats}) this browser's key belongs to, or null.
export async function whoAmI() {
  if (!playerKey()) return null;
  const r = await asPlayer("GET", "/api/players/me");
  return r.status === 200 ? r.data : null;
}
