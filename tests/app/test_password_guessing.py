"""Password guessing is bounded (issue 31, point 3).

One mail could carry a hundred ``SIGNON`` guesses and its reply marked the
right one; fifty such mails were all hashed ahead of the poll's time budget
and starved the legitimate mail.  Now each mail, address, seat and poll has a
cap on wrong passwords, past which a sign-on is refused unchecked; the seat's
owner is told once per poll; every check is made while the mail is acted on.
Hash checks are counted (``judge.store.passwords._scrypt``), never timed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.app.sandbox import Sandbox
from judge.store import passwords
from tests.app.helpers import GAME, address, password, reply, send_as, start_game, subjects, to

FRANCE = "France"
PER_MAIL, PER_SEAT = 3, 10   # the documented defaults of [limits] (docs/security.md)


@pytest.fixture
def hashes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every scrypt run (a check or a new hash) from now on."""
    count = [0]
    real = passwords._scrypt

    def counting(*args: object, **kwargs: object) -> bytes:
        count[0] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(passwords, "_scrypt", counting)
    passwords.forget_verified()
    return count


def guesses(power: str, n: int, right_at: int | None = None) -> str:
    return "\n".join(f"SIGNON {power[0]}{GAME} {password(power) if i == right_at else f'guess{i}'}"
                     for i in range(n))


def test_fifty_mails_of_a_hundred_guesses_do_not_starve_the_player(sandbox: Sandbox, hashes: list[int]) -> None:
    start_game(sandbox)
    hashes[0] = 0
    for n in range(50):
        sandbox.send(f"guesser{n}@evil.invalid", guesses(FRANCE, 100), "guess")
    send_as(sandbox, FRANCE, "A PAR - BUR")
    report = sandbox.poll()
    assert report.waiting == 0
    assert hashes[0] <= PER_SEAT + PER_MAIL + 1, hashes[0]
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, address(FRANCE))
    assert "signed on as France" in text and "A PAR - BUR" in text
    orders = sandbox.store.load_game(GAME).orders
    assert [o.line for o in orders["FRANCE"]] == ["A PAR - BUR"]


def test_the_reply_does_not_say_which_guess_past_the_cap_was_right(sandbox: Sandbox, hashes: list[int]) -> None:
    start_game(sandbox)
    hashes[0] = 0
    sandbox.send("guesser@evil.invalid", guesses(FRANCE, 100, right_at=50), "guess")
    sandbox.poll()
    assert hashes[0] == PER_MAIL
    text = reply(sandbox, sandbox.new_mail(), "guesser@evil.invalid")
    assert "signed on" not in text
    assert text.count("not checked: this mail already gave 3 wrong passwords") == 97


def test_the_owner_is_told_once_per_poll_without_passwords(sandbox: Sandbox) -> None:
    start_game(sandbox)
    for n in range(3):
        sandbox.send(f"guesser{n}@evil.invalid", guesses(FRANCE, 5), "guess")
    sandbox.poll()
    mails = to(sandbox.new_mail(), address(FRANCE))
    told = [m for m in mails if "wrong passwords were tried" in str(m.message["Subject"])]
    assert len(told) == 1, subjects(mails)
    text = sandbox.text(told[0])
    assert "guesser0@evil.invalid" in text
    assert "guess0" not in text.replace("guesser0", "") and password(FRANCE) not in text
    sandbox.send("guesser9@evil.invalid", guesses(FRANCE, 2), "guess")
    sandbox.poll()
    later = [m for m in to(sandbox.new_mail(), address(FRANCE)) if "wrong passwords" in str(m.message["Subject"])]
    assert len(later) == 1


def test_past_the_polls_cap_the_other_mails_wait(tmp_path: Path, hashes: list[int]) -> None:
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    config = sandbox.root / "judge.toml"
    config.write_text(config.read_text(encoding="utf-8") + "\n[limits]\nwrong_passwords_per_poll = 9\n",
                      encoding="utf-8")
    sandbox = Sandbox(sandbox.root)
    start_game(sandbox)
    hashes[0] = 0
    for n, power in enumerate(("England", "Germany", "Italy", "Russia", "Turkey")):
        sandbox.send(f"guesser{n}@evil.invalid", guesses(power, 100), "guess")
    send_as(sandbox, FRANCE, "A PAR - BUR")
    report = sandbox.poll()
    assert hashes[0] == 9 and report.waiting == 3
    report = sandbox.poll()
    assert report.waiting == 0
    assert "A PAR - BUR" in reply(sandbox, sandbox.new_mail(), address(FRANCE))
