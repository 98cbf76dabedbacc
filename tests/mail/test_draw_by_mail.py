"""A draw agreed over real servers: the players vote through SMTP, ``judge poll`` reads them over IMAP, and
each player's own Dovecot mailbox holds his own vote's reply and the game-end mail, never another's vote."""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from tests.mail.servers import DovecotServer, SmtpServer
from tests.mail.test_judge_by_mail import GM, POWERS, by_subject, inbox, judge_dir, judge_poll, mail_judge, player

__all__ = ["judge_dir"]  # the fixture, shared with the game played over IMAP and SMTP


def test_a_draw_voted_by_mail_over_imap_and_smtp(judge_dir: Sandbox, imap: DovecotServer, smtp: SmtpServer) -> None:
    mail_judge(smtp, GM, "CREATE demo standard gm-pw", "new game")
    judge_poll(judge_dir)
    for power in POWERS:
        mail_judge(smtp, f"{player(power)}@example.org", f"JOIN demo {power}-pw AS {power}", "join")
    judge_poll(judge_dir)
    mail_judge(smtp, GM, "SIGNON Mdemo gm-pw\nSTART", "start")
    judge_poll(judge_dir)
    for power in POWERS[:-1]:
        mail_judge(smtp, f"{player(power)}@example.org", f"SIGNON {power[0]}demo {power}-pw\nSET DRAW", "vote")
    assert "6 mails read" in judge_poll(judge_dir)
    assert judge_dir.store.load_game("demo").status == "active"
    mail_judge(smtp, "turkey@example.org", "SIGNON Tdemo Turkey-pw\nSET DRAW", "vote")
    judge_poll(judge_dir)
    assert judge_dir.store.load_game("demo").status == "finished"
    for power in POWERS:
        mails = by_subject(inbox(imap, player(power)))
        assert "a draw agreed by Austria, England, France, Germany, Italy, Russia and Turkey, before any phase was " \
               "played." in mails["Game demo is over"]
        assert f"{power} votes for a draw including every power still in the game" in mails["Re: vote"]
        every = "\n".join(mails.values())
        assert all(f"{other} votes" not in every for other in POWERS if other != power)
    assert "a draw agreed by" in by_subject(inbox(imap, "gmaster"))["Game demo is over"]
