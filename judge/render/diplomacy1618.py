"""Diplomacy 1618 in the result mails: the phase in which Prague becomes a power's home centre says so.

The ownership table already shows who owns Prague after Fall 1618, but not
that it became a home centre (a build site for the rest of the game), nor
that the civil-disorder army changed sides (R-1618-09 to R-1618-11).  Public:
every player sees the board.  Template: ``_diplomacy1618.j2``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from judge.engine.results import PhaseOutcome
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.render.results import ResultsContext
from judge.render.words import power_name

TEMPLATE = "_diplomacy1618.j2"
PRAGUE_HOME = "prague_home"  # the key judge.variants.diplomacy1618 writes


class Diplomacy1618Report:
    """Writes Prague's new home, and whether the rebels' army joined its heir, in the phase that settled it."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def context(self, ctx: ResultsContext, before: GameState, orders: Mapping[str, Sequence[Any]],
                outcome: PhaseOutcome) -> ResultsContext:
        home = outcome.state.extra.get(PRAGUE_HOME)
        if not home or before.extra.get(PRAGUE_HOME) == home:
            return ctx
        options = self.variant.ruleset.options
        rebels = str(options.get("rebels", "BOH"))
        dislodged = any(r.power == rebels and r.result == "dislodged" for r in outcome.results)
        joined = bool(before.units.get(rebels)) and not dislodged and home == options.get("prague_heir", "PALATINATE")
        prague = str(options.get("prague", "PRA"))
        extra = {**ctx.extra, "prague": {"power": power_name(home, self.variant.map), "army": joined,
                                         "name": self.variant.map.provinces[prague].name,
                                         "rebels": self.variant.map.state_names.get(rebels, rebels)}}
        return replace(ctx, extra=extra, extra_template=TEMPLATE)
