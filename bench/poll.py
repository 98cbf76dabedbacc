"""End-to-end speed of ``judge poll`` on the local spool (issue 3, point 9).

1. **Mail throughput.**  N order mails for M running games are dropped into
   the spool inbox, then one ``judge poll`` runs as a separate process, as
   cron would run it: fetch, parse, check passwords, check and store orders,
   save each game with its reply, mark seen and processed, send every reply
   into the spool outbox.  The games wait for their deadlines (``SET WAIT``),
   so no phase is played: this times the mail path alone.  Goal: 200 mails/s.
2. **No-mail poll as the archive grows.**  One game's history and archive
   grow from 10 to 1000 phases; a poll with no mail is timed in-process
   (median of several).  Goal: flat.

Players' passwords are scrypt hashes (docs/store.md): the first check of each
player in a poll costs about 10 ms at the default cost (2**12; 40 ms at 2**14); later mails
of the same player in the same poll hit the per-process cache.  With 7 players
per game that is 7 x M cold checks per poll, whatever N is: ``--password-cost``
shows how the figure moves with the cost.

    python bench/poll.py                          # about half a minute
    python bench/poll.py --mails 2000 --games 20 --phases 10,100,1000 --password-cost 14,10
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.app.poll import run_poll
from judge.app.sandbox import Sandbox
from judge.engine.codec import state_to_json
from judge.mail import deliver_to_spool
from judge.store import Game, PhaseRecord, Player, Settings, Store, hash_password, open_db
from judge.turns.deadlines import default_timing
from judge.turns.gameview import opening_state
from judge.variants import load_variant

POWERS = ("ENGLAND", "FRANCE", "GERMANY", "ITALY", "AUSTRIA", "RUSSIA", "TURKEY")
# A few plausible orders per starting unit; mail i picks variant i of each.
CHOICES = {
    "F LON": ["F LON - NTH", "F LON - ENG", "F LON H"], "F EDI": ["F EDI - NWG", "F EDI - NTH", "F EDI H"],
    "A LVP": ["A LVP - YOR", "A LVP - WAL", "A LVP H"], "A PAR": ["A PAR - BUR", "A PAR - PIC", "A PAR H"],
    "A MAR": ["A MAR S A PAR - BUR", "A MAR - SPA", "A MAR H"], "F BRE": ["F BRE - MAO", "F BRE - ENG", "F BRE H"],
    "A BER": ["A BER - KIE", "A BER - SIL", "A BER H"], "A MUN": ["A MUN - RUH", "A MUN - BUR", "A MUN H"],
    "F KIE": ["F KIE - DEN", "F KIE - HOL", "F KIE H"], "A ROM": ["A ROM - APU", "A ROM - VEN", "A ROM H"],
    "A VEN": ["A VEN H", "A VEN - TYR", "A VEN - PIE"], "F NAP": ["F NAP - ION", "F NAP - TYS", "F NAP H"],
    "A VIE": ["A VIE - GAL", "A VIE - BUD", "A VIE H"], "A BUD": ["A BUD - SER", "A BUD - RUM", "A BUD H"],
    "F TRI": ["F TRI - ALB", "F TRI - ADR", "F TRI H"], "A MOS": ["A MOS - UKR", "A MOS - SEV", "A MOS H"],
    "A WAR": ["A WAR - GAL", "A WAR - UKR", "A WAR H"], "F SEV": ["F SEV - BLA", "F SEV - RUM", "F SEV H"],
    "F STP/SC": ["F STP/SC - BOT", "F STP/SC - FIN", "F STP/SC H"], "F ANK": ["F ANK - BLA", "F ANK - CON", "F ANK H"],
    "A CON": ["A CON - BUL", "A CON - SMY", "A CON H"], "A SMY": ["A SMY - CON", "A SMY - ARM", "A SMY H"],
}


def make_games(sandbox: Sandbox, count: int, cost: int) -> None:
    """``count`` started standard games whose players' passwords are hashed at 2**cost."""
    variant, store, now = load_variant("standard"), sandbox.store, sandbox.clock.now()
    state = state_to_json(opening_state(variant))
    for g in range(count):
        game = Game(f"g{g:03d}", "standard", "gm@example.org", hash_password("gm", n=2 ** cost),
                    status="active", zone="Europe/Paris", settings=Settings(wait=True), timing=default_timing(),
                    deadline=now + timedelta(days=2), grace_end=now + timedelta(days=2), state=dict(state))
        game.extra["phase_start"] = now.isoformat().replace("+00:00", "Z")
        for power in POWERS:
            game.players.append(Player(f"{power.lower()}.{g}@example.org",
                                       hash_password(f"{power}-{g}", n=2 ** cost), power))
        store.create_game(game)


def order_mail(i: int, games: int, units: dict[str, list[str]]) -> bytes:
    g, power = i % games, POWERS[(i // games) % len(POWERS)]
    lines = [CHOICES[u][(i // (games * 7)) % 3] for u in units[power]]
    body = f"SIGNON {power[0]}g{g:03d} {power}-{g}\n" + "\n".join(lines) + "\nSIGNOFF\n"
    return (f"From: {power.lower()}.{g}@example.org\nTo: judge@demo.invalid\nSubject: orders {i}\n"
            f"Message-ID: <bench.{i}@example.org>\n\n{body}").encode()


def judge_poll(sandbox: Sandbox) -> tuple[float, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "judge", "--config", str(sandbox.root / "judge.toml"), "poll"],
                          capture_output=True, text=True, env=env, timeout=3600, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"judge poll failed:\n{done.stdout}{done.stderr}")
    return elapsed, done.stdout.strip()


def bench_mail(root: Path, mails: int, games: int, cost: int) -> None:
    sandbox = Sandbox.create(root / f"mail-{cost}", password_cost=cost)
    make_games(sandbox, games, cost)
    empty, _ = judge_poll(sandbox)  # interpreter start-up and a poll with nothing to do
    units = {p: [str(u) for u in us] for p, us in opening_state(load_variant("standard")).units.items()}
    for i in range(mails):
        deliver_to_spool(sandbox.spool, order_mail(i, games, units))
    total, summary = judge_poll(sandbox)
    sent = len(list((sandbox.spool / "outbox" / "new").iterdir()))
    work = total - empty
    print(f"{mails:>6} {games:>6} {cost:>5} {7 * games:>8} {total:>8.2f} {empty:>8.2f} {1000 * work / mails:>8.2f}"
          f" {mails / total:>9.0f} {mails / work:>9.0f} {sent:>6}")
    if f"{mails} mails read" not in summary or sent != mails:
        raise SystemExit(f"unexpected poll result: {summary}, {sent} mails sent")


def grow(store: Store, game: str, start: int, stop: int, text: str, state: dict) -> None:
    """Append synthetic phases in one write (playing 1000 phases one by one takes minutes)."""
    names = [f"{'SF'[i % 2]}{1901 + i // 2}M" for i in range(start, stop)]
    records = [PhaseRecord(name, state, {}, {"results": [], "state_after": state}, text, store.clock.now())
               for name in names]
    with open_db(store.history_path(game)) as db:
        db.table("phases").insert_multiple(r.to_json() for r in records)
    for name in names:
        store.write_archive(game, name, text)


def bench_growth(root: Path, phases: list[int], repeat: int, games: int) -> None:
    sandbox = Sandbox.create(root / "growth", password_cost=4)
    make_games(sandbox, games, 4)
    store = sandbox.store
    text = "Movement results for Spring of 1901.\n" + "France: Army Paris -> Burgundy.\n" * 60
    state = store.load_game("g000").state
    grown = 0
    for count in phases:
        grow(store, "g000", grown, count, text, state)
        grown = count
        run_poll(sandbox.config)  # warm caches
        samples = []
        for _ in range(repeat):
            start = time.perf_counter()
            run_poll(sandbox.config)
            samples.append((time.perf_counter() - start) * 1000)
        history_kb = store.history_path("g000").stat().st_size / 1024
        archive = len(list((store.data_dir / "archive" / "g000").glob("*.txt")))
        print(f"{count:>7} {archive:>8} {history_kb:>9.0f} {games:>6} {statistics.median(samples):>9.2f}"
              f" {min(samples):>8.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mails", type=int, default=1000, help="order mails in the inbox (default 1000)")
    parser.add_argument("--games", type=int, default=10, help="running games they are spread over (default 10)")
    parser.add_argument("--password-cost", default="12,14", help="scrypt costs (log2 n) to try, comma-separated")
    parser.add_argument("--phases", default="10,100,1000", help="history sizes for the no-mail poll, increasing")
    parser.add_argument("--repeat", type=int, default=9, help="timed no-mail polls per row (median)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="judge-bench-poll-") as tmp:
        print("One 'judge poll' process: N order mails for M games on the spool (players = 7 x M)\n")
        print(f"{'mails':>6} {'games':>6} {'cost':>5} {'players':>8} {'total s':>8} {'empty s':>8} {'ms/mail':>8}"
              f" {'mails/s':>9} {'net /s':>9} {'sent':>6}")
        for cost in (int(c) for c in args.password_cost.split(",") if c):
            bench_mail(Path(tmp), args.mails, args.games, cost)
        print("\n'empty s' is a poll with nothing to do (interpreter start-up included); 'ms/mail' and 'net /s'"
              "\nleave it out.  'mails/s' is end to end, start-up included.\n")
        print(f"No-mail poll (in-process, spool, {args.games} games) as one game's archive grows, ms")
        print(f"{'phases':>7} {'archive':>8} {'hist KB':>9} {'games':>6} {'median':>9} {'best':>8}")
        bench_growth(Path(tmp), [int(p) for p in args.phases.split(",") if p], args.repeat, args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
