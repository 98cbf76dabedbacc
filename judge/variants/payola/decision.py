"""Which order a unit issues (Payola rules 5.1–5.4, 4.4): its candidates' totals, and its ties broken.

The units of a phase with the offers they received (``Target``, each offer a
``Bid``) are built by ``determination.py``; the over-expenditure loop
(``overspending.py``, rule 5.5) lowers the bids and asks :func:`decide` again.
A decision depends on the candidates' totals alone (the rest of a unit does
not change during the loop): the loop relies on that.

>>> from judge.engine.orders import Hold, Move, Unit
>>> target = Target("ITALY", Unit("F", "NAP"), "F NAP", candidates=[Hold("F", "NAP"), Move("F", "NAP", "ION")],
...                 keys=["F NAP H", "F NAP - ION"], totals=[3, 5], tie=("ITALY",), offered=True)
>>> decide(target)
(1, 5, 'highest total')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from judge.engine.orders import Hold, Order, Unit
from judge.variants.payola.ledger import BY_DUMMY, BY_FURTHER, BY_LIST, BY_SEQUENCE, BY_TOTAL, NO_OFFER
from judge.variants.payola.prepared import ReadOffer

_NONE = (1 << 62, 0)  # the rank of a power that made no offer for an order: after every real one
DEFAULT = 1 << 40  # the sheet position of the default HOLD (3.3): after every offer

#: a unit's decision: the index of the candidate it issues (-1: a dummy's tie HOLD nobody offered for),
#: the total it accepts, and why (one of the ledger's ``BY_…`` words)
Decision = tuple[int, int, str]


@dataclass(slots=True, eq=False)
class Bid:
    """One offer of one power at one unit, its bribes reduced by the over-expenditure loop (5.5)."""

    power: str
    seq: int
    read: ReadOffer
    #: the sum of its bribes, less what the over-expenditure loop took
    total: int
    #: the unit's candidates it puts forward (5.1), as their indices, in its own order
    named: tuple[int, ...] = ()
    #: the candidates it pays for (3.1), as their indices
    pays: tuple[int, ...] = ()
    #: for the over-expenditure loop (5.5): after how many passes each of its bribes stops losing a piece
    steps: list[int] = field(default_factory=list)

    def rank(self, index: int) -> tuple[int, int] | None:
        """Where the offer stands for a candidate (5.3): (sheet line, place in the line); one it only pays for after."""
        named = self.named
        if index in named:
            return self.seq, named.index(index)
        if index in self.pays:
            return self.seq, len(named)
        return None


@dataclass(slots=True, eq=False)
class Target:
    """A unit on the board, the offers it received and its candidate orders (5.1)."""

    owner: str
    unit: Unit
    unit_text: str
    bids: list[Bid] = field(default_factory=list)
    candidates: list[Order] = field(default_factory=list)
    #: each candidate as text (``str``): its identity and the ledger's words
    keys: list[str] = field(default_factory=list)
    #: each candidate's total bribe (5.1), kept up to date as bribes are reduced
    totals: list[int] = field(default_factory=list)
    #: the list that breaks its ties: the owner's, a variant's fixed one, or None (4.4: a tie holds)
    tie: tuple[str, ...] | None = None
    #: the ledger's words for a tie broken by a variant's fixed list (its rule), "" for the owner's list
    fixed_why: str = ""
    offered: bool = False
    #: for each candidate, the bids that pay for it
    payers: list[list[Bid]] = field(default_factory=list)


def decide(target: Target) -> Decision:
    """The index of the order the unit issues, the total it accepts and why (5.1–5.4, 4.4).

    A function of the totals' top (which candidates share the highest total)
    and of the highest total alone.
    """
    totals = target.totals
    best = max(totals)
    if totals.count(best) == 1:
        return totals.index(best), best, BY_TOTAL if target.offered else NO_OFFER
    tied = [i for i, t in enumerate(totals) if t == best]
    if target.tie is None:  # 4.4: the unit takes its default HOLD; whoever offered for HOLD pays for it
        hold = str(Hold(target.unit.type, target.unit.location))
        return (target.keys.index(hold) if hold in target.keys else -1), best + 1, BY_DUMMY
    return _break_tie(target, tied, target.tie, best)


def _break_tie(target: Target, tied: list[int], order_list: Sequence[str], best: int) -> Decision:
    """5.2–5.4: the earliest power in the list that offered for a tied order; its earliest line; then the next."""
    earliest: dict[int, dict[str, tuple[int, int]]] = {i: {} for i in tied}
    for bid in target.bids:
        for i in tied:
            rank = bid.rank(i)
            if rank is not None and rank < earliest[i].get(bid.power, _NONE):
                earliest[i][bid.power] = rank
    offered = {p for by_power in earliest.values() for p in by_power}
    powers = [p for p in [*order_list, *sorted(offered - set(order_list))] if p in offered]
    vectors = {i: tuple(earliest[i].get(p, _NONE) for p in powers) for i in tied}
    ranked = sorted(tied, key=lambda i: (vectors[i], target.keys[i]))
    first, second = vectors[ranked[0]], vectors[ranked[1]]
    depth = next((i for i, (a, b) in enumerate(zip(first, second)) if a != b), len(first))
    if depth == 0:
        why = BY_SEQUENCE if first[0] != _NONE and second[0] != _NONE else BY_LIST
    else:
        why = BY_FURTHER
    return ranked[0], best, why


def paid(target: Target, index: int) -> list[Bid]:
    """The bids that pay for the order issued (a dummy's tie HOLD, index -1, is paid by nobody: 4.4)."""
    return [] if index < 0 else target.payers[index]


def costs(targets: Mapping[str, Target], chosen: Mapping[str, Decision]) -> dict[str, int]:
    """5.6: what each power pays, for the orders issued only."""
    spend: dict[str, int] = {}
    for key, target in targets.items():
        for bid in paid(target, chosen[key][0]):
            spend[bid.power] = spend.get(bid.power, 0) + bid.total
    return spend
