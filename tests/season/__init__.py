"""A season of our own (issue 22, point 5): several games of every variant at once, played by mail through the
spool by simulated players and GMs, with the judge's invariants checked after every poll.

``tests/app/test_season.py`` plays a small season; ``bench/season.py`` a large one, timing every poll.
"""

from tests.season.checks import INVARIANTS, Ledger
from tests.season.play import VARIANTS, Season, SeasonReport, play_season

__all__ = ["INVARIANTS", "VARIANTS", "Ledger", "Season", "SeasonReport", "play_season"]
