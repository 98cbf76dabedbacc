"""Issue 33, njudge's information commands by mail: GET/SEND files, VERSION, WHOGAME, MAP game, LIST FULL,
SUMMARY alone, HISTORY's dates, LINES, EXCLSTART/EXCLEND and BROAD, SET ADDRESS alone, PREDICT.

Each is played by mail into a running standard game; each asserts what njudge's command does (a file, a
picture, the phases chosen, the seat's address moved), not just that the line was accepted.
"""

from __future__ import annotations

from datetime import timedelta

from judge import __version__
from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from tests.app.helpers import GAME, GM, POWERS, address, gm, hold_all, send_as, signon, start_game, subjects, to

ANYONE = "vet@example.org"


def _answers(sandbox: Sandbox, who: str) -> list[IncomingMail]:
    sandbox.poll()
    return to(sandbox.new_mail(), who)


def _reply(mails: list[IncomingMail]) -> str:
    found = [m for m in mails if str(m.message["Subject"]).startswith("Re:")]
    assert len(found) == 1, subjects(mails)
    return " ".join(Sandbox.text(found[0]).split())


def _named(mails: list[IncomingMail], start: str) -> str:
    found = [m for m in mails if str(m.message["Subject"]).strip().startswith(start)]
    assert len(found) == 1, subjects(mails)
    return Sandbox.text(found[0])


def _files(mail: IncomingMail) -> list[tuple[str, str]]:
    return [(part.get_filename() or "", part.get_content_type()) for part in mail.message.walk()
            if part.get_filename()]


def _play_year(sandbox: Sandbox) -> None:
    """Spring and Fall 1901 played (every unit holds), a broadcast from France in Spring, a grey one in Fall."""
    for phase in range(2):
        orders = hold_all(sandbox)
        for power in POWERS:
            text = orders[power]
            if power == "France":
                text += "\nBROADCAST\nhello from Paris\nENDPRESS" if phase == 0 else \
                    "\nBROADCAST GREY\na voice in the dark\nENDPRESS"
            send_as(sandbox, power, text)
        gm(sandbox, "PROCESS!")
        sandbox.poll()
        sandbox.advance(timedelta(days=1))   # each phase on its own day (the deadlines are further away)
    sandbox.new_mail()


def test_get_and_send_mail_back_this_judges_files_and_refuse_an_unknown_one_listing_them(sandbox: Sandbox) -> None:
    start_game(sandbox, setup="SET PRESS grey")
    sandbox.send(ANYONE, "GET syntax\nSEND ME press\nSEND flist\nGET nosuch")
    mails = _answers(sandbox, ANYONE)
    assert "How to write orders" in _named(mails, "File syntax")
    assert "PRESS TO England, Germany" in _named(mails, "File press")
    flist = _named(mails, "File flist")
    assert all(name in flist for name in ("info", "syntax", "press", "map", "package", "dedication", "whois"))
    reply = _reply(mails)
    assert "there is no file 'nosuch'" in reply and "info, syntax, press, map, flist" in reply
    sandbox.send(ANYONE, "GET PACKAGE")
    package = _named(_answers(sandbox, ANYONE), "Files from")
    assert all(f"==== {name} ====" in package for name in ("info", "syntax", "press", "map", "dedication", "whois"))
    send_as(sandbox, "France", "GET syntax\nA Par-Bur")   # signed on: a file, never an order
    mails = _answers(sandbox, address("France"))
    assert "How to write orders" in _named(mails, "File syntax")
    accepted = _reply(mails).split("Rejected")[0]
    assert "line 2: GET syntax the file 'syntax' is in a separate mail" in accepted
    assert [o.line for o in sandbox.store.load_game(GAME).orders["FRANCE"]] == ["A PAR - BUR"]


def test_version_and_whogame_show_the_version_and_the_seats_without_any_address(sandbox: Sandbox) -> None:
    start_game(sandbox, powers=tuple(p for p in POWERS if p != "Turkey"))
    sandbox.send(ANYONE, "VERSION\nVERSION 1.0\nWHOGAME demo\nOBSERVE demo look")
    mails = _answers(sandbox, ANYONE)
    reply = _reply(mails)
    assert f"judge version {__version__}" in reply and "no log of its changes since version 1.0" in reply
    who = _named(mails, "Who plays")
    assert "France played" in " ".join(who.split()) and "Turkey in civil disorder" in " ".join(who.split())
    assert not any(address(p) in who for p in POWERS) and "@" not in who and "Observers" not in who
    send_as(sandbox, "France", "WHOGAME FULL")
    full = _named(_answers(sandbox, address("France")), "Who plays")
    assert "Observers" in full and "Requests" in full and "@" not in full


def test_map_list_full_and_summary_alone_answer_as_njudge_does(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send(ANYONE, "MAP demo\nMAP demo n\nLIST FULL")
    mails = _answers(sandbox, ANYONE)
    maps = [m for m in mails if str(m.message["Subject"]).startswith("Map of demo")]
    assert len(maps) == 2 and all(("image/png" in t for _n, t in _files(m)) for m in maps)
    full = _named(mails, "All games")
    assert "demo" in full and "France" in full and "@" not in full.replace("judge@demo.invalid", "")
    send_as(sandbox, "France", "SET MAP svg\nMAP demo\nSUMMARY")
    mails = _answers(sandbox, address("France"))
    assert [t for m in mails if str(m.message["Subject"]).startswith("Map of demo") for _n, t in _files(m)] \
        == ["image/svg+xml"]
    assert "Summary of game 'demo'" in _named(mails, "Summary of demo")   # SUMMARY alone: the game signed on to
    sandbox.send(ANYONE, "SUMMARY\nPREDICT")
    reply = _reply(_answers(sandbox, ANYONE))
    assert "SUMMARY game" in reply and "PREVIEW" in reply
    assert "not signed on" not in reply.lower() and "did you mean" not in reply.lower()


def test_history_takes_njudges_dates_lines_exclstart_exclend_and_broad(sandbox: Sandbox) -> None:
    start_game(sandbox, setup="SET PRESS grey")
    _play_year(sandbox)

    def history(line: str) -> str:
        sandbox.send(ANYONE, line)
        return _named(_answers(sandbox, ANYONE), "History of")

    everything = history("HISTORY demo FROM Jan 1 1990")
    assert "S1901M Results" in everything and "F1901M Results" in everything
    assert "hello from Paris" not in everything   # broadcasts only with BROAD
    assert "No phase" in history("HISTORY demo FROM Dec 1 2026")
    spring = history("HISTORY demo EXCLSTART F1901M")
    assert "S1901M Results" in spring and "F1901M Results" not in spring
    fall = history("HISTORY demo EXCLSTART S1901M EXCLEND S1901M BROAD")
    assert "S1901M Results" not in fall and "F1901M Results" in fall
    assert "a voice in the dark" in fall and "hello from Paris" not in fall and "grey" in fall
    broad = history("HISTORY demo BROAD")
    assert "Broadcast from France" in broad and "hello from Paris" in broad
    cut = history("HISTORY demo LINES 12").splitlines()
    assert len(cut) <= 14 and "LINES 12" in cut[-1]
    first_day = history("HISTORY demo FROM Mar 23 TO Mar 24")   # the clock starts on 23 March 2026
    assert "S1901M Results" in first_day and "F1901M Results" not in first_day


def test_set_address_alone_moves_the_seat_to_the_mails_reply_address(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send("new-home@example.org", f"{signon('France')}\nSET ADDRESS")
    reply = _reply(_answers(sandbox, "new-home@example.org"))
    assert "now goes to new-home@example.org" in reply
    assert sandbox.store.load_game(GAME).player("FRANCE").address == "new-home@example.org"


def test_predict_is_the_gms_preview(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "PREDICT")
    mails = _answers(sandbox, GM)
    assert "the preview was mailed to the GM" in _reply(mails)
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901M"
