// The page's words, from the server's catalogues (/api/texts): nothing is written here in a
// language, and no language is named here: the server lists those it speaks (/api/langs).
// The chosen language is kept in localStorage and can come from ?lang=.

let langs = [];  // [{lang, name}]: every language the server speaks, its default first
let words = {};
export let lang = "en";

// CLDR's plural categories in the order a catalogue numbers its forms (as Babel writes them).
const CATEGORIES = ["zero", "one", "two", "few", "many", "other"];
let rules = null;
let forms = [];

// The plural rule of language `which`, from the browser (Intl.PluralRules: CLDR's rules).
function usePlurals(which) {
  rules = new Intl.PluralRules(which);
  const known = rules.resolvedOptions().pluralCategories;
  forms = CATEGORIES.filter((c) => known.includes(c) || c === "other");
}
usePlurals(lang);

// The number of the plural form for `n` in the page's language.
function plural(n) {
  return forms.indexOf(rules.select(n));
}

function fill(text, fields) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
}

// The message `key` with its {fields} filled in; a plural message takes its form for fields.n.
export function t(key, fields = {}) {
  let msg = words[key];
  if (msg === undefined) return key.split(".").pop().replace(/_/g, " ");
  if (Array.isArray(msg)) msg = msg[Math.min(plural(fields.n ?? 1), msg.length - 1)];
  return fill(msg, fields);
}

// The language to show: ?lang=, else the one chosen before, else the first the browser prefers
// that the server speaks, else the server's default.
export async function chosenLang() {
  const r = await fetch("/api/langs");
  langs = r.ok ? await r.json() : [{ lang, name: lang }];
  const known = langs.map((l) => l.lang);
  const asked = new URLSearchParams(location.search).get("lang");
  if (known.includes(asked)) return asked;
  const kept = localStorage.getItem("meeple.lang");
  if (known.includes(kept)) return kept;
  const spoken = (navigator.languages || [navigator.language || ""]).map((l) => l.toLowerCase().split("-")[0]);
  return spoken.find((l) => known.includes(l)) || known[0];
}

// Load the words of language `which`: the page's own and, once a match names its game
// (`forGame`), that game's board words.
let game = null;
export async function loadTexts(which, forGame = game) {
  game = forGame;
  const r = await fetch(`/api/texts?lang=${which}` + (game ? `&game=${encodeURIComponent(game)}` : ""));
  words = await r.json();
  lang = which;
  usePlurals(which);
  document.documentElement.lang = which;
  localStorage.setItem("meeple.lang", which);
}

// The language switch: a button per language; `onChange(lang)` redraws the page.
export function langSwitch(nav, onChange) {
  nav.replaceChildren();
  for (const { lang: l, name } of langs) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = name;
    b.lang = l;
    b.setAttribute("aria-pressed", String(l === lang));
    b.addEventListener("click", async () => {
      if (l === lang) return;
      await loadTexts(l);
      langSwitch(nav, onChange);
      onChange(l);
    });
    nav.append(b);
  }
}

// A small element builder: el("p", {class: "x"}, "text", child).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    // Through the CSSOM: a style attribute would be refused by the page's CSP (style-src).
    else if (k === "style") node.style.cssText = String(v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

// Replace `node`'s children with `children`, leaving out the absent ones (null, false).
export function put(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

// How long ago `seconds` was, in the page's language ("3 hours ago", "вчера").
export function ago(seconds) {
  const units = [["year", 31536000], ["month", 2592000], ["week", 604800], ["day", 86400],
    ["hour", 3600], ["minute", 60]];
  const say = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  for (const [unit, size] of units) {
    if (seconds >= size) return say.format(-Math.floor(seconds / size), unit);
  }
  return t("web.just_now");
}

// A length of time in the page's language, in its largest whole unit: "3 days", "2 hours",
// "10 minutes", "45 seconds" (Intl's unit names, so every language the browser knows).
export function span(seconds) {
  const units = [["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
  const [unit, size] = units.find(([, size]) => seconds >= size) || units[3];
  return new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" })
    .format(Math.floor(seconds / size));
}

// A clock as it counts down: "0:45", "9:59", "1:02:05"; a day or more as "3 days 4 hours".
export function countdown(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return `${span(s)} ${span(s % 86400 || 0)}`.replace(/ 0 \S+$/, "");
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

// A match's clock in words: its time and what happens when a player's time runs out.
export function clockText(clock) {
  if (!clock) return t("web.clock.none");
  const time = clock.per_move != null ? t("web.clock.per_move", { time: span(clock.per_move) })
    : clock.increment ? t("web.clock.bank", { bank: span(clock.bank), increment: span(clock.increment) })
    : t("web.clock.bank_only", { bank: span(clock.bank) });
  return `${time}; ${t(`web.clock.on_${clock.on_timeout}`)}`;
}
