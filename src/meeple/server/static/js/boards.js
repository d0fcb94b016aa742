// The board area. A game with a drawn board has a function here that draws the seat's view as
// SVG and turns clicks into its actions; every other game shows its board as the terminal
// draws it, in words (snapshot.screen), until it gets a drawn one.

import { el, put } from "./texts.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

// Tic-tac-toe: three rows of three; a free cell is a button when "mark <col><row>" is legal.
function tictactoe(box, snap, act) {
  const legal = new Map(snap.legal.map((a) => [a.text, a]));
  const board = svg("svg", { viewBox: "0 0 300 300", class: "ttt", role: "grid" });
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const mark = snap.view.board[r][c];
      const text = `mark ${"abc"[c]}${r + 1}`;
      const g = svg("g", { transform: `translate(${c * 100},${r * 100})`, "data-cell": `${"abc"[c]}${r + 1}` });
      g.append(svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 10, class: "cell" }));
      if (mark === "X") g.append(svg("path", { d: "M28 28 L72 72 M72 28 L28 72", class: "x" }));
      if (mark === "O") g.append(svg("circle", { cx: 50, cy: 50, r: 24, class: "o" }));
      const a = legal.get(text);
      if (a) {
        g.classList.add("free");
        g.setAttribute("role", "button");
        g.setAttribute("tabindex", "0");
        g.append(svg("title", {}, a.label));
        g.setAttribute("aria-label", a.label);
        g.addEventListener("click", () => act(text));
        g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") act(text); });
      }
      board.append(g);
    }
  }
  put(box, board);
}

const DRAWN = { tictactoe };

export function drawBoard(box, snap, game, act) {
  const draw = DRAWN[game.id];
  if (draw) { draw(box, snap, act); return; }
  put(box, el("pre", { class: "screen" }, snap.screen || ""));
}
