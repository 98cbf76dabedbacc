"""The local Maildir spool: inbox, outbox, atomic writes, crash recovery."""

from __future__ import annotations

import json
import mailbox
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge.mail import (
    Mailbox,
    MailError,
    Outbox,
    SpoolMailbox,
    SpoolOutbox,
    build_message,
    deliver_to_spool,
    read_outbox,
)
from judge.mail.spool import SpoolConfig, write_atomically

ROOT = Path(__file__).resolve().parents[2]


def mail(n: int, size: int = 0) -> bytes:
    return (f"From: p@example.com\nTo: judge@example.org\nSubject: {n}\n"
            f"Message-ID: <s{n}@example.com>\n\n{'x' * size}A Par-Bur\n").encode()


def test_spool_classes_satisfy_the_protocols(tmp_path: Path) -> None:
    assert isinstance(SpoolMailbox(tmp_path / "in"), Mailbox)
    assert isinstance(SpoolOutbox(tmp_path / "out"), Outbox)


def test_deliver_fetch_mark(tmp_path: Path) -> None:
    ids = [deliver_to_spool(tmp_path, mail(n)) for n in (1, 2)]
    box = SpoolMailbox(SpoolConfig(tmp_path).inbox)
    fetched = box.fetch()
    assert [m.id for m in fetched] == ids
    assert [m.message_id for m in fetched] == ["<s1@example.com>", "<s2@example.com>"]
    assert fetched[0].raw == mail(1)
    for item in fetched:
        box.mark_processed(item.id)
    assert box.fetch() == []
    assert sorted(os.listdir(tmp_path / "inbox" / "cur")) == sorted(f"{i}:2,S" for i in ids)
    box.mark_processed(ids[0])  # idempotent
    with pytest.raises(MailError, match="no such message"):
        box.mark_processed("12345.unknown.host")


@pytest.mark.parametrize("bad", ["", ".", "..", "../../etc/passwd", "a/b", ".hidden", "a\0b"])
def test_ids_cannot_escape_the_folder(tmp_path: Path, bad: str) -> None:
    with pytest.raises(MailError, match="not a spool message id"):
        SpoolMailbox(tmp_path).mark_processed(bad)


def test_oldest_first_and_junk_ignored(tmp_path: Path) -> None:
    box = SpoolMailbox(tmp_path)
    ids = [write_atomically(tmp_path, mail(n)) for n in (1, 2, 3)]
    for age, name in zip((10, 30, 20), ids, strict=True):
        stamp = time.time() - age
        os.utime(tmp_path / "new" / name, (stamp, stamp))
    (tmp_path / "new" / ".partial").write_bytes(b"junk")
    (tmp_path / "new" / "subdir").mkdir()
    (tmp_path / "tmp" / "half-written").write_bytes(mail(9)[:20])
    assert [m.id for m in box.fetch()] == [ids[1], ids[2], ids[0]]


CRASHING_POLL = """
import json, os, sys
from pathlib import Path
from judge.mail import SpoolMailbox
box = SpoolMailbox(Path(sys.argv[1]))
print(json.dumps([m.message_id for m in box.fetch()]), flush=True)
os._exit(3)  # die before mark_processed
"""


def test_crash_between_fetch_and_mark_fetches_again(tmp_path: Path) -> None:
    deliver_to_spool(tmp_path, mail(1))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    died = subprocess.run([sys.executable, "-c", CRASHING_POLL, str(tmp_path / "inbox")],
                          capture_output=True, text=True, timeout=60, env=env)
    assert died.returncode == 3, died.stderr
    assert json.loads(died.stdout) == ["<s1@example.com>"]
    assert [m.message_id for m in SpoolMailbox(tmp_path / "inbox").fetch()] == ["<s1@example.com>"]


def test_outbox(tmp_path: Path) -> None:
    sent = build_message("judge@example.org", "p@example.com", "Results", "A Par-Bur: ok ✓\n")
    SpoolOutbox(SpoolConfig(tmp_path).outbox).send(sent)
    (got,) = read_outbox(tmp_path)
    assert got.message_id == sent["Message-ID"]
    assert got.message["X-Judge-Loop"] == "judge@example.org"
    assert got.message.get_content() == "A Par-Bur: ok ✓\n"
    path = tmp_path / "outbox" / "new" / got.id
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert os.listdir(tmp_path / "outbox" / "tmp") == []


def test_failed_write_leaves_nothing_behind(tmp_path: Path) -> None:
    outbox = SpoolOutbox(tmp_path)
    (tmp_path / "new").rmdir()
    (tmp_path / "new").write_text("not a directory")
    with pytest.raises(MailError, match="cannot write to spool"):
        outbox.send(build_message("judge@example.org", "p@example.com", "s", "b"))
    assert os.listdir(tmp_path / "tmp") == []


WRITER = """
import sys
from pathlib import Path
from judge.mail.spool import write_atomically
body = b"x" * int(sys.argv[2])
for n in range(int(sys.argv[3])):
    write_atomically(Path(sys.argv[1]), b"Subject: %d\\n\\n" % n + body)
"""


def test_readers_never_see_a_partial_file(tmp_path: Path) -> None:
    size, count = 2 * 2**20, 25
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), str(size), str(count)],
                              env=env)
    box = SpoolMailbox(tmp_path)
    seen: set[str] = set()
    deadline = time.monotonic() + 120
    while len(seen) < count and time.monotonic() < deadline:
        for item in box.fetch():
            assert len(item.raw.split(b"\n\n", 1)[1]) == size  # complete, never truncated
            box.mark_processed(item.id)
            seen.add(item.id)
    assert writer.wait(timeout=60) == 0
    assert len(seen) == count


def test_interoperates_with_stdlib_maildir(tmp_path: Path) -> None:
    """Any Maildir-aware program (an MUA, an MTA's delivery) can share the spool."""
    deliver_to_spool(tmp_path, mail(1))
    other = mailbox.Maildir(tmp_path / "inbox", create=False)
    assert [m["Message-ID"] for m in other] == ["<s1@example.com>"]
    other.add(mail(2))
    box = SpoolMailbox(tmp_path / "inbox")
    ids = sorted(str(m.message_id) for m in box.fetch())
    assert ids == ["<s1@example.com>", "<s2@example.com>"]
    for item in box.fetch():
        box.mark_processed(item.id)
    assert sorted("S" in m.get_flags() for m in other) == [True, True]  # seen, in Maildir terms
