"""The one font of the map pictures and the size of a text in it, so a label's box is known before painting.

Pillow's built-in font (Aileron, shipped inside Pillow) draws every PNG, so
a picture is the same on every machine; the SVG names it first and sets
each text's length to the measured one, so its labels take the same boxes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import ImageFont

#: the SVG's font list: Pillow's own first, then look-alikes
FAMILY = "Aileron, Helvetica, Arial, sans-serif"


@lru_cache(maxsize=16)
def font(size: int) -> Any:
    """Pillow's built-in font at ``size`` pixels."""
    return ImageFont.load_default(size)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """How wide ``text`` is drawn at ``size`` (bold: thickened by half a pixel each side)."""
    return float(font(size).getlength(text)) + (1.0 if bold else 0.0)


def line_height(size: int) -> float:
    """The height a line of capitals and small letters takes, with a little air."""
    return size * 1.1
