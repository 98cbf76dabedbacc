"""The GM's decisions on a Version 3 game (``decisions.py``), as pure functions: no mail, no store.

Each decision returns a changed copy of the state and a sentence; the state
it was given is left alone, and a decision that cannot stand raises
ActionError with the reason.
"""

from __future__ import annotations

import pytest

from judge.engine import GameState, Unit
from judge.engine.discretion import ActionError
from judge.variants.europe1615.decisions import (
    abandon,
    choose_ballot,
    choose_exclusive,
    choose_leader,
    choose_winner,
    gm_actions,
    letter_unit,
    set_modifier,
    set_value,
)
from judge.variants.europe1615.influence import deploy_problem, entitled_power
from judge.variants.europe1615.inputs import Agree
from judge.variants.europe1615.modifiers import BY_KEY
from judge.variants.europe1615.sanctions import ballot_choices, secede
from judge.variants.europe1615.scoring import agreed_winner
from judge.variants.europe1615.units import special_positions, unit_strength
from judge.variants.europe1615.world import centre_value, yearly_allocation
from tests.europe1615_v3.helpers import opening, play, position, setup, v3


def test_the_ruleset_offers_its_decisions_and_the_standard_game_none() -> None:
    names = [a.name for a in v3().ruleset.gm_actions()]
    assert names == ["BALLOT", "LETTER", "ABANDON", "VALUE", "EXCLUSIVE", "LEADER", "WINNER", "MODIFIER"]
    assert [a.name for a in gm_actions(setup()) if not a.public] == ["WINNER"]   # AGREE lines are secret
    assert all(a.current is not None for a in gm_actions(setup()))
    from judge.variants import load_variant
    assert load_variant("standard").ruleset.gm_actions() == ()


# -- BALLOT -----------------------------------------------------------------------------

def test_R_v3_78_the_gm_chooses_the_ballot_with_names_read_leniently() -> None:
    state = opening()
    after, note = choose_ballot(setup(), state, "wallenstein, Catholic League and Gustav's intervention")
    assert after.extra["ballot"] == ["WALLENSTEIN", "CATHOLIC_LEAGUE", "SWEDISH"]
    assert ballot_choices(setup(), after) == ["WALLENSTEIN", "CATHOLIC_LEAGUE", "SWEDISH"]
    assert note == ("the modifiers on the ballot of Late Winter 1615: Wallenstein, Catholic League, "
                    "Swedish/Gustav's intervention")
    assert "ballot" not in state.extra                                       # the state given is left alone


def test_the_gm_ballot_goes_back_to_the_default_and_refuses_what_cannot_be_on_it() -> None:
    chosen, _ = choose_ballot(setup(), opening(), "Wallenstein, Polish")
    back, note = choose_ballot(setup(), chosen, "DEFAULT")
    assert "ballot" not in back.extra and note.startswith("the ballot of Late Winter 1615 is the default one: ")
    problems = {
        "Wallenstein, Nobody": "no modifier is called 'Nobody'",
        "Wallenstein, wallenstein": "Wallenstein is named twice",
        "Wallenstein, Polish, Dutch, Saxon": "a ballot has at most 3 modifiers, not 4",
        "": "name the modifiers",
    }
    for words, reason in problems.items():
        with pytest.raises(ActionError, match=reason):
            choose_ballot(setup(), opening(), words)
    in_force = position(modifiers=("WALLENSTEIN",))
    with pytest.raises(ActionError, match="Wallenstein cannot be on the ballot: already in force"):
        choose_ballot(setup(), in_force, "Wallenstein")


def test_after_late_winter_the_gm_chooses_next_year_s_ballot() -> None:
    _, note = choose_ballot(setup(), position("W1616S"), "Polish")
    assert "Late Winter 1617" in note


# -- LETTER -----------------------------------------------------------------------------

def test_R_v3_86_the_gm_says_which_austrian_army_is_wallenstein_s() -> None:
    state = opening()
    assert special_positions(setup(), state)["W"] == "A BOH"
    after, note = letter_unit(setup(), state, "W A VIE")
    assert special_positions(setup(), after)["W"] == "A VIE" and note == "the Austrian army A VIE carries the letter W"
    in_force = after.copy()
    in_force.extra["modifiers"] = ["WALLENSTEIN"]
    assert unit_strength(setup(), in_force, "AUSTRIA", Unit("A", "VIE")) == 2
    assert unit_strength(setup(), in_force, "AUSTRIA", Unit("A", "BOH")) == 1


def test_a_letter_goes_only_to_an_army_of_its_owner_that_carries_no_other() -> None:
    state = opening()
    with pytest.raises(ActionError, match="AUSTRIA has no army in PAR"):
        letter_unit(setup(), state, "W PAR")
    with pytest.raises(ActionError, match="write the letter and the army"):
        letter_unit(setup(), state, "Z A VIE")
    lost = opening()
    lost.extra["lost_specials"] = ["W"]
    lost.extra["special"] = {k: v for k, v in lost.extra["special"].items() if k != "W"}
    after, _ = letter_unit(setup(), lost, "W BOH")
    assert after.extra["lost_specials"] == [] and after.extra["special"]["W"] == "A BOH"


# -- ABANDON ------------------------------------------------------------------------------

def test_R_v3_123_a_power_the_gm_declares_abandoned_is_dissolved_in_early_winter() -> None:
    state = position("W1615E", units={"ENGLAND": ["F LON", "A YOR"]})
    after, note = abandon(setup(), state, "England")
    assert after.extra["abandoned"] == ["ENGLAND"] and note.startswith("England is abandoned (R-v3-123)")
    out = play(after, {})
    assert "ENGLAND" in out.state.extra["dissolved"] and not out.state.units.get("ENGLAND")
    back, note = abandon(setup(), after, "England OFF")
    assert back.extra["abandoned"] == [] and note == "England is no longer abandoned"
    with pytest.raises(ActionError, match="name a power"):
        abandon(setup(), state, "Atlantis")
    with pytest.raises(ActionError, match="already out of the game"):
        abandon(setup(), position(eliminated=["ENGLAND"]), "ENGLAND")


# -- VALUE --------------------------------------------------------------------------------

def test_R_v3_93_the_gm_sets_the_value_of_a_seceded_centre() -> None:
    state = position()
    with pytest.raises(ActionError, match="GUY is not a centre of a state made in play"):
        set_value(setup(), state, "GUY 2")
    secede(setup(), state, "GUY", "FRANCE")
    assert centre_value(setup(), state, "GUY") == 6                          # the map's, by default
    after, note = set_value(setup(), state, "Guyenne 2")
    assert centre_value(setup(), after, "GUY") == 2 and note == "the centre GUY is worth 2"
    with pytest.raises(ActionError, match="write the centre and its value"):
        set_value(setup(), state, "GUY 0")


def test_R_v3_106_catalonia_s_centre_takes_the_gm_s_value() -> None:
    state = position(new_centers={"CAT": 6}, new_states={})
    held = position(new_centers={"CAT": 6})
    held.centers.setdefault("SPAIN", set()).add("CAT")
    before = yearly_allocation(setup(), held, "SPAIN")
    after, _ = set_value(setup(), held, "CAT 2")
    assert yearly_allocation(setup(), after, "SPAIN") == before - 4
    assert set_value(setup(), state, "CAT 4")[0].extra["new_centers"] == {"CAT": 4}


# -- EXCLUSIVE and LEADER -------------------------------------------------------------------

def test_A_v3_18_the_gm_says_which_exclusive_right_holds_where_two_meet() -> None:
    state = position(modifiers=("ENGLISH_DIPLOMACY", "OLIVARES"))
    assert deploy_problem(setup(), state, "ENGLAND", "DUT") == "" and deploy_problem(setup(), state, "SPAIN", "DUT")
    after, note = choose_exclusive(setup(), state, "DUT Olivares")
    assert after.extra["exclusive"] == {"DUT": "OLIVARES"} and note == "where exclusive rights to DUT meet, " \
        "Olivares's diplomacy's holds"
    assert deploy_problem(setup(), after, "SPAIN", "DUT") == "" and deploy_problem(setup(), after, "ENGLAND", "DUT")
    back, _ = choose_exclusive(setup(), after, "DUT DEFAULT")
    assert back.extra["exclusive"] == {}
    with pytest.raises(ActionError, match="no two modifiers give exclusive rights to SAX"):
        choose_exclusive(setup(), state, "SAX Saxon")
    with pytest.raises(ActionError, match="the exclusive rights to DUT are those of"):
        choose_exclusive(setup(), state, "DUT Wallenstein")


def test_A_v3_13_on_a_tie_the_gm_names_who_holds_the_right() -> None:
    tied = position(modifiers=("PROTESTANT_UNION",), allocation={"ENGLAND": 30, "DENMARK": 30})
    union = BY_KEY["PROTESTANT_UNION"]
    assert entitled_power(setup(), tied, union) is None
    after, note = choose_leader(setup(), tied, "Protestant Union Denmark")
    assert entitled_power(setup(), after, union) == "DENMARK" and note == "on a tie for Protestant Union's right, " \
        "Denmark holds it"
    untied = after.copy()
    untied.extra["influence"] = {"RHI": {"ENGLAND": 3}}                   # A-v3-13: INFs in the union's states
    assert entitled_power(setup(), untied, union) == "ENGLAND"              # the GM decides ties only
    with pytest.raises(ActionError, match="is not a power that may hold Protestant Union's right"):
        choose_leader(setup(), tied, "Union Spain")
    with pytest.raises(ActionError, match="whose right goes to the leading power"):
        choose_leader(setup(), tied, "Richelieu France")


def test_R_v3_126_the_gm_calls_the_winner_of_an_agreement_on_a_tie() -> None:
    tied = position(rounds={"SPAIN": 2, "FRANCE": 2}, scores={"1615": {"SPAIN": 40, "FRANCE": 30},
                                                              "1616": {"SPAIN": 20, "FRANCE": 30}})
    assert agreed_winner(setup(), tied) is None
    after, note = choose_winner(setup(), tied, "Spain")
    assert agreed_winner(setup(), after) == "SPAIN" and note.endswith("Spain wins (R-v3-126)")
    everyone = {p: [Agree()] for p in ("SPAIN", "FRANCE", "AUSTRIA", "ENGLAND", "DENMARK")}
    assert play(after, everyone).state.extra["game_over"]["powers"] == ["SPAIN"]
    not_tied, _ = choose_winner(setup(), position(rounds={"FRANCE": 3}), "Spain")
    assert agreed_winner(setup(), not_tied) == "FRANCE"                    # the GM's call is for a tie only
    assert "agreement_winner" not in choose_winner(setup(), after, "DEFAULT")[0].extra
    with pytest.raises(ActionError, match="name a power still in the game"):
        choose_winner(setup(), tied, "Venice")


def test_every_decision_shows_what_holds_now() -> None:
    state: GameState = opening()
    shown = {a.name: a.current(state) for a in gm_actions(setup()) if a.current is not None}
    assert shown["BALLOT"].endswith("(the default)") and "W A BOH" in shown["LETTER"]
    assert shown["ABANDON"] == "none" and shown["VALUE"] == "no centre made in play yet"


def test_A_v3_11_the_gm_puts_a_modifier_in_force_and_ends_it() -> None:
    state = opening()
    assert unit_strength(setup(), state, "AUSTRIA", Unit("A", "BOH")) == 1
    after, note = set_modifier(setup(), state, "Wallenstein ON")
    assert note == "Wallenstein is in force" and "WALLENSTEIN" not in state.extra.get("modifiers", [])
    assert unit_strength(setup(), after, "AUSTRIA", Unit("A", "BOH")) == 2   # double strength now
    with pytest.raises(ActionError, match="already in force"):
        set_modifier(setup(), after, "wallenstein on")
    ended, note = set_modifier(setup(), after, "Wallenstein OFF")
    assert note == "Wallenstein is no longer in force"
    assert unit_strength(setup(), ended, "AUSTRIA", Unit("A", "BOH")) == 1
    with pytest.raises(ActionError, match="not in force"):
        set_modifier(setup(), ended, "Wallenstein OFF")
    with pytest.raises(ActionError, match="ON or OFF"):
        set_modifier(setup(), state, "Wallenstein")
    with pytest.raises(ActionError, match="no modifier is called"):
        set_modifier(setup(), state, "Armada ON")


def test_A_v3_13_the_catholic_league_goes_to_the_most_infs_in_its_states_the_allocation_an_option() -> None:
    """The text: deployment to BAV, WES and FRA "is solely permitted to the Catholic power with highest influence"."""
    from tests.europe1615_v3.helpers import v3_with

    state = position(modifiers=("CATHOLIC_LEAGUE",), allocation={"AUSTRIA": 33, "FRANCE": 35, "SPAIN": 37},
                     influence={"BAV": {"AUSTRIA": 9, "FRANCE": 4}})
    league = BY_KEY["CATHOLIC_LEAGUE"]
    assert entitled_power(setup(), state, league) == "AUSTRIA"             # the default reading: INFs in Bavaria
    by_allocation = v3_with(leading_influence="allocation").ruleset.setup  # type: ignore[attr-defined]
    assert entitled_power(by_allocation, state, league) == "SPAIN"          # the option: the largest allocation
