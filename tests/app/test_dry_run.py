"""Issue 24, point 2: ``judge poll --dry-run`` says what a poll would do, and changes nothing.

The judge has running, paused, finished and forming games, one more whose
reminders are due, mail waiting (to act on, a bounce, a duplicate, one to
refuse) and a mail waiting to be sent.  The data folder and the whole spool
are fingerprinted (every file's bytes, size, mode and time, every folder's
time) before and after; then a real poll must do what the dry run said.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from judge.app.sandbox import Sandbox
from judge.store import OutgoingMail
from judge.turns.deadlines import remind_at
from tests.app.helpers import POWERS, address
from tests.app.operator_judge import fingerprint, judge, several_games, start

ALL = sorted(p.upper() for p in POWERS)


def _judge_with_work(sandbox: Sandbox) -> None:
    several_games(sandbox)
    sandbox.advance(timedelta(days=1))
    start(sandbox, "reminded")
    old = sandbox.send("stranger@example.org", "HELP", "first help")
    sandbox.poll()
    sandbox.new_mail()
    running, reminded = sandbox.store.load_game("running"), sandbox.store.load_game("reminded")
    assert running.grace_end is not None and reminded.deadline is not None
    sandbox.clock.set(running.grace_end)                        # the running game's grace is over
    due = remind_at(reminded)
    assert due is not None and due <= running.grace_end < reminded.deadline   # and the reminders are due
    sandbox.send("stranger@example.org", "LIST", "what games?")
    sandbox.send("mailer-daemon@example.org", "Your mail could not be delivered.", "Undelivered Mail",
                 Auto_Submitted="auto-replied")
    sandbox.deliver(old)                                        # delivered twice
    sandbox.send("someone@example.org", "HELP", "help", Reply_To="not an address")
    sandbox.store.queue_mail(OutgoingMail(["x@example.org"], "left over", "body"))


def test_2_a_dry_run_changes_nothing_and_a_poll_then_does_what_it_said(sandbox: Sandbox, tmp_path: Path) -> None:
    _judge_with_work(sandbox)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    before = fingerprint(sandbox.config.data_dir, sandbox.spool)
    as_json = judge(sandbox, "poll", "--dry-run", "--json", env={"TMPDIR": str(scratch)})
    as_text = judge(sandbox, "poll", "--dry-run", env={"TMPDIR": str(scratch)})
    assert as_json.returncode == as_text.returncode == 0, as_json.stderr + as_text.stderr
    assert fingerprint(sandbox.config.data_dir, sandbox.spool) == before      # not a byte, not a file, not a time
    assert list(scratch.iterdir()) == []                                     # its scratch copy is gone
    said = json.loads(as_json.stdout)
    assert [(m["sender"], m["action"]) for m in said["mail_in"]] == [
        ("stranger@example.org", "read"), (None, "ignored"), ("stranger@example.org", "skipped"),
        ("someone@example.org", "set aside")]
    assert said["mail_in"][1]["why"] == "Auto-Submitted: auto-replied"
    games = {g["name"]: g for g in said["games"]}
    assert set(games) == {"running", "reminded"} and said["games_idle"] == 3   # halted, drawn, forming
    assert games["running"]["plays"] == ["S1901M"] and games["running"]["phase_after"] == "F1901M"
    assert games["running"]["mails"]["result"] >= 8                           # seven powers and the GM
    assert games["reminded"]["plays"] == [] and games["reminded"]["reminded"] == ALL
    assert games["reminded"]["mails"] == {"reminder": 7}
    assert said["outgoing"]["total"] == 1 and said["problems"] == []
    text = as_text.stdout
    assert "Nothing was changed" in text and "Mail waiting: 4 (1 to act on)" in text
    assert "running (standard, S1901M): plays S1901M, then waits in F1901M;" in text
    assert f"reminded (standard, S1901M): reminds {', '.join(ALL)};" in text
    assert "3 other games: nothing due." in text and "Waiting to be sent now: 1 mail" in text

    report = sandbox.poll()
    assert report.played == ["running S1901M"]
    assert sandbox.store.load_game("running").state["phase"] == "F1901M"
    reminders = [m for m in sandbox.new_mail() if "reminded" in str(m.message["Subject"])
                 and "remind" in sandbox.text(m).lower()]
    assert sorted(str(m.message["To"]) for m in reminders) == sorted(address(p) for p in POWERS)
    assert report.read == 2 and report.skipped == 2 and report.set_aside == 1   # LIST + the refused; bounce, twin


def test_2_a_dry_run_on_a_judge_that_never_ran_makes_no_folder(sandbox: Sandbox) -> None:
    sandbox.send("a@example.org", "HELP")
    data = sandbox.config.data_dir
    before = fingerprint(sandbox.spool)
    done = judge(sandbox, "poll", "--dry-run", "--json")
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    assert [m["action"] for m in said["mail_in"]] == ["read"] and said["games"] == []
    assert not data.exists() and fingerprint(sandbox.spool) == before
    assert not (sandbox.spool / "outbox").exists()


def test_2_json_without_dry_run_is_refused(sandbox: Sandbox) -> None:
    done = judge(sandbox, "poll", "--json")
    assert done.returncode == 2 and "--dry-run" in done.stderr
