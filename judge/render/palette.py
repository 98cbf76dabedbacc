"""The colours of a map picture: the Okabe-Ito palette, made to stay distinct for colour-blind eyes.

Okabe and Ito's eight colours ("Color Universal Design", 2008) are told
apart under protanopia, deuteranopia and tritanopia; seven of them (all but
black, which marks outlines) go to the powers in the map's order.  A map
with more powers goes on with Paul Tol's "muted" scheme, also designed for
colour-blind readers.  Owned centres are a pale tint of the owner's colour,
aligned minor states a paler one, so units in full colour stand out on them.
"""

from __future__ import annotations

from judge.engine.geography import Map

OKABE_ITO = ("#0072B2", "#56B4E9", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#F0E442")
TOL_MUTED = ("#332288", "#88CCEE", "#44AA99", "#117733", "#999933", "#DDCC77", "#CC6677", "#882255", "#AA4499")
SEA = "#C9DDEB"
LAKE = "#B5CEE0"
LAND = "#EFE8D6"
OFF_BOARD = "#D3CFC4"
INK = "#1A1A1A"


def power_colours(board: Map) -> dict[str, str]:
    """Power -> its colour, in the map's order of powers."""
    palette = OKABE_ITO + TOL_MUTED
    return {power: palette[i % len(palette)] for i, power in enumerate(board.powers)}


def land_colour(on_board: bool) -> str:
    return LAND if on_board else OFF_BOARD


def rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def tint(colour: str, white: float) -> str:
    """``colour`` mixed with ``white`` parts of white (0 = itself, 1 = white)."""
    r, g, b = (round(c + (255 - c) * white) for c in rgb(colour))
    return f"#{r:02X}{g:02X}{b:02X}"
