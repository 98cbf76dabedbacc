"""Time to fix a refused line, in every variant (issue 34, point 3), played by mail.

With every order in, a phase is still not played before its deadline while a
power's latest mail had a refused line; its reply says so and by when. A clean
mail (its SIGNON alone) or the deadline lets the phase be played.
"""

from __future__ import annotations

from datetime import timedelta

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, POWERS, address, hold_all, reply, send_as, start_game

WAITS = "A line of this mail was refused, so the phase is not played before its deadline"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_standard_a_refused_line_keeps_the_phase_until_a_clean_mail(sandbox: Sandbox) -> None:
    start_game(sandbox)
    orders = hold_all(sandbox)
    for power in POWERS:
        send_as(sandbox, power, orders[power] + ("\nA PAR - BRU" if power == "France" else ""))
    sandbox.poll()
    mails = sandbox.new_mail()
    france = _flat(reply(sandbox, mails, address("France")))
    assert "A PAR - BRU" in france and WAITS in france and "The deadline for orders is" in france
    assert "processed at the end of this poll" not in france
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901M"      # every order in, yet not played
    send_as(sandbox, "Germany", "A BER H")                                # another's clean mail changes nothing
    sandbox.poll()
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901M"
    send_as(sandbox, "France", "")                                        # France's SIGNON alone: it stands by them
    sandbox.poll()
    mails = sandbox.new_mail()
    assert WAITS not in _flat(reply(sandbox, mails, address("France")))
    assert sandbox.store.load_game(GAME).state["phase"] == "F1901M"


def test_standard_the_deadline_plays_the_phase_with_the_line_unfixed(sandbox: Sandbox) -> None:
    start_game(sandbox)
    orders = hold_all(sandbox)
    for power in POWERS:
        send_as(sandbox, power, orders[power] + ("\nF LON - NTHX" if power == "England" else ""))
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.state["phase"] == "S1901M" and game.deadline is not None
    sandbox.clock.set(max(game.deadline, game.grace_end or game.deadline) + timedelta(minutes=1))
    sandbox.poll()
    assert sandbox.store.load_game(GAME).state["phase"] == "F1901M"


def test_a_status_early_in_a_mail_shows_the_orders_of_the_lines_after_it(sandbox: Sandbox) -> None:
    """Issue 34, point 11: STATUS, then orders, in one mail: the status mail shows those orders."""
    start_game(sandbox)
    send_as(sandbox, "France", "STATUS\nA PAR - BUR\nA MAR H")
    sandbox.poll()
    status = next(m for m in sandbox.new_mail() if str(m.message["Subject"]).startswith("Status of"))
    text = sandbox.text(status)
    assert "(no orders)" not in text and "Burgundy" in text


def test_payola_a_refused_line_of_an_offer_sheet_keeps_the_phase(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The same in Payola: every sheet in, one with a refused line: the phase waits for the fix."""
    from judge.app.demo import load_script

    script = load_script("payola")
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    script.set_up(sandbox)
    sandbox.new_mail()
    phase, orders = script.phases[0]
    for power, lines in orders.items():
        script.send_as(sandbox, power, lines + ("\nF LON - NTHX" if power == "England" else ""))
    sandbox.poll()
    mails = sandbox.new_mail()
    england = _flat(next(sandbox.text(m) for m in mails if str(m.message["To"]) == script.address("England")
                         and str(m.message["Subject"]).startswith("Re:")))
    assert WAITS in england and sandbox.store.load_game(script.game).state["phase"] == phase
    script.send_as(sandbox, "England", "")
    sandbox.poll()
    assert sandbox.store.load_game(script.game).state["phase"] != phase


def test_diplomacy1618_a_refused_line_keeps_the_phase_until_its_deadline_or_a_clean_mail(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The same in Diplomacy 1618: every power's orders in, Sweden's mail with a misspelt province.

    The phase waits (Sweden's reply says so and by when) through another poll; at
    its deadline it is played with the line unfixed. A second game shows that a
    clean mail from Sweden (its SIGNON alone) lets it be played at once.
    """
    from judge.app.demo import load_script

    script = load_script("diplomacy1618")
    for fixed_by_mail in (False, True):
        sandbox = Sandbox.create(tmp_path / f"judge-{fixed_by_mail}", password_cost=8)
        script.set_up(sandbox)
        sandbox.new_mail()
        phase, orders = script.phases[0]
        for power, lines in orders.items():
            script.send_as(sandbox, power, lines + ("\nA SWE - SCANX" if power == "Sweden" else ""))
        sandbox.poll()
        mails = sandbox.new_mail()
        sweden = _flat(next(sandbox.text(m) for m in mails if str(m.message["To"]) == script.address("Sweden")
                            and str(m.message["Subject"]).startswith("Re:")))
        assert "A SWE - SCANX" in sweden and WAITS in sweden and "The deadline for orders is" in sweden
        assert "processed at the end of this poll" not in sweden
        sandbox.poll()
        game = sandbox.store.load_game(script.game)
        assert game.state["phase"] == phase and game.deadline is not None
        if fixed_by_mail:
            script.send_as(sandbox, "Sweden", "")
        else:
            sandbox.clock.set(max(game.deadline, game.grace_end or game.deadline) + timedelta(minutes=1))
        sandbox.poll()
        assert sandbox.store.load_game(script.game).state["phase"] != phase
