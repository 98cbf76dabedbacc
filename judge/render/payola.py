"""Payola in the result mails: each power's private ledger, the GM's bribe chart, the charts published at the end.

Rule 5.7 gives every power its own account of a movement phase (its units'
orders and totals, its accepted offers and their cost, its balance, the
reductions, why a bribed unit did something else); rule 2.5 keeps every
treasury private.  Each ledger is wrapped in :class:`~judge.render.Secret`
for its power, so only it and the GM read it; the whole chart (every
power's ledger) is the GM's until the game ends, when the chart of every
phase is published to all (3.6, 4.5).  Templates: ``_payola.j2``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from judge.engine.results import PhaseOutcome
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.render.results import ResultsContext
from judge.render.secrecy import Secret
from judge.render.words import power_name

TEMPLATE = "_payola.j2"
GM_ONLY: frozenset[str] = frozenset()


class PayolaReport:
    """Writes the ledgers, the account entries and the charts of a phase, each behind its secret."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def context(self, ctx: ResultsContext, before: GameState, orders: Mapping[str, Sequence[Any]],
                outcome: PhaseOutcome) -> ResultsContext:
        """The phase's context with ``extra``: private ledgers and accounts, the chart (GM's, or all's at the end)."""
        after = outcome.state
        phase = str(before.phase)
        ledgers = after.extra.get("ledgers", {}) if before.phase.kind == "M" else {}
        mine = [Secret(self._ledger(power, ledger), frozenset({power})) for power, ledger in sorted(ledgers.items())]
        entries = self._entries(after, phase)
        chart = [self._chart(c) for c in after.extra.get("charts", []) if c.get("phase") == phase]
        extra: dict[str, Any] = {
            "ledgers": mine,
            "accounts": entries,
            "chart": chart if ctx.finished else Secret(chart, GM_ONLY),
            "history": [self._chart(c) for c in after.extra.get("charts", [])] if ctx.finished else [],
        }
        return replace(ctx, extra=extra, extra_template=TEMPLATE)

    @staticmethod
    def _ledger(power: str, ledger: Mapping[str, Any]) -> dict[str, Any]:
        return {**ledger, "power": power_name(power)}

    def _chart(self, chart: Mapping[str, Any]) -> dict[str, Any]:
        """One movement phase's chart: every power's ledger."""
        return {"phase": chart.get("phase", ""),
                "ledgers": [self._ledger(p, led) for p, led in sorted(chart.get("ledgers", {}).items())]}

    @staticmethod
    def _entries(after: GameState, phase: str) -> list[Secret[dict[str, Any]]]:
        """Each power's account entries of this phase (income, transfers, payments): its own (2.5)."""
        shown = []
        for power, entries in sorted(after.extra.get("accounts", {}).items()):
            rows = [{"what": e[1], "amount": e[2], "balance": e[3]} for e in entries if e and e[0] == phase]
            if rows:
                shown.append(Secret({"power": power_name(power), "rows": rows,
                                     "balance": after.extra.get("treasury", {}).get(power, 0)}, frozenset({power})))
        return shown
