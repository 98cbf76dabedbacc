"""Issue 26, point 1: each command loads only what it uses; a parsed map and the grammar's patterns are cached.

The cache (judge/cache.py) keeps plain JSON, made from the very text of the
files it stands for: a corrected map takes effect at the next process, a
damaged, foreign or planted entry is ignored, a folder others may write to
is not used.  The start-up times themselves are measured in bench/startup.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import judge.variants as variants
from judge.app.sandbox import Sandbox
from judge.cache import cache_dir, entry_name, read_entry, write_entry
from judge.engine.mapfile import MapError
from judge.paths import gamedata_dir
from judge.variants import load_map
from tests.app.helpers import start_game

ROOT = Path(__file__).resolve().parent.parent
REQUEST = (ROOT / "docs" / "examples" / "s1901.json").read_text(encoding="utf-8")
HEAVY = ("lark", "jinja2", "PIL", "email.parser", "imaplib", "smtplib", "imapclient", "judge.commands",
         "judge.render", "judge.reading", "judge.variants", "judge.engine", "judge.turns.ticks")

BASE = """\
name tiny
power FRANCE F French
power ENGLAND E English
include rest.map
province PAR land "Paris"
army PAR BUR
army BUR PAR
"""
REST = 'province BUR land "Burgundy"\n'


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder of the test's own (``JUDGE_CACHE_DIR``)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(folder))
    cache_dir.cache_clear()
    yield folder
    cache_dir.cache_clear()


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    (tmp_path / "rest.map").write_text(REST, encoding="utf-8")
    path = tmp_path / "tiny.map"
    path.write_text(BASE, encoding="utf-8")
    return path


def _no_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the map file was parsed")

    monkeypatch.setattr(variants, "parse_map", refuse)


def test_26_1_a_parsed_map_is_kept_and_a_corrected_map_takes_effect_at_once(
        cache: Path, tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    standard = gamedata_dir() / "standard" / "standard.map"
    first = load_map(standard)
    with monkeypatch.context() as patch:
        _no_parsing(patch)
        assert load_map(standard) == first  # from the cache, the same board to the last field
    assert load_map(tiny).provinces["PAR"].name == "Paris"
    tiny.write_text(BASE.replace('"Paris"', '"Lutetia"'), encoding="utf-8")  # the GM's correction
    assert load_map(tiny).provinces["PAR"].name == "Lutetia"
    with monkeypatch.context() as patch:
        _no_parsing(patch)
        assert load_map(tiny).provinces["PAR"].name == "Lutetia"


def test_26_1_a_changed_include_is_read_again(cache: Path, tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_map(tiny).provinces["BUR"].name == "Burgundy"
    (tiny.parent / "rest.map").write_text(REST.replace("Burgundy", "Bourgogne"), encoding="utf-8")
    assert load_map(tiny).provinces["BUR"].name == "Bourgogne"
    (tiny.parent / "rest.map").write_text(REST + "army NOWHERE PAR\n", encoding="utf-8")
    with pytest.raises(MapError, match="NOWHERE"):  # a map with a problem is never taken from the cache
        load_map(tiny)


def test_26_1_a_damaged_foreign_or_planted_entry_is_ignored_and_rewritten(cache: Path, tiny: Path) -> None:
    board = load_map(tiny)
    entry = cache / f"{entry_name('map', tiny)}.json"
    good = entry.read_text(encoding="utf-8")
    for damaged in ("", good[: len(good) // 2], "[1, 2]", json.dumps({"format": 1, "key": "another map"}),
                    good.replace('"format":1', '"format":0'), good.replace('"provinces":[[', '"provinces":[[7,'),
                    good.replace('"includes":{"rest.map":"', '"includes":{"rest.map":"planted ')):
        assert damaged != good
        entry.write_text(damaged, encoding="utf-8")
        assert load_map(tiny) == board
        assert json.loads(entry.read_text(encoding="utf-8")) == json.loads(good)


def test_26_1_a_cache_folder_others_may_write_to_is_not_used(cache: Path, tiny: Path) -> None:
    cache.mkdir(mode=0o700)
    cache.chmod(0o777)
    cache_dir.cache_clear()
    assert cache_dir() is None
    assert load_map(tiny).provinces["PAR"].name == "Paris"
    assert list(cache.iterdir()) == []
    write_entry("anything", "key", {"x": 1})
    assert list(cache.iterdir()) == [] and read_entry("anything", "key") is None


def test_26_1_processes_writing_one_entry_at_once_leave_a_whole_one(cache: Path) -> None:
    cache_dir()  # made here, private
    writer = ("import sys\nfrom judge.cache import write_entry\nfor i in range(60):\n"
              "    write_entry('raced', 'key', {'who': sys.argv[1], 'i': i, 'pad': 'x' * 20000})\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUDGE_CACHE_DIR": str(cache)}
    procs = [subprocess.Popen([sys.executable, "-c", writer, str(n)], env=env) for n in range(4)]
    seen = 0
    while any(p.poll() is None for p in procs):
        data = read_entry("raced", "key")
        if data is not None:
            assert len(data["pad"]) == 20000 and data["who"] in "0123"
            seen += 1
    assert all(p.wait() == 0 for p in procs)
    assert read_entry("raced", "key")["i"] == 59
    assert [p.name for p in cache.iterdir()] == ["raced.json"]  # no temporary file left behind


def _probe(args: list[str], stdin: str, cache: Path) -> list[str]:
    """Run ``judge`` in a process of its own and list the heavy modules it imported."""
    probe = (f"import json, sys\nfrom judge.app.cli import main\nstatus = main({args!r})\n"
             f"heavy = {{h for h in {HEAVY!r} for m in sys.modules if m == h or m.startswith(h + '.')}}\n"
             "print(json.dumps(sorted(heavy)))\nsys.exit(status)")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUDGE_CACHE_DIR": str(cache)}
    done = subprocess.run([sys.executable, "-c", probe], input=stdin, capture_output=True, text=True, env=env,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    heavy: list[str] = json.loads(done.stdout.splitlines()[-1])
    return heavy


def test_26_1_a_request_whose_lines_have_known_patterns_builds_no_grammar(cache: Path) -> None:
    first = _probe(["adjudicate"], REQUEST, cache)
    assert "lark" in first  # new patterns: the grammar parses them, and they are kept
    again = _probe(["adjudicate"], REQUEST, cache)
    assert again == ["judge.engine", "judge.reading", "judge.variants"]


def test_26_1_an_idle_poll_loads_no_variant_and_imports_no_command_template_or_mail_parser(
        cache: Path, tmp_path: Path) -> None:
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    start_game(sandbox)
    sandbox.send("gm2@example.org", "CREATE another europe1615-v3 secret\n", "new game")
    sandbox.poll()
    sandbox.poll()
    assert _probe(["--config", str(sandbox.root / "judge.toml"), "poll"], "", cache) == []
    sandbox.send("gm3@example.org", "LIST\n", "list")  # mail: now the commands are needed
    assert "judge.commands" in _probe(["--config", str(sandbox.root / "judge.toml"), "poll"], "", cache)
