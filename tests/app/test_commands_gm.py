"""GM commands by mail: PROCESS, PROCESS!, PREVIEW, ROLLBACK, PAUSE/RESUME, EJECT, DUMMY, BECOME,
TERMINATE and the game-wide SETs; and a GM command sent by a player."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, GM, POWERS, address, gm, hold_all, reply, send_as, start_game, subjects, to


def test_a_player_may_not_use_gm_commands(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "PROCESS!\nSET DEADLINE +1h\nA PAR - BUR\nTERMINATE")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "france@")
    assert "line 2: PROCESS!\n      PROCESS! is a GM command: only the GM of 'demo' may use it" in text
    assert "SET DEADLINE is a GM command" in text and "TERMINATE is a GM command" in text
    assert "Accepted:\n  line 1: SIGNON Fdemo ****" in text and "line 4: A PAR - BUR\n\nRejected" in text
    game = sandbox.store.load_game(GAME)
    assert game.status == "active" and game.state["phase"] == "S1901M"


def test_process_waits_for_every_order_and_process_bang_does_not(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET WAIT\n")  # the game waits for its deadline even when all orders are in
    send_as(sandbox, "France", "A PAR - BUR")
    gm(sandbox, "PROCESS")
    sandbox.poll()
    assert "orders are missing from Austria, England, France, Germany" in reply(sandbox, sandbox.new_mail(), GM)
    for power, lines in hold_all(sandbox).items():
        send_as(sandbox, power, lines)
    sandbox.poll()
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901M"  # SET WAIT: all in, but no deadline yet
    gm(sandbox, "PROCESS")
    sandbox.poll()
    assert sandbox.store.load_game(GAME).state["phase"] == "F1901M"
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.state["phase"] == "S1902M" and sandbox.store.phase_names(GAME) == ["S1901M", "F1901M"]


def test_preview_mails_only_the_gm_and_changes_nothing(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "A PAR - BUR")
    gm(sandbox, "PREVIEW")
    sandbox.poll()
    mails = sandbox.new_mail()
    preview = [m for m in mails if str(m.message["Subject"]).startswith("Preview:")]
    assert [str(m.message["To"]) for m in preview] == [GM]
    assert "France: Army Paris -> Burgundy." in sandbox.text(preview[0])
    game = sandbox.store.load_game(GAME)
    assert game.state["phase"] == "S1901M" and game.orders["FRANCE"] and sandbox.store.phase_names(GAME) == []


def test_rollback_restores_the_phase_and_drops_later_history(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "A PAR - BUR")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    assert sandbox.store.phase_names(GAME) == ["S1901M", "F1901M"]
    gm(sandbox, "ROLLBACK S1901M")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.state["phase"] == "S1901M" and "A PAR" in game.state["units"]["FRANCE"]
    assert sandbox.store.phase_names(GAME) == [] and "truncate_from" not in game.extra
    mails = sandbox.new_mail()
    assert "demo rolled back to S1901M" in subjects(to(mails, address("Italy")))
    gm(sandbox, "PROCESS!\nROLLBACK")  # PROCESS! runs after the mail: ROLLBACK finds nothing yet
    sandbox.poll()
    assert "no phase of 'demo' has been played yet" in reply(sandbox, sandbox.new_mail(), GM)


def test_pause_resume_and_set_deadline(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "PAUSE")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.status == "paused" and game.deadline is None
    sandbox.advance(timedelta(days=10))
    sandbox.poll()
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901M"  # no deadline runs while paused
    gm(sandbox, "SET DEADLINE 2026-04-10 18:00\nRESUME")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.status == "active"
    assert game.deadline == datetime(2026, 4, 10, 16, 0, tzinfo=UTC)  # 18:00 in Paris, summer time
    mails = sandbox.new_mail()
    assert "New deadline in demo" in subjects(to(mails, address("England")))
    assert "demo resumes" in subjects(to(mails, address("England")))
    gm(sandbox, "SET DEADLINE +2h")
    sandbox.poll()
    assert sandbox.store.load_game(GAME).deadline == sandbox.clock.now() + timedelta(hours=2)


def test_eject_dummy_and_become(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "EJECT Germany\nDUMMY Russia\nBECOME Russia\nA MOS - UKR\nBECOME Italy\nCLEAR\nA VEN H")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, GM)
    assert "Rejected" not in text and "Orders for Italy" in text
    game = sandbox.store.load_game(GAME)
    assert game.player("GERMANY").status == "ejected" and game.player("RUSSIA").status == "dummy"
    assert [o.line for o in game.orders["RUSSIA"]] == ["A MOS - UKR"]
    assert "Germany was ejected in demo" in subjects(to(mails, address("Germany")))
    send_as(sandbox, "Germany", "A MUN H")
    send_as(sandbox, "Russia", "A MOS H")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "Germany has no player in 'demo'" in reply(sandbox, mails, "germany@")   # ejected: not his to ask
    assert "must APPROVE" in reply(sandbox, mails, "russia@")   # njudge's SIGNON take-over of a vacant power


def test_terminate_ends_the_game_for_everyone(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "TERMINATE")
    sandbox.poll()
    mails = [m for m in sandbox.new_mail() if m.message["Subject"] == "Game demo is over"]
    assert len(mails) == len(POWERS) + 1
    assert "was ended by the GM" in sandbox.text(mails[0])
    assert sandbox.store.load_game(GAME).status == "terminated"
    send_as(sandbox, "France", "A PAR H")
    sandbox.poll()
    assert "'demo' is over" in reply(sandbox, sandbox.new_mail(), "france@")


def test_set_timing_grace_nmr_and_press(sandbox: Sandbox) -> None:
    sandbox.send(GM, "CREATE g2 standard pw\nSET TIMING M days=mon-fri hour=18 min=1h next=36h\n"
                     "SET TIMING R next=12h\nSET GRACE 6h\nSET NMR wait\nSET PRESS grey\nSET TIMING x=1")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), GM)
    assert "unknown SET TIMING setting 'x'" in text
    game = sandbox.store.load_game("g2")
    movement = game.timing["M"]
    assert (movement.days, movement.hour, movement.minimum, movement.next, movement.grace) == (
        "-MTWTF-", "18:00", timedelta(hours=1), timedelta(hours=36), timedelta(hours=6))
    assert game.timing["R"].next == timedelta(hours=12) and game.timing["A"].grace == timedelta(hours=6)
    assert (game.settings.nmr, game.settings.press) == ("wait", "grey")


def test_a_power_with_enough_centres_wins_and_the_game_ends(sandbox: Sandbox) -> None:
    start_game(sandbox)
    store = sandbox.store
    game = store.load_game(GAME)
    centres = ["PAR", "MAR", "BRE", "SPA", "POR", "BEL", "HOL", "MUN", "KIE", "BER", "DEN", "LON", "LVP", "EDI",
               "NWY", "SWE", "ROM", "VEN"]
    game.state = {"phase": "F1901M", "units": {"FRANCE": [f"A {c}" for c in centres], "ITALY": ["F NAP"]},
                  "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "ITALY": ["NAP", "ROM", "VEN"]}}
    store.save_game(game)
    send_as(sandbox, "France", "\n".join(f"A {c} H" for c in centres))
    send_as(sandbox, "Italy", "F NAP H")
    assert sandbox.poll().played == ["demo F1901M"]
    game = store.load_game(GAME)
    assert game.status == "finished" and game.deadline is None
    mails = sandbox.new_mail()
    over = [m for m in mails if m.message["Subject"] == "Game demo is over"]
    assert len(over) == len(POWERS) + 1
    assert "France has won" in sandbox.text(over[0])
    results = next(sandbox.text(m) for m in to(mails, address("France"))
                   if m.message["Subject"] == "Diplomacy results demo F1901M")
    assert "France:   18 Supply centers, 18 Units" in results and "The next phase" not in results
