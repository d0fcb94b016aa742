"""The decisions a hero takes inside his turn, a fight or an event, pushed on ``st.decisions``.

When the stack is empty the active hero takes his turn (AND-44). A move in progress, the
window after a move, each decision of a fight and a shield holder's answer to an event are
decisions on the stack; the top one's seat is the seat to act. The fight's running figures
(the creature's willpower, the dice, the battle value) are in ``st.fight``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from meeple.core.decisions import Decision


@dataclass(frozen=True, slots=True)
class Moving(Decision):
    """AND-46: the hero is moving; he steps on or stops."""

    kind = "moving"


@dataclass(frozen=True, slots=True)
class AfterMove(Decision):
    """AND-62: a move has ended; the hero may take free actions before he is done."""

    kind = "after move"


@dataclass(frozen=True, slots=True)
class Invite(Decision):
    """AND-56: the attacker invites a hero in reach, or begins the fight."""

    kind = "invite"


@dataclass(frozen=True, slots=True)
class Answer(Decision):
    """AND-56: the invited hero joins the fight or declines."""

    kind = "answer"


@dataclass(frozen=True, slots=True)
class Keep(Decision):
    """AND-64: a hero rolling his dice one by one keeps the last or rolls again."""

    kind = "keep"


@dataclass(frozen=True, slots=True)
class Flip(Decision):
    """AND-65: the wizard may turn one die of the roll just made to its opposite face."""

    kind = "flip"


@dataclass(frozen=True, slots=True)
class Boost(Decision):
    """AND-79/81: the roller may double a die with the brew or add the herb."""

    kind = "boost"


@dataclass(frozen=True, slots=True)
class ShieldLoss(Decision):
    """AND-74: a shield holder blocks the round's loss or takes it."""

    kind = "shield"


@dataclass(frozen=True, slots=True)
class FightOn(Decision):
    """AND-52/60: after a round a participant fights on or withdraws."""

    kind = "fight on"


@dataclass(frozen=True, slots=True)
class Reward(Decision):
    """AND-53/59: the attacker shares the creature's reward, one gold or willpower at a time."""

    kind = "reward"


@dataclass(frozen=True, slots=True)
class BlockEvent(Decision):
    """AND-74: a shield holder blocks the event card just drawn, or lets it happen."""

    kind = "block event"
    card: str
    #: The shield holders still to be asked after this one.
    holders: tuple[int, ...]
    #: Where play goes on afterwards: the sunrise box, or the move that found a fog token.
    resume: Literal["sunrise", "fog"]
    #: The hero whose fog token drew the card (None at sunrise).
    finder: int | None


#: The decisions of a fight under way.
FIGHT = (Invite, Answer, Keep, Flip, Boost, ShieldLoss, FightOn, Reward)

AndorDecision = (Moving | AfterMove | Invite | Answer | Keep | Flip | Boost | ShieldLoss
                 | FightOn | Reward | BlockEvent)
