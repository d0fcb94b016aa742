"""Options and balance knobs of the template game, each declared once."""

from meeple.core import Param

OPTIONS = (
    Param("hand_size", 3, "Cards dealt to each seat.", minimum=1, maximum=5),
)
