"""How the store work of a poll scales as the archive grows (issue 3, point 9).

A poll with no new mail reads: the lock, the list of games, every live game
file (to check its deadline and its outbox) and the global outbox.  None of
those files holds history, so the time should stay flat as one game's history
grows from 10 to 1000 phases.  The script also times what does grow (reading
and writing the history itself, only on HISTORY/ROLLBACK and when a phase is
processed) and the seen-set as it grows to 100 000 Message-IDs.

    python bench/poll_store.py                      # about a minute
    python bench/poll_store.py --games 1,10 --phases 10,1000 --seen 1000,100000
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.store import (
    Game,
    OutgoingMail,
    PhaseRecord,
    Player,
    Store,
    SubmittedOrder,
    Timing,
    check_password,
    hash_password,
    open_db,
)
from judge.store.passwords import forget_verified

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
NOW = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)
SEASONS = ["S{}M", "F{}M", "F{}R", "W{}A"]


def timed(action: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``action`` in milliseconds."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def sample_state(phase: str) -> dict:
    units = {p: [f"A X{p[:2]}{i}" for i in range(4)] + [f"F S{p[:2]}{i}" for i in range(2)] for p in POWERS}
    return {"phase": phase, "units": units, "centers": {p: [f"C{p[:2]}{i}" for i in range(5)] for p in POWERS}}


def sample_game(name: str, password_hash: str) -> Game:
    game = Game(name, "standard", "gm@example.org", password_hash, status="active",
                deadline=NOW + timedelta(hours=5), state=sample_state("S1901M"),
                timing={k: Timing() for k in "MRA"})
    for power in POWERS:
        game.players.append(Player(f"{power.lower()}@example.com", password_hash, power, zone="Europe/Paris"))
        for i in range(6):
            game.submit(SubmittedOrder(power, f"A X{power[:2]}{i}", f"A X{power[:2]}{i} H",
                                       f"<{name}.{power}@example.com>", NOW))
        game.mark_applied(f"<{name}.{power}@example.com>")
    return game


def phase_name(index: int) -> str:
    return SEASONS[index % 4].format(1901 + index // 4)


def sample_record(index: int) -> PhaseRecord:
    phase = phase_name(index)
    orders = {p: [SubmittedOrder(p, f"A X{p[:2]}{i}", f"A X{p[:2]}{i} H", f"<o{index}{p}@x>", NOW)
                  for i in range(6)] for p in POWERS}
    results = [{"power": p, "order": f"A X{p[:2]}{i} H", "result": "ok"} for p in POWERS for i in range(6)]
    text = f"Movement results for {phase}\n" + "".join(f"{p}: A X{p[:2]}{i} HOLD.\n" for p in POWERS for i in range(6))
    return PhaseRecord(phase, sample_state(phase), orders, results, text * 3, NOW)


def grow_history(store: Store, game: str, start: int, stop: int) -> None:
    """Append phases in one write each batch (building 1000 phases one by one would take minutes)."""
    with open_db(store.history_path(game)) as db:
        db.table("phases").insert_multiple(sample_record(i).to_json() for i in range(start, stop))
    for i in range(start, stop):
        store.write_archive(game, phase_name(i), sample_record(i).text)


def poll_reads(store: Store) -> int:
    """The store work of a poll with no new mail: lock, load every game, check deadlines, outboxes."""
    due = 0
    with store.poll_lock():
        pending = store.global_mail()
        for game in store.games():
            if game.deadline is not None and game.deadline <= NOW:
                due += 1
            pending.extend(game.outbox)
    return due


def bench_polls(root: Path, game_counts: list[int], phase_counts: list[int], repeat: int) -> None:
    print("No-mail poll (lock + list + load every game + deadlines + outboxes), median ms")
    print(f"{'games':>6} {'phases':>7} {'poll ms':>9} {'ms/game':>8} {'live KB':>8} {'hist KB':>8}"
          f" {'HISTORY ms':>11} {'record_phase ms':>16}")
    password_hash = hash_password("secret", n=2**4)
    for count in game_counts:
        store = Store(root / f"games{count}")
        for g in range(count):
            game = sample_game(f"g{g:03d}", password_hash)
            game.queue_mail(OutgoingMail(["p@example.com"], "reminder", "orders due\n", game=game.name))
            store.create_game(game)
        grown = 0
        for phases in phase_counts:
            grow_history(store, "g000", grown, phases)
            grown = phases
            last, record = phase_name(phases - 2), sample_record(phases - 1)
            poll = timed(partial(poll_reads, store), repeat)
            history = timed(partial(store.phases, "g000", last), max(3, repeat // 3))
            rewrite = timed(partial(store.record_phase, "g000", record), max(3, repeat // 3))
            live = store.game_path("g000").stat().st_size / 1024
            hist = store.history_path("g000").stat().st_size / 1024
            print(f"{count:>6} {phases:>7} {poll:>9.2f} {poll / count:>8.3f} {live:>8.1f} {hist:>8.0f}"
                  f" {history:>11.1f} {rewrite:>16.1f}")


def bench_seen(root: Path, sizes: list[int], probes: int) -> None:
    print("\nSeen-set (256 buckets), median per call")
    print(f"{'ids':>8} {'bucket KB':>10} {'seen hit us':>12} {'seen miss us':>13} {'mark_seen ms':>13}")
    store = Store(root / "seen")
    have = 0
    for size in sizes:
        store.mark_seen_many([f"<{i}.bench@example.com>" for i in range(have, size)])
        have = size
        hits = [f"<{i}.bench@example.com>" for i in range(0, size, max(1, size // probes))][:probes]
        hit = statistics.median(timed(partial(store.seen, m), 1) for m in hits) * 1000
        miss = statistics.median(timed(partial(store.seen, f"<miss{i}@x>"), 1) for i in range(probes)) * 1000
        mark = statistics.median(timed(partial(store.mark_seen, f"<new{size}.{i}@x>"), 1) for i in range(probes))
        bucket = store._seen.bucket(hits[0]).stat().st_size / 1024
        print(f"{size:>8} {bucket:>10.1f} {hit:>12.0f} {miss:>13.0f} {mark:>13.2f}")


def bench_passwords() -> None:
    stored = hash_password("secret")

    def cold_check() -> bool:
        forget_verified()
        return check_password("secret", stored)

    cold = timed(cold_check, 5)
    warm = timed(partial(check_password, "secret", stored), 20)
    print(f"\ncheck_password (scrypt n=2**14): first check {cold:.1f} ms, same password again {warm:.3f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="1,10,50", help="numbers of games, comma-separated")
    parser.add_argument("--phases", default="10,100,1000", help="history sizes of one game, increasing")
    parser.add_argument("--seen", default="1000,10000,100000", help="seen-set sizes, increasing")
    parser.add_argument("--repeat", type=int, default=15, help="timed polls per row (median)")
    parser.add_argument("--dir", help="data directory to use (default: a temp dir, removed after)")
    args = parser.parse_args(argv)

    def ints(text: str) -> list[int]:
        return [int(x) for x in text.split(",") if x]

    with tempfile.TemporaryDirectory(prefix="judge-bench-", dir=args.dir) as tmp:
        bench_polls(Path(tmp), ints(args.games), ints(args.phases), args.repeat)
        bench_seen(Path(tmp), ints(args.seen), probes=50)
        bench_passwords()
    return 0


if __name__ == "__main__":
    sys.exit(main())
