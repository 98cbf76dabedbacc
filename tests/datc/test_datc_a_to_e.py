"""DATC v3.0, sections 6.A to 6.E (basic checks, coasts, circular movement,
supports and dislodges, head-to-head battles and beleaguered garrisons).

Every case is written from the text of ``DATC_v3_0.txt`` with the DATC's
preferred choices of section 4 (4.B.1 move fails, 4.B.2 only possible coast,
4.B.3 illegal, 4.B.4 support without coast valid, 4.B.5/4.B.6 garbage coasts
ignored, 4.B.7 build without coast fails, 4.C.1 missing unit type is fine,
4.E.1 illegal orders are ignored).  None of the cases in 6.A-6.E orders a unit
twice, so the judge's "last order counts" rule (our replacement for 4.D.3)
plays no part here.

Result vocabulary (see harness.py): a support that is valid and not cut is
``ok`` even when the move it supports fails or may not dislodge the
supporter's own unit (6.E.12: such a support "still has an effect"); a
convoy that is valid and not disrupted is ``ok`` even when the army bounces;
an illegal order or a support/convoy that does not match is ``void``; a
dislodged unit is ``dislodged`` whatever it was ordered to do.
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

    # ------------------------------------------------------------------
    # 6.D  Supports and dislodges
    # ------------------------------------------------------------------
    # DATC: the support of Tyrolia prevents the dislodgement of Venice; the
    # army in Trieste will not move.
    Case("6.D.1", "Supported hold can prevent dislodgement", "S1901M",
         units={"AUSTRIA": ["F ADR", "A TRI"], "ITALY": ["A VEN", "A TYR"]},
         steps=[Step(orders={"AUSTRIA": ["F Adriatic Sea Supports A Trieste - Venice",
                                         "A Trieste - Venice"],
                             "ITALY": ["A Venice Hold",
                                       "A Tyrolia Supports A Venice"]},
                     results={"AUSTRIA F ADR": "ok",
                              "AUSTRIA A TRI": "bounce",
                              "ITALY A VEN": "ok",
                              "ITALY A TYR": "ok"},
                     final={"AUSTRIA": ["F ADR", "A TRI"], "ITALY": ["A VEN", "A TYR"]},
                     dislodged={})]),

    # DATC: the support of Tyrolia is cut by Vienna; Venice is dislodged by
    # the army from Trieste.
    Case("6.D.2", "A move cuts support on hold", "S1901M",
         units={"AUSTRIA": ["F ADR", "A TRI", "A VIE"], "ITALY": ["A VEN", "A TYR"]},
         steps=[Step(orders={"AUSTRIA": ["F Adriatic Sea Supports A Trieste - Venice",
                                         "A Trieste - Venice",
                                         "A Vienna - Tyrolia"],
                             "ITALY": ["A Venice Hold",
                                       "A Tyrolia Supports A Venice"]},
                     results={"AUSTRIA F ADR": "ok",
                              "AUSTRIA A TRI": "ok",
                              "AUSTRIA A VIE": "bounce",
                              "ITALY A VEN": "dislodged",
                              "ITALY A TYR": "cut"},
                     final={"AUSTRIA": ["F ADR", "A VEN", "A VIE"], "ITALY": ["A TYR"]},
                     dislodged={"ITALY": ["A VEN"]})]),

    # DATC: the support of the Adriatic is cut; Venice is not dislodged and
    # Trieste stays.
    Case("6.D.3", "A move cuts support on move", "S1901M",
         units={"AUSTRIA": ["F ADR", "A TRI"], "ITALY": ["A VEN", "F ION"]},
         steps=[Step(orders={"AUSTRIA": ["F Adriatic Sea Supports A Trieste - Venice",
                                         "A Trieste - Venice"],
                             "ITALY": ["A Venice Hold",
                                       "F Ionian Sea - Adriatic Sea"]},
                     results={"AUSTRIA F ADR": "cut",
                              "AUSTRIA A TRI": "bounce",
                              "ITALY A VEN": "ok",
                              "ITALY F ION": "bounce"},
                     final={"AUSTRIA": ["F ADR", "A TRI"], "ITALY": ["A VEN", "F ION"]},
                     dislodged={})]),

    # DATC: the Russian move from Prussia to Berlin fails.  (Berlin's own
    # support of Kiel is cut by the attack from Prussia; Kiel's support of
    # Berlin stands.)
    Case("6.D.4", "Support to hold on unit supporting a hold allowed", "S1901M",
         units={"GERMANY": ["A BER", "F KIE"], "RUSSIA": ["F BAL", "A PRU"]},
         steps=[Step(orders={"GERMANY": ["A Berlin Supports F Kiel",
                                         "F Kiel Supports A Berlin"],
                             "RUSSIA": ["F Baltic Sea Supports A Prussia - Berlin",
                                        "A Prussia - Berlin"]},
                     results={"GERMANY A BER": "cut",
                              "GERMANY F KIE": "ok",
                              "RUSSIA F BAL": "ok",
                              "RUSSIA A PRU": "bounce"},
                     final={"GERMANY": ["A BER", "F KIE"], "RUSSIA": ["F BAL", "A PRU"]},
                     dislodged={})]),

    # DATC: the Russian move from Prussia to Berlin fails.  (Berlin's support
    # of Munich - Silesia is cut by the attack from Prussia, but Munich
    # enters the empty Silesia anyway.)
    Case("6.D.5", "Support to hold on unit supporting a move allowed", "S1901M",
         units={"GERMANY": ["A BER", "F KIE", "A MUN"], "RUSSIA": ["F BAL", "A PRU"]},
         steps=[Step(orders={"GERMANY": ["A Berlin Supports A Munich - Silesia",
                                         "F Kiel Supports A Berlin",
                                         "A Munich - Silesia"],
                             "RUSSIA": ["F Baltic Sea Supports A Prussia - Berlin",
                                        "A Prussia - Berlin"]},
                     results={"GERMANY A BER": "cut",
                              "GERMANY F KIE": "ok",
                              "GERMANY A MUN": "ok",
                              "RUSSIA F BAL": "ok",
                              "RUSSIA A PRU": "bounce"},
                     final={"GERMANY": ["A BER", "F KIE", "A SIL"], "RUSSIA": ["F BAL", "A PRU"]},
                     dislodged={})]),

    # DATC: the Russian move from Livonia to the Baltic Sea fails; the convoy
    # from Berlin to Sweden succeeds.
    Case("6.D.6", "Support to hold on convoying unit allowed", "S1901M",
         units={"GERMANY": ["A BER", "F BAL", "F PRU"], "RUSSIA": ["F LVN", "F BOT"]},
         steps=[Step(orders={"GERMANY": ["A Berlin - Sweden",
                                         "F Baltic Sea Convoys A Berlin - Sweden",
                                         "F Prussia Supports F Baltic Sea"],
                             "RUSSIA": ["F Livonia - Baltic Sea",
                                        "F Gulf of Bothnia Supports F Livonia - Baltic Sea"]},
                     results={"GERMANY A BER": "ok",
                              "GERMANY F BAL": "ok",
                              "GERMANY F PRU": "ok",
                              "RUSSIA F LVN": "bounce",
                              "RUSSIA F BOT": "ok"},
                     final={"GERMANY": ["A SWE", "F BAL", "F PRU"], "RUSSIA": ["F LVN", "F BOT"]},
                     dislodged={})]),

    # DATC: the support of Prussia fails (hold support of a moving unit does
    # not match: "void"); the Baltic fleet bounces on Finland and is
    # dislodged by Livonia.
    Case("6.D.7", "Support to hold on moving unit not allowed", "S1901M",
         units={"GERMANY": ["F BAL", "F PRU"], "RUSSIA": ["F LVN", "F BOT", "A FIN"]},
         steps=[Step(orders={"GERMANY": ["F Baltic Sea - Sweden",
                                         "F Prussia Supports F Baltic Sea"],
                             "RUSSIA": ["F Livonia - Baltic Sea",
                                        "F Gulf of Bothnia Supports F Livonia - Baltic Sea",
                                        "A Finland - Sweden"]},
                     results={"GERMANY F BAL": "dislodged",
                              "GERMANY F PRU": "void",
                              "RUSSIA F LVN": "ok",
                              "RUSSIA F BOT": "ok",
                              "RUSSIA A FIN": "bounce"},
                     final={"GERMANY": ["F PRU"], "RUSSIA": ["F BAL", "F BOT", "A FIN"]},
                     dislodged={"GERMANY": ["F BAL"]})]),

    # DATC: Greece - Naples is not illegal (a convoy via the Ionian Sea was
    # possible), so the hold support of Bulgaria fails ("void": it does not
    # match) and Greece is dislodged by Albania.
    Case("6.D.8", "Failed convoy cannot receive hold support", "S1901M",
         units={"AUSTRIA": ["F ION", "A SER", "A ALB"], "TURKEY": ["A GRE", "A BUL"]},
         steps=[Step(orders={"AUSTRIA": ["F Ionian Sea Hold",
                                         "A Serbia Supports A Albania - Greece",
                                         "A Albania - Greece"],
                             "TURKEY": ["A Greece - Naples",
                                        "A Bulgaria Supports A Greece"]},
                     results={"AUSTRIA F ION": "ok",
                              "AUSTRIA A SER": "ok",
                              "AUSTRIA A ALB": "ok",
                              "TURKEY A GRE": "dislodged",
                              "TURKEY A BUL": "void"},
                     final={"AUSTRIA": ["F ION", "A SER", "A GRE"], "TURKEY": ["A BUL"]},
                     dislodged={"TURKEY": ["A GRE"]})]),

    # DATC: the support of Albania fails (Trieste holds: "void") and Trieste
    # is dislodged by the army from Venice.
    Case("6.D.9", "Support to move on holding unit not allowed", "S1901M",
         units={"ITALY": ["A VEN", "A TYR"], "AUSTRIA": ["A ALB", "A TRI"]},
         steps=[Step(orders={"ITALY": ["A Venice - Trieste",
                                       "A Tyrolia Supports A Venice - Trieste"],
                             "AUSTRIA": ["A Albania Supports A Trieste - Serbia",
                                         "A Trieste Hold"]},
                     results={"ITALY A VEN": "ok",
                              "ITALY A TYR": "ok",
                              "AUSTRIA A ALB": "void",
                              "AUSTRIA A TRI": "dislodged"},
                     final={"ITALY": ["A TRI", "A TYR"], "AUSTRIA": ["A ALB"]},
                     dislodged={"AUSTRIA": ["A TRI"]})]),

    # DATC: the move to Berlin fails (no self dislodgement).
    Case("6.D.10", "Self dislodgment prohibited", "S1901M",
         units={"GERMANY": ["A BER", "F KIE", "A MUN"]},
         steps=[Step(orders={"GERMANY": ["A Berlin Hold",
                                         "F Kiel - Berlin",
                                         "A Munich Supports F Kiel - Berlin"]},
                     results={"GERMANY A BER": "ok",
                              "GERMANY F KIE": "bounce",
                              "GERMANY A MUN": "ok"},
                     final={"GERMANY": ["A BER", "F KIE", "A MUN"]},
                     dislodged={})]),

    # DATC: the army in Berlin bounces, but is not dislodged by its own unit.
    Case("6.D.11", "No self dislodgment of returning unit", "S1901M",
         units={"GERMANY": ["A BER", "F KIE", "A MUN"], "RUSSIA": ["A WAR"]},
         steps=[Step(orders={"GERMANY": ["A Berlin - Prussia",
                                         "F Kiel - Berlin",
                                         "A Munich Supports F Kiel - Berlin"],
                             "RUSSIA": ["A Warsaw - Prussia"]},
                     results={"GERMANY A BER": "bounce",
                              "GERMANY F KIE": "bounce",
                              "GERMANY A MUN": "ok",
                              "RUSSIA A WAR": "bounce"},
                     final={"GERMANY": ["A BER", "F KIE", "A MUN"], "RUSSIA": ["A WAR"]},
                     dislodged={})]),

    # DATC: no dislodgement of the fleet in Trieste.  Vienna's support is
    # valid and not cut ("ok"); it just does not count against Austria.
    Case("6.D.12", "Supporting a foreign unit to dislodge own unit prohibited", "S1901M",
         units={"AUSTRIA": ["F TRI", "A VIE"], "ITALY": ["A VEN"]},
         steps=[Step(orders={"AUSTRIA": ["F Trieste Hold",
                                         "A Vienna Supports A Venice - Trieste"],
                             "ITALY": ["A Venice - Trieste"]},
                     results={"AUSTRIA F TRI": "ok",
                              "AUSTRIA A VIE": "ok",
                              "ITALY A VEN": "bounce"},
                     final={"AUSTRIA": ["F TRI", "A VIE"], "ITALY": ["A VEN"]},
                     dislodged={})]),

    # DATC: no dislodgement of the fleet in Trieste (it bounces back from the
    # Adriatic against Apulia).
    Case("6.D.13", "Supporting a foreign unit to dislodge a returning own unit prohibited", "S1901M",
         units={"AUSTRIA": ["F TRI", "A VIE"], "ITALY": ["A VEN", "F APU"]},
         steps=[Step(orders={"AUSTRIA": ["F Trieste - Adriatic Sea",
                                         "A Vienna Supports A Venice - Trieste"],
                             "ITALY": ["A Venice - Trieste",
                                       "F Apulia - Adriatic Sea"]},
                     results={"AUSTRIA F TRI": "bounce",
                              "AUSTRIA A VIE": "ok",
                              "ITALY A VEN": "bounce",
                              "ITALY F APU": "bounce"},
                     final={"AUSTRIA": ["F TRI", "A VIE"], "ITALY": ["A VEN", "F APU"]},
                     dislodged={})]),

    # DATC: the fleet in Trieste is dislodged.
    Case("6.D.14", "Supporting a foreign unit is not enough to prevent dislodgement", "S1901M",
         units={"AUSTRIA": ["F TRI", "A VIE"], "ITALY": ["A VEN", "A TYR", "F ADR"]},
         steps=[Step(orders={"AUSTRIA": ["F Trieste Hold",
                                         "A Vienna Supports A Venice - Trieste"],
                             "ITALY": ["A Venice - Trieste",
                                       "A Tyrolia Supports A Venice - Trieste",
                                       "F Adriatic Sea Supports A Venice - Trieste"]},
                     results={"AUSTRIA F TRI": "dislodged",
                              "AUSTRIA A VIE": "ok",
                              "ITALY A VEN": "ok",
                              "ITALY A TYR": "ok",
                              "ITALY F ADR": "ok"},
                     final={"AUSTRIA": ["A VIE"], "ITALY": ["A TRI", "A TYR", "F ADR"]},
                     dislodged={"AUSTRIA": ["F TRI"]})]),

    # DATC: the support of Constantinople is not cut and Ankara is
    # dislodged by the Black Sea.
    Case("6.D.15", "Defender cannot cut support for attack on itself", "S1901M",
         units={"RUSSIA": ["F CON", "F BLA"], "TURKEY": ["F ANK"]},
         steps=[Step(orders={"RUSSIA": ["F Constantinople Supports F Black Sea - Ankara",
                                        "F Black Sea - Ankara"],
                             "TURKEY": ["F Ankara - Constantinople"]},
                     results={"RUSSIA F CON": "ok",
                              "RUSSIA F BLA": "ok",
                              "TURKEY F ANK": "dislodged"},
                     final={"RUSSIA": ["F CON", "F ANK"]},
                     dislodged={"TURKEY": ["F ANK"]})]),

    # DATC: the English army in London is dislodged by the French army from
    # Belgium (convoyed by the English fleet).
    Case("6.D.16", "Convoying a unit dislodging a unit of same power is allowed", "S1901M",
         units={"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["F ENG", "A BEL"]},
         steps=[Step(orders={"ENGLAND": ["A London Hold",
                                         "F North Sea Convoys A Belgium - London"],
                             "FRANCE": ["F English Channel Supports A Belgium - London",
                                        "A Belgium - London"]},
                     results={"ENGLAND A LON": "dislodged",
                              "ENGLAND F NTH": "ok",
                              "FRANCE F ENG": "ok",
                              "FRANCE A BEL": "ok"},
                     final={"ENGLAND": ["F NTH"], "FRANCE": ["F ENG", "A LON"]},
                     dislodged={"ENGLAND": ["A LON"]})]),

    # DATC: Constantinople is dislodged, which cuts its support; the Black Sea
    # bounces with the army from Armenia.
    Case("6.D.17", "Dislodgement cuts supports", "S1901M",
         units={"RUSSIA": ["F CON", "F BLA"], "TURKEY": ["F ANK", "A SMY", "A ARM"]},
         steps=[Step(orders={"RUSSIA": ["F Constantinople Supports F Black Sea - Ankara",
                                        "F Black Sea - Ankara"],
                             "TURKEY": ["F Ankara - Constantinople",
                                        "A Smyrna Supports F Ankara - Constantinople",
                                        "A Armenia - Ankara"]},
                     results={"RUSSIA F CON": "dislodged",
                              "RUSSIA F BLA": "bounce",
                              "TURKEY F ANK": "ok",
                              "TURKEY A SMY": "ok",
                              "TURKEY A ARM": "bounce"},
                     final={"RUSSIA": ["F BLA"], "TURKEY": ["F CON", "A SMY", "A ARM"]},
                     dislodged={"RUSSIA": ["F CON"]})]),

    # DATC: the Russian fleet in the Black Sea dislodges the Turkish fleet in
    # Ankara (Constantinople survives and keeps its support).
    Case("6.D.18", "A surviving unit will sustain support", "S1901M",
         units={"RUSSIA": ["F CON", "F BLA", "A BUL"], "TURKEY": ["F ANK", "A SMY", "A ARM"]},
         steps=[Step(orders={"RUSSIA": ["F Constantinople Supports F Black Sea - Ankara",
                                        "F Black Sea - Ankara",
                                        "A Bulgaria Supports F Constantinople"],
                             "TURKEY": ["F Ankara - Constantinople",
                                        "A Smyrna Supports F Ankara - Constantinople",
                                        "A Armenia - Ankara"]},
                     results={"RUSSIA F CON": "ok",
                              "RUSSIA F BLA": "ok",
                              "RUSSIA A BUL": "ok",
                              "TURKEY F ANK": "dislodged",
                              "TURKEY A SMY": "ok",
                              "TURKEY A ARM": "bounce"},
                     final={"RUSSIA": ["F CON", "F ANK", "A BUL"], "TURKEY": ["A SMY", "A ARM"]},
                     dislodged={"TURKEY": ["F ANK"]})]),

    # DATC: Constantinople is not dislodged (one support is Russian), its
    # support sustains and Ankara is dislodged.
    Case("6.D.19", "Even when surviving is in alternative way", "S1901M",
         units={"RUSSIA": ["F CON", "F BLA", "A SMY"], "TURKEY": ["F ANK"]},
         steps=[Step(orders={"RUSSIA": ["F Constantinople Supports F Black Sea - Ankara",
                                        "F Black Sea - Ankara",
                                        "A Smyrna Supports F Ankara - Constantinople"],
                             "TURKEY": ["F Ankara - Constantinople"]},
                     results={"RUSSIA F CON": "ok",
                              "RUSSIA F BLA": "ok",
                              "RUSSIA A SMY": "ok",
                              "TURKEY F ANK": "dislodged"},
                     final={"RUSSIA": ["F CON", "F ANK", "A SMY"]},
                     dislodged={"TURKEY": ["F ANK"]})]),

    # DATC: the army in Yorkshire does not cut support; the fleet in the
    # English Channel is dislodged by the North Sea.
    Case("6.D.20", "Unit cannot cut support of its own country", "S1901M",
         units={"ENGLAND": ["F LON", "F NTH", "A YOR"], "FRANCE": ["F ENG"]},
         steps=[Step(orders={"ENGLAND": ["F London Supports F North Sea - English Channel",
                                         "F North Sea - English Channel",
                                         "A Yorkshire - London"],
                             "FRANCE": ["F English Channel Hold"]},
                     results={"ENGLAND F LON": "ok",
                              "ENGLAND F NTH": "ok",
                              "ENGLAND A YOR": "bounce",
                              "FRANCE F ENG": "dislodged"},
                     final={"ENGLAND": ["F LON", "F ENG", "A YOR"]},
                     dislodged={"FRANCE": ["F ENG"]})]),

    # DATC: although the German army is dislodged, it still cuts the Italian
    # support; the Austrian fleet is not dislodged.
    Case("6.D.21", "Dislodging does not cancel a support cut", "S1901M",
         units={"AUSTRIA": ["F TRI"], "ITALY": ["A VEN", "A TYR"], "GERMANY": ["A MUN"],
                "RUSSIA": ["A SIL", "A BER"]},
         steps=[Step(orders={"AUSTRIA": ["F Trieste Hold"],
                             "ITALY": ["A Venice - Trieste",
                                       "A Tyrolia Supports A Venice - Trieste"],
                             "GERMANY": ["A Munich - Tyrolia"],
                             "RUSSIA": ["A Silesia - Munich",
                                        "A Berlin Supports A Silesia - Munich"]},
                     results={"AUSTRIA F TRI": "ok",
                              "ITALY A VEN": "bounce",
                              "ITALY A TYR": "cut",
                              "GERMANY A MUN": "dislodged",
                              "RUSSIA A SIL": "ok",
                              "RUSSIA A BER": "ok"},
                     final={"AUSTRIA": ["F TRI"], "ITALY": ["A VEN", "A TYR"],
                            "RUSSIA": ["A MUN", "A BER"]},
                     dislodged={"GERMANY": ["A MUN"]})]),

    # DATC: Kiel - Munich is illegal, so the support from Burgundy is illegal
    # too; the Russian army in Munich dislodges the fleet in Kiel.
    Case("6.D.22", "Impossible fleet move cannot be supported", "S1901M",
         units={"GERMANY": ["F KIE", "A BUR"], "RUSSIA": ["A MUN", "A BER"]},
         steps=[Step(orders={"GERMANY": ["F Kiel - Munich",
                                         "A Burgundy Supports F Kiel - Munich"],
                             "RUSSIA": ["A Munich - Kiel",
                                        "A Berlin Supports A Munich - Kiel"]},
                     results={"GERMANY F KIE": "dislodged",
                              "GERMANY A BUR": "void",
                              "RUSSIA A MUN": "ok",
                              "RUSSIA A BER": "ok"},
                     final={"GERMANY": ["A BUR"], "RUSSIA": ["A KIE", "A BER"]},
                     dislodged={"GERMANY": ["F KIE"]})]),

    # DATC: Spain(nc) - Gulf of Lyon is illegal, so the support from
    # Marseilles fails and the fleet in Spain is dislodged.
    Case("6.D.23", "Impossible coast move cannot be supported", "S1901M",
         units={"ITALY": ["F LYO", "F WES"], "FRANCE": ["F SPA/NC", "F MAR"]},
         steps=[Step(orders={"ITALY": ["F Gulf of Lyon - Spain(sc)",
                                       "F Western Mediterranean Supports F Gulf of Lyon - Spain(sc)"],
                             "FRANCE": ["F Spain(nc) - Gulf of Lyon",
                                        "F Marseilles Supports F Spain(nc) - Gulf of Lyon"]},
                     results={"ITALY F LYO": "ok",
                              "ITALY F WES": "ok",
                              "FRANCE F SPA/NC": "dislodged",
                              "FRANCE F MAR": "void"},
                     final={"ITALY": ["F SPA/SC", "F WES"], "FRANCE": ["F MAR"]},
                     dislodged={"FRANCE": ["F SPA/NC"]})]),

    # DATC: Marseilles - Gulf of Lyon is illegal, so Spain's support fails,
    # there is no beleaguered garrison, and the Gulf of Lyon is dislodged by
    # the Western Mediterranean.
    Case("6.D.24", "Impossible army move cannot be supported", "S1901M",
         units={"FRANCE": ["A MAR", "F SPA/SC"], "ITALY": ["F LYO"], "TURKEY": ["F TYS", "F WES"]},
         steps=[Step(orders={"FRANCE": ["A Marseilles - Gulf of Lyon",
                                        "F Spain(sc) Supports A Marseilles - Gulf of Lyon"],
                             "ITALY": ["F Gulf of Lyon Hold"],
                             "TURKEY": ["F Tyrrhenian Sea Supports F Western Mediterranean - Gulf of Lyon",
                                        "F Western Mediterranean - Gulf of Lyon"]},
                     results={"FRANCE A MAR": "void",
                              "FRANCE F SPA/SC": "void",
                              "ITALY F LYO": "dislodged",
                              "TURKEY F TYS": "ok",
                              "TURKEY F WES": "ok"},
                     final={"FRANCE": ["A MAR", "F SPA/SC"], "TURKEY": ["F TYS", "F LYO"]},
                     dislodged={"ITALY": ["F LYO"]})]),

    # DATC: Berlin's support of Prussia fails (unmatched: "void"), but Kiel's
    # support of Berlin is valid, so Berlin is not dislodged.
    Case("6.D.25", "Failing hold support can be supported", "S1901M",
         units={"GERMANY": ["A BER", "F KIE"], "RUSSIA": ["F BAL", "A PRU"]},
         steps=[Step(orders={"GERMANY": ["A Berlin Supports A Prussia",
                                         "F Kiel Supports A Berlin"],
                             "RUSSIA": ["F Baltic Sea Supports A Prussia - Berlin",
                                        "A Prussia - Berlin"]},
                     results={"GERMANY A BER": "void",
                              "GERMANY F KIE": "ok",
                              "RUSSIA F BAL": "ok",
                              "RUSSIA A PRU": "bounce"},
                     final={"GERMANY": ["A BER", "F KIE"], "RUSSIA": ["F BAL", "A PRU"]},
                     dislodged={})]),

    # DATC: again, Berlin will not be dislodged (Berlin's support to move is
    # unmatched: "void").
    Case("6.D.26", "Failing move support can be supported", "S1901M",
         units={"GERMANY": ["A BER", "F KIE"], "RUSSIA": ["F BAL", "A PRU"]},
         steps=[Step(orders={"GERMANY": ["A Berlin Supports A Prussia - Silesia",
                                         "F Kiel Supports A Berlin"],
                             "RUSSIA": ["F Baltic Sea Supports A Prussia - Berlin",
                                        "A Prussia - Berlin"]},
                     results={"GERMANY A BER": "void",
                              "GERMANY F KIE": "ok",
                              "RUSSIA F BAL": "ok",
                              "RUSSIA A PRU": "bounce"},
                     final={"GERMANY": ["A BER", "F KIE"], "RUSSIA": ["F BAL", "A PRU"]},
                     dislodged={})]),

    # DATC: the convoy order in the Baltic Sea is unmatched and fails
    # ("void"), but Prussia's support of it is valid and the Baltic Sea is
    # not dislodged.
    Case("6.D.27", "Failing convoy can be supported", "S1901M",
         units={"ENGLAND": ["F SWE", "F DEN"], "GERMANY": ["A BER"], "RUSSIA": ["F BAL", "F PRU"]},
         steps=[Step(orders={"ENGLAND": ["F Sweden - Baltic Sea",
                                         "F Denmark Supports F Sweden - Baltic Sea"],
                             "GERMANY": ["A Berlin Hold"],
                             "RUSSIA": ["F Baltic Sea Convoys A Berlin - Livonia",
                                        "F Prussia Supports F Baltic Sea"]},
                     results={"ENGLAND F SWE": "bounce",
                              "ENGLAND F DEN": "ok",
                              "GERMANY A BER": "ok",
                              "RUSSIA F BAL": "void",
                              "RUSSIA F PRU": "ok"},
                     final={"ENGLAND": ["F SWE", "F DEN"], "GERMANY": ["A BER"],
                            "RUSSIA": ["F BAL", "F PRU"]},
                     dislodged={})]),

    # DATC (4.E.1): the impossible move Rumania - Holland is ignored;
    # Rumania holds, receives the support and is not dislodged.
    Case("6.D.28", "Impossible move and support", "S1901M",
         units={"AUSTRIA": ["A BUD"], "RUSSIA": ["F RUM"], "TURKEY": ["F BLA", "A BUL"]},
         steps=[Step(orders={"AUSTRIA": ["A Budapest Supports F Rumania"],
                             "RUSSIA": ["F Rumania - Holland"],
                             "TURKEY": ["F Black Sea - Rumania",
                                        "A Bulgaria Supports F Black Sea - Rumania"]},
                     results={"AUSTRIA A BUD": "ok",
                              "RUSSIA F RUM": "void",
                              "TURKEY F BLA": "bounce",
                              "TURKEY A BUL": "ok"},
                     final={"AUSTRIA": ["A BUD"], "RUSSIA": ["F RUM"],
                            "TURKEY": ["F BLA", "A BUL"]},
                     dislodged={})]),

    # DATC (4.E.1): Rumania - Bulgaria(sc) is illegal (wrong coast) and
    # ignored; Rumania holds, receives the support and is not dislodged.
    Case("6.D.29", "Move to impossible coast and support", "S1901M",
         units={"AUSTRIA": ["A BUD"], "RUSSIA": ["F RUM"], "TURKEY": ["F BLA", "A BUL"]},
         steps=[Step(orders={"AUSTRIA": ["A Budapest Supports F Rumania"],
                             "RUSSIA": ["F Rumania - Bulgaria(sc)"],
                             "TURKEY": ["F Black Sea - Rumania",
                                        "A Bulgaria Supports F Black Sea - Rumania"]},
                     results={"AUSTRIA A BUD": "ok",
                              "RUSSIA F RUM": "void",
                              "TURKEY F BLA": "bounce",
                              "TURKEY A BUL": "ok"},
                     final={"AUSTRIA": ["A BUD"], "RUSSIA": ["F RUM"],
                            "TURKEY": ["F BLA", "A BUL"]},
                     dislodged={})]),

    # DATC (4.E.1): Constantinople - Bulgaria without coast is illegal (both
    # coasts reachable) and ignored; Constantinople holds, receives the
    # support and is not dislodged.
    Case("6.D.30", "Move without coast and support", "S1901M",
         units={"ITALY": ["F AEG"], "RUSSIA": ["F CON"], "TURKEY": ["F BLA", "A BUL"]},
         steps=[Step(orders={"ITALY": ["F Aegean Sea Supports F Constantinople"],
                             "RUSSIA": ["F Constantinople - Bulgaria"],
                             "TURKEY": ["F Black Sea - Constantinople",
                                        "A Bulgaria Supports F Black Sea - Constantinople"]},
                     results={"ITALY F AEG": "ok",
                              "RUSSIA F CON": "void",
                              "TURKEY F BLA": "bounce",
                              "TURKEY A BUL": "ok"},
                     final={"ITALY": ["F AEG"], "RUSSIA": ["F CON"],
                            "TURKEY": ["F BLA", "A BUL"]},
                     dislodged={})]),

    # DATC: the support of the Black Sea is illegal (the only convoy route
    # goes through the Black Sea itself) and is ignored.  The DATC states no
    # result for the army; Rumania - Armenia is a legal order (a convoy via
    # the Black Sea is conceivable) but no convoy is ordered, hence
    # "no convoy", and the army stays.
    Case("6.D.31", "A tricky impossible support", "S1901M",
         units={"AUSTRIA": ["A RUM"], "TURKEY": ["F BLA"]},
         steps=[Step(orders={"AUSTRIA": ["A Rumania - Armenia"],
                             "TURKEY": ["F Black Sea Supports A Rumania - Armenia"]},
                     results={"AUSTRIA A RUM": "no convoy",
                              "TURKEY F BLA": "void"},
                     final={"AUSTRIA": ["A RUM"], "TURKEY": ["F BLA"]})]),

    # DATC: Yorkshire - Holland is impossible in this position (no fleet in
    # the North Sea) and the DATC calls it "illegal" and ignored, so it is
    # "void" rather than "no convoy"; the French hold support succeeds and
    # Yorkshire is not dislodged.
    Case("6.D.32", "A missing fleet", "S1901M",
         units={"ENGLAND": ["F EDI", "A LVP"], "FRANCE": ["F LON"], "GERMANY": ["A YOR"]},
         steps=[Step(orders={"ENGLAND": ["F Edinburgh Supports A Liverpool - Yorkshire",
                                         "A Liverpool - Yorkshire"],
                             "FRANCE": ["F London Supports A Yorkshire"],
                             "GERMANY": ["A Yorkshire - Holland"]},
                     results={"ENGLAND F EDI": "ok",
                              "ENGLAND A LVP": "bounce",
                              "FRANCE F LON": "ok",
                              "GERMANY A YOR": "void"},
                     final={"ENGLAND": ["F EDI", "A LVP"], "FRANCE": ["F LON"],
                            "GERMANY": ["A YOR"]},
                     dislodged={})]),

    # DATC: thanks to the Russian support Serbia advances to Budapest, which
    # lets Turkey capture Serbia.
    Case("6.D.33", "Unwanted support allowed", "S1901M",
         units={"AUSTRIA": ["A SER", "A VIE"], "RUSSIA": ["A GAL"], "TURKEY": ["A BUL"]},
         steps=[Step(orders={"AUSTRIA": ["A Serbia - Budapest",
                                         "A Vienna - Budapest"],
                             "RUSSIA": ["A Galicia Supports A Serbia - Budapest"],
                             "TURKEY": ["A Bulgaria - Serbia"]},
                     results={"AUSTRIA A SER": "ok",
                              "AUSTRIA A VIE": "bounce",
                              "RUSSIA A GAL": "ok",
                              "TURKEY A BUL": "ok"},
                     final={"AUSTRIA": ["A BUD", "A VIE"], "RUSSIA": ["A GAL"],
                            "TURKEY": ["A SER"]})]),

    # DATC: the Italian support targeting its own area is illegal; the German
    # move from Berlin succeeds (dislodging Italy's army in Prussia) and
    # Livonia fails.  The Italian order omits the unit type, as in the DATC
    # (valid per 4.C.1, illegal for another reason).
    Case("6.D.34", "Support targeting own area not allowed", "S1901M",
         units={"GERMANY": ["A BER", "A SIL", "F BAL"], "ITALY": ["A PRU"],
                "RUSSIA": ["A WAR", "A LVN"]},
         steps=[Step(orders={"GERMANY": ["A Berlin - Prussia",
                                         "A Silesia Supports A Berlin - Prussia",
                                         "F Baltic Sea Supports A Berlin - Prussia"],
                             "ITALY": ["A Prussia Supports Livonia - Prussia"],
                             "RUSSIA": ["A Warsaw Supports A Livonia - Prussia",
                                        "A Livonia - Prussia"]},
                     results={"GERMANY A BER": "ok",
                              "GERMANY A SIL": "ok",
                              "GERMANY F BAL": "ok",
                              "ITALY A PRU": "dislodged",
                              "RUSSIA A WAR": "ok",
                              "RUSSIA A LVN": "bounce"},
                     final={"GERMANY": ["A PRU", "A SIL", "F BAL"],
                            "RUSSIA": ["A WAR", "A LVN"]},
                     dislodged={"ITALY": ["A PRU"]})]),

    # ------------------------------------------------------------------
    # 6.E  Head-to-head battles and beleaguered garrison
    # ------------------------------------------------------------------
    # DATC: the fleet in Kiel will move to Berlin (the dislodged Prussian army
    # has no effect on Berlin).
    Case("6.E.1", "Dislodged unit has no effect on attacker's area", "S1901M",
         units={"GERMANY": ["A BER", "F KIE", "A SIL"], "RUSSIA": ["A PRU"]},
         steps=[Step(orders={"GERMANY": ["A Berlin - Prussia",
                                         "F Kiel - Berlin",
                                         "A Silesia Supports A Berlin - Prussia"],
                             "RUSSIA": ["A Prussia - Berlin"]},
                     results={"GERMANY A BER": "ok",
                              "GERMANY F KIE": "ok",
                              "GERMANY A SIL": "ok",
                              "RUSSIA A PRU": "dislodged"},
                     final={"GERMANY": ["A PRU", "F BER", "A SIL"]},
                     dislodged={"RUSSIA": ["A PRU"]})]),

    # DATC: no unit will move.
    Case("6.E.2", "No self dislodgement in head-to-head battle", "S1901M",
         units={"GERMANY": ["A BER", "F KIE", "A MUN"]},
         steps=[Step(orders={"GERMANY": ["A Berlin - Kiel",
                                         "F Kiel - Berlin",
                                         "A Munich Supports A Berlin - Kiel"]},
                     results={"GERMANY A BER": "bounce",
                              "GERMANY F KIE": "bounce",
                              "GERMANY A MUN": "ok"},
                     final={"GERMANY": ["A BER", "F KIE", "A MUN"]},
                     dislodged={})]),

    # DATC: no unit will move.
    Case("6.E.3", "No help in dislodging own unit", "S1901M",
         units={"GERMANY": ["A BER", "A MUN"], "ENGLAND": ["F KIE"]},
         steps=[Step(orders={"GERMANY": ["A Berlin - Kiel",
                                         "A Munich Supports F Kiel - Berlin"],
                             "ENGLAND": ["F Kiel - Berlin"]},
                     results={"GERMANY A BER": "bounce",
                              "GERMANY A MUN": "ok",
                              "ENGLAND F KIE": "bounce"},
                     final={"GERMANY": ["A BER", "A MUN"], "ENGLAND": ["F KIE"]},
                     dislodged={})]),

    # DATC: the French fleet in the North Sea is not dislodged (beleaguered
    # garrison), so the Austrian army in Ruhr does not move to Holland.
    Case("6.E.4", "Non-dislodged loser still has effect", "S1901M",
         units={"GERMANY": ["F HOL", "F HEL", "F SKA"], "FRANCE": ["F NTH", "F BEL"],
                "ENGLAND": ["F EDI", "F YOR", "F NWG"], "AUSTRIA": ["A KIE", "A RUH"]},
         steps=[Step(orders={"GERMANY": ["F Holland - North Sea",
                                         "F Helgoland Bight Supports F Holland - North Sea",
                                         "F Skagerrak Supports F Holland - North Sea"],
                             "FRANCE": ["F North Sea - Holland",
                                        "F Belgium Supports F North Sea - Holland"],
                             "ENGLAND": ["F Edinburgh Supports F Norwegian Sea - North Sea",
                                         "F Yorkshire Supports F Norwegian Sea - North Sea",
                                         "F Norwegian Sea - North Sea"],
                             "AUSTRIA": ["A Kiel Supports A Ruhr - Holland",
                                         "A Ruhr - Holland"]},
                     results={"GERMANY F HOL": "bounce",
                              "GERMANY F HEL": "ok",
                              "GERMANY F SKA": "ok",
                              "FRANCE F NTH": "bounce",
                              "FRANCE F BEL": "ok",
                              "ENGLAND F EDI": "ok",
                              "ENGLAND F YOR": "ok",
                              "ENGLAND F NWG": "bounce",
                              "AUSTRIA A KIE": "ok",
                              "AUSTRIA A RUH": "bounce"},
                     final={"GERMANY": ["F HOL", "F HEL", "F SKA"], "FRANCE": ["F NTH", "F BEL"],
                            "ENGLAND": ["F EDI", "F YOR", "F NWG"], "AUSTRIA": ["A KIE", "A RUH"]},
                     dislodged={})]),

    # DATC: the French fleet in the North Sea is dislodged, but by England,
    # not by Holland, so it still stops Ruhr; the Austrian move fails and
    # Holland is not dislodged.
    Case("6.E.5", "Loser dislodged by another army still has effect", "S1901M",
         units={"GERMANY": ["F HOL", "F HEL", "F SKA"], "FRANCE": ["F NTH", "F BEL"],
                "ENGLAND": ["F EDI", "F YOR", "F NWG", "F LON"], "AUSTRIA": ["A KIE", "A RUH"]},
         steps=[Step(orders={"GERMANY": ["F Holland - North Sea",
                                         "F Helgoland Bight Supports F Holland - North Sea",
                                         "F Skagerrak Supports F Holland - North Sea"],
                             "FRANCE": ["F North Sea - Holland",
                                        "F Belgium Supports F North Sea - Holland"],
                             "ENGLAND": ["F Edinburgh Supports F Norwegian Sea - North Sea",
                                         "F Yorkshire Supports F Norwegian Sea - North Sea",
                                         "F Norwegian Sea - North Sea",
                                         "F London Supports F Norwegian Sea - North Sea"],
                             "AUSTRIA": ["A Kiel Supports A Ruhr - Holland",
                                         "A Ruhr - Holland"]},
                     results={"GERMANY F HOL": "bounce",
                              "GERMANY F HEL": "ok",
                              "GERMANY F SKA": "ok",
                              "FRANCE F NTH": "dislodged",
                              "FRANCE F BEL": "ok",
                              "ENGLAND F EDI": "ok",
                              "ENGLAND F YOR": "ok",
                              "ENGLAND F NWG": "ok",
                              "ENGLAND F LON": "ok",
                              "AUSTRIA A KIE": "ok",
                              "AUSTRIA A RUH": "bounce"},
                     final={"GERMANY": ["F HOL", "F HEL", "F SKA"], "FRANCE": ["F BEL"],
                            "ENGLAND": ["F EDI", "F YOR", "F NTH", "F LON"],
                            "AUSTRIA": ["A KIE", "A RUH"]},
                     dislodged={"FRANCE": ["F NTH"]})]),

    # DATC: the French fleet in the North Sea is not dislodged (one of the
    # supports for Holland is French), so Ruhr does not move to Holland.
    Case("6.E.6", "Not dislodge because of own support still has effect", "S1901M",
         units={"GERMANY": ["F HOL", "F HEL"], "FRANCE": ["F NTH", "F BEL", "F ENG"],
                "AUSTRIA": ["A KIE", "A RUH"]},
         steps=[Step(orders={"GERMANY": ["F Holland - North Sea",
                                         "F Helgoland Bight Supports F Holland - North Sea"],
                             "FRANCE": ["F North Sea - Holland",
                                        "F Belgium Supports F North Sea - Holland",
                                        "F English Channel Supports F Holland - North Sea"],
                             "AUSTRIA": ["A Kiel Supports A Ruhr - Holland",
                                         "A Ruhr - Holland"]},
                     results={"GERMANY F HOL": "bounce",
                              "GERMANY F HEL": "ok",
                              "FRANCE F NTH": "bounce",
                              "FRANCE F BEL": "ok",
                              "FRANCE F ENG": "ok",
                              "AUSTRIA A KIE": "ok",
                              "AUSTRIA A RUH": "bounce"},
                     final={"GERMANY": ["F HOL", "F HEL"], "FRANCE": ["F NTH", "F BEL", "F ENG"],
                            "AUSTRIA": ["A KIE", "A RUH"]},
                     dislodged={})]),

    # DATC: the fleet in the North Sea is not dislodged (it would not be
    # without the English support from Yorkshire); nobody moves.
    Case("6.E.7", "No self dislodgement with beleaguered garrison", "S1901M",
         units={"ENGLAND": ["F NTH", "F YOR"], "GERMANY": ["F HOL", "F HEL"],
                "RUSSIA": ["F SKA", "F NWY"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Hold",
                                         "F Yorkshire Supports F Norway - North Sea"],
                             "GERMANY": ["F Holland Supports F Helgoland Bight - North Sea",
                                         "F Helgoland Bight - North Sea"],
                             "RUSSIA": ["F Skagerrak Supports F Norway - North Sea",
                                        "F Norway - North Sea"]},
                     results={"ENGLAND F NTH": "ok",
                              "ENGLAND F YOR": "ok",
                              "GERMANY F HOL": "ok",
                              "GERMANY F HEL": "bounce",
                              "RUSSIA F SKA": "ok",
                              "RUSSIA F NWY": "bounce"},
                     final={"ENGLAND": ["F NTH", "F YOR"], "GERMANY": ["F HOL", "F HEL"],
                            "RUSSIA": ["F SKA", "F NWY"]},
                     dislodged={})]),

    # DATC: again, none of the fleets move.
    Case("6.E.8", "No self dislodgement with beleaguered garrison and head-to-head battle", "S1901M",
         units={"ENGLAND": ["F NTH", "F YOR"], "GERMANY": ["F HOL", "F HEL"],
                "RUSSIA": ["F SKA", "F NWY"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea - Norway",
                                         "F Yorkshire Supports F Norway - North Sea"],
                             "GERMANY": ["F Holland Supports F Helgoland Bight - North Sea",
                                         "F Helgoland Bight - North Sea"],
                             "RUSSIA": ["F Skagerrak Supports F Norway - North Sea",
                                        "F Norway - North Sea"]},
                     results={"ENGLAND F NTH": "bounce",
                              "ENGLAND F YOR": "ok",
                              "GERMANY F HOL": "ok",
                              "GERMANY F HEL": "bounce",
                              "RUSSIA F SKA": "ok",
                              "RUSSIA F NWY": "bounce"},
                     final={"ENGLAND": ["F NTH", "F YOR"], "GERMANY": ["F HOL", "F HEL"],
                            "RUSSIA": ["F SKA", "F NWY"]},
                     dislodged={})]),

    # DATC: both the fleet in the North Sea and the fleet in Norway move.
    Case("6.E.9", "Almost self dislodgement with beleaguered garrison", "S1901M",
         units={"ENGLAND": ["F NTH", "F YOR"], "GERMANY": ["F HOL", "F HEL"],
                "RUSSIA": ["F SKA", "F NWY"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea - Norwegian Sea",
                                         "F Yorkshire Supports F Norway - North Sea"],
                             "GERMANY": ["F Holland Supports F Helgoland Bight - North Sea",
                                         "F Helgoland Bight - North Sea"],
                             "RUSSIA": ["F Skagerrak Supports F Norway - North Sea",
                                        "F Norway - North Sea"]},
                     results={"ENGLAND F NTH": "ok",
                              "ENGLAND F YOR": "ok",
                              "GERMANY F HOL": "ok",
                              "GERMANY F HEL": "bounce",
                              "RUSSIA F SKA": "ok",
                              "RUSSIA F NWY": "ok"},
                     final={"ENGLAND": ["F NWG", "F YOR"], "GERMANY": ["F HOL", "F HEL"],
                            "RUSSIA": ["F SKA", "F NTH"]},
                     dislodged={})]),

    # DATC: there is no movement of fleets.
    Case("6.E.10", "Almost circular movement with no self dislodgement with beleaguered garrison",
         "S1901M",
         units={"ENGLAND": ["F NTH", "F YOR"], "GERMANY": ["F HOL", "F HEL", "F DEN"],
                "RUSSIA": ["F SKA", "F NWY"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea - Denmark",
                                         "F Yorkshire Supports F Norway - North Sea"],
                             "GERMANY": ["F Holland Supports F Helgoland Bight - North Sea",
                                         "F Helgoland Bight - North Sea",
                                         "F Denmark - Helgoland Bight"],
                             "RUSSIA": ["F Skagerrak Supports F Norway - North Sea",
                                        "F Norway - North Sea"]},
                     results={"ENGLAND F NTH": "bounce",
                              "ENGLAND F YOR": "ok",
                              "GERMANY F HOL": "ok",
                              "GERMANY F HEL": "bounce",
                              "GERMANY F DEN": "bounce",
                              "RUSSIA F SKA": "ok",
                              "RUSSIA F NWY": "bounce"},
                     final={"ENGLAND": ["F NTH", "F YOR"], "GERMANY": ["F HOL", "F HEL", "F DEN"],
                            "RUSSIA": ["F SKA", "F NWY"]},
                     dislodged={})]),

    # DATC: the unit swap succeeds (the French army goes to Portugal by
    # convoy, the Italian fleet to Spain(nc)), so there is no beleaguered
    # garrison anymore; Gascony fails.
    Case("6.E.11", "No self dislodgement with beleaguered garrison, unit swap with adjacent "
         "convoying and two coasts", "S1901M",
         units={"FRANCE": ["A SPA", "F MAO", "F LYO"], "GERMANY": ["A MAR", "A GAS"],
                "ITALY": ["F POR", "F WES"]},
         steps=[Step(orders={"FRANCE": ["A Spain - Portugal via convoy",
                                        "F Mid-Atlantic Ocean Convoys A Spain - Portugal",
                                        "F Gulf of Lyon Supports F Portugal - Spain(nc)"],
                             "GERMANY": ["A Marseilles Supports A Gascony - Spain",
                                         "A Gascony - Spain"],
                             "ITALY": ["F Portugal - Spain(nc)",
                                       "F Western Mediterranean Supports F Portugal - Spain(nc)"]},
                     results={"FRANCE A SPA": "ok",
                              "FRANCE F MAO": "ok",
                              "FRANCE F LYO": "ok",
                              "GERMANY A MAR": "ok",
                              "GERMANY A GAS": "bounce",
                              "ITALY F POR": "ok",
                              "ITALY F WES": "ok"},
                     final={"FRANCE": ["A POR", "F MAO", "F LYO"], "GERMANY": ["A MAR", "A GAS"],
                            "ITALY": ["F SPA/NC", "F WES"]},
                     dislodged={})]),

    # DATC: the support of Serbia on the Italian army stops the Russian army
    # from Galicia; no army will move.
    Case("6.E.12", "Support on attack on own unit can be used for other means", "S1901M",
         units={"AUSTRIA": ["A BUD", "A SER"], "ITALY": ["A VIE"], "RUSSIA": ["A GAL", "A RUM"]},
         steps=[Step(orders={"AUSTRIA": ["A Budapest - Rumania",
                                         "A Serbia Supports A Vienna - Budapest"],
                             "ITALY": ["A Vienna - Budapest"],
                             "RUSSIA": ["A Galicia - Budapest",
                                        "A Rumania Supports A Galicia - Budapest"]},
                     results={"AUSTRIA A BUD": "bounce",
                              "AUSTRIA A SER": "ok",
                              "ITALY A VIE": "bounce",
                              "RUSSIA A GAL": "bounce",
                              "RUSSIA A RUM": "ok"},
                     final={"AUSTRIA": ["A BUD", "A SER"], "ITALY": ["A VIE"],
                            "RUSSIA": ["A GAL", "A RUM"]},
                     dislodged={})]),

    # DATC: none of the fleets move; the German fleet in the North Sea is not
    # dislodged.
    Case("6.E.13", "Three way beleaguered garrison", "S1901M",
         units={"ENGLAND": ["F EDI", "F YOR"], "FRANCE": ["F BEL", "F ENG"],
                "GERMANY": ["F NTH"], "RUSSIA": ["F NWG", "F NWY"]},
         steps=[Step(orders={"ENGLAND": ["F Edinburgh Supports F Yorkshire - North Sea",
                                         "F Yorkshire - North Sea"],
                             "FRANCE": ["F Belgium - North Sea",
                                        "F English Channel Supports F Belgium - North Sea"],
                             "GERMANY": ["F North Sea Hold"],
                             "RUSSIA": ["F Norwegian Sea - North Sea",
                                        "F Norway Supports F Norwegian Sea - North Sea"]},
                     results={"ENGLAND F EDI": "ok",
                              "ENGLAND F YOR": "bounce",
                              "FRANCE F BEL": "bounce",
                              "FRANCE F ENG": "ok",
                              "GERMANY F NTH": "ok",
                              "RUSSIA F NWG": "bounce",
                              "RUSSIA F NWY": "ok"},
                     final={"ENGLAND": ["F EDI", "F YOR"], "FRANCE": ["F BEL", "F ENG"],
                            "GERMANY": ["F NTH"], "RUSSIA": ["F NWG", "F NWY"]},
                     dislodged={})]),

    # DATC: the Russian move is illegal ("void": the fleet holds) but still
    # keeps the English army out of Edinburgh; none of the units move.
    Case("6.E.14", "Illegal head-to-head battle can still defend", "S1901M",
         units={"ENGLAND": ["A LVP"], "RUSSIA": ["F EDI"]},
         steps=[Step(orders={"ENGLAND": ["A Liverpool - Edinburgh"],
                             "RUSSIA": ["F Edinburgh - Liverpool"]},
                     results={"ENGLAND A LVP": "bounce",
                              "RUSSIA F EDI": "void"},
                     final={"ENGLAND": ["A LVP"], "RUSSIA": ["F EDI"]},
                     dislodged={})]),

    # DATC: none of the moves succeeds (and no support is cut).
    Case("6.E.15", "The friendly head-to-head battle", "S1901M",
         units={"ENGLAND": ["F HOL", "A RUH"], "FRANCE": ["A KIE", "A MUN", "A SIL"],
                "GERMANY": ["A BER", "F DEN", "F HEL"], "RUSSIA": ["F BAL", "A PRU"]},
         steps=[Step(orders={"ENGLAND": ["F Holland Supports A Ruhr - Kiel",
                                         "A Ruhr - Kiel"],
                             "FRANCE": ["A Kiel - Berlin",
                                        "A Munich Supports A Kiel - Berlin",
                                        "A Silesia Supports A Kiel - Berlin"],
                             "GERMANY": ["A Berlin - Kiel",
                                         "F Denmark Supports A Berlin - Kiel",
                                         "F Helgoland Bight Supports A Berlin - Kiel"],
                             "RUSSIA": ["F Baltic Sea Supports A Prussia - Berlin",
                                        "A Prussia - Berlin"]},
                     results={"ENGLAND F HOL": "ok",
                              "ENGLAND A RUH": "bounce",
                              "FRANCE A KIE": "bounce",
                              "FRANCE A MUN": "ok",
                              "FRANCE A SIL": "ok",
                              "GERMANY A BER": "bounce",
                              "GERMANY F DEN": "ok",
                              "GERMANY F HEL": "ok",
                              "RUSSIA F BAL": "ok",
                              "RUSSIA A PRU": "bounce"},
                     final={"ENGLAND": ["F HOL", "A RUH"], "FRANCE": ["A KIE", "A MUN", "A SIL"],
                            "GERMANY": ["A BER", "F DEN", "F HEL"], "RUSSIA": ["F BAL", "A PRU"]},
                     dislodged={})]),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_datc(case: Case) -> None:
    run_case(case)
