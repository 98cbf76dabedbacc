"""DATC v3.0, section 6.D: supports and dislodges, cases 18 to 34.

The DATC's preferred choices and the result vocabulary used here are in
tests/datc/harness.py ("Choices and vocabulary, 6.A-6.E").
"""

from __future__ import annotations

import pytest

from tests.datc.harness import Case, Step, run_case

CASES = [
    # ------------------------------------------------------------------
    # 6.D  Supports and dislodges (continued from test_datc_6d_1_17.py)
    # ------------------------------------------------------------------
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
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_datc(case: Case) -> None:
    run_case(case)
