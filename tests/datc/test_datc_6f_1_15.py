"""DATC v3.0, section 6.F: convoys, cases 1 to 15.

The DATC's preferred choices and the result vocabulary used here are in
tests/datc/harness.py ("Choices and vocabulary, 6.F-6.J").
"""

from __future__ import annotations

import pytest

from tests.datc.harness import Case, Step, run_case

CASES = [
    # ------------------------------------------------------------------
    # 6.F  Convoys
    # ------------------------------------------------------------------
    # DATC: the convoy in Constantinople is not possible, so the army in Greece
    # will not move to Sevastopol.  Without Constantinople there is no all-sea
    # route Greece - Sevastopol at all (the Aegean does not touch the Black
    # Sea), so by 4.E.1 ("a legal order is an order that, not knowing any
    # orders yet, could be valid"; a convoy whose fleet is necessary for no
    # route is illegal, cf. 6.G.19 and 6.D.31) the move and all three convoys
    # are illegal: void.
    Case("6.F.1", "No convoy in coastal areas", "S1901M",
         units={"TURKEY": ["A GRE", "F AEG", "F CON", "F BLA"]},
         steps=[Step(orders={"TURKEY": ["A Greece - Sevastopol",
                                        "F Aegean Sea Convoys A Greece - Sevastopol",
                                        "F Constantinople Convoys A Greece - Sevastopol",
                                        "F Black Sea Convoys A Greece - Sevastopol"]},
                     results={"TURKEY A GRE": "void",
                              "TURKEY F AEG": "void",
                              "TURKEY F CON": "void",
                              "TURKEY F BLA": "void"},
                     final={"TURKEY": ["A GRE", "F AEG", "F CON", "F BLA"]})]),

    # DATC: the English army in London bounces on the French army in Paris;
    # both units do not move.
    Case("6.F.2", "An army being convoyed can bounce as normal", "S1901M",
         units={"ENGLAND": ["F ENG", "A LON"], "FRANCE": ["A PAR"]},
         steps=[Step(orders={"ENGLAND": ["F English Channel Convoys A London - Brest",
                                         "A London - Brest"],
                             "FRANCE": ["A Paris - Brest"]},
                     results={"ENGLAND F ENG": "ok",
                              "ENGLAND A LON": "bounce",
                              "FRANCE A PAR": "bounce"},
                     final={"ENGLAND": ["F ENG", "A LON"], "FRANCE": ["A PAR"]})]),

    # DATC: London receives support and beats Paris; London ends in Brest,
    # Paris stays in Paris.
    Case("6.F.3", "An army being convoyed can receive support", "S1901M",
         units={"ENGLAND": ["F ENG", "A LON", "F MAO"], "FRANCE": ["A PAR"]},
         steps=[Step(orders={"ENGLAND": ["F English Channel Convoys A London - Brest",
                                         "A London - Brest",
                                         "F Mid-Atlantic Ocean Supports A London - Brest"],
                             "FRANCE": ["A Paris - Brest"]},
                     results={"ENGLAND F ENG": "ok",
                              "ENGLAND A LON": "ok",
                              "ENGLAND F MAO": "ok",
                              "FRANCE A PAR": "bounce"},
                     final={"ENGLAND": ["F ENG", "A BRE", "F MAO"], "FRANCE": ["A PAR"]})]),

    # DATC: the army in London will successfully convoy and end in Holland.
    Case("6.F.4", "An attacked convoy is not disrupted", "S1901M",
         units={"ENGLAND": ["F NTH", "A LON"], "GERMANY": ["F SKA"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Convoys A London - Holland",
                                         "A London - Holland"],
                             "GERMANY": ["F Skagerrak - North Sea"]},
                     results={"ENGLAND F NTH": "ok",
                              "ENGLAND A LON": "ok",
                              "GERMANY F SKA": "bounce"},
                     final={"ENGLAND": ["F NTH", "A HOL"], "GERMANY": ["F SKA"]},
                     dislodged={})]),

    # DATC: the army in London will successfully convoy and end in Holland
    # (the North Sea is a beleaguered garrison: two attacks of strength 2).
    Case("6.F.5", "A beleaguered convoy is not disrupted", "S1901M",
         units={"ENGLAND": ["F NTH", "A LON"], "FRANCE": ["F ENG", "F BEL"],
                "GERMANY": ["F SKA", "F DEN"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Convoys A London - Holland",
                                         "A London - Holland"],
                             "FRANCE": ["F English Channel - North Sea",
                                        "F Belgium Supports F English Channel - North Sea"],
                             "GERMANY": ["F Skagerrak - North Sea",
                                         "F Denmark Supports F Skagerrak - North Sea"]},
                     results={"ENGLAND F NTH": "ok",
                              "ENGLAND A LON": "ok",
                              "FRANCE F ENG": "bounce",
                              "FRANCE F BEL": "ok",
                              "GERMANY F SKA": "bounce",
                              "GERMANY F DEN": "ok"},
                     final={"ENGLAND": ["F NTH", "A HOL"], "FRANCE": ["F ENG", "F BEL"],
                            "GERMANY": ["F SKA", "F DEN"]},
                     dislodged={})]),

    # DATC: the North Sea is dislodged, the convoy is cancelled; Holland's hold
    # support of Belgium stands and Belgium is not dislodged by Picardy.
    # (Belgium's own support of Holland is cut by the attack from Picardy.)
    Case("6.F.6", "Dislodged convoy does not cut support", "S1901M",
         units={"ENGLAND": ["F NTH", "A LON"],
                "GERMANY": ["A HOL", "A BEL", "F HEL", "F SKA"],
                "FRANCE": ["A PIC", "A BUR"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Convoys A London - Holland",
                                         "A London - Holland"],
                             "GERMANY": ["A Holland Supports A Belgium",
                                         "A Belgium Supports A Holland",
                                         "F Helgoland Bight Supports F Skagerrak - North Sea",
                                         "F Skagerrak - North Sea"],
                             "FRANCE": ["A Picardy - Belgium",
                                        "A Burgundy Supports A Picardy - Belgium"]},
                     results={"ENGLAND F NTH": "dislodged",
                              "ENGLAND A LON": "disrupted",
                              "GERMANY A HOL": "ok",
                              "GERMANY A BEL": "cut",
                              "GERMANY F HEL": "ok",
                              "GERMANY F SKA": "ok",
                              "FRANCE A PIC": "bounce",
                              "FRANCE A BUR": "ok"},
                     final={"ENGLAND": ["A LON"],
                            "GERMANY": ["A HOL", "A BEL", "F HEL", "F NTH"],
                            "FRANCE": ["A PIC", "A BUR"]},
                     dislodged={"ENGLAND": ["F NTH"]})]),

    # DATC: the dislodged English fleet can retreat to Holland (the landing
    # area is not contested).  The retreat step orders that retreat.
    Case("6.F.7", "Dislodged convoy does not cause contested area", "S1901M",
         units={"ENGLAND": ["F NTH", "A LON"], "GERMANY": ["F HEL", "F SKA"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Convoys A London - Holland",
                                         "A London - Holland"],
                             "GERMANY": ["F Helgoland Bight Supports F Skagerrak - North Sea",
                                         "F Skagerrak - North Sea"]},
                     results={"ENGLAND F NTH": "dislodged",
                              "ENGLAND A LON": "disrupted",
                              "GERMANY F HEL": "ok",
                              "GERMANY F SKA": "ok"},
                     final={"ENGLAND": ["A LON"], "GERMANY": ["F HEL", "F NTH"]},
                     dislodged={"ENGLAND": ["F NTH"]}),
                Step(orders={"ENGLAND": ["F North Sea - Holland"]},
                     results={"ENGLAND F NTH": "ok"},
                     final={"ENGLAND": ["A LON", "F HOL"], "GERMANY": ["F HEL", "F NTH"]})]),

    # DATC: the army in Belgium will not bounce and moves to Holland.
    Case("6.F.8", "Dislodged convoy does not cause a bounce", "S1901M",
         units={"ENGLAND": ["F NTH", "A LON"], "GERMANY": ["F HEL", "F SKA", "A BEL"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Convoys A London - Holland",
                                         "A London - Holland"],
                             "GERMANY": ["F Helgoland Bight Supports F Skagerrak - North Sea",
                                         "F Skagerrak - North Sea",
                                         "A Belgium - Holland"]},
                     results={"ENGLAND F NTH": "dislodged",
                              "ENGLAND A LON": "disrupted",
                              "GERMANY F HEL": "ok",
                              "GERMANY F SKA": "ok",
                              "GERMANY A BEL": "ok"},
                     final={"ENGLAND": ["A LON"], "GERMANY": ["F HEL", "F NTH", "A HOL"]},
                     dislodged={"ENGLAND": ["F NTH"]})]),

    # DATC (preferred, 4.A.1 b): the English Channel is dislodged, the army
    # still goes via the North Sea and ends in Belgium.
    Case("6.F.9", "Dislodge of multi-route convoy", "S1901M",
         units={"ENGLAND": ["F ENG", "F NTH", "A LON"], "FRANCE": ["F BRE", "F MAO"]},
         steps=[Step(orders={"ENGLAND": ["F English Channel Convoys A London - Belgium",
                                         "F North Sea Convoys A London - Belgium",
                                         "A London - Belgium"],
                             "FRANCE": ["F Brest Supports F Mid-Atlantic Ocean - English Channel",
                                        "F Mid-Atlantic Ocean - English Channel"]},
                     results={"ENGLAND F ENG": "dislodged",
                              "ENGLAND F NTH": "ok",
                              "ENGLAND A LON": "ok",
                              "FRANCE F BRE": "ok",
                              "FRANCE F MAO": "ok"},
                     final={"ENGLAND": ["F NTH", "A BEL"], "FRANCE": ["F BRE", "F ENG"]},
                     dislodged={"ENGLAND": ["F ENG"]})]),

    # DATC (preferred): the German fleet in the Channel is dislodged, the army
    # still goes via the North Sea and ends in Belgium.
    Case("6.F.10", "Dislodge of multi-route convoy with foreign fleet", "S1901M",
         units={"ENGLAND": ["F NTH", "A LON"], "GERMANY": ["F ENG"],
                "FRANCE": ["F BRE", "F MAO"]},
         steps=[Step(orders={"ENGLAND": ["F North Sea Convoys A London - Belgium",
                                         "A London - Belgium"],
                             "GERMANY": ["F English Channel Convoys A London - Belgium"],
                             "FRANCE": ["F Brest Supports F Mid-Atlantic Ocean - English Channel",
                                        "F Mid-Atlantic Ocean - English Channel"]},
                     results={"ENGLAND F NTH": "ok",
                              "ENGLAND A LON": "ok",
                              "GERMANY F ENG": "dislodged",
                              "FRANCE F BRE": "ok",
                              "FRANCE F MAO": "ok"},
                     final={"ENGLAND": ["F NTH", "A BEL"], "FRANCE": ["F BRE", "F ENG"]},
                     dislodged={"GERMANY": ["F ENG"]})]),

    # DATC (preferred): the German fleet in the Channel is dislodged, the army
    # still goes via the (Russian) North Sea and ends in Belgium.
    Case("6.F.11", "Dislodge of multi-route convoy with only foreign fleets", "S1901M",
         units={"ENGLAND": ["A LON"], "GERMANY": ["F ENG"], "RUSSIA": ["F NTH"],
                "FRANCE": ["F BRE", "F MAO"]},
         steps=[Step(orders={"ENGLAND": ["A London - Belgium"],
                             "GERMANY": ["F English Channel Convoys A London - Belgium"],
                             "RUSSIA": ["F North Sea Convoys A London - Belgium"],
                             "FRANCE": ["F Brest Supports F Mid-Atlantic Ocean - English Channel",
                                        "F Mid-Atlantic Ocean - English Channel"]},
                     results={"ENGLAND A LON": "ok",
                              "GERMANY F ENG": "dislodged",
                              "RUSSIA F NTH": "ok",
                              "FRANCE F BRE": "ok",
                              "FRANCE F MAO": "ok"},
                     final={"ENGLAND": ["A BEL"], "RUSSIA": ["F NTH"],
                            "FRANCE": ["F BRE", "F ENG"]},
                     dislodged={"GERMANY": ["F ENG"]})]),

    # DATC: the convoy London - Belgium succeeds; the dislodged fleet in the
    # Irish Sea is not part of any route.
    Case("6.F.12", "Dislodged convoying fleet not on route", "S1901M",
         units={"ENGLAND": ["F ENG", "A LON", "F IRI"], "FRANCE": ["F NAO", "F MAO"]},
         steps=[Step(orders={"ENGLAND": ["F English Channel Convoys A London - Belgium",
                                         "A London - Belgium",
                                         "F Irish Sea Convoys A London - Belgium"],
                             "FRANCE": ["F North Atlantic Ocean Supports F Mid-Atlantic Ocean - Irish Sea",
                                        "F Mid-Atlantic Ocean - Irish Sea"]},
                     results={"ENGLAND F ENG": "ok",
                              "ENGLAND A LON": "ok",
                              "ENGLAND F IRI": "dislodged",
                              "FRANCE F NAO": "ok",
                              "FRANCE F MAO": "ok"},
                     final={"ENGLAND": ["F ENG", "A BEL"], "FRANCE": ["F NAO", "F IRI"]},
                     dislodged={"ENGLAND": ["F IRI"]})]),

    # DATC: the convoy of the army in London succeeds (via the French Channel)
    # and the fleet in Denmark dislodges the fleet in the North Sea.
    Case("6.F.13", "The unwanted alternative", "S1901M",
         units={"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["F ENG"],
                "GERMANY": ["F HOL", "F DEN"]},
         steps=[Step(orders={"ENGLAND": ["A London - Belgium",
                                         "F North Sea Convoys A London - Belgium"],
                             "FRANCE": ["F English Channel Convoys A London - Belgium"],
                             "GERMANY": ["F Holland Supports F Denmark - North Sea",
                                         "F Denmark - North Sea"]},
                     results={"ENGLAND A LON": "ok",
                              "ENGLAND F NTH": "dislodged",
                              "FRANCE F ENG": "ok",
                              "GERMANY F HOL": "ok",
                              "GERMANY F DEN": "ok"},
                     final={"ENGLAND": ["A BEL"], "FRANCE": ["F ENG"],
                            "GERMANY": ["F HOL", "F NTH"]},
                     dislodged={"ENGLAND": ["F NTH"]})]),

    # DATC: the support of London is not cut; the fleet in the English Channel
    # is dislodged.
    Case("6.F.14", "Simple convoy paradox", "S1901M",
         units={"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"]},
         steps=[Step(orders={"ENGLAND": ["F London Supports F Wales - English Channel",
                                         "F Wales - English Channel"],
                             "FRANCE": ["A Brest - London",
                                        "F English Channel Convoys A Brest - London"]},
                     results={"ENGLAND F LON": "ok",
                              "ENGLAND F WAL": "ok",
                              "FRANCE A BRE": "disrupted",
                              "FRANCE F ENG": "dislodged"},
                     final={"ENGLAND": ["F LON", "F ENG"], "FRANCE": ["A BRE"]},
                     dislodged={"FRANCE": ["F ENG"]})]),

    # DATC: the paradox does not interfere with the Italian convoy; both the
    # fleet in Wales and the army in North Africa succeed in moving.
    Case("6.F.15", "Simple convoy paradox with additional convoy", "S1901M",
         units={"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"],
                "ITALY": ["F IRI", "F MAO", "A NAF"]},
         steps=[Step(orders={"ENGLAND": ["F London Supports F Wales - English Channel",
                                         "F Wales - English Channel"],
                             "FRANCE": ["A Brest - London",
                                        "F English Channel Convoys A Brest - London"],
                             "ITALY": ["F Irish Sea Convoys A North Africa - Wales",
                                       "F Mid-Atlantic Ocean Convoys A North Africa - Wales",
                                       "A North Africa - Wales"]},
                     results={"ENGLAND F LON": "ok",
                              "ENGLAND F WAL": "ok",
                              "FRANCE A BRE": "disrupted",
                              "FRANCE F ENG": "dislodged",
                              "ITALY F IRI": "ok",
                              "ITALY F MAO": "ok",
                              "ITALY A NAF": "ok"},
                     final={"ENGLAND": ["F LON", "F ENG"], "FRANCE": ["A BRE"],
                            "ITALY": ["F IRI", "F MAO", "A WAL"]},
                     dislodged={"FRANCE": ["F ENG"]})]),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_datc(case: Case) -> None:
    run_case(case)
