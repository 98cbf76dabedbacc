"""Issue 27, point 3: every pair of colours on a map is told apart, by every reader.

The differences are CIEDE2000 (checked here against Sharma, Wu and Dalal's
published test pairs); colour blindness is simulated with Machado, Oliveira
and Fernandes's matrices (2009).  The thresholds and why: judge/render/palette.py.
"""

from __future__ import annotations

import doctest
import itertools

import pytest

import judge.render.vision
from judge.render.palette import (
    APART, CENTRE_TINT, FAITHS, LAND, NEUTRAL_FILL, OFF_BOARD, OTHERS, SEA, TINTS_APART, power_colours, tint,
)
from judge.render.vision import ciede2000, delta_e, seen_apart, simulate
from judge.variants import available_variants, load_variant

#: Sharma, Wu and Dalal (2005), Table 1: pairs 1, 2, 7, 13, 16, 17, 19, 25, 33 with their CIEDE2000
SHARMA = [((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
          ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
          ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
          ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),
          ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0012), 7.2195),
          ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
          ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0000),
          ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
          ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082)]


def test_ciede2000_gives_the_published_differences_of_sharma_wu_and_dalals_test_pairs() -> None:
    for one, two, expected in SHARMA:
        assert ciede2000(one, two) == pytest.approx(expected, abs=1e-4), (one, two)
        assert ciede2000(two, one) == pytest.approx(expected, abs=1e-4)
    failed, tried = doctest.testmod(judge.render.vision)
    assert tried and not failed


def test_the_simulated_dichromats_confuse_the_colours_they_are_known_to_confuse() -> None:
    """Machado et al.: red and green fall together for protanopes and deuteranopes, blue and green for
    tritanopes; black, white and greys stay themselves."""
    assert delta_e("#CC3333", "#33AA33") > 60
    assert seen_apart("#CC3333", "#558800")["deuteranopia"] < 15
    assert seen_apart("#CC3333", "#558800")["protanopia"] < 25
    assert seen_apart("#3366FF", "#00AA99")["tritanopia"] < seen_apart("#3366FF", "#00AA99")["normal"] / 2
    assert seen_apart("#0068C0", "#F0E442")["deuteranopia"] > 50           # blue and yellow survive it
    for grey in ("#000000", "#FFFFFF", "#808080"):
        assert all(delta_e(simulate(grey, vision), grey) < 1.0 for vision in APART)


def owners(name: str) -> dict[str, str]:
    """Every colour a map gives an owner of units: each power's, and the grey of minor states (and others)."""
    board = load_variant(name).map
    colours = dict(power_colours(board))
    if board.states:
        colours["others"] = OTHERS
    return colours


@pytest.mark.parametrize("name", available_variants())
def test_every_pair_of_owners_colours_is_told_apart_in_normal_vision_and_each_dichromacy(name: str) -> None:
    """All pairs, not only neighbours: the 7 standard powers, Europe 1615's five and the minor states'
    grey, Diplomacy 1618's eleven and the rebels' grey."""
    colours = owners(name)
    assert set(load_variant(name).map.powers) <= set(colours)  # every power of the map, however many
    for (a, one), (b, two) in itertools.combinations(sorted(colours.items()), 2):
        for vision, gap in seen_apart(one, two).items():
            assert gap >= APART[vision], f"{name}: {a} {one} and {b} {two} look alike in {vision} ({gap:.1f})"


@pytest.mark.parametrize("name", available_variants())
def test_the_pale_tints_of_owned_centres_are_told_apart_and_from_the_plain_land_and_sea(name: str) -> None:
    board = load_variant(name).map
    tints = {power: tint(colour, CENTRE_TINT) for power, colour in power_colours(board).items()}
    for (a, one), (b, two) in itertools.combinations(sorted(tints.items()), 2):
        assert delta_e(one, two) >= TINTS_APART, f"{name}: the centres of {a} and {b} look alike"
    for power, pale in tints.items():
        for ground in (LAND, SEA, OFF_BOARD, NEUTRAL_FILL):
            assert delta_e(pale, ground) >= TINTS_APART, f"{name}: {power}'s centres look like {ground}"


def test_the_religious_crosses_are_told_apart_by_every_reader_and_from_the_land() -> None:
    protestant, catholic = FAITHS["PROTESTANT"], FAITHS["CATHOLIC"]
    for vision, gap in seen_apart(protestant, catholic).items():
        assert gap >= 2 * APART[vision], vision
    for cross in (protestant, catholic):
        assert all(gap >= APART[v] for v, gap in seen_apart(cross, LAND).items())


def test_the_old_standard_colours_would_fail_germany_and_austria_two_oranges() -> None:
    """The palette's order gave Germany orange and Austria vermillion, the pair players found alike."""
    assert seen_apart("#E69F00", "#D55E00")["normal"] < APART["normal"]
    assert seen_apart(owners("standard")["GERMANY"], owners("standard")["AUSTRIA"])["normal"] >= APART["normal"]
