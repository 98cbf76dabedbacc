"""The Europe 1615 Payola editions in the result mails: the public INF sheet, the dice, the statuses.

INFs are public in these editions (R-1303-07, R-1304-10: "The GM then
publishes the distribution of INFs"), so every reader gets the whole sheet
after the Influence and attack phases, with each attack's ratio, roll and
result, and the marks of the minor states (the centres in REVOLT, and after
any phase the CONTESTED states); after the Influence phase, each
power's INFs of the year (a public table and public ownership, R-1303-04).  Money stays Payola's: each
power's ledger and account are its own (:class:`~judge.render.payola.PayolaReport`).  After each
Winter, every power's victory points: military, objectives if the game
ended now, penalties and bonuses.
Template: ``_europe1615_payola.j2``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from judge.engine.results import PhaseOutcome
from judge.engine.state import GameState
from judge.render.payola import PayolaReport
from judge.render.results import ResultsContext
from judge.render.words import power_name
from judge.variants.europe1615_payola.consequences import CONTESTED, VP_LOG, vp_rule
from judge.variants.europe1615_payola.influence import GRANT
from judge.variants.europe1615_payola.scoring import military_vps, objective_vps, total_vps
from judge.variants.europe1615_payola.setups import ROLL
from judge.variants.europe1615_payola.status import revolt

TEMPLATE = "_europe1615_payola.j2"
PUBLISHED = ("P", "D")


class E1615PayolaReport(PayolaReport):
    """Payola's private sections, and after the Influence and attack phases the public sheet."""

    #: the public totals ``judge publish`` charts (never a ledger, an account or an offer: those are secrets)
    public_numbers = (("Victory points", "vps", "total"), ("INFs per year", "grants", "total"))
    #: the final scores ``judge publish`` shows beside the centres: the VPs of the last Winter (R-1303-42, R-1304-58)
    standings = (("VPs", "vps", "total"),)

    def context(self, ctx: ResultsContext, before: GameState, orders: Mapping[str, Sequence[Any]],
                outcome: PhaseOutcome) -> ResultsContext:
        made = super().context(ctx, before, orders, outcome)
        after = outcome.state
        extra = dict(made.extra)
        if before.phase.kind in PUBLISHED:
            extra["sheet"] = self._sheet(after)
        if before.phase.kind == "P":
            extra["grants"] = [{"power": power_name(p), "total": n} for p, n in sorted(after.extra.get(GRANT, {}).items())]
        if before.phase.kind == "A":
            extra["vps"] = self._vps(after)
        if before.phase.kind in ("A", "D"):
            extra["revolts"] = self.revolts(after)
        contested = self.contested(after)
        if contested:  # R-1304-33: "CONTESTED states will be marked on the map": the text says so with it
            extra["contested"] = contested
        incurred = [{"power": power_name(e[1]), "vps": int(e[2]), "why": e[3], "rule": vp_rule(e[3])}
                    for e in after.extra.get(VP_LOG, []) if e[0] == str(before.phase)]
        if incurred:  # each penalty or bonus told in the phase that incurs it, with its rule
            extra["vps_incurred"] = incurred
        rolled = after.extra.get(ROLL)
        if rolled and ROLL not in before.extra:  # R-1304-61: the sides' dice for neutral France, once
            extra["neutral_roll"] = {"neutral": power_name(rolled["neutral"]), "joins": power_name(rolled["joins"]),
                                     "rounds": [[(power_name(p), n) for p, n in r.items()] for r in rolled["rounds"]]}
        if before.phase.kind == "D":
            extra["dice"] = [r for r in after.extra.get("dice", []) if r.get("phase") == str(before.phase)]
            extra["marks"] = [{"state": m, **marks} for m, marks in sorted(after.extra.get("status", {}).items())]
        return replace(made, extra=extra, extra_template=TEMPLATE)

    def revolts(self, after: GameState) -> list[str]:
        """R-1303-24: the centres in REVOLT ("marked on the map"), with what it costs their owner."""
        game = getattr(self.variant.ruleset, "game", None)
        if game is None:
            return []
        found = []
        for minor, provinces in sorted(game.board.states.items()):
            for centre in provinces:
                why = revolt(game, after, centre) if game.board.provinces[centre].is_center else ""
                if why:
                    found.append(f"{centre} of {power_name(after.owner_of_center(centre) or '')}: {why}")
        return found

    def contested(self, after: GameState) -> list[str]:
        """R-1303-25, R-1304-33: the CONTESTED states, each with the power that took it."""
        taken = after.extra.get(CONTESTED, {})
        return [f"{minor} (taken by {power_name(taker)})" for minor, taker in sorted(taken.items())]

    def _vps(self, after: GameState) -> list[dict[str, Any]]:
        """Each power's victory points as they stand after the Winter (public: they come from public facts)."""
        game = getattr(self.variant.ruleset, "game", None)
        if game is None:
            return []
        rows = []
        for power in game.powers:
            logged = [e for e in after.extra.get("vp_log", []) if e[1] == power]
            rows.append({"power": power_name(power), "military": military_vps(game, after, power),
                         "objectives": sum(objective_vps(game, after, power).values()),
                         "other": sum(int(e[2]) for e in logged), "total": total_vps(game, after, power)})
        return rows

    def _sheet(self, after: GameState) -> list[dict[str, Any]]:
        """Every place with INFs: the minor states first, then the home boxes; each power's INFs there."""
        powers = set(self.variant.map.powers)
        places = sorted(after.extra.get("influence", {}).items(), key=lambda kv: (kv[0] in powers, kv[0]))
        return [{"place": f"{power_name(place)}'s home box" if place in powers else place,
                 "infs": [(power_name(p), n) for p, n in sorted(by.items())]} for place, by in places]
