"""Europe 1615: Prelude to War, as engine rulesets (Version 3: :class:`EuropeV3`).

The package holds the rules as pure modules (influence, statuses, attacks,
units, sanctions, ballots, winter, scoring) and the ruleset that hooks them
into the standard adjudicator.  Inputs other than unit orders are the small
values of :mod:`.inputs`.
"""

from judge.variants.europe1615.inputs import (
    Agree,
    Attack,
    Ballot,
    Deploy,
    Motion,
    Permit,
    WaiveCapture,
)
from judge.variants.europe1615.ruleset import EuropeV3

__all__ = ["Agree", "Attack", "Ballot", "Deploy", "EuropeV3", "Motion", "Permit", "WaiveCapture"]
