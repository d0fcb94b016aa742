"""Restricted play (``greedy!no=heal``): the spec, and that a restricted agent never plays a
forbidden action while another is legal, at the table and inside its search."""

from __future__ import annotations

import pytest

import meeple
from meeple.agents import about, budget, capped, info_set, make
from meeple.agents.mcts import MCTSAgent, Node
from meeple.agents.restrict import RestrictedAgent, Restriction, parse_modifiers
from meeple.core import ConfigError, State


def test_prefixes_match_whole_words_of_the_text_in_any_case() -> None:
    r = Restriction(["Heal", "play  Splinters"])
    assert r.prefixes == ("heal", "play splinters")
    assert r.banned("heal") and r.banned("heal Bob") and r.banned("HEAL bob")
    assert not r.banned("healer 3") and not r.banned("play Spl")
    assert r.banned("play Splinters of Relic") and not r.banned("play Splintersx")


def test_the_spec_round_trips() -> None:
    for spec in ("greedy!no=heal", "mcts:200!no=play Splinters of Relic",
                 "myth:balance!no=attach,heal", "greedy:4!no=heal!no=attach,heal"):
        base, rule = parse_modifiers(spec)
        assert rule is not None
        again, same = parse_modifiers(base + rule.spec())
        assert again == base and same is not None and same.prefixes == rule.prefixes
    assert parse_modifiers("greedy!no=a,b")[1] is not None
    assert parse_modifiers("mcts:80@2s") == ("mcts:80@2s", None)


@pytest.mark.parametrize(("spec", "words"), [
    ("greedy!", "nothing follows a '!'"),
    ("greedy!no", "is not KEY=VALUE"),
    ("greedy!=heal", "is not KEY=VALUE"),
    ("greedy!no=", "an empty action prefix"),
    ("greedy!no=heal,,attach", "an empty action prefix"),
    ("greedy!no= , ", "an empty action prefix"),
    ("greedy!only=heal", "unknown agent modifier 'only'"),
    ("!no=heal", "names no agent before '!'"),
    ("robot!no=heal", "unknown agent 'robot'"),
    ("random:x!no=heal", "random takes no argument"),
])
def test_a_malformed_modifier_says_what_is_wrong_and_what_is_allowed(spec: str,
                                                                      words: str) -> None:
    with pytest.raises(ConfigError) as e:
        make(spec, 0, "myth")
    assert words in str(e.value)
    if "modifier" in words or "prefix" in words or "'!'" in words:
        assert "no=PREFIX[,PREFIX...]" in str(e.value)


def test_the_agent_keeps_its_kind_budget_and_seed() -> None:
    agent = make("mcts:300@2s!no=heal", 5, "myth")
    assert isinstance(agent, RestrictedAgent) and isinstance(agent.inner, MCTSAgent)
    assert agent.inner.restriction is agent.rule
    assert about("mcts:300!no=heal") == "bot.mcts"
    assert budget(agent) == (300, 2.0)
    assert budget(capped(agent, 1.0, 100)) == (100, 1.0)
    assert make("easy!no=heal", 0, "myth").name == "greedy!no=heal"
    cheat = make("mcts-cheat:5!no=heal", 0, "myth")
    assert getattr(cheat, "sees_everything", False) is True


def _check_game(game_id: str, spec: str, seed: int,
                max_actions: int = 4000) -> tuple[RestrictedAgent, int]:
    """Play ``spec`` in seat 0 against random seats, checking every one of its decisions;
    the agent and how many of its decisions had a forbidden action among others."""
    game = meeple.load(game_id)
    state = game.new_state(seed=seed)
    agents = [make(spec if s == 0 else "random", 100 * seed + s, game_id)
              for s in range(game.players)]
    held = agents[0]
    assert isinstance(held, RestrictedAgent)
    bitten = 0
    for _ in range(max_actions):
        seat = state.to_act
        if seat is None:
            break
        legal = state.legal_actions()
        action = agents[seat].choose(info_set(agents[seat], state, seat))
        if seat == 0:
            bitten += held.rule.allowed(legal) is not legal
        if seat == 0 and held.rule.banned(action[0]):
            assert held.rule.forced(legal), f"{spec} played {action[0]!r} in {game_id}"
        state.apply(action)
    return held, bitten


@pytest.mark.parametrize(("game_id", "spec"), [
    ("myth", "greedy!no=heal,move"),
    ("grabhit", "random!no=attack,use"),
    ("grabhit", "grabhit:balance!no=use,buy"),
    ("myth", "myth:balance!no=explore"),
    ("andor", "andor:balance!no=move"),
    ("grabhit", "mcts:6!no=use,hit"),
])
def test_a_restricted_agent_never_plays_a_forbidden_action_while_another_is_legal(
        game_id: str, spec: str) -> None:
    bitten = overruled = 0
    for seed in (1, 2, 3):
        held, n = _check_game(game_id, spec, seed)
        assert held.decisions > 0
        bitten += n
        overruled += held.overridden
    assert bitten  # the rule had something to forbid
    if spec.startswith(("grabhit:", "andor:")):
        assert overruled  # the scripted bot's own picks were overruled


def test_every_legal_action_forbidden_is_played_anyway_and_counted() -> None:
    held, _ = _check_game("tictactoe", "random!no=mark", 1)
    assert held.forced == held.decisions > 0


def _walk(node: Node, seat: int, rule: Restriction) -> int:
    """The nodes under ``node``; no move of ``seat`` through a forbidden action unless it was
    the only one there (a forced move)."""
    count = 1
    for actor, kids in node.children.items():
        for text, child in kids.items():
            if actor == seat and rule.banned(text):
                assert len(kids) == 1, f"the search tried {text!r} beside other moves"
            count += _walk(child, seat, rule)
    return count


def test_the_search_keeps_the_restriction_at_every_node_and_only_for_its_seat() -> None:
    agent = make("mcts:400!no=mark b2,mark a1", 7, "tictactoe")
    assert isinstance(agent, RestrictedAgent) and isinstance(agent.inner, MCTSAgent)
    state = meeple.load("tictactoe").new_state(seed=0)
    root = agent.inner.search(info_set(agent, state, 0))
    assert _walk(root, 0, agent.rule) > 100
    others = {t for kids in root.children.values() for ch in kids.values()
              for t in ch.children.get(1, {})}
    assert "mark b2" in others  # the other seat keeps every move


@pytest.mark.parametrize("rollout", ["random", "greedy"])
def test_rollouts_keep_the_restriction(rollout: str) -> None:
    agent = make(f"mcts:1:{rollout}:full!no=mark b2,mark c3", 3, "tictactoe")
    assert isinstance(agent, RestrictedAgent) and isinstance(agent.inner, MCTSAgent)
    search = agent.inner
    rule = agent.rule
    search.search(info_set(agent, meeple.load("tictactoe").new_state(seed=0), 0))
    for k in range(40):
        det: State = meeple.load("tictactoe").new_state(seed=k)
        det = search._restricted_rollout(det, -1)
        moves = [(e["seat"], e["action"]) for e in det.events() if e["type"] == "action"]
        mine = [t for s, t in moves if s == 0]
        assert det.is_over
        assert not any(rule.banned(t) for t in mine[:4])  # never forced this early


def test_a_restriction_that_never_bites_changes_nothing() -> None:
    def game(spec: str) -> list[str]:
        specs = [spec, "random", "random", "random"]
        return [a[0] for a in play_state(specs).actions_taken()]

    def play_state(specs: list[str]) -> State:
        from meeple.sim.runner import play
        return play(meeple.load("grabhit"), specs, seed=4)

    assert game("greedy") == game("greedy!no=xyzzy")
