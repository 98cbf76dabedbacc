"""Issue 24, point 2: ``judge status``, the poll's record, and a log that says one line per poll that did something.

Played on a judge with running, paused, finished and forming games
(``tests/app/operator_judge.py``), through the spool and the real ``judge``
command.
"""

from __future__ import annotations

import json
import logging
from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from judge.app.config import LogConfig
from judge.app.pollcli import poll_log
from judge.app.report import mask_addresses
from judge.app.sandbox import Sandbox
from judge.store import OutgoingMail
from tests.app.helpers import GM, POWERS
from tests.app.operator_judge import judge, secrets_of, several_games

PARIS = ZoneInfo("Europe/Paris")


def _late_and_waiting(sandbox: Sandbox) -> None:
    """The running game past its deadline (in its grace), a refused mail set aside, two mails left unsent."""
    several_games(sandbox)
    running = sandbox.store.load_game("running")
    assert running.deadline is not None
    sandbox.clock.set(running.deadline + timedelta(minutes=5))
    sandbox.send("someone@example.org", "HELP", "help", Reply_To="not an address")   # answered, set aside
    sandbox.poll()
    sandbox.store.queue_mail(OutgoingMail(["x@example.org"], "left over", "body"))
    sandbox.store.queue_mail(OutgoingMail([GM], "for the GM", "body", game="halted"))


def test_2_status_json_shows_every_game_the_last_poll_and_what_waits(sandbox: Sandbox) -> None:
    _late_and_waiting(sandbox)
    done = judge(sandbox, "status", "--json")
    assert done.returncode == 0, done.stderr
    status = json.loads(done.stdout)
    assert status["schema"] == 1 and status["timezone"] == "Europe/Paris"
    games = {g["name"]: g for g in status["games"]}
    assert {n: (g["status"], g["phase"]) for n, g in games.items()} == {
        "drawn": ("finished", "S1901M"), "forming": ("forming", None), "halted": ("paused", "S1901M"),
        "running": ("active", "S1901M")}
    running = games["running"]
    stored = sandbox.store.load_game("running")
    assert stored.deadline is not None and stored.grace_end is not None
    assert running["deadline"] == stored.deadline.astimezone(PARIS).isoformat()    # in the operator's zone
    assert running["grace_end"] == stored.grace_end.astimezone(PARIS).isoformat()
    assert running["late"] == running["owing"] == sorted(p.upper() for p in POWERS if p != "France")
    assert games["halted"]["paused_because"] == "its GM paused it" and games["halted"]["late"] == []
    assert {g["gm"] for g in status["games"]} == {GM} and running["players"] == 7
    assert status["last_poll"]["mails_read"] == 1 and status["last_poll"]["set_aside"] == 1
    assert status["last_poll"]["started"] == sandbox.clock.now().astimezone(PARIS).isoformat()
    assert status["quarantine"] == {"mail": 1, "outgoing": 0, "games": 0}
    outgoing = status["outgoing"]
    assert outgoing["total"] == 2 and outgoing["oldest"] == sandbox.clock.now().astimezone(PARIS).isoformat()
    assert {(b["outbox"], b["count"]) for b in outgoing["outboxes"]} == {("outbox.json", 1), ("halted", 1)}
    assert not [s for s in secrets_of(sandbox) if s in done.stdout]


def test_2_status_text_reads_at_a_glance_and_shows_no_player_address_or_password(sandbox: Sandbox) -> None:
    _late_and_waiting(sandbox)
    done = judge(sandbox, "status")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    lines = {line.split()[0]: line for line in text.splitlines() if line.startswith("  ") and line.split()}
    assert lines["running"].split()[1:4] == ["standard", "active", "S1901M"] and "CET" in lines["running"]
    assert lines["halted"].split()[1:4] == ["standard", "paused", "S1901M"]
    assert lines["drawn"].split()[1:4] == ["standard", "finished", "S1901M"]
    assert lines["forming"].split()[1:4] == ["standard", "forming", "-"]
    assert "late: AUSTRIA, ENGLAND, GERMANY, ITALY, RUSSIA, TURKEY" in text
    assert "paused: its GM paused it" in text and f"GM {GM}" in text
    assert "Last poll: " in text and "1 mail read" in text and "1 set aside" in text
    assert "Waiting to be sent: 2 mails" in text and "outbox.json: 1" in text and "halted: 1" in text
    assert "Set aside in quarantine/: 1 mail received" in text
    assert not [s for s in secrets_of(sandbox) if s in text]


def test_2_status_of_a_judge_that_never_polled_makes_nothing(sandbox: Sandbox) -> None:
    done = judge(sandbox, "status", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["games"] == []
    assert not sandbox.config.data_dir.exists()
    assert "Last poll: none yet" in judge(sandbox, "status").stdout


def test_2_each_poll_keeps_its_record_and_an_idle_one_keeps_the_last_active(sandbox: Sandbox) -> None:
    sandbox.send("a@example.org", "HELP")
    busy = sandbox.poll()
    sandbox.advance(timedelta(minutes=1))
    idle = sandbox.poll()
    assert busy.active and not idle.active
    record = json.loads((sandbox.config.data_dir / "state" / "last_poll.json").read_text())
    assert record["last"]["mails_read"] == 0 and record["last"]["mails_sent"] == 0
    assert record["last_active"]["mails_read"] == 1
    assert record["last_active"]["mails_sent"] == busy.sent == len(sandbox.sent()) > 0
    assert record["last"]["started"] > record["last_active"]["started"]
    status = json.loads(judge(sandbox, "status", "--json").stdout)
    assert status["last_poll"]["mails_read"] == 0 and status["last_active_poll"]["mails_read"] == 1


def test_2_a_poll_that_fails_says_why_in_its_record(sandbox: Sandbox) -> None:
    sandbox.send("a@example.org", "HELP")
    inbox_new = sandbox.spool / "inbox" / "cur"
    for item in inbox_new.iterdir():
        item.unlink()
    inbox_new.rmdir()
    inbox_new.write_text("not a folder")           # the spool broken under the judge
    done = judge(sandbox, "poll")
    assert done.returncode == 1 and "judge poll:" in done.stderr
    last = json.loads(judge(sandbox, "status", "--json").stdout)["last_poll"]
    assert last["failed"].startswith("FileExistsError") and last["mails_read"] == 0


def test_2_an_idle_poll_logs_nothing_and_a_busy_one_one_line(sandbox: Sandbox) -> None:
    log = sandbox.root / "log" / "judge.log"
    with open(sandbox.root / "judge.toml", "a", encoding="utf-8") as config:
        config.write('\n[log]\nfile = "log/judge.log"\n')
    for _ in range(3):
        idle = judge(sandbox, "poll")
        assert idle.returncode == 0 and idle.stdout == idle.stderr == ""
    assert not log.exists() or log.read_text() == ""
    sandbox.send("a@example.org", "HELP")
    busy = judge(sandbox, "poll")
    assert busy.returncode == 0 and busy.stdout == busy.stderr == ""
    lines = log.read_text().splitlines()
    assert len(lines) == 1 and "INFO judge.summary: poll: 1 mail read" in lines[0]
    judge(sandbox, "poll", "-v")                   # -v: the idle poll's line too
    assert len(log.read_text().splitlines()) == 2


def test_2_without_a_log_file_an_idle_poll_prints_nothing(sandbox: Sandbox) -> None:
    idle = judge(sandbox, "poll")
    assert idle.returncode == 0 and idle.stdout == idle.stderr == ""
    told = judge(sandbox, "poll", "-v")
    assert "0 mails read" in told.stdout


def test_2_the_log_file_rotates_at_its_size_and_keeps_a_few_old_files(tmp_path: Path) -> None:
    log = tmp_path / "judge.log"
    with poll_log(LogConfig(log, max_kb=1, keep=2), verbose=False) as say:
        for n in range(200):
            say.line(f"poll: {n} mails read, 0 skipped, 0 phases played, 1 mail sent, 0 errors")
            logging.getLogger("judge.poll").info("a mail skipped")       # below WARNING: not logged
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["judge.log", "judge.log.1", "judge.log.2"]
    assert all((tmp_path / name).stat().st_size <= 1024 for name in files)
    assert "poll: 199 mails read" in log.read_text() and "a mail skipped" not in log.read_text()
    assert not [h for h in logging.getLogger().handlers if h.__class__.__name__ == "RotatingFileHandler"]


def test_2_the_record_masks_addresses_in_messages() -> None:
    masked = mask_addresses("mail <a.b@x.org> from alice@example.org broke")
    assert masked == "mail <…@x.org> from …@example.org broke"


def test_2_publish_quiet_says_nothing_a_minute(sandbox: Sandbox, tmp_path: Path) -> None:
    several_games(sandbox)
    quiet = judge(sandbox, "publish", "--quiet", "--out", str(tmp_path / "site"))
    told = judge(sandbox, "publish", "--out", str(tmp_path / "site2"))
    assert quiet.returncode == told.returncode == 0 and quiet.stdout == quiet.stderr == ""
    assert (tmp_path / "site" / "index.html").is_file() and "published 1 games" in told.stdout
