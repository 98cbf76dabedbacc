"""Rule 5.5, the over-expenditure loop, at a cost that grows with the offers and not with the amounts.

The rule makes passes: in each, every bribe of each power that would pay
more than its available money loses one silver piece (none below its plateau
while another is above it), and the units whose bribes shrank decide again,
until nobody overspends.  An offer of a million AgP against a balance of 48
is about a million passes, so passes are not made one by one here.

What a pass does depends on little: the order each unit issues, which powers
overspend, and how fast each power's bribes shrink (its stage, plateau or
zero, and the next step at which one of its bribes stops shrinking).  Call
that the *state* of a round.  When the loop starts a round in a state it
started an earlier one in, the rounds since, a *cycle*, would cut the same
pieces again if made again, so every total, payment and count of passes
moves by the same amount each time round.  Each comparison the cycle made (a
candidate's total against the best one's, a power's payments against its
money, its passes against its next step) is then a line in the number of
times round, and ``cycles.repetitions`` works out how many repetitions keep
every one as it was; the loop makes them at once (one *round*) and goes on
pass by pass to where something changes: a unit's order or its tie (caught
at the very pass two totals become equal), a power that stops overspending,
a bribe at its step, a power's next stage.  A cycle so repeated is recorded
as one round, so a longer cycle can hold it.

Two ways of finding a cycle's start: the latest rounds in the same state
(the drain of one big offer repeats after one pass), and the round that
started in the very same *place*: the same state with every unit's
candidates as near each other (``_gaps``), which is where two or three big
offers taking turns at a unit come back to after a period of passes that
grows with their numbers of bribes, not their amounts.  Looking costs at
most ``SPARE`` times the work of the passes made, so a phase where no cycle
is found costs a small multiple of the passes one by one.  It can happen:
several powers with huge offers at several units, coupled through powers
that bribe at more than one of them, can keep taking turns without coming
back to one place (``bench/README.md`` has a measured case).

The outcome is that of the passes made one by one, ``Ledger.reductions``
(every pass counted) included: ``tests/payola/test_overspending.py`` holds it
to that loop (``tests/payola/reference.py``) on random phases.

>>> from judge.variants import load_variant
>>> from judge.variants.payola.determination import determine
>>> from judge.reading.payola import PayolaLines
>>> variant = load_variant("payola")
>>> state = variant.ruleset.initial_state()
>>> drain = PayolaLines(variant.map, variant.ruleset).read("1000000 : A PAR H", state)
>>> done = determine(variant.map, variant.ruleset, state, {"FRANCE": [drain]}, {"FRANCE": 48}, {}, "s")
>>> done.ledgers["FRANCE"].reductions, done.ledgers["FRANCE"].spent, done.rounds <= 4
(999952, 48, True)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field

from judge.variants.payola.cycles import Record, Row, cut_by, passes_by, repeated, repetitions
from judge.variants.payola.decision import Bid, Decision, Target, costs, decide, paid
from judge.variants.payola.ledger import Ledger

#: a power's stages (5.5): not yet overspent, cutting down to the plateaus, cutting down to zero
FRESH, PLATEAU, ZERO = 0, 1, 2
#: the two ways of finding a cycle: from the same place, from the same state (``_Loop._repeat``)
PLACE, STATE = "place", "state"
#: the longest cycle the loop tries to repeat from its latest rounds in the same state, in rounds
LONGEST = 64
#: how many of the latest rounds that started in the same state are tried as the start of a cycle
TRIES = 8
#: the longest cycle the loop tries to repeat from the round that started in the very same place, in rounds
PERIOD = 4096
#: how much work looking for cycles may take, for each kind of looking, for the work of each pass made
SPARE = 1


@dataclass(slots=True)
class _Pace:
    """How fast one power's bribes shrink: its stage and the passes made in it (5.5)."""

    rows: list[Row] = field(default_factory=list)
    stage: int = FRESH
    #: in the plateau stage, its last step: the passes after which every bribe is at its plateau
    plateau: int = 0
    made: int = 0
    #: every step of its bribes in this stage, in order
    steps: list[int] = field(default_factory=list)
    #: the next of them (-1 if none is left): its pace holds until then
    upcoming: int = -1

    def start(self) -> None:
        """Its first pass: the plateau stage if any bribe is above its plateau, else straight to zero."""
        self.plateau = max((v - f for bid, _, _ in self.rows
                            for v, f in zip(bid.read.values, bid.read.plateaus)), default=0)
        self._stage(PLATEAU if self.plateau > 0 else ZERO)

    def _stage(self, stage: int) -> None:
        """Each bribe's step in the new stage: the passes after which it stops losing a piece."""
        self.stage, self.made = stage, 0
        for bid, _, _ in self.rows:
            read = bid.read
            if stage == PLATEAU:
                bid.steps = sorted(v - f for v, f in zip(read.values, read.plateaus) if v > f)
            else:
                bid.steps = sorted(min(v, f) for v, f in zip(read.values, read.plateaus))
        self.steps = sorted({s for bid, _, _ in self.rows for s in bid.steps})
        self._next()

    def advance(self, passes: int = 1) -> None:
        """``passes`` more made; at the plateau stage's last step, the zero stage starts (once)."""
        self.made += passes
        if self.stage == PLATEAU and self.made == self.plateau:
            self._stage(ZERO)
        elif 0 <= self.upcoming <= self.made:
            self._next()

    def _next(self) -> None:
        at = bisect_right(self.steps, self.made)
        self.upcoming = self.steps[at] if at < len(self.steps) else -1


class _Loop:
    """The over-expenditure loop on one phase's units (``targets``), decisions and ledgers."""

    def __init__(self, targets: Mapping[str, Target], chosen: dict[str, Decision],
                 ledgers: dict[str, Ledger]) -> None:
        self.targets, self.chosen, self.ledgers = targets, chosen, ledgers
        self.paces = {power: _Pace() for power in ledgers}
        for key, target in targets.items():
            for bid in target.bids:
                if bid.total:
                    self.paces[bid.power].rows.append((bid, target, key))
        self.spend = dict.fromkeys(ledgers, 0) | costs(targets, chosen)
        self.available = {power: ledger.available for power, ledger in ledgers.items()}
        self.rounds = 0
        #: the rounds made (a pass, or a cycle repeated), the latest ``PERIOD`` or more, the first of them
        #: ``first``; each state met (``_state``) by its number, and the latest rounds each started
        self.history: list[Record] = []
        self.first = 0
        self.states: dict[tuple[object, ...], int] = {}
        self.seen: dict[int, list[int]] = {}
        #: the units whose bribes have shrunk, and how near the top a candidate must be to count in a place
        #: (``_gaps``): the most pieces one pass can cut
        self.moved: dict[str, Target] = {}
        self.near = sum(len(bid.read.values) for pace in self.paces.values() for bid, _, _ in pace.rows)
        #: the latest round that started in each place: a state, and every such distance
        self.places: dict[tuple[int, tuple[tuple[int, ...], ...]], int] = {}
        #: the work of the rounds so far (their records' sizes, summed), and what looking for cycles may still spend
        self.work = [0]
        self.credit = {PLACE: 0, STATE: 0}

    def run(self) -> int:
        """Passes until nobody overspends; returned: the rounds (passes made one by one, and cycles repeated)."""
        while True:
            over = [power for power, spent in self.spend.items() if spent > self.available[power]]
            if not over:
                return self.rounds
            self.rounds += 1
            state = self.states.setdefault(self._state(over), len(self.states))
            place = self._place(state)
            record = self._repeat(state, self.places.get(place) if place else None)
            if record is None:
                record = self._pass(over)
                for kind in self.credit:
                    self.credit[kind] += SPARE * record.size()
            self._remember(state, place, record)

    def _remember(self, state: int, place: tuple[int, tuple[tuple[int, ...], ...]] | None, record: Record) -> None:
        """The round's record, where it started; rounds too old to start a cycle forgotten (memory stays bounded)."""
        now = self.first + len(self.history)
        starts = self.seen.setdefault(state, [])
        starts.append(now)
        del starts[:-TRIES]
        if place:
            self.places[place] = now
        self.history.append(record)
        self.work.append(self.work[-1] + record.size())
        if len(self.history) > 2 * PERIOD:
            old = len(self.history) - PERIOD
            self.first += old
            del self.history[:old], self.work[:old]
            self.places = {where: at for where, at in self.places.items() if at >= self.first}

    def _state(self, over: list[str]) -> tuple[object, ...]:
        """What a pass does depends on: every unit's order, who overspends, each power's stage and next step."""
        return (tuple([decision[0] for decision in self.chosen.values()]), tuple(over),
                tuple([(pace.stage, pace.upcoming) for pace in self.paces.values()]))

    def _pass(self, over: list[str]) -> Record:
        """One pass of 5.5, and its record."""
        record = Record([], dict.fromkeys(over, 1), [], [])
        touched: dict[str, Target] = {}
        for power in over:
            pace = self.paces[power]
            if pace.stage == FRESH:
                pace.start()
            paid_for: list[Bid] = []  # its bids cut that pay for an order issued (its others are not cut at all)
            record.over.append((self.spend[power] - self.available[power], paid_for))
            self.ledgers[power].reductions += 1
            self.spend[power] -= self._cut(pace, touched, record.cuts, paid_for)
            pace.advance()
            pace.rows = [row for row in pace.rows if row[0].total]
        for key, target in touched.items():
            self._decide(key, target)
            record.after.append((target, tuple(target.totals)))
        return record

    def _cut(self, pace: _Pace, touched: dict[str, Target], cuts: list[tuple[Row, int]],
             paid_for: list[Bid]) -> int:
        """A piece off each of the power's bribes not yet at its step; returned: its payments' drop."""
        paid_less, done, chosen = 0, pace.made, self.chosen
        for row in pace.rows:
            bid, target, key = row
            steps = bid.steps
            cut = len(steps) - bisect_right(steps, done)
            if cut:
                bid.total -= cut
                totals = target.totals
                for index in bid.pays:
                    totals[index] -= cut
                if chosen[key][0] in bid.pays:
                    paid_less += cut
                    paid_for.append(bid)
                touched[key] = target
                cuts.append((row, cut))
        return paid_less

    def _decide(self, key: str, target: Target) -> int:
        """The unit decides again; who pays follows its order; returned: the order's index before."""
        before, decided = self.chosen[key][0], decide(target)
        self.chosen[key] = decided
        self.moved[key] = target
        if decided[0] != before:
            for bid in paid(target, before):
                self.spend[bid.power] -= bid.total
            for bid in paid(target, decided[0]):
                self.spend[bid.power] += bid.total
        return before

    def _place(self, state: int) -> tuple[int, tuple[tuple[int, ...], ...]] | None:
        """The state and how the candidates of every unit whose bribes shrank stand: where the loop is.

        None the first time the state is met: a cycle needs the state twice,
        and the places are worked out only where one can start.
        """
        if state not in self.seen:
            return None
        return state, tuple([self._gaps(target) for target in self.moved.values()])

    def _gaps(self, target: Target) -> tuple[int, ...]:
        """How far below its best total each candidate is, if no farther than one pass can cut (-1: farther).

        Where such candidates stand to each other is what makes two powers'
        offers take turns; the others only come nearer, which ``repetitions``
        sees.
        """
        best = max(target.totals)
        low = best - self.near
        return tuple([best - total if total >= low else -1 for total in target.totals])

    def _repeat(self, state: int, same: int | None) -> Record | None:
        """The rounds since a round started in ``state``, made again as often as they stay alike; None if not.

        First from the round that started in the very same place (``same``:
        the same state and every unit's totals as near each other as now),
        made again at least once whatever its length; then from the latest
        rounds in the same state, the shortest cycle first, and only if made
        at least twice: once is more likely a piece of a longer cycle.  The
        looking costs at most ``SPARE`` times the work of the passes made.
        """
        starts = [(same, PLACE)] if same is not None else []
        starts += [(start, STATE) for start in reversed(self.seen.get(state, [])) if start != same]
        steps_left: dict[str, int] = {}
        for start, kind in starts:
            at = start - self.first
            cost = self.work[-1] - self.work[at] if at >= 0 else 0
            if at < 0 or len(self.history) - at > (PERIOD if kind == PLACE else LONGEST) or cost > self.credit[kind]:
                continue
            steps_left = steps_left or {power: pace.upcoming - pace.made if pace.upcoming >= 0 else -1
                                        for power, pace in self.paces.items()}
            cycle = self.history[at:]
            times = repetitions(cycle, steps_left)
            if times >= (1 if kind == PLACE else 2):
                return self._apply(cycle, times)
            self.credit[kind] -= cost
        return None

    def _apply(self, cycle: list[Record], times: int) -> Record:
        """The cycle made ``times`` times at once: each bid, total, payment and count moves by as many cycles."""
        chosen, touched = self.chosen, {}
        for (bid, target, key), pieces in cut_by(cycle).values():
            pieces *= times
            bid.total -= pieces
            for index in bid.pays:
                target.totals[index] -= pieces
            if chosen[key][0] in bid.pays:
                self.spend[bid.power] -= pieces
            touched[key] = target
        for power, passes in passes_by(cycle).items():
            self.ledgers[power].reductions += passes * times
            pace = self.paces[power]
            pace.advance(passes * times)
            pace.rows = [row for row in pace.rows if row[0].total]
        for key, target in touched.items():  # the same orders (``repetitions``), each at its new total
            assert self._decide(key, target) == chosen[key][0], "a repetition changed an order"
        return repeated(cycle, times)


def reduce_until_paid(targets: Mapping[str, Target], chosen: dict[str, Decision], ledgers: dict[str, Ledger]) -> int:
    """5.5 on the phase's units and first decisions (``chosen``, updated); returned: the rounds it took."""
    return _Loop(targets, chosen, ledgers).run()
