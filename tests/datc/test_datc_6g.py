"""DATC v3.0, section 6.G: convoying to adjacent provinces.

The DATC's preferred choices and the result vocabulary used here are in
tests/datc/harness.py ("Choices and vocabulary, 6.F-6.J").
"""

from __future__ import annotations

import pytest

from tests.datc.harness import Case, Step, run_case

CASES = [
    # ------------------------------------------------------------------
    # 6.G  Convoying to adjacent provinces
    # ------------------------------------------------------------------
    # DATC (rulebooks, preferred): the own fleet shows intent; the swap
    # happens.
    Case("6.G.1", "Two units can swap provinces by convoy", "S1901M",
         units={"ENGLAND": ["A NWY", "F SKA"], "RUSSIA": ["A SWE"]},
         steps=[Step(orders={"ENGLAND": ["A Norway - Sweden",
                                         "F Skagerrak Convoys A Norway - Sweden"],
                             "RUSSIA": ["A Sweden - Norway"]},
                     results={"ENGLAND A NWY": "ok",
                              "ENGLAND F SKA": "ok",
                              "RUSSIA A SWE": "ok"},
                     final={"ENGLAND": ["A SWE", "F SKA"], "RUSSIA": ["A NWY"]})]),

    # DATC (preferred): kidnapping is prevented and the units fail to move.
    # The army takes the land route, so the German convoy does not match what
    # the army does: void.
    Case("6.G.2", "Kidnapping an army", "S1901M",
         units={"ENGLAND": ["A NWY"], "RUSSIA": ["F SWE"], "GERMANY": ["F SKA"]},
         steps=[Step(orders={"ENGLAND": ["A Norway - Sweden"],
                             "RUSSIA": ["F Sweden - Norway"],
                             "GERMANY": ["F Skagerrak Convoys A Norway - Sweden"]},
                     results={"ENGLAND A NWY": "bounce",
                              "RUSSIA F SWE": "bounce",
                              "GERMANY F SKA": "void"},
                     final={"ENGLAND": ["A NWY"], "RUSSIA": ["F SWE"], "GERMANY": ["F SKA"]})]),

    # DATC (preferred): the army in Picardy moves over land to Belgium.  The
    # English Channel is dislodged (whatever its order).
    Case("6.G.3", "An unwanted disrupted convoy to adjacent province", "S1901M",
         units={"FRANCE": ["F BRE", "A PIC", "A BUR", "F MAO"], "ENGLAND": ["F ENG"]},
         steps=[Step(orders={"FRANCE": ["F Brest - English Channel",
                                        "A Picardy - Belgium",
                                        "A Burgundy Supports A Picardy - Belgium",
                                        "F Mid-Atlantic Ocean Supports F Brest - English Channel"],
                             "ENGLAND": ["F English Channel Convoys A Picardy - Belgium"]},
                     results={"FRANCE F BRE": "ok",
                              "FRANCE A PIC": "ok",
                              "FRANCE A BUR": "ok",
                              "FRANCE F MAO": "ok",
                              "ENGLAND F ENG": "dislodged"},
                     final={"FRANCE": ["F ENG", "A BEL", "A BUR", "F MAO"]},
                     dislodged={"ENGLAND": ["F ENG"]})]),

    # DATC (preferred): kidnapping is prevented and the French army moves
    # successfully (over land; it wins the head-to-head battle and dislodges
    # the English army in Belgium).
    Case("6.G.4", "An unwanted disrupted convoy to adjacent province and opposite move", "S1901M",
         units={"FRANCE": ["F BRE", "A PIC", "A BUR", "F MAO"], "ENGLAND": ["F ENG", "A BEL"]},
         steps=[Step(orders={"FRANCE": ["F Brest - English Channel",
                                        "A Picardy - Belgium",
                                        "A Burgundy Supports A Picardy - Belgium",
                                        "F Mid-Atlantic Ocean Supports F Brest - English Channel"],
                             "ENGLAND": ["F English Channel Convoys A Picardy - Belgium",
                                         "A Belgium - Picardy"]},
                     results={"FRANCE F BRE": "ok",
                              "FRANCE A PIC": "ok",
                              "FRANCE A BUR": "ok",
                              "FRANCE F MAO": "ok",
                              "ENGLAND F ENG": "dislodged",
                              "ENGLAND A BEL": "dislodged"},
                     final={"FRANCE": ["F ENG", "A BEL", "A BUR", "F MAO"]},
                     dislodged={"ENGLAND": ["F ENG", "A BEL"]})]),

    # DATC (preferred): one own fleet (the Turkish Ionian Sea) shows the
    # intent to convoy; the swap happens.
    Case("6.G.5", "Swapping with multiple fleets with one own fleet", "S1901M",
         units={"ITALY": ["A ROM", "F TYS"], "TURKEY": ["A APU", "F ION"]},
         steps=[Step(orders={"ITALY": ["A Rome - Apulia",
                                       "F Tyrrhenian Sea Convoys A Apulia - Rome"],
                             "TURKEY": ["A Apulia - Rome",
                                        "F Ionian Sea Convoys A Apulia - Rome"]},
                     results={"ITALY A ROM": "ok",
                              "ITALY F TYS": "ok",
                              "TURKEY A APU": "ok",
                              "TURKEY F ION": "ok"},
                     final={"ITALY": ["A APU", "F TYS"], "TURKEY": ["A ROM", "F ION"]})]),

    # DATC (preferred): England still intends to convoy and the armies swap
    # (via the Russian fleets).  The English Channel is not on the route used
    # (its route via the Irish Sea and North Sea was never complete): its
    # result is not checked.
    Case("6.G.6", "Swapping with unintended intent", "S1901M",
         units={"ENGLAND": ["A LVP", "F ENG"], "GERMANY": ["A EDI"],
                "FRANCE": ["F IRI", "F NTH"], "RUSSIA": ["F NWG", "F NAO"]},
         steps=[Step(orders={"ENGLAND": ["A Liverpool - Edinburgh",
                                         "F English Channel Convoys A Liverpool - Edinburgh"],
                             "GERMANY": ["A Edinburgh - Liverpool"],
                             "FRANCE": ["F Irish Sea Hold",
                                        "F North Sea Hold"],
                             "RUSSIA": ["F Norwegian Sea Convoys A Liverpool - Edinburgh",
                                        "F North Atlantic Ocean Convoys A Liverpool - Edinburgh"]},
                     results={"ENGLAND A LVP": "ok",
                              "GERMANY A EDI": "ok",
                              "FRANCE F IRI": "ok",
                              "FRANCE F NTH": "ok",
                              "RUSSIA F NWG": "ok",
                              "RUSSIA F NAO": "ok"},
                     final={"ENGLAND": ["A EDI", "F ENG"], "GERMANY": ["A LVP"],
                            "FRANCE": ["F IRI", "F NTH"], "RUSSIA": ["F NWG", "F NAO"]})]),

    # DATC (2023, preferred): the Gulf of Bothnia cannot convoy to Norway, so
    # its order is illegal and ignored; there is no intent to convoy and the
    # units in Norway and Sweden fail to move.  The English (foreign) convoy
    # does not match what the army does (land route): void.
    Case("6.G.7", "Swapping with illegal intent", "S1901M",
         units={"ENGLAND": ["F SKA", "F NWY"], "RUSSIA": ["A SWE", "F BOT"]},
         steps=[Step(orders={"ENGLAND": ["F Skagerrak Convoys A Sweden - Norway",
                                         "F Norway - Sweden"],
                             "RUSSIA": ["A Sweden - Norway",
                                        "F Gulf of Bothnia Convoys A Sweden - Norway"]},
                     results={"ENGLAND F SKA": "void",
                              "ENGLAND F NWY": "bounce",
                              "RUSSIA A SWE": "bounce",
                              "RUSSIA F BOT": "void"},
                     final={"ENGLAND": ["F SKA", "F NWY"], "RUSSIA": ["A SWE", "F BOT"]})]),

    # DATC (preferred: no fallback to the land route): the army in Belgium,
    # ordered via convoy with no convoy ordered, does not move: "no convoy".
    Case("6.G.8", "Explicit convoy that isn't there", "S1901M",
         units={"FRANCE": ["A BEL"], "ENGLAND": ["F NTH", "A HOL"]},
         steps=[Step(orders={"FRANCE": ["A Belgium - Holland via convoy"],
                             "ENGLAND": ["F North Sea - Helgoland Bight",
                                         "A Holland - Kiel"]},
                     results={"FRANCE A BEL": "no convoy",
                              "ENGLAND F NTH": "ok",
                              "ENGLAND A HOL": "ok"},
                     final={"FRANCE": ["A BEL"], "ENGLAND": ["F HEL", "A KIE"]})]),

    # DATC (rulebooks, preferred): the move of Norway is via convoy and the
    # armies swap (the Russian army is not dislodged).
    Case("6.G.9", "Swapped or dislodged?", "S1901M",
         units={"ENGLAND": ["A NWY", "F SKA", "F FIN"], "RUSSIA": ["A SWE"]},
         steps=[Step(orders={"ENGLAND": ["A Norway - Sweden",
                                         "F Skagerrak Convoys A Norway - Sweden",
                                         "F Finland Supports A Norway - Sweden"],
                             "RUSSIA": ["A Sweden - Norway"]},
                     results={"ENGLAND A NWY": "ok",
                              "ENGLAND F SKA": "ok",
                              "ENGLAND F FIN": "ok",
                              "RUSSIA A SWE": "ok"},
                     final={"ENGLAND": ["A SWE", "F SKA", "F FIN"], "RUSSIA": ["A NWY"]},
                     dislodged={})]),

    # DATC (4.A.7 b, preferred): Norway dislodges the Russian army in Sweden;
    # Sweden does not advance to Norway and, since there is no head-to-head
    # battle, still bounces the French fleet from the Norwegian Sea.
    Case("6.G.10", "Swapped or an head-to-head battle?", "S1901M",
         units={"ENGLAND": ["A NWY", "F DEN", "F FIN"], "GERMANY": ["F SKA"],
                "RUSSIA": ["A SWE", "F BAR"], "FRANCE": ["F NWG", "F NTH"]},
         steps=[Step(orders={"ENGLAND": ["A Norway - Sweden via convoy",
                                         "F Denmark Supports A Norway - Sweden",
                                         "F Finland Supports A Norway - Sweden"],
                             "GERMANY": ["F Skagerrak Convoys A Norway - Sweden"],
                             "RUSSIA": ["A Sweden - Norway",
                                        "F Barents Sea Supports A Sweden - Norway"],
                             "FRANCE": ["F Norwegian Sea - Norway",
                                        "F North Sea Supports F Norwegian Sea - Norway"]},
                     results={"ENGLAND A NWY": "ok",
                              "ENGLAND F DEN": "ok",
                              "ENGLAND F FIN": "ok",
                              "GERMANY F SKA": "ok",
                              "RUSSIA A SWE": "dislodged",
                              "RUSSIA F BAR": "ok",
                              "FRANCE F NWG": "bounce",
                              "FRANCE F NTH": "ok"},
                     final={"ENGLAND": ["A SWE", "F DEN", "F FIN"], "GERMANY": ["F SKA"],
                            "RUSSIA": ["F BAR"], "FRANCE": ["F NWG", "F NTH"]},
                     dislodged={"RUSSIA": ["A SWE"]})]),

    # DATC (no fallback, preferred): the simplest convoy paradox; the North
    # Sea dislodges the Russian fleet in Skagerrak and Sweden does not advance.
    Case("6.G.11", "A convoy to an adjacent province with a paradox", "S1901M",
         units={"ENGLAND": ["F NWY", "F NTH"], "RUSSIA": ["A SWE", "F SKA", "F BAR"]},
         steps=[Step(orders={"ENGLAND": ["F Norway Supports F North Sea - Skagerrak",
                                         "F North Sea - Skagerrak"],
                             "RUSSIA": ["A Sweden - Norway",
                                        "F Skagerrak Convoys A Sweden - Norway",
                                        "F Barents Sea Supports A Sweden - Norway"]},
                     results={"ENGLAND F NWY": "ok",
                              "ENGLAND F NTH": "ok",
                              "RUSSIA A SWE": "disrupted",
                              "RUSSIA F SKA": "dislodged",
                              "RUSSIA F BAR": "ok"},
                     final={"ENGLAND": ["F NWY", "F SKA"], "RUSSIA": ["A SWE", "F BAR"]},
                     dislodged={"RUSSIA": ["F SKA"]})]),

    # DATC: the armies in Liverpool and Edinburgh are swapped.
    Case("6.G.12", "Swapping two units with two convoys", "S1901M",
         units={"ENGLAND": ["A LVP", "F NAO", "F NWG"],
                "GERMANY": ["A EDI", "F NTH", "F ENG", "F IRI"]},
         steps=[Step(orders={"ENGLAND": ["A Liverpool - Edinburgh via convoy",
                                         "F North Atlantic Ocean Convoys A Liverpool - Edinburgh",
                                         "F Norwegian Sea Convoys A Liverpool - Edinburgh"],
                             "GERMANY": ["A Edinburgh - Liverpool via convoy",
                                         "F North Sea Convoys A Edinburgh - Liverpool",
                                         "F English Channel Convoys A Edinburgh - Liverpool",
                                         "F Irish Sea Convoys A Edinburgh - Liverpool"]},
                     results={"ENGLAND A LVP": "ok",
                              "ENGLAND F NAO": "ok",
                              "ENGLAND F NWG": "ok",
                              "GERMANY A EDI": "ok",
                              "GERMANY F NTH": "ok",
                              "GERMANY F ENG": "ok",
                              "GERMANY F IRI": "ok"},
                     final={"ENGLAND": ["A EDI", "F NAO", "F NWG"],
                            "GERMANY": ["A LVP", "F NTH", "F ENG", "F IRI"]})]),

    # DATC (4.A.4 a, preferred): the support in Venice is not cut and the army
    # in Trieste is dislodged by the fleet from Albania.
    Case("6.G.13", "Support cut on attack on itself via convoy", "S1901M",
         units={"AUSTRIA": ["F ADR", "A TRI"], "ITALY": ["A VEN", "F ALB"]},
         steps=[Step(orders={"AUSTRIA": ["F Adriatic Sea Convoys A Trieste - Venice",
                                         "A Trieste - Venice via convoy"],
                             "ITALY": ["A Venice Supports F Albania - Trieste",
                                       "F Albania - Trieste"]},
                     results={"AUSTRIA F ADR": "ok",
                              "AUSTRIA A TRI": "dislodged",
                              "ITALY A VEN": "ok",
                              "ITALY F ALB": "ok"},
                     final={"AUSTRIA": ["F ADR"], "ITALY": ["A VEN", "F TRI"]},
                     dislodged={"AUSTRIA": ["A TRI"]})]),

    # DATC (4.A.7 b, preferred): Sweden is bounced by the Norwegian Sea,
    # Norway moves to Sweden and dislodges the Russian army, and the fleet in
    # the Norwegian Sea bounces and stays.
    Case("6.G.14", "Bounce by convoy to adjacent province", "S1901M",
         units={"ENGLAND": ["A NWY", "F DEN", "F FIN"], "FRANCE": ["F NWG", "F NTH"],
                "GERMANY": ["F SKA"], "RUSSIA": ["A SWE", "F BAR"]},
         steps=[Step(orders={"ENGLAND": ["A Norway - Sweden",
                                         "F Denmark Supports A Norway - Sweden",
                                         "F Finland Supports A Norway - Sweden"],
                             "FRANCE": ["F Norwegian Sea - Norway",
                                        "F North Sea Supports F Norwegian Sea - Norway"],
                             "GERMANY": ["F Skagerrak Convoys A Sweden - Norway"],
                             "RUSSIA": ["A Sweden - Norway via convoy",
                                        "F Barents Sea Supports A Sweden - Norway"]},
                     results={"ENGLAND A NWY": "ok",
                              "ENGLAND F DEN": "ok",
                              "ENGLAND F FIN": "ok",
                              "FRANCE F NWG": "bounce",
                              "FRANCE F NTH": "ok",
                              "GERMANY F SKA": "ok",
                              "RUSSIA A SWE": "dislodged",
                              "RUSSIA F BAR": "ok"},
                     final={"ENGLAND": ["A SWE", "F DEN", "F FIN"], "FRANCE": ["F NWG", "F NTH"],
                            "GERMANY": ["F SKA"], "RUSSIA": ["F BAR"]},
                     dislodged={"RUSSIA": ["A SWE"]})]),

    # DATC (4.A.7 b, preferred): Belgium is bounced by Yorkshire, London moves
    # to Belgium dislodging the French army, and Yorkshire bounces and stays.
    Case("6.G.15", "Bounce and dislodge with double convoy", "S1901M",
         units={"ENGLAND": ["F NTH", "A HOL", "A YOR", "A LON"], "FRANCE": ["F ENG", "A BEL"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Convoys A London - Belgium",
                                         "A Holland Supports A London - Belgium",
                                         "A Yorkshire - London",
                                         "A London - Belgium via convoy"],
                             "FRANCE": ["F English Channel Convoys A Belgium - London",
                                        "A Belgium - London via convoy"]},
                     results={"ENGLAND F NTH": "ok",
                              "ENGLAND A HOL": "ok",
                              "ENGLAND A YOR": "bounce",
                              "ENGLAND A LON": "ok",
                              "FRANCE F ENG": "ok",
                              "FRANCE A BEL": "dislodged"},
                     final={"ENGLAND": ["F NTH", "A HOL", "A YOR", "A BEL"], "FRANCE": ["F ENG"]},
                     dislodged={"FRANCE": ["A BEL"]})]),

    # DATC: Norway moves to Sweden, the army in Sweden ends in Norway (stronger
    # than the North Sea), and the fleet in the North Sea stays.
    Case("6.G.16", "The two unit in one area bug, moving by convoy", "S1901M",
         units={"ENGLAND": ["A NWY", "A DEN", "F BAL", "F NTH"],
                "RUSSIA": ["A SWE", "F SKA", "F NWG"]},
         steps=[Step(orders={"ENGLAND": ["A Norway - Sweden",
                                         "A Denmark Supports A Norway - Sweden",
                                         "F Baltic Sea Supports A Norway - Sweden",
                                         "F North Sea - Norway"],
                             "RUSSIA": ["A Sweden - Norway via convoy",
                                        "F Skagerrak Convoys A Sweden - Norway",
                                        "F Norwegian Sea Supports A Sweden - Norway"]},
                     results={"ENGLAND A NWY": "ok",
                              "ENGLAND A DEN": "ok",
                              "ENGLAND F BAL": "ok",
                              "ENGLAND F NTH": "bounce",
                              "RUSSIA A SWE": "ok",
                              "RUSSIA F SKA": "ok",
                              "RUSSIA F NWG": "ok"},
                     final={"ENGLAND": ["A SWE", "A DEN", "F BAL", "F NTH"],
                            "RUSSIA": ["A NWY", "F SKA", "F NWG"]},
                     dislodged={})]),

    # DATC: Sweden and Norway are swapped, the fleet in the North Sea bounces.
    Case("6.G.17", "The two unit in one area bug, moving over land", "S1901M",
         units={"ENGLAND": ["A NWY", "A DEN", "F BAL", "F SKA", "F NTH"],
                "RUSSIA": ["A SWE", "F NWG"]},
         steps=[Step(orders={"ENGLAND": ["A Norway - Sweden via convoy",
                                         "A Denmark Supports A Norway - Sweden",
                                         "F Baltic Sea Supports A Norway - Sweden",
                                         "F Skagerrak Convoys A Norway - Sweden",
                                         "F North Sea - Norway"],
                             "RUSSIA": ["A Sweden - Norway",
                                        "F Norwegian Sea Supports A Sweden - Norway"]},
                     results={"ENGLAND A NWY": "ok",
                              "ENGLAND A DEN": "ok",
                              "ENGLAND F BAL": "ok",
                              "ENGLAND F SKA": "ok",
                              "ENGLAND F NTH": "bounce",
                              "RUSSIA A SWE": "ok",
                              "RUSSIA F NWG": "ok"},
                     final={"ENGLAND": ["A SWE", "A DEN", "F BAL", "F SKA", "F NTH"],
                            "RUSSIA": ["A NWY", "F NWG"]},
                     dislodged={})]),

    # DATC: Belgium and London are swapped (each by its own fleet's convoy),
    # Yorkshire fails to move to London.
    Case("6.G.18", "The two unit in one area bug, with double convoy", "S1901M",
         units={"ENGLAND": ["F NTH", "A HOL", "A YOR", "A LON", "A RUH"],
                "FRANCE": ["F ENG", "A BEL", "A WAL"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Convoys A London - Belgium",
                                         "A Holland Supports A London - Belgium",
                                         "A Yorkshire - London",
                                         "A London - Belgium",
                                         "A Ruhr Supports A London - Belgium"],
                             "FRANCE": ["F English Channel Convoys A Belgium - London",
                                        "A Belgium - London",
                                        "A Wales Supports A Belgium - London"]},
                     results={"ENGLAND F NTH": "ok",
                              "ENGLAND A HOL": "ok",
                              "ENGLAND A YOR": "bounce",
                              "ENGLAND A LON": "ok",
                              "ENGLAND A RUH": "ok",
                              "FRANCE F ENG": "ok",
                              "FRANCE A BEL": "ok",
                              "FRANCE A WAL": "ok"},
                     final={"ENGLAND": ["F NTH", "A HOL", "A YOR", "A BEL", "A RUH"],
                            "FRANCE": ["F ENG", "A LON", "A WAL"]},
                     dislodged={})]),

    # DATC (2023, preferred): the Western Mediterranean is necessary for no
    # convoy route, so its order is illegal and ignored; the Gulf of Lyon is
    # foreign and cannot express intent; no convoy, and Marseilles and Spain
    # fail to move.  The foreign convoy does not match the land move: void.
    Case("6.G.19", "Swapping with intent of unnecessary convoy", "S1901M",
         units={"FRANCE": ["A MAR", "F WES"], "ITALY": ["F LYO", "A SPA"]},
         steps=[Step(orders={"FRANCE": ["A Marseilles - Spain",
                                        "F Western Mediterranean Convoys A Marseilles - Spain"],
                             "ITALY": ["F Gulf of Lyon Convoys A Marseilles - Spain",
                                       "A Spain - Marseilles"]},
                     results={"FRANCE A MAR": "bounce",
                              "FRANCE F WES": "void",
                              "ITALY F LYO": "void",
                              "ITALY A SPA": "bounce"},
                     final={"FRANCE": ["A MAR", "F WES"], "ITALY": ["F LYO", "A SPA"]})]),

    # DATC (no fallback, preferred): the convoy is disrupted and the move of
    # Picardy fails.
    Case("6.G.20", "Explicit convoy to adjacent province disrupted", "S1901M",
         units={"FRANCE": ["F BRE", "A PIC", "A BUR", "F MAO"], "ENGLAND": ["F ENG"]},
         steps=[Step(orders={"FRANCE": ["F Brest - English Channel",
                                        "A Picardy - Belgium via Convoy",
                                        "A Burgundy Supports A Picardy - Belgium",
                                        "F Mid-Atlantic Ocean Supports F Brest - English Channel"],
                             "ENGLAND": ["F English Channel Convoys A Picardy - Belgium"]},
                     results={"FRANCE F BRE": "ok",
                              "FRANCE A PIC": "disrupted",
                              "FRANCE A BUR": "ok",
                              "FRANCE F MAO": "ok",
                              "ENGLAND F ENG": "dislodged"},
                     final={"FRANCE": ["F ENG", "A PIC", "A BUR", "F MAO"]},
                     dislodged={"ENGLAND": ["F ENG"]})]),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_datc(case: Case) -> None:
    run_case(case)
