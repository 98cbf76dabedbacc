"""``judge map build``'s relief step: write ``<map>.relief.json`` beside the geometry just built."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from judge.app.seeds import SeedsError


def build_relief_file(map_path: Path, geometry: dict[str, Any], seeds_path: Path | None = None) -> int:
    """Build and write the map's relief (if it has a ``.relief`` file); the exit status of ``judge map build``."""
    from judge.app.geobuild import BuildError
    from judge.app.reliefbuild import build_relief, write_relief
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
