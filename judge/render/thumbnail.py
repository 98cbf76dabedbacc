"""A small copy of a map picture, for the website's index: one per game, of its last phase.

Shrunk with Pillow's Lanczos filter from the picture itself (the observer's
picture the game page shows), so it shows nothing the picture does not.  A
picture Pillow cannot read (an SVG, a drawer's stand-in bytes) has no
thumbnail: the index then shows the game without one.
"""

from __future__ import annotations

import io

from PIL import Image, UnidentifiedImageError

#: the thumbnail's width in pixels: shown 120 CSS pixels wide, sharp on a screen of twice the density
WIDTH = 240
#: colours of the thumbnail's palette (a map has few), found by Pillow's fast octree: a third of the time of its
#: median cut and of 128 colours, a third smaller
COLOURS = 64


def thumbnail(picture: bytes, width: int = WIDTH) -> bytes | None:
    """``picture`` (PNG, JPEG or GIF bytes) shrunk to ``width`` pixels wide as a PNG; None if it is no image Pillow
    reads.  A picture narrower than ``width`` keeps its size."""
    try:
        with Image.open(io.BytesIO(picture)) as image:
            image.load()
            small = image.convert("RGB")
    except (UnidentifiedImageError, OSError, ValueError):
        return None
    if small.width > width:
        size = (width, max(1, round(small.height * width / small.width)))
        small = small.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)
    out = io.BytesIO()
    small.quantize(COLOURS, method=Image.Quantize.FASTOCTREE).save(out, "PNG")
    return out.getvalue()
