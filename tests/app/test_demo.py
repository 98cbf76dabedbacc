"""`judge demo`, the README's run command: two game years by mail on the spool, in a fresh folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge.app.demo import demos, load_script
from judge.mail import body_text, read_outbox
from judge.paths import gamedata_dir
from judge.variants import load_variant
from tests.mail.html_parts import attached_files

ROOT = Path(__file__).resolve().parents[2]


def test_judge_demo_plays_two_years_and_shows_where_the_mail_is(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("JUDGE_CRASH_AT", None)
    done = subprocess.run([sys.executable, "-m", "judge", "demo", "--dir", str(folder)], capture_output=True,
                          text=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert f"{folder / 'spool' / 'outbox' / 'new'}" in out and f"{folder / 'data' / 'archive' / 'demo'}" in out
    assert "Movement results for Spring of 1902.  (demo.S1902M)" in out
    assert "The French Army in Belgium can retreat to Picardy." in out
    archive = sorted(p.stem for p in (folder / "data" / "archive" / "demo").glob("*.txt"))
    assert archive == ["F1901M", "F1902M", "S1901M", "S1902M", "S1902R", "W1901A", "W1902A"]
    sent = read_outbox(folder / "spool")
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"It prints where the {len(sent)} mails the judge sent are" in readme      # issue 37, point 7
    bodies = [body_text(m.message) for m in sent]
    assert not [b for b in bodies if "Rejected:" in b]                 # every scripted order was legal
    assert any("Late orders in demo F1901M" == m.message["Subject"] for m in sent)
    results = [m for m in sent if str(m.message["Subject"]).startswith("Diplomacy results")]
    assert results and all([p.get_content_type() for p in attached_files(m.message)] == ["image/png"]
                           for m in results)                          # issue 15: every result mail has its map
    w1902 = (folder / "data" / "archive" / "demo" / "W1902A.txt").read_text()
    assert "Germany:   Builds an army in Berlin." in w1902 and "France:    Removes the army in Picardy." in w1902
    assert "CEST" in w1902  # the deadline after the change to summer time
    again = subprocess.run([sys.executable, "-m", "judge", "demo", "--dir", str(folder)], capture_output=True,
                           text=True, env=env, timeout=60, check=False)
    assert again.returncode == 1 and "already holds a judge" in again.stdout


def test_judge_demo_plays_two_years_of_europe_1615_by_mail(tmp_path: Path) -> None:
    folder = tmp_path / "v3"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("JUDGE_CRASH_AT", None)
    done = subprocess.run([sys.executable, "-m", "judge", "demo", "--variant", "europe1615-v3", "--dir", str(folder)],
                          capture_output=True, text=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "3 phases played (v3 W1615A, v3 W1615S, v3 S1616I)" in done.stdout    # the winter, played through
    assert "Spain: Lorraine > France: carried out" in done.stdout
    archive = sorted(p.stem for p in (folder / "data" / "archive" / "v3").glob("*.txt"))
    assert len(archive) == 15 and archive[0] == "F1615M"
    results = [m for m in read_outbox(folder / "spool") if "results" in str(m.message["Subject"]).lower()]
    assert results and all([p.get_content_type() for p in attached_files(m.message)] == ["image/png"]
                           for m in results)
    unknown = subprocess.run([sys.executable, "-m", "judge", "demo", "--variant", "atlantis"], capture_output=True,
                             text=True, env=env, timeout=60, check=False)
    assert unknown.returncode == 2 and "no demo of 'atlantis'" in unknown.stdout


def test_judge_demo_help_names_every_demo(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 9, item 16: `judge demo --help` left out europe1615-2013-08."""
    from judge.app.cli import main

    monkeypatch.setenv("COLUMNS", "300")  # argparse wraps at hyphens on a narrow terminal

    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for name in demos():
        assert name in shown, name


def test_each_demo_script_is_a_data_file_of_its_variant() -> None:
    """gamedata/<variant>/demo.toml: found by `judge demo`, and each power signs on with its map letter."""
    scripts = sorted(folder.name for folder in gamedata_dir().iterdir() if (folder / "demo.toml").is_file())
    assert "standard" in scripts and demos() == ["standard", *(n for n in scripts if n != "standard")]
    for name in demos():
        script = load_script(name)
        board = load_variant(name).map
        assert {p: board.powers[p.upper()].letter for p in script.powers} == dict(script.letters), name
        assert script.setup.startswith(f"CREATE {script.game} {name} "), name
        assert script.phases and all(p in script.letters for _, orders in script.phases for p in orders), name


def test_a_new_map_with_standard_rules_plays_by_judge_demo_from_data_alone(tmp_path: Path) -> None:
    """Issue 41: a map file, a ruleset file naming the standard ruleset and a demo script, no code of its own.

    The toy board (tests/app/toy/) has five powers, one lettered M, which signs on by its letter.
    """
    import shutil

    gamedata = tmp_path / "gamedata"
    shutil.copytree(Path(__file__).parent / "toy", gamedata / "toy")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUDGE_GAMEDATA": str(gamedata)}
    env.pop("JUDGE_CRASH_AT", None)
    folder = tmp_path / "demo"
    done = subprocess.run([sys.executable, "-m", "judge", "demo", "--variant", "toy", "--dir", str(folder)],
                          capture_output=True, text=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert sorted(p.stem for p in (folder / "data" / "archive" / "toy").glob("*.txt")) == ["F1901M", "S1901M",
                                                                                          "W1901A"]
    bodies = [body_text(m.message) for m in read_outbox(folder / "spool")]
    assert not [b for b in bodies if "Rejected:" in b]
    assert any("signed on as Middle in 'toy'" in b for b in bodies)
    w1901 = (folder / "data" / "archive" / "toy" / "W1901A.txt").read_text()
    assert "Middle:    Builds an army in Midland." in w1901
