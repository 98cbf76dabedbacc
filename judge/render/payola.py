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

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from judge.engine.results import PhaseOutcome
from judge.engine.state import GameState, Phase
from judge.engine.variant import Variant
from judge.render.env import render
from judge.render.results import ResultsContext
from judge.render.secrecy import GM, Secret
from judge.render.words import power_name

TEMPLATE = "_payola.j2"
CHART_TEMPLATE = "_payola_chart.j2"
HISTORY_TEMPLATE = "_payola_history.j2"
GM_ONLY: frozenset[str] = frozenset()


class PayolaReport:
    """Writes the ledgers, the account entries and the charts of a phase, each behind its secret.

    The engine keeps powers by their keys (``FRANCE``); the mail calls them as
    players write them (``France``), in every line of a ledger and an account.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        keys = sorted(variant.map.powers, key=len, reverse=True)
        self._powers = re.compile(r"\b(" + "|".join(re.escape(k) for k in keys) + r")\b") if keys else None

    def _named(self, text: Any) -> Any:
        """``text`` with every power's key written as its name (``PAY 10 TO FRANCE`` -> ``PAY 10 TO France``)."""
        if not isinstance(text, str) or self._powers is None:
            return text
        return self._powers.sub(lambda m: power_name(m.group(1)), text)

    def context(self, ctx: ResultsContext, before: GameState, orders: Mapping[str, Sequence[Any]],
                outcome: PhaseOutcome) -> ResultsContext:
        """The phase's context with ``extra``: private ledgers and accounts, the chart (GM's, or all's at the end)."""
        after = outcome.state
        phase = str(before.phase)
        ledgers = after.extra.get("ledgers", {}) if before.phase.kind == "M" else {}
        mine = [Secret(self._ledger(power, ledger), frozenset({power})) for power, ledger in sorted(ledgers.items())]
        entries = self._entries(after, phase)
        chart = [self._chart(phase, ledgers)] if before.phase.kind == "M" else []
        extra: dict[str, Any] = {
            "ledgers": mine,
            "accounts": entries,
            "chart": chart if ctx.finished else Secret(chart, GM_ONLY),
            "history": [*self._charts(ctx.earlier), *chart] if ctx.finished else [],
        }
        return replace(ctx, extra=extra, extra_template=TEMPLATE)

    def game_end(self, earlier: Sequence[tuple[str, Mapping[str, Any]]]) -> tuple[str, dict[str, Any]]:
        """The game-end mail's section, to all: the bribe chart of every movement phase played (3.6, 4.5)."""
        return TEMPLATE, {"ledgers": [], "accounts": [], "history": self._charts(earlier)}

    #: how the website names what :meth:`published_at_end` gives for a phase
    end_title = "Bribe chart"

    def published_at_end(self, earlier: Sequence[tuple[str, Mapping[str, Any]]]) -> dict[str, str]:
        """Each movement phase's bribe chart as text, once the game is over (3.6, 4.5): the website puts each on
        its phase's page, whether the game ended in a results mail or by the GM or a vote (the game-end mail)."""
        return {chart["phase"]: render(CHART_TEMPLATE, chart=chart).body for chart in self._charts(earlier)}

    def history_ledgers(self, after: Mapping[str, Any], viewer: str | None) -> str:
        """HISTORY's ledgers of a movement phase, from the position after it: the viewer's own (5.7), all for the
        GM, none for anyone else ("")."""
        ledgers = after.get("ledgers", {})
        shown = [self._ledger(p, led) for p, led in sorted(ledgers.items()) if viewer in (GM, p)]
        return render(HISTORY_TEMPLATE, ledgers=shown).body if shown else ""

    def _charts(self, earlier: Sequence[tuple[str, Mapping[str, Any]]]) -> list[dict[str, Any]]:
        """The chart of each movement phase in ``earlier``: the ledgers its position after kept (5.7)."""
        return [self._chart(name, after.get("ledgers", {})) for name, after in earlier
                if Phase.parse(name).kind == "M"]

    def _ledger(self, power: str, ledger: Mapping[str, Any]) -> dict[str, Any]:
        """One power's ledger as its mail shows it: every power called by its name."""
        named = {key: [[self._named(x) for x in row] if isinstance(row, list) else self._named(row) for row in value]
                 for key, value in ledger.items() if isinstance(value, list)}
        return {**ledger, **named, "power": power_name(power)}

    def _chart(self, phase: str, ledgers: Mapping[str, Any]) -> dict[str, Any]:
        """One movement phase's chart: every power's ledger."""
        return {"phase": phase, "ledgers": [self._ledger(p, led) for p, led in sorted(ledgers.items())]}

    def _entries(self, after: GameState, phase: str) -> list[Secret[dict[str, Any]]]:
        """Each power's account entries of this phase (income, transfers, payments): its own (2.5)."""
        shown = []
        for power, entries in sorted(after.extra.get("accounts", {}).items()):
            rows = [{"what": self._named(e[1]), "amount": e[2], "balance": e[3]} for e in entries if e and e[0] == phase]
            if rows:
                shown.append(Secret({"power": power_name(power), "rows": rows,
                                     "balance": after.extra.get("treasury", {}).get(power, 0)}, frozenset({power})))
        return shown
