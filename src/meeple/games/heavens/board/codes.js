// High in the Heavens: the two-letter code each god wears on the map, the same rule as the
// terminal's (drawing.py `codes`). Every god of both pantheons gets one, side A's first, each
// in its pantheon's card order: the first letter of its name and the first later letter not
// yet paired with it, so no two gods of the game share a code (Ares "Ar", Artemis "At") and a
// god keeps its code whoever else is on the field. No imports, so node can check it alone.

// `sides`: each side's god ids in card order; `nameOf(id)`: the god's name in the language.
export function godCodes(sides, nameOf) {
  const used = new Set(), out = {};
  for (const gods of sides) {
    for (const id of gods) {
      const name = nameOf(id) || "";
      let pick = name.slice(0, 2);
      for (const ch of name.slice(1)) {
        const c = name[0] + ch.toLowerCase();
        if (/\p{L}/u.test(ch) && !used.has(c)) { pick = c; break; }
      }
      used.add(pick);
      out[id] = pick;
    }
  }
  return out;
}
