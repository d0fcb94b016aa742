"""One list of agents (``meeple.agents.AGENTS``): the command line, the lobby and the page read
it, and nothing else lists them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from meeple.agents import AGENTS, LEVELS, about, make, names, offered
from meeple.cli import main
from meeple.i18n import LANGS, texts
from meeple.server.lobby import lobby_info
from meeple.tui.screen import bot_name

STATIC = Path(__file__).resolve().parents[2] / "src" / "meeple" / "server" / "static" / "js"


def test_every_agent_is_made_by_its_name_and_named_in_every_language() -> None:
    assert names() == sorted(a.name for a in AGENTS)
    for agent in AGENTS:
        make(agent.name, 0)
        for lang in LANGS:
            assert texts("meeple", lang).has(agent.about), (agent.name, lang)


def test_a_spec_is_named_by_its_agent_whatever_its_arguments() -> None:
    assert about("mcts:800@2s:greedy") == about("mcts@1s") == "bot.mcts"
    assert about("greedy:4") == "bot.greedy"
    assert about("andor:balance") == "bot.balance"
    assert about("nobody") == about("") == "bot.other"
    assert bot_name("mcts-cheat:50", "en") == "all-seeing"


@pytest.mark.parametrize("command", ["play", "arena", "simulate"])
def test_the_seats_help_names_every_agent(command: str) -> None:
    out = CliRunner().invoke(main, [command, "--help"]).output
    flat = re.sub(r"-\s+", "-", " ".join(out.split()))  # click wraps at a hyphen
    for agent in AGENTS:
        assert agent.name in flat, f"meeple {command} --help does not name {agent.name}"


def test_an_unknown_agent_is_refused_naming_the_registry() -> None:
    out = CliRunner().invoke(main, ["arena", "tictactoe", "--seats", "robot,random"]).output
    assert f"agents are: {', '.join(names())}" in " ".join(out.split())


def test_the_lobby_offers_the_registrys_agents_and_names_every_one() -> None:
    info = lobby_info("myth", "en")
    assert [b["seat"] for b in info["bots"]] == offered("myth")
    assert offered("myth") == [*LEVELS, "myth:balance"]
    levels = {b["spec"] for b in info["bots"]}
    assert set(info["agents"]) == {*(a.name for a in AGENTS), "myth:balance", *levels}
    assert info["agents"]["mcts"] == "searching" and info["agents"]["greedy"] == "easy"


def test_the_page_keeps_no_list_of_agents() -> None:
    """The page names a seat's agent from the game's info (``agents``), never from a list."""
    for script in ("seats.js", "lobby.js", "match.js"):
        source = (STATIC / script).read_text("utf-8")
        for agent in AGENTS:
            if agent.name == "greedy" and script == "lobby.js":
                continue  # the lobby's default choice for a bot's seat
            assert not re.search(rf"[\"'`]{re.escape(agent.name)}[\"'`]", source), \
                f"{script} names {agent.name!r}"
