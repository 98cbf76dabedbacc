"""Issue 15 by mail: every result mail carries its reader's map picture (SET MAP chooses PNG, SVG or
none), HISTORY sends a past phase's map, ``judge map picture`` draws one for the GM, and a variant
without geometry sends text only and tells its GM."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from judge.paths import gamedata_dir
from judge.render.geometry import variant_geometry
from tests.app.helpers import GAME, GM, gm, send_as, start_game, subjects, to
from tests.mail.html_parts import attached_files

ROOT = Path(__file__).resolve().parents[2]


def pictures(mail: IncomingMail) -> list[tuple[str, str, bytes]]:
    return [(part.get_filename() or "", part.get_content_type(), part.get_payload(decode=True))
            for part in attached_files(mail.message)]


def results(mails: list[IncomingMail], who: str) -> IncomingMail:
    found = [m for m in to(mails, who) if str(m.message["Subject"]).startswith("Diplomacy results")]
    assert len(found) == 1, subjects(to(mails, who))
    return found[0]


def play_spring(sandbox: Sandbox) -> list[IncomingMail]:
    send_as(sandbox, "France", "A PAR - BUR\nA MAR S A PAR - BUR")
    send_as(sandbox, "Germany", "A MUN - BUR")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    return sandbox.new_mail()


def test_every_result_mail_carries_the_map_in_the_format_its_reader_chose(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "Turkey", "SET MAP SVG")
    send_as(sandbox, "Russia", "set map none")
    gm(sandbox, "SET MAP svg")
    sandbox.poll()
    replies = sandbox.new_mail()
    assert "your results will carry the map as SVG" in sandbox.text(to(replies, "turkey")[0])
    assert "no map picture will come with your results" in sandbox.text(to(replies, "russia")[0])
    mails = play_spring(sandbox)
    france = pictures(results(mails, "france"))
    assert [(name, kind) for name, kind, _ in france] == [("demo-S1901M.png", "image/png")]
    assert france[0][2].startswith(b"\x89PNG\r\n\x1a\n") and len(france[0][2]) < 300_000
    turkey = pictures(results(mails, "turkey"))
    assert [(name, kind) for name, kind, _ in turkey] == [("demo-S1901M.svg", "image/svg+xml")]
    assert turkey[0][2].startswith(b"<svg") and b'<g class="move">' in turkey[0][2]
    assert pictures(results(mails, "russia")) == []
    assert [kind for _, kind, _ in pictures(results(mails, GM))] == ["image/svg+xml"]
    assert "France: Army Paris -> Burgundy." in sandbox.text(results(mails, "russia"))  # the text is unchanged


def test_set_map_refuses_a_format_it_does_not_know_and_a_seat_without_a_power(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} standard gm-secret", "new game")
    sandbox.send("france@demo.invalid", f"JOIN {GAME} pw\nSIGNON ?{GAME} pw\nSET MAP SVG\nSET MAP GIF")
    sandbox.poll()
    text = sandbox.text(to(sandbox.new_mail(), "france")[-1])
    assert "SET MAP takes png, svg or none, not 'GIF'" in text


def test_history_sends_the_public_map_of_the_last_phase_it_shows(sandbox: Sandbox) -> None:
    start_game(sandbox)
    play_spring(sandbox)
    sandbox.send("stranger@example.org", f"HISTORY {GAME} S1901M S1901M", "history")
    sandbox.poll()
    history = [m for m in sandbox.new_mail() if str(m.message["Subject"]).startswith("History of")]
    assert len(history) == 1
    [(name, kind, data)] = pictures(history[0])
    assert (name, kind) == ("demo-S1901M.png", "image/png") and len(data) < 300_000


def test_judge_map_picture_draws_a_played_phase_for_the_gm(sandbox: Sandbox, tmp_path: Path) -> None:
    start_game(sandbox)
    play_spring(sandbox)
    out = tmp_path / "spring.svg"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "judge", "map", "picture", GAME, "S1901M", "--format", "svg",
                           "--out", str(out), "--config", str(sandbox.root / "judge.toml")],
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    text = out.read_text()
    assert text.startswith("<svg") and text.count('<g class="move failed">') == 1  # Munich bounced
    missing = subprocess.run([sys.executable, "-m", "judge", "map", "picture", GAME, "F1905M",
                              "--config", str(sandbox.root / "judge.toml")],
                             capture_output=True, text=True, env=env, check=False)
    assert missing.returncode == 1 and "F1905M of 'demo' has not been played" in missing.stderr


@pytest.fixture
def plain_gamedata(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A copy of the standard variant named "plain", whose map has no geometry file."""
    folder = tmp_path / "gamedata" / "plain"
    folder.mkdir(parents=True)
    shutil.copy(gamedata_dir() / "standard" / "standard.map", folder / "standard.map")
    (folder / "ruleset.toml").write_text('name = "plain"\nmap = "standard.map"\n', encoding="utf-8")
    monkeypatch.setenv("JUDGE_GAMEDATA", str(tmp_path / "gamedata"))
    variant_geometry.cache_clear()
    return "plain"


def test_a_variant_without_geometry_mails_text_only_and_tells_its_gm_once(sandbox: Sandbox,
                                                                           plain_gamedata: str) -> None:
    start_game(sandbox, variant=plain_gamedata)
    mails = play_spring(sandbox)
    assert all(pictures(results(mails, who)) == [] for who in ("france", "turkey", GM))
    notices = [m for m in to(mails, GM) if "No map pictures" in str(m.message["Subject"])]
    assert len(notices) == 1 and "has no geometry" in sandbox.text(notices[0])
    assert to(mails, "france") and not [m for m in to(mails, "france") if "No map" in str(m.message["Subject"])]
    send_as(sandbox, "France", "A BUR H")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    assert not [m for m in sandbox.new_mail() if "No map pictures" in str(m.message["Subject"])]
