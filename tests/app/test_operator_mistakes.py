"""Issue 37: an operator's mistake is caught at once and named, by the real ``judge`` command.

Each test is one numbered point of the issue (points 8 and 9 are in
test_reminders_per_address.py and tests/archive/test_replay_wording.py).
The judge is a sandbox (test clock, spool) whose ``judge.toml`` the test
edits as an operator would; the commands run as cron runs them, in a
subprocess (``tests/app/operator_judge.py``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, start_game
from tests.app.operator_judge import ROOT, judge

IMAP = '\n[mail.imap]\nhost = "127.0.0.1"\nport = 9\nuser = "judge"\nsecurity = "none"\n'


def edit(sandbox: Sandbox, old: str, new: str, *, append: str = "") -> None:
    """Change the sandbox's judge.toml as an operator's editor would."""
    path = sandbox.root / "judge.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new) + append, encoding="utf-8")


def played(sandbox: Sandbox) -> None:
    """The demo game started and its first phase played (so export and replay have a phase)."""
    start_game(sandbox)
    game = sandbox.store.load_game(GAME)
    assert game.grace_end is not None
    sandbox.clock.set(game.grace_end)
    assert sandbox.poll().played == [f"{GAME} S1901M"]


def no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stderr + done.stdout, done.stderr


def test_1_a_misspelt_clock_is_named_and_makes_no_file(sandbox: Sandbox) -> None:
    edit(sandbox, 'clock = "clock.txt"', 'clock = "sytem"')
    for command in (("status",), ("status", "--json"), ("poll",), ("poll", "--dry-run")):
        done = judge(sandbox, *command)
        assert done.returncode == 2, command
        assert ('[judge] clock: found "sytem", no such file; expected "system", or the file of a test clock'
                in done.stderr), done.stderr
        assert 'did you mean "system"?' in done.stderr
        no_traceback(done)
    assert not (sandbox.root / "sytem").exists()   # status writes nothing, and no clock is made


def test_1_status_says_a_test_clock_is_in_use(sandbox: Sandbox) -> None:
    text = judge(sandbox, "status")
    assert text.returncode == 0, text.stderr
    assert f"Test clock: the time is read from {sandbox.root / 'clock.txt'}, not the system's" in text.stdout
    data = json.loads(judge(sandbox, "status", "--json").stdout)
    assert data["test_clock"] == str(sandbox.root / "clock.txt")
    edit(sandbox, 'clock = "clock.txt"', 'clock = "system"')
    assert json.loads(judge(sandbox, "status", "--json").stdout)["test_clock"] is None
    assert "Test clock" not in judge(sandbox, "status").stdout


def test_2_commands_that_never_touch_mail_need_no_password(sandbox: Sandbox, tmp_path: Path) -> None:
    played(sandbox)
    edit(sandbox, 'incoming = "spool"', 'incoming = "imap"', append=IMAP + 'password_env = "JUDGE_IMAP_PASSWORD"\n')
    for command in (("status",), ("status", "--json"), ("export", GAME, "--out", str(tmp_path / "g.jsonl")),
                    ("replay", GAME), ("publish", "--quiet", "--out", str(tmp_path / "site")),
                    ("map", "picture", GAME, "S1901M", "--out", str(tmp_path / "s.png"))):
        done = judge(sandbox, *command)            # $JUDGE_IMAP_PASSWORD is not set (judge() drops JUDGE_*)
        assert done.returncode == 0, (command, done.stderr)
        assert "JUDGE_IMAP_PASSWORD" not in done.stderr
    poll = judge(sandbox, "poll")                   # the one command that uses mail says what is missing
    assert poll.returncode == 1
    assert "[mail.imap] password_env: found $JUDGE_IMAP_PASSWORD, which is not set" in poll.stderr
    no_traceback(poll)
    assert "JUDGE_IMAP_PASSWORD" in (ROOT / "cron.example").read_text(encoding="utf-8")


@pytest.mark.parametrize("table", ["imap", "smtp"])
def test_3_a_missing_ca_file_is_named(sandbox: Sandbox, table: str) -> None:
    if table == "imap":
        edit(sandbox, 'incoming = "spool"', 'incoming = "imap"', append=IMAP + 'password_env = "PW"\n'
             'ca_file = "private-ca.pem"\n')
    else:
        edit(sandbox, 'outgoing = "spool"', 'outgoing = "smtp"',
             append='\n[mail.smtp]\nhost = "127.0.0.1"\nport = 9\nca_file = "private-ca.pem"\n')
    line = f'[mail.{table}] ca_file: found "private-ca.pem", no such file ({sandbox.root / "private-ca.pem"})'
    poll = judge(sandbox, "poll", env={"PW": "secret"})
    assert poll.returncode == 1 and line in poll.stderr, poll.stderr
    no_traceback(poll)
    if table == "imap":
        dry = judge(sandbox, "poll", "--dry-run", env={"PW": "secret"})
        assert dry.returncode == 1
        assert f"PROBLEM: cannot read the mailbox: {line}" in dry.stdout, dry.stdout
        no_traceback(dry)
    assert judge(sandbox, "status").returncode == 0   # status never reads a CA file


def test_4_status_lists_a_game_it_cannot_read_and_goes_on(sandbox: Sandbox) -> None:
    """As root (the tests' user) chmod 000 does not stop a read, so the unreadable files are a folder
    where a game's file should be (IsADirectoryError, an OSError as a PermissionError is) and a file
    that is not JSON."""
    start_game(sandbox)
    games = sandbox.config.data_dir / "games"
    (games / "folder.json").mkdir()
    (games / "garbled.json").write_bytes(b"\x00\xff not json")
    done = judge(sandbox, "status", "--json")
    assert done.returncode == 0, done.stderr
    rows = {row["name"]: row for row in json.loads(done.stdout)["games"]}
    assert rows[GAME]["error"] is None and rows[GAME]["phase"] == "S1901M"
    assert rows["folder"]["error"].startswith("IsADirectoryError:")
    assert rows["garbled"]["error"]
    text = judge(sandbox, "status")
    assert text.returncode == 0 and re.search(r"folder +cannot be read: IsADirectoryError", text.stdout)
    no_traceback(text)


def test_4_status_warns_when_no_poll_ran_for_a_while(sandbox: Sandbox) -> None:
    sandbox.poll()
    assert "No poll for" not in judge(sandbox, "status").stdout
    sandbox.advance(timedelta(hours=3))
    done = judge(sandbox, "status")
    assert "No poll for 3 hours: is cron running, or is a poll stuck?" in done.stdout
    assert json.loads(judge(sandbox, "status", "--json").stdout)["minutes_since_last_poll"] == 180


@pytest.mark.parametrize("old, new, append, line", [
    ("[mail]", "[mail]", '\n[limitz]\npoll_seconds = 5\n',
     "[limitz]: found an unknown table; expected one of [judge], [mail], [limits], [log] — did you mean [limits]?"),
    ('incoming = "spool"', 'incoming = "imap"', "",
     '[mail.imap]: found nothing; expected a [mail.imap] table (host, user, …), since [mail] incoming = "imap"'),
    ('data_dir = "data"', "data_dir = 5", "", "[judge] data_dir: found 5; expected a folder name (text)"),
    ("password_cost", "pasword_cost", "", "[judge] pasword_cost: found an unknown key; expected one of name, "
     "data_dir, timezone, clock, password_cost — did you mean password_cost?"),
])
def test_5_every_table_key_and_value_is_checked(sandbox: Sandbox, old: str, new: str, append: str,
                                                line: str) -> None:
    edit(sandbox, old, new, append=append)
    done = judge(sandbox, "status")
    assert done.returncode == 2 and line in done.stderr, done.stderr
    no_traceback(done)
    assert not (sandbox.root / "5").exists()


def test_5_all_problems_are_said_at_once(sandbox: Sandbox) -> None:
    edit(sandbox, 'clock = "clock.txt"', 'clock = "sytem"\ntimezon = "UTC"', append="\n[log]\nkeep = 0\n")
    lines = judge(sandbox, "status").stderr.splitlines()
    assert len(lines) == 3, lines
    assert all(str(sandbox.root / "judge.toml") in line for line in lines)


def test_5_a_password_in_a_judge_toml_others_may_read_is_refused(sandbox: Sandbox) -> None:
    edit(sandbox, 'outgoing = "spool"', 'outgoing = "smtp"',
         append='\n[mail.smtp]\nhost = "127.0.0.1"\nport = 9\nsecurity = "none"\nuser = "j"\npassword = "pw"\n')
    config = sandbox.root / "judge.toml"
    config.chmod(0o644)
    refused = judge(sandbox, "poll")
    assert refused.returncode == 1
    assert ("[mail.smtp] password: found a password in judge.toml, which other users may read (mode 0644); "
            "expected password_env") in refused.stderr, refused.stderr
    assert judge(sandbox, "status").returncode == 0           # status reads no secret
    config.chmod(0o600)
    kept = judge(sandbox, "poll")                               # the port is closed: the mail waits, no refusal
    assert "password:" not in kept.stderr and kept.returncode == 0, kept.stderr


def test_6_every_map_command_describes_itself(sandbox: Sandbox) -> None:
    for command in ("check", "draw", "build", "picture"):
        page = judge(sandbox, "map", command, "--help").stdout
        description = page.split("\n\n")[1]
        assert not description.startswith(("positional", "options")), (command, page)
    build_help = " ".join(judge(sandbox, "map", "build", "--help").stdout.split())   # argparse wraps it
    assert "python -m pip install 'judge[geometry]'" in build_help


def test_6_map_build_without_its_extras_names_the_install_command(tmp_path: Path) -> None:
    blocker = ("import sys\n"
               "class Block:\n"
               "    def find_spec(self, name, path=None, target=None):\n"
               "        if name.split('.')[0] in ('numpy', 'shapely', 'mpl_toolkits'):\n"
               "            raise ModuleNotFoundError(name)\n"
               "sys.meta_path.insert(0, Block())\n"
               "from judge.app.cli import main\n"
               "sys.exit(main(['map', 'build', 'gamedata/standard/standard.map']))\n")
    done = subprocess.run([sys.executable, "-c", blocker], capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)
    assert done.returncode == 2
    assert "needs the geometry extras; missing: numpy, shapely, basemap-data" in done.stderr
    assert "python -m pip install 'judge[geometry]'" in done.stderr
    no_traceback(done)


def test_7_a_sign_in_refusal_is_the_polls_failure_in_its_record(sandbox: Sandbox) -> None:
    script = sandbox.root / "no-token.sh"
    script.write_text("#!/bin/sh\nexit 1\n", encoding="utf-8")
    script.chmod(0o755)
    edit(sandbox, 'outgoing = "spool"', 'outgoing = "smtp"',
         append='\n[mail.smtp]\nhost = "127.0.0.1"\nport = 9\nuser = "j"\nauth = "xoauth2"\n'
                'token_command = ["./no-token.sh"]\n')
    done = judge(sandbox, "poll")
    record = json.loads((sandbox.config.data_dir / "state" / "last_poll.json").read_text(encoding="utf-8"))
    assert record["last"]["failed"] and "SignInError" in record["last"]["failed"], record
    assert "this poll stops" in done.stdout + done.stderr


def test_7_the_summary_line_has_its_time_and_its_plurals(sandbox: Sandbox) -> None:
    sandbox.send("someone@example.org", "HELP", "help")
    done = judge(sandbox, "poll")
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO judge\.summary: poll: 1 mail read, 0 skipped, "
                        r"0 phases played, \d+ mails? sent, 0 errors\n", done.stdout), done.stdout
    operator = (ROOT / "docs" / "operator.md").read_text(encoding="utf-8")
    assert "poll: 1 mail read" in operator and "1 mails" not in operator


def test_7_the_docs_say_what_an_unreachable_mailbox_does() -> None:
    mail = " ".join((ROOT / "docs" / "mail.md").read_text(encoding="utf-8").split())
    assert "the poll goes on with no mail read" not in mail
    assert "without IMAP the poll plays no phase" in mail
