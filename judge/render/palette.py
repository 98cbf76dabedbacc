"""The colours of a map picture: the Okabe-Ito palette, made to stay distinct for colour-blind eyes.

Okabe and Ito's eight colours ("Color Universal Design", 2008) are told
apart under protanopia, deuteranopia and tritanopia; seven of them (all but
black, which marks outlines) go to the powers in the map's order.  A map
with more powers goes on with Paul Tol's "muted" scheme, also designed for
colour-blind readers, its colours least like Okabe and Ito's first.  A map
file may name a power's colour itself (``colour POWER RRGGBB``): with eleven
powers no palette keeps every pair of neighbours apart, so Diplomacy 1618
chooses by hand.  Owned centres are a pale tint of the owner's colour,
aligned minor states are hatched in it, so units in full colour stand out on them.

Every pair of colours on a map must stay apart for every reader
(``tests/test_pictures.py`` checks each map): :data:`APART` is the least
CIEDE2000 difference between two owners' colours in normal vision and in each
simulated dichromacy (``judge/render/vision.py``), :data:`TINTS_APART` that
between two powers' pale centre tints, and between a tint and the plain land,
the sea and the off-board land.  Why these numbers: a difference of about 1
is just noticeable side by side, but units are small marks read at a glance,
apart.  Okabe and Ito's own closest pairs (orange and vermillion 22.2,
orange and yellow 21.7, sky blue and blue 22.3) are the pairs players found
alike on the standard map (Germany and Austria), so normal vision needs 25.
The same palette, made for colour-blind readers, keeps its closest pair 11.1
apart under simulated tritanopia and 11.5 under deuteranopia; 12 asks a
little more than that, for each of the three dichromacies.
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
OTHERS = "#6E6E6E"  # units of owners that are no power (minor states, the Ottomans), each tagged with its name
NEUTRAL_FILL = "#F8F6F0"  # a NEUTRAL minor state: off-white (the 2013-08 text's sample map), hatched grey
NEUTRAL_HATCH = "#9A9A9A"
FAITHS = {"PROTESTANT": "#F08C00", "CATHOLIC": "#1F5FD0"}  # the texts' orange and blue crosses
FAILED = "#B0001E"  # a failed order's cross
#: the least CIEDE2000 difference of two owners' colours, per way of seeing (see the module's text)
APART = {"normal": 25.0, "protanopia": 12.0, "deuteranopia": 12.0, "tritanopia": 12.0}
TINTS_APART = 12.0
CENTRE_TINT, ALIGNED_TINT = 0.45, 0.8


def power_colours(board: Map) -> dict[str, str]:
    """Power -> its colour: the map file's ``colour``, else the palette's next in the map's order of powers.

    >>> from judge.variants import load_variant
    >>> colours = power_colours(load_variant("diplomacy1618").map)
    >>> colours["SWEDEN"], colours["DENMARK"], len(set(colours.values()))
    ('#332288', '#105038', 11)
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


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0 black .. 1 white)."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 .. 21); a mark needs 3 against what it is drawn on (non-text)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
