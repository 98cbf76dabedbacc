#!/usr/bin/env python3
"""A season of our own (issue 22, point 5): many games of every variant, for years, by mail; every poll timed.

The season is ``tests/season/`` (``tests/app/test_season.py`` plays a small
one): players on time, late, partial, silent, mistyped, duplicated, resigned
and replaced; GMs who pause, resume and err; the variants in turn.  Every
poll runs in the process, as ``judge poll`` would (``Sandbox.poll``), and is
timed; the invariants are checked after each.  Printed: the median and the
largest poll, and the idle poll (no mail, nothing due, the clock still) at
the start and at the end, which must stay flat as the games and their
histories grow.  See bench/README.md.

    python bench/season.py --games 50 --years 4
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.season import INVARIANTS, SeasonReport, play_season  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games, the seven variants in turn (default 50)")
    parser.add_argument("--years", type=int, default=4, help="game years each game plays (default 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--password-cost", type=int, default=12, help="scrypt cost, log2 n (the judge's default 12)")
    parser.add_argument("--keep", help="play in this folder (kept) instead of a temporary one")
    parser.add_argument("--progress", action="store_true", help="print every poll as it runs")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="judge-bench-season-") as scratch:  # 50 games for 4 years: ~200 MB
        root = Path(args.keep or scratch)
        started = time.perf_counter()
        report = play_season(root / "judge", args.games, args.years, args.seed, args.password_cost,
                             on_poll=print if args.progress else None)
        took = time.perf_counter() - started
    show(report, args.games, took, root if args.keep else None)
    return 1 if any(report.broken(name) for name in INVARIANTS) or not report.ended else 0


def show(report: SeasonReport, games: int, took: float, kept: Path | None) -> None:
    """The figures, the invariants, what was mailed."""
    times = sorted(p.seconds for p in report.polls) or [0.0]
    print(f"{games} games for {report.steps} steps of 6 h ({'ended' if report.ended else 'NOT ENDED'}), "
          f"{took:.0f} s in all" + (f", judge kept in {kept / 'judge'}" if kept else ""))
    print(f"  {len(report.polls)} polls: {sum(p.mails for p in report.polls)} mails read, "
          f"{sum(p.phases for p in report.polls)} phases played")
    ninetieth = times[int(0.9 * (len(times) - 1))]
    print(f"  poll: median {statistics.median(times):.3f} s, 90th percentile {ninetieth:.3f} s, max {times[-1]:.3f} s")
    quarters = [report.polls[i * len(report.polls) // 4:(i + 1) * len(report.polls) // 4] for i in range(4)]
    print("  poll median by quarter of the season: " + ", ".join(
        f"{statistics.median(p.seconds for p in q):.3f} s ({sum(p.mails for p in q) / len(q):.0f} mails, "
        f"{sum(p.phases for p in q) / len(q):.1f} phases a poll)" for q in quarters if q))
    for when, idle, at in (("start", report.idle_start, report.idle_games[0]),
                           ("end", report.idle_end, report.idle_games[1])):
        median = statistics.median(idle) if idle else 0.0
        print(f"  idle poll at the {when:<5}: median {median * 1000:7.1f} ms, best {min(idle or [0]) * 1000:7.1f} ms, "
              f"{median * 1000 / max(games, 1):.2f} ms a game; the games at: "
              + ", ".join(f"{k} {n}" for k, n in sorted(at.items())))
    print(f"  phases played by the idle polls: {report.idle_phases}")
    by_variant: Counter[str] = Counter()
    for g in report.games:
        by_variant[g.variant] += g.played
    print("  phases played by variant: " + ", ".join(f"{v} {n}" for v, n in sorted(by_variant.items())))
    print("  players: " + ", ".join(f"{k} {n}" for k, n in report.kinds().most_common()))
    print("  mailed: " + ", ".join(f"{k} {n}" for k, n in report.mailed.most_common()))
    print("invariants:")
    for name, said in INVARIANTS.items():
        broken = report.broken(name)
        print(f"  {'ok    ' if not broken else 'BROKEN'} {said}" + (f": {len(broken)} breaches" if broken else ""))
        if broken:
            print("           " + ", ".join(f"{n} {cause}" for cause, n in causes(broken).most_common()))
        for line in broken[:3]:
            print(f"           {line}")


def causes(broken: list[str]) -> Counter[str]:
    """The breaches by what the seat or the line was: the known bugs of issue 22 point 1, or something else."""
    known = {"in civil disorder": "in civil disorder", "at the GM's own address": "at the GM's own address",
             "SET DEADLINE 20": "SET DEADLINE in the past accepted"}
    found: Counter[str] = Counter()
    for line in broken:
        found[" and ".join(said for mark, said in known.items() if mark in line) or "other"] += 1
    return found


if __name__ == "__main__":
    sys.exit(main())
