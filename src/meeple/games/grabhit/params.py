"""Options and balance knobs of Grab and Hit, each declared once."""

from meeple.core import Param

OPTIONS = (
    # GAH-4: the players agree on the gold they play to.
    Param("gold_target", 50, "Gold an adventurer must hold to win.", minimum=15, maximum=500),
    Param("repair_amount", 2, "Points a repair symbol on the wheel restores.",
          minimum=1, maximum=5),
    # GAH-70: a safety limit, since spending could in principle go on for ever.
    Param("round_limit", 120, "After this many rounds the richest wins (0: no limit).",
          minimum=0, maximum=10_000),
)

#: GAH-22: the bonus for 2, 3, 4 or 5 locations of one world or of one level.
SET_BONUS = (0, 0, 1, 3, 6, 10)
MAX_LOCATIONS = 5  # GAH-21
FIST_DAMAGE = 1  # GAH-48
#: GAH-36..38: the coins that free an adventurer from limbo on entering, before the second
#: turn and before the third turn.
LIMBO_ESCAPE = (9, 7, 5)
