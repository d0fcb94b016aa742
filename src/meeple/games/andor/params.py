"""Options and balance knobs of Andor, each declared once."""

from meeple.core import Param

HERO_IDS = ("warrior", "archer", "dwarf", "wizard")

OPTIONS = (
    Param("legend", "full", "Which legend to play: the introductory one or the full one.",
          choices=("intro", "full")),
    Param("heroes", "warrior,archer,dwarf,wizard",
          "Heroes by seat, comma-separated; seat i plays the i-th hero.", items=HERO_IDS),
    Param("early_victory", False,
          "End the legend with a win as soon as its goals are met (default: only at N)."),
    Param("strength_max", 14, "The most strength a hero can have.", minimum=1, maximum=30),
    Param("solo_shields", 4, "Golden shields beside the castle when one hero plays.",
          minimum=0, maximum=5),
    Param("free_action_limit", 12,
          "Free actions a hero may take per turn (a safety limit; 0: unlimited).",
          minimum=0, maximum=1000),
)

#: Golden shields beside the castle by number of heroes (AND-70).
SHIELDS_BY_HEROES = {2: 3, 3: 2, 4: 1}
HOURS_PER_DAY = 7
OVERTIME_HOURS = 3
OVERTIME_COST = 2
WILLPOWER_MAX = 20
WELL_WILLPOWER = 3
WARRIOR_WELL_WILLPOWER = 5
KNOCKED_OUT_WILLPOWER = 3
BLACK_DIE = (6, 6, 8, 10, 10, 12)
#: Uses of an article with a worn side (AND-74 shield, AND-79 brew).
TWO_SIDED = 2
#: Order of the creature steps of the sunrise box (AND-7): wardraks move twice.
SUNRISE_ORDER = ("gor", "skral", "wardrak", "troll", "wardrak")
