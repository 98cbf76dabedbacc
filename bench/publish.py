"""Benchmark of `judge publish` as a judge's archive grows (issue 25): 40 finished games, then one more.

One Europe 1615 Version 3 game is built by random legal play by mail on a
sandbox judge (bench/archive.py's `play_randomly`, the code of `judge
poll`), exported, and imported under 40 names into a second judge: 40
finished games whose pages and pictures are all different (each picture
carries its game's name).  Then:

    python bench/publish.py                 # ~3 min on 2 cores; --games N --phases N --keep DIR --repeat N

prints the time of a publish from nothing (every page written, every map
drawn), of publishing again with nothing new (goal <= 1 s: nothing is read
but each game's files, nothing redrawn), of the publish after one more game
arrived (goal: about that game alone, which is timed too, on a judge that
holds it alone), and of the whole command with Python's start-up.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.archive import play_randomly  # noqa: E402
from judge.app.demo import load_script  # noqa: E402
from judge.app.gamefile import GameArchive, from_store, import_game  # noqa: E402
from judge.app.publish import Written, publish  # noqa: E402
from judge.app.sandbox import Sandbox  # noqa: E402


def timed(run: Callable[[], Written]) -> tuple[float, Written]:
    start = time.perf_counter()
    written = run()
    return time.perf_counter() - start, written


def said(seconds: float, written: Written) -> str:
    return (f"{seconds:6.2f} s  ({written.games} games, {written.pages} pages; {written.drawn} maps drawn, "
            f"{written.written} files written)")


def build_game(root: Path, phases: int, seed: int) -> GameArchive:
    """One finished game of ``phases`` phases played at random by mail, as its export reads it."""
    script = load_script("europe1615-v3")
    sandbox = Sandbox.create(root / "built", password_cost=8)
    start = time.perf_counter()
    played = play_randomly(sandbox, script, lambda s: len(sandbox.store.phase_names(script.game)) >= phases, seed)
    sandbox.send(script.gm, f"SIGNON M{script.game} gm-secret\nTERMINATE\n", "gm")
    sandbox.poll()
    print(f"built: one Europe 1615 V3 game of {played} phases by random play in {time.perf_counter() - start:.0f} s")
    return from_store(sandbox.store, script.game, sandbox.config.name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--phases", type=int, default=15, help="phases of each game (default 15, as in issue 25)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of the publish with nothing new (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", help="build in this folder (kept) instead of a temporary one")
    args = parser.parse_args()
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="judge-bench-publish-"))
    game = build_game(root, args.phases, args.seed)
    judge = Sandbox.create(root / "judge", password_cost=8)
    for n in range(1, args.games + 1):
        import_game(judge.store, game, f"g{n:02d}", "gm@bench.invalid")
    site, store, name = root / "site", judge.store, judge.config.name
    phases = len(game.phases)
    print(f"{args.games} finished games of {phases} phases each ({args.games * phases} phases) on one judge")

    took, written = timed(lambda: publish(store, site, name))
    print(f"publish from nothing:               {said(took, written)}")
    again = [timed(lambda: publish(store, site, name)) for _ in range(args.repeat)]
    times = [t for t, _ in again]
    print(f"publish again, nothing new:         {said(min(times), again[-1][1])}  best of {args.repeat}, "
          f"median {statistics.median(times):.2f} s  (goal <= 1 s)")
    import_game(store, game, "newcomer", "gm@bench.invalid")
    took, written = timed(lambda: publish(store, site, name))
    print(f"publish after one more game:        {said(took, written)}")
    alone = Sandbox.create(root / "alone", password_cost=8)
    import_game(alone.store, game, "newcomer", "gm@bench.invalid")
    solo, written = timed(lambda: publish(alone.store, root / "site-alone", alone.config.name))
    print(f"  that game alone on its own judge: {said(solo, written)}  (goal: the line above about this)")
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "judge", "--config", str(judge.root / "judge.toml"), "publish",
                           "--out", str(site)], capture_output=True, text=True, check=False,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    print(f"judge publish, nothing new (the command, start-up included): {time.perf_counter() - start:.2f} s: "
          f"{(done.stdout.strip().splitlines() or [done.stderr.strip()])[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
