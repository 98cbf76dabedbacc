"""A standard game's rules by mail: RULES, SET RULE (an option for this game only) and GM (none offered)."""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from tests.app.helpers import (
    GAME,
    GM,
    POWERS,
    address,
    gm,
    reply,
    send_as,
    start_game,
    subjects,
    to,
)


def test_set_rule_overrides_an_option_for_this_game_and_tells_everyone(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "SET RULE victory_centers 20")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, GM)
    assert "line 2: SET RULE victory_centers 20\n      victory_centers = 20 (the variant's default: 18); " \
           "everyone is told" in text
    assert sandbox.store.load_game(GAME).rules == {"victory_centers": 20}
    notices = [m for m in mails if str(m.message["Subject"]) == f"The GM of {GAME} decided"]
    assert {str(m.message["To"]) for m in notices} == {address(p) for p in POWERS}   # the GM has the reply
    assert ("The rule option victory_centers = 20 (the variant's default: 18); the supply centres a power needs "
            "to win.") in " ".join(sandbox.text(notices[0]).split())
    gm(sandbox, "SET RULE victory_centers 18")                               # the default again: no override
    sandbox.poll()
    sandbox.new_mail()
    assert sandbox.store.load_game(GAME).rules == {}


def test_an_override_decides_the_game_s_result(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "SET RULE victory_centers 4\nPROCESS!")                        # Russia starts with four
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.status == "finished"
    end = [m for m in sandbox.new_mail() if str(m.message["Subject"]) == f"Game {GAME} is over"]
    assert end and "Russia" in sandbox.text(end[0])


def test_an_older_rulebook_s_reading_set_by_mail_decides_a_phase(sandbox: Sandbox) -> None:
    """SET RULE via_fallback true (DATC v2's reading of 4.A.3): a VIA CONVOY move nobody carries goes by land."""
    start_game(sandbox)
    send_as(sandbox, "England", "F LON - NTH\nA LVP - YOR\nF EDI H")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    send_as(sandbox, "England", "A YOR - LON VIA CONVOY\nF NTH H\nF EDI H")      # F NTH could carry it, but holds
    gm(sandbox, "SET RULE via_fallback true\nPROCESS!")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.rules == {"via_fallback": True}
    assert "A LON" in game.state["units"]["ENGLAND"]                          # without the option: "no convoy"


def test_an_unknown_option_or_value_is_refused_with_what_is_allowed(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "SET RULE colour red\nSET RULE victory_centers many\nSET RULE victory_centers 99\n"
                "SET RULE victory_centers\nGM BALLOT Wallenstein")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), GM)
    assert ("line 2: SET RULE colour red\n      standard has no rule option 'colour' (its options: victory_centers, "
            "draws, civil_disorder, via_fallback, adjacent_convoy, build_sites, retreats, dias; RULES lists them)") in text
    assert ("line 3: SET RULE victory_centers many\n      victory_centers takes a whole number from 1 to 34, "
            "not 'many'") in text
    assert "victory_centers takes a whole number from 1 to 34, not '99'" in text
    assert ("line 5: SET RULE victory_centers\n      victory_centers = 18 (default 18; takes a whole number from 1 "
            "to 34): the supply centres a power needs to win") in text
    assert ("line 6: GM BALLOT Wallenstein\n      standard leaves no decision to the GM that is made with GM "
            "(SET RULE changes options)") in text
    assert sandbox.store.load_game(GAME).rules == {}


def test_players_may_not_set_rules_but_anyone_may_read_them(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "SET RULE victory_centers 20")
    send_as(sandbox, "France", "SET RULE victory_centers 10\nGM ABANDON England\nRULES")
    sandbox.send("someone@example.org", f"RULES {GAME}\nRULES")
    sandbox.poll()
    mails = sandbox.new_mail()
    france = reply(sandbox, mails, address("France"))
    assert "SET RULE is a GM command: only the GM of 'demo' may use it" in france
    assert "GM ABANDON is a GM command: only the GM of 'demo' may use it" in france
    assert "line 4: RULES\n      the rules of 'demo' are in a separate mail" in france
    assert sandbox.store.load_game(GAME).rules == {"victory_centers": 20}
    stranger = reply(sandbox, mails, "someone@example.org")
    assert "RULES needs a game name (RULES game1), unless you signed on to the game" in stranger
    rules = [m for m in to(mails, "someone@example.org") if str(m.message["Subject"]) == f"Rules of {GAME}"]
    body = sandbox.text(rules[0])
    assert "* victory_centers = 20\n    (default 18; takes a whole number from 1 to 34)\n" in body
    assert "Decisions the rules leave to the GM" not in body
    assert f"Rules of {GAME}" in subjects(to(mails, address("France")))


def test_set_rule_alone_mails_the_rules_to_the_gm(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} standard gm-secret\nSET RULE victory_centers 24\nSET RULE", "new game")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "line 3: SET RULE\n      the rules of 'demo' are in a separate mail" in reply(sandbox, mails, GM)
    body = sandbox.text(next(m for m in to(mails, GM) if str(m.message["Subject"]) == f"Rules of {GAME}"))
    assert "* victory_centers = 24" in body
    assert sandbox.store.load_game(GAME).rules == {"victory_centers": 24}  # set while the game forms
