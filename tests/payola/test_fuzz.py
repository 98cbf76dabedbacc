"""Bad sheets never crash: random offer lines get a value or one reason; random sheets determine cleanly."""

from __future__ import annotations

import random

from judge.reading.order_reader import OrderError
from judge.reading.payola import PayolaLines
from judge.variants.payola.determination import determine
from judge.variants.payola.offers import Offer, Savings

from tests.payola.conftest import position

PIECES = ["4", "0", "12", "3*", "2*4", "#", "#2", "+", " ", ":", "!", ">", "@", "&", "$", "|", "%", "A", "F",
          "PAR", "BUR", "NAP", "ION", "ROM", "-", "S", "C", "H", "VIA CONVOY", "ACCEPT", "?", "FGE", "PAY", "TO",
          "FRANCE", "xyz", "99999999999", "*", "é", "\t", "StP/nc", "stp", "(", ")", "-1", "1e5"]
UNITS = {"FRANCE": ["A PAR", "F BRE"], "ITALY": ["F NAP", "A ROM", "A VEN"], "AUSTRIA": ["A VIE", "F TRI"]}


def random_line(rng: random.Random) -> str:
    return " ".join(rng.choice(PIECES) for _ in range(rng.randint(0, 12)))


def structured_line(rng: random.Random) -> str:
    unit = rng.choice([u for us in UNITS.values() for u in us])
    target = rng.choice(["BUR", "ION", "ROM", "TYS", "APU", "H", "S A ROM", "S A VEN - ROM", "C A ROM - TUN"])
    order = f"{unit} {target}" if target[0] in "HSC" else f"{unit} - {target}"
    amount = rng.choice(["5", "0", "2*3", "4#2", "3#", "1 + 2*2#1", "7"])
    extra = rng.choice(["", " | H", " | - ION", " | - BUR | - BUR"])
    return f"{amount} {rng.choice(':!>@&')} {order}{extra}"


def test_random_lines_get_a_value_or_one_reason(payola) -> None:
    reader = PayolaLines(payola.map, payola.ruleset)
    state = position(UNITS)
    rng = random.Random(12)
    for _ in range(3000):
        line = random_line(rng) if rng.random() < 0.5 else structured_line(rng)
        try:
            reader.read(line, state)
        except OrderError as exc:
            assert str(exc).strip() and "\n" not in str(exc), line


def test_random_sheets_never_overdraw(payola) -> None:
    reader = PayolaLines(payola.map, payola.ruleset)
    state = position(UNITS)
    rng = random.Random(7)
    for round_ in range(200):
        sheets: dict[str, list[object]] = {}
        for power in UNITS:
            for _ in range(rng.randint(0, 8)):
                try:
                    value = reader.read(structured_line(rng), state)
                except OrderError:
                    continue
                sheets.setdefault(power, []).append(value)
            if rng.random() < 0.3:
                sheets.setdefault(power, []).append(Savings(rng.randint(0, 15)))
        balances = {p: rng.randint(0, 20) for p in UNITS}
        done = determine(payola.map, payola.ruleset, state, sheets, balances, {}, str(round_))
        assert sorted(d.unit for d in done.decisions) == sorted(u for us in UNITS.values() for u in us)
        for power, ledger in done.ledgers.items():
            assert 0 <= ledger.spent <= ledger.available <= balances[power]
            assert ledger.balance_after >= min(ledger.savings, balances[power]) or ledger.spent == 0
            offered = sum(1 for v in sheets.get(power, []) if isinstance(v, Offer))
            assert len(ledger.accepted) + len(ledger.lost) + len(ledger.refused) == offered
