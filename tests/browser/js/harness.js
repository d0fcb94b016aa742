// A small test runner for the page's drawing functions, run in headless Chromium by
// tests/browser/test_js.py: a test file imports the page's own modules from /static/js and
// registers tests here; the runner reports each test's name and failure to the Python side.

const tests = [];

export function test(name, fn) { tests.push({ name, fn }); }

export function ok(value, message = "expected a true value") {
  if (!value) throw new Error(message);
}

export function eq(actual, expected, message = "") {
  const a = JSON.stringify(actual), b = JSON.stringify(expected);
  if (a !== b) throw new Error(`${message} expected ${b}, got ${a}`.trim());
}

// A call to the real server under test: the status and JSON body.
export async function api(method, path, body = null, token = null) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, data: await r.json() };
}

// A match of `game` with every seat a person's, played `steps` random legal actions (seeded)
// from its start: the snapshots of every seat then, and the tokens.
export async function played(game, { players = 2, steps = 0, seed = 1, options = {} } = {}) {
  const seats = Array.from({ length: players }, () => "human");
  const made = await api("POST", "/api/matches", { game, seats, seed, options });
  if (made.status !== 201) throw new Error(`cannot create ${game}: ${JSON.stringify(made.data)}`);
  const id = made.data.match, tokens = made.data.seats.map((s) => s.token);
  let rnd = seed;
  const next = () => { rnd = (rnd * 1103515245 + 12345) % 2147483648; return rnd; };
  // The answer to an action is the acting seat's snapshot: another seat's is asked for only
  // when the turn passes to it.
  let snap = (await api("GET", `/api/matches/${id}`, null, tokens[0])).data;
  for (let i = 0; i < steps && !snap.over; i++) {
    if (snap.to_act !== snap.seat) snap = (await api("GET", `/api/matches/${id}`, null, tokens[snap.to_act])).data;
    const a = snap.legal[next() % snap.legal.length];
    const done = await api("POST", `/api/matches/${id}/act`, { action: a.text, version: snap.version }, tokens[snap.seat]);
    if (done.status !== 200) throw new Error(`${a.text} refused: ${JSON.stringify(done.data)}`);
    snap = done.data;
  }
  const snaps = [];
  for (const tok of tokens) snaps.push((await api("GET", `/api/matches/${id}`, null, tok)).data);
  return { id, tokens, snaps };
}

// Assert that the board `root` drawn from `snap` makes a place of exactly the places of the
// seat's legal actions, each named by the labels of the actions there; the labels by place.
export function placesMatchLegal(root, snap) {
  const byPlace = new Map();
  for (const a of snap.legal) if (a.where) byPlace.set(a.where, [...(byPlace.get(a.where) || []), a.label]);
  for (const [where, labels] of byPlace) {
    const node = root.querySelector(`[data-place="${where}"]`);
    ok(node && node.classList.contains("place"), `no place ${where}`);
    eq(node.getAttribute("aria-label"), labels.join(" · "), where);
  }
  eq(root.querySelectorAll(".place").length, byPlace.size, "only legal places are clickable");
  return byPlace;
}

// The game's info and catalogue as the match page loads it.
export async function gameInfo(id, lang = "en") {
  const r = await api("GET", `/api/games?lang=${lang}`);
  return r.data.find((g) => g.id === id);
}

export async function run() {
  const out = [];
  for (const { name, fn } of tests) {
    try { await fn(); out.push({ name, ok: true }); }
    catch (e) { out.push({ name, ok: false, error: String(e && e.stack || e) }); }
  }
  return out;
}
