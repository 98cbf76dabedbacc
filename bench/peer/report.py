"""Reporting: what the benchmark prints."""

from __future__ import annotations

from collections import Counter

from bench.peer.classify import Classifier
from bench.peer.compare import Comparison
from bench.peer.outcome import province
from bench.peer.positions import Position
from bench.peer.timing import Timings

# How many disagreements are listed (one line each) without --show-disagreements.
LIST_LIMIT = 30

# Goals the benchmark issue sets: how many times faster the judge should be.
GOAL_ADJUDICATION = 5.0
GOAL_END_TO_END = 5.0  # issue 26 (it was 3x)


def print_positions(positions: list[Position], seed: int) -> None:
    """One line: how many positions, units and convoys, and which features they have."""
    features = Counter(f for p in positions for f in p.features)
    n_units = sum(len(p.pieces) for p in positions)
    print(f"{len(positions)} positions (seed {seed}), {n_units} units, "
          f"{sum(len(p.convoys) for p in positions)} convoys; features: "
          + ", ".join(f"{k} {v}" for k, v in sorted(features.items())))


def _ms(seconds: float | None) -> str:
    return "   n/a" if seconds is None else f"{seconds * 1000:8.3f} ms"


def _ratio(theirs: float | None, ours: float | None) -> str:
    if theirs is None or ours is None or ours <= 0:
        return "n/a"
    return f"{theirs / ours:.1f}x"


def print_case(c: Comparison, out) -> None:
    p = c.position
    print(f"--- position {p.index}: {c.classification}", file=out)
    print("  units:", file=out)
    for power, units in sorted(p.units.items()):
        print(f"    {power}: {', '.join(units)}", file=out)
    print("  orders:", file=out)
    for power, orders in sorted(p.orders.items()):
        for order in orders:
            print(f"    {power}: {order}", file=out)
    for name, outcome in (("judge", c.judge), ("diplomacy", c.diplomacy)):
        print(f"  {name}:", file=out)
        if outcome.error:
            print(f"    error: {outcome.error}", file=out)
        standing = {}
        for power, unit in sorted(outcome.units):
            standing.setdefault(power, []).append(unit)
        print("    after: " + "; ".join(f"{pw}: {', '.join(us)}" for pw, us in standing.items()), file=out)
        print("    dislodged: " + (", ".join(f"{pw} {u} (retreats {sorted(outcome.retreats.get((pw, u), ()))})"
                                         for pw, u in sorted(outcome.dislodged)) or "none"), file=out)
        odd = {u: r for u, r in outcome.results.items() if not r.startswith("ok")}
        if odd:
            print("    results: " + "; ".join(f"{u}: {r}" for u, r in sorted(odd.items())), file=out)
    for line in c.differing_units():
        print(f"  differs: {line}", file=out)


def print_comparisons(comparisons: list[Comparison], classifier: Classifier, show: bool, out) -> int:
    """Agreement, explained differences and void orders; 1 when something is unexplained."""
    agree = [c for c in comparisons if c.agree]
    print(f"\nSame position after the phase (units and dislodged units): "
          f"{len(agree)}/{len(comparisons)} agree, {len(comparisons) - len(agree)} disagree")
    classes = Counter(c.classification for c in comparisons if not c.agree)
    for name, count in classes.most_common():
        print(f"  {count:4d}  {name}")
    retreat_diffs = [c for c in agree if not c.retreats_agree]
    if retreat_diffs:
        print(f"Of those that agree, {len(retreat_diffs)} allow different retreats:")
        for c in retreat_diffs:
            print(f"  position {c.position.index}: {classifier.classify_retreats(c)}")
    rejected = [c for c in comparisons if c.diplomacy.error]
    if rejected:
        print(f"diplomacy rejected orders in {len(rejected)} positions (set_orders errors), e.g. "
              f"position {rejected[0].position.index}: {rejected[0].diplomacy.error}")
    _print_void_orders(comparisons)
    disagreements = [c for c in comparisons if not c.agree]
    _print_disagreements(disagreements, show, out)
    if any(c.classification.startswith(("unexplained", "judge error")) for c in disagreements):
        return 1
    return 0


def _print_void_orders(comparisons: list[Comparison]) -> None:
    """Generated orders the judge found void: expected ones (an army that walks) apart."""
    void: Counter[str] = Counter()
    walked = 0
    for c in comparisons:
        implicit = {sea for plan in c.position.convoys if plan.adjacent and not plan.explicit
                    for sea in plan.fleets}
        for unit, result in c.judge.results.items():
            if result.startswith("void"):
                if unit.startswith("F ") and province(unit[2:]) in implicit:
                    walked += 1  # its army walks: no VIA CONVOY, no fleet of its own convoys it
                else:
                    void[result] += 1
    if walked:
        print(f"{walked} convoy orders are void in the judge as expected: their army, adjacent to its "
              "destination, walks (no VIA CONVOY and no fleet of its own convoys it: DATC 4.A.3, "
              "2023 rule; diplomacy agrees)")
    if void:
        print(f"Judge found {sum(void.values())} other generated orders void (the generator means them legal):")
        for text, count in void.most_common(10):
            print(f"  {count:4d}  {text}")


def _print_disagreements(disagreements: list[Comparison], show: bool, out) -> None:
    """Every disagreement in full, or one line each up to ``LIST_LIMIT``."""
    if not disagreements:
        return
    print()
    if show:
        for c in disagreements:
            print_case(c, out)
        return
    for c in disagreements[:LIST_LIMIT]:
        print(f"  position {c.position.index}: {c.classification}")
    if len(disagreements) > LIST_LIMIT:
        print(f"  ... and {len(disagreements) - LIST_LIMIT} more")
    print("(--show-disagreements prints each one in full)")


def print_timing_title(phases: int, repeat: int) -> None:
    """Printed before the timing starts, which takes a while."""
    print(f"\nTiming, mean per movement phase over {phases} phases (best of {repeat}):")


def print_timing(t: Timings) -> None:
    """The table of both engines' times, the goals, and the notes under it."""
    rows = [
        ("adjudication alone", t.judge_alone, t.dip_alone, GOAL_ADJUDICATION),
        ("end to end", t.judge_e2e, t.dip_e2e, GOAL_END_TO_END),
    ]
    print(f"  {'':22s} {'judge':>11s} {'diplomacy':>11s} {'judge faster':>13s} {'goal':>6s}")
    for name, ours, theirs, goal in rows:
        met = ""
        if ours is not None and ours > 0:
            met = "  met" if theirs / ours >= goal else "  NOT met"
        print(f"  {name:22s} {_ms(ours):>11s} {_ms(theirs):>11s} {_ratio(theirs, ours):>13s} {goal:5.0f}x{met}")
    print("  adjudication alone: judge.engine.adjudicate on pre-parsed input vs Game.process() "
          "on a game set up untimed")
    print("  end to end: one 'judge adjudicate --jsonl' process for the whole stream (start-up, parse, "
          "adjudicate, JSON), divided by the phases, vs set_orders + process()")
    if t.note_alone:
        print("  " + t.note_alone)
    if t.judge_e2e_warm is not None:
        print(f"  once 'judge adjudicate --jsonl' is up and has served one request, a phase costs "
              f"{_ms(t.judge_e2e_warm).strip()} ({_ratio(t.dip_e2e, t.judge_e2e_warm)} faster than diplomacy)")
    if t.judge_inproc is not None:
        print(f"  handle_request in this process, every order line already seen once (parse + adjudicate, "
              f"no JSON text): {_ms(t.judge_inproc).strip()} per phase ({_ratio(t.dip_e2e, t.judge_inproc)} faster)")
    if t.note_e2e:
        print("  " + t.note_e2e)
