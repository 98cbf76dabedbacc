"""``judge map build``'s relief step: write ``<map>.relief.json`` beside the geometry just built."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from judge.app.seeds import SeedsError


def build_relief_file(map_path: Path, geometry: dict[str, Any], seeds_path: Path | None = None) -> int:
    """Build and write the map's relief (if it has a ``.relief`` file); the exit status of ``judge map build``."""
    from judge.app.geobuild import BuildError
    from judge.app.reliefbuild import build_relief, naturalearth_dir, relief_path, write_relief
    if relief_path(map_path).is_file() and naturalearth_dir() is None:
        # the relief follows the coast, not the borders: a GM moving a border without the data keeps it
        print(f"judge map build: relief kept as it was: the Natural Earth files are not here "
              "(set JUDGE_NATURALEARTH to the folder of ../shared/reference/naturalearth)", file=sys.stderr)
        return 0
    try:
        relief = build_relief(map_path, geometry, seeds_path)
    except (BuildError, SeedsError, OSError) as exc:
        print(f"judge map build: relief: {exc}", file=sys.stderr)
        return 1
    if relief is None:
        return 0
    target = write_relief(map_path, relief)
    print(f"{target}: {len(relief['rivers'])} rivers, {len(relief['lakes'])} lakes, "
          f"{len(relief['mountains'])} mountain ranges")
    return 0
