"""njudge's press by mail (issue 33): the press SET flags, fake press, postal press, the diary and observers'
press, each with its effect (who gets what), and the secrets kept (a fake's true sender and recipients are the
GM's alone; a diary is its writer's until the game ends)."""

from __future__ import annotations

import re
from datetime import timedelta

from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from tests.app.helpers import GAME, GM, gm, hold_all, reply, send_as, start_game, subjects, to

WATCHER = "watcher@example.org"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _texts(sandbox: Sandbox, mails: list[IncomingMail], who: str) -> list[str]:
    return [sandbox.text(m) for m in to(mails, who) if not str(m.message["Subject"]).startswith("Re:")]


def _others(sandbox: Sandbox, mails: list[IncomingMail], but: str) -> list[str]:
    """Every mail but the replies, to everyone but ``but``."""
    return [sandbox.text(m) for m in mails if but not in str(m.message["To"]).lower()
            and not str(m.message["Subject"]).startswith("Re:")]


def test_press_flags_are_kept_shown_in_list_and_enforced(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "SET NO PARTIAL PRESS\nSET ALL PRESS\nSET NOBROADCAST PRESS\nLIST demo")
    sandbox.poll()
    mails = sandbox.new_mail()
    status = _flat("\n".join(_texts(sandbox, mails, GM)))
    assert "no partial press: broadcasts and press to the GM only" in status, status
    send_as(sandbox, "France", "PRESS TO E\nsecret plans\nENDPRESS\nPRESS TO M\nto the GM\nENDPRESS\n"
                               "BROADCAST\nto all\nENDPRESS")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = _flat(reply(sandbox, mails, "france@"))
    assert "allows no partial press (njudge's NO PARTIAL)" in text
    assert not any("secret plans" in t for t in _others(sandbox, mails, "france@"))
    gm_mails = _texts(sandbox, mails, GM)
    assert any("to the GM" in t for t in gm_mails)
    assert not any("to all" in t for t in gm_mails)             # SET NOBROADCAST PRESS: the GM gets none
    assert any("to all" in t for t in _texts(sandbox, mails, "england@"))
    gm(sandbox, "SET PARTIAL\nSET BROADCAST PRESS")
    sandbox.poll()
    sandbox.new_mail()
    send_as(sandbox, "France", "PRESS TO E\nnow allowed\nENDPRESS")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert any("now allowed" in t for t in _texts(sandbox, mails, "england@"))
    copies = [t for t in _texts(sandbox, mails, GM) if "now allowed" in t]   # SET ALL PRESS: the GM's copy
    assert len(copies) == 1 and "from France to England" in _flat(copies[0])
    assert not any("now allowed" in t for t in _texts(sandbox, mails, "germany@"))


def test_fake_press_goes_to_its_real_recipients_under_a_false_header_and_only_the_gm_sees_the_truth(
        sandbox: Sandbox) -> None:
    start_game(sandbox, setup="SET GREY, PARTIAL MAY BE FAKED")
    send_as(sandbox, "Italy", "PRESS GREY TO ALL BUT G FAKE BROADCAST\nThis is Germany: you are all wimps\n"
                              "ENDPRESS\nPRESS GREY FAKE TO FRG\nto three, seen by all\nENDPRESS")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "Rejected" not in reply(sandbox, mails, "italy@")
    england = _flat("\n".join(_texts(sandbox, mails, "england@")))
    assert "Broadcast message from an anonymous power" in england and "you are all wimps" in england
    assert "to France, Russia and Germany" in england or "to France, Germany and Russia" in england
    assert not any("wimps" in t for t in _texts(sandbox, mails, "germany@"))   # the real recipients only
    assert any("seen by all" in t for t in _texts(sandbox, mails, "germany@"))  # a broadcast really
    shown = _others(sandbox, mails, GM.lower())
    assert shown and not any("Italy" in t for t in shown)                       # the sender stays secret
    copies = _flat("\n".join(_texts(sandbox, mails, GM)))
    assert "For the GM alone: press from Italy" in copies and "shown to its readers as a broadcast" in copies


def test_a_faked_broadcast_stays_out_of_the_public_history_as_a_broadcast(sandbox: Sandbox) -> None:
    """A broadcast its readers were shown as press to three powers is no broadcast in HISTORY's BROAD, which anyone
    may read: its truth is the GM's alone; a true broadcast is there."""
    start_game(sandbox, setup="SET PARTIAL MAY BE FAKED")
    send_as(sandbox, "Italy", "BROADCAST FAKE TO FRG\nseen by all, shown to three\nENDPRESS\n"
                              "BROADCAST\nan honest word to all\nENDPRESS")
    for power, lines in hold_all(sandbox).items():
        send_as(sandbox, power, lines)
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send("stranger@example.org", f"HISTORY {GAME} BROAD", "history")
    sandbox.poll()
    history = _flat("\n".join(_texts(sandbox, sandbox.new_mail(), "stranger@example.org")))
    assert "an honest word to all" in history and "shown to three" not in history


def test_a_game_without_fakes_refuses_them_and_sends_nothing(sandbox: Sandbox) -> None:
    start_game(sandbox, setup="SET PRESS grey")
    send_as(sandbox, "France", "PRESS TO E FAKE\nfaked\nENDPRESS\nPRESS TO M FAKE BROADCAST\nto the GM\nENDPRESS")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = _flat(reply(sandbox, mails, "france@"))
    assert "allows no fake press (njudge's NO FAKE)" in text and "to the GM is never faked" in text
    assert not any("faked" in t or "to the GM" in t for t in _others(sandbox, mails, "france@"))


def test_partial_fakes_broadcast_shows_all_partial_press_as_a_broadcast_but_nofake(sandbox: Sandbox) -> None:
    start_game(sandbox, setup="SET PARTIAL FAKES BROADCAST BY DEFAULT")
    send_as(sandbox, "France", "PRESS TO E\nlooks public\nENDPRESS\nPRESS TO E NOFAKE\nplainly to you\nENDPRESS")
    sandbox.poll()
    england = _flat("\n".join(_texts(sandbox, sandbox.new_mail(), "england@")))
    assert "Broadcast message from France" in england and "Message from France to England" in england


def test_postal_press_waits_for_the_phase_results_and_names_its_sender(sandbox: Sandbox) -> None:
    start_game(sandbox, setup="SET POSTAL PRESS")
    send_as(sandbox, "France", "POSTAL PRESS\nA Mar-Spa is no order here\nENDPRESS")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "postal press kept" in _flat(reply(sandbox, mails, "france@"))
    assert not any("no order here" in t for t in _others(sandbox, mails, "france@"))   # not yet
    assert not sandbox.store.load_game(GAME).orders.get("FRANCE")
    for power, orders in hold_all(sandbox).items():
        send_as(sandbox, power, orders)
    sandbox.poll()
    mails = sandbox.new_mail()
    for who in ("england@", "france@", GM):
        postal = [sandbox.text(m) for m in to(mails, who) if str(m.message["Subject"]).startswith("Postal press")]
        assert len(postal) == 1 and "From France:" in postal[0] and "no order here" in postal[0], subjects(mails)


def test_postal_press_is_refused_where_the_game_has_none(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "POSTALPRESS\nnot here\nENDPRESS")
    sandbox.poll()
    assert "has no postal press" in _flat(reply(sandbox, sandbox.new_mail(), "france@"))
    assert "postal" not in sandbox.store.load_game(GAME).extra


def test_diary_is_the_writers_alone_until_the_game_ends(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "DIARY\nA Mar-Spa seems wise\nENDPRESS\nDIARY RECORD\nsecond thought\nENDPRESS\n"
                               "DIARY LIST\nDIARY READ 1")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert not sandbox.store.load_game(GAME).orders.get("FRANCE")          # nothing in a diary is an order
    mine = "\n".join(_texts(sandbox, mails, "france@"))
    assert "1." in mine and "2." in mine and "A Mar-Spa seems wise" in mine
    assert not any("seems wise" in t or "second thought" in t for t in _others(sandbox, mails, "france@"))
    send_as(sandbox, "France", "DIARY DELETE 2\nDIARY READ 2")
    sandbox.poll()
    text = _flat(reply(sandbox, sandbox.new_mail(), "france@"))
    assert "diary entry 2 deleted" in text and "no diary entry 2" in text
    send_as(sandbox, "England", "DIARY READ 1")   # another player's numbers are not his
    sandbox.poll()
    assert "no diary entry 1" in _flat(reply(sandbox, sandbox.new_mail(), "england@"))
    gm(sandbox, "TERMINATE")
    sandbox.poll()
    mails = sandbox.new_mail()
    for who in ("england@", "germany@", GM):
        diaries = [t for t in _texts(sandbox, mails, who) if "The diary of France" in t or "seems wise" in t]
        assert len(diaries) == 1 and "A Mar-Spa seems wise" in diaries[0] and "second thought" not in diaries[0]


def test_an_observers_press_is_held_until_he_confirms_then_sent_as_the_game_allows(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send(WATCHER, f"OBSERVE {GAME} look\nBROADCAST\nan observer speaks\nENDPRESS", "watch")
    sandbox.poll()
    mails = sandbox.new_mail()
    answer = reply(sandbox, mails, WATCHER)
    assert "held until this address confirms" in _flat(answer)
    assert not any("observer speaks" in t for t in _others(sandbox, mails, WATCHER))   # a forger's never goes
    token = re.search(rf"CONFIRM {GAME} (\w+)", answer)
    assert token is not None
    sandbox.send(WATCHER, f"CONFIRM {GAME} {token.group(1)}", "yes")
    sandbox.poll()
    mails = sandbox.new_mail()
    england = _flat("\n".join(_texts(sandbox, mails, "england@")))
    assert "Broadcast message from an observer" in england and "an observer speaks" in england
    assert WATCHER not in england                                        # an observer's address stays his
    gm(sandbox, "SET OBSERVER NO PRESS")
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send(WATCHER, f"OBSERVE {GAME} look\nBROADCAST\nwatcher's second word\nENDPRESS\nA Par-Bur", "again")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = _flat(reply(sandbox, mails, WATCHER))
    assert "signed on as an observer" in text and "may send press to the GM only" in text
    assert "an observer of 'demo' may send press only" in text           # never an order
    assert not any("second word" in t for t in _others(sandbox, mails, WATCHER))


def test_a_forged_observe_with_a_wrong_password_sends_no_press_in_a_confirmed_observers_name(
        sandbox: Sandbox) -> None:
    """A known observer's address is no credential: a mail forging his From with a wrong password has its press held
    for the CONFIRM token that only the real address receives, never sent."""
    start_game(sandbox)
    sandbox.send(WATCHER, f"OBSERVE {GAME} look", "watch")
    sandbox.poll()
    token = re.search(rf"CONFIRM {GAME} (\w+)", reply(sandbox, sandbox.new_mail(), WATCHER))
    assert token is not None
    sandbox.send(WATCHER, f"CONFIRM {GAME} {token.group(1)}", "yes")
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send(WATCHER, f"OBSERVE {GAME} guessed\nBROADCAST\nforged in his name\nENDPRESS\n"
                          "SET NOBROADCAST PRESS", "forged")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert not any("forged in his name" in t for t in _others(sandbox, mails, WATCHER))
    answer = _flat(reply(sandbox, mails, WATCHER))
    assert "held until this address confirms" in answer
    assert "need his observer password" in answer            # nor may a forger change the observer's own settings
    send_as(sandbox, "England", "BROADCAST\nto all who watch\nENDPRESS")
    sandbox.poll()
    assert any("to all who watch" in t for t in _texts(sandbox, sandbox.new_mail(), WATCHER))


def test_nolatepress_keeps_a_late_player_to_press_to_the_gm(sandbox: Sandbox) -> None:
    start_game(sandbox, setup="SET NMR wait\nSET NOLATEPRESS")
    send_as(sandbox, "Germany", hold_all(sandbox)["Germany"])
    sandbox.poll()
    sandbox.new_mail()
    sandbox.clock.advance(timedelta(days=3))   # past the deadline; the game waits for the missing orders
    sandbox.poll()
    sandbox.new_mail()
    send_as(sandbox, "France", "PRESS TO E\nlate words\nENDPRESS\nPRESS TO M\nlate, to the GM\nENDPRESS")
    send_as(sandbox, "Germany", "PRESS TO E\nwords on time\nENDPRESS")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "no press from late players (njudge's NOLATEPRESS)" in _flat(reply(sandbox, mails, "france@"))
    england = "\n".join(_texts(sandbox, mails, "england@"))
    assert "words on time" in england and "late words" not in england
    assert any("late, to the GM" in t for t in _texts(sandbox, mails, GM))


def test_nominorpress_keeps_adjustment_phases_to_press_to_the_gm(sandbox: Sandbox) -> None:
    start_game(sandbox, setup="SET NOMINORPRESS")
    for _season in ("S1901M", "F1901M"):
        orders = hold_all(sandbox)
        orders["France"] = orders["France"].replace("A MAR H", "A MAR - SPA")
        for power, lines in orders.items():
            send_as(sandbox, power, lines)
        sandbox.poll()
        sandbox.new_mail()
    assert sandbox.store.load_game(GAME).state["phase"] == "W1901A"   # France builds for Spain
    send_as(sandbox, "England", "PRESS TO F\nin the winter\nENDPRESS\nPRESS TO M\nwinter, to the GM\nENDPRESS")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "no press in retreat and adjustment phases" in _flat(reply(sandbox, mails, "england@"))
    assert not any("in the winter" in t for t in _texts(sandbox, mails, "france@"))
    assert any("winter, to the GM" in t for t in _texts(sandbox, mails, GM))


def test_watch_allpress_lets_an_observer_ask_for_partial_press_as_its_readers_see_it(sandbox: Sandbox) -> None:
    start_game(sandbox, setup="SET PRESS grey")
    sandbox.send(WATCHER, f"OBSERVE {GAME} look", "watch")
    sandbox.poll()
    token = re.search(rf"CONFIRM {GAME} (\w+)", reply(sandbox, sandbox.new_mail(), WATCHER))
    assert token is not None
    sandbox.send(WATCHER, f"CONFIRM {GAME} {token.group(1)}\nOBSERVE {GAME} look\nSET ALL PRESS", "yes")
    sandbox.poll()
    assert "shows observers no partial press" in _flat(reply(sandbox, sandbox.new_mail(), WATCHER))
    gm(sandbox, "SET WATCH ALLPRESS")
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send(WATCHER, f"OBSERVE {GAME} look\nSET ALL PRESS\nSET NOBROADCAST PRESS", "all press")
    sandbox.poll()
    assert "Rejected" not in reply(sandbox, sandbox.new_mail(), WATCHER)
    send_as(sandbox, "France", "PRESS GREY TO E\nquietly\nENDPRESS\nBROADCAST\nloudly\nENDPRESS")
    sandbox.poll()
    seen = _flat("\n".join(_texts(sandbox, sandbox.new_mail(), WATCHER)))
    assert "Message from an anonymous power to England" in seen and "France" not in seen.split("quietly")[0]
    assert "loudly" not in seen                                            # SET NOBROADCAST PRESS
