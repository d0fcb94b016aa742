// The page's words, from the server's catalogues (/api/texts): nothing is written here in a
// language. The chosen language is kept in localStorage and can come from ?lang=.

const LANGS = ["en", "ru"];
let words = {};
export let lang = "en";

function plural(n) {
  // The plural rules of the two catalogues (English: one/other; Russian: one/few/many).
  if (lang !== "ru") return n === 1 ? 0 : 1;
  const d = n % 10, h = n % 100;
  if (d === 1 && h !== 11) return 0;
  if (d >= 2 && d <= 4 && (h < 12 || h > 14)) return 1;
  return 2;
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

export function chosenLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(asked)) return asked;
  const kept = localStorage.getItem("meeple.lang");
  if (LANGS.includes(kept)) return kept;
  return (navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en";
}

// Load the words of language `which`: the page's own and, once a match names its game
// (`forGame`), that game's board words.
let game = null;
export async function loadTexts(which, forGame = game) {
  game = forGame;
  const r = await fetch(`/api/texts?lang=${which}` + (game ? `&game=${encodeURIComponent(game)}` : ""));
  words = await r.json();
  lang = which;
  document.documentElement.lang = which;
  localStorage.setItem("meeple.lang", which);
}

// The language switch: a button per language; `onChange(lang)` redraws the page.
export function langSwitch(nav, onChange) {
  nav.replaceChildren();
  for (const l of LANGS) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = l === "en" ? "English" : "Русский";
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
