"""How a game ended: winners, scores, length and the reason."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``winners`` lists the winning seats (all seats or none in a cooperative game; several seats
    on a shared win; none on a draw). ``reason`` is a short machine-readable id of how the game
    ended (``"three-in-a-row"``, ``"tenth-vein"``), ``detail`` a sentence for people.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    turns: int
    reason: str
    detail: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict."""
        d: dict[str, Any] = {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "turns": self.turns,
            "reason": self.reason,
            "detail": self.detail,
        }
        if self.extra:
            d["extra"] = self.extra
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Result:
        """The inverse of ``to_dict``."""
        return cls(
            winners=tuple(int(w) for w in d["winners"]),
            scores=tuple(d["scores"]),
            turns=int(d["turns"]),
            reason=str(d["reason"]),
            detail=str(d.get("detail", "")),
            extra=dict(d.get("extra", {})),
        )
