#!/usr/bin/env python3
"""A judge as it grows from 10 to 1,000 running games (issue 24, point 5): what a poll costs then.

For each size, one data folder of running standard games (seven players each,
deadlines two days away) is built once and copied afresh before every timed
poll, which runs as cron runs it: ``judge poll`` in its own process.  Timed:

* **idle**: no mail, nothing due (interpreter start-up included);
* **100 mails**: 100 order mails to ten of the games;
* **10 phases**: ten games past their deadline and grace, played (no orders: the units hold);

and the poll's peak memory (the child's maximum resident set).  Printed: the
median of ``--repeat`` runs, and each figure's ratio to the smallest size in
the same run, which must stay near 1: a poll must cost what its mails and
phases cost, not what the games stored cost.

    python bench/scale.py                       # 10, 100, 1000 games; about 3 minutes
    python bench/scale.py --games 10,100 --repeat 3
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from poll import make_games, order_mail  # noqa: E402  (bench/poll.py: the same games and order mails)

from judge.app.sandbox import Sandbox  # noqa: E402
from judge.mail import deliver_to_spool  # noqa: E402
from judge.turns.gameview import opening_state  # noqa: E402
from judge.variants import load_variant  # noqa: E402

COST = 4  # scrypt cost of the players' passwords: cheap, so that the mails' figure is the judge's own work


def build(root: Path, games: int) -> Sandbox:
    """The pristine judge folder of ``games`` running games."""
    sandbox = Sandbox.create(root, password_cost=COST)
    make_games(sandbox, games, COST)
    for game in sandbox.store.games():  # deadlines only: the WAIT of bench/poll.py would keep the phases back
        game.settings.wait = False
        sandbox.store.save_game(game)
    judge_poll(sandbox)  # the first poll after a build (nothing due): what a judge at rest looks like
    return sandbox


#: ``judge poll`` as ``python -m judge`` runs it, then its own peak resident set (KB) on the last line of stderr
CHILD = ("import resource, sys; from judge.app.cli import main; code = main(sys.argv[1:]); "
         "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr); sys.exit(code)")


def judge_poll(sandbox: Sandbox) -> tuple[float, float]:
    """One ``judge poll`` as cron runs it: (seconds, peak resident MB of that process)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, "--config", str(sandbox.root / "judge.toml"), "poll"],
                          capture_output=True, text=True, env=env, timeout=3600, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"judge poll failed:\n{done.stdout}{done.stderr}")
    return elapsed, int(done.stderr.strip().splitlines()[-1]) / 1024


def fresh(pristine: Path, scratch: Path) -> Sandbox:
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(pristine, scratch)
    return Sandbox(scratch)


def with_mails(sandbox: Sandbox) -> None:
    units = {p: [str(u) for u in us] for p, us in opening_state(load_variant("standard")).units.items()}
    for i in range(100):
        deliver_to_spool(sandbox.spool, order_mail(i, 10, units))


def with_phases_due(sandbox: Sandbox) -> None:
    store, now = sandbox.store, sandbox.clock.now()
    for n in range(10):
        game = store.load_game(f"g{n:03d}")
        game.deadline, game.grace_end = now - timedelta(hours=2), now - timedelta(hours=1)
        store.save_game(game)


def measure(pristine: Path, scratch: Path, prepare: object, repeat: int) -> tuple[float, float]:
    times, peaks = [], []
    for _ in range(repeat):
        sandbox = fresh(pristine, scratch)
        if callable(prepare):
            prepare(sandbox)
        elapsed, peak = judge_poll(sandbox)
        times.append(elapsed)
        peaks.append(peak)
    return statistics.median(times), max(peaks)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="10,100,1000", help="sizes, comma-separated (default 10,100,1000)")
    parser.add_argument("--repeat", type=int, default=5, help="polls timed per figure, the median kept (default 5)")
    args = parser.parse_args(argv)
    sizes = [int(n) for n in args.games.split(",")]
    kinds = {"idle": None, "100 mails": with_mails, "10 phases": with_phases_due}
    print(f"{'games':>6} {'idle s':>8} {'100 mails s':>12} {'10 phases s':>12} {'peak MB':>8}   ratios to {sizes[0]} games")
    base: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="judge-bench-scale-") as tmp:
        for size in sizes:
            pristine = build(Path(tmp) / f"pristine-{size}", size)
            figures, peak = {}, 0.0
            for name, prepare in kinds.items():
                figures[name], top = measure(pristine.root, Path(tmp) / "run", prepare, args.repeat)
                peak = max(peak, top)
            base = base or figures
            ratios = "  ".join(f"{name} {figures[name] / base[name]:.2f}x" for name in kinds)
            print(f"{size:>6} {figures['idle']:>8.3f} {figures['100 mails']:>12.3f} {figures['10 phases']:>12.3f}"
                  f" {peak:>8.0f}   {ratios}", flush=True)
            shutil.rmtree(pristine.root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
