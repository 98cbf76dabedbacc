"""How far apart two colours look, to normal eyes and to colour-blind ones: the check behind the map's palette.

Two powers' units must be told apart at a glance on every map, by every
reader.  A colour is compared in CIELAB (D65) with the CIEDE2000 formula
(CIE 142-2001; the implementation follows Sharma, Wu and Dalal, "The
CIEDE2000 color-difference formula", 2005, and is checked against their
test pairs).  Colour blindness is simulated with the matrices of Machado,
Oliveira and Fernandes, "A Physiologically-based Model for Simulation of
Color Vision Deficiency" (IEEE TVCG 15(6), 2009), at severity 1.0 (full
dichromacy), applied to linear RGB as the paper does.

>>> round(delta_e("#000000", "#FFFFFF"), 1)
100.0
>>> round(delta_e(simulate("#FF0000", "deuteranopia"), simulate("#00FF00", "deuteranopia")), 1) < 30
True
"""

from __future__ import annotations

import math
from functools import lru_cache

Lab = tuple[float, float, float]

#: Machado et al. (2009), table of severity 1.0: linear RGB -> the dichromat's linear RGB
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
#: the ways of seeing a palette is checked for: normal vision and the three dichromacies
VISIONS = ("normal", *MACHADO)


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> int:
    v = min(1.0, max(0.0, value))
    c = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(c * 255)


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


@lru_cache(maxsize=4096)
def simulate(colour: str, vision: str) -> str:
    """``colour`` (``#RRGGBB``) as a reader with ``vision`` sees it (``normal``: itself)."""
    if vision == "normal":
        return colour.upper()
    linear = [_linear(c) for c in _rgb(colour)]
    seen = [sum(m * c for m, c in zip(row, linear, strict=True)) for row in MACHADO[vision]]
    return "#" + "".join(f"{_encoded(v):02X}" for v in seen)


@lru_cache(maxsize=4096)
def lab(colour: str) -> Lab:
    """CIELAB (D65 white) of an sRGB colour."""
    r, g, b = (_linear(c) for c in _rgb(colour))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(one: Lab, two: Lab) -> float:
    """The CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = one, two
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dlp, dcp = l2 - l1, c2p - c1p
    dhp = 0.0
    if c1p * c2p:
        dhp = h2p - h1p if abs(h2p - h1p) <= 180 else h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    lp_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    hp_bar = _mean_hue(h1p, h2p, c1p * c2p)
    t = (1 - 0.17 * math.cos(math.radians(hp_bar - 30)) + 0.24 * math.cos(math.radians(2 * hp_bar))
         + 0.32 * math.cos(math.radians(3 * hp_bar + 6)) - 0.20 * math.cos(math.radians(4 * hp_bar - 63)))
    d_theta = 30 * math.exp(-(((hp_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (lp_bar - 50) ** 2 / math.sqrt(20 + (lp_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_bar, 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dlp / s_l) ** 2 + (dcp / s_c) ** 2 + (dh / s_h) ** 2 + r_t * (dcp / s_c) * (dh / s_h))


def _mean_hue(h1: float, h2: float, chroma_product: float) -> float:
    if not chroma_product:
        return h1 + h2
    if abs(h1 - h2) <= 180:
        return (h1 + h2) / 2
    return (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2


def delta_e(one: str, two: str) -> float:
    """CIEDE2000 between two ``#RRGGBB`` colours."""
    return ciede2000(lab(one), lab(two))


def seen_apart(one: str, two: str) -> dict[str, float]:
    """The difference of two colours in each way of seeing (:data:`VISIONS`)."""
    return {v: delta_e(simulate(one, v), simulate(two, v)) for v in VISIONS}
