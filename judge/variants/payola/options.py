"""The Payola rules a game plays by: the formal rules, or the section-6 variations as per-game options.

Payola Classic (rule 6.1) is a preset: ``preset = "classic"`` gives every
option its Classic value, and any option named besides overrides it.

>>> PayolaOptions.of({}).income, PayolaOptions.of({"preset": "classic"}).income
('diminishing', 'flat')
>>> PayolaOptions.of({"preset": "classic", "savings": True}).savings
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from judge.engine.discretion import OptionError, RuleOption

PRESETS = ("standard", "classic")
INCOMES = ("diminishing", "flat", "table")
TRANSFERS = ("any", "classic", "none")


@dataclass(frozen=True, slots=True)
class PayolaOptions:
    """Every Payola choice with a mechanical effect; the defaults are the formal rules'."""

    preset: str = "standard"
    direct_only: bool = False        # 6.1 (3.1): only ':' offers
    one_offer_per_unit: bool = False  # 6.1 (3.2): one offer per unit and power
    repetition: bool = True          # 3.1 item 1 (6.1: not allowed)
    plateaus: bool = True            # 3.1 item 3 (6.1: not allowed)
    augmentation: bool = True        # 3.1 item 4, '+' (6.1: not allowed)
    alternatives: bool = True        # 3.1 item 8, '|' (6.1: not allowed)
    savings: bool = True             # 3.4 (6.1: not allowed)
    zero_foreign: bool = False       # 3.1 item 2: zero offers to foreign units (6.1: allowed)
    fractions: bool = False          # Classic 4.7: fractional offers are rounded up (3.1: whole silver pieces)
    income: str = "diminishing"      # 2.1; 6.1 flat; 6.6 a table per centre
    income_per_center: int = 7       # 6.1: seven silver pieces per centre
    carry_over: bool = True          # unspent money stays (6.6 'alternate schemes' may drop it)
    transfers: str = "any"           # 2.3; 'classic': no check back before the next movement phase
    loyal_units: bool = False        # 6.5: played powers' units obey their owner; only unplayed ones take bribes
    ebayola: bool = False            # 6.4: an issued order costs one more than the best other total
    zero_sum: bool = False           # 6.7: 10 per centre to start, no taxes; money paid to units goes to their owner

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> PayolaOptions:
        """The options of a ruleset file (merged with a game's overrides), checked."""
        preset = str(options.get("preset", "standard"))
        if preset not in PRESETS:
            raise OptionError(f"preset takes {' or '.join(PRESETS)}, not {preset!r}")
        base = CLASSIC if preset == "classic" else cls()
        names = {f.name for f in fields(cls)}
        chosen = {k: v for k, v in options.items() if k in names and k != "preset"}
        made = replace(base, preset=preset, **chosen)
        for option in made.rule_options():
            option.check(getattr(made, option.name))
        return made

    def rule_options(self) -> tuple[RuleOption, ...]:
        """Each option as a GM may set it (``SET RULE``), with the rule it changes."""
        flag = {
            "direct_only": "6.1: only direct (:) offers", "one_offer_per_unit": "6.1: one offer per unit",
            "repetition": "3.1: repetition counts (4*3)", "plateaus": "3.1: plateaus (#)",
            "augmentation": "3.1: '+' chains of amounts", "alternatives": "3.1: several orders with '|'",
            "savings": "3.4: savings requests ($)", "zero_foreign": "3.1/6.1: zero offers to foreign units",
            "fractions": "Classic 4.7: fractional offers (4.5) are rounded up; off: whole silver pieces (3.1)",
            "carry_over": "2.1/6.6: unspent money carries over to the next year",
            "loyal_units": "6.5: only the units of unplayed powers take bribes",
            "ebayola": "6.4: eBayola: the winners pay one more than the best losing total, the rest back",
            "zero_sum": "6.7: Zero Sum Payola: no taxes; bribes go to the units' owners, centres carry money",
        }
        return (
            RuleOption("preset", self.preset, PRESETS, "6.1: classic sets every option to Payola Classic"),
            *(RuleOption(name, getattr(self, name), (True, False), note) for name, note in flag.items()),
            RuleOption("income", self.income, INCOMES, "2.1 diminishing, 6.1 flat, 6.6 a table per centre"),
            RuleOption("income_per_center", self.income_per_center, minimum=0, maximum=1000,
                       note="6.1: the flat income per centre"),
            RuleOption("transfers", self.transfers, TRANSFERS, "2.3 any; classic: no check back at once; none"),
        )

    def form_notes(self) -> tuple[str, ...]:
        """The offer sheet this game takes, said before the first sheet (start mail, HELP after SIGNON)."""
        kind = "Payola Classic (Payola 6.1)" if self.preset == "classic" else "the formal Payola rules"
        refused = [word for flag, word in (
            (self.direct_only, "indirect offers (>)"), (not self.repetition, "repetition (4*3)"),
            (not self.plateaus, "plateaus (#)"), (not self.augmentation, "'+' chains of amounts"),
            (not self.alternatives, "several orders in one offer ('|')"),
            (not self.savings, "savings requests ($)"), (not self.carry_over, "money carried over")) if flag]
        notes = [f"This game plays {kind}: an offer is 'amount : order', e.g. '5 : F NTH - NWG'."]
        if refused:
            notes.append(f"Not allowed here, so refused on arrival: {', '.join(refused)}.")
        if self.one_offer_per_unit:
            notes.append("One offer per unit (6.1): a second offer to a unit you already bribe is refused on "
                         "arrival; CLEAR and send the sheet again to change it.")
        notes.append(f"Zero offers: to your own units{'' if not self.zero_foreign else ' and to any unit'} (3.1).")
        return tuple(notes)


CLASSIC = PayolaOptions(preset="classic", direct_only=True, one_offer_per_unit=True, repetition=False,
                        plateaus=False, augmentation=False, alternatives=False, savings=False,
                        zero_foreign=True, fractions=True, income="flat", income_per_center=7, transfers="classic")
