"""No stranger can stall the judge (issue 21): every mail's cost is bounded, and so is every poll's.

Costs are counted in operations that do not depend on the machine: parses of a
line by the Lark grammars and whole-game copies (a checkpoint's), per poll.
Before issue 21 a Payola sheet's every new line parsed every stored line of the
power again and copied the whole game: three mails of 400 lines took 5.5 s,
15.3 s and 25.2 s.  The time limits (``[limits]``) are tested with work made
to overrun on purpose.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from lark import Lark

from judge.app.config import Limits
from judge.app.sandbox import Sandbox
from judge.commands import mailflow
from judge.commands.mailflow import MAX_CHANGES
from judge.commands.player import MAX_LINES
from judge.store import Game
from judge.turns import ticks

from tests.payola.drain import par_drain
from tests.app.helpers import GAME, GM, address, gm, reply, send_as, start_game


@dataclasses.dataclass
class Counts:
    parses: int = 0
    copies: int = 0


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counts]:
    """Every Lark parse and every game copy made while the test runs."""
    found = Counts()
    parse, copy = Lark.parse, Game.copy

    def counted_parse(self: Lark, *args: Any, **kwargs: Any) -> Any:
        found.parses += 1
        return parse(self, *args, **kwargs)

    def counted_copy(self: Game) -> Game:
        found.copies += 1
        return copy(self)

    monkeypatch.setattr(Lark, "parse", counted_parse)
    monkeypatch.setattr(Game, "copy", counted_copy)
    yield found


def _sheet(first: int, lines: int) -> str:
    """``lines`` distinct offer lines (each keeps its own place on the sheet)."""
    return "\n".join(f"{n} : A PAR H" for n in range(first, first + lines))


def _poll_cost(sandbox: Sandbox, counts: Counts, body: str) -> Counts:
    send_as(sandbox, "France", body)
    before = dataclasses.replace(counts)
    sandbox.poll()
    return Counts(counts.parses - before.parses, counts.copies - before.copies)


def test_a_sheets_lines_cost_the_same_whether_first_or_thousandth(sandbox: Sandbox, counts: Counts) -> None:
    """Three mails of 400 offer lines: each poll parses a line a bounded number of times and copies the game
    a bounded number of times, however many lines the power already keeps (issue 21, 1)."""
    start_game(sandbox, variant="payola", powers=("France", "Italy"))
    ten = _poll_cost(sandbox, counts, _sheet(1, 10))
    costs = [_poll_cost(sandbox, counts, _sheet(1000 + 400 * i, 400)) for i in range(3)]
    kept = len(sandbox.store.load_game(GAME).orders["FRANCE"])
    assert kept == MAX_LINES
    for cost in costs:
        # a line of the mail is parsed a few times (command, sheet line, order); a kept line once more per mail
        assert cost.parses <= 4 * 400 + MAX_LINES + 50, costs
        assert cost.copies <= 10, costs
    assert ten.copies <= 10
    assert costs[2].parses <= costs[0].parses + MAX_LINES  # the third mail no dearer than the first
    # what was quadratic before: ~80,000 parses for the first mail alone
    assert sum(c.parses for c in costs) < 20 * (ten.parses + 400)


def test_lines_past_the_cap_are_refused_with_the_reason_and_a_replacing_line_still_taken(sandbox: Sandbox) -> None:
    """At most MAX_LINES lines a power a phase (docs/security.md); past it each new line is refused in the reply,
    a line that replaces one kept (ACCEPT) is still taken, and CLEAR starts again."""
    start_game(sandbox, variant="payola", powers=("France", "Italy"))
    send_as(sandbox, "France", "ACCEPT FI?\n" + _sheet(1, MAX_LINES + 1))
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    assert f"France has {MAX_LINES} lines this phase, the most a power may keep" in answer
    assert answer.count(f"has {MAX_LINES} lines this phase") == 2  # offers 300 and 301
    send_as(sandbox, "France", "ACCEPT IF?\nPAY 1 TO Italy")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    assert answer.count(f"has {MAX_LINES} lines this phase") == 1  # the payment; the ACCEPT replaces the first
    lines = [o.line for o in sandbox.store.load_game(GAME).orders["FRANCE"]]
    assert len(lines) == MAX_LINES and "ACCEPT IF?" in lines and "ACCEPT FI?" not in lines
    assert f"{MAX_LINES} : A PAR H" not in lines and "PAY 1 TO ITALY" not in lines
    send_as(sandbox, "France", "999 : A PAR H")  # a later mail's sheet replaces the sheet kept (docs/payola.md)
    sandbox.poll()
    lines = [o.line for o in sandbox.store.load_game(GAME).orders["FRANCE"]]
    assert lines == ["ACCEPT IF?", "999 : A PAR H"]
    send_as(sandbox, "France", "CLEAR\n5 : A PAR - BUR\nACCEPT FI?")
    sandbox.poll()
    lines = [o.line for o in sandbox.store.load_game(GAME).orders["FRANCE"]]
    assert lines == ["5 : A PAR - BUR", "ACCEPT FI?"]


def test_pay_is_checked_on_arrival(sandbox: Sandbox) -> None:
    """2.3 on arrival (issue 21, 5): to oneself, above the balance (counting the phase's earlier PAY lines) and
    to an unknown power are refused in the reply with the reason; a payment that can be made is taken."""
    start_game(sandbox, variant="payola", powers=("France", "Italy"))
    send_as(sandbox, "France", "PAY 5 TO France\nPAY 40 TO Italy\nPAY 9 TO Italy\nPAY 8 TO Italy\n"
                               "PAY 3 TO Prussia\n1 : A PAR H")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    assert "a power cannot pay itself" in answer
    assert "FRANCE has only 48 AgP, and 40 AgP of it is already promised in earlier PAY lines" in answer
    assert "no power is called Prussia (the powers are England, France, Germany, Italy, Austria," in answer
    kept = [o.line for o in sandbox.store.load_game(GAME).orders["FRANCE"]]
    assert "PAY 40 TO ITALY" in kept and "PAY 8 TO ITALY" in kept
    assert not any(line.startswith(("PAY 5 ", "PAY 9 ", "PAY 3 ")) for line in kept)


def _limits(sandbox: Sandbox, **seconds: float) -> None:
    sandbox.config = dataclasses.replace(sandbox.config, limits=Limits(**seconds))


def test_mail_past_the_polls_time_waits_for_the_next_poll_in_order(sandbox: Sandbox) -> None:
    """A poll acts on mail until ``poll_seconds`` is spent (always on one mail at least); the rest stays in the
    mailbox and the next polls take it in the order it came."""
    start_game(sandbox)
    _limits(sandbox, poll_seconds=1e-9)
    for power, order in (("France", "A PAR - BUR"), ("Italy", "A VEN - PIE"), ("Germany", "A MUN - RUH")):
        send_as(sandbox, power, order)
    reports = [sandbox.poll() for _ in range(3)]
    assert [r.read for r in reports] == [1, 1, 1]
    assert [r.waiting for r in reports] == [2, 1, 0]
    assert "2 mails left for the next poll" in reports[0].summary()
    replies = [m for m in sandbox.new_mail() if str(m.message["Subject"]).startswith("Re:")]
    assert [str(m.message["To"]) for m in replies] == [address(p) for p in ("France", "Italy", "Germany")]
    orders = sandbox.store.load_game(GAME).orders
    assert {p for p in orders} == {"FRANCE", "ITALY", "GERMANY"}


def test_a_game_whose_tick_overruns_is_paused_with_a_notice_and_the_others_are_played(
        sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    """``game_seconds``: a game's phase that runs away is stopped and the game paused, its GM told why; another
    game due at the same poll is played (issue 21, 1)."""
    start_game(sandbox)
    sandbox.send(GM, "CREATE other standard gm-secret", "new game")
    sandbox.poll()
    for n, power in enumerate(("France", "Italy")):
        sandbox.send(f"o{n}@example.org", f"JOIN other pw{n} AS {power}")
    sandbox.poll()
    sandbox.send(GM, "SIGNON Mother gm-secret\nSTART\nPROCESS!")
    gm(sandbox, "PROCESS!")
    play = ticks.process_phase

    def runaway(judge: Any, game: Game, now: Any) -> str:
        while game.name == GAME:
            time.sleep(0.01)
        return play(judge, game, now)

    monkeypatch.setattr(ticks, "process_phase", runaway)
    _limits(sandbox, game_seconds=3)
    report = sandbox.poll()
    assert report.played == ["other S1901M"]
    stuck = sandbox.store.load_game(GAME)
    assert stuck.status == "paused" and stuck.state["phase"] == "S1901M"
    notice = [m for m in sandbox.new_mail() if str(m.message["Subject"]).startswith(f"Game {GAME} paused")]
    assert len(notice) == 1 and f"game {GAME} took longer than 3 s" in " ".join(sandbox.text(notice[0]).split())
    assert sandbox.store.load_game("other").state["phase"] == "F1901M"


def test_a_mail_that_overruns_is_set_aside_and_the_rest_of_its_run_is_acted_on(
        sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    """``mail_seconds``: a mail whose commands run away is answered with an apology and set aside; the mails
    around it in the same run are acted on once each."""
    start_game(sandbox)
    helper = mailflow.HANDLERS["help"]

    def runaway(s: Any, cmd: Any) -> str:
        while "slow" in s.mail.subject:
            time.sleep(0.01)
        return helper(s, cmd)

    monkeypatch.setitem(mailflow.HANDLERS, "help", runaway)
    _limits(sandbox, mail_seconds=3)
    send_as(sandbox, "France", "A PAR - BUR")
    sandbox.send("stranger@example.org", "HELP", "slow help")
    send_as(sandbox, "Italy", "A VEN - PIE")
    report = sandbox.poll()
    assert report.set_aside == 1
    mails = sandbox.new_mail()
    assert len([m for m in mails if "stranger@example.org" in str(m.message["To"])]) == 1
    assert "A PAR - BUR" in reply(sandbox, mails, address("France"))
    assert "A VEN - PIE" in reply(sandbox, mails, address("Italy"))
    orders = sandbox.store.load_game(GAME).orders
    assert [o.line for o in orders["FRANCE"]] == ["A PAR - BUR"] and [o.line for o in orders["ITALY"]] == ["A VEN - PIE"]
    assert list((sandbox.config.data_dir / "quarantine" / "mail").glob("*.eml"))
    sandbox.advance(timedelta(minutes=1))
    assert sandbox.poll().read == 0  # nothing left behind, nothing acted on twice


def test_commands_other_than_orders_copy_the_game_at_most_max_changes_times_a_mail(
        sandbox: Sandbox, counts: Counts) -> None:
    """Each command that may change a game copies it first (its checkpoint); a mail gets MAX_CHANGES of them,
    the rest refused with the reason, and reading commands (STATUS, HELP...) copy nothing."""
    start_game(sandbox)
    before = counts.copies
    send_as(sandbox, "France", "\n".join(["SET WAIT", "SET NOWAIT"] * 300 + ["STATUS"] * 200))
    sandbox.poll()
    assert counts.copies - before <= MAX_CHANGES + 5
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    # the SIGNON is one of the MAX_CHANGES
    assert answer.count(f"at most {MAX_CHANGES} commands other than orders per mail") == 600 - (MAX_CHANGES - 1)
    assert answer.count("STATUS is answered once per mail") == 199



def test_the_million_agp_drain_by_mail_costs_a_bounded_number_of_rounds(
        sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21, 2: twenty 1,000,000 AgP offers of 17 alternatives each from a 48 AgP treasury, then PROCESS!:
    rule 5.5 still takes one silver piece a pass (the ledger counts every pass), but the loop makes them in a
    few rounds, not a million (before: more than 300 s on the Python path)."""
    from judge.variants.payola import ruleset

    rounds: list[int] = []
    determine = ruleset.determine

    def counted(*args: Any, **kwargs: Any) -> Any:
        done = determine(*args, **kwargs)
        rounds.append(done.rounds)
        return done

    monkeypatch.setattr(ruleset, "determine", counted)
    start_game(sandbox, variant="payola", powers=("France", "Italy"))
    send_as(sandbox, "France", par_drain(1_000_000))
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    state = sandbox.store.load_game(GAME).state
    assert state["phase"] == "F1901M" and rounds and max(rounds) <= 20, rounds
    assert 0 <= state["treasury"]["FRANCE"] <= 48
