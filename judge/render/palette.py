"""The colours of a map picture: the Okabe-Ito palette, made to stay distinct for colour-blind eyes.

Okabe and Ito's eight colours ("Color Universal Design", 2008) are told
apart under protanopia, deuteranopia and tritanopia; seven of them (all but
black, which marks outlines) go to the powers in the map's order.  A map
with more powers goes on with Paul Tol's "muted" scheme, also designed for
colour-blind readers, its colours least like Okabe and Ito's first.  A map
file may name a power's colour itself (``colour POWER RRGGBB``): with eleven
powers no palette keeps every pair of neighbours apart, so Diplomacy 1618
chooses by hand.  Owned centres are a pale tint of the owner's colour,
aligned minor states a paler one, so units in full colour stand out on them.
"""

from __future__ import annotations

from judge.engine.geography import Map

OKABE_ITO = ("#0072B2", "#56B4E9", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#F0E442")
#: Tol's muted colours, those least like Okabe and Ito's first (cyan and teal come after the greens and purples)
TOL_MUTED = ("#332288", "#882255", "#999933", "#117733", "#AA4499", "#CC6677", "#DDCC77", "#88CCEE", "#44AA99")
SEA = "#C9DDEB"
LAKE = "#B5CEE0"
LAND = "#EFE8D6"
OFF_BOARD = "#D3CFC4"
INK = "#1A1A1A"
MARK = "#A0001C"  # the words marking a province's status (REVOLT, CONTESTED): dark red, read as text, not as a colour


def power_colours(board: Map) -> dict[str, str]:
    """Power -> its colour: the map file's ``colour``, else the palette's next in the map's order of powers.

    >>> from judge.variants import load_variant
    >>> colours = power_colours(load_variant("diplomacy1618").map)
    >>> colours["SWEDEN"], colours["DENMARK"], len(set(colours.values()))
    ('#332288', '#882255', 11)
    """
    palette = OKABE_ITO + TOL_MUTED
    return {power: board.colours.get(power, palette[i % len(palette)]) for i, power in enumerate(board.powers)}


def land_colour(on_board: bool) -> str:
    return LAND if on_board else OFF_BOARD


def rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def tint(colour: str, white: float) -> str:
    """``colour`` mixed with ``white`` parts of white (0 = itself, 1 = white)."""
    r, g, b = (round(c + (255 - c) * white) for c in rgb(colour))
    return f"#{r:02X}{g:02X}{b:02X}"
