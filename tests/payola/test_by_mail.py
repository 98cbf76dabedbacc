"""A smoke test by mail: a Payola game created, sheets sent, a phase played, money paid, nothing leaked.

The mail side proper (replies showing the money a sheet commits, ledgers in the
result mails, orders counted as in) is the next step of issue 12; this test
only shows that the mechanism runs inside the mail loop as it stands.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path

from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail

from tests.app.helpers import GAME, GM, POWERS, address, gm, password, reply, send_as, start_game, to


def test_a_payola_phase_played_by_mail(sandbox: Sandbox) -> None:
    _start(sandbox)
    send_as(sandbox, "France", "5 : A PAR - BUR\n3 : F NAP - ION % buy the Ionian\n0 : F NAP - TYS\nACCEPT F?\n4 $")
    send_as(sandbox, "Italy", "2 : F NAP - TYS\nACCEPT IF?")
    sandbox.poll()
    mails = sandbox.new_mail()
    answer = reply(sandbox, mails, address("France"))
    assert "zero offers to a foreign unit are not allowed (3.1)" in answer
    assert "ACCEPT F?" in answer and "3 : F NAP - ION" in answer
    assert "F NAP - ION" not in reply(sandbox, mails, address("Italy"))
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    results = sandbox.new_mail()
    italy = "\n".join(sandbox.text(m) for m in to(results, address("Italy")))
    assert "Italy: Fleet Naples -> Ionian Sea." in italy
    assert "France: Army Paris -> Burgundy." in italy
    assert "3 : F NAP" not in italy and "ACCEPT" not in italy and "40" not in italy
    state = sandbox.store.load_game(GAME).state
    assert state["phase"] == "F1901M"
    assert state["treasury"]["FRANCE"] == 48 - 5 - 3 and state["treasury"]["ITALY"] == 48
    assert state["accept"]["ITALY"] == ["ITALY", "FRANCE", "?"]


def _start(sandbox: Sandbox, powers: tuple[str, ...] = tuple(POWERS), setup: str = "") -> None:
    """A Payola game created and started with ``powers`` joined (the others in civil disorder)."""
    start_game(sandbox, setup, variant="payola", powers=powers)


def test_6_1_classic_a_second_offer_to_one_unit_is_refused_on_arrival(sandbox: Sandbox) -> None:
    """Payola Classic (6.1; Classic rules 4.2 "both offers will be ignored"): the second offer is refused on
    arrival, so the first stands and nothing is listed as accepted and set aside later (issue 35 point 2)."""
    _start(sandbox, ("France", "Italy"), "SET RULE preset classic")
    send_as(sandbox, "France", "3 : F NAP - ION\n2 : F NAP - TYS")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    accepted, rejected = answer.split("Rejected:")
    assert "2 : F NAP - TYS" in rejected and "one offer per unit (Payola Classic, 6.1)" in rejected
    assert "F NAP - TYS" not in accepted and "3 : F NAP - ION" in accepted
    send_as(sandbox, "Italy", "1 : F NAP - APU")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    results = "\n".join(sandbox.text(m) for m in to(sandbox.new_mail(), address("France")))
    assert "Set aside" not in results
    state = sandbox.store.load_game(GAME).state
    assert state["phase"] == "F1901M" and "F ION" in state["units"]["ITALY"]
    assert state["treasury"]["FRANCE"] == 7 * 3 - 3 and state["ledgers"]["FRANCE"]["refused"] == []


def test_6_4_ebayola_by_mail_the_ledger_shows_what_came_back(sandbox: Sandbox) -> None:
    """6.4: France's 10 for ION beats Italy's 1 for APU: the order costs 2, France gets 8 back, and reads so."""
    _start(sandbox, ("France", "Italy"), "SET RULE ebayola true")
    send_as(sandbox, "France", "10 : F NAP - ION")
    send_as(sandbox, "Italy", "1 : F NAP - APU")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    france = _mails_of(sandbox, sandbox.new_mail(), address("France"))
    assert "Paid back (eBayola, 6.4): 8 AgP of 10 : F NAP - ION." in france
    assert "Accepted: 10 : F NAP - ION -> F NAP - ION, cost 2 AgP." in france
    assert sandbox.store.load_game(GAME).state["treasury"]["FRANCE"] == 48 - 2


def test_the_seed_is_chosen_at_start_and_the_unplayed_powers_follow_the_players(sandbox: Sandbox) -> None:
    """4.1, 4.4: the `?` seed is recorded at START; civil disorder (at START or later) is in every phase's record."""
    _start(sandbox, ("England", "France", "Italy", "Russia", "Turkey"))
    state = sandbox.store.load_game(GAME).state
    assert len(state["seed"]) == 16 and int(state["seed"], 16) >= 0
    assert state["dummies"] == ["AUSTRIA", "GERMANY"]
    gm(sandbox, "DUMMY Italy\nPROCESS!")
    sandbox.poll()
    record = sandbox.store.phases(GAME)[0]
    assert record.phase == "S1901M"
    assert record.state_before["dummies"] == ["AUSTRIA", "GERMANY", "ITALY"]
    assert record.state_before["seed"] == state["seed"]
    after = sandbox.store.load_game(GAME).state
    assert after["seed"] == state["seed"] and after["dummies"] == ["AUSTRIA", "GERMANY", "ITALY"]


def test_each_game_draws_its_own_seed(tmp_path: Path) -> None:
    seeds = set()
    for n in range(2):
        box = Sandbox.create(tmp_path / f"judge{n}", password_cost=8)
        _start(box, ("France",))
        seeds.add(box.store.load_game(GAME).state["seed"])
    assert len(seeds) == 2


def test_an_offer_sheet_is_the_powers_orders_and_the_reply_shows_the_money(sandbox: Sandbox) -> None:
    """3.1: no unit waits for an order of its own; the reply shows the sheet and what it commits (5.6)."""
    _start(sandbox, ("France", "Italy"))
    send_as(sandbox, "France", "30 : A PAR - BUR\n10 : F BRE - MAO | - ENG\n9 $\nPAY 1 TO Italy\nACCEPT FI?")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    assert "Still without orders" not in answer and "Still to send" not in answer
    assert all(line in answer for line in ("30 : A PAR - BUR", "9 $", "PAY 1 TO ITALY", "ACCEPT FI?"))
    assert "These lines commit at most 50 AgP; your balance is 48 AgP (over by 2" in answer
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901M"
    send_as(sandbox, "Italy", "ACCEPT IF?")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("Italy"))
    assert "Still to send: an offer sheet." in answer
    send_as(sandbox, "Italy", "1 : A VEN H")
    sandbox.poll()
    sandbox.advance(timedelta(minutes=1))
    sandbox.poll()
    assert sandbox.store.load_game(GAME).state["phase"] == "F1901M"  # every played power's sheet in: played


def test_accept_and_pay_lines_are_taken_in_the_winter(sandbox: Sandbox) -> None:
    """4.3, 2.3: acceptance lists persist and transfers are made outside the movement phases too."""
    _start(sandbox, ("France", "Italy"))
    send_as(sandbox, "France", "A MAR - SPA\nF BRE - MAO")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    send_as(sandbox, "France", "F MAO - POR")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    assert sandbox.store.load_game(GAME).state["phase"] == "W1901A"  # France has two builds to order
    sandbox.new_mail()
    send_as(sandbox, "France", "ACCEPT FI?\nPAY 5 TO Italy\nPAY 500 TO Italy\nBUILD A MAR\nBUILD F BRE")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    assert "ACCEPT FI?" in answer and "PAY 5 TO ITALY" in answer
    # issue 21: a payment above the balance is refused in the reply, not only when the phase is played
    assert "FRANCE has only 48 AgP, and 5 AgP of it is already promised in earlier PAY lines" in answer
    assert "Builds a fleet in Brest." in answer and "Builds still to order" not in answer  # builds count as builds
    sandbox.advance(timedelta(minutes=1))
    sandbox.poll()  # issue 34: a refused line holds the phase for its fix until the deadline or a clean mail
    assert sandbox.store.load_game(GAME).state["phase"] == "W1901A"
    send_as(sandbox, "France", "")  # the SIGNON alone: France lets the phase be played with what it has
    sandbox.poll()
    sandbox.advance(timedelta(minutes=1))
    sandbox.poll()  # every build in: played without the GM
    state = sandbox.store.load_game(GAME).state
    assert state["phase"] == "S1902M"
    assert state["accept"]["FRANCE"] == ["FRANCE", "ITALY", "?"]
    assert state["treasury"]["FRANCE"] == 48 - 5 + 75 and state["treasury"]["ITALY"] == 48 + 5 + 48
    assert not any("PAY 500" in entry[1] for entry in state["accounts"]["FRANCE"])  # never kept


def _mails_of(sandbox: Sandbox, mails: list[IncomingMail], who: str) -> str:
    return "\n".join(sandbox.text(m) for m in to(mails, who))


def test_result_mails_give_each_power_its_ledger_the_gm_the_chart_and_all_the_charts_at_the_end(
        sandbox: Sandbox) -> None:
    """5.7, 2.5: a private ledger each, the GM's chart; 3.6, 4.5: every phase's chart to all when the game ends."""
    sandbox.send(GM, f"CREATE {GAME} payola gm-secret\n", "new game")
    sandbox.poll()
    for power in ("France", "Germany", "Italy"):
        sandbox.send(address(power), f"JOIN {GAME} {password(power)} AS {power}")
    gm(sandbox, "SET RULE victory_centers 5\nSET RULE income flat\nSET RULE income_per_center 16\nSTART")
    sandbox.poll()
    sandbox.new_mail()
    send_as(sandbox, "France", "12 : A MUN - RUH\nA MAR - SPA\nF BRE - MAO\nACCEPT FIG?")
    send_as(sandbox, "Germany", "10 : A MUN H\nACCEPT GFI?")
    send_as(sandbox, "Italy", "1 : F NAP - ION")
    sandbox.poll()
    spring = sandbox.new_mail()
    france, germany, italy = (_mails_of(sandbox, spring, address(p)) for p in ("France", "Germany", "Italy"))
    assert "Germany: Army Munich -> Ruhr." in italy  # the orders issued are public
    assert "Ledger of France: balance 48 AgP before, 12 spent, 36 after." in france
    assert "Accepted: 12 : A MUN - RUH -> A MUN - RUH, cost 12 AgP." in france
    assert "Your unit A MUN: A MUN - RUH (total accepted 12 AgP)." in germany
    assert "Not accepted: 10 : A MUN H: the unit ordered A MUN - RUH" in germany
    for text, others in ((france, ("Germany", "Italy")), (germany, ("France", "Italy")),
                         (italy, ("France", "Germany"))):
        assert all(f"Ledger of {o}" not in text and f"Account of {o}" not in text for o in others)
        assert "Bribe chart" not in text
    assert "10 : A MUN H" not in france + italy and "12 : A MUN" not in germany + italy
    assert "ACCEPT GFI" not in france + italy and "ACCEPT FIG" not in germany + italy
    assert "Acceptance list: GERMANY" not in france + italy and "Acceptance list: FRANCE" not in germany + italy
    master = _mails_of(sandbox, spring, GM)
    assert "Bribe chart (GM only):" in master and "Not accepted: 10 : A MUN H" in master
    send_as(sandbox, "France", "F MAO - POR\nA SPA H")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    fall = sandbox.new_mail()
    assert sandbox.store.load_game(GAME).status == "finished"
    for power in ("France", "Germany", "Italy"):
        text = _mails_of(sandbox, fall, address(power))
        assert "the bribe chart of every phase" in text
        assert "Bribe chart of S1901M:" in text and "Bribe chart of F1901M:" in text
        assert "Ledger of Germany" in text and "Not accepted: 10 : A MUN H" in text


def test_a_retreat_is_ordered_directly_and_counts_as_the_powers_orders(sandbox: Sandbox) -> None:
    """Retreats are ordered as in Diplomacy: checked on arrival, and the phase plays once they are in."""
    _start(sandbox, ("France", "Germany"))
    send_as(sandbox, "Germany", "A MUN - BUR")
    send_as(sandbox, "France", "A PAR H")
    sandbox.poll()
    sandbox.advance(timedelta(minutes=1))
    sandbox.poll()
    send_as(sandbox, "France", "A PAR - BUR\nA MAR S A PAR - BUR")
    send_as(sandbox, "Germany", "A BUR H")
    sandbox.poll()
    sandbox.advance(timedelta(minutes=1))
    sandbox.poll()
    assert sandbox.store.load_game(GAME).state["phase"] == "F1901R"
    sandbox.new_mail()
    send_as(sandbox, "Germany", "A BUR R MAR\nA BUR R RUH")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("Germany"))
    assert "the unit in Burgundy cannot retreat to Marseilles" in answer  # checked on arrival, as in Diplomacy
    assert "Army Burgundy -> Ruhr." in answer and "Still without orders" not in answer
    # its orders are in, but a line was refused: the phase waits for the fix (issue 34) until a clean mail
    assert "Retreats for Fall of 1901 is processed" not in answer and "A line of this mail was refused" in answer
    send_as(sandbox, "Germany", "A BUR R RUH")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("Germany"))
    assert "Retreats for Fall of 1901 is processed at the end of this poll" in answer
    sandbox.poll()
    state = sandbox.store.load_game(GAME).state
    assert state["phase"] == "S1902M" and "RUH" in str(state["units"]["GERMANY"])


def test_a_long_game_keeps_positions_of_one_size_and_terminate_still_publishes_every_chart(
        sandbox: Sandbox) -> None:
    """3.6, 4.5 from the history: no position carries the past, so a poll reads as much in year six as in year one.

    The charts of every movement phase were once kept in the live position,
    which every poll reads and every history record copies: a game's files
    grew with the square of its phases.
    """
    _start(sandbox, ("France", "Germany", "Italy"))
    sizes: dict[str, int] = {}
    movements: list[str] = []
    for _ in range(24):
        state = sandbox.store.load_game(GAME).state
        sizes[state["phase"]] = len(json.dumps(state))
        if state["phase"].endswith("M"):
            movements.append(state["phase"])
            send_as(sandbox, "France", "2 : A PAR - BUR\n1 : F BRE H\n3 $")
        gm(sandbox, "PROCESS!")
        sandbox.poll()
    assert "S1906M" in sizes and sizes["S1906M"] <= sizes["S1902M"] * 1.1, sizes
    records = sandbox.store.phases(GAME)
    assert len(json.dumps(records[-1].to_json())) <= len(json.dumps(records[3].to_json())) * 1.3
    sandbox.new_mail()
    gm(sandbox, "TERMINATE")
    sandbox.poll()
    ended = [sandbox.text(m) for m in to(sandbox.new_mail(), address("Germany")) if "is over" in str(m.message["Subject"])]
    assert len(ended) == 1
    shown = re.findall(r"Bribe chart of (\w+):", ended[0])
    assert shown == movements and len(shown) >= 10  # every movement phase played, none twice
    assert "Ledger of France" in ended[0] and "2 : A PAR - BUR" in ended[0]


def test_issue_35_point_10_commits_at_most_what_can_be_paid(sandbox: Sandbox) -> None:
    """A unit issues one order: of France's offers to A PAR only those for the order issued are paid (5.6), so
    20 + 3 for Burgundy and 10 for Picardy commit at most 23 AgP, not 33."""
    _start(sandbox, ("France", "Italy"))
    send_as(sandbox, "France", "20 : A PAR - BUR\n10 : A PAR - PIC\n3 : A PAR - BUR\n2 : F BRE - MAO")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    assert "These lines commit at most 25 AgP" in answer


def test_issue_35_point_10_the_gm_reads_each_ledger_once(sandbox: Sandbox) -> None:
    """The GM's result mail has every ledger once (in the bribe chart), a player's only his own."""
    _start(sandbox, ("France", "Italy"))
    send_as(sandbox, "France", "3 : F NAP - ION")
    send_as(sandbox, "Italy", "1 : F NAP - APU")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    mails = sandbox.new_mail()
    gm_mail = "\n".join(sandbox.text(m) for m in to(mails, GM) if "results" in str(m.message["Subject"]).lower())
    assert gm_mail.count("Ledger of France") == 1 and gm_mail.count("Ledger of Italy") == 1
    france = "\n".join(sandbox.text(m) for m in to(mails, address("France")))
    assert france.count("Ledger of France") == 1 and "Ledger of Italy" not in france


def test_issue_35_point_10_history_carries_each_power_its_own_ledgers(sandbox: Sandbox) -> None:
    """HISTORY after SIGNON: a player's own ledger of each movement phase, the GM every ledger, a stranger none."""
    _start(sandbox, ("France", "Italy"))
    send_as(sandbox, "France", "3 : F NAP - ION")
    send_as(sandbox, "Italy", "1 : F NAP - APU")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    sandbox.new_mail()
    send_as(sandbox, "France", f"HISTORY {GAME}")
    gm(sandbox, f"HISTORY {GAME}")
    sandbox.send("stranger@example.org", f"HISTORY {GAME}")
    sandbox.poll()
    mails = sandbox.new_mail()
    france = "\n".join(sandbox.text(m) for m in to(mails, address("France")))
    assert "Ledger of France" in france and "Ledger of Italy" not in france and "3 : F NAP - ION" in france
    master = "\n".join(sandbox.text(m) for m in to(mails, GM))
    assert master.count("Ledger of France") == 1 and master.count("Ledger of Italy") == 1
    assert "Ledger of" not in "\n".join(sandbox.text(m) for m in to(mails, "stranger@example.org"))
