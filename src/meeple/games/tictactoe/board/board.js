// Tic-tac-toe: three rows of three; a free cell is the place "cell:<col><row>" of its mark. The
// winner's line (the view's `line`) is struck through and its cells ringed.

import { label, place, spot, svg } from "/static/js/kit.js";
import { put } from "/static/js/texts.js";

// The centre of the cell named `name` ("b3"), in the board's units.
function centre(name) {
  return ["abc".indexOf(name[0]) * 100 + 50, (Number(name[1]) - 1) * 100 + 50];
}

export function board(ctx) {
  const root = svg("svg", { viewBox: "0 0 300 300", class: "ttt", role: "group" });
  const line = new Set(ctx.view.line || []);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const mark = ctx.view.board[r][c];
      const name = `${"abc"[c]}${r + 1}`;
      const g = svg("g", { transform: `translate(${c * 100},${r * 100})` },
        svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 10, class: line.has(name) ? "cell won" : "cell" }));
      if (mark === "X") g.append(svg("path", { d: "M28 28 L72 72 M72 28 L28 72", class: "x" }));
      if (mark === "O") g.append(svg("circle", { cx: 50, cy: 50, r: 24, class: "o" }));
      if (mark === ".") g.append(label(50, 88, name, { class: "coord" }));
      root.append(spot(g, place("cell", name), ctx));
    }
  }
  const ends = ctx.view.line || [];
  if (ends.length) {
    const [[x1, y1], [x2, y2]] = [centre(ends[0]), centre(ends[ends.length - 1])];
    const [dx, dy] = [Math.sign(x2 - x1) * 30, Math.sign(y2 - y1) * 30];  // past the end marks
    root.append(svg("line", { x1: x1 - dx, y1: y1 - dy, x2: x2 + dx, y2: y2 + dy, class: "win-line" }));
  }
  return root;
}

export function draw(box, ctx) {
  put(box, board(ctx));
}
