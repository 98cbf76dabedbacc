"""What Version 3 leaves to the GM, by mail: SET RULE for its readings and defaults, GM for its decisions.

Each test plays on a throwaway judge (``judge/app/sandbox.py``): the game of
``judge/app/demo_v3.py`` is set up (five players, the auction, the status check
played at once), then the GM and the players mail the judge.
"""

from __future__ import annotations


import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail

mailgame = load_script("europe1615-v3")
GAME, GM, OBSERVER, POWERS, address, send_as = (
    mailgame.game, mailgame.gm, mailgame.observer, mailgame.powers, mailgame.address, mailgame.send_as)


@pytest.fixture
def sandbox(started_v3: Sandbox) -> Sandbox:
    return started_v3


def gm(sandbox: Sandbox, lines: str) -> list[IncomingMail]:
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\n{lines}\n", "gm")
    sandbox.poll()
    return sandbox.new_mail()


def reply(sandbox: Sandbox, mails: list[IncomingMail], who: str) -> str:
    found = [m for m in mails if who in str(m.message["To"]) and str(m.message["Subject"]).startswith("Re:")]
    assert len(found) == 1
    return sandbox.text(found[0])


def told(sandbox: Sandbox, mails: list[IncomingMail]) -> dict[str, str]:
    """Who got the GM's news, and what it said (on one line)."""
    news = [m for m in mails if str(m.message["Subject"]) == f"The GM of {GAME} decided"]
    return {str(m.message["To"]): " ".join(sandbox.text(m).split()) for m in news}


def extra(sandbox: Sandbox) -> dict:
    return sandbox.store.load_game(GAME).state


@pytest.mark.parametrize(("count", "result"), [("held", "void"), ("acquired", "ok")])
def test_R_v3_22_a_rule_override_changes_the_adjudication(sandbox: Sandbox, count: str, result: str) -> None:
    """Poland holds four centres: NEUTRAL and closed when held centres count, UNALIGNED and open when not."""
    mails = gm(sandbox, f"SET RULE three_centre_count {count}")
    assert f"three_centre_count = {count} (the variant's default: acquired)" in reply(sandbox, mails, GM)
    assert sandbox.store.load_game(GAME).rules == ({} if count == "acquired" else {"three_centre_count": "held"})
    send_as(sandbox, "Austria", "A SLO - CRA")
    sandbox.poll()
    gm(sandbox, "PROCESS!")
    history = sandbox.store.phase_record(GAME, "S1615M")
    assert history is not None
    moved = next(r for r in history.results["results"] if r["order"] == "A SLO - CRA")
    assert moved["result"] == result
    assert ("A CRA" in extra(sandbox)["units"]["AUSTRIA"]) is (result == "ok")


def test_R_v3_78_the_gm_s_ballot_is_announced_and_is_the_one_voted_on(sandbox: Sandbox) -> None:
    mails = gm(sandbox, "GM BALLOT wallenstein, Catholic League, Polish")
    assert ("GM BALLOT wallenstein, Catholic League, Polish\n      the modifiers on the ballot of Late Winter 1615: "
            "Wallenstein, Catholic League, Polish intervention; everyone is told") in reply(sandbox, mails, GM)
    news = told(sandbox, mails)
    assert set(news) == {address(p) for p in POWERS} | {OBSERVER}
    assert "The modifiers on the ballot of Late Winter 1615: Wallenstein, Catholic League, Polish intervention." \
        in news[address("Spain")]
    assert extra(sandbox)["ballot"] == ["WALLENSTEIN", "CATHOLIC_LEAGUE", "POLISH"]
    for phase, orders in mailgame.phases[:3]:
        mailgame.play_phase(sandbox, phase, orders)
    assert mailgame.phase_now(sandbox) == "W1615A"
    sandbox.new_mail()
    send_as(sandbox, "France", "+10 = Treaty of Lyon\n+3 = Wallenstein")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), address("France"))
    assert "+10 = Treaty of Lyon\n      Treaty of Lyon is not on this year's ballot" in text
    assert "Still to send: a vote on Catholic League and a vote on Polish intervention." in text


def test_R_v3_86_the_gm_names_wallenstein_s_army(sandbox: Sandbox) -> None:
    mails = gm(sandbox, "GM LETTER W A VIE\nGM LETTER W PAR")
    text = reply(sandbox, mails, GM)
    assert "GM LETTER W A VIE\n      the Austrian army A VIE carries the letter W; everyone is told" in text
    assert "GM LETTER W PAR\n      AUSTRIA has no army in PAR: W is one of AUSTRIA's armies (write GM LETTER " \
           "letter army)" in text
    assert extra(sandbox)["special"]["W"] == "A VIE"
    assert "The Austrian army A VIE carries the letter W." in told(sandbox, mails)[address("Denmark")]


def test_R_v3_123_the_gm_declares_a_power_abandoned_publicly(sandbox: Sandbox) -> None:
    mails = gm(sandbox, "GM ABANDON England\nGM ABANDON Atlantis")
    text = reply(sandbox, mails, GM)
    assert "GM ABANDON England\n      England is abandoned (R-v3-123)" in text
    assert "GM ABANDON Atlantis\n      name a power, as in ABANDON France" in text
    assert extra(sandbox)["abandoned"] == ["ENGLAND"]
    assert "England is abandoned (R-v3-123): in Early Winter its centres become pliant minor states" \
        in told(sandbox, mails)[address("England")]
    gm(sandbox, "GM ABANDON England OFF")
    assert extra(sandbox)["abandoned"] == []


def test_R_v3_93_the_gm_sets_a_seceded_centre_s_value(sandbox: Sandbox) -> None:
    mails = gm(sandbox, "GM VALUE GUY 2")
    assert "GUY is not a centre of a state made in play (a secession)" in reply(sandbox, mails, GM)
    store = sandbox.store
    game = store.load_game(GAME)                 # Guyenne secedes (the Huguenot rebellion, R-v3-93)
    game.state["new_states"], game.state["seceded"] = {"GUY": ["GUY"]}, {"GUY": "FRANCE"}
    game.state["centers"]["FRANCE"].remove("GUY")
    game.state["centers"]["GUY"] = ["GUY"]
    store.save_game(game)
    mails = gm(sandbox, "GM VALUE GUY 2")
    assert "the centre GUY is worth 2; everyone is told" in reply(sandbox, mails, GM)
    assert extra(sandbox)["new_centers"] == {"GUY": 2}


def test_A_v3_18_and_A_v3_13_the_gm_settles_overlapping_rights_and_ties(sandbox: Sandbox) -> None:
    mails = gm(sandbox, "GM EXCLUSIVE DUT Olivares\nGM LEADER Protestant Union Denmark\nGM LEADER Union Spain")
    text = reply(sandbox, mails, GM)
    assert "where exclusive rights to DUT meet, Olivares's diplomacy's holds; everyone is told" in text
    assert "on a tie for Protestant Union's right, Denmark holds it; everyone is told" in text
    assert "'Spain' is not a power that may hold Protestant Union's right" in text
    state = extra(sandbox)
    assert state["exclusive"] == {"DUT": "OLIVARES"} and state["leaders"] == {"PROTESTANT_UNION": "DENMARK"}


def test_R_v3_126_the_gm_s_call_on_an_agreement_stays_with_the_gm(sandbox: Sandbox) -> None:
    mails = gm(sandbox, "GM WINNER Spain")
    text = reply(sandbox, mails, GM)
    assert "GM WINNER Spain\n      if the players agree to stop and the leaders tie, Spain wins (R-v3-126)\n" in text
    assert told(sandbox, mails) == {} and extra(sandbox)["agreement_winner"] == "SPAIN"
    send_as(sandbox, "France", "RULES")
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nRULES")           # the GM signed on sees every decision
    sandbox.poll()
    mails = sandbox.new_mail()
    shown = {str(m.message["To"]): sandbox.text(m) for m in mails if str(m.message["Subject"]) == f"Rules of {GAME}"}
    assert "now: Spain on a tie" in shown[GM] and "now: Spain" not in shown[address("France")]
    assert "  GM WINNER power | DEFAULT\n" in shown[address("France")]


def test_players_may_not_decide_for_the_gm_and_read_the_rules(sandbox: Sandbox) -> None:
    send_as(sandbox, "France", "GM ABANDON Spain\nGM BALLOT Wallenstein\nSET RULE ballot_minimum net\nRULES")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, address("France"))
    assert "GM ABANDON is a GM command: only the GM of 'v3' may use it" in text
    assert "GM BALLOT is a GM command" in text and "SET RULE is a GM command" in text
    state = extra(sandbox)
    assert "abandoned" not in state and "ballot" not in state and sandbox.store.load_game(GAME).rules == {}
    rules = next(m for m in mails if str(m.message["Subject"]) == f"Rules of {GAME}")
    body = sandbox.text(rules)
    assert "  three_centre_count = acquired\n    (default acquired; takes held or acquired)\n" in body
    assert "  GM BALLOT modifier, modifier, modifier | DEFAULT\n" in body
    assert "now: Moroccan unification, Dano-Swedish rivalry, Anti-Protestant" in body


def test_an_unknown_decision_or_value_is_refused_with_what_is_allowed(sandbox: Sandbox) -> None:
    mails = gm(sandbox, "GM CROWN Spain\nSET RULE ballot_minimum half\nSET RULE expansion-multiplier 2")
    text = reply(sandbox, mails, GM)
    assert ("GM CROWN Spain\n      europe1615-v3 has no GM decision CROWN (it has: BALLOT, LETTER, ABANDON, VALUE, "
            "EXCLUSIVE, LEADER, WINNER, MODIFIER)") in text
    assert "SET RULE ballot_minimum half\n      ballot_minimum takes each or net, not 'half'" in text
    assert "expansion_multiplier = 2 (the variant's default: 3)" in text
    assert sandbox.store.load_game(GAME).rules == {"expansion_multiplier": 2}
