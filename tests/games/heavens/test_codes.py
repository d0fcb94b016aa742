"""The two-letter codes gods wear on the map (HVN-56): unique among all the gods of a game, so
Ares and Artemis never read alike, and the same on the drawn board (``board/codes.js``, run by
node when it is installed) as on the terminal (``drawing.codes``)."""

from __future__ import annotations

import json
import shutil
import subprocess
from itertools import permutations
from pathlib import Path

import pytest

import meeple
from meeple.games.heavens.content import PANTHEONS
from meeple.games.heavens.drawing import codes
from meeple.games.heavens.lookup import card_name
from meeple.i18n import LANGS

CODES_JS = (Path(meeple.__file__).parent / "games" / "heavens" / "board" / "codes.js")
PAIRS = list(permutations(PANTHEONS, 2))


def sides(a: str, b: str) -> list[list[str]]:
    view = meeple.load("heavens", options={"pantheon_a": a, "pantheon_b": b}).new_state(0).view(0)
    return [s["gods"] for s in view["sides"]]


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_no_two_gods_of_a_game_share_a_code(a: str, b: str) -> None:
    game = meeple.load("heavens", options={"pantheon_a": a, "pantheon_b": b})
    view = game.new_state(0).view(0)
    for lang in LANGS:
        code = codes(view, lang)
        gods = [g for side in view["sides"] for g in side["gods"]]
        assert sorted(code) == sorted(gods) and len(gods) == 16
        assert len(set(code.values())) == len(gods), (lang, code)
        assert all(len(c) == 2 and c[0] == card_name(g, lang)[0] for g, c in code.items())
    if a == "greek":
        en = codes(view, "en")
        assert (en["athena"], en["ares"], en["artemis"]) == ("At", "Ar", "Ae")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_board_codes_gods_as_the_terminal_does() -> None:
    cases = []
    for a, b in PAIRS:
        game = meeple.load("heavens", options={"pantheon_a": a, "pantheon_b": b})
        view = game.new_state(0).view(0)
        for lang in LANGS:
            names = {g: card_name(g, lang) for s in view["sides"] for g in s["gods"]}
            cases.append({"sides": [s["gods"] for s in view["sides"]], "names": names,
                          "want": codes(view, lang)})
    script = (f"import {{ godCodes }} from {json.dumps(CODES_JS.as_uri())};\n"
              "const cases = JSON.parse(process.argv[1]);\n"
              "const got = cases.map((c) => godCodes(c.sides, (id) => c.names[id]));\n"
              "console.log(JSON.stringify(got));")
    out = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps(cases)],
                         capture_output=True, text=True, check=True, timeout=60)
    got = json.loads(out.stdout)
    assert got == [c["want"] for c in cases]
