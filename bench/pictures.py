#!/usr/bin/env python3
"""Time the map pictures of issue 15: one phase drawn as PNG and as SVG, for each variant's demo game.

The script plays each demo game (``judge demo --variant V`` in a temporary
folder), takes the movement phase with the most orders of each, rebuilds its
results context from the history once (as ``judge map picture`` does), then
times ``judge.render.picture.phase_picture`` alone: best and median of
``--repeat`` runs, for PNG and SVG, with the size of each picture.  The goal
(issues 15 and 38) is under 150 ms each for the largest map at the mailed size.
Beside it, the painting alone (scene to bytes) now and with the two painters
of ``--before`` (issue 38 replaced them with one drawing, an anti-aliased PNG),
on the same scene in the same run.

    python bench/pictures.py --repeat 20
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from judge.render.geometry import variant_geometry  # noqa: E402
from judge.render.picture import phase_picture, phase_scene  # noqa: E402
from judge.store import Store  # noqa: E402
from judge.turns.gameview import variant_of  # noqa: E402
from judge.turns.pictures import replay_results  # noqa: E402

GOAL_MS = 150.0
DEMOS = ("standard", "europe1615-v3", "europe1615-2013-08", "payola", "diplomacy1618")


def busiest_phase(store: Store, game: str) -> str:
    """The movement phase with the most order results (the most arrows)."""
    records = [r for r in store.phases(game) if r.phase.endswith("M")]
    return max(records, key=lambda r: len(r.results.get("results", []))).phase


def time_variant(variant: str, folder: Path, repeat: int,
                 before: tuple[Callable[[object], bytes], Callable[[object], bytes]] | None) -> None:
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
    scene = phase_scene(board, ctx, "GM")
    for fmt in ("PNG", "SVG"):
        times, data = _timed(lambda: phase_picture(board, ctx, "GM", fmt), repeat)
        median = statistics.median(times)
        line = (f"{variant:20} {phase:8} {size:10} {len(board.map.provinces):4} provinces  {fmt}  "
                f"best {min(times):6.1f} ms  median {median:6.1f} ms  {len(data) / 1024:6.1f} KB")
        if before is not None and scene is not None:
            painter = before[0] if fmt == "PNG" else before[1]
            old_times, old_data = _timed(lambda: painter(scene), repeat)
            old_median = statistics.median(old_times)
            now = statistics.median(_timed(lambda: _paint(fmt, scene), repeat)[0])
            line += (f"  | painting alone: before {old_median:6.1f} ms {len(old_data) / 1024:6.1f} KB,"
                     f" now {now:6.1f} ms ({now / old_median:4.2f}x the time, {len(data) / len(old_data):4.2f}x the bytes)")
        print(line + f"  {'ok' if median < GOAL_MS else 'OVER GOAL'}")


def _timed(make: Callable[[], object], repeat: int) -> tuple[list[float], bytes]:
    times, data = [], b""
    for _ in range(repeat):
        start = time.perf_counter()
        picture = make()
        times.append((time.perf_counter() - start) * 1000)
        data = picture if isinstance(picture, bytes) else getattr(picture, "data", b"")
    return times, data


def _paint(fmt: str, scene: object) -> bytes:
    from judge.render.png import paint_png
    from judge.render.svg import paint_svg
    return paint_png(scene) if fmt == "PNG" else paint_svg(scene)  # type: ignore[arg-type]


def old_painters(revision: str) -> tuple[Callable[[object], bytes], Callable[[object], bytes]] | None:
    """The PNG and SVG painters of ``revision`` (issue 38's "before": two painters), run on today's scene."""
    painters = []
    for name in ("png", "svg"):
        try:
            source = subprocess.run(["git", "show", f"{revision}:judge/render/{name}.py"], cwd=REPO, check=True,
                                    capture_output=True, text=True).stdout
        except (OSError, subprocess.CalledProcessError):
            return None
        module = types.ModuleType(f"before_{name}")
        exec(compile(source, f"{revision}:judge/render/{name}.py", "exec"), module.__dict__)  # noqa: S102
        painters.append(getattr(module, f"paint_{name}"))
    return painters[0], painters[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="timed runs per picture (default 20)")
    parser.add_argument("--variant", action="append", help="only these variants (default: every demo)")
    parser.add_argument("--before", default="64f8467",
                        help="the revision whose two painters are timed beside (default: before issue 38)")
    args = parser.parse_args()
    before = old_painters(args.before) if args.before else None
    with tempfile.TemporaryDirectory() as tmp:
        for variant in args.variant or DEMOS:
            time_variant(variant, Path(tmp) / variant, args.repeat, before)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
