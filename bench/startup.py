"""How fast a ``judge`` process starts (issue 26): ``judge adjudicate`` with one request, an idle ``judge poll``.

Each command runs as its own process, as a user or cron runs it, several
times; the best and the median wall time are printed with the CPU time the
process used (user + system, which a loaded machine inflates less), next to
``python -c pass`` on the same interpreter.  Goals: ``judge adjudicate`` with
one request at most 0.12 s, ``judge poll`` with nothing to do at most 0.2 s on
a judge with a few games.

The processes run with compiled bytecode, as an installed judge has it (pip
compiles the modules when it installs them): ``PYTHONDONTWRITEBYTECODE`` is
lifted for them and the bytecode kept in ``.bench/pycache``, with one run
before the timed ones (``--no-bytecode`` leaves the environment as it is).
The map cache is the judge's own (``JUDGE_CACHE_DIR``, here ``.bench/cache``),
filled by that first run too.  ``--imports`` lists what each command imported
of the heavy modules (Lark, Jinja2, Pillow, TinyDB, the mail libraries, the
variants, the commands and the clock's layers).

    python bench/startup.py                   # about half a minute
    python bench/startup.py --runs 30 --games 12 --imports
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

REQUEST = ROOT / "docs" / "examples" / "s1901.json"
GOALS = {"judge adjudicate, one request": 0.12, "judge poll, nothing to do": 0.20}
#: the modules whose import an idle poll or a single request should not pay for
HEAVY = ("lark", "jinja2", "PIL", "tinydb", "imaplib", "smtplib", "email", "judge.commands", "judge.turns",
         "judge.render", "judge.mail", "judge.reading", "judge.variants", "judge.store", "judge.engine")


@dataclass
class Timing:
    wall: list[float]
    cpu: list[float]

    def line(self, name: str) -> str:
        goal = GOALS.get(name)
        verdict = "" if goal is None else f"  goal {goal:.2f} s {'met' if min(self.wall) <= goal else 'NOT met'}"
        return (f"  {name:32s} {min(self.wall):6.3f} {statistics.median(self.wall):7.3f}"
                f" {min(self.cpu):8.3f} {statistics.median(self.cpu):7.3f}{verdict}")


def environment(bytecode: bool) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUDGE_CACHE_DIR": str(ROOT / ".bench" / "cache")}
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(ROOT / ".bench" / "pycache")
    return env


def timed(command: list[str], env: dict[str, str], runs: int, stdin: bytes = b"") -> Timing:
    """Wall and CPU seconds of ``runs`` runs of ``command`` (each must exit 0), after one untimed run."""
    wall, cpu = [], []
    for i in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(command, input=stdin, capture_output=True, env=env, cwd=ROOT, check=False)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr.decode()[-2000:]}")
        if i:
            wall.append(elapsed)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return Timing(wall, cpu)


def imported(command: list[str], env: dict[str, str], stdin: bytes = b"") -> list[str]:
    """The heavy modules (``HEAVY``) the command imports, by their top package as listed there."""
    done = subprocess.run([command[0], "-X", "importtime", *command[1:]], input=stdin, capture_output=True,
                          env=env, cwd=ROOT, check=False)
    names = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.decode().splitlines()
             if line.startswith("import time:")}
    return sorted({h for h in HEAVY for n in names if n == h or n.startswith(h + ".")})


def make_judge(root: Path, games: int) -> Path:
    """A judge folder with ``games`` running standard games and a forming Europe 1615 one, polled until idle."""
    from bench.poll import make_games
    from judge.app.sandbox import Sandbox

    sandbox = Sandbox.create(root / "judge", password_cost=4)
    make_games(sandbox, games, 4)
    sandbox.send("gm@example.org", "CREATE forming europe1615-v3 secret\n", "new game")
    sandbox.poll()  # the mail, then every game ticked once: wakes.json knows each game's next instant
    sandbox.poll()
    return sandbox.root / "judge.toml"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each command (default 15)")
    parser.add_argument("--games", type=int, default=5, help="running games of the idle poll's judge (default 5)")
    parser.add_argument("--no-bytecode", action="store_true", help="run as the environment says (no .pyc written)")
    parser.add_argument("--imports", action="store_true", help="list the heavy modules each command imports")
    args = parser.parse_args(argv)
    env = environment(not args.no_bytecode)
    python = [sys.executable]
    request = REQUEST.read_bytes()
    with tempfile.TemporaryDirectory(prefix="judge-bench-startup-") as tmp:
        config = make_judge(Path(tmp), args.games)
        commands = {
            "python -c pass": (python + ["-c", "pass"], b""),
            "judge --help": (python + ["-m", "judge", "--help"], b""),
            "judge adjudicate, one request": (python + ["-m", "judge", "adjudicate"], request),
            "judge poll, nothing to do": (python + ["-m", "judge", "--config", str(config), "poll"], b""),
        }
        load = os.getloadavg()
        print(f"{args.runs} runs each; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()}"
              f" CPUs; bytecode {'as the environment has it' if args.no_bytecode else 'compiled (.bench/pycache)'}"
              f"; idle poll: {args.games} running games and a forming one\n")
        print(f"  {'':32s} {'wall s':>6} {'median':>7} {'CPU s':>8} {'median':>7}")
        for name, (command, stdin) in commands.items():
            print(timed(command, env, args.runs, stdin).line(name), flush=True)
        if args.imports:
            print("\nHeavy modules imported:")
            for name, (command, stdin) in commands.items():
                print(f"  {name:32s} {', '.join(imported(command, env, stdin)) or '-'}")
        after = os.getloadavg()
        print(f"\nload average after: {after[0]:.2f} {after[1]:.2f} {after[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
