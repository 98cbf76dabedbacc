"""Issue 38: province labels a phone reads when a mail client shows the picture 400 pixels wide.

The pictures keep the map's own width (1000-1100 pixels, sharp at 2x density on a phone), so a 13-pixel
label is under 5 pixels there.  Every region with room now takes a 17-pixel abbreviation (6.2 pixels at
400 wide), with its full name in 12 where there is room for that too; crowded small ones keep 13, 11, 9.
"""

from __future__ import annotations

import pytest

from judge.app.demo import demos
from judge.render.picture import phase_scene
from tests.demo_phases import Played

#: the width a phone's mail client shows the picture at, and the least a label may read there
PHONE, READABLE = 400, 6.0


@pytest.mark.parametrize("name", demos())
def test_the_larger_regions_labels_read_6_pixels_high_on_a_phone(demo_phases: dict[str, Played], name: str) -> None:
    variant, played = demo_phases[name]
    for ctx in [c for c in played if c.phase.kind == "M"][-2:]:
        scene = phase_scene(variant, ctx, "GM")
        assert scene is not None
        scale = PHONE / scene.geometry.size[0]
        sizes = [t.size * scale for t in scene.board.texts if t.cls == "label"]
        readable = sum(size >= READABLE for size in sizes)
        assert readable >= 0.4 * len(sizes), (name, str(ctx.phase), readable, len(sizes))
        seas = [label for label in scene.labels if label.kind == "province"
                and scene.geometry.regions[label.name].terrain == "sea"]
        big = [t for t in scene.board.texts if t.cls == "label" and t.size * scale >= READABLE]
        assert len(seas) and sum(t.text in {s.name for s in seas} for t in big) >= 0.6 * len(seas), name
