"""DATC v3.0, section 6.D: supports and dislodges, cases 1 to 17.

The DATC's preferred choices and the result vocabulary used here are in
tests/datc/harness.py ("Choices and vocabulary, 6.A-6.E").
"""

from __future__ import annotations

import pytest

from tests.datc.harness import Case, Step, run_case

CASES = [
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
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_datc(case: Case) -> None:
    run_case(case)
