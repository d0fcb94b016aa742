// Tic-tac-toe: three rows of three; a free cell is the place "cell:<col><row>" of its mark.

import { label, place, spot, svg } from "/static/js/kit.js";
import { put } from "/static/js/texts.js";

export function board(ctx) {
  const root = svg("svg", { viewBox: "0 0 300 300", class: "ttt", role: "group" });
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const mark = ctx.view.board[r][c];
      const name = `${"abc"[c]}${r + 1}`;
      const g = svg("g", { transform: `translate(${c * 100},${r * 100})` },
        svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 10, class: "cell" }));
      if (mark === "X") g.append(svg("path", { d: "M28 28 L72 72 M72 28 L28 72", class: "x" }));
      if (mark === "O") g.append(svg("circle", { cx: 50, cy: 50, r: 24, class: "o" }));
      if (mark === ".") g.append(label(50, 88, name, { class: "coord" }));
      root.append(spot(g, place("cell", name), ctx));
    }
  }
  return root;
}

export function draw(box, ctx) {
  put(box, board(ctx));
}
