"""Options and balance knobs of the catacombs, each declared once.

The defaults are the rulebook's numbers; ``max_rounds``, ``trade_offers_per_turn`` and
``free_action_limit`` are meeple's own bounds that keep every game finite (see CAT-20, CAT-24
and CAT-25).
"""

from meeple.core import Param

OPTIONS = (
    Param("health", 12, "Starting health of every dwarf (rulebook: 12).", minimum=1, maximum=40),
    Param("strength", 2, "Starting strength (rulebook: 2).", minimum=0, maximum=10),
    Param("armour", 0, "Starting armour (rulebook: 0).", minimum=0, maximum=10),
    Param("money", 300, "Starting coins (rulebook: 300).", minimum=0, maximum=5000),
    Param("veins_to_end", 10, "Mithril veins whose finding ends the game (rulebook: 10).",
          minimum=1, maximum=10),
    Param("play_on_alone", False,
          "The last dwarf left alive plays on alone to the tenth vein or a dead end instead of "
          "ending the game as its winner (the rulebook does not say; CAT-11)."),
    Param("max_rounds", 250, "Safety limit: the game stops after this many rounds.",
          minimum=1, maximum=10000),
    Param("trade_offers_per_turn", 3, "Trade proposals a dwarf may make in one turn.",
          minimum=0, maximum=20),
    Param("free_action_limit", 40, "Safety limit: free actions (buying, selling, equipping, "
          "drinking, brewing, using artifacts, opening offers) one dwarf may take in one turn; "
          "0 = no limit.", minimum=0, maximum=1000),
)
