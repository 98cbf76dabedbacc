"""Benchmark of the archive: `judge replay` of a six-year Europe 1615 (Version 3) game, `judge publish` of a
100-phase game.

No golden game is that long, so both are built here by random legal play, by
mail, on a sandbox judge (the same code as `judge poll`): each phase every
power due mails random orders for the units it may order (a hold, or a move
to a neighbouring province its unit can reach), random builds on its free
sites in winter; what it leaves out the judge settles at the deadline (NMR
hold: retreats disband, removals are the judge's).  Then:

    python bench/archive.py                   # builds both games (~1 min), then times; --keep DIR keeps them

prints the time of `replay` and `publish` in the process (best and median of
--repeat runs) and of the whole command (`python -m judge ...`, interpreter
start included).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.app.demo import ScriptedGame, load_script  # noqa: E402
from judge.app.gamefile import from_store  # noqa: E402
from judge.app.publish import publish  # noqa: E402
from judge.app.replay import replay  # noqa: E402
from judge.app.sandbox import Sandbox  # noqa: E402
from judge.engine.state import GameState  # noqa: E402
from judge.engine.variant import Variant  # noqa: E402
from judge.turns.gameview import commandable, due, powers_due, state_of, variant_of  # noqa: E402


def random_orders(variant: Variant, state: GameState, power: str, rng: random.Random) -> list[str]:
    """Random legal orders of ``power``: a hold or a move for each unit it may order; builds in winter."""
    board, ruleset = variant.map, variant.ruleset
    if state.phase.kind == "M":
        lines = _influence(state, power, rng)
        for owner, unit in commandable(variant, state, power):
            near = sorted(p for p in board.neighbours(unit.location)
                          if board.can_reach_province(unit.type, unit.location, p)
                          and ruleset.may_enter(state, owner, unit, p))
            if near and rng.random() < 0.75:
                target = rng.choice(near)
                if unit.type == "F":
                    target = rng.choice(board.fleet_targets(unit.location, target))
                lines.append(f"{unit.type} {unit.location} - {target}")
            else:
                lines.append(f"{unit.type} {unit.location} H")
        return lines
    owed = due(variant, state, power).adjustments
    if state.phase.kind == "A" and owed > 0:
        taken = {board.province_of(u.location) for us in state.units.values() for u in us}
        free = [s for s in variant.ruleset.build_sites(state, power) if s not in taken]
        rng.shuffle(free)
        return [f"BUILD A {site}" for site in free[:owed]]
    return []


def _influence(state: GameState, power: str, rng: random.Random) -> list[str]:
    """Europe 1615, in spring: the year's INFs (``allocation``) spread over two or three minor states at random."""
    budget = int(state.extra.get("allocation", {}).get(power, 0))
    states = sorted(state.extra.get("status", {}))
    if state.phase.season != "S" or budget <= 0 or not states:
        return []
    chosen = rng.sample(states, min(len(states), rng.randint(2, 3)))
    cuts = sorted(rng.sample(range(1, budget), len(chosen) - 1)) if budget > len(chosen) else []
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, budget])]
    return [f"{n}: {name}" for n, name in zip(shares, chosen) if n > 0]


def play_randomly(sandbox: Sandbox, script: ScriptedGame, enough: Callable[[GameState], bool], seed: int) -> int:
    """Play the script's game with random orders until ``enough`` (or the game ends); returns the phases played."""
    rng = random.Random(seed)
    script.set_up(sandbox)
    while True:
        game = sandbox.store.load_game(script.game)
        variant = variant_of(game)
        state = state_of(game, variant)
        if game.status != "active" or state is None or enough(state):
            return len(sandbox.store.phase_names(script.game))
        orders = {power.title(): "\n".join(random_orders(variant, state, power, rng))
                  for power in powers_due(variant, state)}
        script.play_phase(sandbox, str(state.phase), {p: o for p, o in orders.items() if o})


def timed(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    """(best, median) seconds of ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def command_time(config: Path, *args: str) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "judge", "--config", str(config), *args], capture_output=True,
                          text=True, check=False, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    return time.perf_counter() - start, (done.stdout.strip().splitlines() or [done.stderr.strip()])[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", help="build the judges in this folder (kept) instead of a temporary one")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="judge-bench-archive-"))

    v3 = load_script("europe1615-v3")
    europe = Sandbox.create(root / "europe1615", password_cost=8)
    start = time.perf_counter()
    phases = play_randomly(europe, v3, lambda s: s.phase.year > 1620, args.seed)
    last = europe.store.phase_names(v3.game)[-1]
    print(f"built: {v3.game} (europe1615-v3), {phases} phases S1615I..{last} in {time.perf_counter() - start:.0f} s")
    archive = from_store(europe.store, v3.game, europe.config.name)
    assert replay(archive).divergence is None
    best, median = timed(lambda: replay(from_store(europe.store, v3.game, europe.config.name)), args.repeat)
    print(f"replay {phases} phases in the process: best {best:.2f} s, median {median:.2f} s (goal < 2 s)")
    took, said = command_time(europe.root / "judge.toml", "replay", v3.game)
    print(f"  judge replay {v3.game} (the command, start-up included): {took:.2f} s: {said}")
    europe.send(v3.gm, f"SIGNON M{v3.game} gm-secret\nSET PUBLISH yes\n", "gm")
    europe.poll()
    best, median = timed(lambda: publish(europe.store, root / "site-europe", europe.config.name), args.repeat)
    print(f"publish {phases} phases of Europe 1615 (VPs and INFs read from each phase's results): best {best:.2f} s, "
          f"median {median:.2f} s")

    standard = load_script("standard")
    long = Sandbox.create(root / "standard", password_cost=8)
    start = time.perf_counter()
    count = play_randomly(long, standard, lambda s: len(long.store.phase_names(standard.game)) >= 100, args.seed)
    print(f"built: {standard.game} (standard), {count} phases in {time.perf_counter() - start:.0f} s")
    long.send(standard.gm, f"SIGNON M{standard.game} gm-secret\nSET PUBLISH yes\n", "gm")
    long.poll()
    out = root / "site"
    best, median = timed(lambda: publish(long.store, out, long.config.name), args.repeat)
    pages = len(list(out.rglob("*.html")))
    print(f"publish {count} phases ({pages} pages) in the process: best {best:.2f} s, median {median:.2f} s "
          "(goal < 10 s)")
    took, said = command_time(long.root / "judge.toml", "publish", "--out", str(out))
    print(f"  judge publish (the command, start-up included): {took:.2f} s: {said}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
