"""DATC v3.0, section 6.C: circular movement.

The DATC's preferred choices and the result vocabulary used here are in
tests/datc/harness.py ("Choices and vocabulary, 6.A-6.E").
"""

from __future__ import annotations

import pytest

from tests.datc.harness import Case, Step, run_case

CASES = [
    # ------------------------------------------------------------------
    # 6.C  Circular movement
    # ------------------------------------------------------------------
    # DATC: all three units will move.
    Case("6.C.1", "Three army circular movement", "S1901M",
         units={"TURKEY": ["F ANK", "A CON", "A SMY"]},
         steps=[Step(orders={"TURKEY": ["F Ankara - Constantinople",
                                        "A Constantinople - Smyrna",
                                        "A Smyrna - Ankara"]},
                     results={"TURKEY F ANK": "ok",
                              "TURKEY A CON": "ok",
                              "TURKEY A SMY": "ok"},
                     final={"TURKEY": ["F CON", "A SMY", "A ANK"]})]),

    # DATC: the three units will move.
    Case("6.C.2", "Three army circular movement with support", "S1901M",
         units={"TURKEY": ["F ANK", "A CON", "A SMY", "A BUL"]},
         steps=[Step(orders={"TURKEY": ["F Ankara - Constantinople",
                                        "A Constantinople - Smyrna",
                                        "A Smyrna - Ankara",
                                        "A Bulgaria Supports F Ankara - Constantinople"]},
                     results={"TURKEY F ANK": "ok",
                              "TURKEY A CON": "ok",
                              "TURKEY A SMY": "ok",
                              "TURKEY A BUL": "ok"},
                     final={"TURKEY": ["F CON", "A SMY", "A ANK", "A BUL"]})]),

    # DATC: every unit will keep its place.
    Case("6.C.3", "A disrupted three army circular movement", "S1901M",
         units={"TURKEY": ["F ANK", "A CON", "A SMY", "A BUL"]},
         steps=[Step(orders={"TURKEY": ["F Ankara - Constantinople",
                                        "A Constantinople - Smyrna",
                                        "A Smyrna - Ankara",
                                        "A Bulgaria - Constantinople"]},
                     results={"TURKEY F ANK": "bounce",
                              "TURKEY A CON": "bounce",
                              "TURKEY A SMY": "bounce",
                              "TURKEY A BUL": "bounce"},
                     final={"TURKEY": ["F ANK", "A CON", "A SMY", "A BUL"]})]),

    # DATC: the Ionian Sea is attacked but not dislodged; the circular
    # movement succeeds, the Austrian and Turkish armies advance.
    Case("6.C.4", "A circular movement with attacked convoy", "S1901M",
         units={"AUSTRIA": ["A TRI", "A SER"],
                "TURKEY": ["A BUL", "F AEG", "F ION", "F ADR"],
                "ITALY": ["F NAP"]},
         steps=[Step(orders={"AUSTRIA": ["A Trieste - Serbia",
                                         "A Serbia - Bulgaria"],
                             "TURKEY": ["A Bulgaria - Trieste",
                                        "F Aegean Sea Convoys A Bulgaria - Trieste",
                                        "F Ionian Sea Convoys A Bulgaria - Trieste",
                                        "F Adriatic Sea Convoys A Bulgaria - Trieste"],
                             "ITALY": ["F Naples - Ionian Sea"]},
                     results={"AUSTRIA A TRI": "ok",
                              "AUSTRIA A SER": "ok",
                              "TURKEY A BUL": "ok",
                              "TURKEY F AEG": "ok",
                              "TURKEY F ION": "ok",
                              "TURKEY F ADR": "ok",
                              "ITALY F NAP": "bounce"},
                     final={"AUSTRIA": ["A SER", "A BUL"],
                            "TURKEY": ["A TRI", "F AEG", "F ION", "F ADR"],
                            "ITALY": ["F NAP"]},
                     dislodged={})]),

    # DATC: due to the dislodged convoying fleet, all Austrian and Turkish
    # armies will not move.  The DATC states nothing about the orders of the
    # Aegean and Adriatic fleets (their convoy is broken elsewhere, which our
    # vocabulary does not name unambiguously), so they are not checked.
    Case("6.C.5", "A disrupted circular movement due to dislodged convoy", "S1901M",
         units={"AUSTRIA": ["A TRI", "A SER"],
                "TURKEY": ["A BUL", "F AEG", "F ION", "F ADR"],
                "ITALY": ["F NAP", "F TUN"]},
         steps=[Step(orders={"AUSTRIA": ["A Trieste - Serbia",
                                         "A Serbia - Bulgaria"],
                             "TURKEY": ["A Bulgaria - Trieste",
                                        "F Aegean Sea Convoys A Bulgaria - Trieste",
                                        "F Ionian Sea Convoys A Bulgaria - Trieste",
                                        "F Adriatic Sea Convoys A Bulgaria - Trieste"],
                             "ITALY": ["F Naples - Ionian Sea",
                                       "F Tunis Supports F Naples - Ionian Sea"]},
                     results={"AUSTRIA A TRI": "bounce",
                              "AUSTRIA A SER": "bounce",
                              "TURKEY A BUL": "disrupted",
                              "TURKEY F ION": "dislodged",
                              "ITALY F NAP": "ok",
                              "ITALY F TUN": "ok"},
                     final={"AUSTRIA": ["A TRI", "A SER"],
                            "TURKEY": ["A BUL", "F AEG", "F ADR"],
                            "ITALY": ["F ION", "F TUN"]},
                     dislodged={"TURKEY": ["F ION"]})]),

    # DATC: both convoys should succeed.
    Case("6.C.6", "Two armies with two convoys", "S1901M",
         units={"ENGLAND": ["F NTH", "A LON"], "FRANCE": ["F ENG", "A BEL"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Convoys A London - Belgium",
                                         "A London - Belgium"],
                             "FRANCE": ["F English Channel Convoys A Belgium - London",
                                        "A Belgium - London"]},
                     results={"ENGLAND F NTH": "ok",
                              "ENGLAND A LON": "ok",
                              "FRANCE F ENG": "ok",
                              "FRANCE A BEL": "ok"},
                     final={"ENGLAND": ["F NTH", "A BEL"], "FRANCE": ["F ENG", "A LON"]})]),

    # DATC: none of the units will succeed to move.  The convoys are not
    # disrupted (no fleet is attacked), so by our vocabulary they are "ok";
    # the armies bounce.
    Case("6.C.7", "Disrupted unit swap", "S1901M",
         units={"ENGLAND": ["F NTH", "A LON"], "FRANCE": ["F ENG", "A BEL", "A BUR"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Convoys A London - Belgium",
                                         "A London - Belgium"],
                             "FRANCE": ["F English Channel Convoys A Belgium - London",
                                        "A Belgium - London",
                                        "A Burgundy - Belgium"]},
                     results={"ENGLAND F NTH": "ok",
                              "ENGLAND A LON": "bounce",
                              "FRANCE F ENG": "ok",
                              "FRANCE A BEL": "bounce",
                              "FRANCE A BUR": "bounce"},
                     final={"ENGLAND": ["F NTH", "A LON"],
                            "FRANCE": ["F ENG", "A BEL", "A BUR"]})]),

    # DATC: none of the units will succeed to move (Bulgaria may not
    # dislodge its own fleet in Constantinople).  Smyrna's support is valid
    # and not cut: "ok".
    Case("6.C.8", "No self dislodgement in disrupted circular movement", "S1901M",
         units={"TURKEY": ["F CON", "A BUL", "A SMY"], "RUSSIA": ["F BLA"],
                "AUSTRIA": ["A SER"]},
         steps=[Step(orders={"TURKEY": ["F Constantinople - Black Sea",
                                        "A Bulgaria - Constantinople",
                                        "A Smyrna Supports A Bulgaria - Constantinople"],
                             "RUSSIA": ["F Black Sea - Bulgaria(ec)"],
                             "AUSTRIA": ["A Serbia - Bulgaria"]},
                     results={"TURKEY F CON": "bounce",
                              "TURKEY A BUL": "bounce",
                              "TURKEY A SMY": "ok",
                              "RUSSIA F BLA": "bounce",
                              "AUSTRIA A SER": "bounce"},
                     final={"TURKEY": ["F CON", "A BUL", "A SMY"], "RUSSIA": ["F BLA"],
                            "AUSTRIA": ["A SER"]},
                     dislodged={})]),

    # DATC: none of the units will succeed to move (Turkey may not help
    # Austria dislodge its fleet in Constantinople).  Smyrna's support is
    # valid and not cut: "ok".
    Case("6.C.9", "No help in dislodgement of own unit in disrupted circular movement", "S1901M",
         units={"TURKEY": ["F CON", "A SMY"], "RUSSIA": ["F BLA"],
                "AUSTRIA": ["A SER", "A BUL"]},
         steps=[Step(orders={"TURKEY": ["F Constantinople - Black Sea",
                                        "A Smyrna Supports A Bulgaria - Constantinople"],
                             "RUSSIA": ["F Black Sea - Bulgaria(ec)"],
                             "AUSTRIA": ["A Serbia - Bulgaria",
                                         "A Bulgaria - Constantinople"]},
                     results={"TURKEY F CON": "bounce",
                              "TURKEY A SMY": "ok",
                              "RUSSIA F BLA": "bounce",
                              "AUSTRIA A SER": "bounce",
                              "AUSTRIA A BUL": "bounce"},
                     final={"TURKEY": ["F CON", "A SMY"], "RUSSIA": ["F BLA"],
                            "AUSTRIA": ["A SER", "A BUL"]},
                     dislodged={})]),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_datc(case: Case) -> None:
    run_case(case)
