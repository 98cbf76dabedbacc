"""Per-game rule options: how a GM's word is read, how overrides are checked, how the loader caches them."""

from __future__ import annotations

import pytest

from judge.engine.discretion import (
    OptionError,
    RuleOption,
    check_overrides,
    frozen_overrides,
)
from judge.variants import line_reader, load_variant, results_report


def test_a_rule_option_reads_the_gm_s_word_as_a_value_of_its_type() -> None:
    words = RuleOption("ballot_minimum", "each", ("each", "net"))
    assert words.read("NET") == "net"
    yes_no = RuleOption("convoy_minor_armies", False, (True, False))
    assert [yes_no.read(w) for w in ("true", "Yes", "on", "false", "NO", "off")] == [True] * 3 + [False] * 3
    number = RuleOption("victory_centers", 18, minimum=1, maximum=34)
    assert number.read("20") == 20


def test_a_value_an_option_does_not_take_is_refused_with_the_values_it_takes() -> None:
    cases = [
        (RuleOption("ballot_minimum", "each", ("each", "net")), "half", "ballot_minimum takes each or net, not 'half'"),
        (RuleOption("convoy_minor_armies", False, (True, False)), "maybe",
         "convoy_minor_armies takes true or false, not 'maybe'"),
        (RuleOption("victory_centers", 18, minimum=1, maximum=34), "35",
         "victory_centers takes a whole number from 1 to 34, not '35'"),
        (RuleOption("victory_centers", 18, minimum=1), "many", "victory_centers takes a whole number from 1, not 'many'"),
        (RuleOption("expansion_multiplier", 3, (3, 2)), "4", "expansion_multiplier takes 3 or 2, not '4'"),
    ]
    for option, word, message in cases:
        with pytest.raises(OptionError) as caught:
            option.read(word)
        assert str(caught.value) == message
    with pytest.raises(OptionError):
        RuleOption("victory_centers", 18).check(True)                     # a stored true is not a number


def test_overrides_are_checked_against_the_options_a_ruleset_offers() -> None:
    options = (RuleOption("victory_centers", 18, minimum=1),)
    assert check_overrides(options, {"victory_centers": 20}) == {"victory_centers": 20}
    with pytest.raises(OptionError, match=r"there is no rule option 'colour' \(the options are: victory_centers\)"):
        check_overrides(options, {"colour": "red"})
    assert frozen_overrides({"b": 1, "a": "x"}) == (("a", "x"), ("b", 1)) == frozen_overrides((("b", 1), ("a", "x")))


def test_the_loader_merges_a_game_s_overrides_and_caches_per_set_of_overrides() -> None:
    plain = load_variant("europe1615-v3")
    mine = load_variant("europe1615-v3", {"three_centre_count": "held"})
    assert plain.ruleset.setup.options["three_centre_count"] == "acquired"    # type: ignore[attr-defined]
    assert mine.ruleset.setup.options["three_centre_count"] == "held"         # type: ignore[attr-defined]
    assert mine.overrides == (("three_centre_count", "held"),) and plain.overrides == ()
    assert load_variant("europe1615-v3", (("three_centre_count", "held"),)) is mine
    assert load_variant("europe1615-v3", {}) is plain and mine.map is plain.map  # one map for every game
    assert line_reader("europe1615-v3", mine.overrides).ruleset is mine.ruleset
    assert results_report("europe1615-v3", mine.overrides).variant is mine
    assert line_reader("europe1615-v3") is line_reader("europe1615-v3", ())


def test_the_loader_refuses_an_override_the_ruleset_does_not_take() -> None:
    with pytest.raises(OptionError, match="there is no rule option 'start_year'"):
        load_variant("standard", {"start_year": 1950})
    with pytest.raises(OptionError, match="catalonia_value takes a whole number from 1, not '0'"):
        load_variant("europe1615-v3", {"catalonia_value": 0})


def test_the_standard_game_offers_its_victory_condition_the_draw_votes_and_the_older_readings() -> None:
    options = load_variant("standard").ruleset.rule_options()
    assert [(o.name, o.value, o.allowed()) for o in options] == [
        ("victory_centers", 18, "a whole number from 1 to 34"), ("draws", True, "true or false"),
        ("civil_disorder", "2023", "2023, 2000 or 2000_any_route"), ("via_fallback", False, "false or true"),
        ("adjacent_convoy", "intent", "intent or via"), ("build_sites", "home", "home, any or one_home"),
        ("retreats", True, "true or false"), ("dias", True, "true or false")]
    assert load_variant("standard", {"victory_centers": 20}).ruleset.victory_centers() == 20
