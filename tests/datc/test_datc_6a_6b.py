"""DATC v3.0, sections 6.A and 6.B: basic checks and coastal issues.

The DATC's preferred choices and the result vocabulary used here are in
tests/datc/harness.py ("Choices and vocabulary, 6.A-6.E").
"""

from __future__ import annotations

import pytest

from tests.datc.harness import Case, Step, run_case

CASES = [
    # ------------------------------------------------------------------
    # 6.A  Basic checks
    # ------------------------------------------------------------------
    # DATC: order should fail (North Sea and Picardy are not adjacent).
    Case("6.A.1", "Moving to an area that is not a neighbour", "S1901M",
         units={"ENGLAND": ["F NTH"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea - Picardy"]},
                     results={"ENGLAND F NTH": "void"},
                     final={"ENGLAND": ["F NTH"]})]),

    # DATC: order should fail (an army cannot go to sea).
    Case("6.A.2", "Move army to sea", "S1901M",
         units={"ENGLAND": ["A LVP"]},
         steps=[Step(orders={"ENGLAND": ["A Liverpool - Irish Sea"]},
                     results={"ENGLAND A LVP": "void"},
                     final={"ENGLAND": ["A LVP"]})]),

    # DATC: order should fail (a fleet cannot go to land).
    Case("6.A.3", "Move fleet to land", "S1901M",
         units={"GERMANY": ["F KIE"]},
         steps=[Step(orders={"GERMANY": ["F Kiel - Munich"]},
                     results={"GERMANY F KIE": "void"},
                     final={"GERMANY": ["F KIE"]})]),

    # DATC: moving to the own sector is illegal; "program should not crash".
    Case("6.A.4", "Move to own sector", "S1901M",
         units={"GERMANY": ["F KIE"]},
         steps=[Step(orders={"GERMANY": ["F Kiel - Kiel"]},
                     results={"GERMANY F KIE": "void"},
                     final={"GERMANY": ["F KIE"]})]),

    # DATC: the move Yorkshire - Yorkshire is illegal, so the Liverpool support
    # (and the convoy) are illegal too; London dislodges the army in Yorkshire.
    Case("6.A.5", "Move to own sector with convoy", "S1901M",
         units={"ENGLAND": ["F NTH", "A YOR", "A LVP"],
                "GERMANY": ["F LON", "A WAL"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Convoys A Yorkshire - Yorkshire",
                                         "A Yorkshire - Yorkshire",
                                         "A Liverpool Supports A Yorkshire - Yorkshire"],
                             "GERMANY": ["F London - Yorkshire",
                                         "A Wales Supports F London - Yorkshire"]},
                     results={"ENGLAND F NTH": "void",
                              "ENGLAND A YOR": "dislodged",
                              "ENGLAND A LVP": "void",
                              "GERMANY F LON": "ok",
                              "GERMANY A WAL": "ok"},
                     final={"ENGLAND": ["F NTH", "A LVP"],
                            "GERMANY": ["F YOR", "A WAL"]},
                     dislodged={"ENGLAND": ["A YOR"]})]),

    # DATC: order should fail (Germany orders England's fleet in London).
    Case("6.A.6", "Ordering a unit of another country", "S1901M",
         units={"ENGLAND": ["F LON"]},
         steps=[Step(orders={"GERMANY": ["F London - North Sea"]},
                     results={"GERMANY F LON": "void",
                              "ENGLAND F LON": "ok"},
                     final={"ENGLAND": ["F LON"]})]),

    # DATC: move from London to Belgium should fail (a fleet cannot be
    # convoyed; F London - Belgium is not adjacent, and there is no army in
    # London for the North Sea to convoy, so both orders are void).
    Case("6.A.7", "Only armies can be convoyed", "S1901M",
         units={"ENGLAND": ["F LON", "F NTH"]},
         steps=[Step(orders={"ENGLAND": ["F London - Belgium",
                                         "F North Sea Convoys A London - Belgium"]},
                     results={"ENGLAND F LON": "void",
                              "ENGLAND F NTH": "void"},
                     final={"ENGLAND": ["F LON", "F NTH"]})]),

    # DATC: the army (here fleet) in Trieste should be dislodged; self
    # support to hold is not possible.
    Case("6.A.8", "Support to hold yourself is not possible", "S1901M",
         units={"ITALY": ["A VEN", "A TYR"], "AUSTRIA": ["F TRI"]},
         steps=[Step(orders={"ITALY": ["A Venice - Trieste",
                                       "A Tyrolia Supports A Venice - Trieste"],
                             "AUSTRIA": ["F Trieste Supports F Trieste"]},
                     results={"ITALY A VEN": "ok",
                              "ITALY A TYR": "ok",
                              "AUSTRIA F TRI": "dislodged"},
                     final={"ITALY": ["A TRI", "A TYR"]},
                     dislodged={"AUSTRIA": ["F TRI"]})]),

    # DATC: move fails; an army can go from Rome to Venice, a fleet cannot.
    Case("6.A.9", "Fleets must follow coast if not on sea", "S1901M",
         units={"ITALY": ["F ROM"]},
         steps=[Step(orders={"ITALY": ["F Rome - Venice"]},
                     results={"ITALY F ROM": "void"},
                     final={"ITALY": ["F ROM"]})]),

    # DATC: the support of Rome is illegal; Venice is not dislodged.
    Case("6.A.10", "Support on unreachable destination not possible", "S1901M",
         units={"AUSTRIA": ["A VEN"], "ITALY": ["F ROM", "A APU"]},
         steps=[Step(orders={"AUSTRIA": ["A Venice Hold"],
                             "ITALY": ["F Rome Supports A Apulia - Venice",
                                       "A Apulia - Venice"]},
                     results={"AUSTRIA A VEN": "ok",
                              "ITALY F ROM": "void",
                              "ITALY A APU": "bounce"},
                     final={"AUSTRIA": ["A VEN"], "ITALY": ["F ROM", "A APU"]},
                     dislodged={})]),

    # DATC: the two units bounce.
    Case("6.A.11", "Simple bounce", "S1901M",
         units={"AUSTRIA": ["A VIE"], "ITALY": ["A VEN"]},
         steps=[Step(orders={"AUSTRIA": ["A Vienna - Tyrolia"],
                             "ITALY": ["A Venice - Tyrolia"]},
                     results={"AUSTRIA A VIE": "bounce",
                              "ITALY A VEN": "bounce"},
                     final={"AUSTRIA": ["A VIE"], "ITALY": ["A VEN"]})]),

    # DATC: the three units bounce.
    Case("6.A.12", "Bounce of three units", "S1901M",
         units={"AUSTRIA": ["A VIE"], "GERMANY": ["A MUN"], "ITALY": ["A VEN"]},
         steps=[Step(orders={"AUSTRIA": ["A Vienna - Tyrolia"],
                             "GERMANY": ["A Munich - Tyrolia"],
                             "ITALY": ["A Venice - Tyrolia"]},
                     results={"AUSTRIA A VIE": "bounce",
                              "GERMANY A MUN": "bounce",
                              "ITALY A VEN": "bounce"},
                     final={"AUSTRIA": ["A VIE"], "GERMANY": ["A MUN"],
                            "ITALY": ["A VEN"]})]),

    # ------------------------------------------------------------------
    # 6.B  Coastal issues
    # ------------------------------------------------------------------
    # DATC: move should fail (4.B.1).  The failure comes from the order
    # itself (the coast is needed and missing), not from a standoff, hence
    # "void" rather than "bounce".
    Case("6.B.1", "Moving with unspecified coast when coast is necessary", "S1901M",
         units={"FRANCE": ["F POR"]},
         steps=[Step(orders={"FRANCE": ["F Portugal - Spain"]},
                     results={"FRANCE F POR": "void"},
                     final={"FRANCE": ["F POR"]})]),

    # DATC (preferred, 4.B.2): a move is attempted to the only possible
    # coast, the north coast of Spain.
    Case("6.B.2", "Moving with unspecified coast when coast is not necessary", "S1901M",
         units={"FRANCE": ["F GAS"]},
         steps=[Step(orders={"FRANCE": ["F Gascony - Spain"]},
                     results={"FRANCE F GAS": "ok"},
                     final={"FRANCE": ["F SPA/NC"]})]),

    # DATC (preferred, 4.B.3): the order is illegal and the fleet holds.
    Case("6.B.3", "Moving with wrong coast when coast is not necessary", "S1901M",
         units={"FRANCE": ["F GAS"]},
         steps=[Step(orders={"FRANCE": ["F Gascony - Spain(sc)"]},
                     results={"FRANCE F GAS": "void"},
                     final={"FRANCE": ["F GAS"]})]),

    # DATC: the support is successful, Gascony moves to Spain(nc), the
    # Italian fleet fails.
    Case("6.B.4", "Support to unreachable coast allowed", "S1901M",
         units={"FRANCE": ["F GAS", "F MAR"], "ITALY": ["F WES"]},
         steps=[Step(orders={"FRANCE": ["F Gascony - Spain(nc)",
                                        "F Marseilles Supports F Gascony - Spain(nc)"],
                             "ITALY": ["F Western Mediterranean - Spain(sc)"]},
                     results={"FRANCE F GAS": "ok",
                              "FRANCE F MAR": "ok",
                              "ITALY F WES": "bounce"},
                     final={"FRANCE": ["F SPA/NC", "F MAR"], "ITALY": ["F WES"]})]),

    # DATC: the support of Spain(nc) is illegal; Gulf of Lyon is not dislodged.
    Case("6.B.5", "Support from unreachable coast not allowed", "S1901M",
         units={"FRANCE": ["F MAR", "F SPA/NC"], "ITALY": ["F LYO"]},
         steps=[Step(orders={"FRANCE": ["F Marseilles - Gulf of Lyon",
                                        "F Spain(nc) Supports F Marseilles - Gulf of Lyon"],
                             "ITALY": ["F Gulf of Lyon Hold"]},
                     results={"FRANCE F MAR": "bounce",
                              "FRANCE F SPA/NC": "void",
                              "ITALY F LYO": "ok"},
                     final={"FRANCE": ["F MAR", "F SPA/NC"], "ITALY": ["F LYO"]},
                     dislodged={})]),

    # DATC: the Italian fleet cuts the support in Spain (attacking the other
    # coast); the French fleet in the Mid-Atlantic is dislodged by the
    # English fleet from the North Atlantic.
    Case("6.B.6", "Support can be cut with other coast", "S1901M",
         units={"ENGLAND": ["F IRI", "F NAO"], "FRANCE": ["F SPA/NC", "F MAO"],
                "ITALY": ["F LYO"]},
         steps=[Step(orders={"ENGLAND": ["F Irish Sea Supports F North Atlantic Ocean - Mid-Atlantic Ocean",
                                         "F North Atlantic Ocean - Mid-Atlantic Ocean"],
                             "FRANCE": ["F Spain(nc) Supports F Mid-Atlantic Ocean",
                                        "F Mid-Atlantic Ocean Hold"],
                             "ITALY": ["F Gulf of Lyon - Spain(sc)"]},
                     results={"ENGLAND F IRI": "ok",
                              "ENGLAND F NAO": "ok",
                              "FRANCE F SPA/NC": "cut",
                              "FRANCE F MAO": "dislodged",
                              "ITALY F LYO": "bounce"},
                     final={"ENGLAND": ["F IRI", "F MAO"], "FRANCE": ["F SPA/NC"],
                            "ITALY": ["F LYO"]},
                     dislodged={"FRANCE": ["F MAO"]})]),

    # DATC (preferred, 4.B.4): the support succeeds and the Italian fleet
    # bounces.  With the support France and Italy are both of strength two,
    # so the French move to Spain(nc) bounces as well.
    Case("6.B.7", "Supporting own unit with unspecified coast", "S1901M",
         units={"FRANCE": ["F POR", "F MAO"], "ITALY": ["F LYO", "F WES"]},
         steps=[Step(orders={"FRANCE": ["F Portugal Supports F Mid-Atlantic Ocean - Spain",
                                        "F Mid-Atlantic Ocean - Spain(nc)"],
                             "ITALY": ["F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)",
                                       "F Western Mediterranean - Spain(sc)"]},
                     results={"FRANCE F POR": "ok",
                              "FRANCE F MAO": "bounce",
                              "ITALY F LYO": "ok",
                              "ITALY F WES": "bounce"},
                     final={"FRANCE": ["F POR", "F MAO"], "ITALY": ["F LYO", "F WES"]})]),

    # DATC: support of Portugal is successful and the Italian fleet bounces
    # with the French fleet from Gascony.
    Case("6.B.8", "Supporting with unspecified coast when only one coast is possible", "S1901M",
         units={"FRANCE": ["F POR", "F GAS"], "ITALY": ["F LYO", "F WES"]},
         steps=[Step(orders={"FRANCE": ["F Portugal Supports F Gascony - Spain",
                                        "F Gascony - Spain(nc)"],
                             "ITALY": ["F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)",
                                       "F Western Mediterranean - Spain(sc)"]},
                     results={"FRANCE F POR": "ok",
                              "FRANCE F GAS": "bounce",
                              "ITALY F LYO": "ok",
                              "ITALY F WES": "bounce"},
                     final={"FRANCE": ["F POR", "F GAS"], "ITALY": ["F LYO", "F WES"]})]),

    # DATC: support of Portugal is invalid (coast does not match) and the
    # Italian fleet in the Western Mediterranean moves successfully.
    Case("6.B.9", "Supporting with wrong coast", "S1901M",
         units={"FRANCE": ["F POR", "F MAO"], "ITALY": ["F LYO", "F WES"]},
         steps=[Step(orders={"FRANCE": ["F Portugal Supports F Mid-Atlantic Ocean - Spain(nc)",
                                        "F Mid-Atlantic Ocean - Spain(sc)"],
                             "ITALY": ["F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)",
                                       "F Western Mediterranean - Spain(sc)"]},
                     results={"FRANCE F POR": "void",
                              "FRANCE F MAO": "bounce",
                              "ITALY F LYO": "ok",
                              "ITALY F WES": "ok"},
                     final={"FRANCE": ["F POR", "F MAO"], "ITALY": ["F LYO", "F SPA/SC"]})]),

    # DATC (preferred, 4.B.5): the wrong coast of the ordered unit is ignored
    # and the move is attempted.  The fleet is really on Spain(sc).
    Case("6.B.10", "Unit ordered with wrong coast", "S1901M",
         units={"FRANCE": ["F SPA/SC"]},
         steps=[Step(orders={"FRANCE": ["F Spain(nc) - Gulf of Lyon"]},
                     results={"FRANCE F SPA/SC": "ok"},
                     final={"FRANCE": ["F LYO"]})]),

    # DATC: the move fails.  The fleet is on Spain(nc); the coast in the
    # order is ignored (4.B.5), and Spain(nc) - Gulf of Lyon is impossible,
    # so the order is illegal: "void".
    Case("6.B.11", "Coast cannot be ordered to change", "S1901M",
         units={"FRANCE": ["F SPA/NC"]},
         steps=[Step(orders={"FRANCE": ["F Spain(sc) - Gulf of Lyon"]},
                     results={"FRANCE F SPA/NC": "void"},
                     final={"FRANCE": ["F SPA/NC"]})]),

    # DATC (preferred, 4.B.6): the coast is ignored and the move is attempted.
    Case("6.B.12", "Army movement with coastal specification", "S1901M",
         units={"FRANCE": ["A GAS"]},
         steps=[Step(orders={"FRANCE": ["A Gascony - Spain(nc)"]},
                     results={"FRANCE A GAS": "ok"},
                     final={"FRANCE": ["A SPA"]})]),

    # DATC: both moves fail (still a head-to-head battle).
    Case("6.B.13", "Coastal crawl not allowed", "S1901M",
         units={"TURKEY": ["F BUL/SC", "F CON"]},
         steps=[Step(orders={"TURKEY": ["F Bulgaria(sc) - Constantinople",
                                        "F Constantinople - Bulgaria(ec)"]},
                     results={"TURKEY F BUL/SC": "bounce",
                              "TURKEY F CON": "bounce"},
                     final={"TURKEY": ["F BUL/SC", "F CON"]})]),

    # DATC (4.B.7): build fails.  The DATC gives no position; we use one in
    # which Russia owns St Petersburg (empty) and is due exactly one build.
    # The build's result is keyed by the unit as written ("F STP").
    Case("6.B.14", "Building with unspecified coast", "W1901A",
         units={"RUSSIA": ["A MOS", "A WAR", "F SEV"]},
         centers={"RUSSIA": ["MOS", "SEV", "STP", "WAR"]},
         steps=[Step(orders={"RUSSIA": ["Build F St Petersburg"]},
                     results={"RUSSIA F STP": "void"},
                     final={"RUSSIA": ["A MOS", "A WAR", "F SEV"]})]),

    # DATC (preferred, 4.B.4): the support succeeds and the Italian fleet
    # bounces (and so does the English fleet: two against two).
    Case("6.B.15", "Supporting foreign unit with unspecified coast", "S1901M",
         units={"FRANCE": ["F POR"], "ENGLAND": ["F MAO"], "ITALY": ["F LYO", "F WES"]},
         steps=[Step(orders={"FRANCE": ["F Portugal Supports F Mid-Atlantic Ocean - Spain"],
                             "ENGLAND": ["F Mid-Atlantic Ocean - Spain(nc)"],
                             "ITALY": ["F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)",
                                       "F Western Mediterranean - Spain(sc)"]},
                     results={"FRANCE F POR": "ok",
                              "ENGLAND F MAO": "bounce",
                              "ITALY F LYO": "ok",
                              "ITALY F WES": "bounce"},
                     final={"FRANCE": ["F POR"], "ENGLAND": ["F MAO"],
                            "ITALY": ["F LYO", "F WES"]})]),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_datc(case: Case) -> None:
    run_case(case)
