#!/usr/bin/env python3
"""The whole real-games corpus (``../shared/realgames/``) replayed through the engine (issue 40, point 2).

Each source is played with its own options (``tests/realgames/SOURCE_OPTIONS``);
printed: phases agreeing per source and per kind (movement, retreat,
adjustment), the differing phases by class (the record fault
``tests/realgames/faults.py`` sees, else what differs), and the engine's time
per phase (parsing the records is not counted).  ``--defaults`` plays every
source by the judge's own defaults (the 2023 rulebook) instead, to count what
the options decide.  See bench/README.md.

    python bench/realgames.py [--every 1] [--defaults] [--show 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.variants import load_variant  # noqa: E402
from tests.realgames import SOURCE_OPTIONS  # noqa: E402
from tests.realgames.corpus import SOURCES, corpus_dir, games  # noqa: E402
from tests.realgames.faults import fault  # noqa: E402
from tests.realgames.replay import AGREES, DIFFERS, FOLLOWS, PhaseReplay, replay_game  # noqa: E402

KINDS = {"M": "movement", "R": "retreat", "A": "adjustment"}


def _class(source: str, game_fault: str, replay: PhaseReplay) -> str:
    if game_fault:
        return f"{source}: {game_fault.split(':')[0]}"
    what = sorted({d.split(":")[0] for d in replay.differences})
    return f"{source}: {KINDS.get(replay.phase[-1], replay.phase[-1])} phase, {' + '.join(what)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1, help="only every so many Droidippy games")
    parser.add_argument("--defaults", action="store_true", help="the judge's defaults for every source")
    parser.add_argument("--show", type=int, default=3, help="differing phases to print in full per class")
    args = parser.parse_args()
    if not corpus_dir().is_dir():
        sys.exit(f"no corpus at {corpus_dir()}")
    board = load_variant("standard").map
    tally: Counter[tuple[str, str, str]] = Counter()
    classes: Counter[str] = Counter()
    shown: dict[str, list[str]] = {}
    seconds, started = 0.0, time.perf_counter()
    for source in SOURCES:
        variant = load_variant("standard", {} if args.defaults else SOURCE_OPTIONS[source])
        for game in games(board, source, every=args.every):
            start = time.perf_counter()
            replays = replay_game(game, variant)
            seconds += time.perf_counter() - start
            for r in replays:
                tally[source, r.phase[-1], r.status] += 1
                if r.status == DIFFERS:
                    name = _class(source, fault(game, r.phase), r)
                    classes[name] += 1
                    if len(shown.setdefault(name, [])) < args.show:
                        shown[name].append(r.key)
    _report(tally, classes, shown, seconds, time.perf_counter() - started)


def _report(tally: Counter, classes: Counter, shown: dict[str, list[str]], seconds: float, wall: float) -> None:
    played = sum(n for (_, _, status), n in tally.items() if status != FOLLOWS)
    print(f"{'source':<10} {'kind':<11} {'phases':>8} {'agree':>8} {'differ':>7} {'after one':>9} {'agree %':>8}")
    for source in SOURCES:
        for kind in ("M", "R", "A", "*"):
            n = {s: sum(v for (src, k, st), v in tally.items() if src == source and kind in (k, "*") and st == s)
                 for s in (AGREES, DIFFERS, FOLLOWS)}
            total = sum(n.values())
            if total:
                share = 100 * n[AGREES] / max(n[AGREES] + n[DIFFERS], 1)
                label = "all" if kind == "*" else KINDS[kind]
                print(f"{source:<10} {label:<11} {total:>8} {n[AGREES]:>8} {n[DIFFERS]:>7} {n[FOLLOWS]:>9} "
                      f"{share:>7.2f}%")
    print("\nclasses of difference (phases; a few of each):")
    for name, n in classes.most_common():
        print(f"{n:>7}  {name}   e.g. {', '.join(shown[name])}")
    each = 1000 * seconds / max(played, 1)
    print(f"\n{played} phases played in {seconds:.1f} s of engine time: {each:.3f} ms a phase"
          f" ({wall:.1f} s in all, reading the records included)")


if __name__ == "__main__":
    main()
