#!/usr/bin/env python3
"""A random-orders soak of a variant (issue 14): many game years, every position checked, the figures printed.

The soak itself is ``tests/soak.py`` (the tests run it too); this script runs
it for as many years and seeds as asked and prints what it played and how long
it took.  See bench/README.md.

    python bench/soak.py --variant diplomacy1618 --years 200 --seeds 5
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.variants import load_variant  # noqa: E402
from tests.soak import soak  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="diplomacy1618")
    parser.add_argument("--years", type=int, default=200)
    parser.add_argument("--seeds", type=int, default=5, help="play seeds 1..N")
    args = parser.parse_args()
    variant, failed = load_variant(args.variant), 0
    for seed in range(1, args.seeds + 1):
        started = time.perf_counter()
        report = soak(variant, args.years, seed)
        took = time.perf_counter() - started
        first_win = report.victories[0] if report.victories else ("-", "-")
        print(f"{args.variant} seed {seed}: {report.years} years, {report.phases} phases, {report.orders} orders, "
              f"{report.dislodged} dislodged, {report.builds} builds, first victory {first_win[1]} "
              f"({first_win[0]}), {len(report.problems)} problems, {took:.2f} s")
        for problem in report.problems[:10]:
            print("   ", problem)
        failed += bool(report.problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
