"""Europe 1615 (Version 3) in the result mails: its sections, and what each reader may see of them.

:class:`V3Report` (``report = ...`` in the variant's ruleset.toml) rewrites
a phase's :class:`~judge.render.ResultsContext`: the unit orders stay in the
njudge order list; the lines that are not unit orders move to sections of
their own (``templates/_europe1615_v3.j2``): the INFs deployed, the
diplomatic attacks, the status sheet of the minor states, the ballot, the
scores, the counterbalance and the modifiers in force.

What the rules keep secret is wrapped in :class:`~judge.render.Secret` so
that only its owner and the GM read it: the exact INFs a power deployed (the
text publishes only who deployed where, R-v3-18), the numbers behind an
attack, who voted for which Ottoman order (R-v3-49), each power's ballot,
and orders a power sent to units that did not obey it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from judge.engine.assignment import canonical
from judge.engine.orders import Order, Unit
from judge.engine.results import VOID, OrderResult, PhaseOutcome
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.render.europe1615_sheet import AdjudicationSheet, SessionRow, share_rows
from judge.render.results import ResultsContext
from judge.render.secrecy import Secret, hide_powers
from judge.render.words import owner_name, power_name
from judge.variants.europe1615.ballots import allowance, ballot_items
from judge.variants.europe1615.checks import item_label
from judge.variants.europe1615.inputs import (
    Agree,
    Attack,
    Ballot,
    Deploy,
    Motion,
    Permit,
    WaiveCapture,
)
from judge.variants.europe1615.modifiers import BY_KEY
from judge.variants.europe1615.thresholds import control_share
from judge.variants.europe1615.victory import victory_points
from judge.variants.europe1615.world import Setup, active_powers, states

TEMPLATE = "_europe1615_v3.j2"
SHEET_TEMPLATE = "_europe1615_2013_08.j2"
HEAD_TEMPLATE = "_europe1615_sheet.j2"
GM_ONLY: frozenset[str] = frozenset()
_FIGHT = re.compile(r"^(\S+) (\d+) v (\S+) (\d+):")
_ABBREVIATION = re.compile(r"\b[A-Z]{2,12}\b")
_RELIGION = {"CATHOLIC": "Catholic", "PROTESTANT": "Protestant", "TOLERANT": "tolerant", "ISLAMIC": "Islamic"}
_INPUTS = (Deploy, Attack, Ballot, WaiveCapture, Motion, Permit, Agree)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a section: who, what, and how it went (``reason`` says why it did not)."""

    power: str
    text: str
    result: str = "ok"
    reason: str = ""


@dataclass(frozen=True, slots=True)
class StatusRow:
    """One minor state on the status sheet (R-v3-05 step 4, R-v3-18)."""

    state: str
    status: str
    religion: str
    deployed: str
    orders: str = ""


@dataclass(frozen=True, slots=True)
class ScoreRow:
    power: str
    capture: int
    alignment: int
    religion: int
    total: int
    rounds: int


class V3Report:
    """Builds the Version 3 sections of a result mail, per phase kind, with their secrets."""

    #: the public totals ``judge publish`` charts: (chart title, section, field of each row with a ``power``)
    public_numbers = (("Victory points", "scores", "total"), ("INFs per year", "allocation", "text"),
                      ("INFs per year", "income", "text"))

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.board = variant.map
        self.setup: Setup = variant.ruleset.setup  # type: ignore[attr-defined]

    @property
    def standings(self) -> tuple[tuple[str, str, str], ...]:
        """The final scores ``judge publish`` shows beside the centres (column, section, field), as the last
        Scoring results gave them: Version 3's rounds won (R-v3-124) and VPs of the round; 2013-08's VPs of all
        sessions (R-1308-62)."""
        if self.setup.edition.publication == "percentages":
            return (("VPs", "scores", "total"),)
        return (("Rounds won", "scores", "rounds"), ("VPs of the last round", "scores", "total"))

    def context(self, ctx: ResultsContext, before: GameState, orders: Mapping[str, Sequence[Any]],
                outcome: PhaseOutcome) -> ResultsContext:
        """The phase's context with the variant's secrets applied and its sections in ``extra``.

        The edition's ``publication`` says how: who deployed where (Version 3),
        or the 2013-08 adjudication sheet and each power's share.
        """
        if self.setup.edition.publication == "percentages":
            return self._sheet_context(ctx, before, orders, outcome)
        return self._who_context(ctx, before, orders, outcome)

    def _who_context(self, ctx: ResultsContext, before: GameState, orders: Mapping[str, Sequence[Any]],
                     outcome: PhaseOutcome) -> ResultsContext:
        """Version 3: the njudge order list, then who deployed where, the attacks, the sheet, ballots, scores."""
        kind, after = before.phase.kind, outcome.state
        units = [r for r in outcome.results if not isinstance(r.value, _INPUTS)]
        extra: dict[str, Any] = {
            "kind": kind, "deployments": self._deployments(outcome.results), "attacks": self._attacks(outcome.results),
            "others": self._others(outcome.results), "ballots": self._ballots(outcome.results),
            "ottoman": self._ottoman(before, orders, outcome.results),
            "counterbalance": str(after.extra.get("counterbalance") or "none").lower(),
            "modifiers": [BY_KEY[k].name for k in after.extra.get("modifiers", []) if k in BY_KEY],
            "notes": [self._named(n) for n in after.extra.get("notes", [])] if kind in ("I", "E") else [],
            "status": self._status(before, orders, after) if kind in ("I", "M") else [],
            "allocation": self._allocation(after) if kind == "I" else [],
            "ballot_result": [self._named(n) for n in after.extra.get("ballot_result", [])] if kind == "A" else [],
            "next_ballot": [item_label(k) for k in ballot_items(self.setup, after)] if kind == "E" else [],
            "ballot_by_gm": bool(after.extra.get("ballot")), "allowances": self._allowances(after) if kind == "E" else [],
            "scores": self._scores(after) if kind == "S" else [], "year": before.phase.year,
            "round_winner": power_name(w) if (w := self._round_winner(after, before)) else "",
            "game_over": after.extra.get("game_over"),
        }
        votes = self._ottoman_votes(before, orders, outcome.results) if kind == "M" else []
        return replace(ctx, results=self._unit_results(before, units), extra=extra, extra_template=TEMPLATE,
                       picture_results=[*self._unit_results(before, units), *votes])

    def _sheet_context(self, ctx: ResultsContext, before: GameState, orders: Mapping[str, Sequence[Any]],
                       outcome: PhaseOutcome) -> ResultsContext:
        """2013-08: the adjudication sheet, the phase's INFs, each power's share, the attacks with their numbers."""
        kind, after = before.phase.kind, outcome.state
        attacks = [r for r in outcome.results if isinstance(r.value, Attack)]
        attacked = {_attack_of(r).state.upper() for r in attacks if r.result == "ok"}
        extra: dict[str, Any] = {
            "kind": kind, "year": before.phase.year, "deployments": self._deployments(outcome.results),
            "attacks": self._attacks_with_numbers(attacks), "others": self._others(outcome.results),
            "income": [Line(power_name(p), str(n)) for p, n in sorted(after.extra.get("income", {}).items())]
            if kind == "M" else [],
            "status": share_rows(self.board, self.setup, after, attacked) if kind in ("M", "A") else [],
            "shares": self._thresholds(before),
            "notes": [self._named(n) for n in after.extra.get("notes", [])] if kind == "A" else [],
            "scores": self._session_scores(after, before) if kind == "S" else [],
            "game_over": after.extra.get("game_over"),
        }
        units = [r for r in outcome.results if not isinstance(r.value, _INPUTS)]
        if kind != "M":
            return replace(ctx, results=self._unit_results(before, units), extra=extra, extra_template=SHEET_TEMPLATE)
        sheet = AdjudicationSheet(self.board, self.setup, before, after, units)
        extra.update(title=sheet.title(), groups=sheet.groups(orders))
        return replace(ctx, results=[], extra=extra, extra_template=SHEET_TEMPLATE, head_template=HEAD_TEMPLATE,
                       picture_results=self._unit_results(before, units))

    def _attacks_with_numbers(self, attacks: list[OrderResult]) -> list[Any]:
        """R-1308-59, R-1308-60: each attack, in the order resolved, with the INFs it met (the only time they are told);
        an attack inside the Ottoman Empire only to the powers involved (R-1308-56)."""
        lines: list[Any] = []
        for r in attacks:
            attack = _attack_of(r)
            target = self.board.power_named(attack.target) or attack.target
            text = f"{self._state(attack.state)} > {power_name(target)}"
            reason = self._named(self._powers_named(r.message))
            line = Line(power_name(r.power), text, r.result, reason)
            secret = attack.state.upper() == self.setup.ottoman and self.setup.edition.secret_ottoman
            lines.append(Secret(line, frozenset({r.power, target})) if secret else line)
        return lines

    def _powers_named(self, text: str) -> str:
        for power in self.board.powers:
            text = text.replace(power, power_name(power))
        return text

    def _thresholds(self, before: GameState) -> str:
        """The year's shares: what aligns the Ottomans and what controls a state (R-1308-21, R-1308-50)."""
        edition, year = self.setup.edition, before.phase.year
        return (f"In {year} a faith controls a state with {control_share(self.setup, year)}% of its INFs and at "
                f"least {edition.number('religious_minimum')}; a power aligns a state with "
                f"{edition.number('alignment_share')}% and at least {edition.number('alignment_minimum')} INFs, "
                f"the Ottoman Empire with {edition.by_year(edition.ottoman_alignment, year)}% and at least "
                f"{edition.number('ottoman_minimum')}.")

    def _session_scores(self, after: GameState, before: GameState) -> list[SessionRow]:
        """R-1308-62, R-1308-67: each power's VPs this session (Tables 3, 1, 2) and all sessions so far."""
        totals = victory_points(self.setup, after)
        return [SessionRow(power_name(p), d["capture"], d["alignment"], d["religion"], d["total"], totals.get(p, 0))
                for p, d in sorted(after.extra.get("score_detail", {}).items())]

    # -- the order list --------------------------------------------------------------------
    def _unit_results(self, before: GameState, results: list[OrderResult]) -> list[OrderResult | Secret[OrderResult]]:
        """An order to another's unit that did not count is its sender's (and the GM's) to read."""
        own = {str(u): owner for owner, us in before.units.items() for u in us}
        shown: list[OrderResult | Secret[OrderResult]] = []
        for r in results:
            foreign = r.power in self.board.powers and own.get(r.unit) not in (None, r.power)
            shown.append(Secret(r, frozenset({r.power})) if foreign and r.result == VOID else r)
        return shown

    # -- the lines that are not unit orders ----------------------------------------------------
    def _deployments(self, results: list[OrderResult]) -> list[Any]:
        """R-v3-18: who deployed where is public (the status sheet); how many INFs is the deployer's."""
        lines = [Line(power_name(r.power), f"{r.value.amount} INFs to {self._state(r.value.state)}",
                      r.result, self._named(r.message) if r.result != "ok" else "")
                 for r in results if isinstance(r.value, Deploy)]
        return hide_powers(lines, {power_name(p): frozenset({p}) for p in self.board.powers})

    def _attacks(self, results: list[OrderResult]) -> list[Any]:
        """R-v3-36 to R-v3-45: each attack and its outcome, in the order resolved; the numbers for the GM."""
        lines: list[Any] = []
        for r in results:
            if not isinstance(r.value, Attack):
                continue
            text = f"{self._state(r.value.state)} > {power_name(r.value.target)}"
            lines.append(Line(power_name(r.power), text, r.result, self._attack_outcome(r)))
            if r.result == "ok":
                lines.append(Secret(Line("", f"({r.message})", "detail"), GM_ONLY))
        return lines

    def _attack_outcome(self, r: OrderResult) -> str:
        if r.result != "ok":
            return self._named(r.message)  # why it failed or was void: no INF numbers in it
        fight = _FIGHT.match(r.message)
        if fight is None:  # the numbers are the GM's: say nothing more than that it was carried out
            return ""
        attacker, a, target, d = fight.group(1), int(fight.group(2)), fight.group(3), int(fight.group(4))
        if d == 0:
            return f"{power_name(target)} has no INFs there: nothing changes"
        if a == d:
            return "both lose all their INFs there"
        loser, winner = (target, attacker) if a > d else (attacker, target)
        return f"{power_name(loser)} loses all its INFs there; {power_name(winner)} keeps some"

    def _others(self, results: list[OrderResult]) -> list[Any]:
        """Motions are public (the players gather votes for them); waivers, permits and AGREE their sender's."""
        lines: list[Any] = []
        for r in results:
            line = Line(power_name(r.power), str(r.value), r.result, self._named(r.message))
            if isinstance(r.value, Motion):
                lines.append(line)
            elif isinstance(r.value, (WaiveCapture, Agree)):
                lines.append(Secret(line, frozenset({r.power})))
            elif isinstance(r.value, Permit):
                lines.append(Secret(line, frozenset({r.power, r.value.power})))
        return lines

    def _ballots(self, results: list[OrderResult]) -> list[Any]:
        """R-v3-78: a power's ballot is its own (and the GM's); the outcome is public."""
        return [Secret(Line(power_name(r.power), str(r.value), r.result, self._named(r.message)),
                       frozenset({r.power})) for r in results if isinstance(r.value, Ballot)]

    def _ottoman(self, before: GameState, orders: Mapping[str, Sequence[Any]],
                 results: list[OrderResult]) -> list[Any]:
        """R-v3-47 to R-v3-49: the votes behind each Ottoman order: the GM's; each power sees its own."""
        lines: list[Any] = []
        for power, unit, order, followed in self._votes(before, orders, results):
            weight = self.variant.ruleset.order_weights(before, self.setup.ottoman, unit).get(power, 0)
            done = "carried out" if followed else "not carried out"
            lines.append(Secret(Line(power_name(power), f"{order} (weight {weight})", done), frozenset({power})))
        return lines

    def _ottoman_votes(self, before: GameState, orders: Mapping[str, Sequence[Any]],
                       results: list[OrderResult]) -> list[Secret[OrderResult]]:
        """The map's share of R-v3-49: a vote not carried out is a failed arrow its voter (and the GM) sees."""
        return [Secret(OrderResult(power, unit, order, VOID, "not carried out"), frozenset({power}))
                for power, unit, order, followed in self._votes(before, orders, results) if not followed]

    def _votes(self, before: GameState, orders: Mapping[str, Sequence[Any]],
               results: list[OrderResult]) -> list[tuple[str, Unit, Order, bool]]:
        """Each power's order to an Ottoman unit (R-v3-46), and whether it is the one carried out."""
        board, ottoman = self.board, self.setup.ottoman
        units = {board.province_of(u.location): u for u in before.units.get(ottoman, [])}
        on_board = {board.province_of(u.location): u for us in before.units.values() for u in us}
        obeyed = {r.unit: canonical(board, on_board, r.value) for r in results
                  if r.power == ottoman and isinstance(r.value, Order)}
        found = []
        for power, given in sorted(orders.items()):
            for order in given:
                unit = units.get(board.province_of_or_none(getattr(order, "location", "")) or "")
                if isinstance(order, Order) and unit is not None:
                    found.append((power, unit, order, obeyed.get(str(unit)) == canonical(board, on_board, order)))
        return found

    # -- the sheets --------------------------------------------------------------------------
    def _status(self, before: GameState, orders: Mapping[str, Sequence[Any]], after: GameState) -> list[StatusRow]:
        """Every minor state: status and to whom, religious marker, who has INFs there, whether it obeyed."""
        sheet: Mapping[str, Mapping[str, Any]] = after.extra.get("status", {})
        sent = self._orders_to_minors(before, orders) if before.phase.kind == "M" else None
        rows = []
        for minor, entry in sheet.items():
            deployed = ", ".join(power_name(p) for p in entry.get("deployed", [])) or "-"
            religion = _RELIGION.get(str(entry.get("religion")), "-")
            follows = "" if sent is None else self._followed(minor, entry, before, sent)
            rows.append(StatusRow(self._state(minor), self._political(entry), religion, deployed, follows))
        return sorted(rows, key=lambda row: row.state)

    def _political(self, entry: Mapping[str, Any]) -> str:
        status, power = str(entry.get("political", "")).lower(), entry.get("power")
        words = f"aligned to {power_name(power)}" if status == "aligned" and power else status
        if status == "captured" and power:
            words = f"captured by {owner_name(self.board, power)}"
        if entry.get("dominion_of"):
            words = f"held by {self._state(entry['dominion_of'])}: {words}"
        return words

    def _orders_to_minors(self, before: GameState, orders: Mapping[str, Sequence[Any]]) -> dict[str, set[str]]:
        """Minor state -> the powers that sent orders to its units this phase."""
        board = self.board
        owner_at = {board.province_of(u.location): owner for owner, us in before.units.items() for u in us}
        sent: dict[str, set[str]] = {}
        minors = states(self.setup, before)  # with the states made in play (R-v3-93, R-v3-123)
        for power, given in orders.items():
            for order in given:
                if isinstance(order, Order):
                    owner = owner_at.get(board.province_of_or_none(order.location) or "")
                    if owner and owner != power and owner in minors and owner != self.setup.ottoman:
                        sent.setdefault(owner, set()).add(power)
        return sent

    def _followed(self, minor: str, entry: Mapping[str, Any], before: GameState, sent: dict[str, set[str]]) -> str:
        """R-v3-18: "whether the orders submitted are followed or not" (the senders stay unnamed)."""
        if not before.units.get(minor):
            return "no unit"
        if minor not in sent:
            return "no orders"
        power = entry.get("power") if entry.get("political") == "ALIGNED" else None
        return f"follows {power_name(power)}" if power in sent[minor] else "orders ignored"

    def _allowances(self, after: GameState) -> list[Secret[Line]]:
        """R-v3-79, R-v3-80: each power's votes on the coming ballot, its own to read (and the GM's)."""
        return [Secret(Line(power_name(p), str(allowance(self.setup, after, p))), frozenset({p}))
                for p in active_powers(self.setup, after)]

    def _allocation(self, after: GameState) -> list[Line]:
        """R-v3-06: the year's INFs of each power (they follow from the centres held: public)."""
        return [Line(power_name(p), str(n)) for p, n in sorted(after.extra.get("allocation", {}).items())]

    def _scores(self, after: GameState) -> list[ScoreRow]:
        """R-v3-107 to R-v3-112: each power's VPs this round, and the rounds it has won."""
        rounds = after.extra.get("rounds", {})
        return [ScoreRow(power_name(p), d["capture"], d["alignment"], d["religion"], d["total"], int(rounds.get(p, 0)))
                for p, d in sorted(after.extra.get("score_detail", {}).items())]

    def _round_winner(self, after: GameState, before: GameState) -> str | None:
        if before.phase.kind != "S":
            return None
        return after.extra.get("round_winners", {}).get(str(before.phase.year))

    def _state(self, abbr: str) -> str:
        return owner_name(self.board, abbr)

    def _named(self, text: str) -> str:
        """The rules' messages name powers, states and provinces by abbreviation: write the names."""
        def name(match: re.Match[str]) -> str:
            word = match.group()
            if word in self.board.powers or word in self.board.state_names:
                return owner_name(self.board, word)
            province = self.board.provinces.get(word)
            return province.name if province is not None else word

        return _ABBREVIATION.sub(name, text)


def _attack_of(result: OrderResult) -> Attack:
    assert isinstance(result.value, Attack)
    return result.value


#: the report every Europe 1615 edition names (``report = ...``)
Europe1615Report = V3Report
