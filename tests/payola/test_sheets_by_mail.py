"""An offer sheet by mail counts as ``judge adjudicate`` counts it (issue 23, Payola points 1-3).

Rule 3.3: a sheet holds at least one offer, and a savings request is not one
(3.4); 3.4: the savings requests of a sheet add up; 3.1, 3.2 and 5.1: every
line is an offer and all the money is totalled, so a line written twice counts
twice.  A sheet is what one mail sends: a later mail's sheet replaces it
(docs/payola.md, "Sending a sheet").
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from judge.app.adjudicate import handle_request
from judge.app.sandbox import Sandbox

from tests.app.helpers import GAME, address, gm, reply, send_as, start_game, to


def _start(sandbox: Sandbox, *powers: str, setup: str = "") -> None:
    start_game(sandbox, setup, variant="payola", powers=powers)


def _state(sandbox: Sandbox) -> dict[str, Any]:
    return sandbox.store.load_game(GAME).state


def _over_json(state: dict[str, Any], orders: dict[str, list[str]]) -> dict[str, Any]:
    """The same phase through ``judge adjudicate`` (its request handler), from the mail game's position."""
    return handle_request({"variant": "payola", "state": state, "orders": orders})["state"]


def test_3_3_a_sheet_needs_an_offer_savings_and_accept_are_not_one(sandbox: Sandbox) -> None:
    """3.3 "an offer sheet containing at least one offer"; 3.4 "A savings request is not an offer"."""
    _start(sandbox, "France", "Russia", setup="SET NMR wait")
    send_as(sandbox, "Russia", "5 $\nACCEPT RFEGIAT")
    send_as(sandbox, "France", "A PAR - BUR")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("Russia"))
    assert "Still to send: an offer sheet." in answer
    sandbox.advance(timedelta(days=5))  # past the deadline and the grace: SET NMR wait waits for a sheet
    sandbox.poll()
    assert _state(sandbox)["phase"] == "S1901M"
    late = [sandbox.text(m) for m in to(sandbox.new_mail(), address("Russia"))]
    assert len(late) == 1 and "Your orders as Russia are missing." in late[0]  # as if it had sent nothing
    send_as(sandbox, "Russia", "5 $\n1 : A MOS - UKR")
    sandbox.poll()
    sandbox.poll()
    assert _state(sandbox)["phase"] == "F1901M"


def test_3_4_savings_requests_add_up_by_mail(sandbox: Sandbox) -> None:
    """3.4 "the sum total of all savings requests ... will be the guaranteed minimum balance"."""
    _start(sandbox, "France")
    before = _state(sandbox)
    sheet = ["40 : A PAR - BUR", "10 $", "10 $"]
    send_as(sandbox, "France", "\n".join(sheet))
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))  # France's sheet was all: the phase is played
    assert answer.count("    10 $.") == 2 and "savings requests add up (3.4): you keep at least 20 AgP" in answer
    assert _state(sandbox)["phase"] == "F1901M" and _state(sandbox)["treasury"]["FRANCE"] == 20
    assert _over_json(before, {"FRANCE": sheet})["treasury"]["FRANCE"] == 20  # the two paths agree


def test_3_1_identical_offer_lines_by_mail_are_two_offers_whose_money_is_totalled(sandbox: Sandbox) -> None:
    """3.1 "a series of offers, each ... given on a separate line"; 5.1 "All money offered ... is then totalled"."""
    _start(sandbox, "France", "Italy")
    before = _state(sandbox)
    sheets = {"FRANCE": ["3 : F NAP - ION", "3 : F NAP - ION"], "ITALY": ["5 : F NAP - ROM"]}
    send_as(sandbox, "France", "\n".join(sheets["FRANCE"]))
    send_as(sandbox, "Italy", "\n".join(sheets["ITALY"]))
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    assert answer.count("    3 : F NAP - ION.") == 2
    assert "the same offer as an earlier line: both are kept and their money adds up" in answer
    state = _state(sandbox)  # every sheet was in: the phase is played
    assert state["phase"] == "F1901M" and "F ION" in state["units"]["ITALY"] and state["treasury"]["FRANCE"] == 48 - 6
    by_json = _over_json(before, sheets)
    assert by_json["units"]["ITALY"] == state["units"]["ITALY"] and by_json["treasury"] == state["treasury"]


def test_3_1_a_sheet_sent_again_in_a_later_mail_replaces_the_earlier_one(sandbox: Sandbox) -> None:
    """3.1 "each player submits a single offer sheet": a player who mails his sheet again is not counted twice."""
    _start(sandbox, "France", "Italy")
    send_as(sandbox, "France", "3 : F NAP - ION\n10 $\nPAY 5 TO Italy\nACCEPT FI?")
    sandbox.poll()
    sandbox.new_mail()
    send_as(sandbox, "France", "3 : F NAP - ION\n4 : A PAR - BUR")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    assert "replaces the sheet of your earlier mail (2 lines)" in answer
    lines = [o.line for o in sandbox.store.load_game(GAME).orders["FRANCE"]]
    assert lines == ["PAY 5 TO ITALY", "ACCEPT FI?", "3 : F NAP - ION", "4 : A PAR - BUR"]
    send_as(sandbox, "France", "PAY 2 TO Italy")  # the payments of a later mail replace the earlier ones too
    sandbox.poll()
    lines = [o.line for o in sandbox.store.load_game(GAME).orders["FRANCE"]]
    assert lines == ["ACCEPT FI?", "3 : F NAP - ION", "4 : A PAR - BUR", "PAY 2 TO ITALY"]


def test_2_3_two_identical_pay_lines_of_one_mail_are_two_transfers(sandbox: Sandbox) -> None:
    """2.3: each PAY line is a request for a transfer; by mail as over JSON, two lines pay twice."""
    _start(sandbox, "France", "Italy")
    before = _state(sandbox)
    send_as(sandbox, "France", "PAY 5 TO Italy\nPAY 5 TO Italy\nA PAR H")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    assert answer.count("    PAY 5 TO ITALY.") == 2
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    treasury = _state(sandbox)["treasury"]
    assert treasury["FRANCE"] == 38 and treasury["ITALY"] == 58
    assert _over_json(before, {"FRANCE": ["PAY 5 TO Italy", "PAY 5 TO Italy"]})["treasury"] == treasury


def test_2_3_a_payment_the_balance_cannot_cover_is_refused_in_the_reply(sandbox: Sandbox) -> None:
    """2.3: France (48 AgP) pays 30 to Italy twice: the second line is refused when it arrives, as the ledger of
    ``judge adjudicate`` refuses it, and only 30 AgP go."""
    _start(sandbox, "France", "Italy")
    before = _state(sandbox)
    send_as(sandbox, "France", "PAY 30 TO Italy\nPAY 30 TO Italy\nA PAR H")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    assert "FRANCE has only 48 AgP, and 30 AgP of it is already promised in earlier PAY lines" in answer
    assert answer.count("    PAY 30 TO ITALY.") == 1
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    treasury = _state(sandbox)["treasury"]
    assert treasury["FRANCE"] == 18 and treasury["ITALY"] == 78
    by_json = _over_json(before, {"FRANCE": ["PAY 30 TO Italy", "PAY 30 TO Italy"]})
    assert by_json["treasury"] == treasury
    assert by_json["ledgers"]["FRANCE"]["refused"] == [["PAY 30 TO ITALY", "FRANCE has only 18 AgP"]]
