"""Europe 1615 (Version 3) by mail: games of the variant, the BID auction, and the variant's lines in a mail.

Each test plays on a throwaway judge (``judge/app/sandbox.py``) through the same
poll as ``judge poll``: mails are dropped in the spool inbox, replies and
results read from its outbox.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail

mailgame = load_script("europe1615-v3")
GAME, GM, POWERS, address, password, send_as = (
    mailgame.game, mailgame.gm, mailgame.powers, mailgame.address, mailgame.password, mailgame.send_as)


@pytest.fixture
def sandbox(tmp_path: Path) -> Sandbox:
    return Sandbox.create(tmp_path / "judge", password_cost=8)


def to(mails: list[IncomingMail], who: str) -> list[IncomingMail]:
    return [m for m in mails if who.lower() in str(m.message["To"]).lower()]


def reply(sandbox: Sandbox, mails: list[IncomingMail], who: str) -> str:
    found = [m for m in to(mails, who) if str(m.message["Subject"]).startswith("Re:")]
    assert len(found) == 1, [str(m.message["Subject"]) for m in to(mails, who)]
    return sandbox.text(found[0])


def started(sandbox: Sandbox) -> list[IncomingMail]:
    mailgame.set_up(sandbox)
    return sandbox.new_mail()


def test_a_v3_game_starts_at_the_status_check_and_plays_it_at_once(sandbox: Sandbox) -> None:
    mails = started(sandbox)
    game = sandbox.store.load_game(GAME)
    assert game.variant == "europe1615-v3" and game.state["phase"] == "S1615M"    # S1615I took no orders
    assert game.state["allocation"] == {"AUSTRIA": 33, "DENMARK": 34, "ENGLAND": 26, "FRANCE": 35, "SPAIN": 37}
    start = sandbox.text(next(m for m in to(mails, address("France")) if "has started" in str(m.message["Subject"])))
    assert "You are playing France." in start and "The first phase is Initial status check for Spring of 1615." in start
    assert "deadline" not in start.lower()                     # it is played at once: no deadline to meet
    assert "Ottoman Empire: Army Rumelia.\nOttoman Empire: Army Serbia.\n" in start
    status = [m for m in to(mails, address("France"))
              if str(m.message["Subject"]) == f"Diplomacy results {GAME} S1615I"]
    assert len(status) == 1
    body = sandbox.text(status[0])
    assert "INFs for 1615 (R-v3-06): Austria 33, Denmark 34, England 26, France 35, Spain 37." in body
    assert "The next phase of 'v3' will be Movement for Spring of 1615." in body and "The deadline" in body


def test_R_v3_131_bids_in_the_join_mails_assign_the_powers_and_only_the_gm_sees_them(sandbox: Sandbox) -> None:
    mails = started(sandbox)
    game = sandbox.store.load_game(GAME)
    assert {p.address: p.power for p in game.players} == {address(p): p.upper() for p in POWERS}
    # England's player bid more on Denmark (40) than on England (30), but Denmark's player bid 45 on it
    gm_mail = next(m for m in to(mails, GM) if "has started" in str(m.message["Subject"]))
    gm_start = " ".join(sandbox.text(gm_mail).split())
    assert (f"England to {address('England')}, who sent: BID ENGLAND 30 DENMARK 40 AUSTRIA 10 FRANCE 10 SPAIN 10"
            in gm_start)
    assert f"Denmark to {address('Denmark')}, who sent: BID DENMARK 45 AUSTRIA 10 ENGLAND 25" in gm_start
    for power in POWERS:
        start = next(m for m in to(mails, address(power)) if "has started" in str(m.message["Subject"]))
        text = " ".join(sandbox.text(start).split())
        assert "The powers went to the highest bids" in text and "who sent" not in text and "BID D" not in text


def test_a_bad_bid_is_refused_and_the_join_stands(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} europe1615-v3 gm-secret", "new game")
    sandbox.poll()
    sandbox.send(address("France"), f"JOIN {GAME} {password('France')} AS France\nBID FRANCE 90 SPAIN 10\n")
    sandbox.send(address("Spain"), f"JOIN {GAME} {password('Spain')}\n9: WUR\n")
    sandbox.poll()
    mails = sandbox.new_mail()
    france = reply(sandbox, mails, address("France"))
    assert "you joined 'v3' as France" in france
    assert "BID FRANCE 90 SPAIN 10\n      each power needs at least 5 points: AUSTRIA, DENMARK, ENGLAND" in france
    spain = reply(sandbox, mails, address("Spain"))
    assert "9: WUR\n      the game has not started: only a BID sheet may be sent now" in spain
    assert "sheets" not in sandbox.store.load_game(GAME).extra


def test_without_bids_the_powers_are_given_as_in_standard_games(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} europe1615-v3 gm-secret", "new game")
    sandbox.poll()
    sandbox.send(address("Spain"), f"JOIN {GAME} {password('Spain')} AS Spain")
    sandbox.send(address("France"), f"JOIN {GAME} {password('France')}")
    sandbox.poll()
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nSTART")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.player("SPAIN").address == address("Spain")          # type: ignore[union-attr]
    assert sum(1 for p in game.players if p.status == "dummy") == 3 and game.state["phase"] == "S1615M"


def test_R_v3_10_inf_lines_attacks_and_unit_orders_in_one_mail(sandbox: Sandbox) -> None:
    started(sandbox)
    send_as(sandbox, "France", "9: WUR\n16:RHI\n40: POL\nLOR > SPAIN\nWUR - FRA\nSER \u2013 BOS\nA PAR - BUR\n"
                               "WAIVE LOR\n+5 = Wallenstein\nLOR > FRANCE")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), address("France"))
    assert "  line 2: 9: WUR\n      9 INFs to Wurttemberg; 26 of 35 left this year\n" in text
    assert "  line 3: 16:RHI\n      16 INFs to Rhineland; 10 of 35 left this year\n" in text
    assert "  line 4: 40: POL\n      over this year's budget: 10 of 35 INFs left\n" in text
    assert "  line 5: LOR > SPAIN\n      attack accepted: on Spain in Lorraine (one attack per phase" in text
    assert "  line 6: WUR - FRA\n      read as: A WUR - FRA\n" in text             # by province, a minor's unit
    assert "  line 7: SER \u2013 BOS\n      read as: A SER - BOS\n" in text       # the Ottomans', en dash
    assert "  line 9: WAIVE LOR\n      France will not capture Lorraine" in text
    assert ("  line 10: +5 = Wallenstein\n      a ballot line is not an order for a movement phase "
            "(it goes with Late Winter)\n") in text
    assert "  line 11: LOR > FRANCE\n      a power cannot attack itself\n" in text
    assert "Orders for France, Spring of 1615 (S1615M):\n    9: WUR.\n    16: RHI.\n    LOR > SPAIN.\n" in text
    send_as(sandbox, "France", "5: WUR")                                 # a later line replaces the earlier one
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), address("France"))
    assert "5 INFs to Wurttemberg; 14 of 35 left this year" in text
    lines = [o.line for o in sandbox.store.load_game(GAME).orders["FRANCE"]]
    assert "9: WUR" not in lines and "5: WUR" in lines and "A SER - BOS" in lines


def test_R_v3_13_orders_to_a_minor_unit_only_from_a_power_that_may_give_them(sandbox: Sandbox) -> None:
    started(sandbox)
    send_as(sandbox, "England", "ROM H\nSER H")
    send_as(sandbox, "Austria", "ROM H")
    sandbox.poll()
    mails = sandbox.new_mail()
    england = reply(sandbox, mails, address("England"))
    assert "  line 2: ROM H\n      there is no unit you may order in Rome\n" in england   # Papal States: Catholics
    assert "line 3: SER H\n      read as: A SER H" in england                            # every power: the Ottomans
    assert "line 2: ROM H\n      read as: A ROM H" in reply(sandbox, mails, address("Austria"))


def test_R_v3_78_late_winter_waits_for_every_ballot_and_says_what_is_missing(sandbox: Sandbox) -> None:
    mailgame.set_up(sandbox)
    for phase, orders in mailgame.phases[:3]:
        mailgame.play_phase(sandbox, phase, orders)
    assert mailgame.phase_now(sandbox) == "W1615A"
    sandbox.new_mail()
    send_as(sandbox, "France", "+10 = Treaty of Lyon\nBUILD A PAR")
    sandbox.advance(timedelta(hours=1))
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), address("France"))
    assert "10 of 14 votes cast; still to vote on (at least 1 vote each): Moroccan unification, Dano-Swedish" in text
    assert "Still to send: a vote on Moroccan unification and a vote on Dano-Swedish rivalry." in text
    assert mailgame.phase_now(sandbox) == "W1615A"                       # the ballots are not all in


def test_R_v3_126_a_unanimous_agree_by_mail_ends_the_game_for_the_gm_to_call(sandbox: Sandbox) -> None:
    started(sandbox)
    for power in POWERS:
        send_as(sandbox, power, "AGREE")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "you agree to end the game" in reply(sandbox, mails, address("Spain"))
    game = sandbox.store.load_game(GAME)
    assert game.state["phase"] == "S1615M"                 # orders are still missing: the phase waits
    game_clock = game.deadline
    assert game_clock is not None
    sandbox.clock.set(game_clock + timedelta(minutes=1))
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.status == "finished" and game.state["game_over"]["rule"] == "R-v3-126"
    ends = [m for m in sandbox.new_mail() if str(m.message["Subject"]) == f"Game {GAME} is over"]
    assert {str(m.message["To"]) for m in ends} >= {address(p) for p in POWERS} | {GM}
    assert "is over by the players' agreement" in sandbox.text(ends[0])


def test_R_v3_65_a_second_build_for_an_aligned_minor_with_one_due_is_refused_in_the_reply(sandbox: Sandbox) -> None:
    """Brandenburg (aligned to Denmark) holds Brandenburg and Mecklenburg with one army: one build, refused beyond."""
    mailgame.set_up(sandbox)
    for phase, orders in mailgame.phases[:3]:
        mailgame.play_phase(sandbox, phase, orders)
    game = sandbox.store.load_game(GAME)
    assert game.state["phase"] == "W1615A" and game.state["units"]["BRA"] == ["A MEC"]
    game.state["units"]["BRA"] = ["A POM"]                 # its army in Pomerania: both centres free
    game.state["originals"]["A BRA"] = "A POM"
    sandbox.store.save_game(game)
    sandbox.new_mail()
    send_as(sandbox, "Denmark", "BUILD A BRA\nBUILD A MEC")
    sandbox.advance(timedelta(hours=1))
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), address("Denmark"))
    assert "line 2: BUILD A BRA" in text.split("Rejected")[0]
    assert ("  line 3: BUILD A MEC\n      Brandenburg has 1 build due and your orders already give 1 for it: "
            "CLEAR them, or replace one by ordering the same place again\n") in text
    stored = [o.line for o in sandbox.store.load_game(GAME).orders.get("DENMARK", [])]
    assert "BUILD A BRA" in stored and "BUILD A MEC" not in stored
