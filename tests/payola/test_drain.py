"""Issue 21, the drain attack: offers of a million AgP against a balance of 48 take a few rounds, not a million passes.

``Determination.rounds`` counts what the over-expenditure loop did (passes
made one by one, cycles of passes repeated at once); ``Ledger.reductions``
still counts every pass (rule 5.5).  Each attack is also run at amounts the
pass-by-pass reference (``reference.py``) can afford, with the same outcome,
and the outcome at a million is shown to be that outcome moved by the
difference in the amounts.
"""

from __future__ import annotations

from typing import Any

from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.variants.payola.basics import Determination
from judge.variants.payola.determination import determine
from judge.variants.payola.ledger import BY_LIST
from tests.payola.drain import ATTACKER, BALANCE, drain_lines, hold_line, read_sheet
from tests.payola.reference import determine_pass_by_pass, fingerprint

MILLION = 1_000_000
#: the most rounds an attack below may take
FEW = 300


def _run(variant: Variant, state: GameState, lines: dict[str, list[str]],
         reference: bool = False) -> Determination:
    sheets = {power: read_sheet(variant, state, texts) for power, texts in lines.items()}
    balances = {power: BALANCE for power in state.units}
    run = determine_pass_by_pass if reference else determine
    return run(variant.map, variant.ruleset, state, sheets, balances, {}, "drain")


def _sane(done: Determination) -> None:
    """Nobody pays more than its money: balances stay at or above zero, payments within what was available."""
    for ledger in done.ledgers.values():
        assert ledger.balance_after >= 0 and ledger.spent <= max(ledger.available, 0), ledger


def _shifted(found: dict[str, Any], amount: int) -> dict[str, Any]:
    """The outcome with the amount written in the offers replaced, and every power's reductions less it."""
    text = json_text = str(found).replace(f"{amount} ", "X ").replace(f"{amount}*", "X*")
    for power, ledger in found["ledgers"].items():
        json_text = json_text.replace(f"'reductions': {ledger['reductions']}",
                                      f"'reductions': {ledger['reductions'] - amount if ledger['reductions'] else 0}")
    assert text != str(found)
    return {"outcome": json_text}


def test_a_million_to_hold_against_48_takes_a_few_rounds(payola: Variant) -> None:
    state = payola.ruleset.initial_state()
    done = _run(payola, state, {ATTACKER: hold_line(MILLION)})
    ledger = done.ledgers[ATTACKER]
    assert done.rounds <= 4
    assert (ledger.reductions, ledger.spent, ledger.balance_after) == (MILLION - BALANCE, BALANCE, 0)
    for amount in (1000, 5000):  # the reference agrees, and on the same rule: as many passes as the excess
        small = _run(payola, state, {ATTACKER: hold_line(amount)})
        assert fingerprint(small) == fingerprint(_run(payola, state, {ATTACKER: hold_line(amount)}, reference=True))
        assert small.ledgers[ATTACKER].reductions == amount - BALANCE and small.rounds == done.rounds
    _sane(done)


def test_twenty_offers_of_a_million_with_many_orders_take_a_few_rounds(payola: Variant) -> None:
    """Twenty offers of 15–17 legal moves and supports each, to twenty units (``drain.py``)."""
    state = payola.ruleset.initial_state()
    done = _run(payola, state, {ATTACKER: drain_lines(payola, state, MILLION)})
    assert done.rounds <= 10
    assert len(done.ledgers[ATTACKER].accepted) + len(done.ledgers[ATTACKER].lost) == 20
    _sane(done)
    small = {amount: _run(payola, state, {ATTACKER: drain_lines(payola, state, amount)}) for amount in (1000, 2000)}
    for amount, found in small.items():
        slow = _run(payola, state, {ATTACKER: drain_lines(payola, state, amount)}, reference=True)
        assert fingerprint(found) == fingerprint(slow)
    # The offers stay far above every other candidate until France pays its way: a larger amount only adds passes
    # at the start, so the outcome at a million is the outcome at 1,000 and at 2,000 moved by the amount.
    moved = {amount: _shifted(fingerprint(found), amount) for amount, found in small.items()}
    assert moved[1000] == moved[2000] == _shifted(fingerprint(done), MILLION)


def test_a_tie_is_met_at_the_pass_where_the_totals_become_equal(payola: Variant) -> None:
    """France (8 AgP to spend) drains from 1,000 to Germany's 40 for its own army: at 40 against 40 Germany's
    list decides (5.2), and France pays nothing; one pass more and Germany's total would win by itself."""
    state = payola.ruleset.initial_state()
    lines = {ATTACKER: ["1000 : A MUN - BUR", "40 $"], "GERMANY": ["40 : A MUN - RUH"]}
    done = _run(payola, state, lines)
    assert fingerprint(done) == fingerprint(_run(payola, state, lines, reference=True))
    munich = next(d for d in done.decisions if d.unit == "A MUN")
    assert (munich.order, munich.total, munich.reason) == ("A MUN - RUH", 40, BY_LIST)
    assert done.ledgers[ATTACKER].reductions == 1000 - 40 and done.rounds <= 4


def test_two_powers_taking_turns_at_a_unit_take_a_few_rounds(payola: Variant) -> None:
    """France and Germany each offer a million for another move of Munich: whoever's order wins pays, and shrinks."""
    state = payola.ruleset.initial_state()
    turns = {ATTACKER: ["{a} : A MUN - BUR"], "GERMANY": ["{a} : A MUN - RUH"]}
    done = _run(payola, state, {p: [t.format(a=MILLION) for t in ts] for p, ts in turns.items()})
    assert done.rounds <= 10
    assert [done.ledgers[p].reductions for p in turns] == [MILLION - BALANCE] * 2
    _sane(done)
    for amount in (100, 1000):
        lines = {p: [t.format(a=amount) for t in ts] for p, ts in turns.items()}
        found = _run(payola, state, lines)
        assert fingerprint(found) == fingerprint(_run(payola, state, lines, reference=True))
        assert _shifted(fingerprint(found), amount) == _shifted(fingerprint(done), MILLION)


def test_offers_that_shrink_at_different_paces_take_turns_in_few_rounds(payola: Variant) -> None:
    """97 bribes against 61, 89 against 55: the turns come back after a period of ~150 passes, then repeat."""
    state = payola.ruleset.initial_state()
    for france, germany in ((97, 61), (89, 55), (100, 99)):
        lines = {ATTACKER: [f"{france}*{{a}} : A MUN - BUR"], "GERMANY": [f"{germany}*{{a}} : A MUN - RUH"]}
        done = _run(payola, state, {p: [t.format(a=MILLION) for t in ts] for p, ts in lines.items()})
        assert done.rounds <= FEW, (france, germany, done.rounds)
        _sane(done)
        small = {p: [t.format(a=300) for t in ts] for p, ts in lines.items()}
        assert fingerprint(_run(payola, state, small)) == fingerprint(_run(payola, state, small, reference=True))
