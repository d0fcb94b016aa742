"""Typed input for the terminal loop in tests: answers given in order, prompts recorded."""

from __future__ import annotations

from collections.abc import Callable


def scripted(lines: list[str]) -> tuple[Callable[[str], str], list[str]]:
    """An ``input`` that answers ``lines`` in order (then ends the input, as Ctrl-D would),
    and the list of prompts it was shown."""
    prompts: list[str] = []
    it = iter(lines)

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return ask, prompts
