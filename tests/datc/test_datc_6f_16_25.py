"""DATC v3.0, section 6.F: convoys, cases 16 to 25.

The DATC's preferred choices and the result vocabulary used here are in
tests/datc/harness.py ("Choices and vocabulary, 6.F-6.J").
"""

from __future__ import annotations

import pytest

from tests.datc.harness import Case, Step, run_case

CASES = [
    # ------------------------------------------------------------------
    # 6.F  Convoys (continued from test_datc_6f_1_15.py)
    # ------------------------------------------------------------------
    # DATC: the support of London is not cut; the Channel is not dislodged and
    # none of the units succeed to move.  (Szykman: the Channel holds, so the
    # army's convoy is disrupted and the fleet itself is "disrupted".)
    Case("6.F.16", "Pandin's paradox", "S1901M",
         units={"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"],
                "GERMANY": ["F NTH", "F BEL"]},
         steps=[Step(orders={"ENGLAND": ["F London Supports F Wales - English Channel",
                                         "F Wales - English Channel"],
                             "FRANCE": ["A Brest - London",
                                        "F English Channel Convoys A Brest - London"],
                             "GERMANY": ["F North Sea Supports F Belgium - English Channel",
                                         "F Belgium - English Channel"]},
                     results={"ENGLAND F LON": "ok",
                              "ENGLAND F WAL": "bounce",
                              "FRANCE A BRE": "disrupted",
                              "FRANCE F ENG": "disrupted",
                              "GERMANY F NTH": "ok",
                              "GERMANY F BEL": "bounce"},
                     final={"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"],
                            "GERMANY": ["F NTH", "F BEL"]},
                     dislodged={})]),

    # DATC (Szykman, preferred): the convoy fails and neither London nor the
    # English Channel is dislodged; nothing moves.
    Case("6.F.17", "Pandin's extended paradox", "S1901M",
         units={"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG", "F YOR"],
                "GERMANY": ["F NTH", "F BEL"]},
         steps=[Step(orders={"ENGLAND": ["F London Supports F Wales - English Channel",
                                         "F Wales - English Channel"],
                             "FRANCE": ["A Brest - London",
                                        "F English Channel Convoys A Brest - London",
                                        "F Yorkshire Supports A Brest - London"],
                             "GERMANY": ["F North Sea Supports F Belgium - English Channel",
                                         "F Belgium - English Channel"]},
                     results={"ENGLAND F LON": "ok",
                              "ENGLAND F WAL": "bounce",
                              "FRANCE A BRE": "disrupted",
                              "FRANCE F ENG": "disrupted",
                              "FRANCE F YOR": "ok",
                              "GERMANY F NTH": "ok",
                              "GERMANY F BEL": "bounce"},
                     final={"ENGLAND": ["F LON", "F WAL"],
                            "FRANCE": ["A BRE", "F ENG", "F YOR"],
                            "GERMANY": ["F NTH", "F BEL"]},
                     dislodged={})]),

    # DATC (Szykman, preferred): the convoy fails (the DATC writes "the convoy
    # in the English Channel", but the convoying fleet is the one in the North
    # Sea; the Channel supports), London does not move, Belgium's support is
    # not cut and the North Sea is not dislodged.
    Case("6.F.18", "Betrayal paradox", "S1901M",
         units={"ENGLAND": ["F NTH", "A LON", "F ENG"], "FRANCE": ["F BEL"],
                "GERMANY": ["F HEL", "F SKA"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Convoys A London - Belgium",
                                         "A London - Belgium",
                                         "F English Channel Supports A London - Belgium"],
                             "FRANCE": ["F Belgium Supports F North Sea"],
                             "GERMANY": ["F Helgoland Bight Supports F Skagerrak - North Sea",
                                         "F Skagerrak - North Sea"]},
                     results={"ENGLAND F NTH": "disrupted",
                              "ENGLAND A LON": "disrupted",
                              "ENGLAND F ENG": "ok",
                              "FRANCE F BEL": "ok",
                              "GERMANY F HEL": "ok",
                              "GERMANY F SKA": "bounce"},
                     final={"ENGLAND": ["F NTH", "A LON", "F ENG"], "FRANCE": ["F BEL"],
                            "GERMANY": ["F HEL", "F SKA"]},
                     dislodged={})]),

    # DATC (Szykman, preferred): no paradox; the support of Naples is cut and
    # the Tyrrhenian Sea is not dislodged.  The army bounces on Naples.
    Case("6.F.19", "Multi-route convoy disruption paradox", "S1901M",
         units={"FRANCE": ["A TUN", "F TYS", "F ION"], "ITALY": ["F NAP", "F ROM"]},
         steps=[Step(orders={"FRANCE": ["A Tunis - Naples",
                                        "F Tyrrhenian Sea Convoys A Tunis - Naples",
                                        "F Ionian Sea Convoys A Tunis - Naples"],
                             "ITALY": ["F Naples Supports F Rome - Tyrrhenian Sea",
                                       "F Rome - Tyrrhenian Sea"]},
                     results={"FRANCE A TUN": "bounce",
                              "FRANCE F TYS": "ok",
                              "FRANCE F ION": "ok",
                              "ITALY F NAP": "cut",
                              "ITALY F ROM": "bounce"},
                     final={"FRANCE": ["A TUN", "F TYS", "F ION"], "ITALY": ["F NAP", "F ROM"]},
                     dislodged={})]),

    # DATC (Szykman, preferred): no paradox; the support of Naples is cut and
    # the Ionian Sea is dislodged by the Turkish fleet from the Eastern
    # Mediterranean.  The army bounces on Naples.
    Case("6.F.20", "Unwanted multi-route convoy paradox", "S1901M",
         units={"FRANCE": ["A TUN", "F TYS"], "ITALY": ["F NAP", "F ION"],
                "TURKEY": ["F AEG", "F EAS"]},
         steps=[Step(orders={"FRANCE": ["A Tunis - Naples",
                                        "F Tyrrhenian Sea Convoys A Tunis - Naples"],
                             "ITALY": ["F Naples Supports F Ionian Sea",
                                       "F Ionian Sea Convoys A Tunis - Naples"],
                             "TURKEY": ["F Aegean Sea Supports F Eastern Mediterranean - Ionian Sea",
                                        "F Eastern Mediterranean - Ionian Sea"]},
                     results={"FRANCE A TUN": "bounce",
                              "FRANCE F TYS": "ok",
                              "ITALY F NAP": "cut",
                              "ITALY F ION": "dislodged",
                              "TURKEY F AEG": "ok",
                              "TURKEY F EAS": "ok"},
                     final={"FRANCE": ["A TUN", "F TYS"], "ITALY": ["F NAP"],
                            "TURKEY": ["F AEG", "F ION"]},
                     dislodged={"ITALY": ["F ION"]})]),

    # DATC (preferred): the support of Clyde is cut and the French fleet from
    # the Mid-Atlantic dislodges the fleet in the North Atlantic.  Not stated
    # by the DATC but following from the orders: with the North Atlantic gone
    # the English army's convoy is disrupted, and the Russian army (strength 2
    # with Edinburgh's support, convoyed via the Norwegian Sea, which nobody
    # attacks) dislodges the fleet in Clyde.
    Case("6.F.21", "Dad's army convoy", "S1901M",
         units={"RUSSIA": ["A EDI", "F NWG", "A NWY"], "FRANCE": ["F IRI", "F MAO"],
                "ENGLAND": ["A LVP", "F NAO", "F CLY"]},
         steps=[Step(orders={"RUSSIA": ["A Edinburgh Supports A Norway - Clyde",
                                        "F Norwegian Sea Convoys A Norway - Clyde",
                                        "A Norway - Clyde"],
                             "FRANCE": ["F Irish Sea Supports F Mid-Atlantic Ocean - North Atlantic Ocean",
                                        "F Mid-Atlantic Ocean - North Atlantic Ocean"],
                             "ENGLAND": ["A Liverpool - Clyde via convoy",
                                         "F North Atlantic Ocean Convoys A Liverpool - Clyde",
                                         "F Clyde Supports F North Atlantic Ocean"]},
                     results={"RUSSIA A EDI": "ok",
                              "RUSSIA F NWG": "ok",
                              "RUSSIA A NWY": "ok",
                              "FRANCE F IRI": "ok",
                              "FRANCE F MAO": "ok",
                              "ENGLAND A LVP": "disrupted",
                              "ENGLAND F NAO": "dislodged",
                              "ENGLAND F CLY": "dislodged"},
                     final={"RUSSIA": ["A EDI", "F NWG", "A CLY"], "FRANCE": ["F IRI", "F NAO"],
                            "ENGLAND": ["A LVP"]},
                     dislodged={"ENGLAND": ["F NAO", "F CLY"]})]),

    # DATC (Szykman, preferred): the supports are not cut, the convoying
    # armies fail to move, Picardy dislodges the Channel and Edinburgh
    # dislodges the North Sea.
    Case("6.F.22", "Second order paradox with two resolutions", "S1901M",
         units={"ENGLAND": ["F EDI", "F LON"], "FRANCE": ["A BRE", "F ENG"],
                "GERMANY": ["F BEL", "F PIC"], "RUSSIA": ["A NWY", "F NTH"]},
         steps=[Step(orders={"ENGLAND": ["F Edinburgh - North Sea",
                                         "F London Supports F Edinburgh - North Sea"],
                             "FRANCE": ["A Brest - London",
                                        "F English Channel Convoys A Brest - London"],
                             "GERMANY": ["F Belgium Supports F Picardy - English Channel",
                                         "F Picardy - English Channel"],
                             "RUSSIA": ["A Norway - Belgium",
                                        "F North Sea Convoys A Norway - Belgium"]},
                     results={"ENGLAND F EDI": "ok",
                              "ENGLAND F LON": "ok",
                              "FRANCE A BRE": "disrupted",
                              "FRANCE F ENG": "dislodged",
                              "GERMANY F BEL": "ok",
                              "GERMANY F PIC": "ok",
                              "RUSSIA A NWY": "disrupted",
                              "RUSSIA F NTH": "dislodged"},
                     final={"ENGLAND": ["F NTH", "F LON"], "FRANCE": ["A BRE"],
                            "GERMANY": ["F BEL", "F ENG"], "RUSSIA": ["A NWY"]},
                     dislodged={"FRANCE": ["F ENG"], "RUSSIA": ["F NTH"]})]),

    # DATC (Szykman, preferred): the convoying armies fail to move and the
    # supports are not cut; no fleet succeeds to move.
    Case("6.F.23", "Second order paradox with two exclusive convoys", "S1901M",
         units={"ENGLAND": ["F EDI", "F YOR"], "FRANCE": ["A BRE", "F ENG"],
                "GERMANY": ["F BEL", "F LON"], "ITALY": ["F MAO", "F IRI"],
                "RUSSIA": ["A NWY", "F NTH"]},
         steps=[Step(orders={"ENGLAND": ["F Edinburgh - North Sea",
                                         "F Yorkshire Supports F Edinburgh - North Sea"],
                             "FRANCE": ["A Brest - London",
                                        "F English Channel Convoys A Brest - London"],
                             "GERMANY": ["F Belgium Supports F English Channel",
                                         "F London Supports F North Sea"],
                             "ITALY": ["F Mid-Atlantic Ocean - English Channel",
                                       "F Irish Sea Supports F Mid-Atlantic Ocean - English Channel"],
                             "RUSSIA": ["A Norway - Belgium",
                                        "F North Sea Convoys A Norway - Belgium"]},
                     results={"ENGLAND F EDI": "bounce",
                              "ENGLAND F YOR": "ok",
                              "FRANCE A BRE": "disrupted",
                              "FRANCE F ENG": "disrupted",
                              "GERMANY F BEL": "ok",
                              "GERMANY F LON": "ok",
                              "ITALY F MAO": "bounce",
                              "ITALY F IRI": "ok",
                              "RUSSIA A NWY": "disrupted",
                              "RUSSIA F NTH": "disrupted"},
                     final={"ENGLAND": ["F EDI", "F YOR"], "FRANCE": ["A BRE", "F ENG"],
                            "GERMANY": ["F BEL", "F LON"], "ITALY": ["F MAO", "F IRI"],
                            "RUSSIA": ["A NWY", "F NTH"]},
                     dislodged={})]),

    # DATC (Szykman, preferred): the supports are not cut and the convoying
    # armies fail to move; the Channel survives, the North Sea is dislodged.
    Case("6.F.24", "Second order paradox with no resolution", "S1901M",
         units={"ENGLAND": ["F EDI", "F LON", "F IRI", "F MAO"],
                "FRANCE": ["A BRE", "F ENG", "F BEL"], "RUSSIA": ["A NWY", "F NTH"]},
         steps=[Step(orders={"ENGLAND": ["F Edinburgh - North Sea",
                                         "F London Supports F Edinburgh - North Sea",
                                         "F Irish Sea - English Channel",
                                         "F Mid-Atlantic Ocean Supports F Irish Sea - English Channel"],
                             "FRANCE": ["A Brest - London",
                                        "F English Channel Convoys A Brest - London",
                                        "F Belgium Supports F English Channel"],
                             "RUSSIA": ["A Norway - Belgium",
                                        "F North Sea Convoys A Norway - Belgium"]},
                     results={"ENGLAND F EDI": "ok",
                              "ENGLAND F LON": "ok",
                              "ENGLAND F IRI": "bounce",
                              "ENGLAND F MAO": "ok",
                              "FRANCE A BRE": "disrupted",
                              "FRANCE F ENG": "disrupted",
                              "FRANCE F BEL": "ok",
                              "RUSSIA A NWY": "disrupted",
                              "RUSSIA F NTH": "dislodged"},
                     final={"ENGLAND": ["F NTH", "F LON", "F IRI", "F MAO"],
                            "FRANCE": ["A BRE", "F ENG", "F BEL"], "RUSSIA": ["A NWY"]},
                     dislodged={"RUSSIA": ["F NTH"]})]),

    # DATC: Sweden fails to disrupt the convoy in Skagerrak; Denmark - Norway
    # succeeds and cuts Norway's support; the Norwegian Sea fails to disrupt
    # the convoy in the North Sea; Yorkshire - Holland succeeds and cuts
    # Holland's support; Ruhr fails to dislodge Belgium.  (Norway and Holland
    # are dislodged.)  The DATC's "Rhur" is written "Ruhr" (a misspelt name,
    # not what the case tests); the missing "A" in the supported/convoyed
    # units is kept (4.C.1: still valid).
    Case("6.F.25", "Cut support last", "S1901M",
         units={"GERMANY": ["A RUH", "A HOL", "A DEN", "F SKA", "A FIN"],
                "ENGLAND": ["A YOR", "F NTH", "F HEL", "A BEL"],
                "RUSSIA": ["F NWG", "F NWY", "F SWE"]},
         steps=[Step(orders={"GERMANY": ["A Ruhr - Belgium",
                                         "A Holland Supports Ruhr - Belgium",
                                         "A Denmark - Norway",
                                         "F Skagerrak Convoys Denmark - Norway",
                                         "A Finland Supports Denmark - Norway"],
                             "ENGLAND": ["A Yorkshire - Holland",
                                         "F North Sea Convoys Yorkshire - Holland",
                                         "F Helgoland Bight Supports Yorkshire - Holland",
                                         "A Belgium Hold"],
                             "RUSSIA": ["F Norwegian Sea - North Sea",
                                        "F Norway Supports Norwegian Sea - North Sea",
                                        "F Sweden - Skagerrak"]},
                     results={"GERMANY A RUH": "bounce",
                              "GERMANY A HOL": "dislodged",
                              "GERMANY A DEN": "ok",
                              "GERMANY F SKA": "ok",
                              "GERMANY A FIN": "ok",
                              "ENGLAND A YOR": "ok",
                              "ENGLAND F NTH": "ok",
                              "ENGLAND F HEL": "ok",
                              "ENGLAND A BEL": "ok",
                              "RUSSIA F NWG": "bounce",
                              "RUSSIA F NWY": "dislodged",
                              "RUSSIA F SWE": "bounce"},
                     final={"GERMANY": ["A RUH", "A NWY", "F SKA", "A FIN"],
                            "ENGLAND": ["A HOL", "F NTH", "F HEL", "A BEL"],
                            "RUSSIA": ["F NWG", "F SWE"]},
                     dislodged={"GERMANY": ["A HOL"], "RUSSIA": ["F NWY"]})]),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_datc(case: Case) -> None:
    run_case(case)
