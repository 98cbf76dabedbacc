#!/usr/bin/env python3
"""Time the map pictures of issue 15: one phase drawn as PNG and as SVG, for each variant's demo game.

The script plays each demo game (``judge demo --variant V`` in a temporary
folder), takes the movement phase with the most orders of each, rebuilds its
results context from the history once (as ``judge map picture`` does), then
times ``judge.render.picture.phase_picture`` alone: best and median of
``--repeat`` runs, for PNG and SVG, with the size of each picture.  The goal
(issue 15) is under 150 ms each for the largest map.

    python bench/pictures.py --repeat 20
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from judge.render.geometry import variant_geometry  # noqa: E402
from judge.render.picture import phase_picture  # noqa: E402
from judge.store import Store  # noqa: E402
from judge.turns.gameview import variant_of  # noqa: E402
from judge.turns.pictures import replay_results  # noqa: E402

GOAL_MS = 150.0
DEMOS = ("standard", "europe1615-v3", "europe1615-2013-08", "payola", "diplomacy1618")


def busiest_phase(store: Store, game: str) -> str:
    """The movement phase with the most order results (the most arrows)."""
    records = [r for r in store.phases(game) if r.phase.endswith("M")]
    return max(records, key=lambda r: len(r.results.get("results", []))).phase


def time_variant(variant: str, folder: Path, repeat: int) -> None:
    subprocess.run([sys.executable, "-m", "judge", "demo", "--variant", variant, "--dir", str(folder)],
                   cwd=REPO, check=True, capture_output=True)
    store = Store(folder / "data")
    game_name = store.game_names()[0]
    game = store.load_game(game_name)
    phase = busiest_phase(store, game_name)
    ctx = replay_results("bench", game, store.phase_record(game_name, phase))
    board = variant_of(game)
    geometry = variant_geometry(board.name)
    size = f"{geometry.size[0]}x{geometry.size[1]}" if geometry else "-"
    for fmt in ("PNG", "SVG"):
        times, data = [], b""
        for _ in range(repeat):
            start = time.perf_counter()
            picture = phase_picture(board, ctx, "GM", fmt)
            times.append((time.perf_counter() - start) * 1000)
            data = picture.data if picture else b""
        best, median = min(times), statistics.median(times)
        print(f"{variant:20} {phase:8} {size:10} {len(board.map.provinces):4} provinces  {fmt}  "
              f"best {best:6.1f} ms  median {median:6.1f} ms  {len(data) / 1024:6.1f} KB"
              f"  {'ok' if median < GOAL_MS else 'OVER GOAL'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="timed runs per picture (default 20)")
    parser.add_argument("--variant", action="append", help="only these variants (default: every demo)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for variant in args.variant or DEMOS:
            time_variant(variant, Path(tmp) / variant, args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
