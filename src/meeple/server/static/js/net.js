// Talking to meeple serve: JSON over HTTP, and a WebSocket that comes back after it drops,
// waiting a little longer each time (with some randomness, so many pages do not return at once).

// `{status, data}` of a JSON request; status 0 when the server cannot be reached. `token`: a
// seat's or host's token, or `{player: key}` for a player's key.
export async function call(method, url, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token && token.player) headers.Authorization = `Player ${token.player}`;
  else if (token) headers.Authorization = `Bearer ${token}`;
  let r;
  try {
    r = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    return { status: 0, data: null };  // the server cannot be reached
  }
  let data = null;
  try { data = await r.json(); } catch { data = null; }
  return { status: r.status, data };
}

const FIRST_WAIT = 500;   // ms before the first reconnection
const LONGEST_WAIT = 15000;

// A socket to `url` kept open: onMessage(msg) for each message, onState(state, waitMs) with
// state "open", "closed" (retrying in waitMs) or "refused" (the server will not take us).
export class Link {
  constructor(url, onMessage, onState) {
    this.url = url;
    this.onMessage = onMessage;
    this.onState = onState;
    this.wait = FIRST_WAIT;
    this.timer = null;
    this.ws = null;
    this.stopped = false;
    addEventListener("online", () => this.now());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.now();
    });
  }

  open() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = null;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}${this.url}`);
    this.ws = ws;
    ws.onopen = () => { this.wait = FIRST_WAIT; this.onState("open", 0); };
    ws.onmessage = (e) => this.onMessage(JSON.parse(e.data));
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (e.code === 4401) { this.stopped = true; this.onState("refused", 0); return; }
      // 4008: this page fell too far behind the pushes (a slow link); the server is fine, so
      // come back soon for a fresh snapshot instead of waiting longer each time.
      if (e.code === 4008) this.wait = FIRST_WAIT;
      const wait = Math.round(this.wait * (0.75 + Math.random() * 0.5));
      this.wait = Math.min(this.wait * 2, LONGEST_WAIT);
      this.onState("closed", wait);
      this.timer = setTimeout(() => this.open(), wait);
    };
  }

  // Reconnect at once if we are waiting (the page came back, the network returned).
  now() {
    if (this.ws === null && !this.stopped) this.open();
  }

  get ready() { return this.ws !== null && this.ws.readyState === WebSocket.OPEN; }

  send(msg) {
    if (!this.ready) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  reopen(url) {
    this.url = url;
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
    this.open();
  }
}
