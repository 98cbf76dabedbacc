#!/usr/bin/env python3
"""Benchmark the judge's movement adjudication against the PyPI package ``diplomacy``.

Random but legal standard-map positions and orders are generated from a fixed
seed, and each one is adjudicated by this judge and by ``diplomacy``.  The
script then

* checks that both reach the same position (units standing after the phase,
  and the dislodged units), counts agreements, and prints and classifies every
  disagreement (``--show-disagreements`` prints each one in full);
* times a movement phase two ways: adjudication alone (the judge's engine on
  pre-parsed input against ``Game.process()`` on a game set up outside the
  timer), and end to end (``judge adjudicate --jsonl`` fed every request through
  one subprocess, against ``set_orders`` + ``process()``).

``diplomacy`` is needed for the benchmark only; it is not a dependency of the
judge.  See bench/README.md.

    python bench/adjudicate.py --positions 200 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.peer.board import VARIANT, Board  # noqa: E402 - after the repository is on the path
from bench.peer.classify import Classifier  # noqa: E402
from bench.peer.compare import Comparison  # noqa: E402
from bench.peer.diplomacy_side import import_diplomacy, run_diplomacy  # noqa: E402
from bench.peer.judge_side import run_judge  # noqa: E402
from bench.peer.positions import Generator, Position  # noqa: E402
from bench.peer.report import print_comparisons, print_positions, print_timing, print_timing_title  # noqa: E402
from bench.peer.timing import measure  # noqa: E402


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The options bench/README.md documents."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=1000,
                        help="how many positions (default 1000: enough for start-up to be a small share)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="timing repetitions; the best is reported (default 3)")
    parser.add_argument("--show-disagreements", action="store_true",
                        help="print every disagreement in full: position, orders, both outcomes")
    parser.add_argument("--no-timing", action="store_true", help="compare outcomes only")
    parser.add_argument("--dump", metavar="FILE", help="write the generated requests as JSON lines to FILE")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.repeat < 1:
        parser.error("--positions and --repeat must be at least 1")
    return args


def make_positions(count: int, seed: int, dump: str | None) -> list[Position]:
    """The positions from the seed, written to ``dump`` (if given) as ``judge adjudicate`` requests."""
    from judge.variants import load_variant

    generator = Generator(Board(load_variant(VARIANT).map), random.Random(seed))
    positions = [generator.position(i) for i in range(count)]
    if dump:
        with open(dump, "w", encoding="utf-8") as fh:
            fh.writelines(json.dumps(p.request()) + "\n" for p in positions)
    return positions


def judge_importable() -> bool:
    """Whether ``judge adjudicate``'s code is there; if not, only the diplomacy side runs."""
    try:
        import judge.app.adjudicate  # noqa: F401
    except ImportError as exc:
        print(f"judge.app.adjudicate is not importable yet ({exc}): only the diplomacy side runs.")
        return False
    return True


def compare_all(Game, positions: list[Position], classifier: Classifier) -> list[Comparison]:
    """Both engines on every position, each disagreement classified."""
    comparisons = []
    for p in positions:
        c = Comparison(p, run_judge(p.request()), run_diplomacy(Game, p.units, p.orders))
        if not c.agree:
            c.classification = classifier.classify(c)
        comparisons.append(c)
    return comparisons


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    Game = import_diplomacy()
    positions = make_positions(args.positions, args.seed, args.dump)
    print_positions(positions, args.seed)
    have_judge = judge_importable()
    status = 0
    comparisons: list[Comparison] = []
    if have_judge:
        classifier = Classifier(Game)
        comparisons = compare_all(Game, positions, classifier)
        status = print_comparisons(comparisons, classifier, args.show_disagreements, sys.stdout)
    if args.no_timing:
        return status
    print_timing_title(len(positions), args.repeat)
    print_timing(measure(Game, positions, comparisons, args.repeat, have_judge))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
