"""Options and balance knobs of High in the Heavens, each declared once."""

from meeple.core import Param

from .content import PANTHEONS

OPTIONS = (
    Param("pantheon_a", "greek", "Pantheon of side A (seat 0; seats 0 and 1 with four players).",
          choices=PANTHEONS),
    Param("pantheon_b", "norse", "Pantheon of side B (seat 1; seats 2 and 3 with four players).",
          choices=PANTHEONS),
    Param("omnipotence", False,
          "Omnipotence variant: every card starts in hand and there is no draw phase."),
    Param("rolling_runes", False,
          "Rolling Runes variant: every attack rolls a d6; 1-2 miss, 3-6 hit."),
    Param("layout", "standard",
          "Home Is Where the Heart Is variant: where the bases stand.",
          choices=("standard", "forward", "flanks")),
    Param("max_rounds", 0,
          "Safety limit for simulations: a draw after this many rounds (0: no limit).",
          minimum=0),
    Param("base_health", 30, "Starting health of each base.", minimum=1, maximum=99),
)
