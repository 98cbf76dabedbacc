"""Offers are read against the board once, on arrival (``Offer.read``); determination trusts that reading only for its unit."""

from __future__ import annotations

from dataclasses import replace

from judge.reading.payola import PayolaLines
from judge.variants.payola.determination import determine
from judge.variants.payola.prepared import ReadOffer, prepare, units_by_province

from tests.payola.conftest import position

UNITS = {"ITALY": ["F NAP", "A ROM"], "FRANCE": ["A PAR"], "AUSTRIA": ["A VIE"]}
RICH = {"ITALY": 50, "FRANCE": 50, "AUSTRIA": 50}


def _outcome(payola, state, sheets):
    done = determine(payola.map, payola.ruleset, state, sheets, RICH, {}, "s")
    return ({p: [str(o) for o in os] for p, os in done.orders.items()},
            {p: led.as_json() for p, led in done.ledgers.items()})


def test_the_reader_hangs_the_reading_on_the_offer_with_its_orders_as_the_board_reads_them(payola):
    state = position(UNITS)
    offer = PayolaLines(payola.map, payola.ruleset).read("2*3 : nap-ion | S rom", state)
    assert isinstance(offer.read, ReadOffer)
    assert offer.read.keys == ("F NAP - ION", "F NAP S A ROM")
    assert offer.read.values == (3, 3) and offer.read.total == 6
    assert offer.read.text == "2*3 : F NAP - ION | S A ROM"
    assert PayolaLines(payola.map, payola.ruleset).read("2 : nap-ion").read is None  # no position: nothing read


def test_determination_gives_the_same_outcome_from_offers_read_on_arrival_as_from_bare_ones(payola):
    state = position(UNITS)
    reader = PayolaLines(payola.map, payola.ruleset)
    lines = {"FRANCE": ["5 : F NAP - ION | - TYS", "2 ! A ROM - NAP"], "ITALY": ["3 : F NAP - TYS", "1 > A ROM - VEN"],
             "AUSTRIA": ["4 @ A Rom - APU"]}
    read = {p: [reader.read(line, state) for line in ls] for p, ls in lines.items()}
    bare = {p: [replace(v, read=None) for v in vs] for p, vs in read.items()}
    assert all(v.read is not None for vs in read.values() for v in vs)
    assert _outcome(payola, state, read) == _outcome(payola, state, bare)


def test_a_reading_made_against_another_unit_is_not_trusted(payola):
    """An offer read when an army stood in Naples is read again when a fleet stands there."""
    then = position({"ITALY": ["A NAP"], "FRANCE": ["A PAR"]})
    now = position({"ITALY": ["F NAP"], "FRANCE": ["A PAR"]})
    offer = PayolaLines(payola.map, payola.ruleset).read("5 : NAP - ION", now)
    stale = replace(offer, read=prepare(payola.map, units_by_province(payola.map, then), offer))
    assert stale.read.unit_text == "A NAP" and stale.read.problems != ("",)
    done = determine(payola.map, payola.ruleset, now, {"FRANCE": [stale]}, {"FRANCE": 9, "ITALY": 0}, {}, "s")
    assert [str(o) for o in done.orders["ITALY"]] == ["F NAP - ION"]
    assert done.ledgers["FRANCE"].spent == 5


def test_an_offer_read_for_an_empty_province_is_refused_with_its_reason(payola):
    state = position(UNITS)
    offer = PayolaLines(payola.map, payola.ruleset).read("5 : F NAP - ION", state)
    moved = position({"ITALY": ["A ROM"], "FRANCE": ["A PAR"], "AUSTRIA": ["A VIE"]})
    done = determine(payola.map, payola.ruleset, moved, {"FRANCE": [offer]}, RICH, {}, "s")
    assert done.ledgers["FRANCE"].refused == [("5 : F NAP - ION", "there is no unit in NAP")]
