"""Issue 9, items 15 and 16: answers continue the sender's thread, carry the judge's clock, and a
duplicate mail is skipped, not read again."""

from __future__ import annotations

from email.utils import parsedate_to_datetime

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, GM, signon, start_game, to

THREAD = "<root@example.org> <second@example.org>"


def test_every_answer_carries_the_references_chain_and_in_reply_to(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sent = sandbox.send("france@demo.invalid", f"{signon('France')}\nA PAR - BUR\nHELP\nSTATUS", "orders",
                        References=THREAD, In_Reply_To="<second@example.org>")
    own = str(sent["Message-ID"])
    sandbox.poll()
    answers = to(sandbox.new_mail(), "france@")
    assert sorted(str(m.message["Subject"]) for m in answers) == ["Help from demo-judge", "Re: orders",
                                                                  f"Status of {GAME}"]
    for answer in answers:  # RFC 5322 3.6.4: the parent's References, then the parent's Message-ID
        assert str(answer.message["References"]).split() == ["<root@example.org>", "<second@example.org>", own]
        assert str(answer.message["In-Reply-To"]) == own


def test_a_lone_in_reply_to_starts_the_chain_and_a_long_one_is_trimmed_to_twenty(sandbox: Sandbox) -> None:
    first = sandbox.send("a@example.org", "HELP", "help", In_Reply_To="<parent@example.org>")
    chain = " ".join(f"<r{n}@example.org>" for n in range(40))
    second = sandbox.send("b@example.org", "LIST", "list", References=chain)
    sandbox.poll()
    mails = sandbox.new_mail()
    lone = [m for m in to(mails, "a@") if str(m.message["Subject"]).startswith("Re:")][0]
    assert str(lone.message["References"]).split() == ["<parent@example.org>", str(first["Message-ID"])]
    long = [m for m in to(mails, "b@") if str(m.message["Subject"]).startswith("Re:")][0]
    ids = str(long.message["References"]).split()
    assert len(ids) == 20 and ids[0] == "<r0@example.org>" and ids[-1] == str(second["Message-ID"])


def test_preview_answers_the_gms_mail(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sent = sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nPREVIEW", "preview", References="<root@example.org>")
    sandbox.poll()
    preview = [m for m in to(sandbox.new_mail(), GM) if str(m.message["Subject"]).startswith("Preview:")]
    assert len(preview) == 1
    assert str(preview[0].message["In-Reply-To"]) == str(sent["Message-ID"])
    assert str(preview[0].message["References"]).split() == ["<root@example.org>", str(sent["Message-ID"])]


def test_the_date_header_is_the_judges_clock(sandbox: Sandbox) -> None:
    sandbox.send("a@example.org", "HELP")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert mails and all(parsedate_to_datetime(str(m.message["Date"])) == sandbox.clock.now() for m in mails)


def test_a_duplicate_mail_counts_as_skipped(sandbox: Sandbox) -> None:
    start_game(sandbox)
    mail = sandbox.mail("france@demo.invalid", f"{signon('France')}\nA PAR - BUR")
    sandbox.deliver(mail)
    sandbox.deliver(mail)                      # twice in the same poll
    first = sandbox.poll()
    assert (first.read, first.skipped) == (1, 1)
    sandbox.deliver(mail)                      # and once more in a later poll
    again = sandbox.poll()
    assert (again.read, again.skipped) == (0, 1)
    assert "0 mails read, 1 skipped" in again.summary()
    assert len([m for m in to(sandbox.new_mail(), "france@") if str(m.message["Subject"]) == "Re: orders"]) == 1
