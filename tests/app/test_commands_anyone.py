"""Commands anyone may send, by mail through the spool: HELP, LIST, HISTORY, SUMMARY, OBSERVE, CREATE,
SIGNON and JOIN (docs/commands.md)."""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, GM, POWERS, address, observe, reply, send_as, start_game, subjects, to


def test_help_mails_the_command_list_and_a_reply(sandbox: Sandbox) -> None:
    sandbox.send("someone@example.org", "help", "what can I do?")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert sorted(subjects(mails)) == ["Help from demo-judge", "Re: what can I do?"]
    help_mail = next(m for m in mails if m.message["Subject"].startswith("Help"))
    assert "SIGNON Fgame password" in sandbox.text(help_mail)
    assert "line 1: help" in reply(sandbox, mails, "someone")
    # A mail that touches no game is answered from the global outbox, and only once.
    assert sandbox.store.global_mail() == []


def test_create_makes_the_sender_gm_and_signs_him_on(sandbox: Sandbox) -> None:
    sandbox.send(GM, "CREATE Game1 standard gmpw\nSET PRESS grey\nSET NMR disorder")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), GM)
    assert "CREATE Game1 standard ****" in text and "gmpw" not in text
    assert "Rejected" not in text
    game = sandbox.store.load_game("game1")
    assert (game.gm_address, game.status, game.settings.press, game.settings.nmr) == (
        GM, "forming", "grey", "disorder")


def test_create_refuses_a_taken_name_and_an_unknown_variant(sandbox: Sandbox) -> None:
    sandbox.send(GM, "CREATE g1 standard a")
    sandbox.poll()
    sandbox.send("other@example.org", "CREATE g1 standard b\nCREATE g2 chess b\nSET PRESS none")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "other@")
    assert "a game named 'g1' already exists" in text
    assert "unknown variant 'chess'" in text
    assert "not signed on: the sign-on at line 2 was refused" in text
    assert sandbox.store.load_game("g1").settings.press == "white"


def test_join_while_forming_then_start_assigns_every_power(sandbox: Sandbox) -> None:
    sandbox.send(GM, "CREATE g1 standard gmpw")
    sandbox.poll()
    sandbox.send("a@example.org", "JOIN g1 pw AS Turkey")
    sandbox.send("b@example.org", "SIGNON ?g1 pw")        # the classic way to join
    sandbox.send("c@example.org", "JOIN g1 pw AS Turkey")  # taken: gets another at START
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "you joined 'g1' as Turkey (1 of 7 seats)" in reply(sandbox, mails, "a@")
    assert "(2 of 7 seats)" in reply(sandbox, mails, "b@")
    assert "Turkey is taken" in reply(sandbox, mails, "c@")
    sandbox.send(GM, "SIGNON Mg1 gmpw\nSTART")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "in civil disorder: " in reply(sandbox, mails, GM)
    game = sandbox.store.load_game("g1")
    assert game.status == "active" and game.state["phase"] == "S1901M"
    assert game.player("TURKEY").address == "a@example.org"
    assert {p.status for p in game.players if p.address} == {"active"}
    assert sum(1 for p in game.players if p.status == "dummy") == 4
    start = [m for m in mails if m.message["Subject"] == "Game g1 has started"]
    assert {str(m.message["To"]) for m in start} == {"a@example.org", "b@example.org", "c@example.org", GM}
    assert "You are playing Turkey." in sandbox.text(to(start, "a@")[0])


def test_signon_forms_and_join_refusals(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send(address("France"), "SIGNON France demo france-secret\nA PAR - BUR")
    sandbox.send(address("Germany"), "SIGNON GERMAN demo germany-secret\nA MUN - RUH")
    sandbox.send("late@example.org", "JOIN demo pw\nSIGNON Xdemo pw\nJOIN demo pw AS England")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "signed on as France in 'demo'" in reply(sandbox, mails, "france@")
    assert "Army Munich -> Ruhr." in reply(sandbox, mails, "germany@")
    late = reply(sandbox, mails, "late@")
    assert "'demo' has started: write JOIN demo <password> AS <power>" in late
    assert "'X' is not a power of 'demo'" in late
    assert "England already has a player in 'demo'" in late


def test_observe_gets_results_and_broadcasts(sandbox: Sandbox) -> None:
    start_game(sandbox)
    observe(sandbox, "watcher@example.org", password="watch")
    confirmed = [m for m in sandbox.new_mail() if str(m.message["Subject"]) == "Re: confirm"]
    assert "you now observe 'demo'" in reply(sandbox, confirmed, "watcher@")
    send_as(sandbox, "England", "BROADCAST\nHello all\nENDPRESS")
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nPROCESS!")
    sandbox.poll()
    mails = to(sandbox.new_mail(), "watcher@")
    assert sorted(subjects(mails)) == ["Broadcast in demo from England", "Diplomacy results demo S1901M"]


def test_list_history_and_summary(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nPROCESS!")
    sandbox.poll()
    sandbox.send("x@example.org", f"LIST\nLIST {GAME}\nHISTORY {GAME}\nHISTORY {GAME} FROM S1901M TO S1901M\n"
                 f"SUMMARY {GAME}\nHISTORY {GAME} W1999A\nLIST nosuchgame")
    sandbox.poll()
    mails = to(sandbox.new_mail(), "x@")
    text = reply(sandbox, mails, "x@")
    assert "line 6: HISTORY demo W1999A" in text and "line 7: LIST nosuchgame" in text
    by_subject = {str(m.message["Subject"]): sandbox.text(m) for m in mails}
    assert "demo  standard  F1901M" in by_subject["Games on demo-judge"]
    assert "Game 'demo' is active: Movement for Fall of 1901 (F1901M)." in by_subject["Status of demo"]
    history = [m for m in mails if m.message["Subject"] == "History of demo, S1901M to S1901M"]
    assert len(history) == 2 and "Movement results for Spring of 1901" in sandbox.text(history[0])
    assert "S1901M      3    3    3    3    3    4    3" in by_subject["Summary of demo"]  # the year so far


def test_summary_counts_centres_year_by_year(sandbox: Sandbox) -> None:
    start_game(sandbox)
    for _ in range(3):  # S1901M, F1901M and (nobody moved: no adjustments) S1902M
        sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nPROCESS!")
        sandbox.poll()
    sandbox.send("x@example.org", f"SUMMARY {GAME}")
    sandbox.poll()
    body = next(sandbox.text(m) for m in sandbox.new_mail() if m.message["Subject"] == "Summary of demo")
    assert "Phase     Eng  Fra  Ger  Ita  Aus  Rus  Tur" in body
    rows = [line.split()[0] for line in body.splitlines()[-2:]]
    assert rows == ["F1901M", "S1902M"]  # the last phase of 1901, then 1902 so far
    assert len(POWERS) == 7


def test_create_refuses_a_name_whose_history_or_archive_was_left_without_its_game(sandbox: Sandbox) -> None:
    """Issue 21: a stranger's CREATE never inherits another game's results left in the data folder."""
    data = sandbox.config.data_dir
    (data / "history").mkdir(parents=True, exist_ok=True)
    (data / "history" / "victim.json").write_text('{"_default": {}}', encoding="utf-8")
    sandbox.send("stranger@example.org", "CREATE victim standard pw\nHISTORY victim")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), "stranger@example.org")
    assert "the name 'victim' is taken on this judge" in answer
    assert not sandbox.store.has_game("victim")
