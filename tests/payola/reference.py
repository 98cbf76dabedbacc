"""Rule 5.5 pass by pass: the over-expenditure loop as the judge made it before issue 21, kept as the reference.

Each pass takes one silver piece off every bribe of each overspending power
(none below its plateau while another is above it; 5.5) and lets the units
whose bribes shrank decide again, until nobody overspends.  Its cost grows
with the amounts (an offer of a million AgP against a balance of 48 makes
about a million passes), so the judge repeats passes in bulk
(``judge/variants/payola/overspending.py``); the tests hold the two to the
same outcome on amounts this loop can afford.  :func:`determine_pass_by_pass`
is order determination with this loop in the judge's place.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from judge.variants.payola import determination
from judge.variants.payola.basics import Determination
from judge.variants.payola.decision import Bid, Decision, Target, costs, decide, paid
from judge.variants.payola.ledger import Ledger


def reduce_pass_by_pass(targets: Mapping[str, Target], chosen: dict[str, Decision],
                        ledgers: dict[str, Ledger]) -> int:
    """5.5: while anyone would overspend, each such power's offers lose 1 and the units re-decide; the passes made."""
    by_power: dict[str, list[tuple[Bid, Target, str]]] = {}
    for key, target in targets.items():
        for bid in target.bids:
            if bid.total:
                by_power.setdefault(bid.power, []).append((bid, target, key))
    spend = dict.fromkeys(ledgers, 0) | costs(targets, chosen)
    # per power: the passes that cut down to the plateaus only (each takes one piece off every bribe above its
    # plateau), and the passes made since its cuts last changed kind
    plateau: dict[str, int] = {}
    made: dict[str, int] = {}
    passes = 0
    while True:
        over = [p for p, s in spend.items() if s > ledgers[p].available]
        if not over:
            return passes
        passes += 1
        touched: dict[str, Target] = {}
        for power in over:
            bids = by_power[power]
            if power not in plateau:  # its first pass
                plateau[power] = max((v - f for bid, _, _ in bids
                                      for v, f in zip(bid.read.values, bid.read.plateaus)), default=0)
                made[power] = 0
                _steps(bids, plateau[power] > 0)
            ledgers[power].reductions += 1
            spend[power] -= _cut(bids, made[power], chosen, touched)
            made[power] += 1
            if plateau[power] == made[power]:  # every bribe at its plateau: from now on they go down to zero
                _steps(bids, False)
                made[power] = plateau[power] = 0  # once: the zero stage never starts again (no bribe below 0)
            by_power[power] = [row for row in bids if row[0].total]
        for key, target in touched.items():
            before, decided = chosen[key][0], decide(target)
            chosen[key] = decided
            if decided[0] != before:
                for bid in paid(target, before):
                    spend[bid.power] -= bid.total
                for bid in paid(target, decided[0]):
                    spend[bid.power] += bid.total


def _cut(bids: Sequence[tuple[Bid, Target, str]], done: int, chosen: Mapping[str, Decision],
         touched: dict[str, Target]) -> int:
    """One pass of 5.5 on one power's bids (``done`` passes made): a piece off every bribe not yet at its step.

    The totals of the candidates they pay for go down with them; the units
    touched are noted; returned is what the power's payments for the orders
    now issued went down by.
    """
    paid_less = 0
    for bid, target, key in bids:
        steps = bid.steps  # a bribe loses a piece in each pass until its step
        cut = len(steps) - bisect_right(steps, done)
        if cut:
            bid.total -= cut
            totals = target.totals
            for index in bid.pays:
                totals[index] -= cut
            if chosen[key][0] in bid.pays:
                paid_less += cut
            touched[key] = target
    return paid_less


def _steps(bids: Sequence[tuple[Bid, Target, str]], plateau: bool) -> None:
    """For each bribe, in how many passes it stops losing a piece: at its plateau, or (after those) at zero."""
    for bid, _, _ in bids:
        read = bid.read
        if plateau:
            bid.steps = sorted(v - f for v, f in zip(read.values, read.plateaus) if v > f)
        else:
            bid.steps = sorted(min(v, f) for v, f in zip(read.values, read.plateaus))


@contextmanager
def pass_by_pass() -> Iterator[None]:
    """Order determination with the reference loop in place of the judge's, for the ``with`` block."""
    judges = determination.reduce_until_paid
    determination.reduce_until_paid = reduce_pass_by_pass  # type: ignore[assignment]
    try:
        yield
    finally:
        determination.reduce_until_paid = judges  # type: ignore[assignment]


def determine_pass_by_pass(*args: Any, **options: Any) -> Determination:
    """``determination.determine`` with rule 5.5 made pass by pass (its ``rounds`` are the passes)."""
    with pass_by_pass():
        return determination.determine(*args, **options)


def fingerprint(done: Determination) -> dict[str, Any]:
    """Everything determination tells (orders, decisions, every ledger field, lists, earnings) but its ``rounds``."""
    return {
        "orders": {p: [str(o) for o in os] for p, os in sorted(done.orders.items())},
        "decisions": [[d.owner, d.unit, d.order, d.total, d.reason] for d in done.decisions],
        "ledgers": {p: led.as_json() for p, led in sorted(done.ledgers.items())},
        "lists": {p: list(v) for p, v in sorted(done.lists.items())},
        "earned": done.earned,
    }
