"""The Payola editions of Europe 1615 as newcomers play them, by mail (issue 35): each test names its point.

Each test plays the April edition's demo game (``gamedata/europe1615-2013-04/demo.toml``) on a throwaway
judge (``judge/app/sandbox.py``) through the same poll as ``judge poll``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.app.demo import ScriptedGame, load_script
from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail

APRIL = load_script("europe1615-2013-04")
GAME, GM = APRIL.game, APRIL.gm


def flat(text: str) -> str:
    return " ".join(text.split())


def mails_to(sandbox: Sandbox, mails: list[IncomingMail], who: str) -> str:
    return flat("\n".join(sandbox.text(m) for m in mails if who.lower() in str(m.message["To"]).lower()))


def play_to(sandbox: Sandbox, script: ScriptedGame, phase: str) -> None:
    """The script's phases played until the game stands at ``phase``."""
    for name, orders in script.phases:
        if name == phase:
            return
        script.play_phase(sandbox, name, orders)
    raise AssertionError(f"{phase} is not in the script")


@pytest.fixture
def april(tmp_path: Path) -> Sandbox:
    """The April game created, joined by its five players and started; the start mails unread."""
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    APRIL.set_up(sandbox)
    return sandbox


def test_point_2_the_payola_form_is_told_in_the_start_mail_and_help(april: Sandbox) -> None:
    sandbox = april
    start = mails_to(sandbox, [m for m in sandbox.new_mail() if "has started" in str(m.message["Subject"])],
                     APRIL.address("England"))
    assert "This game plays Payola Classic (Payola 6.1)" in start
    assert "savings requests ($)" in start and "several orders in one offer ('|')" in start
    assert "only a HOLD, SUPPORT or CONVOY (R-1303-34, R-1304-43)" in start
    APRIL.send_as(sandbox, "England", "HELP", "help")
    sandbox.poll()
    help_mail = mails_to(sandbox, sandbox.new_mail(), APRIL.address("England"))
    assert "This game's orders" in help_mail and "One offer per unit (6.1)" in help_mail


def test_point_2_a_second_offer_to_one_unit_is_refused_on_arrival_never_set_aside(april: Sandbox) -> None:
    sandbox = april
    play_to(sandbox, APRIL, "S1615M")
    sandbox.new_mail()
    APRIL.send_as(sandbox, "England", "F LON H\n2 : F LON - NTH", "offers")
    sandbox.poll()
    reply = sandbox.text(next(m for m in sandbox.new_mail() if APRIL.address("England") in str(m.message["To"])))
    accepted, rejected = reply.split("Rejected:")
    assert "F LON H" in accepted and "F LON - NTH" not in accepted
    assert "one offer per unit (Payola Classic, 6.1)" in flat(rejected)


def test_point_7_the_texts_own_wording_is_read(april: Sandbox) -> None:
    """ACCEPT lists in full names, with "and", with Denmark/Sweden, with spaces; the texts' A(POI)-GUY; a
    refused list names this game's powers and letters, never the standard game's 'FGE?'."""
    sandbox = april
    play_to(sandbox, APRIL, "S1615M")
    sandbox.new_mail()
    APRIL.send_as(sandbox, "France", "ACCEPT Spain, France, Austria, England, and Denmark/Sweden\nA(POI)-GUY", "o")
    APRIL.send_as(sandbox, "Spain", "ACCEPT S F A E D", "o")
    APRIL.send_as(sandbox, "England", "ACCEPT E G F?\n5 F LON", "o")
    sandbox.poll()
    mails = sandbox.new_mail()
    france = mails_to(sandbox, mails, APRIL.address("France"))
    assert "Rejected" not in france and "0 : A POI - GUY" in france
    assert "ACCEPT SFAED" in france
    spain = mails_to(sandbox, mails, APRIL.address("Spain"))
    assert "Rejected" not in spain and "ACCEPT SFAED" in spain
    england = mails_to(sandbox, mails, APRIL.address("England"))
    assert "'G' is not a power of this game (its powers: Austria (A), England (E), France (F)," in england
    assert "FGE?" not in england and "'ACCEPT AEF?'" in england


def test_point_7_join_as_denmark_sweden(tmp_path: Path) -> None:
    """The texts' power name with its slash: JOIN ... AS Denmark/Sweden seats Denmark, and no word is masked."""
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    sandbox.send(GM, f"CREATE {GAME} europe1615-2013-04 gm-secret", "new game")
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send("dane@example.org", f"JOIN {GAME} dane-pw AS Denmark/Sweden", "join")
    sandbox.poll()
    answer = mails_to(sandbox, sandbox.new_mail(), "dane@example.org")
    assert "****' is not a power" not in answer and "Denmark" in answer
    game = sandbox.store.load_game(GAME)
    assert [p.power for p in game.players if p.address == "dane@example.org"] == ["DENMARK"]


def test_point_9_fra_is_franche_comte_as_the_text_writes_it(april: Sandbox) -> None:
    """The March and April texts write "Franche Comté (FRA)": FRA is read so, the reply says so and how to
    write Franconia (FRN), and the results keep the board's FCO."""
    sandbox = april
    play_to(sandbox, APRIL, "U1615M")  # France's army stands in Burgundy
    sandbox.new_mail()
    APRIL.send_as(sandbox, "France", "A BUR - FRA\nA DAU - FRN", "o")
    sandbox.poll()
    france = mails_to(sandbox, sandbox.new_mail(), APRIL.address("France"))
    assert "0 : A BUR - FCO" in france
    assert ("FRA is read as Franche-Comte (FCO), as this edition's text writes it; for Franconia write FRN or "
            "'Franconia'") in france
    assert "A DAU cannot reach FRA" in france  # FRN: Franconia, the board's FRA


def test_point_6_waive_in_the_winter_gives_a_centre_back(april: Sandbox) -> None:
    """R-1304-51 "The player occupying a foreign supply center prior to the build phase may waive the change in
    ownership": France takes Spain's Franche-Comte in the Fall and waives it in the Winter, in the text's own
    code; a centre not taken this year is refused with the reason."""
    sandbox = april
    play_to(sandbox, APRIL, "F1615M")
    APRIL.play_phase(sandbox, "F1615M", {"France": "A BUR - FCO"})
    state = sandbox.store.load_game(GAME).state
    assert state["phase"] == "W1615A" and "FCO" in state["centers"]["FRANCE"]
    sandbox.new_mail()
    APRIL.send_as(sandbox, "France", "WAIVE FRA", "waive")
    APRIL.send_as(sandbox, "England", "WAIVE LON", "waive")
    sandbox.poll()
    mails = sandbox.new_mail()
    france, england = (mails_to(sandbox, mails, APRIL.address(p)) for p in ("France", "England"))
    assert "Rejected" not in france and "WAIVE" in france
    assert "ENGLAND did not take LON when the centres changed hands this year" in england
    APRIL.play_phase(sandbox, "W1615A", {})
    state = sandbox.store.load_game(GAME).state
    assert "FCO" in state["centers"]["SPAIN"] and "FCO" not in state["centers"]["FRANCE"]
    assert "taken" not in state


def test_point_8_citations_and_reasons_as_the_texts_say(april: Sandbox) -> None:
    """Overspending cites 5.5 Overexpenditures; a Papal unit's refusal says why (R-1304-46); RULES says that
    zero_foreign is not what decides zero offers here (R-1304-44), as the replies behave."""
    sandbox = april
    play_to(sandbox, APRIL, "S1615M")
    sandbox.new_mail()
    APRIL.send_as(sandbox, "England", "60 : F LON H", "o")
    APRIL.send_as(sandbox, "Denmark", "1 : A ROM H\nRULES " + GAME, "o")
    sandbox.poll()
    mails = sandbox.new_mail()
    england = mails_to(sandbox, mails, APRIL.address("England"))
    assert "your offers would be reduced, rule 5.5 Overexpenditures" in england and "5.6" not in england
    denmark = mails_to(sandbox, mails, APRIL.address("Denmark"))
    assert ("DENMARK may not bribe A ROM: only Catholic powers give orders to the units of the Papal States "
            "(R-1303-36, R-1304-46)") in denmark
    assert "zero_foreign" in denmark and "(this option is not used by the edition)" in denmark


def test_point_3_each_power_is_told_its_inf_budget_before_placing(april: Sandbox) -> None:
    """The start mail and STATUS tell Spain its 9 INFs of 1615 before a line is sent; the Influence phase's reply
    says nothing of a balance of 0 AgP (the treasury is paid at Taxation)."""
    sandbox = april
    start = mails_to(sandbox, [m for m in sandbox.new_mail() if "has started" in str(m.message["Subject"])],
                     APRIL.address("Spain"))
    assert "9 INFs to place in 1615 (9 of the year)" in start
    APRIL.send_as(sandbox, "Spain", "STATUS", "status")
    APRIL.send_as(sandbox, "France", "5: LOR", "infs")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "9 INFs to place in 1615" in mails_to(sandbox, mails, APRIL.address("Spain"))
    france = mails_to(sandbox, mails, APRIL.address("France"))
    assert "5: LOR" in france and "AgP" not in france
