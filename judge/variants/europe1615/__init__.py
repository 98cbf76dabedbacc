"""Europe 1615: Prelude to War, as one engine ruleset for every edition (:class:`Europe1615`).

Version 3 and the edition of 8 August 2013 differ only in their ruleset
files' strategies and numbers (:mod:`.edition`); ``EuropeV3`` is the same class.

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
from judge.variants.europe1615.ruleset import Europe1615, EuropeV3

__all__ = ["Agree", "Attack", "Ballot", "Deploy", "Europe1615", "EuropeV3", "Motion", "Permit", "WaiveCapture"]
