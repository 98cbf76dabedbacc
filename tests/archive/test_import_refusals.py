"""``judge import`` all or nothing (issue 21, "No stranger can stall the judge").

A refused export leaves the data folder byte for byte as it was (every file's
hash, every file and folder's name), says why in one line and exits 2; a
stranger who then CREATEs the name and asks its HISTORY gets nothing of it.
``judge replay --file`` refuses the same files with the same reasons.  An
import waits for no poll (it is refused while one runs), and one killed at
any step leaves nothing visible once the next poll has cleaned up.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from judge.app.exportcheck import MAX_EXPORT_BYTES
from judge.app.sandbox import Sandbox
from judge.crash import EXIT_CODE, IMPORT_POINTS
from tests.archive.games import ROOT, PlayedGame, run_judge

Lines = list[dict]
Maker = Callable[[Lines, Path], Path]
STRANGER = "stranger@example.org"


def snapshot(folder: Path, *, lock: bool = True) -> dict[str, str]:
    """Every file and folder under ``folder``, hidden ones too: a file's SHA-256, a folder as "folder".
    ``lock=False`` leaves out the content of poll.lock (the pid of its last holder) and of
    state/last_poll.json (what the last poll did, rewritten by every poll)."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_dir():
            seen[name] = "folder"
        else:
            polls = name in ("poll.lock", "state/last_poll.json")
            seen[name] = "" if polls and not lock else hashlib.sha256(path.read_bytes()).hexdigest()
    return seen


def write_lines(lines: Lines, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "export.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def edited(change: Callable[[Lines], object]) -> Maker:
    """A maker of the good export with ``change`` made to a copy of its lines."""
    def make(lines: Lines, folder: Path) -> Path:
        copy = json.loads(json.dumps(lines))
        change(copy)
        return write_lines(copy, folder)
    return make


def phase_named(name: object) -> Maker:
    return edited(lambda lines: lines[1].update(phase=name))


def state_at(phase: str, where: str = "state_before") -> Maker:
    return edited(lambda lines: lines[1][where].update(phase=phase))


def listed_twice(lines: Lines) -> None:
    lines.insert(2, lines[1])
    lines[-1]["phases"] += 1


def not_json(lines: Lines, folder: Path) -> Path:
    path = write_lines(lines, folder)
    text = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([*text[:2], "{not json", *text[3:]]) + "\n", encoding="utf-8")
    return path


def fifo(lines: Lines, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / "export.jsonl")
    return folder / "export.jsonl"


def over_the_cap(lines: Lines, folder: Path) -> Path:
    path = write_lines(lines, folder)
    with open(path, "r+b") as sparse:
        sparse.truncate(MAX_EXPORT_BYTES + 1)  # a hole: no disk used, but too long to be read
    return path


# name -> (maker, what the one line says, run in a subprocess: a file a regression would block on or exhaust)
CASES: dict[str, tuple[Maker, str, bool]] = {
    "phase ../../x": (phase_named("../../x"), 'line 2: phase.phase: expected a phase name', False),
    "phase empty": (phase_named(""), 'line 2: phase.phase: expected a phase name', False),
    "phase S1901M.txt": (phase_named("S1901M.txt"), 'got "S1901M.txt"', False),
    "phase with a NUL": (phase_named("S1901M\x00"), 'got "S1901M\\u0000"', False),
    "phase 7": (phase_named(7), "line 2: phase.phase: expected a phase name such as S1901M (years 1 to 9999), got 7",
                False),
    "phase null": (phase_named(None), "line 2: phase.phase: expected a phase name", False),
    "state.phase garbage": (state_at("garbage"), 'line 2: phase.state_before.phase: expected a phase', False),
    "state.phase huge year": (state_at("S100000000000000000000M"), "line 2: phase.state_before.phase", False),
    "state_after.phase garbage": (edited(lambda ls: ls[1]["results"]["state_after"].update(phase="garbage")),
                                  "line 2: phase.results.state_after.phase", False),
    "end state garbage": (edited(lambda ls: ls[-1]["state"].update(phase="garbage")), "end.state.phase", False),
    "end state a number": (edited(lambda ls: ls[-1].update(state=0)), "end.state: expected an object", False),
    "state.phase year 0": (state_at("S0M"), 'phase.state_before.phase: expected a phase name', False),
    "state.phase not as written": (state_at(" s1901m "), 'phase.state_before.phase: expected a phase name', False),
    "phase not its position's": (state_at("F1901M"), "S1901M is not the phase of its position (F1901M)", False),
    "unit X PAR": (edited(lambda ls: ls[1]["state_before"]["units"]["FRANCE"].__setitem__(0, "X PAR")),
                   "line 2: phase.state_before: not a unit: 'X PAR'", False),
    "replay facts a string": (edited(lambda ls: ls[1]["results"].update(replay="facts")),
                              "line 2: phase.results.replay: expected an object", False),
    "replay facts a list": (edited(lambda ls: ls[1]["results"].update(replay=[1, 2])),
                            "line 2: phase.results.replay: expected an object", False),
    "replay decision a number": (edited(lambda ls: ls[1]["results"]["replay"].update(decisions=[5])),
                                 "phase.results.replay.decisions[0]: expected an object", False),
    "order line a number": (edited(lambda ls: ls[1]["orders"]["FRANCE"][0].update(line=5)),
                            "phase.orders.FRANCE[0]: expected an order line", False),
    "phase listed twice": (edited(listed_twice), "line 3: phase S1901M is listed twice (first at line 2)", False),
    "game zone ../../../../etc/passwd": (edited(lambda ls: ls[0].update(zone="../../../../etc/passwd")),
                                         "line 1: game.zone: expected a time zone", False),
    "phase zone ../../../../etc/passwd": (
        edited(lambda ls: ls[1]["results"]["replay"].update(zone="../../../../etc/passwd")),
        "line 2: phase.results.replay.zone: expected a time zone", False),
    "game name ../x": (edited(lambda ls: ls[0].update(name="../x")), "line 1: game.name: expected a game's name",
                       False),
    "SET ROUND 25:00": (edited(lambda ls: ls[0]["settings"]["extra"].update(round="25:00")),
                        "line 1: game.settings.extra.round: expected off, :MM or HH:MM", False),
    "SET MINDEADLINE negative": (edited(lambda ls: ls[0]["settings"]["extra"].update(mindeadline=-1)),
                                 "line 1: game.settings.extra.mindeadline: expected a whole number", False),
    "a line not JSON": (not_json, "line 3: not JSON", False),
    "a FIFO": (fifo, "not a regular file but a FIFO", True),
    "/dev/zero": (lambda lines, folder: Path("/dev/zero"), "/dev/zero: not a regular file but a character device",
                  True),
    "a directory": (lambda lines, folder: folder.parent, "not a regular file but a directory", False),
    "over the cap": (over_the_cap, f"more than an export may have ({MAX_EXPORT_BYTES})", True),
}


@pytest.fixture(scope="module")
def good_lines(demo_games: dict[str, PlayedGame], tmp_path_factory: pytest.TempPathFactory) -> Lines:
    """The standard demo game's export, as lines."""
    game, target = demo_games["standard"], tmp_path_factory.mktemp("export") / "game.jsonl"
    done = game.judge("export", game.name, "--out", str(target))
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def prepared(good_lines: Lines, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A judge holding one imported game, ``kept``, after one poll: the folder each test copies."""
    sandbox = Sandbox.create(tmp_path_factory.mktemp("importer") / "judge", name="importer", password_cost=8)
    path = write_lines(good_lines, sandbox.root.parent / "good")
    done = PlayedGame(sandbox, "kept", "standard").judge("import", str(path), "--name", "kept")
    assert done.returncode == 0, done.stderr
    sandbox.poll()
    return sandbox.root


@pytest.fixture
def judge(prepared: Path, tmp_path: Path) -> PlayedGame:
    shutil.copytree(prepared, tmp_path / "judge")
    return PlayedGame(Sandbox(tmp_path / "judge"), "victim", "standard")


def data_of(judge: PlayedGame) -> Path:
    return judge.sandbox.config.data_dir


def run(judge: PlayedGame, in_subprocess: bool, *args: str) -> subprocess.CompletedProcess[str]:
    return run_judge("--config", str(judge.config), *args) if in_subprocess else judge.judge(*args)


def assert_refused(done: subprocess.CompletedProcess[str], command: str, reason: str) -> None:
    """Exit status 2, nothing on standard output, one line on standard error saying ``reason``."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == "" and done.stderr.startswith(f"judge {command}: ") and done.stderr.count("\n") == 1
    assert reason in done.stderr, done.stderr


def assert_victim_inherits_nothing(judge: PlayedGame) -> None:
    """A stranger CREATEs ``victim`` and asks its HISTORY: a new game, no phase played."""
    sandbox = judge.sandbox
    sandbox.send(STRANGER, "CREATE victim standard stranger-pw", "create")
    sandbox.poll()
    sandbox.send(STRANGER, "HISTORY victim", "history")
    sandbox.poll()
    mails = [m for m in sandbox.sent() if STRANGER in str(m.message["To"])]
    history = [sandbox.text(m) for m in mails if str(m.message["Subject"]).startswith("History of victim")]
    assert history == ["No phase of 'victim' has been played yet.\n"], [str(m.message["Subject"]) for m in mails]
    store = sandbox.store
    assert store.load_game("victim").gm_address == STRANGER and store.phase_names("victim") == []
    assert not (data_of(judge) / "archive" / "victim").exists()


@pytest.mark.parametrize("case", CASES)
def test_a_refused_import_leaves_the_data_folder_as_it_was(judge: PlayedGame, good_lines: Lines, case: str,
                                                          tmp_path: Path) -> None:
    make, reason, in_subprocess = CASES[case]
    path = make(good_lines, tmp_path / "files")
    before = snapshot(data_of(judge))
    done = run(judge, in_subprocess, "import", str(path), "--name", "victim")
    assert_refused(done, "import", reason)
    assert snapshot(data_of(judge)) == before
    assert_victim_inherits_nothing(judge)


@pytest.mark.parametrize("case", CASES)
def test_replay_file_refuses_the_same_files_with_the_same_reasons(judge: PlayedGame, good_lines: Lines, case: str,
                                                                 tmp_path: Path) -> None:
    make, reason, in_subprocess = CASES[case]
    done = run(judge, in_subprocess, "replay", "--file", str(make(good_lines, tmp_path / "files")))
    assert_refused(done, "replay", reason)


def test_a_name_taken_is_refused_before_anything_is_touched(judge: PlayedGame, good_lines: Lines,
                                                           tmp_path: Path) -> None:
    path = write_lines(good_lines, tmp_path / "files")
    before = snapshot(data_of(judge))
    for name in ("kept", "KEPT"):
        assert_refused(judge.judge("import", str(path), "--name", name), "import", "there is already a game 'kept'")
    assert_refused(judge.judge("import", str(path), "--name", "../kept"), "import", "the game's name: expected")
    assert snapshot(data_of(judge)) == before


def test_leftovers_of_a_game_make_its_name_taken(judge: PlayedGame, good_lines: Lines, tmp_path: Path) -> None:
    """A history or an archive folder with no game (a hand's work, or an older judge's refused import) is never
    merged into."""
    path = write_lines(good_lines, tmp_path / "files")
    (data_of(judge) / "archive" / "victim").mkdir()
    before = snapshot(data_of(judge))
    assert_refused(judge.judge("import", str(path), "--name", "victim"), "import", "there is already a game 'victim'")
    assert snapshot(data_of(judge)) == before


def test_a_good_import_leaves_no_stage_folder_and_replays(judge: PlayedGame, good_lines: Lines,
                                                        tmp_path: Path) -> None:
    path = write_lines(good_lines, tmp_path / "files")
    done = judge.judge("import", str(path), "--name", "Victim")
    assert done.returncode == 0 and done.stdout.startswith("imported victim: standard"), done.stderr
    assert [p.name for p in data_of(judge).iterdir() if p.name.startswith(".")] == []
    again = judge.judge("replay", "victim")
    assert again.stdout.strip() == f"{len(good_lines) - 2} phases replayed, identical", again.stderr


def test_an_import_while_a_poll_holds_the_lock_is_refused(judge: PlayedGame, good_lines: Lines,
                                                         tmp_path: Path) -> None:
    path = write_lines(good_lines, tmp_path / "files")
    with judge.sandbox.store.poll_lock():
        before = snapshot(data_of(judge))
        done = judge.judge("import", str(path), "--name", "victim")
        assert snapshot(data_of(judge)) == before
    assert_refused(done, "import", "a poll is running on")
    assert "nothing was imported" in done.stderr
    assert_victim_inherits_nothing(judge)


def import_killed_at(judge: PlayedGame, path: Path, point: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUDGE_CRASH_AT": point}
    return subprocess.run([sys.executable, "-m", "judge", "--config", str(judge.config), "import", str(path),
                           "--name", "victim"], capture_output=True, text=True, env=env, timeout=120, check=False)


@pytest.mark.parametrize("point", IMPORT_POINTS)
def test_an_import_killed_anywhere_leaves_nothing_after_the_next_poll(judge: PlayedGame, good_lines: Lines,
                                                                     point: str, tmp_path: Path) -> None:
    path = write_lines(good_lines, tmp_path / "files")
    before = snapshot(data_of(judge), lock=False)
    killed = import_killed_at(judge, path, point)
    assert killed.returncode == EXIT_CODE and f"crash injected at {point}" in killed.stderr, killed.stderr
    assert [p.name for p in data_of(judge).iterdir() if p.name.startswith(".import-")]  # the stage is still there
    judge.sandbox.poll()  # its cleanup: the killed import undone, or (once the game file moved in) finished
    after = snapshot(data_of(judge), lock=False)
    if point != "import:games":
        assert after == before
        assert_victim_inherits_nothing(judge)
        return
    assert {name for name in after if name not in before} == {
        "games/victim.json", "history/victim.json", "archive/victim",
        *(f"archive/victim/{line['phase']}.txt" for line in good_lines[1:-1])}
    again = judge.judge("replay", "victim")
    assert again.stdout.strip() == f"{len(good_lines) - 2} phases replayed, identical", again.stderr


ODD_VALUES = [7, None, "garbage", "", [], {}, True, -1, 10**30, 1.5, "S1901M", "../../x", [None], {"FRANCE": 3}, "A PAR"]


def leaves(value: object, path: tuple = ()) -> list[tuple]:
    """Every place in a line's JSON (the first three items of a list), as a path of keys."""
    found = [path]
    if isinstance(value, dict):
        found += [p for k, v in value.items() for p in leaves(v, (*path, k))]
    elif isinstance(value, list):
        found += [p for i, v in enumerate(value[:3]) for p in leaves(v, (*path, i))]
    return found


def odd_edit(lines: Lines, rng: random.Random) -> Lines:
    """A copy of ``lines`` with one value somewhere replaced by an odd one, or one field left out."""
    copy = json.loads(json.dumps(lines))
    *parents, last = rng.choice([p for p in leaves(copy) if len(p) >= 2])
    target: Any = copy
    for key in parents:
        target = target[key]
    if isinstance(target, dict) and rng.random() < 0.2:
        del target[last]
    else:
        target[last] = rng.choice(ODD_VALUES)
    return copy


def test_what_import_takes_the_judge_can_read(judge: PlayedGame, good_lines: Lines, tmp_path: Path) -> None:
    """Seeded odd edits of a good export: each is refused in one line with nothing changed, or is a game LIST,
    HISTORY, SUMMARY and judge publish read without the judge failing."""
    rng, taken = random.Random(21), []
    for n in range(60):
        path = write_lines(odd_edit(good_lines, rng), tmp_path / f"edit{n}")
        before = snapshot(data_of(judge), lock=False)
        done = judge.judge("import", str(path), "--name", f"edit{n}")
        if done.returncode == 2:
            assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
            assert snapshot(data_of(judge), lock=False) == before
            continue
        assert done.returncode == 0, done.stderr
        taken.append(f"edit{n}")
        judge.sandbox.send(STRANGER, f"LIST edit{n}\nHISTORY edit{n}\nSUMMARY edit{n}\n", "read")
        judge.sandbox.poll()
    bodies = [judge.sandbox.text(m) for m in judge.sandbox.new_mail()]
    assert taken and len(bodies) == 4 * len(taken)  # the reply, then LIST, HISTORY and SUMMARY each on its own
    assert not [b for b in bodies if "an error in the judge" in b or "the judge failed" in b]
    published = judge.judge("publish", "--out", str(tmp_path / "site"))
    assert published.returncode == 0, published.stderr
