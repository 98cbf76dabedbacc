"""Issue 24, point 2: ``judge poll --dry-run`` over a real IMAP mailbox reads it and changes nothing there.

The judge's Dovecot mailbox is looked at before and after (every folder,
every message's flags, read-only): the dry run lists the waiting mail but
flags nothing ``\\Seen``, moves nothing to the processed folder, and leaves the
judge's data folder as it was; the poll after it reads the same mail.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from imapclient import IMAPClient

from judge.app.sandbox import Sandbox
from tests.app.operator_judge import fingerprint
from tests.mail.servers import DovecotServer, SmtpServer
from tests.mail.test_judge_by_mail import ROOT, judge_dir, judge_poll, mail_judge

__all__ = ["judge_dir"]  # the fixture, shared with the end-to-end test

Folders = dict[str, list[tuple[int, list[bytes]]]]


def judge_folders(server: DovecotServer) -> Folders:
    """Every folder of the judge's mailbox: its messages' UIDs and flags (``\\Recent`` aside: a session's)."""
    client = IMAPClient("127.0.0.1", port=server.port, ssl=False, timeout=30)
    try:
        client.login("judge", server.users["judge"])
        found: Folders = {}
        for _flags, _delimiter, name in client.list_folders():
            client.select_folder(name, readonly=True)
            uids = client.search("ALL")
            flags = client.get_flags(uids) if uids else {}
            found[str(name)] = sorted((uid, sorted(f for f in got if f != b"\\Recent")) for uid, got in flags.items())
        return found
    finally:
        client.logout()


def test_2_a_dry_run_reads_the_imap_mailbox_without_flagging_or_moving_a_mail(
        judge_dir: Sandbox, imap: DovecotServer, smtp: SmtpServer) -> None:
    mail_judge(smtp, "gmaster@example.org", "HELP", "help please")
    mail_judge(smtp, "stranger@example.org", "LIST", "games?")
    before = judge_folders(imap)
    assert [len(messages) for messages in before.values()] and before["INBOX"]
    data_before = fingerprint(judge_dir.root)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "judge", "--config", str(judge_dir.root / "judge.toml"), "poll",
                           "--dry-run", "--json"], capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    assert [(m["sender"], m["subject"], m["action"]) for m in said["mail_in"]] == [
        ("gmaster@example.org", "help please", "read"), ("stranger@example.org", "games?", "read")]
    assert judge_folders(imap) == before                     # nothing flagged \\Seen, nothing moved
    assert fingerprint(judge_dir.root) == data_before         # nor anything of the judge's folder
    assert "2 mails read" in judge_poll(judge_dir)
    assert judge_folders(imap) != before
