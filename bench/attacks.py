"""What a stranger's mail can cost a poll (issue 21): long Payola sheets, and offers that drain the treasury.

Each figure is a ratio of two polls timed in the same run, in process, on the
local spool (median of ``--repeat`` fresh judges):

1. **Long sheets.**  One power mails a sheet of 1,000 distinct offer lines
   against one of 10 lines; then three mails of 400 lines arrive one poll
   after another (before issue 21: 5.5 s, 15.3 s, 25.2 s, each line parsing
   every earlier one again).  Goal: the 1,000-line poll a bounded multiple of
   the 10-line one (it is linear: the lines past the cap of 300 kept lines are
   read and refused), and the three 400-line polls flat.
2. **The drain.**  20 lines ``1000000 : A PAR S A <X> - BUR | S A <X> - PIC | ...``
   (17 alternatives each) from a 48 AgP treasury, then ``PROCESS!``, against
   the same sheet with offers of 5 AgP.  Before issue 21 the Python path ran
   for more than 300 s (rule 5.5 made one pass per silver piece).  Goal: under
   a second, and a ratio near 1.

    python bench/attacks.py              # about a minute
    python bench/attacks.py --repeat 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.app.sandbox import Sandbox  # noqa: E402

from tests.app.helpers import gm, send_as, start_game  # noqa: E402
from tests.payola.drain import par_drain  # noqa: E402



def sheet(lines: int, first: int = 1) -> str:
    return "\n".join(f"{n} : A PAR H" for n in range(first, first + lines))



def fresh(root: Path) -> Sandbox:
    sandbox = Sandbox.create(root, password_cost=8)
    start_game(sandbox, variant="payola", powers=("France", "Italy"))
    return sandbox


def timed_poll(sandbox: Sandbox, body: str, process: bool = False) -> float:
    send_as(sandbox, "France", body)
    if process:
        gm(sandbox, "PROCESS!")
    started = time.perf_counter()
    sandbox.poll()
    return time.perf_counter() - started


def median_of(repeat: int, measure: Callable[[Sandbox], float]) -> float:
    runs = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as folder:
            runs.append(measure(fresh(Path(folder) / "judge")))
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="fresh judges per figure (the median is shown)")
    args = parser.parse_args()
    ten = median_of(args.repeat, lambda s: timed_poll(s, sheet(10)))
    thousand = median_of(args.repeat, lambda s: timed_poll(s, sheet(1000)))
    print(f"long sheets: a 10-line sheet's poll {ten * 1000:.0f} ms, a 1,000-line sheet's {thousand * 1000:.0f} ms: "
          f"ratio {thousand / ten:.1f} (lines 100x)")
    with tempfile.TemporaryDirectory() as folder:
        sandbox = fresh(Path(folder) / "judge")
        three = [timed_poll(sandbox, sheet(400, 1000 + 400 * i)) for i in range(3)]
    print("three 400-line mails, one poll each: " + ", ".join(f"{t * 1000:.0f} ms" for t in three)
          + f" (third / first {three[2] / three[0]:.2f})")
    small = median_of(args.repeat, lambda s: timed_poll(s, par_drain(5), process=True))
    big = median_of(args.repeat, lambda s: timed_poll(s, par_drain(1_000_000), process=True))
    print(f"the drain: 20 lines of 5 AgP and PROCESS! {small * 1000:.0f} ms, of 1,000,000 AgP {big * 1000:.0f} ms: "
          f"ratio {big / small:.2f}")


if __name__ == "__main__":
    main()
