"""The README's Python example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_blocks_run(capsys: object) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), re.S)
    assert blocks, "the README has a Python example"
    for code in blocks:
        exec(compile(code, str(README), "exec"), {})


def test_readme_has_exactly_the_two_set_up_commands() -> None:
    text = README.read_text("utf-8")
    setup = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", setup, re.S)
    assert len(commands) == 2
    assert commands[0].endswith("meeple serve") and "pytest" in commands[1]
