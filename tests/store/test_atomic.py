"""Atomic writes: a writer killed at any instant leaves a file that parses."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from tinydb import TinyDB

from judge.store import AtomicJSONStorage, BatchWrites, Store, open_db
from judge.store.atomic import atomic_write_bytes
from tests.store.helpers import make_game

ROOT = Path(__file__).resolve().parents[2]

# Saves the same game over and over with a pad whose size depends on a counter,
# so a file mixing two writes (or cut short) is recognisable.
WRITER = """
import sys
from judge.store import Store
from tests.store.helpers import make_game
store = Store(sys.argv[1])
game = make_game("crash")
store.create_game(game)
print("ready", flush=True)
n = 0
while True:
    n += 1
    game.extra = {"n": n, "pad": "x" * (n % 7 * 150_000)}
    store.save_game(game)
"""


def test_read_tolerates_a_missing_or_empty_file(tmp_path: Path) -> None:
    storage = AtomicJSONStorage(tmp_path / "nothing" / "db.json")
    assert storage.read() is None
    (tmp_path / "empty.json").write_bytes(b"")
    assert AtomicJSONStorage(tmp_path / "empty.json").read() is None
    assert not (tmp_path / "nothing").exists()  # reading creates nothing


def test_tinydb_works_on_the_atomic_storage(tmp_path: Path) -> None:
    path = tmp_path / "db.json"
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        db.insert({"a": 1})
        db.table("t").insert({"b": 2})
    assert json.loads(path.read_text()) == {"_default": {"1": {"a": 1}}, "t": {"1": {"b": 2}}}


def test_a_batch_is_one_write_and_a_failed_batch_none(tmp_path: Path, monkeypatch) -> None:
    writes: list[Path] = []
    real = AtomicJSONStorage.write

    def counting_write(self: AtomicJSONStorage, data: dict) -> None:
        writes.append(self.path)
        real(self, data)

    monkeypatch.setattr(AtomicJSONStorage, "write", counting_write)
    path = tmp_path / "db.json"
    with open_db(path) as db:
        for name in ("a", "b", "c"):
            db.table(name).insert({"x": 1})
    assert len(writes) == 1
    try:
        with open_db(path) as db:
            db.table("a").truncate()
            raise RuntimeError("die mid-batch")
    except RuntimeError:
        pass
    assert len(writes) == 1 and "a" in json.loads(path.read_text())
    with open_db(path) as db:  # a read-only visit writes nothing
        db.table("a").all()
    assert len(writes) == 1
    assert isinstance(BatchWrites(), BatchWrites)


def test_atomic_write_replaces_whole_and_leaves_no_temp(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "f.txt"
    atomic_write_bytes(path, b"one")
    atomic_write_bytes(path, b"two")
    assert path.read_bytes() == b"two"
    assert os.listdir(path.parent) == ["f.txt"]


def test_a_writer_killed_mid_write_leaves_a_valid_game(tmp_path: Path) -> None:
    data = tmp_path / "data"
    rng = random.Random(3)
    ns: list[int] = []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(12):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(data)], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0.02, 0.25))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        store = Store(data)
        game = store.load_game("crash")  # parses: never half a file
        n = game.extra.get("n", 0)
        assert len(game.extra.get("pad", "")) == n % 7 * 150_000
        assert [p.power for p in game.players] == [p.power for p in make_game().players]
        ns.append(n)
        store.remove_temp_files()  # a kill inside a write leaves its temp file
        assert not list(data.rglob("*.tmp"))
        store.game_path("crash").unlink()
    assert max(ns) > 1  # the writer got going: kills fell among many writes
