"""The DATC cases that depend on a reading the GM may choose (docs/rules-choices.md), played both ways.

Each case runs through ``judge adjudicate``'s request, once with the default
options (the 2023 rulebook, DATC v3.0's preferences: the same expectations as
the section's own file) and once with the option that gives the older
rulebook's or judge's reading, as the DATC's text says that reading decides it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.datc.harness import Case, Step, run_case

# 4.A.3, 6.G.5: one fleet of the army's own power shows the intent to convoy, so the armies swap
# (every rulebook); with explicit adjacent convoying (the DPTG, webDiplomacy) it is a head-to-head
# battle and neither army moves.
G5 = Case("6.G.5", "Swapping with multiple fleets with one own fleet", "S1901M",
          units={"ITALY": ["A ROM", "F TYS"], "TURKEY": ["A APU", "F ION"]},
          steps=[Step(orders={"ITALY": ["A Rome - Apulia", "F Tyrrhenian Sea Convoys A Apulia - Rome"],
                              "TURKEY": ["A Apulia - Rome", "F Ionian Sea Convoys A Apulia - Rome"]},
                      results={"ITALY A ROM": "ok", "ITALY F TYS": "ok", "TURKEY A APU": "ok", "TURKEY F ION": "ok"},
                      final={"ITALY": ["A APU", "F TYS"], "TURKEY": ["A ROM", "F ION"]})])
G5_VIA = replace(G5, options={"adjacent_convoy": "via"}, steps=[
    Step(orders=G5.steps[0].orders,
         results={"ITALY A ROM": "bounce", "ITALY F TYS": "void", "TURKEY A APU": "bounce", "TURKEY F ION": "void"},
         final={"ITALY": ["A ROM", "F TYS"], "TURKEY": ["A APU", "F ION"]})])

# 6.G.9: by the rulebooks Norway goes by convoy and the armies swap; by the DPTG the army in Sweden is
# dislodged by the army from Norway.
G9 = Case("6.G.9", "Swapped or dislodged?", "S1901M",
          units={"ENGLAND": ["A NWY", "F SKA", "F FIN"], "RUSSIA": ["A SWE"]},
          steps=[Step(orders={"ENGLAND": ["A Norway - Sweden", "F Skagerrak Convoys A Norway - Sweden",
                                          "F Finland Supports A Norway - Sweden"],
                              "RUSSIA": ["A Sweden - Norway"]},
                      results={"ENGLAND A NWY": "ok", "RUSSIA A SWE": "ok"},
                      final={"ENGLAND": ["A SWE", "F SKA", "F FIN"], "RUSSIA": ["A NWY"]})])
G9_VIA = replace(G9, options={"adjacent_convoy": "via"}, steps=[
    Step(orders=G9.steps[0].orders, results={"ENGLAND A NWY": "ok", "ENGLAND F SKA": "void",
                                             "RUSSIA A SWE": "dislodged"},
         final={"ENGLAND": ["A SWE", "F SKA", "F FIN"], "RUSSIA": []}, dislodged={"RUSSIA": ["A SWE"]})])

# 4.A.3, 6.G.8: an explicit convoy that isn't there.  DATC v3.0: no fallback, the army does not move;
# DATC v2 (and the MILA engine): it falls back on the land route and reaches Holland.
G8 = Case("6.G.8", "Explicit convoy that isn't there", "S1901M",
          units={"FRANCE": ["A BEL"], "ENGLAND": ["F NTH", "A HOL"]},
          steps=[Step(orders={"FRANCE": ["A Belgium - Holland via convoy"],
                              "ENGLAND": ["F North Sea - Helgoland Bight", "A Holland - Kiel"]},
                      results={"FRANCE A BEL": "no convoy", "ENGLAND F NTH": "ok", "ENGLAND A HOL": "ok"},
                      final={"FRANCE": ["A BEL"], "ENGLAND": ["F HEL", "A KIE"]})])
G8_FALLBACK = replace(G8, options={"via_fallback": True}, steps=[
    Step(orders=G8.steps[0].orders, results={"FRANCE A BEL": "ok", "ENGLAND A HOL": "ok"},
         final={"FRANCE": ["A HOL"], "ENGLAND": ["F HEL", "A KIE"]})])

# 6.G.20: the fallback is for a convoy never ordered; an ordered convoy that is disrupted still fails the
# move under either reading (DATC v3.0's text; the v2 fallback did not reach broken routes).
G20 = Case("6.G.20", "Explicit convoy to adjacent province disrupted", "S1901M",
           units={"FRANCE": ["F BRE", "A PIC", "A BUR", "F MAO"], "ENGLAND": ["F ENG"]},
           steps=[Step(orders={"FRANCE": ["F Brest - English Channel", "A Picardy - Belgium via Convoy",
                                          "A Burgundy Supports A Picardy - Belgium",
                                          "F Mid-Atlantic Ocean Supports F Brest - English Channel"],
                               "ENGLAND": ["F English Channel Convoys A Picardy - Belgium"]},
                       results={"FRANCE A PIC": "disrupted", "ENGLAND F ENG": "dislodged"},
                       final={"FRANCE": ["F ENG", "A PIC", "A BUR", "F MAO"], "ENGLAND": []})])

# 6.G.11: the route is ordered (Russia's own F SKA), so the fallback does not come into it and the paradox
# stays the simplest one (Szykman: the army does not advance, F SKA is dislodged), as without the option.
G11_FALLBACK = Case("6.G.11", "A convoy to an adjacent province with a paradox", "S1901M",
                    units={"ENGLAND": ["F NWY", "F NTH"], "RUSSIA": ["A SWE", "F SKA", "F BAR"]},
                    options={"via_fallback": True},
                    steps=[Step(orders={"ENGLAND": ["F Norway Supports F North Sea - Skagerrak",
                                                    "F North Sea - Skagerrak"],
                                        "RUSSIA": ["A Sweden - Norway", "F Skagerrak Convoys A Sweden - Norway",
                                                   "F Barents Sea Supports A Sweden - Norway"]},
                                results={"RUSSIA A SWE": "disrupted", "RUSSIA F SKA": "dislodged"},
                                final={"ENGLAND": ["F NWY", "F SKA"], "RUSSIA": ["A SWE", "F BAR"]},
                                dislodged={"RUSSIA": ["F SKA"]})])

# 4.D.8, 6.J.6: Russia owns Munich, fleets in the Gulf of Bothnia and the North Sea.  2023: distance to
# the owned centre, both 3, the Gulf of Bothnia first alphabetically.  2000 (DATC v2): distance to the
# home centres, fleets by sea: the Gulf of Bothnia is next to St Petersburg, the North Sea two moves from
# it (by Norway), so the North Sea goes.
J6 = Case("6.J.6", "Civil disorder two fleets with equal distance", "W1901A",
          units={"RUSSIA": ["F BOT", "F NTH"]}, centers={"RUSSIA": ["MUN"]},
          steps=[Step(orders={}, results={"RUSSIA F BOT": "disband"}, final={"RUSSIA": ["F NTH"]})])
J6_2000 = replace(J6, options={"civil_disorder": "2000"}, steps=[
    Step(orders={}, results={"RUSSIA F NTH": "disband"}, final={"RUSSIA": ["F BOT"]})])

# 6.J.11: Italy owns Warsaw, armies in Warsaw and Tuscany.  2023: the army in Tuscany goes; "under older
# rulebooks the army in Tuscany was kept" (distance to the home centres): Warsaw goes.
J11 = Case("6.J.11", "Distance to owned supply center", "W1901A",
           units={"ITALY": ["A WAR", "A TUS"]}, centers={"ITALY": ["WAR"]},
           steps=[Step(orders={}, results={"ITALY A TUS": "disband"}, final={"ITALY": ["A WAR"]})])
J11_2000 = replace(J11, options={"civil_disorder": "2000"}, steps=[
    Step(orders={}, results={"ITALY A WAR": "disband"}, final={"ITALY": ["A TUS"]})])

# 6.J.5: fleets count their own moves under the 2000 reading ("fleets cannot go over land"): Russia owns
# St Petersburg, fleets in Skagerrak (2, by Norway) and Berlin (3, by the Baltic and Bothnia): Berlin goes.
J5_2000 = Case("6.J.5", "Civil disorder two fleets with different distance", "W1901A",
               units={"RUSSIA": ["F SKA", "F BER"]}, centers={"RUSSIA": ["STP"]}, options={"civil_disorder": "2000"},
               steps=[Step(orders={}, results={"RUSSIA F BER": "disband"}, final={"RUSSIA": ["F SKA"]})])

# Not a DATC case: the two readings of the 2000 rule apart (Droidippy game 1190, W1912A).  Russia has a fleet in
# Berlin and an army in the Ruhr and must remove one.  By sea the fleet is three moves from St Petersburg, the
# army three steps from Warsaw: the fleet goes first.  Counting every unit over land and sea, Berlin is two steps
# from Warsaw (by Prussia): the army goes.
RUSSIA_2000 = Case("4.D.8", "Fleet distance by sea or over land", "W1901A",
                   units={"RUSSIA": ["F BER", "A RUH"]}, centers={"RUSSIA": ["MOS"]},
                   options={"civil_disorder": "2000"},
                   steps=[Step(orders={}, results={"RUSSIA F BER": "disband"}, final={"RUSSIA": ["A RUH"]})])
RUSSIA_ANY = replace(RUSSIA_2000, options={"civil_disorder": "2000_any_route"}, steps=[
    Step(orders={}, results={"RUSSIA A RUH": "disband"}, final={"RUSSIA": ["F BER"]})])

CASES = [G5, G5_VIA, G9, G9_VIA, G8, G8_FALLBACK, G20, replace(G20, options={"via_fallback": True}), G11_FALLBACK,
         J6, J6_2000, J11, J11_2000, J5_2000, replace(J5_2000, options={"civil_disorder": "2000_any_route"}),
         replace(J11_2000, options={"civil_disorder": "2000_any_route"}), RUSSIA_2000, RUSSIA_ANY]


def _name(case: Case) -> str:
    return f"{case.id}-{'-'.join(map(str, (case.options or {}).values())) or 'default'}"


@pytest.mark.parametrize("case", CASES, ids=_name)
def test_the_case_read_each_way(case: Case) -> None:
    run_case(case)
