"""Cycles of passes of rule 5.5 (``overspending.py``): what a pass did, and how often a cycle can be made again.

A ``Record`` says what one pass of the over-expenditure loop did (the pieces
it cut off each bid, which powers it cut for) and the comparisons that made
it do so: for each power that overspent, by how much and with which bids paid
for; for each unit whose bribes shrank, its candidates' totals after the pass
(the same candidates must stay at the top for its decision to stay).  A cycle
made again ``j`` more times moves every one of these by ``j`` times what the
cycle moves it by once, so each comparison is a line in ``j``, and
:func:`repetitions` finds the last ``j`` before one of them changes its
outcome.  A cycle so repeated is itself recorded (:func:`repeated`), so that
a longer cycle can hold it: two powers whose offers take turns at a unit,
one of them losing several pieces a pass, make runs of passes inside a
longer period.

>>> from judge.engine.orders import Hold, Unit
>>> from judge.variants.payola.decision import Bid, Target
>>> target = Target("FRANCE", Unit("A", "PAR"), "A PAR", keys=["A PAR H"], totals=[90])
>>> bid = Bid("FRANCE", 0, None, 90, pays=(0,))
>>> drain = Record([((bid, target, "PAR"), 1)], {"FRANCE": 1}, [(42, [bid])], [(target, (90,))])
>>> repetitions([drain], {"FRANCE": 1000})  # 42 over: it overspends for 41 more passes, then pays its way
41
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from judge.variants.payola.decision import Bid, Target

#: a bid with the unit it is for and that unit's key (its province)
Row = tuple[Bid, Target, str]


@dataclass(slots=True)
class Record:
    """One pass of 5.5, or a cycle of them made again at once: what it did, and what it found."""

    #: each bid cut, with its unit, and the pieces taken off it (a bid once in a record)
    cuts: list[tuple[Row, int]]
    #: the passes made for each power that overspent (each is one reduction in its ledger)
    passes: dict[str, int]
    #: at each pass, for each power that overspent: by how much, and its bids it cut that paid for orders then
    #: issued (a bid it did not cut there, it does not cut in the whole cycle: its pace is the same throughout)
    over: list[tuple[int, list[Bid]]]
    #: at each pass, for each unit whose bribes shrank: its candidates' totals after it
    after: list[tuple[Target, tuple[int, ...]]]

    def size(self) -> int:
        """What it costs to look at: the work of making it, and of checking it in a cycle."""
        return len(self.cuts) + len(self.over) + len(self.after)


def cut_by(cycle: Iterable[Record]) -> dict[Bid, tuple[Row, int]]:
    """Each bid the cycle cut, with the pieces it took off it in all."""
    cut: dict[Bid, tuple[Row, int]] = {}
    for record in cycle:
        for row, pieces in record.cuts:
            was = cut.get(row[0])
            cut[row[0]] = (row, pieces + was[1]) if was else (row, pieces)
    return cut


def passes_by(cycle: Iterable[Record]) -> dict[str, int]:
    """How many of the cycle's passes each power overspent in."""
    passes: dict[str, int] = {}
    for record in cycle:
        for power, count in record.passes.items():
            passes[power] = passes.get(power, 0) + count
    return passes


def _slopes(cut: Mapping[Bid, tuple[Row, int]]) -> dict[int, list[int]]:
    """By unit (its ``id``): how much each candidate's total goes down in one cycle."""
    slopes: dict[int, list[int]] = {}
    for (bid, target, _), pieces in cut.values():
        slope = slopes.setdefault(id(target), [0] * len(target.totals))
        for index in bid.pays:
            slope[index] += pieces
    return slopes


def repetitions(cycle: Sequence[Record], steps_left: Mapping[str, int]) -> int:
    """How many more times the cycle can be made with every comparison it made keeping its outcome.

    ``steps_left`` is, for each power, the passes it may still be cut in
    before its pace changes (a bribe at its step).  A power that did not
    overspend at a pass never does at its repetitions: bribes only shrink.
    """
    cut = cut_by(cycle)
    slopes = _slopes(cut)
    limits = [(steps_left[power] - 1) // passes for power, passes in passes_by(cycle).items()
              if steps_left.get(power, -1) >= 0]
    for record in cycle:
        for excess, bids in record.over:  # it still overspends at this pass
            shrink = sum(cut[bid][1] for bid in bids if bid in cut)
            if shrink:
                limits.append((excess - 1) // shrink)
        for target, totals in record.after:
            kept = _top_kept(totals, slopes.get(id(target), [0] * len(totals)))
            if kept is not None:
                limits.append(kept)
    return max(0, min(limits)) if limits else 0


def _top_kept(totals: Sequence[int], slope: Sequence[int]) -> int | None:
    """Repetitions that keep the same candidates at the top of a unit's totals (its decision, 5.1–5.4).

    The top candidates must shrink alike (else a tie breaks at once); another
    candidate may not reach the top: a tie counts, at the very pass it happens.
    """
    best = max(totals)
    top = [i for i, total in enumerate(totals) if total == best]
    pace = slope[top[0]]
    if any(slope[i] != pace for i in top):
        return 0
    kept = [(best - total - 1) // (pace - slope[i]) for i, total in enumerate(totals)
            if total != best and slope[i] < pace]
    return min(kept) if kept else None


def repeated(cycle: Sequence[Record], times: int) -> Record:
    """The record of the cycle made ``times`` more times at once, for a longer cycle that holds it.

    Its comparisons are the cycle's at its first and at its last repetition:
    each is a line in the repetitions of a longer cycle too, so holding at
    both ends of the run it holds all along it.
    """
    cut = cut_by(cycle)
    slopes = _slopes(cut)
    over: list[tuple[int, list[Bid]]] = []
    after: list[tuple[Target, tuple[int, ...]]] = []
    for shift in sorted({1, times}):
        for record in cycle:
            over += [(excess - shift * sum(cut[bid][1] for bid in bids if bid in cut), bids)
                     for excess, bids in record.over]
            after += [(target, tuple(t - shift * s for t, s in zip(totals, slopes[id(target)])))
                      for target, totals in record.after]
    return Record([(row, pieces * times) for row, pieces in cut.values()],
                  {power: passes * times for power, passes in passes_by(cycle).items()}, over, after)
