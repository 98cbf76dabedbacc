"""1,000 generated hostile mails through `judge poll` (issue 10, "Done when").

A judge with a running standard game and a running Europe 1615 game gets
mails made by ``tests/app/fuzzmail.py`` from a fixed seed, a few hundred per
poll.  Then: no poll crashed, every mail was answered exactly once or
deliberately ignored, nothing was left in the inbox and nothing is done twice
when the same mails come again, the games did not change and still play their
next phase, nothing was written outside the data folder (and the spool), and
no header the judge wrote carries CR, LF or NUL.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections import Counter
from pathlib import Path

import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.commands.mailflow import MAX_DOCUMENTS
from judge.mail import IncomingMail
from judge.store import Game
from tests.app.fuzzmail import Hostile, hostile_mail
from tests.app.helpers import GAME, POWERS, hold_all, send_as, start_game

GAME_SCRIPT = load_script("europe1615-v3")

MAILS = 1000
PER_POLL = 250
SEED = 20261123


def files_under(folder: Path, *leave_out: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file() and not any(p.is_relative_to(x) for x in leave_out)}


def is_reply(mail: IncomingMail) -> bool:
    subject = str(mail.message["Subject"])
    return subject.lower().startswith("re:") or subject == "Your mail to the judge"


def header_problems(mail: IncomingMail) -> list[str]:
    """Headers of a sent mail that carry CR, LF or NUL, raw or once decoded."""
    head = mail.raw.split(b"\n\n", 1)[0]
    found = [f"raw NUL or CR in {head[:80]!r}"] if b"\x00" in head or b"\r" in head else []
    for name, value in mail.message.items():
        if any(ch in str(value) for ch in "\r\n\0"):
            found.append(f"{name}: {str(value)!r}")
    return found


def players(game: Game) -> list[tuple[str | None, str, str, str]]:
    return sorted((p.power, p.address, p.password_hash, p.status) for p in game.players)


@pytest.fixture
def private_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temp folder of the test's own, so that anything the judge writes there is seen."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def test_a_thousand_hostile_mails_stop_nothing(tmp_path: Path, private_temp: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    monkeypatch.chdir(tmp_path)
    start_game(sandbox)
    GAME_SCRIPT.set_up(sandbox)
    sandbox.new_mail()
    before = {name: players(sandbox.store.load_game(name)) for name in (GAME, GAME_SCRIPT.game)}
    outside = files_under(tmp_path, sandbox.config.data_dir, sandbox.spool)

    rng = random.Random(SEED)
    mails = [hostile_mail(rng, n) for n in range(MAILS)]
    started = time.monotonic()
    reports = []
    for start in range(0, MAILS, PER_POLL):
        for mail in mails[start:start + PER_POLL]:
            sandbox.deliver(mail.raw)
        reports.append(sandbox.poll())  # a crash fails the test here
    elapsed = time.monotonic() - started
    sent = sandbox.new_mail()

    assert list(sandbox.spool.joinpath("inbox", "new").iterdir()) == [], "mail left unprocessed"
    check_answers(mails, sent, sum(r.skipped for r in reports), len(reports))
    assert [p for m in sent for p in header_problems(m)] == []
    per_address = Counter(str(m.message["To"]) for m in sent if str(m.message["To"]).endswith("@fuzz.test"))
    assert max(per_address.values()) <= 1 + MAX_DOCUMENTS  # no amplification: a reply and a few documents

    again = [m.raw for m in rng.sample(mails, 100)]  # the same mails once more: nothing is done twice
    for raw in again:
        sandbox.deliver(raw)
    sandbox.poll()
    assert [str(m.message["To"]) for m in sandbox.new_mail() if is_reply(m)] == []

    assert {name: players(sandbox.store.load_game(name)) for name in before} == before
    assert sandbox.store.quarantine.entries("games") == []
    still_playing(sandbox)
    assert files_under(tmp_path, sandbox.config.data_dir, sandbox.spool) == outside  # the private temp too
    print(f"\n{MAILS} hostile mails in {elapsed:.1f} s: " + "; ".join(r.summary() for r in reports))


def check_answers(mails: list[Hostile], sent: list[IncomingMail], skipped: int, polls: int) -> None:
    """Each answerable mail got exactly one reply, at its address; the others none; none went elsewhere but a
    seat's notice of wrong passwords, once a poll at most (docs/security.md, "Limits and masking")."""
    replies = Counter(str(m.message["To"]) for m in sent if is_reply(m))
    expected = Counter(m.answer_to for m in mails if m.answer_to is not None)
    assert replies == expected
    assert skipped == sum(1 for m in mails if m.answer_to is None)
    guessed = [m for m in sent if "wrong passwords were tried" in str(m.message["Subject"])]
    assert max(Counter((str(m.message["To"]), str(m.message["Subject"])) for m in guessed).values(),
               default=0) <= polls
    strangers = {str(m.message["To"]) for m in sent if m not in guessed} - {m.answer_to for m in mails}
    assert {to for to in strangers if not to.endswith("@fuzz.test")} == set()


def still_playing(sandbox: Sandbox) -> None:
    """Both games play their next phase as if nothing had happened."""
    orders = hold_all(sandbox)
    for power in POWERS:
        send_as(sandbox, power, orders[power])
    report = sandbox.poll()
    assert f"{GAME} S1901M" in report.played
    assert sandbox.store.load_game(GAME).state["phase"] == "F1901M"
    phase, v3_orders = GAME_SCRIPT.phases[0]
    GAME_SCRIPT.play_phase(sandbox, phase, v3_orders)
    assert GAME_SCRIPT.phase_now(sandbox) != phase
