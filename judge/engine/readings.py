"""The older rulebooks' and the common judges' readings, as rule options of the standard rules.

The judge plays the 2023 rulebook with the DATC v3.0's preferred choices;
a club that plays the 2000 rulebook, or webDiplomacy's conventions, asks for
one of these readings by ``SET RULE`` (or in ``judge adjudicate``'s
``options``).  Each is a value the engine reads where the rule is applied
(``docs/rules-choices.md`` says which DATC section, which rulebook or judge,
with an example):

* ``civil_disorder``: ``2023`` (farthest from an owned centre, over land and
  sea alike; DATC 4.D.8), ``2000`` (farthest from the home centres, fleets
  counting by sea, armies over land and sea: the pre-2023 rulebooks as
  DATC v2 and most judges read them) or ``2000_any_route`` (farthest from the
  home centres, every unit over land and sea: the Droidippy server);
* ``via_fallback``: whether a move ``VIA CONVOY`` that no fleets are ordered
  to carry goes by land instead (DATC v2's reading of 4.A.3, test 6.G.8);
* ``adjacent_convoy``: ``intent`` (the 2023 rule: by convoy with ``VIA
  CONVOY`` or when a fleet of the army's own power convoys it) or ``via``
  (only with ``VIA CONVOY``: the DPTG, webDiplomacy; 4.A.3, test 6.G.5).

>>> Readings.of({"civil_disorder": "2000"}).civil_disorder
'2000'
>>> [o.name for o in Readings().rule_options()]
['civil_disorder', 'via_fallback', 'adjacent_convoy']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.discretion import OptionError, RuleOption

DISORDER_RULES = ("2023", "2000", "2000_any_route")
#: the options' names, for a ruleset whose own rules leave none of them open
READINGS = ("civil_disorder", "via_fallback", "adjacent_convoy")
ADJACENT_CONVOYS = ("intent", "via")


@dataclass(frozen=True)
class Readings:
    """The readings a game plays, from its options (the defaults: the 2023 rulebook, DATC v3.0)."""

    civil_disorder: str = "2023"
    via_fallback: bool = False
    adjacent_convoy: str = "intent"

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Readings:
        """The readings in ``options`` (a ruleset file's, merged with a game's ``SET RULE``); OptionError if wrong."""
        made = cls(str(options.get("civil_disorder", cls.civil_disorder)),
                   options.get("via_fallback", cls.via_fallback),
                   str(options.get("adjacent_convoy", cls.adjacent_convoy)))
        for option in made.rule_options():
            option.check(option.value)
        return made

    def rule_options(self) -> tuple[RuleOption, ...]:
        """The three options with the values in force, for ``SET RULE`` and ``RULES``."""
        if not isinstance(self.via_fallback, bool):
            raise OptionError(f"via_fallback takes true or false, not {self.via_fallback!r}")
        return (RuleOption("civil_disorder", self.civil_disorder, DISORDER_RULES,
                           note="which units a power that owes removals loses when it names too few "
                                "(2023: farthest from an owned centre; 2000: farthest from home, fleets by sea; "
                                "2000_any_route: farthest from home over land and sea; DATC 4.D.8)"),
                RuleOption("via_fallback", self.via_fallback, (False, True),
                           note="whether a move VIA CONVOY with no fleets ordered to carry it goes by land "
                                "(DATC v2's reading of 4.A.3, 6.G.8)"),
                RuleOption("adjacent_convoy", self.adjacent_convoy, ADJACENT_CONVOYS,
                           note="when an army next to its goal goes by convoy (intent: VIA CONVOY or its own "
                                "power's convoying fleet, the 2023 rule; via: only VIA CONVOY; DATC 4.A.3, 6.G.5)"))


__all__ = ["ADJACENT_CONVOYS", "DISORDER_RULES", "READINGS", "Readings"]
