"""The classic judges' house flags as rule options of the standard rules: where a power builds, whether a
dislodged unit retreats, whether a draw includes every survivor.

njudge lets the GM set these per game (its help file ``index``: ``SET ANYCENTRES``, ``SET HOMECENTRES``,
``SET ONECENTRE``, ``SET AUTODISBAND``, ``SET NODIAS``); here each is a rule option a GM sets with
``SET RULE`` (njudge's spellings are read as that), applied where the standard ruleset answers the hook
(``Ruleset.build_sites``, ``may_retreat``, the draw count).  A ruleset that answers a hook its own way
(Diplomacy 1618's builds, the Payola editions' retreats) is not offered the option for it, so no option is
listed that would change nothing.

>>> flags = HouseRules.of({"build_sites": "one_home"})
>>> flags.sites({"PAR", "BRE", "BEL"}, ("PAR", "MAR", "BRE"), ("BEL", "BRE", "PAR"))
('BEL', 'BRE', 'PAR')
>>> flags.sites({"BEL"}, ("PAR", "MAR", "BRE"), ("BEL",))
()
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.discretion import OptionError, RuleOption

#: home: home centres only (the rules); any: any owned centre (njudge's ANYCENTRES); one_home: any owned
#: centre while the power still owns one of its home centres (njudge's ONECENTRE)
BUILD_SITES = ("home", "any", "one_home")


@dataclass(frozen=True)
class HouseRules:
    """The flags a game plays (the defaults: the rules' own)."""

    build_sites: str = "home"
    retreats: bool = True
    dias: bool = True

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> HouseRules:
        """The flags in ``options`` (a ruleset file's, merged with the game's ``SET RULE``); OptionError if wrong."""
        made = cls(str(options.get("build_sites", cls.build_sites)), options.get("retreats", cls.retreats),
                   options.get("dias", cls.dias))
        for option in made.rule_options(True, True, True):
            option.check(option.value)
        return made

    def rule_options(self, builds: bool, retreats: bool, draws: bool) -> tuple[RuleOption, ...]:
        """The options of the hooks the ruleset leaves to the standard rules (``builds``, ``retreats``, ``draws``)."""
        for name in ("retreats", "dias"):
            if not isinstance(getattr(self, name), bool):
                raise OptionError(f"{name} takes true or false, not {getattr(self, name)!r}")
        found = []
        if builds:
            found.append(RuleOption("build_sites", self.build_sites, BUILD_SITES,
                                    note="where a power builds (home: its home centres; any: any owned centre, "
                                         "njudge's ANYCENTRES; one_home: any owned centre while it owns a home "
                                         "centre, njudge's ONECENTRE)"))
        if retreats:
            found.append(RuleOption("retreats", self.retreats, (True, False),
                                    note="whether a dislodged unit may retreat (false: it is disbanded at once, "
                                         "njudge's AUTODISBAND)"))
        if draws:
            found.append(RuleOption("dias", self.dias, (True, False),
                                    note="whether a draw includes all survivors (false: each SET DRAW names the "
                                         "powers it accepts, njudge's NODIAS)"))
        return tuple(found)

    def sites(self, owned: Collection[str], homes: Sequence[str], centres: Sequence[str]) -> tuple[str, ...]:
        """The owned centres a power may build on, in the map's order of ``centres`` (or of ``homes``)."""
        own_homes = tuple(p for p in homes if p in owned)
        if self.build_sites == "any" or (self.build_sites == "one_home" and own_homes):
            return tuple(c for c in centres if c in owned)
        return own_homes if self.build_sites == "home" else ()


__all__ = ["BUILD_SITES", "HouseRules"]
